//! The engines and the Othello endgame solver on the position classes: `search` (alpha-beta
//! or MCTS, the library calls `bitgames search` and the engines make) and `Othello.solve`.
//!
//! Both run on a worker thread with the interpreter released and stop on Ctrl-C
//! ([`crate::interrupt`]). The searchers have no stop flag of their own, so:
//! - alpha-beta searches the position wrapped in [`Stoppable`], whose move list is empty once
//!   the flag is set: every node then ends at once and the search unwinds within moments
//!   (its answer is thrown away: `KeyboardInterrupt` is raised instead);
//! - MCTS runs in slices of [`MCTS_SLICE`] iterations on the same tree, the flag looked at
//!   between slices (the same iterations as one call: the tree and its generator carry on);
//! - the solver runs in time slices (100 ms, doubling to [`MAX_SOLVE_SLICE`]) on the same
//!   solver, whose table keeps what earlier slices proved; the flag is looked at between
//!   them, so Ctrl-C takes effect within seconds (a slice, and the solver's own overrun of
//!   its time limit: about two seconds from the start position).

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use bitgames::othello::solver::{Limits as SolveLimits, Solution, Solver, Stopped};
use bitgames::search::{
    AlphaBeta, Evaluate, Game, Limits, Mcts, Outcome, Player, PositionTask, ProbCut,
};
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
/// MCTS iterations between looks at the stop flag.
const MCTS_SLICE: u64 = 256;
/// The most empty squares `Othello.solve` takes on with neither `time_ms` nor `nodes`: a
/// fraction of a second to some seconds; each further empty multiplies the work by about
/// three, so more needs a limit.
pub(crate) const MAX_UNLIMITED_EMPTIES: usize = 24;
/// The longest slice of a solve between looks at the stop flag.
const MAX_SOLVE_SLICE: Duration = Duration::from_secs(1);

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

thread_local! {
    /// The stop flag of the search running on this thread, looked at by [`Stoppable`].
    static STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Whether this thread's search was asked to stop.
fn stopping() -> bool {
    STOP.with_borrow(|flag| flag.as_ref().is_some_and(|f| f.load(Ordering::Relaxed)))
}

/// A position whose move list is empty once this thread's [`STOP`] flag is set (alpha-beta
/// then scores every node as a leaf, and unwinds); otherwise exactly the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Stoppable<G>(G);

impl<G: std::fmt::Display> std::fmt::Display for Stoppable<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl<G: Game> std::str::FromStr for Stoppable<G> {
    type Err = G::Error;
    fn from_str(text: &str) -> Result<Self, G::Error> {
        G::from_str(text).map(Stoppable)
    }
}

/// The game's move list, or none once stopped.
struct StopMoves<M>(Option<M>);

impl<T, M: AsRef<[T]>> AsRef<[T]> for StopMoves<M> {
    fn as_ref(&self) -> &[T] {
        self.0.as_ref().map_or(&[], AsRef::as_ref)
    }
}

impl<M: IntoIterator> IntoIterator for StopMoves<M> {
    type Item = M::Item;
    type IntoIter = std::iter::Flatten<std::option::IntoIter<M>>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter().flatten()
    }
}

impl<G: Game> Game for Stoppable<G> {
    type Move = G::Move;
    type Moves = StopMoves<G::Moves>;
    type Error = G::Error;
    const NAME: &'static str = G::NAME;
    const FINISHED_GAME_IS_A_LEAF: bool = G::FINISHED_GAME_IS_A_LEAF;

    fn start() -> Self {
        Stoppable(G::start())
    }
    fn side_to_move(&self) -> Player {
        self.0.side_to_move()
    }
    fn legal_moves(&self) -> Self::Moves {
        StopMoves((!stopping()).then(|| self.0.legal_moves()))
    }
    fn play(&self, mv: G::Move) -> Self {
        Stoppable(self.0.play(mv))
    }
    fn outcome(&self) -> Outcome {
        self.0.outcome()
    }
    fn hash(&self) -> u64 {
        Game::hash(&self.0)
    }
    fn recompute_hash(&self) -> u64 {
        self.0.recompute_hash()
    }
    fn parse_move(&self, text: &str) -> Result<G::Move, G::Error> {
        self.0.parse_move(text)
    }
}

