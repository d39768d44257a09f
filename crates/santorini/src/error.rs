//! Everything that can be wrong with Santorini input.

use thiserror::Error;

use bitgames_search::Player;

use crate::{God, Move, Square, SquareError};

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
    /// Two gods this crate does not play against each other (player 1's first): santorini-ai
    /// bans the pair (see [`God::check_matchup`]).
    #[error("{first} against {second} is not supported: {why}")]
    UnsupportedMatchup {
        /// Player 1's god.
        first: God,
        /// Player 2's god.
        second: God,
        /// Why not.
        why: &'static str,
    },
    /// A god name that is not one of the gods implemented.
    #[error("unknown god {name:?}: expected one of {choices}")]
    UnknownGod {
        /// The name, as given.
        name: String,
        /// Every god's name.
        choices: String,
    },
    /// A player's god name with a character other than a letter or digit: the notation's markers
    /// come before the name (`#`, `-`) or after it (`[^]`), never inside it.
    #[error(
        "player {player}: {name:?} is not a god's name: names are letters and digits only, with the \
         winner's # and santorini-ai's - before the name (#athena, -mortal) and a god's \
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
        "player {player}: {text:?} is not a state of {god} (only athena, nike, polyphemus, achilles, bellerophon, theseus, jason, europa, morpheus, aeolus, selene, hippolyta and clio have one: athena[^], she moved up last turn; nike[^], she moved down; polyphemus[x], he has used his domes; achilles[x] or bellerophon[x], he has used his power; theseus[x], he has removed a worker; jason[x], he has placed his new worker; europa[D4], her token stands on D4; morpheus[3], three blocks on his card, at most 200; aeolus[n], the wind forbids steps north; selene[B3] or hippolyta[B3], her female worker stands on B3; clio[1|C4,D2], one coin left, coins on C4 and D2)"
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
    /// A player has more workers than its god can have (two; Graeae, Proteus and the Stymphalians three; Jason three once
    /// his power has placed the third; Hydra eleven), or some but not all of them before
    /// anything is built (set-up places them at once; only a removal after the first build
    /// leaves fewer).
    #[error(
        "player {player}: expected at most 2 workers, 3 for graeae, proteus and stymphalians, and for jason once he \
         has placed his new one, 11 for hydra (none or all of them before anything is \
         built), found {found}"
    )]
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
    /// Selene's or Hippolyta's female worker (`selene[B3]`, `hippolyta[B3]`) is on a square
    /// without one of her workers.
    #[error("player {player}: the female worker on {square} is none of her workers")]
    FemaleWorker {
        /// The player, 1 or 2, as in the notation.
        player: u8,
        /// The square named.
        square: Square,
    },
    /// A coin of Clio's (`clio[1|C4]`) lies on level 0, where she never built, or under an
    /// opponent worker, which may never enter its square.
    #[error(
        "player {player}: clio's coin on {square} lies on no block or under an opponent worker"
    )]
    CoinSquare {
        /// The player, 1 or 2, as in the notation.
        player: u8,
        /// The coin's square.
        square: Square,
    },
    /// A god's token (Europa's Talus) shares its square with a worker, a dome or the other
    /// player's token: it is placed only where none stands, and then none may come.
    #[error(
        "player {player}: the token on {square} shares its square with a worker, a dome or a token"
    )]
    TokenSquare {
        /// The player, 1 or 2, as in the notation.
        player: u8,
        /// The token's square.
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
    #[error("illegal move {mv}: {reason}")]
    IllegalMove {
        /// The move.
        mv: Move,
        /// Why this position does not allow it.
        reason: IllegalReason,
    },
}

