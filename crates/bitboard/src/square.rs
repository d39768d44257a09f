//! [`Square`]: one board square of a [`Geometry`], typed so that a padding bit or a bit past
//! the word cannot be named.

use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

use thiserror::Error;

use crate::{Bitboard, Geometry, Word};

/// A board square of geometry `G`.
///
/// It holds the square's bit index in `G`'s layout, and every way to make one checks that the
/// bit is a board square: so a `Square<G>` can index `G`'s per-square tables and be added to a
/// [`Bitboard<G>`] without a further check, and `Bitboard::without(square)` cannot clear a
/// padding bit or wrap past the word. Each game names it `Square`
/// (`pub type Square = Square<Othello>`).
///
/// Rows and columns are 0-based from the top-left square of a diagram, in every geometry.
/// Squares print and parse as a file letter and a rank number (`d3`, `a10`, `C2`) in the
/// geometry's [`Notation`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct Square<G: Geometry>(u8, PhantomData<G>);

/// How a geometry names its squares: a file letter and a rank number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Notation {
    /// The letter of the leftmost file: `b'a'` or `b'A'`. Parsing accepts either case.
    pub first_file: u8,
    /// Whether rank 1 is the top row of a diagram (Othello) rather than the bottom row (the
    /// Amazons, Santorini).
    pub rank_one_at_top: bool,
}

/// A square name that does not name a square of the board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "{text:?} is not a square: expected a file {first_file}-{last_file} and a rank 1-{ranks}, like {example}"
)]
pub struct ParseSquareError {
    /// The text given.
    pub text: String,
    /// The leftmost file letter of the board.
    pub first_file: char,
    /// The rightmost file letter of the board.
    pub last_file: char,
    /// The number of ranks.
    pub ranks: u32,
    /// A valid name, for the message.
    pub example: String,
}

/// Names each listed square of geometry `G` as an associated constant, from its file
/// (0 the leftmost) and rank (as the notation numbers it).
macro_rules! named_squares {
    ($geometry:ty, $doc:literal; $($name:ident = ($file:literal, $rank:literal),)+) => {
        #[doc = $doc]
        impl Square<$geometry> {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Self = Self::named($file, $rank);
            )+
        }
    };
}

named_squares! {
    crate::Othello,
    "Othello's squares by name, as shakmaty names chess squares (`Square::D3`), so tests and \
     examples need not parse a string.";
    A1 = (0, 1), B1 = (1, 1), C1 = (2, 1), D1 = (3, 1), E1 = (4, 1), F1 = (5, 1), G1 = (6, 1), H1 = (7, 1),
    A2 = (0, 2), B2 = (1, 2), C2 = (2, 2), D2 = (3, 2), E2 = (4, 2), F2 = (5, 2), G2 = (6, 2), H2 = (7, 2),
    A3 = (0, 3), B3 = (1, 3), C3 = (2, 3), D3 = (3, 3), E3 = (4, 3), F3 = (5, 3), G3 = (6, 3), H3 = (7, 3),
    A4 = (0, 4), B4 = (1, 4), C4 = (2, 4), D4 = (3, 4), E4 = (4, 4), F4 = (5, 4), G4 = (6, 4), H4 = (7, 4),
    A5 = (0, 5), B5 = (1, 5), C5 = (2, 5), D5 = (3, 5), E5 = (4, 5), F5 = (5, 5), G5 = (6, 5), H5 = (7, 5),
    A6 = (0, 6), B6 = (1, 6), C6 = (2, 6), D6 = (3, 6), E6 = (4, 6), F6 = (5, 6), G6 = (6, 6), H6 = (7, 6),
    A7 = (0, 7), B7 = (1, 7), C7 = (2, 7), D7 = (3, 7), E7 = (4, 7), F7 = (5, 7), G7 = (6, 7), H7 = (7, 7),
    A8 = (0, 8), B8 = (1, 8), C8 = (2, 8), D8 = (3, 8), E8 = (4, 8), F8 = (5, 8), G8 = (6, 8), H8 = (7, 8),
}

named_squares! {
    crate::Santorini,
    "Santorini's squares by name (`Square::B3`), as its notation writes them.";
    A1 = (0, 1), B1 = (1, 1), C1 = (2, 1), D1 = (3, 1), E1 = (4, 1),
    A2 = (0, 2), B2 = (1, 2), C2 = (2, 2), D2 = (3, 2), E2 = (4, 2),
    A3 = (0, 3), B3 = (1, 3), C3 = (2, 3), D3 = (3, 3), E3 = (4, 3),
    A4 = (0, 4), B4 = (1, 4), C4 = (2, 4), D4 = (3, 4), E4 = (4, 4),
    A5 = (0, 5), B5 = (1, 5), C5 = (2, 5), D5 = (3, 5), E5 = (4, 5),
}

