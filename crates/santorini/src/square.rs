//! Squares: the padded bit index used by the bitboards, and the 1-based (row, col) cell of the
//! design notes.

use core::fmt;
use core::str::FromStr;

use bitgames_bitboard::{Geometry, Santorini};
use thiserror::Error;

use crate::Bitboard;

/// Row-major position (0..25) to padded bit.
const INDEX_TO_BIT: [u8; 25] = {
    let mut bits = [0; 25];
    let mut i = 0;
    while i < 25 {
        bits[i] = (8 + 7 * (i / 5) + i % 5) as u8;
        i += 1;
    }
    bits
};

/// Padded bit to row-major position (0..25); padding bits map to 0xff.
const BIT_TO_INDEX: [u8; 49] = {
    let mut indices = [0xff; 49];
    let mut i = 0;
    while i < 25 {
        indices[INDEX_TO_BIT[i] as usize] = i as u8;
        i += 1;
    }
    indices
};

/// A square of the board as its bit index in the padded 7x7 layout (`7 * row + col` with row
/// and col in 1..=5), so it can index the generated tables directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

/// A value that is not a square of the board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SquareError {
    /// A 1-based (row, col) pair outside 1..=5.
    #[error("({row}, {col}) is off the 5x5 board: rows and columns are 1..=5")]
    OffBoard {
        /// The row given.
        row: u8,
        /// The column given.
        col: u8,
    },
    /// A bit index that is a padding bit or past the 7x7 grid: the bit given.
    #[error("bit {0} is not a square of the padded 7x7 board")]
    NotASquare(u32),
    /// A square name that is not a file A-E and a rank 1-5: the text given.
    #[error("{0:?} is not a square: expected a file A-E and a rank 1-5, like C3")]
    BadName(String),
}

impl Square {
    /// All 25 squares in row-major order (top-left first).
    pub fn all() -> impl ExactSizeIterator<Item = Square> + Clone {
        (0..25u8).map(|i| Square::from_index(i as usize))
    }

    /// The square at row-major position `index` (0..25) of the 5x5 board.
    ///
    /// # Panics
    /// If `index >= 25`.
    #[inline]
    pub fn from_index(index: usize) -> Square {
        assert!(index < 25, "square index {index} out of range 0..25");
        Square(INDEX_TO_BIT[index])
    }

    /// The square's row-major position 0..25.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(BIT_TO_INDEX[usize::from(self.0)])
    }

    /// The square at padded bit `bit`.
    pub fn from_bit(bit: u32) -> Result<Square, SquareError> {
        if Santorini::is_square(bit) {
            Ok(Square(bit as u8))
        } else {
            Err(SquareError::NotASquare(bit))
        }
    }

    /// The square at padded bit `bit`, which the caller knows is a board square (a bit
    /// taken from a bitboard of board squares).
    #[inline(always)]
    pub(crate) fn from_bit_unchecked(bit: u32) -> Square {
        debug_assert!(Santorini::is_square(bit), "bit {bit} is not a board square");
        Square(bit as u8)
    }

    /// The padded bit index, for bitboards and the generated per-square tables.
    #[inline(always)]
    pub fn bit(self) -> u32 {
        u32::from(self.0)
    }

    /// The set holding only this square.
    #[inline(always)]
    pub fn bitboard(self) -> Bitboard {
        Bitboard::from_square(self.bit())
    }

    /// 1-based row (1 is the top row).
    #[inline]
    pub fn row(self) -> u8 {
        self.0 / 7
    }

    /// 1-based column (1 is the left column).
    #[inline]
    pub fn col(self) -> u8 {
        self.0 % 7
    }
}

impl fmt::Display for Square {
    /// Files A..E left to right, ranks 5 (top) .. 1 (bottom): the top-left square is A5.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = char::from(b'A' + self.col() - 1);
        write!(f, "{file}{}", 6 - self.row())
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Reads `C3` or `c3`.
    fn from_str(text: &str) -> Result<Square, SquareError> {
        let bad = || SquareError::BadName(text.to_owned());
        let &[file, rank] = text.as_bytes() else {
            return Err(bad());
        };
        let col = match file.to_ascii_uppercase() {
            f @ b'A'..=b'E' => f - b'A' + 1,
            _ => return Err(bad()),
        };
        let row = match rank {
            r @ b'1'..=b'5' => 6 - (r - b'0'),
            _ => return Err(bad()),
        };
        Ok(Cell::new(row, col).map_err(|_| bad())?.into())
    }
}

