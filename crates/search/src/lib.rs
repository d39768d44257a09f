//! The game-generic layer: one [`Game`] trait over small `Copy` positions, and the tools
//! written once against it — [`perft()`], [`divide`], [`perft_parallel`],
//! [`random_playout`], perft test suites ([`PerftSuite`]), alpha-beta ([`AlphaBeta`], needing an [`Evaluate`]) and MCTS
//! ([`Mcts`]), and the [`engine`]s front ends seat.

mod alphabeta;
pub mod elo;
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
pub use evaluate::{Evaluate, WIN};
pub use family::{GameFamily, PositionVisitor};
pub use game::{Game, Outcome, Player};
pub use mcts::{EXPLORATION, Mcts, MctsResult};
pub use perft::{divide, perft, perft_parallel};
pub use playout::{Playout, RandomPosition, random_playout};
pub use split::{Divide, Split, perft_split, split};
pub use suite::{
    Checked, Mismatch, PerftCase, PerftCount, PerftSuite, SuiteError, SuiteReport,
    SuiteSyntaxError, SyntaxErrorKind, assert_suite, run_suite,
};
pub use tt::{Bound, Entry, Payload, TranspositionTable};