named_squares! {
    crate::Amazons,
    "The Amazons' squares by name (`Square::D1`; the notation writes them `d1`).";
    A1 = (0, 1), B1 = (1, 1), C1 = (2, 1), D1 = (3, 1), E1 = (4, 1), F1 = (5, 1), G1 = (6, 1), H1 = (7, 1), I1 = (8, 1), J1 = (9, 1),
    A2 = (0, 2), B2 = (1, 2), C2 = (2, 2), D2 = (3, 2), E2 = (4, 2), F2 = (5, 2), G2 = (6, 2), H2 = (7, 2), I2 = (8, 2), J2 = (9, 2),
    A3 = (0, 3), B3 = (1, 3), C3 = (2, 3), D3 = (3, 3), E3 = (4, 3), F3 = (5, 3), G3 = (6, 3), H3 = (7, 3), I3 = (8, 3), J3 = (9, 3),
    A4 = (0, 4), B4 = (1, 4), C4 = (2, 4), D4 = (3, 4), E4 = (4, 4), F4 = (5, 4), G4 = (6, 4), H4 = (7, 4), I4 = (8, 4), J4 = (9, 4),
    A5 = (0, 5), B5 = (1, 5), C5 = (2, 5), D5 = (3, 5), E5 = (4, 5), F5 = (5, 5), G5 = (6, 5), H5 = (7, 5), I5 = (8, 5), J5 = (9, 5),
    A6 = (0, 6), B6 = (1, 6), C6 = (2, 6), D6 = (3, 6), E6 = (4, 6), F6 = (5, 6), G6 = (6, 6), H6 = (7, 6), I6 = (8, 6), J6 = (9, 6),
    A7 = (0, 7), B7 = (1, 7), C7 = (2, 7), D7 = (3, 7), E7 = (4, 7), F7 = (5, 7), G7 = (6, 7), H7 = (7, 7), I7 = (8, 7), J7 = (9, 7),
    A8 = (0, 8), B8 = (1, 8), C8 = (2, 8), D8 = (3, 8), E8 = (4, 8), F8 = (5, 8), G8 = (6, 8), H8 = (7, 8), I8 = (8, 8), J8 = (9, 8),
    A9 = (0, 9), B9 = (1, 9), C9 = (2, 9), D9 = (3, 9), E9 = (4, 9), F9 = (5, 9), G9 = (6, 9), H9 = (7, 9), I9 = (8, 9), J9 = (9, 9),
    A10 = (0, 10), B10 = (1, 10), C10 = (2, 10), D10 = (3, 10), E10 = (4, 10), F10 = (5, 10), G10 = (6, 10), H10 = (7, 10), I10 = (8, 10), J10 = (9, 10),
}

impl<G: Geometry> Square<G> {
    /// The square at `file` (0 the leftmost) and `rank` (numbered as `G`'s notation numbers
    /// it), for the named constants: a square off the board fails to compile.
    const fn named(file: u32, rank: u32) -> Self {
        assert!(file < G::WIDTH && rank >= 1 && rank <= G::HEIGHT);
        let row = if G::NOTATION.rank_one_at_top {
            rank - 1
        } else {
            G::HEIGHT - rank
        };
        Self(
            ((row + G::PAD) * G::STRIDE + file + G::PAD) as u8,
            PhantomData,
        )
    }
}

impl<G: Geometry> Square<G> {
    /// The square at (row, col), 0-based from the top-left; `None` off the board.
    #[inline]
    pub fn new(row: u32, col: u32) -> Option<Self> {
        G::bit(row, col).map(|bit| Self(bit as u8, PhantomData))
    }

    /// The square at bit index `bit` of `G`'s layout; `None` for a padding bit or one past
    /// the board.
    #[inline]
    pub fn from_bit(bit: u32) -> Option<Self> {
        G::is_square(bit).then_some(Self(bit as u8, PhantomData))
    }

    /// The square at row-major position `index` (0 the top-left, `WIDTH * HEIGHT - 1` the
    /// bottom-right); `None` past the board.
    #[inline]
    pub fn from_index(index: usize) -> Option<Self> {
        let (width, height) = (G::WIDTH as usize, G::HEIGHT as usize);
        (index < width * height)
            .then(|| Self::new((index / width) as u32, (index % width) as u32))
            .flatten()
    }

    /// A bit of a bitboard, which is a board square by the bitboard's invariant.
    #[inline(always)]
    pub(crate) fn from_set_bit(bit: u32) -> Self {
        debug_assert!(G::is_square(bit), "bit {bit} is not a {} square", G::NAME);
        Self(bit as u8, PhantomData)
    }

