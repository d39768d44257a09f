//! The engines and the Othello endgame solver on the position classes: `search` (alpha-beta
//! or MCTS, the library calls `bitgames search` and the engines make) and `Othello.solve`.
//!
//! Both run on a worker thread with the interpreter released ([`crate::interrupt`]), and
//! Ctrl-C sets the searcher's own stop flag (`with_stop`): it returns within moments, its
//! answer is thrown away and `KeyboardInterrupt` is raised instead.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use bitgames::othello::solver::{Limits as SolveLimits, Solver};
use bitgames::search::{AlphaBeta, Evaluate, Limits, Mcts, PositionTask};
use bitgames::{AnyPosition, AnyStrategy};
use pyo3::exceptions::PyTimeoutError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::value_error;

/// The deepest alpha-beta iteration (as `bitgames search --depth`).
pub(crate) const MAX_SEARCH_DEPTH: i64 = 64;
/// The depth of a search given no budget (as `bitgames search`).
const DEFAULT_DEPTH: u32 = 6;
/// The most time a search or solve accepts: one hour.
pub(crate) const MAX_TIME_MS: i64 = 3_600_000;
/// The most nodes (alpha-beta, the solver) or iterations (MCTS) a call accepts: hours at
/// any of the searchers' speeds.
pub(crate) const MAX_NODES: i64 = 1_000_000_000_000;
/// The MCTS iterations of a search given no budget.
const DEFAULT_ITERATIONS: u64 = 10_000;
/// The most empty squares `Othello.solve` takes on with neither `time_ms` nor `nodes`: a
/// fraction of a second to some seconds; each further empty multiplies the work by about
/// three, so more needs a limit.
pub(crate) const MAX_UNLIMITED_EMPTIES: usize = 24;

/// Checks an optional count against `min..=max`, naming it: `ValueError` outside.
fn budget(name: &str, value: Option<i64>, min: i64, max: i64) -> PyResult<Option<u64>> {
    match value {
        None => Ok(None),
        Some(v) if (min..=max).contains(&v) => Ok(Some(v as u64)),
        Some(v) => Err(value_error(format!(
            "{name} must be between {min} and {max}, not {v}"
        ))),
    }
}

/// `ValueError` for a finished game.
fn refuse_finished(position: &AnyPosition) -> PyResult<()> {
    match position.outcome().is_over() {
        true => Err(value_error(format!(
            "the game is over ({}): there is nothing to search",
            position.outcome().name()
        ))),
        false => Ok(()),
    }
}

/// What a search found, in the game's notation.
enum Found {
    AlphaBeta {
        mv: Option<String>,
        score: i32,
        depth: u32,
        nodes: u64,
        seconds: f64,
        pv: Vec<String>,
    },
    Mcts {
        mv: Option<String>,
        iterations: u64,
        value: f64,
        seconds: f64,
    },
}

/// Alpha-beta as `bitgames search` runs it (a table of 2^20 entries), stopped by `stop`.
struct AlphaBetaTask {
    limits: Limits,
    stop: Arc<AtomicBool>,
}

impl PositionTask for AlphaBetaTask {
    type Output = Found;

    fn run<G: Evaluate>(self, root: G) -> Found {
        let result = AlphaBeta::new(20)
            .with_stop(self.stop)
            .search(&root, self.limits);
        Found::AlphaBeta {
            mv: result.best_move.map(|m| m.to_string()),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            seconds: result.seconds,
            pv: result.pv.iter().map(ToString::to_string).collect(),
        }
    }
}

/// MCTS as the engines run it (leaves scored by the game's evaluation where it has one),
/// stopped by `stop`.
struct MctsTask {
    time: Option<Duration>,
    iterations: Option<u64>,
    seed: u64,
    stop: Arc<AtomicBool>,
}

impl PositionTask for MctsTask {
    type Output = Found;

    fn run<G: Evaluate>(self, root: G) -> Found {
        let result = Mcts::new(root, self.seed)
            .with_evaluated_leaves()
            .with_stop(self.stop)
            .search(self.time, self.iterations);
        Found::Mcts {
            mv: result.best_move.map(|m| m.to_string()),
            iterations: result.iterations,
            value: result.value,
            seconds: result.seconds,
        }
    }
}

/// The arguments of the position classes' `search`, as Python gave them (unchecked).
pub(crate) struct SearchArgs<'a> {
    /// The time budget in milliseconds.
    pub time_ms: Option<i64>,
    /// Alpha-beta's depth.
    pub depth: Option<i64>,
    /// Alpha-beta's nodes or MCTS's iterations.
    pub nodes: Option<i64>,
    /// `"alphabeta"` or `"mcts"`.
    pub engine: &'a str,
    /// MCTS's seed.
    pub seed: u64,
}

