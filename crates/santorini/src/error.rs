//! Everything that can be wrong with Santorini input.

use thiserror::Error;

use crate::{Square, SquareError};

/// A malformed position or move string, or an illegal move. Every message names the part
/// of the input that is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The position is not four `/`-separated parts.
    #[error(
        "position {text:?}: expected 4 parts separated by '/' \
         (heights/side to move/player 1/player 2), found {found}"
    )]
    PartCount {
        /// The whole position text, as given.
        text: String,
        /// How many parts it has.
        found: usize,
    },
    /// The heights part does not have one digit for each of the 25 squares.
    #[error("heights {text:?}: expected 25 digits, found {found} characters")]
    HeightsLength {
        /// The heights part, as given.
        text: String,
        /// Characters in it.
        found: usize,
    },
    /// A heights character is not a digit 0-4.
    #[error("heights: {found:?} at {square} is not a height 0-4")]
    BadHeight {
        /// The square the character stands for.
        square: Square,
        /// The character found there.
        found: char,
    },
    /// The side to move is neither `1` nor `2`: the text found.
    #[error("side to move {0:?}: expected 1 or 2")]
    SideToMove(String),
    /// A god name that is not one of the gods implemented.
    #[error("unknown god {name:?}: expected one of {choices}")]
    UnknownGod {
        /// The name, as given.
        name: String,
        /// Every god's name.
        choices: String,
    },
    /// A player's god name with a character other than a letter: the notation's markers
    /// come before the name (`#`, `-`) or after it (`[^]`), never inside it.
    #[error(
        "player {player}: {name:?} is not a god's name: names are letters only, with the \
         winner's # and santorini-ai's - before the name (#athena, -mortal) and athena's \
         state after it (athena[^])"
    )]
    GodName {
        /// The player, 1 or 2, as in the notation.
        player: u8,
        /// The name as given, markers aside.
        name: String,
    },
    /// A god's state in brackets that the god does not have or that cannot arise.
    #[error(
        "player {player}: {text:?} is not a state of {god} (only athena has one: athena[^], she moved up last turn)"
    )]
    GodState {
        /// The player, 1 or 2, as in the notation.
        player: u8,
        /// The player's god.
        god: crate::God,
        /// The player's part, as given.
        text: String,
    },
    /// A player's part is neither `mortal` nor `mortal:` with squares.
    #[error(
        "player {player}: {text:?} is not `<god>` or `<god>:<square>,<square>` (for example mortal:B3,D3)"
    )]
    WorkerList {
        /// The player, 1 or 2, as in the notation.
        player: u8,
        /// The player's part, as given.
        text: String,
    },
    /// A player's worker square does not parse.
    #[error("player {player}: {source}")]
    WorkerSquare {
        /// The player, 1 or 2, as in the notation.
        player: u8,
        /// What is wrong with the square.
        source: SquareError,
    },
    /// A player has placed a number of workers other than none or two.
    #[error("player {player}: expected no workers (before set-up) or 2, found {found}")]
    WorkerCount {
        /// The player, 1 or 2, as in the notation.
        player: u8,
        /// How many worker squares the player's part lists.
        found: usize,
    },
    /// Two workers (of one player or both) stand on the same square.
    #[error("{square}: two workers on one square")]
    SharedSquare {
        /// The square they share.
        square: Square,
    },
    /// A worker stands on a domed square.
    #[error("{square}: a worker cannot stand on a dome")]
    WorkerOnDome {
        /// The domed square.
        square: Square,
    },
    /// The placed workers do not fit the side to move (player 1 places first, then
    /// player 2): what is wrong.
    #[error("set-up: {0}")]
    SetUp(&'static str),
    /// A move string does not follow the move notation.
    #[error("move {text:?}: {reason}")]
    MoveSyntax {
        /// The move text, as given.
        text: String,
        /// Which part is malformed.
        reason: String,
    },
    /// A move text longer than any move can be ([`crate::Move::MAX_TEXT`]), refused unread.
    #[error(
        "move {start:?}...: {length} bytes long, but no move is longer than {limit} bytes \
         (for example (A1,B1)>(C1,D1)^C2)"
    )]
    MoveTooLong {
        /// The text's first characters.
        start: String,
        /// Its length in bytes, surrounding whitespace aside.
        length: usize,
        /// The longest text read.
        limit: usize,
    },
    /// A well-formed move that this position does not allow.
    #[error("illegal move {text}: {reason}")]
    IllegalMove {
        /// The move in canonical notation.
        text: String,
        /// Why this position does not allow it.
        reason: String,
    },
}
