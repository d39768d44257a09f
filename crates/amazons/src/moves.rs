//! Moves: `d1-d7/d2` — a queen from d1 to d7, then an arrow from d7 to d2.

use core::fmt;
use core::str::FromStr;

use crate::{Error, Square};

/// A queen move followed by an arrow shot from the queen's new square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The square the queen leaves.
    pub from: Square,
    /// The square the queen lands on, where the arrow is shot from.
    pub to: Square,
    /// The square the arrow burns: a queen move from `to` with `from` now empty.
    pub arrow: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}/{}", self.from, self.to, self.arrow)
    }
}

impl FromStr for Move {
    type Err = Error;

    /// Reads `d1-d7/d2` (any case). Checks the syntax only.
    fn from_str(text: &str) -> Result<Move, Error> {
        let syntax = || Error::MoveSyntax {
            text: text.to_owned(),
        };
        let (from, rest) = text.trim().split_once('-').ok_or_else(syntax)?;
        let (to, arrow) = rest.split_once('/').ok_or_else(syntax)?;
        Ok(Move {
            from: from.parse()?,
            to: to.parse()?,
            arrow: arrow.parse()?,
        })
    }
}