impl From<Cell> for Square {
    #[inline]
    fn from(cell: Cell) -> Square {
        Square(7 * cell.row + cell.col)
    }
}

impl From<Square> for Cell {
    #[inline]
    fn from(square: Square) -> Cell {
        Cell {
            row: square.row(),
            col: square.col(),
        }
    }
}

/// A space as the design notes name it: (row, col), both 1-based, (1,1) the top-left.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Cell {
    row: u8,
    col: u8,
}

impl Cell {
    /// The cell at a 1-based (row, col), checked to be on the 5x5 board.
    pub fn new(row: u8, col: u8) -> Result<Cell, SquareError> {
        if (1..=5).contains(&row) && (1..=5).contains(&col) {
            Ok(Cell { row, col })
        } else {
            Err(SquareError::OffBoard { row, col })
        }
    }

    /// The 1-based row (1 is the top row).
    #[inline(always)]
    pub fn row(self) -> u8 {
        self.row
    }

    /// The 1-based column (1 is the left column).
    #[inline(always)]
    pub fn col(self) -> u8 {
        self.col
    }

    /// Row-major position 0..25, the index into a [`LevelGrid`](crate::LevelGrid).
    #[inline(always)]
    pub fn index(self) -> usize {
        usize::from(self.row - 1) * 5 + usize::from(self.col - 1)
    }

    /// The cell at row-major position `index`.
    ///
    /// # Panics
    /// If `index >= 25`.
    #[inline]
    pub fn from_index(index: usize) -> Cell {
        assert!(index < 25, "cell index {index} out of range 0..25");
        Cell {
            row: (index / 5) as u8 + 1,
            col: (index % 5) as u8 + 1,
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// Up to eight cells in row-major order: the list form of a `move_to` answer, kept on the
/// stack so the list-form timings measure conversion, not allocation.
#[derive(Clone, Copy, Default)]
pub struct CellList {
    cells: [Cell; 8],
    len: u8,
}

impl CellList {
    /// Appends a cell.
    ///
    /// # Panics
    /// If the list already holds eight cells (a square has at most eight neighbours).
    #[inline(always)]
    pub fn push(&mut self, cell: Cell) {
        self.cells[usize::from(self.len)] = cell;
        self.len += 1;
    }

    /// The cells pushed so far, in order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Cell] {
        &self.cells[..usize::from(self.len)]
    }

    /// The cells of a bitboard, in row-major order.
    #[inline]
    pub fn from_bitboard(set: Bitboard) -> CellList {
        let mut list = CellList::default();
        for bit in set {
            list.push(Square(bit as u8).into());
        }
        list
    }

    /// The same cells as a bitboard.
    pub fn to_bitboard(&self) -> Bitboard {
        self.as_slice()
            .iter()
            .map(|&cell| Square::from(cell).bit())
            .collect()
    }
}

impl PartialEq for CellList {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for CellList {}

impl fmt::Debug for CellList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_cells_and_bits_agree() {
        for (index, square) in Square::all().enumerate() {
            let cell = Cell::from(square);
            assert_eq!(cell.index(), index);
            assert_eq!(square.index(), index);
            assert_eq!(Square::from(cell), square);
            assert_eq!(Cell::from_index(index), cell);
            assert_eq!(Square::from_bit(square.bit()), Ok(square));
            let (row, col) = Santorini::row_col(square.bit()).unwrap();
            assert_eq!(
                (row + 1, col + 1),
                (u32::from(cell.row()), u32::from(cell.col()))
            );
        }
        assert_eq!(Square::from(Cell::new(1, 1).unwrap()).bit(), 8);
        assert_eq!(Square::from_bit(7), Err(SquareError::NotASquare(7)));
        assert_eq!(Square::from_bit(99), Err(SquareError::NotASquare(99)));
        assert_eq!(
            Cell::new(0, 3),
            Err(SquareError::OffBoard { row: 0, col: 3 })
        );
        assert_eq!(
            Cell::new(3, 6),
            Err(SquareError::OffBoard { row: 3, col: 6 })
        );
    }
}
