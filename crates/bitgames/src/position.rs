//! [`AnyPosition`]: a position of any board game, the registry's one value.

use std::fmt;
use std::sync::atomic::AtomicBool;

use bitgames_search::{Game, Outcome, PerftStop, Player, PositionTask};

use crate::board::Board;
use crate::error::{Error, GameError};
use crate::{AnyStrategy, GameName, amazons, othello, santorini};

/// Runs `$body` with `$p` bound to the game position inside `$position`, whatever its game.
macro_rules! each_game {
    ($position:expr, $p:ident => $body:expr) => {
        match $position {
            AnyPosition::Santorini($p) => $body,
            AnyPosition::Othello($p) => $body,
            AnyPosition::Amazons($p) => $body,
        }
    };
}

/// A position of Santorini, Othello or the Amazons, chosen at run time: what the command
/// line, the web app and the Python bindings hold, in the spirit of shakmaty's
/// `VariantPosition`. Each game's position uses its fastest kernels; work that should run
/// on other kernels goes through [`AnyPosition::run`].
///
/// Tower Defence has simultaneous moves and no position string, so it is not one of these
/// ([`Error::NotABoardGame`]).
///
/// ```
/// use bitgames::{AnyPosition, GameName};
///
/// let start = AnyPosition::start(GameName::Othello)?;
/// let next = start.play_text("d3")?;
/// assert_eq!(next.to_string(), "-------------------X-------XX------XO--------------------------- O");
/// assert_eq!(next.legal_moves().len(), 3);
/// assert_eq!(next.outcome().name(), "ongoing");
///
/// // Bad input is a typed error naming what is wrong.
/// let err = start.play_text("a1").unwrap_err();
/// assert!(matches!(err, bitgames::Error::IllegalMove { .. }), "{err}");
/// # Ok::<(), bitgames::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnyPosition {
    /// A Santorini position.
    Santorini(santorini::Position),
    /// An Othello position.
    Othello(othello::Position),
    /// A Game of the Amazons position.
    Amazons(amazons::Position),
}

/// A move of one of the games of [`AnyPosition`]; `Display` writes the game's notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum AnyMove {
    /// A Santorini move (or set-up placement).
    Santorini(santorini::Move),
    /// An Othello move or pass.
    Othello(othello::Move),
    /// An Amazons move: queen and arrow.
    Amazons(amazons::Move),
}

impl AnyMove {
    /// The game the move belongs to.
    pub fn game(&self) -> GameName {
        match self {
            AnyMove::Santorini(_) => GameName::Santorini,
            AnyMove::Othello(_) => GameName::Othello,
            AnyMove::Amazons(_) => GameName::Amazons,
        }
    }

    /// The Othello move, if this is one (for writing a game's moves as GGF, say).
    pub fn othello(&self) -> Option<othello::Move> {
        match self {
            AnyMove::Othello(mv) => Some(*mv),
            _ => None,
        }
    }

    /// The steps a player takes to make this move, as a front end's clicks: each path a
    /// list of square names, with `power` where a Santorini god's power applies (see
    /// [`santorini::steps`]; a move may have several paths, the canonical one first). An
    /// Othello move is its square and a pass has no steps; an Amazons move is the queen,
    /// its destination and the arrow. The paths of a position's legal moves are
    /// prefix-free, so a move is complete at its last step.
    pub fn step_paths(&self) -> Vec<Vec<String>> {
        match self {
            AnyMove::Santorini(mv) => mv
                .step_paths()
                .iter()
                .map(|path| path.iter().map(ToString::to_string).collect())
                .collect(),
            AnyMove::Othello(othello::Move::Play(square)) => vec![vec![square.to_string()]],
            AnyMove::Othello(othello::Move::Pass) => vec![vec![]],
            AnyMove::Amazons(mv) => {
                vec![[mv.from, mv.to, mv.arrow].map(|s| s.to_string()).to_vec()]
            }
        }
    }
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Santorini(mv) => mv.fmt(f),
            AnyMove::Othello(mv) => mv.fmt(f),
            AnyMove::Amazons(mv) => mv.fmt(f),
        }
    }
}

