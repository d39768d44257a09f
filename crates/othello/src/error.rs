//! Everything that can be wrong with Othello input.

use thiserror::Error;

/// A malformed position or move string, or an illegal move; the message names the part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The position is not a board, a space and a side to move.
    #[error(
        "position {text:?}: expected 64 squares (X, O or -), a space, and the side to move (X or O)"
    )]
    Shape {
        /// The whole position text, as given.
        text: String,
    },
    /// The board part does not have one character for each of the 64 squares.
    #[error("board: expected 64 squares, found {found}")]
    BoardLength {
        /// Characters in the board part.
        found: usize,
    },
    /// A board character is not a disc or an empty square.
    #[error("board: {found:?} at {square} is not X, O or -")]
    BadSquareContent {
        /// The square's name (`a1`..`h8`), so the message points at the board.
        square: String,
        /// The character found there.
        found: char,
    },
    /// The side to move is neither `X` nor `O`: the text found.
    #[error("side to move {0:?}: expected X (black) or O (white)")]
    SideToMove(String),
    /// A square (or a move that is not a pass) is not a file a-h and a row 1-8: the text
    /// found.
    #[error("{0:?} is not a square: expected a file a-h and a row 1-8, like d3")]
    BadSquare(String),
    /// A well-formed move that this position does not allow.
    #[error("illegal move {text}: {reason}")]
    IllegalMove {
        /// The move in canonical notation.
        text: String,
        /// Why it is illegal: the game is over, the square is occupied or flips nothing, or
        /// a pass while a square is legal (or the reverse).
        reason: String,
    },
}
