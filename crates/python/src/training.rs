//! The Othello evaluation's training games, played by the worker that calls: what the Ray
//! tasks of `python -m bitgames.distributed train-games` run, each for a range of game
//! indices.

use bitgames::othello::learned::Weights;
use bitgames::othello::training::games_file::{self, Settings};
use bitgames::othello::training::{Config, Model, selfplay};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::value_error;

/// The most games one call plays (a work unit is a few seconds of them).
const MAX_GAMES_PER_CALL: u64 = 1_000_000;

/// Plays the trainer's self-play games `first .. first + count` with the checked-in
/// evaluation (on `threads` threads, one by default as a Ray task holds one CPU; the
/// interpreter released) and returns them
/// as one chunk of a games file, which `train_eval --games-file` reads. Game `i` is the
/// same on every machine for the same `seed`, `play_depth` and `random_moves`, so chunks
/// from many workers make up the games of one run. The defaults are the trainer's.
#[pyfunction]
#[pyo3(signature = (first, count, seed = None, play_depth = None, random_moves = None, threads = 1))]
fn othello_training_games<'py>(
    py: Python<'py>,
    first: u64,
    count: u64,
    seed: Option<u64>,
    play_depth: Option<u32>,
    random_moves: Option<f64>,
    threads: usize,
) -> PyResult<Bound<'py, PyBytes>> {
    let defaults = Config::full();
    if count > MAX_GAMES_PER_CALL {
        return Err(value_error(format!(
            "count must be at most {MAX_GAMES_PER_CALL}, not {count}"
        )));
    }
    let end = first
        .checked_add(count)
        .filter(|&end| end <= u64::from(u32::MAX))
        .ok_or_else(|| value_error("game indices must stay below 2^32"))?;
    let random_moves = random_moves.unwrap_or(defaults.random_moves);
    if !(0.0..=1.0).contains(&random_moves) {
        return Err(value_error(format!(
            "random_moves is a probability from 0 to 1, not {random_moves}"
        )));
    }
    let play_depth = play_depth.unwrap_or(defaults.play_depth);
    if !(1..=8).contains(&play_depth) {
        return Err(value_error(format!(
            "play_depth must be from 1 to 8, not {play_depth}"
        )));
    }
    let config = Config {
        seed: seed.unwrap_or(defaults.seed),
        play_depth,
        random_moves,
        ..defaults
    };
    if !(1..=1024).contains(&threads) {
        return Err(value_error(format!(
            "threads must be from 1 to 1024, not {threads}"
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(value_error)?;
    let chunk = py.detach(move || {
        pool.install(|| {
            let range = first as usize..end as usize;
            let games = selfplay::play_range(
                &config,
                Model::Learned(Weights::checked_in()),
                range.clone(),
            );
            let indexed: Vec<(u32, _)> = range.map(|i| i as u32).zip(games).collect();
            games_file::encode(Settings::of(&config), &indexed)
        })
    });
    Ok(PyBytes::new(py, &chunk))
}

/// Reads a games file's bytes back: `(games, positions)` in it, or `ValueError` saying
/// what is wrong (a cut-short file, a game missing or twice, chunks of different runs).
#[pyfunction]
fn othello_training_games_check(bytes: &[u8]) -> PyResult<(usize, usize)> {
    let (_, games) = games_file::decode(bytes).map_err(value_error)?;
    Ok((games.len(), games.iter().map(Vec::len).sum()))
}

/// Registers the training functions on the native module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(othello_training_games, m)?)?;
    m.add_function(wrap_pyfunction!(othello_training_games_check, m)?)?;
    Ok(())
}
