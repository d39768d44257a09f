//! The Play page's API: positions, moves and engine moves, for any board game of the
//! [`bitgames::AnyPosition`] registry, by the game's own parser and rules.

use std::time::Duration;

use bitgames::search::engine::{Engine, EngineKind};
use bitgames::search::{Evaluate, PositionTask};
use bitgames::{AnyPosition, Board, GameName};
use serde::{Deserialize, Serialize};

use crate::ApiError;

/// `POST /api/position`: a position (the start when omitted) and what can be done in it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionRequest {
    /// `othello`, `santorini` or `amazons`.
    pub game: String,
    /// The position string; the game's start when absent.
    pub position: Option<String>,
    /// The kernel strategy (the fastest when absent).
    pub strategy: Option<String>,
    /// Santorini: each player's god, player 1's first (replacing the position's).
    pub gods: Option<[String; 2]>,
}

/// `POST /api/move`: play `move` in `position`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// `othello`, `santorini` or `amazons`.
    pub game: String,
    /// The position string.
    pub position: String,
    /// The move, as `bitgames moves` writes it (`d3`, `B3>B4^B3`, `d1-d7/d2`).
    #[serde(rename = "move")]
    pub mv: String,
    /// The kernel strategy (the fastest when absent).
    pub strategy: Option<String>,
}

/// `POST /api/engine-move`: let an engine choose and play a move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineRequest {
    /// `othello`, `santorini` or `amazons`.
    pub game: String,
    /// The position string.
    pub position: String,
    /// `random`, `alphabeta` or `mcts`.
    pub engine: String,
    /// Thinking time in milliseconds (capped by the server's limit).
    pub time_ms: u64,
    /// The kernel strategy (the fastest when absent).
    pub strategy: Option<String>,
    /// Seed for the random mover and MCTS (1 when absent).
    pub seed: Option<u64>,
}

/// A position and everything the page shows about it.
#[derive(Debug, Clone, Serialize)]
pub struct GameState {
    /// The game's name.
    pub game: &'static str,
    /// The position string (copy it, paste it, send it back).
    pub position: String,
    /// `first` or `second`.
    pub side_to_move: &'static str,
    /// `ongoing`, `first` (the first player won), `second` or `draw`.
    pub outcome: &'static str,
    /// Every legal move, sorted, as the game writes moves.
    pub legal_moves: Vec<String>,
    /// For each of `legal_moves`, the paths of clicks that make it (square names, and
    /// `power` where a Santorini god's power applies): [`bitgames::AnyMove::step_paths`].
    pub legal_steps: Vec<Vec<Vec<String>>>,
    /// Santorini: each player's god, player 1's first (absent in the other games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gods: Option<[&'static str; 2]>,
    /// The board to draw.
    pub board: Board,
}

impl GameState {
    /// Everything the page shows about `position`.
    pub fn of(position: &AnyPosition) -> GameState {
        let (legal_moves, legal_steps) = position.legal_move_steps().into_iter().unzip();
        let gods = match position {
            AnyPosition::Santorini(p) => {
                use bitgames::search::Player;
                Some([Player::First, Player::Second].map(|player| p.god(player).name()))
            }
            _ => None,
        };
        GameState {
            game: position.game().name(),
            position: position.to_string(),
            side_to_move: position.side_to_move().name(),
            outcome: position.outcome().name(),
            legal_moves,
            legal_steps,
            gods,
            board: position.board(),
        }
    }
}

/// What `POST /api/engine-move` answers.
#[derive(Debug, Clone, Serialize)]
pub struct EngineReply {
    /// The move the engine chose.
    #[serde(rename = "move")]
    pub mv: String,
    /// The engine's one-line report of its search.
    pub info: String,
    /// The position after the move.
    pub state: GameState,
}

impl From<bitgames::Error> for ApiError {
    /// Names the registry cannot resolve are the request's fault (400); text the game refuses
    /// is unprocessable (422).
    fn from(err: bitgames::Error) -> Self {
        use bitgames::Error as E;
        match err {
            E::Position { game, source, .. } => ApiError::Position {
                game: game.to_string(),
                message: source.to_string(),
            },
            E::IllegalMove { .. } | E::GameOver { .. } | E::WrongGame { .. } => {
                ApiError::IllegalMove(err.to_string())
            }
            E::Engine(_) => ApiError::Internal(err.to_string()),
            _ => ApiError::BadRequest(err.to_string()),
        }
    }
}

