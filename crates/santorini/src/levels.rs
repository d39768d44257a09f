//! The two forms of a board's levels: the design notes' row-major list and four bitboards.

use crate::{Bitboard, Cell, Square};

/// The 25 levels in row-major order, (1,1), (1,2), .., (5,5): the list form of the design
/// notes. Level 4 is a dome, or in the kernels' model a space held by another worker; values
/// above 4 are treated as 4.
pub type LevelGrid = [u8; 25];

/// The levels as four disjoint bitboards `L0..L3`; a square in none of them is level 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Levels {
    by_level: [Bitboard; 4],
}

impl Levels {
    /// Every square at level 0 (the empty board).
    pub const FLAT: Levels = Levels {
        by_level: [
            Bitboard::FULL,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
            Bitboard::EMPTY,
        ],
    };

    /// Builds the bitboard form from four sets.
    ///
    /// Returns `None` if the sets overlap.
    pub fn from_bitboards(by_level: [Bitboard; 4]) -> Option<Levels> {
        let mut seen = Bitboard::EMPTY;
        for set in by_level {
            if set.intersects(seen) {
                return None;
            }
            seen |= set;
        }
        Some(Levels { by_level })
    }

    /// Builds the bitboard form from four sets the caller knows are disjoint board sets.
    #[inline(always)]
    pub(crate) fn from_disjoint(by_level: [Bitboard; 4]) -> Levels {
        debug_assert!(Levels::from_bitboards(by_level).is_some());
        Levels { by_level }
    }

    /// The levels after building once on `square`, which is at `height` (0..=3): it moves
    /// up one set, or out of all four when it becomes a dome.
    #[inline(always)]
    #[must_use]
    pub(crate) fn raised(mut self, square: Square, height: u8) -> Levels {
        debug_assert_eq!(self.level(square), height);
        let height = usize::from(height);
        self.by_level[height] = self.by_level[height].without(square);
        if height < 3 {
            self.by_level[height + 1] = self.by_level[height + 1].with(square);
        }
        self
    }

    /// The levels after removing one block from `square`, which is at `height` (1..=3, never
    /// a dome): Ares's removal moves it down one set.
    #[inline(always)]
    #[must_use]
    pub(crate) fn lowered(mut self, square: Square, height: u8) -> Levels {
        debug_assert_eq!(self.level(square), height);
        debug_assert!((1..=3).contains(&height));
        let height = usize::from(height);
        self.by_level[height] = self.by_level[height].without(square);
        self.by_level[height - 1] = self.by_level[height - 1].with(square);
        self
    }

    /// The squares at `level` (0..=3).
    ///
    /// # Panics
    /// If `level > 3`; level 4 is the complement of the others, see [`Levels::domes`].
    #[inline(always)]
    pub fn at(&self, level: u8) -> Bitboard {
        self.by_level[usize::from(level)]
    }

    /// The squares at level 4.
    #[inline]
    pub fn domes(&self) -> Bitboard {
        !(self.by_level[0] | self.by_level[1] | self.by_level[2] | self.by_level[3])
    }

    /// The level of one square.
    #[inline]
    pub fn level(&self, square: Square) -> u8 {
        (0..4)
            .find(|&level| self.by_level[usize::from(level)].contains(square))
            .unwrap_or(4)
    }

    /// Converts from the list form.
    #[inline]
    pub fn from_grid(grid: &LevelGrid) -> Levels {
        // Branch-free: level 4 and above land in a fifth set that is dropped.
        let mut by_level = [0u64; 5];
        for (square, &level) in Square::all().zip(grid) {
            by_level[usize::from(level.min(4))] |= square.mask();
        }
        let [l0, l1, l2, l3, _] = by_level;
        Levels {
            by_level: [l0, l1, l2, l3].map(Bitboard::from_bits_truncate),
        }
    }

    /// Converts to the list form.
    #[inline]
    pub fn to_grid(&self) -> LevelGrid {
        let mut grid = [4; 25];
        for (index, level) in grid.iter_mut().enumerate() {
            *level = self.level(Square::from_index(index).expect("a level grid has 25 cells"));
        }
        grid
    }
}

/// The level of `cell` in a list-form grid, with anything above 4 read as 4.
#[inline(always)]
pub(crate) fn grid_level(grid: &LevelGrid, cell: Cell) -> u8 {
    grid[cell.index()].min(4)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_round_trips_through_bitboards() {
        let grid: LevelGrid = core::array::from_fn(|i| (i * 7 % 5) as u8);
        let levels = Levels::from_grid(&grid);
        assert_eq!(levels.to_grid(), grid);
        for (index, &level) in grid.iter().enumerate() {
            assert_eq!(levels.level(Square::from_index(index).unwrap()), level);
        }
        assert_eq!(
            levels.domes().len(),
            grid.iter().filter(|&&l| l == 4).count()
        );
        assert_eq!(
            Levels::from_bitboards([levels.at(0), levels.at(1), levels.at(2), levels.at(3)]),
            Some(levels)
        );
        assert_eq!(
            Levels::from_bitboards([
                Bitboard::FULL,
                Bitboard::FULL,
                Bitboard::EMPTY,
                Bitboard::EMPTY
            ]),
            None
        );
        assert_eq!(Levels::from_grid(&[0; 25]), Levels::FLAT);
    }
}
