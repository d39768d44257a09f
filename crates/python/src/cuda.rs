//! `bitgames.cuda`: the environments and searches of bitgames-gpu on a CUDA device, their
//! buffers handed to PyTorch, JAX and the rest through DLPack without copies.
//!
//! `CudaOthello` (`bitgames.cuda.Othello`) wraps a `bitgames_gpu::Batch<Othello>` and
//! `CudaAmazons` (`bitgames.cuda.Amazons`) a `Batch<Amazons>`, both through one
//! implementation (`env::Env` over the object-safe `env::Batch` trait): the interface of
//! `bitgames.vector.Othello` and `bitgames.vector.Amazons`, but `reset`, `step` and
//! `sample_actions` return [`DeviceArray`]s, views of the batch's own device buffers (written
//! again by every call) that export themselves through `__dlpack__` (the [`dlpack`] module).
//! An exported tensor holds the batch's buffers alive (an [`Arc`](std::sync::Arc) of them
//! travels in the DLPack context), so it may outlive the environment. Actions are taken as
//! NumPy arrays (copied to the device) or as any DLPack array on the same device (read in
//! place).
//!
//! Streams: every kernel and copy runs on the context's legacy default stream, in order. A
//! consumer on that stream (`__dlpack__(stream=None)` or `1`, PyTorch's default), on the
//! per-thread default stream (`2`, which synchronises with the legacy one) or asking for no
//! synchronisation (`-1`) gets the capsule at once; for any other stream the host waits for
//! the batch's work to finish before handing the capsule over. Actions given as a device array
//! are asked for on the legacy stream (`__dlpack__(stream=1)`, so the producer orders its own
//! writes before ours) and are read before `step` returns, so the caller may reuse or free
//! them afterwards.
//!
//! Legality stays the batch's own record, as in `bitgames.vector`: the actions are checked on
//! the device against each game's legal moves before any game moves (an illegal one raises
//! `ValueError` naming the game). Only actions the batch itself sampled skip that check, and
//! only while its action buffer has never been handed out (through `__dlpack__` or
//! `data_ptr`), since a caller holding it could write into it.
//!
//! Nothing here panics on a machine without CUDA: opening a device there raises
//! `RuntimeError` naming what is missing (the driver, a device, NVRTC), and arguments are
//! checked (`ValueError`, `TypeError`) before any device is opened.

mod dlpack;
mod env;

use std::sync::{Mutex, PoisonError};

use bitgames_gpu::batch::MAX_GAMES;
use bitgames_gpu::{Error, Gpu, Strategy, amazons, othello};
use pyo3::IntoPyObjectExt;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict};

use env::{CudaAmazons, CudaOthello, DeviceArray};

/// The most games one `bitgames.cuda.Othello` or `bitgames.cuda.Amazons` holds
/// (`bitgames.cuda.MAX_ENVS`, 2^24).
pub const MAX_ENVS: usize = MAX_GAMES;

/// The deepest Othello `bitgames.cuda.perft`, in plies: 1.9 * 10^12 leaves at 15, some
/// minutes on one GPU, which cannot be interrupted once launched.
pub const MAX_PERFT_DEPTH: u32 = 15;

/// The deepest Amazons `bitgames.cuda.perft`, in full moves (a queen move and its arrow).
/// The host expands all but the last two moves into memory: at 4 the 4.3 * 10^6 positions
/// of perft 2, below which the GPU counts some 10^13 leaves in one launch that cannot be
/// interrupted; at 5 the positions of perft 3, some 10^10, would not fit.
pub const MAX_AMAZONS_PERFT_DEPTH: u32 = 4;

/// The most threads one `bitgames.cuda.playouts` launches.
pub const MAX_PLAYOUT_THREADS: u64 = 1 << 24;

/// The most games one `bitgames.cuda.playouts` plays in all (as `bitgames.random_games`).
pub const MAX_PLAYOUT_GAMES: u64 = 1_000_000_000;

/// The Python exception for an error of bitgames-gpu: `ValueError` for what the caller got
/// wrong (an illegal action names its game), `RuntimeError` for what is missing or failed on
/// the device.
fn gpu_error(err: Error) -> PyErr {
    match err {
        // The crate's advice (LD_LIBRARY_PATH) is not needed here: bitgames.cuda loads the
        // wheel's NVRTC itself.
        Error::NoNvrtc => PyRuntimeError::new_err(
            "no NVRTC: libnvrtc.so.13 could not be loaded (pip install 'bitgames[cuda]' for \
             the nvidia-cuda-nvrtc wheel, which bitgames.cuda loads, or install the CUDA \
             toolkit's NVRTC on the loader's path)",
        ),
        Error::IllegalAction { .. }
        | Error::BatchSize { .. }
        | Error::Length { .. }
        | Error::Depth { .. } => PyValueError::new_err(err.to_string()),
        _ => PyRuntimeError::new_err(err.to_string()),
    }
}