/// `search` of the position classes: budgets checked, then the engine run interruptibly.
pub(crate) fn search<'py>(
    py: Python<'py>,
    position: &AnyPosition,
    args: SearchArgs<'_>,
) -> PyResult<Bound<'py, PyDict>> {
    let SearchArgs {
        time_ms,
        depth,
        nodes,
        engine,
        seed,
    } = args;
    let time = budget("time_ms", time_ms, 1, MAX_TIME_MS)?.map(Duration::from_millis);
    let depth = budget("depth", depth, 1, MAX_SEARCH_DEPTH)?.map(|d| d as u32);
    let nodes = budget("nodes", nodes, 1, MAX_NODES)?;
    refuse_finished(position)?;
    let strategy = AnyStrategy::parse_or_fastest(position.game(), None).map_err(value_error)?;
    let found = match engine {
        "alphabeta" => {
            let max_depth = match (depth, time, nodes) {
                (Some(depth), _, _) => depth,
                (None, None, None) => DEFAULT_DEPTH,
                (None, _, _) => MAX_SEARCH_DEPTH as u32,
            };
            let limits = Limits {
                max_depth,
                max_nodes: nodes,
                max_time: time,
            };
            crate::interrupt::interruptible_shared(py, |stop| {
                position.run(strategy, AlphaBetaTask { limits, stop })
            })?
        }
        "mcts" => {
            if depth.is_some() {
                return Err(value_error(
                    "depth is alpha-beta's budget: give MCTS time_ms or nodes (iterations)",
                ));
            }
            let iterations = match (time, nodes) {
                (None, None) => Some(DEFAULT_ITERATIONS),
                _ => nodes,
            };
            crate::interrupt::interruptible_shared(py, |stop| {
                position.run(
                    strategy,
                    MctsTask {
                        time,
                        iterations,
                        seed,
                        stop,
                    },
                )
            })?
        }
        other => {
            return Err(value_error(format!(
                "unknown engine {other:?}: \"alphabeta\" or \"mcts\""
            )));
        }
    }
    .map_err(value_error)?;
    let dict = PyDict::new(py);
    match found {
        Found::AlphaBeta {
            mv,
            score,
            depth,
            nodes,
            seconds,
            pv,
        } => {
            dict.set_item("engine", "alphabeta")?;
            dict.set_item("move", mv)?;
            dict.set_item("score", score)?;
            dict.set_item("depth", depth)?;
            dict.set_item("nodes", nodes)?;
            dict.set_item("pv", pv)?;
            dict.set_item("seconds", seconds)?;
        }
        Found::Mcts {
            mv,
            iterations,
            value,
            seconds,
        } => {
            dict.set_item("engine", "mcts")?;
            dict.set_item("move", mv)?;
            dict.set_item("iterations", iterations)?;
            dict.set_item("value", value)?;
            dict.set_item("seconds", seconds)?;
        }
    }
    Ok(dict)
}

/// `Othello.solve`: limits checked, then solved until proved, a limit runs out
/// (`TimeoutError`) or Ctrl-C.
pub(crate) fn solve<'py>(
    py: Python<'py>,
    position: &AnyPosition,
    time_ms: Option<i64>,
    nodes: Option<i64>,
) -> PyResult<Bound<'py, PyDict>> {
    let time = budget("time_ms", time_ms, 1, MAX_TIME_MS)?.map(Duration::from_millis);
    let nodes = budget("nodes", nodes, 1, MAX_NODES)?;
    let AnyPosition::Othello(othello) = *position else {
        return Err(value_error("only Othello positions can be solved"));
    };
    refuse_finished(position)?;
    let empties = othello.empty_squares().len();
    if empties > MAX_UNLIMITED_EMPTIES && time.is_none() && nodes.is_none() {
        return Err(value_error(format!(
            "{empties} empty squares could take hours to solve: give time_ms or nodes (a \
             solve with no limit takes at most {MAX_UNLIMITED_EMPTIES} empties)"
        )));
    }
    let limits = SolveLimits {
        max_nodes: nodes,
        max_time: time,
    };
    let solved = crate::interrupt::interruptible_shared(py, |stop| {
        Solver::default().with_stop(stop).solve(&othello, limits)
    })?;
    let solution = solved
        .map_err(|stopped| PyTimeoutError::new_err(format!("the solve stopped: {stopped}")))?;
    let dict = PyDict::new(py);
    dict.set_item("move", solution.best_move.map(|m| m.to_string()))?;
    dict.set_item("score", solution.score)?;
    dict.set_item("nodes", solution.nodes)?;
    dict.set_item("seconds", solution.seconds)?;
    Ok(dict)
}
