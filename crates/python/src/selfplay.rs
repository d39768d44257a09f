//! One engine game for `bitgames.distributed selfplay`, played by the referee loop of
//! `bitgames match` (`bitgames_arena::referee`: the same balanced openings, seats and
//! seeds), so a game is a pure function of its inputs; and the match summary `bitgames
//! match` prints.

use std::time::Duration;

use bitgames::search::Outcome;
use bitgames::search::elo::elo_summary;
use bitgames::search::engine::EngineKind;
use bitgames::{AnyPosition, AnyStrategy, GameName};
use bitgames_arena::player::{Clock, EngineSpec};
use bitgames_arena::referee::{MatchConfig, play_board_game};
use pyo3::prelude::*;
use serde::Serialize;

use crate::value_error;

/// One game's training record.
#[derive(Debug, Serialize)]
struct GameRecord {
    /// The game's index in the match (colours alternate by it).
    index: u64,
    /// The seat of engine A: `first` or `second`.
    a_seat: &'static str,
    /// The opening plies, then the engines' moves, in the game's notation.
    moves: Vec<String>,
    /// How many of `moves` are the opening.
    opening_plies: usize,
    /// `first`, `second`, `draw`, or `unfinished` (scored as a draw) after the ply limit.
    result: &'static str,
    /// Engine A's score: 1, 0.5 or 0.
    a_score: f64,
}

/// Plays game number `index` of a match between engines `a` and `b` (`random`, `alphabeta`
/// or `mcts`) with `time_ms` a move, seeded and seated as `bitgames match` seeds and seats
/// it (A moves first in even games; each balanced opening of `opening_plies` plies is played
/// with both colours), on the calling thread with the interpreter released. Returns the
/// game as one JSON object: `{"index", "a_seat", "moves", "opening_plies", "result",
/// "a_score"}`.
#[pyfunction]
#[pyo3(signature = (game, a, b, index, time_ms, seed = 1, opening_plies = 4, a_strategy = None, b_strategy = None))]
#[allow(clippy::too_many_arguments)]
fn play_game(
    py: Python<'_>,
    game: &str,
    a: &str,
    b: &str,
    index: u64,
    time_ms: u64,
    seed: u64,
    opening_plies: u32,
    a_strategy: Option<String>,
    b_strategy: Option<String>,
) -> PyResult<String> {
    let game: GameName = game.parse().map_err(value_error)?;
    if index >= 1 << 48 {
        return Err(value_error("the game index must be below 2^48"));
    }
    let ours = |name: &str| name.parse::<EngineKind>().map(EngineSpec::Ours);
    // A bad strategy name is refused before the game starts.
    let strategy = |name: Option<String>| {
        AnyStrategy::parse_or_fastest(game, name.as_deref())
            .map(|strategy| Some(strategy.name().to_owned()))
            .map_err(value_error)
    };
    let config = MatchConfig {
        a: ours(a).map_err(value_error)?,
        b: ours(b).map_err(value_error)?,
        strategies: [strategy(a_strategy)?, strategy(b_strategy)?],
        clock: Clock {
            per_move: Duration::from_millis(time_ms),
            ..Clock::default()
        },
        seed,
        opening_plies,
    };
    let root = AnyPosition::start(game).map_err(value_error)?;
    let game = py
        .detach(|| play_board_game(root, &config, index))
        .map_err(value_error)?;
    let record = GameRecord {
        index,
        a_seat: game.a_seat.name(),
        a_score: game.a_score(),
        result: match game.outcome {
            Outcome::Ongoing => "unfinished",
            outcome => outcome.name(),
        },
        moves: game.moves.iter().map(ToString::to_string).collect(),
        opening_plies: game.opening_plies,
    };
    serde_json::to_string(&record).map_err(value_error)
}

/// The line `bitgames match` prints for engine A's wins, draws and losses: the score and
/// the Elo difference with its 95% interval.
#[pyfunction]
fn match_summary(wins: usize, draws: usize, losses: usize) -> PyResult<String> {
    if wins + draws + losses == 0 {
        return Err(value_error("no games to summarise"));
    }
    Ok(elo_summary(wins, draws, losses))
}

/// Registers the self-play functions on the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(play_game, m)?)?;
    m.add_function(wrap_pyfunction!(match_summary, m)?)?;
    Ok(())
}