/// A strategy by name, or `ValueError` listing the names.
fn strategy(name: &str) -> PyResult<Strategy> {
    name.parse()
        .map_err(|err: bitgames_gpu::UnknownStrategy| PyValueError::new_err(err.to_string()))
}

// ---- Devices --------------------------------------------------------------------------

/// Whether the CUDA driver library can be loaded.
fn driver_present() -> bool {
    // SAFETY: only tries to load the library (dlopen) under its usual names, as
    // `Gpu::open` does before touching it.
    unsafe { cudarc::driver::sys::is_culib_present() }
}

/// Whether NVRTC can be loaded.
fn nvrtc_present() -> bool {
    // SAFETY: as in `driver_present`, for NVRTC.
    unsafe { cudarc::nvrtc::sys::is_culib_present() }
}

/// The devices the driver reports, 0 without a driver (never loads what is missing).
fn devices() -> usize {
    if !driver_present() {
        return 0;
    }
    cudarc::driver::CudaContext::device_count().map_or(0, |count| count.max(0) as usize)
}

/// The devices opened so far, kernels compiled: each is opened (and NVRTC run) once per
/// process.
static GPUS: Mutex<Vec<(usize, Gpu)>> = Mutex::new(Vec::new());

/// Device `ordinal` with the kernels compiled, opened once and kept; a clear
/// `RuntimeError` when the driver, the device or NVRTC is missing.
fn open(py: Python<'_>, ordinal: usize) -> PyResult<Gpu> {
    py.detach(|| {
        let mut gpus = GPUS.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, gpu)) = gpus.iter().find(|(o, _)| *o == ordinal) {
            return Ok(gpu.clone());
        }
        let gpu = Gpu::open(ordinal)?;
        gpus.push((ordinal, gpu.clone()));
        Ok(gpu)
    })
    .map_err(gpu_error)
}

// ---- Module functions -----------------------------------------------------------------

/// Whether CUDA device `device` can be used: the driver loads, reports that device, and NVRTC
/// loads (nothing is compiled).
#[pyfunction]
#[pyo3(signature = (device = 0))]
fn cuda_available(device: usize) -> bool {
    devices() > device && nvrtc_present()
}

/// How many CUDA devices the driver reports (0 without a driver).
#[pyfunction]
fn cuda_device_count() -> usize {
    devices()
}

/// The games of `bitgames.cuda`'s module functions (their `game` argument).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum GameName {
    Othello,
    Amazons,
}

impl GameName {
    /// The game named `name` (`othello`, `amazons`), or `ValueError` listing the names.
    fn parse(name: &str) -> PyResult<GameName> {
        match name {
            "othello" => Ok(GameName::Othello),
            "amazons" => Ok(GameName::Amazons),
            _ => Err(PyValueError::new_err(format!(
                "unknown game {name:?}: expected \"othello\" or \"amazons\""
            ))),
        }
    }
}

/// Perft of `game`'s start position on device `device`: the leaves `depth` plies down for
/// Othello (a forced pass is a ply; 0 to `MAX_PERFT_DEPTH`), `depth` full moves (a queen move
/// and its arrow; 0 to `MAX_AMAZONS_PERFT_DEPTH`) for the Amazons.
#[pyfunction]
#[pyo3(signature = (depth, strategy = "kogge-stone", device = 0, game = "othello"))]
fn cuda_perft(
    py: Python<'_>,
    depth: u32,
    strategy: &str,
    device: usize,
    game: &str,
) -> PyResult<u64> {
    let game = GameName::parse(game)?;
    match game {
        GameName::Othello if depth > MAX_PERFT_DEPTH => {
            return Err(PyValueError::new_err(format!(
                "perft depth {depth} is beyond bitgames.cuda's limit of {MAX_PERFT_DEPTH} (a \
                 launch cannot be interrupted); split deeper counts with bitgames.distributed"
            )));
        }
        GameName::Amazons if depth > MAX_AMAZONS_PERFT_DEPTH => {
            return Err(PyValueError::new_err(format!(
                "Amazons perft depth {depth} is beyond bitgames.cuda's limit of \
                 {MAX_AMAZONS_PERFT_DEPTH} moves (the host holds all but the last two moves' \
                 positions, and a launch cannot be interrupted); split deeper counts with \
                 bitgames.distributed"
            )));
        }
        _ => {}
    }
    let strategy = self::strategy(strategy)?;
    let gpu = open(py, device)?;
    py.detach(|| match game {
        GameName::Othello => {
            othello::perft(&gpu, strategy, &bitgames::othello::Position::start(), depth)
        }
        GameName::Amazons => {
            amazons::perft(&gpu, strategy, &bitgames::amazons::Position::start(), depth)
        }
    })
    .map_err(gpu_error)
}

