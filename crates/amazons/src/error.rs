//! Everything that can be wrong with Amazons input.

use bitgames_search::Player;
use thiserror::Error;

use crate::{Move, Square};

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum IllegalReason {
    /// The start square holds no queen of the side to move.
    #[error("no {} queen on {from}", colour(*side))]
    NoQueen {
        /// The side to move.
        side: Player,
        /// The start square.
        from: Square,
    },
    /// The queen's path to its destination is blocked or not a queen line.
    #[error("the queen on {from} cannot reach {to}")]
    QueenBlocked {
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// The arrow's path from the queen's destination is blocked or not a queen line.
    #[error("an arrow from {to} cannot reach {arrow}")]
    ArrowBlocked {
        /// The queen's destination, where the arrow is shot from.
        to: Square,
        /// The arrow's square.
        arrow: Square,
    },
}

/// The colour the notation gives a side: white moves first.
fn colour(side: Player) -> &'static str {
    match side {
        Player::First => "white",
        Player::Second => "black",
    }
}

impl From<bitgames_bitboard::ParseSquareError> for Error {
    fn from(err: bitgames_bitboard::ParseSquareError) -> Error {
        Error::BadSquare(err.text)
    }
}
