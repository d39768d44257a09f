//! A player's command for one round, in the `x,y,t` text format of the competition.

use core::fmt;
use core::str::FromStr;

use crate::Error;
use crate::rules::{BuildingKind, HALF_WIDTH, MAP_HEIGHT};

/// One player's command for one round, in that player's own frame (x 0..8, its back column
/// x = 0, its front column x = 7; the engine mirrors B's x).
///
/// Text: `x,y,t` with t = 0 defence, 1 attack, 2 energy, 3 deconstruct, 4 tesla, 5 iron
/// curtain; the empty string (or `No Command`, as the engine's logs write it) is
/// [`Command::Nothing`]. `Display` writes what `FromStr` reads; nothing is written as the
/// empty string and the curtain as `0,0,5`.
///
/// A command that parses may still be invalid in a given state (an occupied cell, too little
/// energy): the engine treats such a command as doing nothing, and so does every strategy.
///
/// ```
/// use bitgames_towerdefence::{BuildingKind, Command};
///
/// let build: Command = "3,4,1".parse()?;
/// assert_eq!(build, Command::Build { x: 3, y: 4, kind: BuildingKind::Attack });
/// assert_eq!("".parse::<Command>()?, Command::Nothing);
/// assert!("8,0,1".parse::<Command>().is_err()); // x is in the player's own half: 0..8
/// # Ok::<(), bitgames_towerdefence::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Command {
    /// Do nothing this round (also what an invalid command amounts to).
    #[default]
    Nothing,
    /// Place a building of `kind` on an empty cell of the player's half, paying its price.
    Build {
        /// The column in the player's own frame (0 its back column, 7 its front).
        x: u8,
        /// The row (0 the top).
        y: u8,
        /// What to build.
        kind: BuildingKind,
    },
    /// Remove the player's building on a cell at once, constructed or not, for a refund.
    Deconstruct {
        /// The column in the player's own frame (0 its back column, 7 its front).
        x: u8,
        /// The row (0 the top).
        y: u8,
    },
    /// Raise the iron curtain, which stops enemy missiles and tesla shots for a few
    /// rounds; the engine ignores the cell.
    IronCurtain,
}

impl Command {
    /// The command's cell in the player's own frame, if it has one.
    pub fn cell(self) -> Option<(u8, u8)> {
        match self {
            Command::Build { x, y, .. } | Command::Deconstruct { x, y } => Some((x, y)),
            Command::Nothing | Command::IronCurtain => None,
        }
    }
}

impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Command::Nothing => Ok(()),
            Command::Build { x, y, kind } => write!(f, "{x},{y},{}", kind.type_id()),
            Command::Deconstruct { x, y } => write!(f, "{x},{y},3"),
            Command::IronCurtain => f.write_str("0,0,5"),
        }
    }
}

impl FromStr for Command {
    type Err = Error;

    fn from_str(text: &str) -> Result<Command, Error> {
        let trimmed = text.trim();
        if trimmed.is_empty() || trimmed == "No Command" {
            return Ok(Command::Nothing);
        }
        let parts: Vec<&str> = trimmed.split(',').map(str::trim).collect();
        let [x, y, t] = parts[..] else {
            return Err(Error::CommandShape {
                text: text.to_owned(),
            });
        };
        let number = |part: &'static str, value: &str| {
            value.parse::<i64>().map_err(|_| Error::CommandNumber {
                text: text.to_owned(),
                part,
                value: value.to_owned(),
            })
        };
        let (x, y, t) = (number("x", x)?, number("y", y)?, number("t", t)?);
        let kind = match t {
            5 => return Ok(Command::IronCurtain),
            0 => Some(BuildingKind::Defence),
            1 => Some(BuildingKind::Attack),
            2 => Some(BuildingKind::Energy),
            3 => None,
            4 => Some(BuildingKind::Tesla),
            _ => {
                return Err(Error::CommandType {
                    text: text.to_owned(),
                    t,
                });
            }
        };
        if !(0..i64::from(HALF_WIDTH)).contains(&x) || !(0..i64::from(MAP_HEIGHT)).contains(&y) {
            return Err(Error::CommandCell {
                text: text.to_owned(),
                x,
                y,
            });
        }
        let (x, y) = (x as u8, y as u8);
        Ok(match kind {
            Some(kind) => Command::Build { x, y, kind },
            None => Command::Deconstruct { x, y },
        })
    }
}
