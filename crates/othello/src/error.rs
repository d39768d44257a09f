//! Everything that can be wrong with Othello input.

use thiserror::Error;

use crate::{Move, Square};

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
    #[error("illegal move {mv}: {reason}")]
    IllegalMove {
        /// The move.
        mv: Move,
        /// Why it is illegal.
        reason: IllegalReason,
    },
}

/// Why a well-formed move is not legal in a position: what [`Position::play`] and
/// [`Position::parse_move`] refuse, as a value a program can match on.
///
/// [`Position::play`]: crate::Position::play
/// [`Position::parse_move`]: crate::Position::parse_move
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum IllegalReason {
    /// Neither side can move: no move, not even a pass, is left.
    #[error("the game is over")]
    GameOver,
    /// A pass while the side to move has a legal square.
    #[error("passing is only allowed without a legal square")]
    PassWithLegalSquare,
    /// A square while the side to move has none (it must pass).
    #[error("no legal square: the side to move must pass")]
    MustPass,
    /// A disc on a square that already holds one.
    #[error("{0} is occupied")]
    Occupied(Square),
    /// A disc on an empty square that outflanks no line of opponent discs.
    #[error("a disc on {0} flips nothing")]
    FlipsNothing(Square),
}
