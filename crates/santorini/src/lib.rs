//! Santorini: fast, proven kernels and the complete base game (no god powers).
//!
//! # Kernels
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
//! [`kernels::for_each_strategy`] lists them all for generic code (tests, benches, the CLI).
//!
//! ```
//! use bitgames_santorini::{Cell, Kernels, Naive, Shift};
//!
//! // The design notes' example: from (1,2) the worker may move to (1,1), (2,1) and (2,3).
//! let grid = [0, 0, 2, 0, 0, 1, 2, 0, 4, 1, 3, 0, 0, 0, 1, 0, 0, 1, 3, 4, 0, 1, 1, 2, 2];
//! let from = Cell::new(1, 2).unwrap();
//! let moves = Shift::move_to_cells(from, &grid);
//! let expected = [(1, 1), (2, 1), (2, 3)].map(|(r, c)| Cell::new(r, c).unwrap());
//! assert_eq!(moves.as_slice(), &expected);
//! assert_eq!(Naive::move_to_cells(from, &grid), moves);
//! ```
//!
//! # The game
//!
//! [`Position`] implements [`bitgames_search::Game`] (copy-make): legal moves, play, outcome,
//! an incrementally updated Zobrist hash, and perft through the generic tools.
//!
//! Rules as implemented (the base game):
//! - Set-up: player 1 places both workers on free squares in one action, then player 2.
//! - A turn: move one worker to a neighbouring square with no worker and no dome, at most
//!   one level up and any number down, then build with the same worker on a neighbour of its
//!   new square with no worker and no dome (the square just left counts as free); building on
//!   level 3 makes a dome.
//! - Moving up onto level 3 (from level 2) wins at once, with no build. Moving 3 -> 3 does
//!   not win. A player with no legal turn loses; there are no draws.
//!
//! Notation (compatible with the santorini-ai engine): squares are files A..E left to right
//! and ranks 5 (top) .. 1 (bottom). A position is
//! `<25 heights A5..E1>/<side to move>/mortal:<sq>,<sq>/mortal:<sq>,<sq>`, player 1's
//! workers first, `mortal` with no squares for a side yet to place. Moves are `B3>C3^C4`
//! (move, build), `A3>B3#` (winning move) and `place:B3,D3`. Input is case-insensitive;
//! output is canonical. The notation has no field for "won": a worker of the player who just
//! moved standing on level 3 is read as the win that put it there.
//!
//! ```
//! use bitgames_santorini::Position;
//! use bitgames_search::perft;
//!
//! let root: Position = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2".parse()?;
//! assert_eq!(perft(&root, 2), 5156);
//! let next = root.play(root.parse_move("b3>c3^b3")?)?;
//! assert_eq!(next.to_string(), "0000000000010000000000000/2/mortal:C3,D3/mortal:C4,C2");
//! # Ok::<(), bitgames_santorini::Error>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod encoding;
mod error;
mod eval;
mod god;
pub mod instances;
pub mod kernels;
mod levels;
mod moves;
mod notation;
pub mod operations;
mod position;
mod powers;
mod square;
pub mod steps;

pub use error::{Error, IllegalReason, SquareRole};
pub use god::{God, MORPHEUS_MOST_BLOCKS, MORPHEUS_MOST_SPENT};
pub use kernels::{
    DistanceGrid, DistanceLayers, Fastest, Kernels, Naive, Shift, StrategyId, Table, strategies,
};
pub use levels::{LevelGrid, Levels};
pub use moves::{Blocks, Move};
pub use position::{MAX_MOVES, MoveList, Position};
pub use square::{Cell, CellList, Square, SquareError};
pub use steps::Step;

/// A set of Santorini squares in the padded 7x7 layout.
pub type Bitboard = bitgames_bitboard::Bitboard<bitgames_bitboard::Santorini>;