    /// The bit index in `G`'s layout, for per-square table lookups and raw-word kernels.
    #[inline(always)]
    pub const fn bit(self) -> u32 {
        self.0 as u32
    }

    /// The square alone as a raw word, for kernels working on the bare integer.
    #[inline(always)]
    pub fn mask(self) -> G::Word {
        G::Word::ONE << self.bit()
    }

    /// The set holding only this square.
    #[inline(always)]
    pub fn bitboard(self) -> Bitboard<G> {
        Bitboard::from(self)
    }

    /// The row, 0-based from the top row of a diagram.
    #[inline(always)]
    pub const fn row(self) -> u32 {
        self.0 as u32 / G::STRIDE - G::PAD
    }

    /// The column, 0-based from the left (file a).
    #[inline(always)]
    pub const fn col(self) -> u32 {
        self.0 as u32 % G::STRIDE - G::PAD
    }

    /// The row-major position: `row * WIDTH + col`, 0 the top-left square.
    #[inline(always)]
    pub const fn index(self) -> usize {
        (self.row() * G::WIDTH + self.col()) as usize
    }

    /// The square `dr` rows down and `dc` columns right, if it is on the board.
    #[inline]
    pub fn offset(self, dr: i32, dc: i32) -> Option<Self> {
        let row = u32::try_from(self.row() as i32 + dr).ok()?;
        let col = u32::try_from(self.col() as i32 + dc).ok()?;
        Self::new(row, col)
    }

    /// Every square, row by row from the top-left (which is bit order in every layout, so
    /// this walks the full board's bits).
    #[inline]
    pub fn all() -> crate::Squares<G> {
        Bitboard::<G>::FULL.iter()
    }

    /// The rank number (1-based) in `G`'s notation.
    #[inline]
    pub const fn rank(self) -> u32 {
        if G::NOTATION.rank_one_at_top {
            self.row() + 1
        } else {
            G::HEIGHT - self.row()
        }
    }

    /// The file letter in `G`'s notation.
    #[inline]
    pub const fn file(self) -> char {
        (G::NOTATION.first_file + self.col() as u8) as char
    }

    fn parse_error(text: &str) -> ParseSquareError {
        let first = G::NOTATION.first_file;
        ParseSquareError {
            text: text.to_owned(),
            first_file: first as char,
            last_file: (first + G::WIDTH as u8 - 1) as char,
            ranks: G::HEIGHT,
            example: format!("{}{}", (first + 2) as char, G::HEIGHT.min(3)),
        }
    }
}

impl<G: Geometry> From<Square<G>> for Bitboard<G> {
    #[inline(always)]
    fn from(square: Square<G>) -> Self {
        // A square's bit is a board square by construction: no mask needed.
        Bitboard(square.mask(), PhantomData)
    }
}

impl<G: Geometry> fmt::Display for Square<G> {
    /// The file letter and the rank number: `d3`, `a10`, `C2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl<G: Geometry> fmt::Debug for Square<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl<G: Geometry> FromStr for Square<G> {
    type Err = ParseSquareError;

