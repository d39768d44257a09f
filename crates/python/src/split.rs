//! Transposition-merged splitting for distributed perft (`bitgames.distributed`): the split
//! positions of a root with their multiplicities, and perft of positions given as text, one
//! core each, with the interpreter released.
//!
//! Positions travel as the game's notation, so a work unit is plain text and a pure function
//! of its inputs: any machine holding the package can count it.

use std::sync::atomic::AtomicBool;

use bitgames::search::{Evaluate, PositionTask, SplitError, split_within};
use bitgames::{AnyPosition, AnyStrategy, GameName};
use pyo3::prelude::*;

use crate::value_error;

/// The root's moves, the distinct positions at the split depth and the merged paths, all as
/// text and indices.
type SplitTables = (Vec<String>, Vec<String>, Vec<(usize, usize, u64)>);

/// The most distinct positions a split may hold (about a gigabyte for the largest
/// positions): past it the split is refused rather than exhausting memory.
const MAX_SPLIT_POSITIONS: usize = 10_000_000;

struct Split<'a> {
    depth: u32,
    fold: bool,
    stop: &'a AtomicBool,
}

impl PositionTask for Split<'_> {
    type Output = Result<SplitTables, SplitError>;

    fn run<G: Evaluate>(self, root: G) -> Self::Output {
        let split = split_within(&root, self.depth, self.fold, MAX_SPLIT_POSITIONS, self.stop)?;
        // The enumeration order follows hash maps; sorting by text makes the tables the same
        // in every process, so work units cut from them keep their identity across runs.
        let mut order: Vec<(String, usize)> = split
            .positions
            .iter()
            .enumerate()
            .map(|(i, position)| (position.to_string(), i))
            .collect();
        order.sort_unstable();
        let mut rank = vec![0; order.len()];
        for (new, &(_, old)) in order.iter().enumerate() {
            rank[old] = new;
        }
        let mut paths: Vec<(usize, usize, u64)> = split
            .paths
            .iter()
            .map(|&(root_move, position, n)| (root_move, rank[position], n))
            .collect();
        paths.sort_unstable();
        Ok((
            split.root_moves.iter().map(ToString::to_string).collect(),
            order.into_iter().map(|(text, _)| text).collect(),
            paths,
        ))
    }
}

/// The distinct positions `depth` plies below the root (the game's start position, or
/// `position` in the game's notation), merged by full position and, with `fold`, by the
/// board's symmetries (Othello's 8; other games have none).
///
/// Returns `(root_moves, positions, paths)`: the root's legal moves in move-list order, the
/// distinct positions as text, sorted (so the tables are the same in every process), and
/// `(root move index, position index, multiplicity)` for every merged path. Perft `d` of
/// the root is the sum over paths of multiplicity times perft `d - depth` of the position.
/// The interpreter is released while it runs and Ctrl-C stops it; a split that would hold
/// more than ten million positions is refused.
#[pyfunction]
#[pyo3(signature = (game, depth, position = None, fold = false))]
fn split_positions(
    py: Python<'_>,
    game: &str,
    depth: u32,
    position: Option<String>,
    fold: bool,
) -> PyResult<SplitTables> {
    let game: GameName = game.parse().map_err(value_error)?;
    let root = AnyPosition::parse_or_start(game, position.as_deref()).map_err(value_error)?;
    if !(1..=crate::games::MAX_PERFT_DEPTH).contains(&depth) {
        return Err(value_error(format!(
            "the split depth must be between 1 and {}, not {depth}",
            crate::games::MAX_PERFT_DEPTH
        )));
    }
    crate::interrupt::interruptible(py, |stop| {
        root.run(AnyStrategy::fastest(game), Split { depth, fold, stop })
    })?
    .map_err(value_error)?
    .map_err(value_error)
}

/// Perft `depth` of each position (the game's notation), in order, on the calling thread
/// (one core) with the interpreter released, using the named kernel strategy (the fastest
/// when `None`). Every position is parsed before counting starts; a bad one raises
/// `ValueError` naming its index.
#[pyfunction]
#[pyo3(signature = (game, positions, depth, strategy = None))]
fn perft_positions(
    py: Python<'_>,
    game: &str,
    positions: Vec<String>,
    depth: u32,
    strategy: Option<String>,
) -> PyResult<Vec<u64>> {
    let game: GameName = game.parse().map_err(value_error)?;
    // Every position is checked before any counting starts.
    let positions = positions
        .iter()
        .enumerate()
        .map(|(i, text)| {
            AnyPosition::parse(game, text)
                .map_err(|err| value_error(format!("position {i}: {err}")))
        })
        .collect::<PyResult<Vec<AnyPosition>>>()?;
    positions
        .iter()
        .map(|position| crate::games::perft(py, position, depth, strategy.as_deref()))
        .collect()
}

/// Registers the splitting functions on the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(split_positions, m)?)?;
    m.add_function(wrap_pyfunction!(perft_positions, m)?)?;
    Ok(())
}
