//! Measurements on the device, for `examples/compare.rs` and the README's GPU table: the
//! operations of every strategy on device-resident positions, environment steps, random
//! playouts and perft. Each times whole launches after a warm-up, the device synchronised
//! before and after, so the rates are what a caller gets.

use std::time::{Duration, Instant};

use cudarc::driver::{CudaSlice, PushKernelArg};

use crate::amazons::Amazons;
use crate::othello::Othello;
use crate::{Batch, BatchGame, Error, Gpu, Strategy, amazons, common, othello};

/// The best of `repeats` timings of `work` (after one untimed run), synchronised.
fn best_of(
    gpu: &Gpu,
    repeats: usize,
    mut work: impl FnMut() -> Result<(), Error>,
) -> Result<Duration, Error> {
    work()?;
    gpu.stream().synchronize()?;
    let mut best = Duration::MAX;
    for _ in 0..repeats {
        let start = Instant::now();
        work()?;
        gpu.stream().synchronize()?;
        best = best.min(start.elapsed());
    }
    Ok(best)
}

/// Legal moves and flips per second of `strategy` over `positions` (player, opponent,
/// square), held in device memory: (legal moves per second, flips per second).
///
/// # Errors
///
/// [`Error::Driver`].
pub fn operations(
    gpu: &Gpu,
    strategy: Strategy,
    positions: &[(u64, u64, u8)],
    repeats: usize,
) -> Result<(f64, f64), Error> {
    let stream = gpu.stream();
    let n = positions.len() as u64;
    let players: CudaSlice<u64> =
        stream.clone_htod(&positions.iter().map(|p| p.0).collect::<Vec<_>>())?;
    let opponents: CudaSlice<u64> =
        stream.clone_htod(&positions.iter().map(|p| p.1).collect::<Vec<_>>())?;
    let squares: CudaSlice<u8> =
        stream.clone_htod(&positions.iter().map(|p| p.2).collect::<Vec<_>>())?;
    let mut out: CudaSlice<u64> = stream.alloc_zeros(positions.len())?;
    let legal = gpu.othello_function(&strategy.entry_point("othello_legal_moves"))?;
    let flips = gpu.othello_function(&strategy.entry_point("othello_flips"))?;
    let legal_time = best_of(gpu, repeats, || {
        let mut launch = stream.launch_builder(&legal);
        launch.arg(&n).arg(&players).arg(&opponents).arg(&mut out);
        // SAFETY: matches `othello_legal_moves_<strategy>`; `n` entries each.
        unsafe { launch.launch(common::config(n)) }?;
        Ok(())
    })?;
    let flips_time = best_of(gpu, repeats, || {
        let mut launch = stream.launch_builder(&flips);
        launch
            .arg(&n)
            .arg(&players)
            .arg(&opponents)
            .arg(&squares)
            .arg(&mut out);
        // SAFETY: matches `othello_flips_<strategy>`; `n` entries each, squares below 64.
        unsafe { launch.launch(common::config(n)) }?;
        Ok(())
    })?;
    let rate = |time: Duration| n as f64 / time.as_secs_f64();
    Ok((rate(legal_time), rate(flips_time)))
}

/// Environment steps per second of `n` games of `G` (random actions drawn on the device,
/// then the step with automatic reset, observations and masks written), over `steps` steps.
///
/// # Errors
///
/// As [`Batch::new`] and its steps.
pub fn environment<G: BatchGame>(
    gpu: &Gpu,
    strategy: Strategy,
    n: usize,
    steps: usize,
    repeats: usize,
) -> Result<f64, Error> {
    let mut batch = Batch::<G>::new(gpu, n, 5, strategy)?;
    let time = best_of(gpu, repeats, || {
        for _ in 0..steps {
            batch.sample_actions()?;
            batch.step()?;
        }
        Ok(())
    })?;
    Ok((n * steps) as f64 / time.as_secs_f64())
}

/// Steps per second of `play` (which returns the steps it played), best of `repeats`.
fn steps_per_second(
    gpu: &Gpu,
    repeats: usize,
    mut play: impl FnMut() -> Result<u64, Error>,
) -> Result<f64, Error> {
    let mut steps = 0;
    let time = best_of(gpu, repeats, || {
        steps = play()?;
        Ok(())
    })?;
    Ok(steps as f64 / time.as_secs_f64())
}

/// The generator seed of the playout benchmarks.
const PLAYOUT_SEED: u64 = 9;

/// A game the playout and perft benchmarks run, as [`environment`] runs any [`BatchGame`]:
/// the game's own playouts and perft behind one name, so that one benchmark serves both.
pub trait Benchmarked: BatchGame {
    /// The environment steps (Othello's plies, the Amazons' sub-actions) of random playouts:
    /// `threads` threads of `games` games each.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    fn playouts(gpu: &Gpu, strategy: Strategy, threads: u64, games: u32) -> Result<u64, Error>;

    /// Perft from the start, `depth` plies (Othello) or full moves (the Amazons) deep.
    ///
    /// # Errors
    ///
    /// As the game's `perft`.
    fn start_perft(gpu: &Gpu, strategy: Strategy, depth: u32) -> Result<u64, Error>;
}

impl Benchmarked for Othello {
    fn playouts(gpu: &Gpu, strategy: Strategy, threads: u64, games: u32) -> Result<u64, Error> {
        Ok(othello::playouts(gpu, strategy, threads, games, PLAYOUT_SEED)?.steps)
    }
    fn start_perft(gpu: &Gpu, strategy: Strategy, depth: u32) -> Result<u64, Error> {
        othello::perft(gpu, strategy, &bitgames_othello::Position::start(), depth)
    }
}

impl Benchmarked for Amazons {
    fn playouts(gpu: &Gpu, strategy: Strategy, threads: u64, games: u32) -> Result<u64, Error> {
        Ok(amazons::playouts(gpu, strategy, threads, games, PLAYOUT_SEED)?.steps)
    }
    fn start_perft(gpu: &Gpu, strategy: Strategy, depth: u32) -> Result<u64, Error> {
        amazons::perft(gpu, strategy, &bitgames_amazons::Position::start(), depth)
    }
}

/// Random-playout steps of `G` per second (Othello's plies, the Amazons' sub-actions):
/// `threads` threads of `games` games each.
///
/// # Errors
///
/// [`Error::Driver`].
pub fn playouts<G: Benchmarked>(
    gpu: &Gpu,
    strategy: Strategy,
    threads: u64,
    games: u32,
    repeats: usize,
) -> Result<f64, Error> {
    steps_per_second(gpu, repeats, || G::playouts(gpu, strategy, threads, games))
}

/// Perft of `G` from the start: the leaves and the time, host expansion included, one run,
/// the stream drained first so that earlier work is not counted.
///
/// # Errors
///
/// As the game's `perft`.
pub fn perft<G: Benchmarked>(
    gpu: &Gpu,
    strategy: Strategy,
    depth: u32,
) -> Result<(u64, Duration), Error> {
    gpu.stream().synchronize()?;
    let start = Instant::now();
    let leaves = G::start_perft(gpu, strategy, depth)?;
    Ok((leaves, start.elapsed()))
}
