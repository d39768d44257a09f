//! Moves and their notation: `B3>C3^C4` (move B3 to C3, build on C4), `A3>B3#` (a winning
//! move up onto level 3, no build), `place:B3,D3` (set-up: place both workers).

use core::fmt;
use core::str::FromStr;

use crate::{Error, Square};

/// One turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Set-up: place both workers; the squares are distinct and in increasing order.
    Place(Square, Square),
    /// Move a worker from `from` to `to`, then build on `build` with it.
    Build {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to, a neighbour at most one level up.
        to: Square,
        /// The square it builds on: a neighbour of `to` without a dome or a worker (`from`
        /// is free again).
        build: Square,
    },
    /// Move a worker up onto level 3: the game is won and there is no build.
    Win {
        /// The worker's square, on level 2.
        from: Square,
        /// The level-3 square it climbs to.
        to: Square,
    },
}

impl Move {
    /// A placement of two distinct squares, in canonical (increasing) order.
    pub fn place(a: Square, b: Square) -> Option<Move> {
        (a != b).then(|| Move::Place(a.min(b), a.max(b)))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(a, b) => write!(f, "place:{a},{b}"),
            Move::Build { from, to, build } => write!(f, "{from}>{to}^{build}"),
            Move::Win { from, to } => write!(f, "{from}>{to}#"),
        }
    }
}

impl FromStr for Move {
    type Err = Error;

    /// Reads a move, case-insensitively. Checks the syntax only; legality depends on the
    /// position (see `Position::parse_move`).
    fn from_str(text: &str) -> Result<Move, Error> {
        let syntax = |reason: &str| Error::MoveSyntax {
            text: text.to_owned(),
            reason: reason.to_owned(),
        };
        let square = |name: &str| {
            name.parse::<Square>().map_err(|err| Error::MoveSyntax {
                text: text.to_owned(),
                reason: err.to_string(),
            })
        };
        let trimmed = text.trim();
        if let Some(squares) = strip_prefix_ignore_case(trimmed, "place:") {
            let (a, b) = squares
                .split_once(',')
                .ok_or_else(|| syntax("expected place:<square>,<square>"))?;
            return Move::place(square(a)?, square(b)?)
                .ok_or_else(|| syntax("both workers placed on one square"));
        }
        let (from, rest) = trimmed
            .split_once('>')
            .ok_or_else(|| syntax("expected <from>><to>^<build>, <from>><to># or place:<a>,<b>"))?;
        let from = square(from)?;
        if let Some(to) = rest.strip_suffix('#') {
            return Ok(Move::Win {
                from,
                to: square(to)?,
            });
        }
        let (to, build) = rest
            .split_once('^')
            .ok_or_else(|| syntax("expected ^<build> after the destination, or # for a win"))?;
        Ok(Move::Build {
            from,
            to: square(to)?,
            build: square(build)?,
        })
    }
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn notation_round_trips_and_is_case_insensitive() {
        let cases = [
            (
                "B3>C3^C4",
                Move::Build {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                },
            ),
            (
                "A3>B3#",
                Move::Win {
                    from: sq("A3"),
                    to: sq("B3"),
                },
            ),
            ("place:B3,D3", Move::Place(sq("B3"), sq("D3"))),
        ];
        for (text, mv) in cases {
            assert_eq!(text.parse::<Move>(), Ok(mv));
            assert_eq!(text.to_lowercase().parse::<Move>(), Ok(mv));
            assert_eq!(mv.to_string(), text);
        }
        // Placement squares are canonicalised to increasing bit order (top-left first).
        assert_eq!(
            "PLACE:d3,b3".parse::<Move>().unwrap().to_string(),
            "place:B3,D3"
        );
    }

    #[test]
    fn malformed_moves_are_errors_naming_the_problem() {
        for (text, needle) in [
            ("", "expected"),
            ("B3C3", "expected"),
            ("B3>C3", "^<build>"),
            ("B3>C3^", "is not a square"),
            ("B3>F3^C4", "\"F3\" is not a square"),
            ("Z9>C3#", "\"Z9\" is not a square"),
            ("place:B3", "place:<square>,<square>"),
            ("place:B3,B3", "one square"),
            ("place:B3,B6", "\"B6\" is not a square"),
            ("B3>C3^C4^D4", "is not a square"),
        ] {
            let err = text.parse::<Move>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?}: {err}");
        }
    }
}
