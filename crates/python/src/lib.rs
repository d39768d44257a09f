//! The `bitgames` Python package's native module (`bitgames._native`), built by maturin.
//!
//! A thin skin: every rule, kernel and search stays in the Rust crates. Positions are
//! immutable Python objects wrapping the games' `Copy` positions; malformed text and illegal
//! moves raise `ValueError` with the game's own message (the one the command line prints);
//! long calls (perft, comparisons, batched playouts, vectorized steps) release the
//! interpreter while they run.
//!
//! No input ends the interpreter. Inputs are checked before they reach a kernel: sizes
//! against documented maxima before anything is allocated (`bitgames.vector.MAX_ENVS`,
//! `compare`'s instances, `random_games`, `TowerDefence.random_playouts`), actions against the
//! games' own legal moves (never against a buffer the caller can write), and the vectorized
//! environments' buffers before each write; what fails raises `ValueError`, `TypeError` or
//! `MemoryError`. Behind those checks, the extension is built in the workspace's `python`
//! profile (`crates/python/pyproject.toml`), where panics unwind: a Rust panic that slipped
//! through would raise `pyo3_runtime.PanicException`, not abort the process
//! (`bitgames._native._PANIC_STRATEGY` says which the build does).

#![warn(missing_docs)]
#![deny(unsafe_code)]

// The one module with `unsafe`: DLPack's C structures and capsules, and device pointers.
#[allow(unsafe_code)]
mod cuda;
mod engines;
mod env;
mod games;
mod interrupt;
mod selfplay;
mod solve;
mod split;
mod towerdefence;
mod training;

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
/// `instances` random instances from `seed` (1 to 1,000,000: the instances are generated
/// and held in memory, and a million can take minutes), then timed.
#[pyfunction]
#[pyo3(signature = (game, instances = 10_000, seed = 1))]
fn compare_json(py: Python<'_>, game: &str, instances: usize, seed: u64) -> PyResult<String> {
    /// The most instances one comparison generates: some seconds of checking and timing
    /// (the comparison cannot be interrupted, so it is kept short).
    const MAX_INSTANCES: usize = 100_000;
    let game: bitgames::GameName = game.parse().map_err(value_error)?;
    if !(1..=MAX_INSTANCES).contains(&instances) {
        return Err(value_error(format!(
            "instances must be between 1 and {MAX_INSTANCES}, not {instances}"
        )));
    }
    let report = py
        .detach(|| bitgames::compare::compare(game, instances, seed, false))
        .map_err(value_error)?;
    serde_json::to_string(&report).map_err(value_error)
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    // NumPy is a hard dependency: without it, say so at import rather than panic later in
    // the first call that makes an array.
    m.py().import("numpy").map_err(|err| {
        pyo3::exceptions::PyImportError::new_err(format!(
            "bitgames needs NumPy, which cannot be imported ({err}): pip install numpy"
        ))
    })?;
    m.add_function(wrap_pyfunction!(strategies, m)?)?;
    m.add_function(wrap_pyfunction!(compare_json, m)?)?;
    games::register(m)?;
    env::register(m)?;
    towerdefence::register(m)?;
    split::register(m)?;
    solve::register(m)?;
    selfplay::register(m)?;
    cuda::register(m)?;
    training::register(m)?;
    Ok(())
}
