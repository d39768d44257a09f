//! The Game of the Amazons: queen reach, set-wise fills and queen distances as naive,
//! shift, galloping, Kogge-Stone and line-table strategies, proven equal; the game with
//! perft and incremental hashing; and the min-distance evaluation.
//!
//! # Board
//!
//! 10x10 in a `u128` with a guard column: 11 bits a row, bit `11 * row + col`, row 0 the top
//! rank (10). The guard bits and the bits past the last row are never set, so a plain shift
//! followed by a mask with the empty squares can never wrap a piece into another row.
//!
//! # Kernels
//!
//! | strategy | idea |
//! |---|---|
//! | [`Naive`] | a 100-cell array: walks along the eight lines; BFS with a queue |
//! | [`Shift`] | one step a shift, per direction, until nothing moves |
//! | [`Galloping`] | two steps a shift over walls smeared one square wider, then one decelerating step |
//! | [`KoggeStone`] | occluded fills with strides 1, 2, 4, 8: four branch-free rounds |
//! | [`Table`] | generated line-segment reach tables; PEXT/PDEP gathers (hardware with BMI2, a portable loop elsewhere) |
//!
//! [`Kernels::queen_reach`] is one queen's move set; [`Kernels::fill`] the union for a set
//! of sources; [`Kernels::min_distances`] the queen-distance layers from repeated fills.
//! [`Fastest`] (the default of [`Position`]) is the strategy that measured fastest for move
//! generation (single-queen reach); [`FastestFill`] the fastest for set-wise fills, which
//! [`eval::evaluate`] uses.
//!
//! # The game
//!
//! Start: white queens a4 d1 g1 j4, black queens a7 d10 g10 j7, white moves first. A move is
//! a queen move through empty squares and an arrow shot from the queen's new square (it may
//! land on or pass through the square the queen left); the side to move without a move loses.
//!
//! Notation: ranks 10 down to 1 separated by `/`, files a..j, digits 1..10 for runs of empty
//! squares, `Q` white queen, `q` black queen, `*` arrow, then a space and `w` or `b`. Moves
//! are `d1-d7/d2` (queen from-to, arrow).
//!
//! ```
//! use bitgames_amazons::Position;
//! use bitgames_search::perft;
//!
//! let start = Position::start();
//! assert_eq!(start.to_string(), "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w");
//! assert_eq!(perft(&start, 1), 2176);
//! let next = start.play(start.parse_move("d1-d7/d2")?)?;
//! assert_eq!(next.to_string(), "3q2q3/10/10/q2Q5q/10/10/Q8Q/10/3*6/6Q3 b");
//! # Ok::<(), bitgames_amazons::Error>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod distances;
pub mod encoding;
mod error;
pub mod eval;
pub mod kernels;
mod moves;
mod notation;
pub mod operations;
mod position;
pub mod random;
mod square;

pub use distances::{DistanceLayers, MAX_LAYERS};
pub use error::{Error, IllegalReason};
pub use kernels::{Galloping, Kernels, KoggeStone, Naive, Shift, StrategyId, Table, strategies};
pub use moves::Move;
pub use position::{MAX_MOVES, MoveList, Position};
pub use square::Square;

/// A set of Amazons squares.
pub type Bitboard = bitgames_bitboard::Bitboard<bitgames_bitboard::Amazons>;

/// The strategy positions use unless told otherwise: the fastest for move generation, where
/// each call asks for one queen's moves (see the README).
pub type Fastest = Table;

/// The fastest strategy for set-wise fills, where many sources move at once (the
/// min-distance evaluation): one table lookup per source loses to branch-free fills of the
/// whole set.
pub type FastestFill = KoggeStone;
