//! The Play page's API: positions, moves and engine moves, for any game of
//! [`bitgames::dispatch`], by the game's own parser and rules.

use std::time::Duration;

use bitgames::search::engine::{Engine, EngineKind};
use bitgames::search::{Evaluate, Game, Outcome, Player};
use bitgames::{GameName, GameTask, dispatch};
use serde::{Deserialize, Serialize};

use crate::ApiError;
use crate::board::{Board, board};

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
    /// The board to draw.
    pub board: Option<Board>,
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

/// A board game by name: Tower Defence has no moves to click.
pub fn board_game(name: &str) -> Result<GameName, ApiError> {
    let game: GameName = name
        .parse()
        .map_err(|err: bitgames::UnknownGame| ApiError::BadRequest(err.to_string()))?;
    if game == GameName::TowerDefence {
        return Err(ApiError::BadRequest(
            "towerdefence has simultaneous moves and no position string: use the Tower \
             Defence replay (/api/towerdefence/replay)"
                .to_owned(),
        ));
    }
    Ok(game)
}

fn parse<G: Game>(game: GameName, text: Option<&str>) -> Result<G, ApiError> {
    match text {
        None => Ok(G::start()),
        Some(text) => text.parse().map_err(|err: G::Error| ApiError::Position {
            game: game.to_string(),
            message: err.to_string(),
        }),
    }
}

fn state<G: Game>(game: GameName, position: &G) -> GameState {
    let mut legal_moves: Vec<String> = position
        .legal_moves()
        .into_iter()
        .map(|mv| mv.to_string())
        .collect();
    legal_moves.sort();
    let text = position.to_string();
    GameState {
        game: game.name(),
        board: board(game, &text),
        position: text,
        side_to_move: match position.side_to_move() {
            Player::First => "first",
            Player::Second => "second",
        },
        outcome: match position.outcome() {
            Outcome::Ongoing => "ongoing",
            Outcome::Win(Player::First) => "first",
            Outcome::Win(Player::Second) => "second",
            Outcome::Draw => "draw",
        },
        legal_moves,
    }
}

/// Runs `task` on `game`, turning a refused strategy into a 400.
fn run<T: GameTask<Output = Result<R, ApiError>>, R>(
    game: GameName,
    strategy: Option<&str>,
    task: T,
) -> Result<R, ApiError> {
    dispatch(game, strategy, task).map_err(|err| ApiError::BadRequest(format!("{err:#}")))?
}

struct Show {
    game: GameName,
    position: Option<String>,
    mv: Option<String>,
}

impl GameTask for Show {
    type Output = Result<GameState, ApiError>;

    fn run<G: Evaluate>(self, _: &'static str) -> anyhow::Result<Self::Output> {
        Ok(self.show::<G>())
    }
}

impl Show {
    fn show<G: Evaluate>(self) -> Result<GameState, ApiError> {
        let mut position: G = parse(self.game, self.position.as_deref())?;
        if let Some(mv) = &self.mv {
            if position.outcome().is_over() {
                return Err(ApiError::IllegalMove(format!(
                    "the game is over: no move can be played, {mv:?} included"
                )));
            }
            let mv = position
                .parse_move(mv.trim())
                .map_err(|err| ApiError::IllegalMove(err.to_string()))?;
            position = position.play(mv);
        }
        Ok(state(self.game, &position))
    }
}

/// The state of a position (the start when `position` is `None`).
pub fn show(request: PositionRequest) -> Result<GameState, ApiError> {
    let game = board_game(&request.game)?;
    let task = Show {
        game,
        position: request.position,
        mv: None,
    };
    run(game, request.strategy.as_deref(), task)
}

/// The state after a move, or why the move is refused.
pub fn play(request: MoveRequest) -> Result<GameState, ApiError> {
    let game = board_game(&request.game)?;
    let task = Show {
        game,
        position: Some(request.position),
        mv: Some(request.mv),
    };
    run(game, request.strategy.as_deref(), task)
}

/// An engine request checked and ready to think: run it on a blocking thread.
#[derive(Debug)]
pub struct Think {
    game: GameName,
    position: String,
    engine: EngineKind,
    time: Duration,
    strategy: Option<String>,
    seed: u64,
}

impl Think {
    /// Checks what can be checked before any thinking: game, engine and time.
    pub fn new(request: EngineRequest, max_time_ms: u64) -> Result<Think, ApiError> {
        let game = board_game(&request.game)?;
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
        Ok(Think {
            game,
            position: request.position,
            engine,
            time: Duration::from_millis(request.time_ms),
            strategy: request.strategy,
            seed: request.seed.unwrap_or(1),
        })
    }

    /// Thinks (blocking for about the requested time) and plays the chosen move.
    pub fn run(self) -> Result<EngineReply, ApiError> {
        let strategy = self.strategy.clone();
        run(self.game, strategy.as_deref(), self)
    }

    fn think<G: Evaluate>(&self) -> Result<EngineReply, ApiError> {
        let position: G = parse(self.game, Some(&self.position))?;
        if position.outcome().is_over() {
            return Err(ApiError::IllegalMove(
                "the game is over: there is no move to choose".to_owned(),
            ));
        }
        let mut engine = Engine::<G>::new(self.engine, self.seed);
        let choice = engine.choose(&position, self.time).ok_or_else(|| {
            ApiError::Internal("the engine found no move in an unfinished game".to_owned())
        })?;
        Ok(EngineReply {
            mv: choice.mv.to_string(),
            info: choice.info,
            state: state(self.game, &position.play(choice.mv)),
        })
    }
}

impl GameTask for Think {
    type Output = Result<EngineReply, ApiError>;

    fn run<G: Evaluate>(self, _: &'static str) -> anyhow::Result<Self::Output> {
        Ok(self.think::<G>())
    }
}
