//! Everything that can be wrong with Santorini input.

use thiserror::Error;

use crate::{Square, SquareError};

/// A malformed position or move string, or an illegal move. Every message names the part
/// of the input that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    #[error(
        "position {text:?}: expected 4 parts separated by '/' \
         (heights/side to move/player 1/player 2), found {found}"
    )]
    PartCount { text: String, found: usize },
    #[error("heights {text:?}: expected 25 digits, found {found} characters")]
    HeightsLength { text: String, found: usize },
    #[error("heights: {found:?} at {square} is not a height 0-4")]
    BadHeight { square: Square, found: char },
    #[error("side to move {0:?}: expected 1 or 2")]
    SideToMove(String),
    #[error("player {player}: god powers are not supported (found {god:?}, only mortal)")]
    GodPowers { player: u8, god: String },
    #[error("player {player}: {text:?} is not `mortal` or `mortal:<square>,<square>`")]
    WorkerList { player: u8, text: String },
    #[error("player {player}: {source}")]
    WorkerSquare { player: u8, source: SquareError },
    #[error("player {player}: expected no workers (before set-up) or 2, found {found}")]
    WorkerCount { player: u8, found: usize },
    #[error("{square}: two workers on one square")]
    SharedSquare { square: Square },
    #[error("{square}: a worker cannot stand on a dome")]
    WorkerOnDome { square: Square },
    #[error("set-up: {0}")]
    SetUp(&'static str),
    #[error("move {text:?}: {reason}")]
    MoveSyntax { text: String, reason: String },
    #[error("illegal move {text}: {reason}")]
    IllegalMove { text: String, reason: String },
}