impl AnyPosition {
    /// The game's standard start position.
    pub fn start(game: GameName) -> Result<Self, Error> {
        Ok(match game {
            GameName::Santorini => AnyPosition::Santorini(Game::start()),
            GameName::Othello => AnyPosition::Othello(Game::start()),
            GameName::Amazons => AnyPosition::Amazons(Game::start()),
            GameName::TowerDefence => return Err(Error::NotABoardGame(game)),
        })
    }

    /// Reads a position in the game's notation (what `Display` writes).
    pub fn parse(game: GameName, text: &str) -> Result<Self, Error> {
        fn read<P: Game>(game: GameName, text: &str) -> Result<P, Error>
        where
            GameError: From<P::Error>,
        {
            text.parse().map_err(|err: P::Error| Error::Position {
                game,
                text: text.to_owned(),
                source: err.into(),
            })
        }
        Ok(match game {
            GameName::Santorini => AnyPosition::Santorini(read(game, text)?),
            GameName::Othello => AnyPosition::Othello(read(game, text)?),
            GameName::Amazons => AnyPosition::Amazons(read(game, text)?),
            GameName::TowerDefence => return Err(Error::NotABoardGame(game)),
        })
    }

    /// [`AnyPosition::parse`] of `text`, or the start position when there is none: what
    /// every front end's optional `position` argument means.
    pub fn parse_or_start(game: GameName, text: Option<&str>) -> Result<Self, Error> {
        match text {
            Some(text) => AnyPosition::parse(game, text),
            None => AnyPosition::start(game),
        }
    }

    /// [`AnyPosition::parse_or_start`] with `gods` (player 1's first) written into the text
    /// in place of the gods it names, markers kept (see
    /// [`santorini::Position::parse_with_gods`]): what every front end's `gods` option
    /// means. Unlike [`AnyPosition::with_gods`] after parsing, Athena's `[^]` stays and a
    /// win the text leaves implicit is decided under `gods`. [`Error::NoGods`] for the
    /// other games.
    pub fn parse_with_gods(
        game: GameName,
        text: Option<&str>,
        gods: [santorini::God; 2],
    ) -> Result<Self, Error> {
        match (game, text) {
            (GameName::Santorini, Some(text)) => santorini::Position::parse_with_gods(text, gods)
                .map(AnyPosition::Santorini)
                .map_err(|err| Error::Position {
                    game,
                    text: text.to_owned(),
                    source: err.into(),
                }),
            // The start has no markers and no workers: changing its gods is the same.
            _ => AnyPosition::parse_or_start(game, text)?.with_gods(gods),
        }
    }

    /// The same Santorini position with these gods (player 1's first; see
    /// [`santorini::God`]); [`Error::NoGods`] for the other games, [`Error::Position`] for
    /// a pair Santorini refuses ([`santorini::God::check_matchup`]).
    pub fn with_gods(self, gods: [santorini::God; 2]) -> Result<Self, Error> {
        match self {
            AnyPosition::Santorini(position) => position
                .try_with_gods(gods)
                .map(AnyPosition::Santorini)
                .map_err(|err| Error::Position {
                    game: GameName::Santorini,
                    text: position.to_string(),
                    source: err.into(),
                }),
            other => Err(Error::NoGods(other.game())),
        }
    }

    /// Santorini's gods, player 1's first; `None` for the games without them.
    pub fn gods(&self) -> Option<[santorini::God; 2]> {
        match self {
            AnyPosition::Santorini(p) => {
                Some([Player::First, Player::Second].map(|player| p.god(player)))
            }
            _ => None,
        }
    }

    /// A random position reachable from the game's start (the random walk each game's
    /// `RandomPosition` defines, as the kernel tests and `bitgames compare` draw them).
    pub fn random<R: rand::Rng + ?Sized>(game: GameName, rng: &mut R) -> Result<Self, Error> {
        use bitgames_search::RandomPosition;
        Ok(match game {
            GameName::Santorini => AnyPosition::Santorini(RandomPosition::random_position(rng)),
            GameName::Othello => AnyPosition::Othello(RandomPosition::random_position(rng)),
            GameName::Amazons => AnyPosition::Amazons(RandomPosition::random_position(rng)),
            GameName::TowerDefence => return Err(Error::NotABoardGame(game)),
        })
    }

