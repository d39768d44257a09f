//! Everything that can be wrong with Tower Defence input.

use std::path::PathBuf;

use thiserror::Error;

/// A malformed command or state file, or a replay directory that cannot be read. The
/// message names the offending part; nothing in this crate panics on bad input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    #[error(
        "command {text:?}: expected x,y,t (three integers), an empty command or \"No Command\""
    )]
    CommandShape { text: String },
    #[error("command {text:?}: {part} is {value:?}, not an integer")]
    CommandNumber {
        text: String,
        part: &'static str,
        value: String,
    },
    #[error(
        "command {text:?}: type {t} is not 0 (defence), 1 (attack), 2 (energy), 3 (deconstruct), \
         4 (tesla) or 5 (iron curtain)"
    )]
    CommandType { text: String, t: i64 },
    #[error(
        "command {text:?}: cell ({x},{y}) is outside the player's half (x and y are 0..7 in the \
         player's own frame)"
    )]
    CommandCell { text: String, x: i64, y: i64 },
    #[error("state JSON: {message}")]
    Json { message: String },
    #[error(
        "state JSON: gameDetails.{field} is {found}, but this simulation plays the official \
         engine v3.0.2 configuration, where it is {expected}"
    )]
    Config {
        field: String,
        expected: String,
        found: String,
    },
    #[error("state JSON: gameMap: {problem}")]
    Map { problem: String },
    #[error("state JSON: players: {problem}")]
    Players { problem: String },
    #[error("state JSON: building at ({x},{y}): {problem}")]
    Building { x: u8, y: u8, problem: String },
    #[error("state JSON: missiles at ({x},{y}): {problem}")]
    Missile { x: u8, y: u8, problem: String },
    #[error("{}: {message}", path.display())]
    Io { path: PathBuf, message: String },
    #[error("{}: {error}", path.display())]
    InFile { path: PathBuf, error: Box<Error> },
    #[error("{}: no \"Round NNN\" folders with a state.json", dir.display())]
    NoRounds { dir: PathBuf },
    #[error("unknown strategy {name:?}: expected one of {known}")]
    UnknownStrategy { name: String, known: String },
}

impl Error {
    /// This error, said to come from the file at `path`.
    pub(crate) fn in_file(self, path: impl Into<PathBuf>) -> Error {
        Error::InFile {
            path: path.into(),
            error: Box::new(self),
        }
    }
}
