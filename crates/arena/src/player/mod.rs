//! Engines as values, ours and external programs alike, so that the match referee
//! ([`crate::referee`]) seats them the same way and judges every move they make.
//!
//! An engine is named by an [`EngineSpec`], what `bitgames match --a/--b` takes:
//!
//! | spec | engine | games |
//! |---|---|---|
//! | `random`, `alphabeta`, `mcts` | ours ([`EngineKind`]); in Tower Defence `random` is the random player and the others the Monte Carlo bot | all |
//! | `gtp:<command line>` | an Othello program over GTP ([`gtp`]), e.g. `gtp:edax -gtp` | Othello |
//! | `nboard:<command line>` | an Othello program over NBoard, e.g. `nboard:edax -nboard` | Othello |
//! | `light:<command line>` | an Othello program that prints `ready`, then answers each board string (`<64 chars a1..h8> <X\|O>`) with a line that starts with its move (`f5`, or `ps` to pass); e.g. the driver of Egaroucid's web engine | Othello |
//! | `uci:<command line>` | a program over the UCI-style protocol of AmazonsEngine's console, moves in our notation | Santorini, Othello, Amazons |
//! | `entelect:<bot directory>` | an Entelect Challenge 2018 bot directory, run as the official runner runs it ([`EntelectBot`]) | Tower Defence |
//!
//! Command lines are split as a POSIX shell splits words (quotes and backslashes; no
//! variables, globs or pipes), and the program is run directly, not through a shell.
//!
//! Whatever an external engine does wrong is a [`Fault`], never a panic and never a hang:
//! every read has a deadline, and an engine that overruns is killed. Each protocol module
//! documents the exact lines exchanged.

mod entelect;
pub mod gtp;
mod light;
mod nboard;
mod ours;
mod process;
mod uci;

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use bitgames_search::engine::EngineKind;
use bitgames_search::{Evaluate, Player, PositionTask};
use thiserror::Error;

pub use entelect::{COMMAND_FILE, EntelectBot, STATE_FILE};

use crate::{AnyMove, AnyPosition, Error, GameName};

/// Who plays: one of our engines or an external program, as `bitgames match` names it.
///
/// ```
/// use bitgames_arena::player::EngineSpec;
///
/// let spec: EngineSpec = "gtp:edax -gtp -l 10".parse()?;
/// assert_eq!(spec, EngineSpec::Gtp(vec!["edax".into(), "-gtp".into(), "-l".into(), "10".into()]));
/// assert_eq!(spec.to_string(), "gtp:edax -gtp -l 10");
/// assert!("gtp:".parse::<EngineSpec>().is_err());
/// assert!("stockfish".parse::<EngineSpec>().is_err());
/// # Ok::<(), bitgames_arena::player::SpecError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineSpec {
    /// One of our engines.
    Ours(EngineKind),
    /// `gtp:<command line>`: an Othello program over GTP.
    Gtp(Vec<String>),
    /// `nboard:<command line>`: an Othello program over NBoard.
    Nboard(Vec<String>),
    /// `uci:<command line>`: a board-game program over the UCI-style protocol.
    Uci(Vec<String>),
    /// `light:<command line>`: an Othello program that answers a board string with its move.
    Light(Vec<String>),
    /// `entelect:<bot directory>`: an Entelect Challenge 2018 bot.
    Entelect(PathBuf),
}

/// An engine spec that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SpecError {
    /// Neither one of our engines nor `PROTOCOL:...`.
    #[error(
        "unknown engine {0:?}; choose one of: random, alphabeta, mcts, gtp:<command>, \
         nboard:<command>, light:<command>, uci:<command>, entelect:<bot directory>"
    )]
    Unknown(String),
    /// `gtp:` with nothing (or only whitespace) after it.
    #[error("{0}: needs a command line after the colon")]
    EmptyCommand(&'static str),
    /// Unbalanced quotes or a trailing backslash.
    #[error("{protocol}: cannot split the command line {text:?} (unbalanced quotes?)")]
    BadQuoting {
        /// The protocol prefix.
        protocol: &'static str,
        /// The command line given.
        text: String,
    },
    /// The engine does not play this game.
    #[error("{spec} cannot play {game}: {reason}")]
    WrongGame {
        /// The spec as given.
        spec: String,
        /// The game asked for.
        game: GameName,
        /// Which games it plays.
        reason: &'static str,
    },
}

