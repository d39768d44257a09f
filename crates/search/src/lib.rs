//! The game-generic layer: one [`Game`] trait over small `Copy` positions, and the tools
//! written once against it — [`perft()`], [`divide`], [`perft_parallel`] and
//! [`random_playout`].

mod game;
mod perft;
mod playout;

pub use arrayvec::ArrayVec;
pub use game::{Game, Outcome, Player};
pub use perft::{divide, perft, perft_parallel};
pub use playout::{Playout, random_playout};
