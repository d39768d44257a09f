//! bitgames: bitboard game kernels for Santorini, Othello, the Game of the Amazons and the
//! Entelect Challenge 2018 Tower Defence, behind one front door.
//!
//! Each game lives in its own crate, re-exported here ([`santorini`], [`othello`],
//! [`amazons`], [`towerdefence`], and the game-generic [`search`] layer). What this crate
//! adds is what every front end (the `bitgames` command, the web app, the Python bindings)
//! needs and should not write again:
//!
//! - [`GameName`]: a game chosen at run time, by the name the command line uses;
//! - [`AnyPosition`]: the game registry's one value, a position of any board game with
//!   parse, print, moves, play, outcome and a per-square [`Board`], and typed [`Error`]s
//!   (unknown game, unknown strategy with the choices, bad position, illegal move);
//! - [`AnyStrategy`]: a game's kernel strategy chosen at run time, as a value (parsed
//!   from its name, listed by [`AnyStrategy::all`]); [`AnyPosition::run`] runs work
//!   written once against the [`search::Game`] trait (a [`search::PositionTask`]) on it,
//!   the one generic door for per-strategy work;
//! - [`setup`]: the one reader of what front ends take from a person (game, position,
//!   gods, strategy);
//! - [`kernels`]: every registered kernel operation run by every strategy on one position
//!   (the web app's Kernels page);
//! - [`compare`]: prove every strategy of a game agrees with the naive one on random
//!   instances, then time them (`bitgames compare`);
//! - [`solve`]: the record of a solved Othello endgame (`bitgames solve --json`).
//!
//! Engines as values (ours and external programs), the protocol clients and servers and the
//! one referee loop of matches and self-play are in the `bitgames-arena` crate, built on
//! this one.
//!
//! ```
//! use bitgames::search::{Evaluate, PositionTask, perft};
//! use bitgames::{AnyPosition, AnyStrategy, GameName};
//!
//! // Work written once, generic over the game and its kernels.
//! struct Perft(u32);
//! impl PositionTask for Perft {
//!     type Output = u64;
//!     fn run<G: Evaluate>(self, root: G) -> u64 {
//!         perft(&root, self.0)
//!     }
//! }
//!
//! // Othello perft 4 from the start is 244 (Aart Bik's published table).
//! let game: GameName = "othello".parse()?;
//! let start = AnyPosition::start(game)?;
//! let shift = AnyStrategy::parse(game, "shift")?;
//! assert_eq!(start.run(shift, Perft(4))?, 244);
//! assert_eq!(start.perft(4, AnyStrategy::fastest(game))?, 244);
//!
//! // A strategy the game lacks is refused with the choices.
//! let err = AnyStrategy::parse(game, "magic").unwrap_err();
//! assert!(err.to_string().starts_with("unknown othello strategy \"magic\"; choose one of: naive, shift"));
//! # Ok::<(), bitgames::Error>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
pub mod compare;
mod error;
pub mod kernels;
mod name;
mod position;
pub mod setup;
pub mod solve;
mod strategy;
pub mod target;

pub use bitgames_amazons as amazons;
pub use bitgames_bitboard as bitboard;
pub use bitgames_othello as othello;
pub use bitgames_santorini as santorini;
pub use bitgames_search as search;
pub use bitgames_towerdefence as towerdefence;
pub use board::{Board, Cell, Piece};
pub use error::{Error, GameError};
pub use name::{GameName, UnknownGame};
pub use position::{AnyMove, AnyPosition};
pub use strategy::{AnyStrategy, strategies};
