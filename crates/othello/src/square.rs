//! Squares a1..h8: bit `8 * row + col`, a1 the top-left (bit 0), files a..h left to right,
//! rows 1..8 top to bottom (the Edax/GGS layout).

use core::fmt;
use core::str::FromStr;

use crate::Error;

/// A square of the board, as its bit index 0..64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// The square at bit `bit`, or `None` if `bit >= 64`.
    pub const fn new(bit: u32) -> Option<Square> {
        if bit < 64 {
            Some(Square(bit as u8))
        } else {
            None
        }
    }

    /// The square at a bit taken from a `u64` (always below 64).
    #[inline(always)]
    pub(crate) const fn from_bit(bit: u32) -> Square {
        debug_assert!(bit < 64);
        Square(bit as u8)
    }

    /// (row, col), both 0-based from the top-left.
    pub const fn from_row_col(row: u8, col: u8) -> Option<Square> {
        if row < 8 && col < 8 {
            Some(Square(row * 8 + col))
        } else {
            None
        }
    }

    /// The bit index `8 * row + col`, for masks and per-square table lookups.
    #[inline(always)]
    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    /// The square alone as a `u64` mask, to test or set it in a disc set.
    #[inline(always)]
    pub const fn mask(self) -> u64 {
        1 << self.0
    }

    /// The row, 0-based from the top (row 0 is rank 1).
    #[inline(always)]
    pub const fn row(self) -> u8 {
        self.0 / 8
    }

    /// The column, 0-based from the left (column 0 is file a).
    #[inline(always)]
    pub const fn col(self) -> u8 {
        self.0 % 8
    }

    /// All 64 squares, a1 first.
    pub fn all() -> impl ExactSizeIterator<Item = Square> + Clone {
        (0..64).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.col()), self.row() + 1)
    }
}

impl FromStr for Square {
    type Err = Error;

    /// Reads `d3` or `D3`.
    fn from_str(text: &str) -> Result<Square, Error> {
        let bad = || Error::BadSquare(text.to_owned());
        let &[file, rank] = text.as_bytes() else {
            return Err(bad());
        };
        let col = match file.to_ascii_lowercase() {
            f @ b'a'..=b'h' => f - b'a',
            _ => return Err(bad()),
        };
        let row = match rank {
            r @ b'1'..=b'8' => r - b'1',
            _ => return Err(bad()),
        };
        Square::from_row_col(row, col).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_edax_layout() {
        assert_eq!(Square::new(0).unwrap().to_string(), "a1");
        assert_eq!(Square::new(7).unwrap().to_string(), "h1");
        assert_eq!(Square::new(8).unwrap().to_string(), "a2");
        assert_eq!(Square::new(63).unwrap().to_string(), "h8");
        assert_eq!("D3".parse::<Square>().unwrap().bit(), 19);
        for square in Square::all() {
            assert_eq!(square.to_string().parse::<Square>().unwrap(), square);
        }
        for bad in ["", "a", "i1", "a0", "a9", "11", "a1 "] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
        assert_eq!(Square::new(64), None);
    }
}
