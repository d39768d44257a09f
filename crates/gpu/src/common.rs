//! What every game's host code shares: launch shapes, the games' generator seeds, and the
//! read-back of a refused action.

use std::sync::Arc;

use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, LaunchConfig, PushKernelArg};

use crate::Error;

/// Threads a block; one game (or position, or 16 bytes of output) a thread.
pub(crate) const BLOCK: u32 = 256;

/// A launch of `threads` threads, [`BLOCK`] a block.
pub(crate) fn config(threads: u64) -> LaunchConfig {
    let blocks = threads.div_ceil(u64::from(BLOCK)).max(1);
    LaunchConfig {
        grid_dim: (u32::try_from(blocks).expect("grid fits in u32"), 1, 1),
        block_dim: (BLOCK, 1, 1),
        shared_mem_bytes: 0,
    }
}

/// The SplitMix64 output function (Steele, Lea and Flood, OOPSLA 2014).
fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The starting states of `n` games' SplitMix64 generators: from `seed` and each game's
/// index, scrambled so that the games' sequences start far apart.
pub(crate) fn game_seeds(seed: u64, n: usize) -> Vec<u64> {
    (0..n as u64)
        .map(|i| mix64(seed.wrapping_add(mix64(i.wrapping_add(1)))))
        .collect()
}

/// After a check kernel wrote the lowest illegal game to `first_illegal` (or left
/// `u32::MAX`): [`Error::IllegalAction`] with that game's action read back from `actions`.
///
/// # Safety
///
/// `actions` points to `n` initialised `i64` in the stream's device memory.
pub(crate) unsafe fn refuse_illegal(
    stream: &Arc<CudaStream>,
    first_illegal: &CudaSlice<u32>,
    actions: u64,
    n: usize,
) -> Result<(), Error> {
    let first = stream.clone_dtoh(first_illegal)?[0];
    if first == u32::MAX {
        return Ok(());
    }
    let game = first as usize;
    let mut action = [0i64];
    // SAFETY: the caller's promise; the view is leaked below, so nothing frees the memory.
    let view = unsafe { stream.upgrade_device_ptr::<i64>(actions, n) };
    let copied = stream.memcpy_dtoh(&view.slice(game..game + 1), &mut action);
    view.leak();
    copied?;
    Err(Error::IllegalAction {
        game,
        action: action[0],
    })
}

/// Runs a playouts kernel (`threads`, `seed`, `games` a thread, then its counters) and reads
/// back its `counters` totals.
pub(crate) fn run_playouts(
    stream: &Arc<CudaStream>,
    function: &CudaFunction,
    threads: u64,
    games: u32,
    seed: u64,
    counters: usize,
) -> Result<Vec<u64>, Error> {
    let mut totals = stream.alloc_zeros::<u64>(counters)?;
    let mut launch = stream.launch_builder(function);
    launch.arg(&threads).arg(&seed).arg(&games).arg(&mut totals);
    // SAFETY: every game's playouts kernel takes these arguments in this order, and adds to
    // `counters` totals.
    unsafe { launch.launch(config(threads)) }?;
    Ok(stream.clone_dtoh(&totals)?)
}

/// Runs a perft kernel over `count` positions (`count`, each of `boards`, `depth`, then its
/// position counter and its leaf total) with at most `max_threads` threads, and reads back
/// the leaves. The games' kernels differ only in how many board lists a position has, so one
/// launch serves both.
///
/// # Safety
///
/// `function` is a perft kernel taking these arguments in this order, and each of `boards`
/// holds `count` boards in the kernel's layout.
pub(crate) unsafe fn run_perft(
    stream: &Arc<CudaStream>,
    function: &CudaFunction,
    count: u64,
    boards: &[Vec<u64>],
    depth: u32,
    max_threads: u64,
) -> Result<u64, Error> {
    let boards = boards
        .iter()
        .map(|list| stream.clone_htod(list))
        .collect::<Result<Vec<CudaSlice<u64>>, _>>()?;
    let mut next = stream.alloc_zeros::<u64>(1)?;
    let mut totals = stream.alloc_zeros::<u64>(1)?;
    // Enough threads to fill the device several times over; each takes positions as it goes.
    let threads = count.min(max_threads);
    let mut launch = stream.launch_builder(function);
    launch.arg(&count);
    for list in &boards {
        launch.arg(list);
    }
    launch.arg(&depth).arg(&mut next).arg(&mut totals);
    // SAFETY: the caller's promise: the kernel's arguments, `count` positions in each board
    // list, one counter each.
    unsafe { launch.launch(config(threads)) }?;
    Ok(stream.clone_dtoh(&totals)?[0])
}

/// `Ok` when every one of `others` (a name and a length) is `expected` long, else
/// [`Error::Length`] naming the first that is not.
pub(crate) fn same_lengths(expected: usize, others: &[(&'static str, usize)]) -> Result<(), Error> {
    for &(what, got) in others {
        if got != expected {
            return Err(Error::Length {
                what,
                expected,
                got,
            });
        }
    }
    Ok(())
}

/// Runs a kernel of one thread an entry over `n` entries (`n`, each of `words`, then
/// `squares` where given, then its output) and reads back the output, `out_words` words
/// zeroed before the launch. The operations of both games differ only in their inputs, so
/// one launch serves them all.
///
/// # Safety
///
/// `function` is a kernel taking these arguments in this order, which reads `n` entries of
/// each input (in its layout) and writes at most `out_words` words of output.
pub(crate) unsafe fn run_map(
    stream: &Arc<CudaStream>,
    function: &CudaFunction,
    n: u64,
    words: &[&[u64]],
    squares: Option<&[u8]>,
    out_words: usize,
) -> Result<Vec<u64>, Error> {
    let words = words
        .iter()
        .map(|list| stream.clone_htod(*list))
        .collect::<Result<Vec<CudaSlice<u64>>, _>>()?;
    let squares = squares.map(|s| stream.clone_htod(s)).transpose()?;
    let mut out = stream.alloc_zeros::<u64>(out_words)?;
    let mut launch = stream.launch_builder(function);
    launch.arg(&n);
    for list in &words {
        launch.arg(list);
    }
    if let Some(squares) = &squares {
        launch.arg(squares);
    }
    launch.arg(&mut out);
    // SAFETY: the caller's promise: the kernel's arguments, `n` entries in each input and
    // `out_words` words of output.
    unsafe { launch.launch(config(n)) }?;
    Ok(stream.clone_dtoh(&out)?)
}

/// A perft split: `split` (at most `depth`) levels expanded on the host and the `depth -
/// split` below them searched on the GPU, or [`Error::Depth`] when those exceed `max`, the
/// kernels' limit.
pub(crate) fn perft_split(depth: u32, split: u32, max: u32) -> Result<(u32, u32), Error> {
    let split = split.min(depth);
    let below = depth - split;
    if below > max {
        return Err(Error::Depth { depth: below, max });
    }
    Ok((split, below))
}
