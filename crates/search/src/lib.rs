//! The game-generic layer: one [`Game`] trait over small `Copy` positions, and the tools
//! written once against it, so that each game crate writes only its rules and kernels and
//! gets perft, playouts, search and engines for free.
//!
//! # The `Game` trait
//!
//! A [`Game`] is a two-player position small enough to copy: [`Game::play`] returns the next
//! position instead of mutating this one (copy-make), which keeps search code free of
//! undo bookkeeping and lets positions cross threads. A game also gives its text notation
//! for positions and moves (`Display` + `FromStr`, [`Game::parse_move`]), the [`Outcome`]
//! of a position, and a Zobrist hash kept up to date incrementally (with
//! [`Game::recompute_hash`] to test it). Bad input from outside is the game's own
//! [`Game::Error`], never a panic. [`Game::FINISHED_GAME_IS_A_LEAF`] records each game's
//! perft convention for finished games, so generic perft matches the published counts.
//!
//! # Perft
//!
//! [`perft()`] counts the leaves of the game tree to a fixed depth, the standard check of a
//! move generator against published counts; it counts the last ply in bulk
//! ([`Game::count_legal_moves`], [`Game::perft_2`]) so games can answer without building
//! move lists. [`divide`] splits the count by root move (to find where two move generators
//! disagree), and [`perft_parallel`] runs the root moves on a rayon pool. [`split`] and
//! [`perft_split`] count through the distinct positions a few plies down, each once,
//! multiplied by the move sequences that reach it (folded by [`Game::canonical`] if asked).
//! [`PerftSuite`] reads and checks the games' plain-text perft suites (`*.perft`).
//! [`RandomPosition`] draws random reachable positions the same way for every game; the
//! `testing` feature adds the quickcheck support the game crates' tests share.
//!
//! # Playouts and search
//!
//! - [`random_playout`] plays [`Game::random_move`]s to the end, reproducibly for a seeded
//!   generator: the building block of MCTS, and a quick way to test a game's rules deep
//!   in the tree.
//! - [`AlphaBeta`] is negamax with iterative deepening, a transposition table and
//!   depth/node/time [`Limits`]. It needs a static evaluation: the [`Evaluate`] trait, which
//!   also lets a game order moves and offer opening-book moves. A forced win scores
//!   [`WIN`] minus the plies to it, so the shortest win is preferred.
//! - [`Mcts`] is UCT Monte Carlo tree search with random playouts, seeded, keeping its tree
//!   between moves ([`Mcts::advance`]), in a tree bounded by a memory budget
//!   ([`DEFAULT_MEMORY_BUDGET`] unless set): a full tree stops growing and keeps searching.
//! - Both stop when another thread sets their stop flag ([`AlphaBeta::with_stop`],
//!   [`Mcts::with_stop`]), as at a limit.
//!
//! # Engines, matches and game families
//!
//! [`engine`] puts the random mover, alpha-beta and MCTS behind one
//! [`Engine`](engine::Engine) value, so every front end (`bitgames play`, `bitgames match`,
//! the web app, the Python bindings) chooses moves the same way. [`elo`] turns a match
//! result into an Elo difference with a 95% interval.
//!
//! [`encoding`] turns a game into a reinforcement-learning environment: integer actions,
//! observation planes and action masks ([`Encoding`]), each game's numbering in its crate.
//!
//! Each game's position type is generic over a kernel strategy. A [`PositionTask`], written
//! once generic over the position type, runs on the strategy a user names at run time
//! through each game's `Position::run_with` (a `match` on the game's `StrategyId`).
//!
//! # Example
//!
//! A game needs only its rules to get perft and search. Here is one-or-two Nim: players take
//! one or two stones from a pile, and whoever takes the last stone wins.
//!
//! ```
//! use std::fmt;
//! use std::str::FromStr;
//!
//! use bitgames_search::{AlphaBeta, ArrayVec, Evaluate, Game, Limits, Outcome, Player};
//! use bitgames_search::{divide, perft};
//!
//! #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
//! struct Nim {
//!     stones: u8,
//!     side: Player,
//! }
//!
//! #[derive(Debug)]
//! struct BadInput;
//! impl fmt::Display for BadInput {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         f.write_str("expected a number of stones")
//!     }
//! }
//! impl std::error::Error for BadInput {}
//!
//! impl fmt::Display for Nim {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         write!(f, "{}", self.stones)
//!     }
//! }
//! impl FromStr for Nim {
//!     type Err = BadInput;
//!     fn from_str(text: &str) -> Result<Self, BadInput> {
//!         let stones = text.parse().map_err(|_| BadInput)?;
//!         Ok(Nim { stones, side: Player::First })
//!     }
//! }
//!
//! impl Game for Nim {
//!     type Move = u8;
//!     type Moves = ArrayVec<u8, 2>;
//!     type Error = BadInput;
//!     const NAME: &'static str = "nim";
//!     const FINISHED_GAME_IS_A_LEAF: bool = false;
//!
//!     fn start() -> Self {
//!         Nim { stones: 4, side: Player::First }
//!     }
//!     fn side_to_move(&self) -> Player {
//!         self.side
//!     }
//!     fn legal_moves(&self) -> Self::Moves {
//!         (1..=self.stones.min(2)).collect()
//!     }
//!     fn play(&self, take: u8) -> Self {
//!         Nim { stones: self.stones - take, side: self.side.other() }
//!     }
//!     fn outcome(&self) -> Outcome {
//!         // Whoever took the last stone (the side not to move) has won.
//!         match self.stones {
//!             0 => Outcome::Win(self.side.other()),
//!             _ => Outcome::Ongoing,
//!         }
//!     }
//!     fn hash(&self) -> u64 {
//!         // Small enough to number positions outright.
//!         u64::from(self.stones) << 1 | self.side.index() as u64
//!     }
//!     fn recompute_hash(&self) -> u64 {
//!         self.hash()
//!     }
//!     fn parse_move(&self, text: &str) -> Result<u8, BadInput> {
//!         let take = text.parse().map_err(|_| BadInput)?;
//!         self.legal_moves().contains(&take).then_some(take).ok_or(BadInput)
//!     }
//! }
//!
//! impl Evaluate for Nim {
//!     fn evaluate(&self) -> i32 {
//!         0 // No heuristic: the search below reaches the end of the game.
//!     }
//! }
//!
//! let start = Nim::start();
//! // Three takes from four stones: 1+1+1, 1+1+2, 1+2+1, 2+1+1.
//! assert_eq!(perft(&start, 3), 4);
//! // Only 1+1+1+1 lasts four plies.
//! assert_eq!(perft(&start, 4), 1);
//! assert_eq!(divide(&start, 3), vec![(1, 3), (2, 1)]);
//!
//! // Taking one leaves three stones, a lost pile for the opponent.
//! let result = AlphaBeta::<Nim>::new(10).search(&start, Limits::depth(10));
//! assert_eq!(result.best_move, Some(1));
//! assert!(result.score > 0);
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod alphabeta;
pub mod elo;
pub mod encoding;
pub mod engine;
mod evaluate;
mod family;
mod game;
mod mcts;
mod perft;
mod playout;
mod split;
mod suite;
#[cfg(feature = "testing")]
pub mod testing;
mod tt;

pub use alphabeta::{AlphaBeta, Limits, SearchResult};
pub use arrayvec::ArrayVec;
pub use encoding::Encoding;
pub use evaluate::{Evaluate, ProbCut, WIN};
pub use family::PositionTask;
pub use game::{Game, Outcome, Player};
pub use mcts::{DEFAULT_MEMORY_BUDGET, EXPLORATION, Mcts, MctsResult};
pub use perft::{PerftStop, divide, perft, perft_generic, perft_parallel, perft_until};
pub use playout::{Playout, RandomPosition, random_playout};
pub use split::{Divide, Split, SplitError, perft_split, split, split_within};
pub use suite::{
    Checked, Mismatch, PerftCase, PerftCount, PerftSuite, SuiteError, SuiteReport,
    SuiteSyntaxError, SyntaxErrorKind, assert_suite, run_suite,
};
pub use tt::{Bound, Entry, Packed, Payload, SharedTranspositionTable, TranspositionTable};
