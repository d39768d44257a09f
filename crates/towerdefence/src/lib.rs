//! Entelect Challenge 2018 Tower Defence: the round simulation of the official engine
//! v3.0.2, exact to the field, as a naive and a bitwise strategy proven equal; random
//! playouts, single- and multi-threaded; a Monte Carlo bot; replays of recorded games.
//!
//! # The game
//!
//! Two players each own an 8x8 half of a 16x8 map and, every round, both at once, give one
//! command: build a defence, attack, energy or tesla tower, deconstruct one, raise the iron
//! curtain, or do nothing. Attack towers fire missiles across the map at the enemy's
//! buildings and base; the game ends when a base falls or after round 400. The rules are
//! the engine's, step by step, as written in the project's `RULES.md` (costs, timings, the
//! order within a round, tesla targeting, the curtain); [`rules`] holds its constants.
//!
//! # Not a `bitgames_search::Game`
//!
//! The project's `Game` trait is for games where one side moves at a time. Here both
//! players move at once and a round takes one command of each, so this crate has its own
//! small API instead: [`Simulation`] (the strategy trait), [`Game`] (a game in progress),
//! [`random`] (playouts) and [`bot`] (search over simultaneous moves: each candidate first
//! command against random replies).
//!
//! # Strategies
//!
//! The hot operation, one round with both commands, is declared once in [`Simulation`]:
//!
//! | strategy | idea |
//! |---|---|
//! | [`Naive`] | the engine's model: the map's cells holding building structs and a list of missile structs, in map coordinates, one loop per rule step; the oracle |
//! | [`Bitwise`] | `u64` bitboards per player half in the player's own frame: health and missile count tiers, attack towers grouped by firing round, shifts with column masks, popcount income, teslas as a two-entry list |
//!
//! [`Fastest`] (the default strategy of [`Game`]) is [`Bitwise`]. A `Table` strategy was
//! tried and not kept: the one thing a table can precompute in the round is the tesla
//! reach mask per square, and teslas fire in few rounds (they cost 100 energy a shot)
//! while computing the mask takes a multiply and two shifts; a 64-entry table of reach
//! masks measured no different from computing it (within noise) on random playouts, so it
//! does not earn a strategy of its own.
//!
//! Both strategies reproduce every transition of the official engine's recorded games (the
//! tests replay all of them) and agree with each other on thousands of random games with
//! random, partly invalid, command sequences (quickcheck with fixed seeds).
//!
//! # States and commands
//!
//! [`State`] is the whole game state as the engine renders `state.json` for player A; it
//! is read with [`State::from_json`], written with [`State::to_json`], and compared field
//! by field with [`State::first_difference`]. [`Command`] reads and writes the `x,y,t`
//! format (in the player's own frame; the empty string is doing nothing). Malformed input
//! gets an [`Error`] naming what is wrong, never a panic.
//!
//! ```
//! use bitgames_towerdefence::{Bitwise, Command, Game, Naive, Player, State};
//!
//! let commands: [Command; 2] = ["7,0,1".parse()?, "0,3,2".parse()?];
//! let mut naive = Game::<Naive>::start();
//! let mut bitwise = Game::<Bitwise>::start();
//! for _ in 0..3 {
//!     naive.round([Command::Nothing; 2]);
//!     bitwise.round([Command::Nothing; 2]);
//! }
//! naive.round(commands);
//! bitwise.round(commands);
//! assert_eq!(naive.state(), bitwise.state());
//! assert_eq!(naive.state().player(Player::A).energy, 20 + 3 * 5 - 30 + 5);
//! # Ok::<(), bitgames_towerdefence::Error>(())
//! ```
//!
//! # Speed
//!
//! Criterion medians (`cargo bench -p bitgames-benches --bench towerdefence`), AMD EPYC
//! (Zen 5) at 2 cores, `-C target-cpu=native`:
//!
//! | group | naive | bitwise | bitwise / naive |
//! |---|---:|---:|---:|
//! | `towerdefence/round` (1,000 random mid-game states) | 1,356 ns a round | 41.9 ns a round | 32x |
//! | `towerdefence/playout` (200 random games from the start, 1 thread) | 0.44 M rounds/s | 15.4 M rounds/s (232,000 games/s) | 35x |
//!
//! A random game from the start lasts 66.6 rounds on average. On both cores the bitwise
//! playouts reached 24 M rounds/s on a quiet machine (1.8x one thread).
//!
//! # Random playouts and the bot
//!
//! [`random::playout`] plays uniformly random valid commands for both players until the
//! end; [`random::playouts`] runs a seeded batch on a rayon pool (the totals do not depend
//! on the number of threads). [`bot::choose_command`] is a Monte Carlo bot (a back-column
//! opening, then successive halving or flat UCB over its first commands, with playouts by a
//! builder's draw, scored by the winner's margin) and [`bot::play_games`] plays it against a
//! random player or another bot. [`replay::replay_dir`] checks a strategy against a
//! directory of recorded rounds and reports the first field that differs.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bot;
mod command;
mod error;
pub mod files;
mod json;
mod kernels;
pub mod random;
pub mod replay;
pub mod rules;
mod state;

pub use bitgames_bitboard::{Strategy, StrategyInfo, StrategyKind};
pub use command::Command;
pub use error::Error;
pub use kernels::{
    Bitwise, BitwiseBoard, BuildOptions, Fastest, Game, Naive, NaiveBoard, Simulation, StrategyId,
    StrategyTask, StrategyVisitor, for_each_strategy, strategies,
};
pub use rules::{BuildingKind, Outcome, Player};
pub use state::{Building, FieldDifference, MAX_MISSILES_PER_CELL, PlayerState, State};