impl<G: Evaluate> Evaluate for Stoppable<G> {
    fn evaluate(&self) -> i32 {
        self.0.evaluate()
    }
    fn move_priority(&self, mv: G::Move) -> i32 {
        self.0.move_priority(mv)
    }
    fn probcut(&self, depth: u32) -> Option<ProbCut> {
        self.0.probcut(depth)
    }
    fn win_chance(&self) -> Option<f64> {
        self.0.win_chance()
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

/// Alpha-beta as `bitgames search` runs it (a table of 2^20 entries), stoppable.
struct AlphaBetaTask {
    limits: Limits,
    stop: Arc<AtomicBool>,
}

impl PositionTask for AlphaBetaTask {
    type Output = Found;

    fn run<G: Evaluate>(self, root: G) -> Found {
        STOP.set(Some(self.stop));
        let result = AlphaBeta::<Stoppable<G>>::new(20).search(&Stoppable(root), self.limits);
        STOP.set(None);
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

/// MCTS as the engines run it (leaves scored by the game's evaluation where it has one), in
/// slices.
struct MctsTask {
    time: Option<Duration>,
    iterations: Option<u64>,
    seed: u64,
    stop: Arc<AtomicBool>,
}

impl PositionTask for MctsTask {
    type Output = Found;

    fn run<G: Evaluate>(self, root: G) -> Found {
        let start = Instant::now();
        let mut tree = Mcts::new(root, self.seed).with_evaluated_leaves();
        let mut done = 0u64;
        loop {
            let slice = self
                .iterations
                .map_or(MCTS_SLICE, |n| (n - done).min(MCTS_SLICE));
            let left = self.time.map(|t| t.saturating_sub(start.elapsed()));
            let result = tree.search(left, Some(slice));
            done += result.iterations;
            let finished = result.iterations < slice
                || self.iterations.is_some_and(|n| done >= n)
                || self.time.is_some_and(|t| start.elapsed() >= t)
                || self.stop.load(Ordering::Relaxed);
            if finished {
                return Found::Mcts {
                    mv: result.best_move.map(|m| m.to_string()),
                    iterations: done,
                    value: result.value,
                    seconds: start.elapsed().as_secs_f64(),
                };
            }
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

/// `Othello.solve`: limits checked, then solved in slices until proved, a limit runs out
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
    let solved = crate::interrupt::interruptible(py, |stop| {
        let start = Instant::now();
        let mut solver = Solver::default();
        let mut slice = Duration::from_millis(100);
        let mut spent = 0u64;
        loop {
            let limits = SolveLimits {
                max_nodes: nodes.map(|n| n.saturating_sub(spent)),
                max_time: Some(
                    time.map_or(slice, |t| t.saturating_sub(start.elapsed()).min(slice)),
                ),
            };
            match solver.solve(&othello, limits) {
                Ok(solution) => {
                    return Ok(Solution {
                        nodes: spent + solution.nodes,
                        seconds: start.elapsed().as_secs_f64(),
                        ..solution
                    });
                }
                Err(Stopped::NodeLimit { nodes }) => {
                    return Err(Stopped::NodeLimit {
                        nodes: spent + nodes,
                    });
                }
                Err(Stopped::TimeLimit { nodes, .. }) => {
                    spent += nodes;
                    let out_of_time = time.is_some_and(|t| start.elapsed() >= t);
                    if out_of_time || stop.load(Ordering::Relaxed) {
                        return Err(Stopped::TimeLimit {
                            nodes: spent,
                            seconds: start.elapsed().as_secs_f64(),
                        });
                    }
                    slice = (slice * 2).min(MAX_SOLVE_SLICE);
                }
            }
        }
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