/// Why a well-formed move is not legal in a position: what [`Position::play`] and
/// [`Position::parse_move`] refuse, as a value a program can match on. Players print as
/// `player 1` and `player 2`.
///
/// [`Position::play`]: crate::Position::play
/// [`Position::parse_move`]: crate::Position::parse_move
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum IllegalReason {
    /// A player has already won.
    #[error("the game is over: player {} has won", .winner.index() + 1)]
    GameOver {
        /// The winner.
        winner: Player,
    },
    /// A god's move played by a player with another god.
    #[error("{mv} is a move of {owner}; player {} plays {god}", .player.index() + 1)]
    AnotherGodsPower {
        /// The move.
        mv: Move,
        /// The god whose power it uses.
        owner: God,
        /// The side to move.
        player: Player,
        /// Its god.
        god: God,
    },
    /// A move of the side to move's own god that its power does not allow here.
    #[error("{god} has no such move here")]
    NoSuchPowerMove {
        /// The side to move's god.
        god: God,
    },
    /// A placement after the side to move's workers are on the board.
    #[error("player {} has already placed both workers", .player.index() + 1)]
    AlreadyPlaced {
        /// The side to move.
        player: Player,
    },
    /// A move before the side to move has placed its workers.
    #[error("player {} must place both workers first (place:<a>,<b>)", .player.index() + 1)]
    MustPlaceFirst {
        /// The side to move.
        player: Player,
    },
    /// A square the move needs empty is domed.
    #[error("{role} {square} is domed")]
    Domed {
        /// What the move does with the square.
        role: SquareRole,
        /// The square.
        square: Square,
    },
    /// A square the move needs empty holds Europa's Talus token, which no worker may enter
    /// and no one may build on.
    #[error("{role} {square} holds europa's talus token")]
    Talus {
        /// What the move does with the square.
        role: SquareRole,
        /// The square.
        square: Square,
    },
    /// A square the move needs empty holds a coin of the opponent's Clio, which no worker
    /// of the side to move may enter and on which it may not build.
    #[error("{role} {square} holds a coin of clio's")]
    Coin {
        /// What the move does with the square.
        role: SquareRole,
        /// The square.
        square: Square,
    },
    /// A square the move needs empty holds a worker.
    #[error("{role} {square} holds a worker")]
    Occupied {
        /// What the move does with the square.
        role: SquareRole,
        /// The square.
        square: Square,
    },
    /// The move starts where the side to move has no worker.
    #[error("player {} has no worker on {from}", .player.index() + 1)]
    NoWorker {
        /// The side to move.
        player: Player,
        /// The start square.
        from: Square,
    },
    /// The destination is not next to the start.
    #[error("{to} is not next to {from}")]
    NotAdjacent {
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// A climb of more than one level.
    #[error("cannot climb from level {from_level} to level {to_level}")]
    TooHigh {
        /// The start square's level.
        from_level: u8,
        /// The destination's level.
        to_level: u8,
    },
    /// A winning move (`>..#`) that does not move up onto level 3.
    #[error(
        "only a move up onto level 3 wins ({from} is level {from_level}, {to} is level {to_level})"
    )]
    NotAWin {
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
        /// The start square's level.
        from_level: u8,
        /// The destination's level.
        to_level: u8,
    },
    /// A move up onto level 3 written as a move and build: it wins at once.
    #[error("moving up onto level 3 wins at once: write {from}>{to}#")]
    MustWin {
        /// The start square.
        from: Square,
        /// The destination.
        to: Square,
    },
    /// A build that is not next to the moved worker.
    #[error("build {build} is not next to {to}")]
    BuildNotAdjacent {
        /// The build square.
        build: Square,
        /// Where the worker moved.
        to: Square,
    },
    /// A placement that is not legal for another reason.
    #[error("not a legal placement")]
    NotAPlacement,
    /// A move that is not legal for another reason.
    #[error("not a legal move")]
    NotLegal,
}

/// What a move does with a square that must be free, as messages name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SquareRole {
    /// A worker is placed there.
    Placement,
    /// A worker moves there.
    Destination,
    /// A worker builds there.
    Build,
}

impl std::fmt::Display for SquareRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SquareRole::Placement => "square",
            SquareRole::Destination => "destination",
            SquareRole::Build => "build",
        })
    }
}
