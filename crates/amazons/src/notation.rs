//! Position notation: ranks 10 down to 1 separated by `/`, files a..j, digits 1..10 for runs
//! of empty squares, `Q` a white queen, `q` a black queen, `*` an arrow; then a space and `w`
//! or `b`. Start: `3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w`.

use core::fmt;
use core::str::FromStr;

use bitgames_search::Player;

use crate::{Bitboard, Error, Kernels, Position, Square};

impl<S: Kernels> FromStr for Position<S> {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self, Error> {
        let shape = || Error::Shape {
            text: text.to_owned(),
        };
        let mut parts = text.split_whitespace();
        let (Some(board), Some(side), None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(shape());
        };
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 10 {
            return Err(shape());
        }
        let mut sets = [Bitboard::EMPTY; 3];
        for (row, rank_text) in ranks.iter().enumerate() {
            let rank = 10 - row as u8;
            let bad = |reason: String| Error::Rank { rank, reason };
            let mut col = 0u32;
            let mut chars = rank_text.chars().peekable();
            while let Some(c) = chars.next() {
                if let Some(digit) = c.to_digit(10) {
                    let mut run = digit;
                    if digit == 1 && chars.peek() == Some(&'0') {
                        chars.next();
                        run = 10;
                    }
                    if run == 0 {
                        return Err(bad("a run of empty squares is 1 to 10 long".into()));
                    }
                    col += run;
                } else {
                    let kind = match c {
                        'Q' => 0,
                        'q' => 1,
                        '*' => 2,
                        other => return Err(bad(format!("{other:?} is not Q, q, * or a digit"))),
                    };
                    if col < 10 {
                        let square = Square::new(row as u32, col).expect("checked");
                        sets[kind] = sets[kind].with(square);
                    }
                    col += 1;
                }
                if col > 10 {
                    return Err(bad(format!("{rank_text:?} covers more than 10 files")));
                }
            }
            if col != 10 {
                return Err(bad(format!("{rank_text:?} covers {col} files, not 10")));
            }
        }
        for (kind, colour) in [(0, "white"), (1, "black")] {
            if sets[kind].len() > 4 {
                return Err(Error::TooManyQueens {
                    colour,
                    found: sets[kind].len(),
                });
            }
        }
        let side = match side {
            "w" | "W" => Player::First,
            "b" | "B" => Player::Second,
            other => return Err(Error::SideToMove(other.to_owned())),
        };
        Ok(Position::from_parts([sets[0], sets[1]], sets[2], side))
    }
}

impl<S: Kernels> fmt::Display for Position<S> {
    /// The notation; with `{:#}` a drawing of the board with coordinates first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = |square: Square| {
            if self.queens[0].contains(square) {
                Some('Q')
            } else if self.queens[1].contains(square) {
                Some('q')
            } else if self.arrows.contains(square) {
                Some('*')
            } else {
                None
            }
        };
        let side = if self.side == Player::First { 'w' } else { 'b' };
        if f.alternate() {
            for row in 0..10u8 {
                write!(f, "{:>2} ", 10 - row)?;
                for col in 0..10 {
                    let square = Square::new(row as u32, col as u32).expect("on the board");
                    write!(f, " {}", piece(square).unwrap_or('.'))?;
                }
                writeln!(f)?;
            }
            writeln!(f, "    a b c d e f g h i j")?;
            writeln!(f, "{} to move", if side == 'w' { "white" } else { "black" })?;
        }
        for row in 0..10u8 {
            if row > 0 {
                f.write_str("/")?;
            }
            let mut run = 0;
            for col in 0..10 {
                match piece(Square::new(row as u32, col as u32).expect("on the board")) {
                    Some(c) => {
                        if run > 0 {
                            write!(f, "{run}")?;
                            run = 0;
                        }
                        write!(f, "{c}")?;
                    }
                    None => run += 1,
                }
            }
            if run > 0 {
                write!(f, "{run}")?;
            }
        }
        write!(f, " {side}")
    }
}

impl<S: Kernels> fmt::Debug for Position<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position<{}>({self})", S::NAME)
    }
}
