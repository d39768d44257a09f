//! Everything that can be wrong with Amazons input.

use thiserror::Error;

/// A malformed position or move string, or an illegal move; the message names the part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    #[error("position {text:?}: expected 10 ranks separated by '/', a space, and w or b")]
    Shape { text: String },
    #[error("rank {rank}: {reason}")]
    Rank { rank: u8, reason: String },
    #[error("side to move {0:?}: expected w or b")]
    SideToMove(String),
    #[error("{colour}: at most 4 queens, found {found}")]
    TooManyQueens { colour: &'static str, found: usize },
    #[error("{0:?} is not a square: expected a file a-j and a rank 1-10, like d1")]
    BadSquare(String),
    #[error("move {text:?}: expected <from>-<to>/<arrow>, like d1-d7/d2")]
    MoveSyntax { text: String },
    #[error("illegal move {text}: {reason}")]
    IllegalMove { text: String, reason: String },
}