    /// The position's game.
    pub fn game(&self) -> GameName {
        match self {
            AnyPosition::Santorini(_) => GameName::Santorini,
            AnyPosition::Othello(_) => GameName::Othello,
            AnyPosition::Amazons(_) => GameName::Amazons,
        }
    }

    /// The player whose turn it is.
    pub fn side_to_move(&self) -> Player {
        each_game!(self, p => Game::side_to_move(p))
    }

    /// Whether the game is over, and who won.
    pub fn outcome(&self) -> Outcome {
        each_game!(self, p => Game::outcome(p))
    }

    /// The incrementally updated Zobrist hash.
    pub fn hash(&self) -> u64 {
        each_game!(self, p => Game::hash(p))
    }

    /// Every legal move, in the game's move-generation order (empty when the game is over).
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyPosition::Santorini(p) => p
                .legal_moves()
                .into_iter()
                .map(AnyMove::Santorini)
                .collect(),
            AnyPosition::Othello(p) => p.legal_moves().into_iter().map(AnyMove::Othello).collect(),
            AnyPosition::Amazons(p) => p.legal_moves().into_iter().map(AnyMove::Amazons).collect(),
        }
    }

    /// The legal moves as the game writes them, sorted: what front ends list.
    pub fn legal_move_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.legal_moves().iter().map(AnyMove::to_string).collect();
        names.sort_unstable();
        names
    }

    /// The legal moves as [`AnyPosition::legal_move_names`] lists them, each with its
    /// [`AnyMove::step_paths`].
    pub fn legal_move_steps(&self) -> Vec<(String, Vec<Vec<String>>)> {
        let mut moves: Vec<(String, Vec<Vec<String>>)> = self
            .legal_moves()
            .iter()
            .map(|mv| (mv.to_string(), mv.step_paths()))
            .collect();
        moves.sort_unstable();
        moves
    }

    /// Reads a move in the game's notation and checks that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<AnyMove, Error> {
        self.check_not_over()?;
        let illegal = |source: GameError| Error::IllegalMove {
            game: self.game(),
            text: text.to_owned(),
            source,
        };
        let text = text.trim();
        Ok(match self {
            AnyPosition::Santorini(p) => {
                AnyMove::Santorini(p.parse_move(text).map_err(|e| illegal(e.into()))?)
            }
            AnyPosition::Othello(p) => {
                AnyMove::Othello(p.parse_move(text).map_err(|e| illegal(e.into()))?)
            }
            AnyPosition::Amazons(p) => {
                AnyMove::Amazons(p.parse_move(text).map_err(|e| illegal(e.into()))?)
            }
        })
    }

    /// The position after `mv`, which must be a legal move of this position (checked).
    pub fn play(&self, mv: AnyMove) -> Result<AnyPosition, Error> {
        if mv.game() != self.game() {
            return Err(Error::WrongGame {
                position: self.game(),
                mv: mv.game(),
            });
        }
        self.check_not_over()?;
        // The game's own checked play says why a move is refused.
        let illegal = |source: GameError| Error::IllegalMove {
            game: self.game(),
            text: mv.to_string(),
            source,
        };
        match (self, mv) {
            (AnyPosition::Santorini(p), AnyMove::Santorini(mv)) => p
                .play(mv)
                .map(AnyPosition::Santorini)
                .map_err(|e| illegal(e.into())),
            (AnyPosition::Othello(p), AnyMove::Othello(mv)) => p
                .play(mv)
                .map(AnyPosition::Othello)
                .map_err(|e| illegal(e.into())),
            (AnyPosition::Amazons(p), AnyMove::Amazons(mv)) => p
                .play(mv)
                .map(AnyPosition::Amazons)
                .map_err(|e| illegal(e.into())),
            // Refused above.
            _ => Err(Error::WrongGame {
                position: self.game(),
                mv: mv.game(),
            }),
        }
    }

    /// [`Error::GameOver`] when the game is over: no move is legal then.
    fn check_not_over(&self) -> Result<(), Error> {
        let outcome = self.outcome();
        if outcome.is_over() {
            return Err(Error::GameOver {
                game: self.game(),
                outcome: outcome.name(),
            });
        }
        Ok(())
    }

    /// Reads a move in the game's notation, checks it, and plays it.
    pub fn play_text(&self, text: &str) -> Result<AnyPosition, Error> {
        let mv = self.parse_move(text)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv`, known to be legal here (it came from [`AnyPosition::parse_move`] or
    /// [`AnyPosition::legal_moves`] of this position).
    fn play_unchecked(&self, mv: AnyMove) -> AnyPosition {
        match (self, mv) {
            (AnyPosition::Santorini(p), AnyMove::Santorini(mv)) => {
                AnyPosition::Santorini(p.play_unchecked(mv))
            }
            (AnyPosition::Othello(p), AnyMove::Othello(mv)) => {
                AnyPosition::Othello(p.play_unchecked(mv))
            }
            (AnyPosition::Amazons(p), AnyMove::Amazons(mv)) => {
                AnyPosition::Amazons(p.play_unchecked(mv))
            }
            // Checked by every caller: a move of another game leaves the position as it is.
            _ => *self,
        }
    }

    /// What stands on every square, for drawing the board.
    pub fn board(&self) -> Board {
        match self {
            AnyPosition::Othello(p) => Board::othello(p),
            AnyPosition::Santorini(p) => Board::santorini(p),
            AnyPosition::Amazons(p) => Board::amazons(p),
        }
    }

    /// Runs `task` from this position on the kernels `strategy` names: the one door from
    /// a value chosen at run time to code generic over the position type (a `match` on
    /// the game and the strategy). [`Error::WrongStrategy`] when `strategy` is another
    /// game's.
    pub fn run<T: PositionTask>(&self, strategy: AnyStrategy, task: T) -> Result<T::Output, Error> {
        Ok(match (self, strategy) {
            (AnyPosition::Santorini(p), AnyStrategy::Santorini(id)) => p.run_with(id, task),
            (AnyPosition::Othello(p), AnyStrategy::Othello(id)) => p.run_with(id, task),
            (AnyPosition::Amazons(p), AnyStrategy::Amazons(id)) => p.run_with(id, task),
            _ => {
                return Err(Error::WrongStrategy {
                    position: self.game(),
                    strategy: strategy.game(),
                });
            }
        })
    }

    /// Perft: the leaves `depth` plies below, bulk-counted at the last ply, on one thread
    /// with the kernels `strategy` names.
    pub fn perft(&self, depth: u32, strategy: AnyStrategy) -> Result<u64, Error> {
        struct Perft(u32);
        impl PositionTask for Perft {
            type Output = u64;
            fn run<G: bitgames_search::Evaluate>(self, root: G) -> u64 {
                bitgames_search::perft(&root, self.0)
            }
        }
        self.run(strategy, Perft(depth))
    }

    /// [`AnyPosition::perft`] that gives up soon after `stop` is set (and never wraps a count
    /// past 64 bits), for front ends where a person may interrupt it: see
    /// [`perft_until`](bitgames_search::perft_until).
    pub fn perft_until(
        &self,
        depth: u32,
        strategy: AnyStrategy,
        stop: &AtomicBool,
    ) -> Result<u64, Error> {
        struct Perft<'a>(u32, &'a AtomicBool);
        impl PositionTask for Perft<'_> {
            type Output = Result<u64, PerftStop>;
            fn run<G: bitgames_search::Evaluate>(self, root: G) -> Self::Output {
                bitgames_search::perft_until(&root, self.0, self.1)
            }
        }
        Ok(self.run(strategy, Perft(depth, stop))??)
    }
}

impl fmt::Display for AnyPosition {
    /// The game's position string; with `{:#}`, the game's drawing of the board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_game!(self, p => fmt::Display::fmt(p, f))
    }
}

impl From<santorini::Position> for AnyPosition {
    fn from(position: santorini::Position) -> Self {
        AnyPosition::Santorini(position)
    }
}

impl From<othello::Position> for AnyPosition {
    fn from(position: othello::Position) -> Self {
        AnyPosition::Othello(position)
    }
}

impl From<amazons::Position> for AnyPosition {
    fn from(position: amazons::Position) -> Self {
        AnyPosition::Amazons(position)
    }
}
