//! Squares: bit `11 * row + col` with row 0 the top rank (10) and column 10 a guard column;
//! files a..j left to right, ranks 1..10 bottom to top.

use core::fmt;
use core::str::FromStr;

use crate::{Bitboard, Error};

/// A square of the board, as its bit index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at (row, col), both 0-based from the top-left (a10).
    pub const fn from_row_col(row: u8, col: u8) -> Option<Square> {
        if row < 10 && col < 10 {
            Some(Square(row * 11 + col))
        } else {
            None
        }
    }

    /// The square at `bit`, if it is a board square (not a guard bit or out of range).
    pub const fn from_bit(bit: u32) -> Option<Square> {
        if bit < 110 && bit % 11 != 10 {
            Some(Square(bit as u8))
        } else {
            None
        }
    }

    /// A bit taken from a bitboard of board squares.
    #[inline(always)]
    pub(crate) const fn from_bit_unchecked(bit: u32) -> Square {
        debug_assert!(bit < 110 && bit % 11 != 10);
        Square(bit as u8)
    }

    /// The bit index `11 * row + col`, for bitboard and per-square table lookups.
    #[inline(always)]
    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    /// The square as a raw one-bit `u128` word, for code working on the bare integer.
    #[inline(always)]
    pub const fn mask(self) -> u128 {
        1 << self.0
    }

    /// The set holding only this square.
    #[inline(always)]
    pub fn bitboard(self) -> Bitboard {
        Bitboard::from_bits(self.mask())
    }

    /// 0-based row from the top (row 0 is rank 10).
    #[inline(always)]
    pub const fn row(self) -> u8 {
        self.0 / 11
    }

    /// 0-based column (file a is 0).
    #[inline(always)]
    pub const fn col(self) -> u8 {
        self.0 % 11
    }

    /// All 100 squares in bit order (a10, b10, .., j10, a9, ..).
    pub fn all() -> impl ExactSizeIterator<Item = Square> + Clone {
        (0..100u8).map(|i| Square(i / 10 * 11 + i % 10))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col()), 10 - self.row())
    }
}

impl FromStr for Square {
    type Err = Error;

    /// Reads `d1`, `J10` (any case).
    fn from_str(text: &str) -> Result<Square, Error> {
        let bad = || Error::BadSquare(text.to_owned());
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        let rank: &str = chars.as_str();
        if !('a'..='j').contains(&file)
            || rank.is_empty()
            || !rank.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(bad());
        }
        let rank: u8 = rank.parse().map_err(|_| bad())?;
        if !(1..=10).contains(&rank) || (rank < 10 && text.len() != 2) {
            return Err(bad());
        }
        Square::from_row_col(10 - rank, file as u8 - b'a').ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(Square::from_row_col(0, 0).unwrap().to_string(), "a10");
        assert_eq!(Square::from_row_col(9, 9).unwrap().to_string(), "j1");
        assert_eq!(
            "d1".parse::<Square>().unwrap(),
            Square::from_row_col(9, 3).unwrap()
        );
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>().unwrap(), square);
            assert_eq!(Square::from_bit(square.bit()), Some(square));
        }
        assert_eq!(Square::all().count(), 100);
        for bad in ["", "a", "k1", "a0", "a11", "a01", "1a", "a-1", "a1x"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!(Square::from_bit(10), None);
        assert_eq!(Square::from_bit(110), None);
    }
}