impl FromStr for EngineSpec {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Self, SpecError> {
        let text = text.trim();
        let command = |protocol: &'static str, rest: &str| -> Result<Vec<String>, SpecError> {
            let argv = shlex::split(rest).ok_or_else(|| SpecError::BadQuoting {
                protocol,
                text: rest.to_owned(),
            })?;
            if argv.is_empty() {
                return Err(SpecError::EmptyCommand(protocol));
            }
            Ok(argv)
        };
        match text.split_once(':') {
            Some(("gtp", rest)) => Ok(EngineSpec::Gtp(command("gtp", rest)?)),
            Some(("nboard", rest)) => Ok(EngineSpec::Nboard(command("nboard", rest)?)),
            Some(("uci", rest)) => Ok(EngineSpec::Uci(command("uci", rest)?)),
            Some(("light", rest)) => Ok(EngineSpec::Light(command("light", rest)?)),
            Some(("entelect", rest)) if !rest.trim().is_empty() => {
                Ok(EngineSpec::Entelect(PathBuf::from(rest.trim())))
            }
            Some(("entelect", _)) => Err(SpecError::EmptyCommand("entelect")),
            _ => text
                .parse::<EngineKind>()
                .map(EngineSpec::Ours)
                .map_err(|_| SpecError::Unknown(text.to_owned())),
        }
    }
}

impl fmt::Display for EngineSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineSpec::Ours(kind) => kind.fmt(f),
            EngineSpec::Gtp(argv) => write!(f, "gtp:{}", process::show_command(argv)),
            EngineSpec::Nboard(argv) => write!(f, "nboard:{}", process::show_command(argv)),
            EngineSpec::Uci(argv) => write!(f, "uci:{}", process::show_command(argv)),
            EngineSpec::Light(argv) => write!(f, "light:{}", process::show_command(argv)),
            EngineSpec::Entelect(dir) => write!(f, "entelect:{}", dir.display()),
        }
    }
}

impl EngineSpec {
    /// Whether this is an external program (every spec but ours).
    pub fn is_external(&self) -> bool {
        !matches!(self, EngineSpec::Ours(_))
    }

    /// Checks that the engine plays `game` ([`SpecError::WrongGame`] otherwise).
    pub fn check_game(&self, game: GameName) -> Result<(), SpecError> {
        let refuse = |reason| {
            Err(SpecError::WrongGame {
                spec: self.to_string(),
                game,
                reason,
            })
        };
        match (self, game) {
            (EngineSpec::Ours(_), _) => Ok(()),
            (
                EngineSpec::Gtp(_) | EngineSpec::Nboard(_) | EngineSpec::Light(_),
                GameName::Othello,
            ) => Ok(()),
            (EngineSpec::Gtp(_) | EngineSpec::Nboard(_) | EngineSpec::Light(_), _) => {
                refuse("it plays othello only")
            }
            (EngineSpec::Uci(_), GameName::TowerDefence) => {
                refuse("it plays the board games (santorini, othello, amazons)")
            }
            (EngineSpec::Uci(_), _) => Ok(()),
            (EngineSpec::Entelect(_), GameName::TowerDefence) => Ok(()),
            (EngineSpec::Entelect(_), _) => refuse("it plays towerdefence only"),
        }
    }
}

