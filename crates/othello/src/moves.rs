//! Moves: a square (`d3`) or a pass (`pass`; `PS` and `PA` are accepted too).

use core::fmt;
use core::str::FromStr;

use bitgames_bitboard::ParseSquareError;

use crate::{Error, Square};

/// An Othello move. A pass is a move of its own (one ply) so that search and perft treat
/// every turn alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Place a disc on the square.
    Play(Square),
    /// The side to move has no legal square and passes (one ply).
    Pass,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(square) => square.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = Error;

    /// Reads `d3`/`D3`, or `pass`/`PS`/`PA` in any case.
    fn from_str(text: &str) -> Result<Move, Error> {
        let trimmed = text.trim();
        if ["pass", "ps", "pa"]
            .iter()
            .any(|p| trimmed.eq_ignore_ascii_case(p))
        {
            return Ok(Move::Pass);
        }
        trimmed
            .parse()
            .map(Move::Play)
            .map_err(|err: ParseSquareError| Error::BadSquare(err.text))
    }
}
