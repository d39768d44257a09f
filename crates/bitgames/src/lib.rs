//! bitgames: bitboard game kernels for Santorini, Othello, the Game of the Amazons and the
//! Entelect Challenge 2018 Tower Defence, behind one front door.
//!
//! Each game lives in its own crate, re-exported here ([`santorini`], [`othello`],
//! [`amazons`], [`towerdefence`], and the game-generic [`search`] layer). What this crate
//! adds is what every front end (the `bitgames` command, the web app, the Python bindings)
//! needs and should not write again:
//!
//! - [`GameName`]: a game chosen at run time, by the name the command line uses;
//! - [`dispatch`]: run work written once against the [`search::Game`] trait on the game and
//!   kernel strategy named at run time;
//! - [`compare`]: prove every strategy of a game agrees with the naive one on random
//!   instances, then time them (`bitgames compare`);
//! - [`match_game`]: one engine game of a match, seeded and seated the same everywhere
//!   (`bitgames match`, distributed self-play);
//! - [`solve`]: the record of a solved Othello endgame (`bitgames solve --json`).
//!
//! ```
//! use bitgames::{GameName, GameTask, dispatch};
//! use bitgames::search::{Evaluate, perft};
//!
//! struct Perft(u32);
//! impl GameTask for Perft {
//!     type Output = u64;
//!     fn run<G: Evaluate>(self, _strategy: &'static str) -> anyhow::Result<u64> {
//!         Ok(perft(&G::start(), self.0))
//!     }
//! }
//!
//! // Othello perft 4 from the start is 244 (Aart Bik's published table).
//! let game: GameName = "othello".parse().unwrap();
//! assert_eq!(dispatch(game, Some("shift"), Perft(4)).unwrap(), 244);
//! ```

#![warn(missing_docs)]

pub mod compare;
mod dispatch;
pub mod match_game;
mod name;
pub mod solve;
pub mod target;

pub use bitgames_amazons as amazons;
pub use bitgames_bitboard as bitboard;
pub use bitgames_othello as othello;
pub use bitgames_santorini as santorini;
pub use bitgames_search as search;
pub use bitgames_towerdefence as towerdefence;
pub use dispatch::{GameTask, dispatch, strategies};
pub use name::{GameName, UnknownGame};