/// How long engines may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// Thinking time a move (a round in Tower Defence), the same for both engines.
    pub per_move: Duration,
    /// What an external engine may take beyond `per_move` before it is killed (start-up
    /// of the process, pipes, an engine's own safety margin); and the limit for replies
    /// that need no thought (`play`, `clear_board`).
    pub grace: Duration,
    /// How long an external engine may take to start and answer its first handshake.
    pub startup: Duration,
    /// The depth sent to NBoard engines (`set depth`): NBoard has no per-move clock.
    pub nboard_depth: u32,
}

impl Default for Clock {
    /// 20 ms a move, 1 s grace, 10 s to start, NBoard depth 10.
    fn default() -> Self {
        Clock {
            per_move: Duration::from_millis(20),
            grace: Duration::from_secs(1),
            startup: Duration::from_secs(10),
            nboard_depth: 10,
        }
    }
}

/// What an engine may do wrong, each a forfeit of the game: the message is the reason
/// recorded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Fault {
    /// The program could not be started (not found, not executable, a bad `bot.json`).
    #[error("could not start {command}: {reason}")]
    Start {
        /// The command line or bot directory.
        command: String,
        /// Why.
        reason: String,
    },
    /// The program exited, closed its pipes or exited with a failure status.
    #[error("crashed: {0}")]
    Crashed(String),
    /// No reply in the time allowed: the program was killed.
    #[error("timed out: no reply within {0} ms (killed)")]
    Timeout(u128),
    /// A reply that is not what the protocol says.
    #[error("malformed reply: {0}")]
    Malformed(String),
    /// The engine answered that it failed (GTP `?`), or could not follow the game.
    #[error("engine failure: {0}")]
    Failed(String),
    /// A move our rules refuse.
    #[error("illegal move {mv:?}: {reason}")]
    Illegal {
        /// The move as the engine gave it.
        mv: String,
        /// Why our rules refuse it.
        reason: String,
    },
    /// The engine resigned.
    #[error("resigned")]
    Resigned,
    /// The match was stopped (an [`Interrupt`]) while the engine was thinking: it was
    /// killed, and the game is abandoned rather than scored.
    #[error("interrupted: the match was stopped (killed)")]
    Interrupted,
}

/// The most characters of an engine's reply quoted in a [`Fault`]'s message: a forfeit's
/// reason stays short however long the reply (a line may be up to 64 KB).
pub const MAX_QUOTED: usize = 200;

/// `text` cut to at most `max` characters, an ellipsis (`…`) marking the cut.
///
/// ```
/// use bitgames_arena::player::shorten;
///
/// assert_eq!(shorten("bestmove d3", 200), "bestmove d3");
/// assert_eq!(shorten("abcdef", 3), "abc…");
/// ```
pub fn shorten(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

/// A flag shared by a match and the engines it runs: once set (by a signal handler,
/// another thread, a test), a waiting read of an external engine gives up with
/// [`Fault::Interrupted`] within about 50 ms and the engine is killed, and the referee
/// abandons the game in progress. Clones share the flag.
///
/// ```
/// use bitgames_arena::player::Interrupt;
///
/// let interrupt = Interrupt::default();
/// let handle = interrupt.clone();
/// assert!(!interrupt.is_set());
/// handle.set();
/// assert!(interrupt.is_set());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// An interrupt on `flag`, e.g. one a signal handler sets (`signal_hook::flag`).
    pub fn from_flag(flag: Arc<AtomicBool>) -> Self {
        Interrupt(flag)
    }

    /// Sets the flag.
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether the flag is set.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// A game in progress, as an engine is asked to move in it.
#[derive(Debug, Clone, Copy)]
pub struct GameSoFar<'a> {
    /// Where the game started (the standard start, or a root such as Santorini with gods).
    pub root: AnyPosition,
    /// Every move since, the opening included.
    pub moves: &'a [AnyMove],
    /// The position after them, where the engine is to move.
    pub position: AnyPosition,
}

