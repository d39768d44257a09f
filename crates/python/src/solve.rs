//! Othello endgame solving for `bitgames.distributed solve`: the problems of an FFO `.obf`
//! file, and one problem solved into the record `bitgames solve othello --json` prints.

use bitgames::othello::solver::{Limits, Solver};
use bitgames::othello::{Position, ffo};
use bitgames::solve::SolveRecord;
use pyo3::prelude::*;

use crate::value_error;

/// The problems of an FFO `.obf` text: `(line number from 1, the line, the best listed score
/// or None)` for every line holding a position (blank and comment lines are skipped). A
/// malformed line raises `ValueError` naming it.
#[pyfunction]
fn ffo_problems(text: &str) -> PyResult<Vec<(usize, String, Option<i32>)>> {
    let problems = ffo::parse(text).map_err(value_error)?;
    let lines: Vec<&str> = text.lines().collect();
    Ok(problems
        .iter()
        .map(|problem| {
            let line = lines.get(problem.line - 1).copied().unwrap_or_default();
            (problem.line, line.to_owned(), problem.best_score())
        })
        .collect())
}

/// Solves the one position of an `.obf` line exactly (a fresh solver, on the calling
/// thread, the interpreter released) and returns the JSON record `bitgames solve othello
/// --json` prints for it: `{"position", "best_move", "score", "nodes", "seconds"}`. A line
/// without exactly one position, or a search stopped by `max_nodes`, raises `ValueError`.
#[pyfunction]
#[pyo3(signature = (line, max_nodes = None))]
fn solve_obf_line(py: Python<'_>, line: &str, max_nodes: Option<u64>) -> PyResult<String> {
    let problems = ffo::parse(line).map_err(value_error)?;
    let [problem] = problems.as_slice() else {
        return Err(value_error(format!(
            "expected one position on the line, found {}",
            problems.len()
        )));
    };
    let position: Position = problem.position;
    let limits = Limits {
        max_nodes,
        max_time: None,
    };
    let solution = py
        .detach(move || Solver::default().solve(&position, limits))
        .map_err(value_error)?;
    serde_json::to_string(&SolveRecord::new(&position, &solution)).map_err(value_error)
}

/// Registers the solving functions on the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(ffo_problems, m)?)?;
    m.add_function(wrap_pyfunction!(solve_obf_line, m)?)?;
    Ok(())
}
