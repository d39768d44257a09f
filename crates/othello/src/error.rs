//! Everything that can be wrong with Othello input.

use thiserror::Error;

/// A malformed position or move string, or an illegal move; the message names the part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    #[error(
        "position {text:?}: expected 64 squares (X, O or -), a space, and the side to move (X or O)"
    )]
    Shape { text: String },
    #[error("board: expected 64 squares, found {found}")]
    BoardLength { found: usize },
    #[error("board: {found:?} at {square} is not X, O or -")]
    BadSquareContent { square: String, found: char },
    #[error("side to move {0:?}: expected X (black) or O (white)")]
    SideToMove(String),
    #[error("{0:?} is not a square: expected a file a-h and a row 1-8, like d3")]
    BadSquare(String),
    #[error("illegal move {text}: {reason}")]
    IllegalMove { text: String, reason: String },
}
