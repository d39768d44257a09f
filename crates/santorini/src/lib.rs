//! Santorini kernels: where can a worker move, and how far is every square.
//!
//! The board is 5x5, each space at level 0..=4 (4 is a dome; in the kernels' model a space
//! holding another worker also counts as level 4). A worker may move to one of its eight
//! neighbours on the board whose level is at most 3 and at most one above its own.
//!
//! Two hot operations, declared once in [`Kernels`] and implemented by three strategies:
//!
//! | strategy | idea |
//! |---|---|
//! | [`Naive`] | a 25-cell array, neighbour offsets with bounds checks, BFS with a queue |
//! | [`Shift`] | 7x7 padded bitboards: neighbourhoods by shifting, BFS one bitwise layer at a time |
//! | [`Table`] | neighbourhoods read from the generated tables, BFS over frontier squares |
//!
//! Each operation comes in two forms (see [`Kernels`]): the *core* form on bitboards
//! ([`Levels`] in, [`Bitboard`] / [`DistanceLayers`] out), and the *list* form of the design
//! notes (a row-major [`LevelGrid`] and a 1-based [`Cell`] in, a [`CellList`] /
//! [`DistanceGrid`] out), which converts at the boundary for the bitboard strategies.
//!
//! ```
//! use bitgames_santorini::{Cell, Kernels, Shift, Naive};
//!
//! // The design notes' example: from (1,2) the worker may move to (1,1), (2,1) and (2,3).
//! let grid = [0, 0, 2, 0, 0, 1, 2, 0, 4, 1, 3, 0, 0, 0, 1, 0, 0, 1, 3, 4, 0, 1, 1, 2, 2];
//! let from = Cell::new(1, 2).unwrap();
//! let moves = Shift::move_to_cells(from, &grid);
//! let expected = [(1, 1), (2, 1), (2, 3)].map(|(r, c)| Cell::new(r, c).unwrap());
//! assert_eq!(moves.as_slice(), &expected);
//! assert_eq!(Naive::move_to_cells(from, &grid), moves);
//! ```

mod error;
pub mod instances;
mod kernels;
mod levels;
mod moves;
mod notation;
mod position;
mod square;

pub use error::Error;
pub use kernels::{
    DistanceGrid, DistanceLayers, Kernels, Naive, Shift, StrategyVisitor, Table, for_each_strategy,
    strategies,
};
pub use levels::{LevelGrid, Levels};
pub use moves::Move;
pub use position::{MAX_MOVES, MoveList, Position};
pub use square::{Cell, CellList, Square, SquareError};

/// A set of Santorini squares in the padded 7x7 layout.
pub type Bitboard = bitgames_bitboard::Bitboard<bitgames_bitboard::Santorini>;
