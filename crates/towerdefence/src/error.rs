//! Everything that can be wrong with Tower Defence input.

use std::path::PathBuf;

use thiserror::Error;

/// A malformed command or state file, or a replay directory that cannot be read. The
/// message names the offending part; nothing in this crate panics on bad input.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// A command is not three comma-separated parts (nor empty, nor `No Command`).
    #[error(
        "command {text:?}: expected x,y,t (three integers), an empty command or \"No Command\""
    )]
    CommandShape {
        /// The command text, as given.
        text: String,
    },
    /// A part of a command is not an integer.
    #[error("command {text:?}: {part} is {value:?}, not an integer")]
    CommandNumber {
        /// The command text, as given.
        text: String,
        /// Which part: `"x"`, `"y"` or `"t"`.
        part: &'static str,
        /// That part's text.
        value: String,
    },
    /// A command's type is not one of the six the engine knows.
    #[error(
        "command {text:?}: type {t} is not 0 (defence), 1 (attack), 2 (energy), 3 (deconstruct), \
         4 (tesla) or 5 (iron curtain)"
    )]
    CommandType {
        /// The command text, as given.
        text: String,
        /// The type number found.
        t: i64,
    },
    /// A command's cell is outside the player's own 8x8 half.
    #[error(
        "command {text:?}: cell ({x},{y}) is outside the player's half (x and y are 0..7 in the \
         player's own frame)"
    )]
    CommandCell {
        /// The command text, as given.
        text: String,
        /// The column found, in the player's own frame.
        x: i64,
        /// The row found.
        y: i64,
    },
    /// A state file is not JSON of the engine's shape: serde's message.
    #[error("state JSON: {message}")]
    Json {
        /// What the JSON reader rejected, with its line and column.
        message: String,
    },
    /// A state file's game settings differ from the official configuration this
    /// simulation hard-codes, so its rules would not match.
    #[error(
        "state JSON: gameDetails.{field} is {found}, but this simulation plays the official \
         engine v3.0.2 configuration, where it is {expected}"
    )]
    Config {
        /// The setting, as a path under `gameDetails` (e.g. `buildingPrices.TESLA`).
        field: String,
        /// Its official value (or "no such building" for an unknown building name).
        expected: String,
        /// The value in the file.
        found: String,
    },
    /// A game setting the engine writes in every state file is missing, so the file cannot
    /// be checked against the official configuration (and was not written by the engine).
    #[error(
        "state JSON: gameDetails.{field} is missing; the official engine v3.0.2 writes it in \
         every state, and this simulation checks it against that configuration"
    )]
    MissingConfig {
        /// The setting, as a path under `gameDetails` (e.g. `buildingPrices` or
        /// `buildingsStats.TESLA.price`).
        field: String,
    },
    /// The `players` list is not one player A and one player B (in either order): a
    /// player is missing or repeated.
    #[error(
        "state JSON: players: expected one player A and one player B, found playerTypes \
         {found:?}"
    )]
    PlayerTypes {
        /// The `playerType` of each entry of `players`, in file order.
        found: Vec<String>,
    },
    /// A map cell's `cellOwner` is not the player whose half the cell is in.
    #[error(
        "state JSON: gameMap cell ({x},{y}): cellOwner is {found:?}, but the cell is in player \
         {expected}'s half (x 0..7 is A's, 8..15 is B's)"
    )]
    CellOwner {
        /// The map column (0..16, player A's half first).
        x: u8,
        /// The map row (0..8).
        y: u8,
        /// The `cellOwner` in the file.
        found: String,
        /// The owner of the cell's half.
        expected: crate::Player,
    },
    /// The map is not 16x8 cells, a cell is out of place, or a cell named is off the map.
    #[error("state JSON: gameMap: {problem}")]
    Map {
        /// What is wrong with the map.
        problem: String,
    },
    /// A player's numbers (or the round) are missing or impossible.
    #[error("state JSON: players: {problem}")]
    Players {
        /// What is wrong, naming the player and field.
        problem: String,
    },
    /// A building is malformed or in a state the rules cannot reach.
    #[error("state JSON: building at ({x},{y}): {problem}")]
    Building {
        /// The map column (0..16, player A's half first).
        x: u8,
        /// The map row (0..8).
        y: u8,
        /// What is wrong with the building.
        problem: String,
    },
    /// Missiles on a cell are malformed or more than the rules allow there.
    #[error("state JSON: missiles at ({x},{y}): {problem}")]
    Missile {
        /// The map column (0..16, player A's half first).
        x: u8,
        /// The map row (0..8).
        y: u8,
        /// What is wrong with the missiles.
        problem: String,
    },
    /// A file or directory cannot be read, or a game directory has gaps.
    #[error("{}: {message}", path.display())]
    Io {
        /// The file or directory concerned.
        path: PathBuf,
        /// The operating system's message, or which rounds are missing.
        message: String,
    },
    /// Another error, found in the file at `path` (wraps errors of replayed state and
    /// command files so the message names the file).
    #[error("{}: {error}", path.display())]
    InFile {
        /// The file the error was found in.
        path: PathBuf,
        /// What is wrong in it.
        error: Box<Error>,
    },
    /// A file that is not read: absent, not a regular file, a link out of its directory,
    /// or too large ([`crate::files`]).
    #[error(transparent)]
    File(#[from] crate::files::FileError),
    /// A directory holds no recorded round to replay.
    #[error("{}: no \"Round NNN\" folders with a state.json", dir.display())]
    NoRounds {
        /// The directory searched.
        dir: PathBuf,
    },
    /// A strategy name that is not in this build's strategy list.
    #[error("unknown strategy {name:?}: expected one of {known}")]
    UnknownStrategy {
        /// The name asked for.
        name: String,
        /// The names of every strategy compiled in, comma-separated.
        known: String,
    },
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
