//! The `bitgames` Python package's native module (`bitgames._native`), built by maturin.
//!
//! A thin skin: every rule, kernel and search stays in the Rust crates. Positions are
//! immutable Python objects wrapping the games' `Copy` positions; malformed text and illegal
//! moves raise `ValueError` with the game's own message (the one the command line prints);
//! long calls (perft, comparisons, batched playouts, vectorized steps) release the
//! interpreter while they run. No Rust panic can reach Python: every input is checked
//! before it reaches a kernel.

#![warn(missing_docs)]

mod encoding;
mod env;
mod games;
mod selfplay;
mod solve;
mod split;
mod towerdefence;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

/// The error Python sees for anything the Rust side refuses.
pub(crate) fn value_error(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(err.to_string())
}

/// The names, kinds and ideas of a game's kernel strategies, fastest listed as the game
/// crate lists them: `[{"name", "kind", "idea"}, ...]`.
#[pyfunction]
fn strategies(game: &str) -> PyResult<Vec<(String, String, String)>> {
    let game: bitgames::GameName = game.parse().map_err(value_error)?;
    Ok(bitgames::strategies(game)
        .into_iter()
        .map(|s| (s.name.to_owned(), s.kind.to_string(), s.idea.to_owned()))
        .collect())
}

/// `bitgames compare GAME --json` as a JSON string: every strategy checked against naive on
/// `instances` random instances from `seed`, then timed.
#[pyfunction]
#[pyo3(signature = (game, instances = 10_000, seed = 1))]
fn compare_json(py: Python<'_>, game: &str, instances: usize, seed: u64) -> PyResult<String> {
    let game: bitgames::GameName = game.parse().map_err(value_error)?;
    if instances == 0 {
        return Err(value_error("instances must be at least 1"));
    }
    let report = py
        .detach(|| bitgames::compare::compare(game, instances, seed, false))
        .map_err(value_error)?;
    serde_json::to_string(&report).map_err(value_error)
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(strategies, m)?)?;
    m.add_function(wrap_pyfunction!(compare_json, m)?)?;
    games::register(m)?;
    env::register(m)?;
    towerdefence::register(m)?;
    split::register(m)?;
    solve::register(m)?;
    selfplay::register(m)?;
    Ok(())
}