    /// Reads a file letter in either case and a rank without leading zeros: `d3`, `D3`,
    /// `a10`.
    fn from_str(text: &str) -> Result<Self, ParseSquareError> {
        let bad = || Self::parse_error(text);
        let (&file, rank) = text.as_bytes().split_first().ok_or_else(bad)?;
        let first = G::NOTATION.first_file.to_ascii_lowercase();
        let col = u32::from(file.to_ascii_lowercase().wrapping_sub(first));
        if col >= G::WIDTH
            || rank.is_empty()
            || rank[0] == b'0'
            || rank.len() > 2
            || !rank.iter().all(u8::is_ascii_digit)
        {
            return Err(bad());
        }
        let rank = rank
            .iter()
            .fold(0, |acc, &digit| acc * 10 + u32::from(digit - b'0'));
        if !(1..=G::HEIGHT).contains(&rank) {
            return Err(bad());
        }
        let row = if G::NOTATION.rank_one_at_top {
            rank - 1
        } else {
            G::HEIGHT - rank
        };
        Self::new(row, col).ok_or_else(bad)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_squares_are_the_squares_their_names_parse_to() {
        use crate::{Amazons, Othello, Santorini};
        assert_eq!(Square::<Othello>::D3, "d3".parse().unwrap());
        assert_eq!(Square::<Othello>::H8.bit(), 63);
        assert_eq!(Square::<Santorini>::A1, "A1".parse().unwrap());
        assert_eq!(Square::<Santorini>::E5, "E5".parse().unwrap());
        assert_eq!(Square::<Santorini>::B3.to_string(), "B3");
        assert_eq!(Square::<Amazons>::A1, "a1".parse().unwrap());
        assert_eq!(Square::<Amazons>::J10, "j10".parse().unwrap());
        assert_eq!(Square::<Amazons>::D7.to_string(), "d7");
    }
    use crate::{Amazons, Othello, Santorini, TowerDefence};

    /// Every way to name a square agrees with every other, for every square of `G`.
    fn round_trips<G: Geometry>() {
        assert_eq!(Square::<G>::all().len(), (G::WIDTH * G::HEIGHT) as usize);
        for (index, square) in Square::<G>::all().enumerate() {
            assert_eq!(square.index(), index);
            assert_eq!(Square::<G>::from_index(index), Some(square));
            assert_eq!(Square::<G>::new(square.row(), square.col()), Some(square));
            assert_eq!(Square::<G>::from_bit(square.bit()), Some(square));
            assert_eq!(G::bit(square.row(), square.col()), Some(square.bit()));
            assert_eq!(square.to_string().parse::<Square<G>>(), Ok(square));
            let lower = square.to_string().to_ascii_lowercase();
            assert_eq!(lower.parse::<Square<G>>(), Ok(square), "{lower}");
            assert_eq!(square.bitboard().iter().collect::<Vec<_>>(), [square]);
        }
        for bit in 0..G::Word::BITS + 8 {
            assert_eq!(Square::<G>::from_bit(bit).is_some(), G::is_square(bit));
        }
        let size = (G::WIDTH * G::HEIGHT) as usize;
        assert_eq!(Square::<G>::from_index(size), None);
        assert_eq!(Square::<G>::new(G::HEIGHT, 0), None);
        assert_eq!(Square::<G>::new(0, G::WIDTH), None);
    }

    #[test]
    fn every_square_round_trips_in_every_geometry() {
        round_trips::<Santorini>();
        round_trips::<Othello>();
        round_trips::<Amazons>();
        round_trips::<TowerDefence>();
    }

    #[test]
    fn names_follow_each_games_convention() {
        // Othello (Edax/GGS): a1 is the top-left square, bit 0; ranks grow downwards.
        let a1 = Square::<Othello>::new(0, 0).unwrap();
        assert_eq!((a1.to_string(), a1.bit()), ("a1".to_owned(), 0));
        assert_eq!("D3".parse::<Square<Othello>>().unwrap().bit(), 19);
        assert_eq!(Square::<Othello>::new(7, 7).unwrap().to_string(), "h8");
        // The Amazons: a10 is the top-left square; rank 1 is the bottom row.
        assert_eq!(Square::<Amazons>::new(0, 0).unwrap().to_string(), "a10");
        assert_eq!(Square::<Amazons>::new(9, 9).unwrap().to_string(), "j1");
        assert_eq!(
            "d1".parse::<Square<Amazons>>().unwrap(),
            Square::new(9, 3).unwrap()
        );
        // Santorini: capital files, A5 the top-left square, bit 8 of the padded layout.
        let a5 = Square::<Santorini>::new(0, 0).unwrap();
        assert_eq!((a5.to_string(), a5.bit()), ("A5".to_owned(), 8));
        assert_eq!("c3".parse::<Square<Santorini>>().unwrap().bit(), 24);
    }

    #[test]
    fn bad_names_are_refused_with_the_reason() {
        for bad in ["", "a", "i1", "a0", "a9", "11", "a1 ", "a01", "aa1", "é1"] {
            assert!(bad.parse::<Square<Othello>>().is_err(), "{bad}");
        }
        for bad in [
            "", "a", "k1", "a0", "a11", "a01", "1a", "a-1", "a1x", "a100",
        ] {
            assert!(bad.parse::<Square<Amazons>>().is_err(), "{bad}");
        }
        let err = "F3".parse::<Square<Santorini>>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"F3\" is not a square: expected a file A-E and a rank 1-5, like C3"
        );
    }

    #[test]
    fn padding_bits_are_not_squares() {
        // Santorini's padded 7x7 layout: bit 0 is a padding corner, bit 7 the left padding
        // of the first board row; the Amazons' bit 10 is the guard column.
        assert_eq!(Square::<Santorini>::from_bit(0), None);
        assert_eq!(Square::<Santorini>::from_bit(7), None);
        assert_eq!(Square::<Amazons>::from_bit(10), None);
        assert_eq!(Square::<Othello>::from_bit(64), None);
        assert_eq!(
            Square::<Santorini>::from_bit(8).unwrap().offset(-1, 0),
            None,
            "no step into the padding"
        );
    }
}
