//! Everything that can be wrong with Amazons input.

use thiserror::Error;

/// A malformed position or move string, or an illegal move; the message names the part.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The position is not ten `/`-separated ranks, a space and a side to move.
    #[error("position {text:?}: expected 10 ranks separated by '/', a space, and w or b")]
    Shape {
        /// The whole position text, as given.
        text: String,
    },
    /// One rank of the position is malformed (a bad character, or not ten files).
    #[error("rank {rank}: {reason}")]
    Rank {
        /// The rank as printed on the board, 10 (the first in the text) down to 1.
        rank: u8,
        /// What is wrong with it.
        reason: String,
    },
    /// The side to move is neither `w` nor `b`: the text found.
    #[error("side to move {0:?}: expected w or b")]
    SideToMove(String),
    /// A colour has more than the four queens the game starts with.
    #[error("{colour}: at most 4 queens, found {found}")]
    TooManyQueens {
        /// `"white"` or `"black"`.
        colour: &'static str,
        /// How many queens of that colour the position has.
        found: usize,
    },
    /// A square name is not a file `a`-`j` followed by a rank 1-10: the text found.
    #[error("{0:?} is not a square: expected a file a-j and a rank 1-10, like d1")]
    BadSquare(String),
    /// A move is not `<from>-<to>/<arrow>`.
    #[error("move {text:?}: expected <from>-<to>/<arrow>, like d1-d7/d2")]
    MoveSyntax {
        /// The move text, as given.
        text: String,
    },
    /// A well-formed move that this position does not allow.
    #[error("illegal move {text}: {reason}")]
    IllegalMove {
        /// The move in canonical notation.
        text: String,
        /// Why it is illegal: no queen of the side to move on the start square, or the
        /// queen or the arrow cannot reach its square.
        reason: String,
    },
}

impl From<bitgames_bitboard::ParseSquareError> for Error {
    fn from(err: bitgames_bitboard::ParseSquareError) -> Error {
        Error::BadSquare(err.text)
    }
}
