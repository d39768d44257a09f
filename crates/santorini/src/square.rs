//! Squares: the padded bit index used by the bitboards, and the 1-based (row, col) cell of the
//! design notes.

use core::fmt;

use thiserror::Error;

use crate::Bitboard;

/// A square of the board: its bit in the padded 7x7 layout (`7 * (row + 1) + col + 1`, rows
/// and columns 0-based from the top-left), so it indexes the generated tables directly.
/// Files A..E left to right, ranks 5 (top) .. 1 (bottom): the top-left square is A5.
pub type Square = bitgames_bitboard::Square<bitgames_bitboard::Santorini>;

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
    /// A square name that is not a file A-E and a rank 1-5.
    #[error(transparent)]
    BadName(#[from] bitgames_bitboard::ParseSquareError),
}

impl From<Cell> for Square {
    #[inline]
    fn from(cell: Cell) -> Square {
        Square::new(u32::from(cell.row - 1), u32::from(cell.col - 1))
            .expect("a cell is on the board")
    }
}

impl From<Square> for Cell {
    #[inline]
    fn from(square: Square) -> Cell {
        Cell {
            row: square.row() as u8 + 1,
            col: square.col() as u8 + 1,
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
        for square in set {
            list.push(square.into());
        }
        list
    }

    /// The same cells as a bitboard.
    pub fn to_bitboard(&self) -> Bitboard {
        self.as_slice()
            .iter()
            .map(|&cell| Square::from(cell))
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
            assert_eq!(
                (square.row() + 1, square.col() + 1),
                (u32::from(cell.row()), u32::from(cell.col()))
            );
        }
        assert_eq!(Square::from(Cell::new(1, 1).unwrap()).bit(), 8);
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