/// The game named `name`.
pub fn game(name: &str) -> Result<GameName, ApiError> {
    name.parse()
        .map_err(|err: bitgames::UnknownGame| ApiError::BadRequest(err.to_string()))
}

/// The position of `game` given as text (the start when `None`), with `gods` written into
/// it in place of its own when given, refusing a strategy the game does not have before any
/// work is done.
fn position(
    game_name: &str,
    text: Option<&str>,
    strategy: Option<&str>,
    gods: Option<[bitgames::santorini::God; 2]>,
) -> Result<AnyPosition, ApiError> {
    let game = game(game_name)?;
    if let Some(name) = strategy
        && !bitgames::strategies(game).iter().any(|s| s.name == name)
    {
        return Err(bitgames::Error::UnknownStrategy {
            game,
            name: name.to_owned(),
            choices: bitgames::strategies(game).iter().map(|s| s.name).collect(),
        }
        .into());
    }
    Ok(match gods {
        Some(gods) => AnyPosition::parse_with_gods(game, text, gods)?,
        None => AnyPosition::parse_or_start(game, text)?,
    })
}

/// The state of a position (the start when `position` is `None`), with the gods of
/// `gods` when given, written into the position text in place of its own (markers such as
/// `athena[^]` and `#` kept, as if the text had named them).
pub fn show(request: PositionRequest) -> Result<GameState, ApiError> {
    let gods = match &request.gods {
        Some(names) => {
            let mut gods = [bitgames::santorini::God::Mortal; 2];
            for (god, name) in gods.iter_mut().zip(names) {
                *god = name.parse().map_err(|err: bitgames::santorini::Error| {
                    ApiError::BadRequest(err.to_string())
                })?;
            }
            Some(gods)
        }
        None => None,
    };
    let position = position(
        &request.game,
        request.position.as_deref(),
        request.strategy.as_deref(),
        gods,
    )?;
    Ok(GameState::of(&position))
}

/// The state after a move, or why the move is refused.
pub fn play(request: MoveRequest) -> Result<GameState, ApiError> {
    let position = position(
        &request.game,
        Some(&request.position),
        request.strategy.as_deref(),
        None,
    )?;
    Ok(GameState::of(&position.play_text(&request.mv)?))
}

/// An engine request checked and ready to think: run it on a blocking thread.
#[derive(Debug)]
pub struct Think {
    position: AnyPosition,
    engine: EngineKind,
    time: Duration,
    strategy: Option<String>,
    seed: u64,
}

impl Think {
    /// Checks everything before any thinking: game, position, engine, time and strategy.
    pub fn new(request: EngineRequest, max_time_ms: u64) -> Result<Think, ApiError> {
        let position = position(
            &request.game,
            Some(&request.position),
            request.strategy.as_deref(),
            None,
        )?;
        let engine: EngineKind =
            request
                .engine
                .parse()
                .map_err(|err: bitgames::search::engine::UnknownEngine| {
                    ApiError::BadRequest(err.to_string())
                })?;
        if request.time_ms == 0 || request.time_ms > max_time_ms {
            return Err(ApiError::BadRequest(format!(
                "time_ms must be between 1 and {max_time_ms}, not {}",
                request.time_ms
            )));
        }
        let outcome = position.outcome();
        if outcome.is_over() {
            return Err(bitgames::Error::GameOver {
                game: position.game(),
                outcome: outcome.name(),
            }
            .into());
        }
        Ok(Think {
            position,
            engine,
            time: Duration::from_millis(request.time_ms),
            strategy: request.strategy,
            seed: request.seed.unwrap_or(1),
        })
    }

    /// Thinks (blocking for about the requested time) and plays the chosen move.
    pub fn run(self) -> Result<EngineReply, ApiError> {
        let (mv, info) = self.position.run(self.strategy.as_deref(), &self)??;
        Ok(EngineReply {
            state: GameState::of(&self.position.play_text(&mv)?),
            mv,
            info,
        })
    }
}

impl PositionTask for &Think {
    /// The chosen move as the game writes it, and the engine's report.
    type Output = Result<(String, String), ApiError>;

    fn run<G: Evaluate>(self, root: G, _: &'static str) -> Self::Output {
        let mut engine = Engine::<G>::new(self.engine, self.seed);
        let choice = engine.choose(&root, self.time).ok_or_else(|| {
            ApiError::Internal("the engine found no move in an unfinished game".to_owned())
        })?;
        Ok((choice.mv.to_string(), choice.info))
    }
}