impl GameSoFar<'_> {
    /// Each move with the player who made it.
    pub fn moves_with_players(&self) -> Vec<(Player, AnyMove)> {
        let mut position = self.root;
        let mut out = Vec::with_capacity(self.moves.len());
        for &mv in self.moves {
            out.push((position.side_to_move(), mv));
            // The referee only records legal moves; an illegal one ends the walk.
            match position.play(mv) {
                Ok(next) => position = next,
                Err(_) => break,
            }
        }
        out
    }
}

/// An engine of a board game, ours or external, as the referee sees it.
pub trait BoardEngine: fmt::Debug {
    /// The move to play in `game.position`, in the game's notation, within about `time`.
    /// The referee checks it; an external engine is killed when it overruns.
    fn choose(&mut self, game: &GameSoFar<'_>, time: Duration) -> Result<String, Fault>;

    /// The process id of an external engine (for tests and logs); `None` for ours.
    fn pid(&self) -> Option<u32> {
        None
    }
}

/// Starts the engine `spec` for a game from `root`: ours on the kernels `strategy` names
/// (the fastest when `None`) with `seed` for its random choices, or the external program
/// (a fresh process for every game). A program that cannot start is a [`Fault`]; a bad
/// strategy or a spec for another game is an [`Error`](enum@Error).
pub fn start_board_engine(
    spec: &EngineSpec,
    root: &AnyPosition,
    strategy: Option<&str>,
    seed: u64,
    clock: Clock,
) -> Result<Result<Box<dyn BoardEngine>, Fault>, Error> {
    start_board_engine_with(spec, root, strategy, seed, clock, &Interrupt::default())
}

/// [`start_board_engine`], with an external engine's reads (the handshake's, then every
/// move's) giving up when `interrupt` is set.
pub fn start_board_engine_with(
    spec: &EngineSpec,
    root: &AnyPosition,
    strategy: Option<&str>,
    seed: u64,
    clock: Clock,
    interrupt: &Interrupt,
) -> Result<Result<Box<dyn BoardEngine>, Fault>, Error> {
    spec.check_game(root.game())
        .map_err(|e| Error::Engine(e.to_string()))?;
    Ok(match spec {
        EngineSpec::Ours(kind) => {
            struct Make(EngineKind, u64);
            impl PositionTask for Make {
                type Output = Box<dyn BoardEngine>;
                fn run<G: Evaluate>(self, root: G) -> Box<dyn BoardEngine> {
                    Box::new(ours::Ours::new(self.0, root, self.1))
                }
            }
            let strategy = bitgames::AnyStrategy::parse_or_fastest(root.game(), strategy)?;
            Ok(root.run(strategy, Make(*kind, seed))?)
        }
        EngineSpec::Gtp(argv) => start_external(argv, clock, interrupt, gtp::GtpEngine::start),
        EngineSpec::Nboard(argv) => {
            start_external(argv, clock, interrupt, nboard::NboardEngine::start)
        }
        EngineSpec::Uci(argv) => start_external(argv, clock, interrupt, uci::UciEngine::start),
        EngineSpec::Light(argv) => {
            start_external(argv, clock, interrupt, light::LightEngine::start)
        }
        EngineSpec::Entelect(_) => {
            return Err(Error::Engine(format!("{spec} plays towerdefence only")));
        }
    })
}

/// Starts the external program `argv` and hands it, with `clock`, to its protocol's
/// `handshake` (which has the start-up time to finish): how every text-protocol engine
/// starts.
fn start_external<E: BoardEngine + 'static>(
    argv: &[String],
    clock: Clock,
    interrupt: &Interrupt,
    handshake: fn(process::Piped) -> Result<E, Fault>,
) -> Result<Box<dyn BoardEngine>, Fault> {
    let process = process::EngineProcess::spawn(argv, None, interrupt)?;
    Ok(Box::new(handshake(process::Piped { process, clock })?))
}
