//! Board geometries, bitboards and the strategy vocabulary shared by every bitgames game.
//!
//! - [`Geometry`]: how a board is laid out in an integer (width, height, bits a row, padding),
//!   implemented by [`Santorini`], [`Othello`], [`Amazons`] and [`TowerDefence`].
//! - [`Square`]: one board square of a geometry, typed so that a padding bit cannot be named,
//!   printed and parsed in the geometry's [`Notation`] (`d3`, `a10`, `C2`).
//! - [`Bitboard`]: a set of squares of one geometry, with set operations, an iterator over its
//!   squares, edge-safe shifts by [`Direction`], and the diagram text format (`-` off, `*` on,
//!   one row a line) for `Display`, `Debug`, parsing and the [`diagram!`] test macro.
//! - [`Strategy`]: the name and [`StrategyKind`] every implementation strategy of a game's hot
//!   operations carries, so tests, benches and the CLI can list and select them.
//!
//! - [`harness`]: the one check-and-time harness every game's operations run through
//!   (tests, `bitgames compare`, criterion benches).
//!
//! There is no game logic here.

#![warn(missing_docs)]

mod bitboard;
mod diagram;
pub mod gather;
mod geometry;
pub mod harness;
mod layers;
mod square;
mod strategy;
mod word;

pub use bitboard::{Bitboard, Squares};
pub use diagram::DiagramError;
pub use geometry::{Amazons, Direction, Geometry, Othello, Santorini, TowerDefence};
pub use layers::DistanceLayers;
pub use square::{Notation, ParseSquareError, Square};
pub use strategy::{Strategy, StrategyInfo, StrategyKind, UnknownStrategy};
pub use word::Word;
