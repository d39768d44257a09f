//! The Edax/GGS board string: 64 characters for a1, b1, .., h1, a2, .., h8 (a1 top-left,
//! files a..h left to right, rows 1..8 top to bottom), `X` black, `O` white, `-` empty, then
//! a space and `X` or `O` for the side to move. On input `x`/`*` also mean black, `o` white
//! and `.` empty.

use core::fmt;
use core::str::FromStr;

use bitgames_search::Player;

use crate::{Bitboard, Error, Kernels, Position, Square};

impl<S: Kernels> FromStr for Position<S> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let mut parts = text.split_whitespace();
        let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(Error::Shape {
                text: text.to_owned(),
            });
        };
        let count = board.chars().count();
        if count != 64 {
            return Err(Error::BoardLength { found: count });
        }
        let (mut black, mut white) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for (square, c) in Square::all().zip(board.chars()) {
            match c {
                'X' | 'x' | '*' => black = black.with(square),
                'O' | 'o' => white = white.with(square),
                '-' | '.' => {}
                found => {
                    return Err(Error::BadSquareContent {
                        square: square.to_string(),
                        found,
                    });
                }
            }
        }
        let side = match side {
            "X" | "x" | "*" => Player::First,
            "O" | "o" => Player::Second,
            other => return Err(Error::SideToMove(other.to_owned())),
        };
        Ok(Position::from_colours(black, white, side))
    }
}

impl<S: Kernels> fmt::Display for Position<S> {
    /// The board string; with `{:#}` a drawing of the board with coordinates first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (black, white) = self.discs();
        let cell = |square: Square| {
            if black.contains(square) {
                'X'
            } else if white.contains(square) {
                'O'
            } else {
                '-'
            }
        };
        let side = if self.side == Player::First { 'X' } else { 'O' };
        if f.alternate() {
            writeln!(f, "  a b c d e f g h")?;
            for row in 0..8 {
                write!(f, "{}", row + 1)?;
                for col in 0..8 {
                    let square = Square::new(row, col).expect("on the board");
                    write!(f, " {}", cell(square))?;
                }
                writeln!(f)?;
            }
            let [b, w] = self.counts;
            writeln!(f, "X (black) {b}, O (white) {w}, {side} to move")?;
        }
        for square in Square::all() {
            write!(f, "{}", cell(square))?;
        }
        write!(f, " {side}")
    }
}

impl<S: Kernels> fmt::Debug for Position<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position<{}>({self})", S::NAME)
    }
}