/// `games_per_thread` uniformly random games of `game` from the start on each of `threads`
/// device threads: a dict of `games` and `steps` (environment steps: Othello's plies, passes
/// included; the Amazons' sub-actions, three a move), with Othello's `black_wins` and
/// `draws` or the Amazons' `white_wins` (there are no draws).
#[pyfunction]
#[pyo3(signature = (
    threads,
    games_per_thread,
    seed = 0,
    strategy = "kogge-stone",
    device = 0,
    game = "othello",
))]
fn cuda_playouts<'py>(
    py: Python<'py>,
    threads: u64,
    games_per_thread: u32,
    seed: u64,
    strategy: &str,
    device: usize,
    game: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let game = GameName::parse(game)?;
    if !(1..=MAX_PLAYOUT_THREADS).contains(&threads) {
        return Err(PyValueError::new_err(format!(
            "threads must be between 1 and {MAX_PLAYOUT_THREADS}, not {threads}"
        )));
    }
    let games = threads * u64::from(games_per_thread);
    if games_per_thread == 0 || games > MAX_PLAYOUT_GAMES {
        return Err(PyValueError::new_err(format!(
            "games_per_thread must be at least 1, and threads * games_per_thread at most \
             {MAX_PLAYOUT_GAMES}, not {threads} * {games_per_thread}"
        )));
    }
    let strategy = self::strategy(strategy)?;
    let gpu = open(py, device)?;
    let totals = py
        .detach(|| -> Result<_, Error> {
            Ok(match game {
                GameName::Othello => {
                    let t = othello::playouts(&gpu, strategy, threads, games_per_thread, seed)?;
                    [
                        ("games", t.games),
                        ("steps", t.steps),
                        ("black_wins", t.black_wins),
                        ("draws", t.draws),
                    ]
                    .to_vec()
                }
                GameName::Amazons => {
                    let t = amazons::playouts(&gpu, strategy, threads, games_per_thread, seed)?;
                    [
                        ("games", t.games),
                        ("steps", t.steps),
                        ("white_wins", t.white_wins),
                    ]
                    .to_vec()
                }
            })
        })
        .map_err(gpu_error)?;
    let dict = PyDict::new(py);
    for (key, value) in totals {
        dict.set_item(key, value)?;
    }
    Ok(dict)
}

/// `game`'s kernels compiled by NVRTC for compute capability `capability` (major, minor):
/// the CUBIN's bytes (an ELF). Needs NVRTC only, no driver or device.
#[pyfunction]
#[pyo3(signature = (capability = (9, 0), game = "othello"))]
fn cuda_compile_kernels<'py>(
    py: Python<'py>,
    capability: (i32, i32),
    game: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let game = GameName::parse(game)?;
    let (major, minor) = capability;
    if !(1..=99).contains(&major) || !(0..=9).contains(&minor) {
        return Err(PyValueError::new_err(format!(
            "a compute capability is (major, minor), such as (9, 0), not {capability:?}"
        )));
    }
    let cubin = py
        .detach(|| {
            let source = match game {
                GameName::Othello => bitgames_gpu::source::othello(),
                GameName::Amazons => bitgames_gpu::source::amazons(),
            };
            bitgames_gpu::compile(&source, capability)
        })
        .map_err(gpu_error)?;
    Ok(PyBytes::new(py, &cubin))
}

/// Registers the CUDA classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CudaOthello>()?;
    m.add_class::<CudaAmazons>()?;
    m.add_class::<DeviceArray>()?;
    m.add("CUDA_MAX_ENVS", MAX_ENVS)?;
    m.add("CUDA_MAX_PERFT_DEPTH", MAX_PERFT_DEPTH)?;
    m.add("CUDA_MAX_AMAZONS_PERFT_DEPTH", MAX_AMAZONS_PERFT_DEPTH)?;
    m.add(
        "CUDA_STRATEGIES",
        Strategy::ALL.map(Strategy::name).into_py_any(m.py())?,
    )?;
    m.add_function(wrap_pyfunction!(cuda_available, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_device_count, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_perft, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(cuda_compile_kernels, m)?)?;
    Ok(())
}
