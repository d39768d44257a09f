//! The hot operations, declared once in [`Kernels`], and the list of strategies.

use core::fmt;

use bitgames_bitboard::{Strategy, StrategyKind};

use crate::{Bitboard, Cell, CellList, LevelGrid, Levels, Position, Square};

mod naive;
mod shift;
mod table;

pub use naive::Naive;
pub use shift::Shift;
pub use table::Table;

bitgames_bitboard::strategies! {
    game: "santorini";
    kernels: Kernels;
    fastest: Fastest;
    position: Position, task: bitgames_search::PositionTask;
    Naive,
    Shift,
    Table,
}

/// The strategy positions use unless told otherwise: the one that measured fastest where it
/// matters to the game. `Shift` wins perft (perft 6 from the test root single-threaded:
/// 50.3 s against `Table`'s 54.7 s) and `distances` (16.8 ns against 61 ns), while `Table`
/// is a hair faster on an isolated `move_to` (1.38 ns against 1.58 ns); see the README.
pub type Fastest = Shift;

/// Santorini's hot operations. Every strategy gives identical answers (proven by the tests);
/// they differ only in speed.
///
/// The core forms work on bitboards. The list forms take the design notes' row-major grid
/// and 1-based cell; their default implementations convert to bitboards and back, so a
/// bitboard strategy's list form measures "bitboard with conversions", while [`Naive`]
/// overrides them with its native array code.
pub trait Kernels: Strategy {
    /// The squares a worker on `from` may move to: neighbours of `from` at level at most 3
    /// and at most one above the level of `from`.
    fn move_to(from: Square, levels: &Levels) -> Bitboard;

    /// Single-source shortest paths over [`Kernels::move_to`]: layer `k` holds the squares
    /// whose distance from `from` is exactly `k`.
    fn distances(from: Square, levels: &Levels) -> DistanceLayers;

    /// [`Kernels::move_to`] in list form.
    #[inline]
    fn move_to_cells(from: Cell, grid: &LevelGrid) -> CellList {
        CellList::from_bitboard(Self::move_to(from.into(), &Levels::from_grid(grid)))
    }

    /// [`Kernels::distances`] in list form.
    #[inline]
    fn distances_grid(from: Cell, grid: &LevelGrid) -> DistanceGrid {
        DistanceGrid::from_layers(&Self::distances(from.into(), &Levels::from_grid(grid)))
    }

    /// The name reports and bench ids give the list form: the strategy's name (for a
    /// bitboard strategy this includes the conversions; for [`Naive`] it is its native form).
    fn list_form_id() -> String {
        Self::NAME.to_owned()
    }

    /// The name reports and bench ids give the core form: `<name>-core` for a bitboard
    /// strategy, `naive-with-conversions` for [`Naive`], whose core form converts.
    fn core_form_id() -> String {
        match Self::KIND {
            StrategyKind::Naive => format!("{}-with-conversions", Self::NAME),
            _ => format!("{}-core", Self::NAME),
        }
    }
}

/// The most distance layers a 5x5 board can have (a path through all 25 squares).
pub const MAX_LAYERS: usize = 25;

/// Distances from one square as layers: `layer(k)` holds the squares exactly `k` moves away,
/// layer 0 the source itself; squares in no layer are unreachable.
pub type DistanceLayers =
    bitgames_bitboard::DistanceLayers<bitgames_bitboard::Santorini, MAX_LAYERS>;

/// Distances in list form: entry `i` (row-major) is the number of moves to reach square `i`,
/// or `None` if it cannot be reached.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DistanceGrid(pub [Option<u8>; 25]);

impl DistanceGrid {
    /// The distance to `cell`, or `None` if it cannot be reached.
    pub fn get(&self, cell: Cell) -> Option<u8> {
        self.0[cell.index()]
    }

    /// The list form of `layers`.
    #[inline]
    pub fn from_layers(layers: &DistanceLayers) -> DistanceGrid {
        let mut grid = DistanceGrid([None; 25]);
        for (k, layer) in layers.layers().iter().enumerate() {
            for square in *layer {
                grid.0[square.index()] = Some(k as u8);
            }
        }
        grid
    }

    /// The layers of this list form.
    pub fn to_layers(&self) -> DistanceLayers {
        DistanceLayers::from_distances(|square| self.0[square.index()].map(u32::from))
    }
}

impl fmt::Display for DistanceGrid {
    /// Five rows of five entries, `.` for unreachable.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.0.chunks(5) {
            for (i, d) in row.iter().enumerate() {
                let sep = if i == 0 { "" } else { " " };
                match d {
                    Some(d) => write!(f, "{sep}{d:>2}")?,
                    None => write!(f, "{sep} .")?,
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
