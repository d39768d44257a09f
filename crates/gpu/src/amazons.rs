//! The Game of the Amazons on the GPU: a batch of environments ([`AmazonsBatch`]), random
//! playouts ([`playouts`]), perft ([`perft`]) and the operations alone ([`queen_reach`],
//! [`fill`], [`count_moves`]).
//!
//! Boards are bitgames-amazons' layout: bit `11 * row + col`, row 0 the top rank, column 10 a
//! guard column that is never set; on the device a board is two `u64` halves, low first.
//! Actions and observations are OpenSpiel's `amazons` numbering, as in
//! `bitgames.vector.Amazons` ([`bitgames_amazons::encoding`]): a turn is three sub-actions of
//! 100 (the queen to move, its destination, the arrow square), squares numbered a10 = 0 row by
//! row; observations `[4, 10, 10]` int8 (the side to move's queens, the opponent's, the
//! arrows, the square selected so far this turn).

use cudarc::driver::{CudaFunction, CudaSlice, DevicePtr, PushKernelArg};

use bitgames_amazons::encoding::Turn;
use bitgames_amazons::{Position, Square};

use bitgames_tables::edges::AMAZONS_VALID;

use crate::{Error, Gpu, Strategy, common};

/// The most games an [`AmazonsBatch`] holds (observations alone take 400 bytes a game).
pub const MAX_GAMES: usize = 1 << 24;
/// Actions: the 100 squares, a10 = 0 row by row (each sub-action names one).
pub const ACTIONS: usize = 100;
/// The observation planes of one game.
pub const PLANES: [usize; 3] = [4, 10, 10];
/// Bytes of one game's observation.
const OBSERVATION_BYTES: usize = 400;
/// Threads that write one game's observation, 16 bytes each.
const OBSERVE_THREADS: u64 = 25;
/// Threads that write one game's mask, 4 bytes each.
const MASK_THREADS: u64 = 25;
/// The deepest perft, in full moves, below the positions handed to the GPU (the kernel's
/// stack).
pub const MAX_KERNEL_DEPTH: u32 = 8;
/// The moves [`perft`] leaves to the GPU below each position of the host's frontier (the
/// last one counted in bulk).
pub const DEFAULT_KERNEL_DEPTH: u32 = 2;

/// A board as the kernels hold it: the low half, then the high half (guard bits cleared).
fn halves(bits: u128) -> [u64; 2] {
    let bits = bits & AMAZONS_VALID;
    [bits as u64, (bits >> 64) as u64]
}

/// Boards as the kernels hold them, one after another.
fn boards(bits: impl IntoIterator<Item = u128>) -> Vec<u64> {
    bits.into_iter().flat_map(halves).collect()
}

/// Boards back from their halves.
fn from_halves(words: &[u64]) -> Vec<u128> {
    words
        .chunks_exact(2)
        .map(|pair| u128::from(pair[0]) | u128::from(pair[1]) << 64)
        .collect()
}

/// The side to move's queens, the opponent's and the arrows of `position`, as bits.
fn sides(position: &Position) -> [u128; 3] {
    let side = position.side_to_move();
    [
        position.queens(side).bits(),
        position.queens(side.other()).bits(),
        position.arrows().bits(),
    ]
}

/// The position with these queens and arrows, `side` (0 white, 1 black) to move, through the
/// notation (bitgames-amazons builds positions only by parsing or playing).
fn position_from_sets(white: u128, black: u128, arrows: u128, side: u8) -> Position {
    let mut text = String::new();
    for row in 0..10 {
        if row > 0 {
            text.push('/');
        }
        let mut run = 0;
        for col in 0..10 {
            let bit = 1u128 << (11 * row + col);
            let piece = if white & bit != 0 {
                'Q'
            } else if black & bit != 0 {
                'q'
            } else if arrows & bit != 0 {
                '*'
            } else {
                run += 1;
                continue;
            };
            if run > 0 {
                text.push_str(&run.to_string());
                run = 0;
            }
            text.push(piece);
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
    }
    text.push_str(if side == 0 { " w" } else { " b" });
    text.parse()
        .expect("the kernels keep positions valid: at most four queens a side")
}

/// The entry points a batch calls each step.
#[derive(Debug)]
struct BatchKernels {
    reset: CudaFunction,
    step: CudaFunction,
    check: CudaFunction,
    observe: CudaFunction,
    mask: CudaFunction,
    sample: CudaFunction,
}

/// `n` games of the Amazons stepped at once on the GPU, one sub-action a step, with automatic
/// reset: the environment of `bitgames.vector.Amazons`, its buffers in device memory.
///
/// After [`reset`](Self::reset) and each [`step`](Self::step) the device buffers hold the
/// observations (`[n, 4, 10, 10]` int8), action masks (`[n, 100]` bool), rewards (`[n]` f32,
/// the final result of the player who moved: +1 when the step ended the game, which the
/// mover always wins, else 0) and termination flags (`[n]` bool). A game that ends restarts
/// at once: its step reports the reward and `terminated`, and its observation is the new
/// game's. Given the same actions, everything equals the CPU vector environment
/// ([`Turn`]'s `Encoding::step_write`) bit for bit (proven by the emulated tests).
///
/// What is legal is the batch's own record of each game: an illegal action is
/// [`Error::IllegalAction`] naming the lowest such game, and no game moves. Actions drawn by
/// [`sample_actions`](Self::sample_actions) are legal by construction and skip that check.
#[derive(Debug)]
pub struct AmazonsBatch {
    gpu: Gpu,
    strategy: Strategy,
    n: usize,
    kernels: BatchKernels,
    /// Boards, two words a game: the side to move's queens, the opponent's, the arrows.
    player: CudaSlice<u64>,
    opponent: CudaSlice<u64>,
    arrows: CudaSlice<u64>,
    /// 0 white, 1 black, to move.
    side: CudaSlice<u8>,
    /// Board bits of the queen and destination chosen this turn, 0xff while not yet chosen.
    from: CudaSlice<u8>,
    to: CudaSlice<u8>,
    /// The squares the next sub-action may name, two words a game.
    legal: CudaSlice<u64>,
    rng: CudaSlice<u64>,
    actions: CudaSlice<i64>,
    /// Whether `actions` holds what `sample_actions` drew for the current positions.
    actions_sampled: bool,
    observations: CudaSlice<u8>,
    masks: CudaSlice<u8>,
    rewards: CudaSlice<f32>,
    terminated: CudaSlice<u8>,
    first_illegal: CudaSlice<u32>,
}

impl AmazonsBatch {
    /// `n` games at the start, each with its own random generator seeded from `seed` and its
    /// index, computing with `strategy`.
    ///
    /// # Errors
    ///
    /// [`Error::BatchSize`] unless `1 <= n <= MAX_GAMES`; [`Error::Driver`] when the buffers
    /// cannot be allocated.
    pub fn new(gpu: &Gpu, n: usize, seed: u64, strategy: Strategy) -> Result<Self, Error> {
        if !(1..=MAX_GAMES).contains(&n) {
            return Err(Error::BatchSize { n, max: MAX_GAMES });
        }
        let stream = gpu.stream();
        let function = |operation: &str| gpu.amazons_function(&strategy.entry_point(operation));
        let kernels = BatchKernels {
            reset: function("amazons_reset")?,
            step: function("amazons_step")?,
            check: gpu.amazons_function("amazons_check_actions")?,
            observe: gpu.amazons_function("amazons_observe")?,
            mask: gpu.amazons_function("amazons_mask")?,
            sample: gpu.amazons_function("amazons_sample")?,
        };
        let seeds = common::game_seeds(seed, n);
        let mut batch = AmazonsBatch {
            gpu: gpu.clone(),
            strategy,
            n,
            kernels,
            player: stream.alloc_zeros(2 * n)?,
            opponent: stream.alloc_zeros(2 * n)?,
            arrows: stream.alloc_zeros(2 * n)?,
            side: stream.alloc_zeros(n)?,
            from: stream.alloc_zeros(n)?,
            to: stream.alloc_zeros(n)?,
            legal: stream.alloc_zeros(2 * n)?,
            rng: stream.clone_htod(&seeds)?,
            actions: stream.alloc_zeros(n)?,
            actions_sampled: false,
            observations: stream.alloc_zeros(n * OBSERVATION_BYTES)?,
            masks: stream.alloc_zeros(n * ACTIONS)?,
            rewards: stream.alloc_zeros(n)?,
            terminated: stream.alloc_zeros(n)?,
            first_illegal: stream.alloc_zeros(1)?,
        };
        batch.reset()?;
        Ok(batch)
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Always false: a batch holds at least one game.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// The strategy the kernels compute with.
    pub fn strategy(&self) -> Strategy {
        self.strategy
    }

    /// The GPU the batch lives on.
    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    /// Starts every game again; writes the observations and masks; clears rewards and
    /// termination flags.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`] from a launch.
    pub fn reset(&mut self) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        let mut launch = stream.launch_builder(&self.kernels.reset);
        launch
            .arg(&n)
            .arg(&mut self.player)
            .arg(&mut self.opponent)
            .arg(&mut self.arrows)
            .arg(&mut self.side)
            .arg(&mut self.from)
            .arg(&mut self.to)
            .arg(&mut self.legal);
        // SAFETY: the arguments match `amazons_reset_<strategy>`'s parameters; the boards
        // hold `2 n` words, the other buffers `n` entries.
        unsafe { launch.launch(common::config(n)) }?;
        stream.memset_zeros(&mut self.rewards)?;
        stream.memset_zeros(&mut self.terminated)?;
        self.actions_sampled = false;
        self.write_views()
    }

    /// Draws one uniformly random legal sub-action per game into the batch's action buffer
    /// ([`actions`](Self::actions) reads it back), from each game's own generator.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`] from the launch.
    pub fn sample_actions(&mut self) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        let mut launch = stream.launch_builder(&self.kernels.sample);
        launch
            .arg(&n)
            .arg(&self.legal)
            .arg(&mut self.rng)
            .arg(&mut self.actions);
        // SAFETY: the arguments match `amazons_sample`'s parameters; `legal` holds `2 n`
        // words, the other buffers `n` entries.
        unsafe { launch.launch(common::config(n)) }?;
        self.actions_sampled = true;
        Ok(())
    }

    /// Copies `actions` (one per game) into the batch's action buffer.
    ///
    /// # Errors
    ///
    /// [`Error::Length`] unless there is one action per game; [`Error::Driver`].
    pub fn set_actions(&mut self, actions: &[i64]) -> Result<(), Error> {
        if actions.len() != self.n {
            return Err(Error::Length {
                what: "actions",
                expected: self.n,
                got: actions.len(),
            });
        }
        self.gpu.stream().memcpy_htod(actions, &mut self.actions)?;
        self.actions_sampled = false;
        Ok(())
    }

    /// Steps every game by one sub-action with the action buffer's actions (from
    /// [`sample_actions`](Self::sample_actions) or [`set_actions`](Self::set_actions)).
    ///
    /// # Errors
    ///
    /// [`Error::IllegalAction`] (no game moved); [`Error::Driver`].
    pub fn step(&mut self) -> Result<(), Error> {
        // One stream runs everything (event tracking is off), so the pointer needs no guard.
        let pointer = self.actions.device_ptr(self.gpu.stream()).0;
        let checked = !self.actions_sampled;
        // SAFETY: the pointer is the batch's own buffer of `n` actions.
        unsafe { self.step_from(pointer, checked) }
    }

    /// Steps every game with the actions at `actions`: `n` int64 in device memory of this
    /// batch's GPU, read on its stream (a DLPack array's pointer, say). They are checked
    /// first, so an illegal one is [`Error::IllegalAction`] and no game moves.
    ///
    /// # Safety
    ///
    /// `actions` points to `n` readable, initialised `i64` in this GPU's memory, which
    /// nothing writes until the step's kernels have run.
    ///
    /// # Errors
    ///
    /// [`Error::IllegalAction`]; [`Error::Driver`].
    pub unsafe fn step_device_actions(&mut self, actions: u64) -> Result<(), Error> {
        // SAFETY: the caller's promise.
        unsafe { self.step_from(actions, true) }
    }

    /// # Safety
    ///
    /// As for [`step_device_actions`](Self::step_device_actions); `checked` may be false only
    /// for actions `amazons_sample` drew for the current positions.
    unsafe fn step_from(&mut self, actions: u64, checked: bool) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        if checked {
            stream.memcpy_htod(&[u32::MAX], &mut self.first_illegal)?;
            let mut launch = stream.launch_builder(&self.kernels.check);
            launch
                .arg(&n)
                .arg(&actions)
                .arg(&self.legal)
                .arg(&mut self.first_illegal);
            // SAFETY: the arguments match `amazons_check_actions`; `actions` holds `n`
            // entries (the caller's promise), `legal` `2 n` words, `first_illegal` one.
            unsafe { launch.launch(common::config(n)) }?;
            // SAFETY: `actions` holds `n` entries (the caller's promise).
            unsafe { common::refuse_illegal(&stream, &self.first_illegal, actions, self.n) }?;
        }
        let mut launch = stream.launch_builder(&self.kernels.step);
        launch
            .arg(&n)
            .arg(&actions)
            .arg(&mut self.player)
            .arg(&mut self.opponent)
            .arg(&mut self.arrows)
            .arg(&mut self.side)
            .arg(&mut self.from)
            .arg(&mut self.to)
            .arg(&mut self.legal)
            .arg(&mut self.rewards)
            .arg(&mut self.terminated);
        // SAFETY: the arguments match `amazons_step_<strategy>`; every action is legal in
        // its game (checked above, or drawn by `amazons_sample` from the same record).
        unsafe { launch.launch(common::config(n)) }?;
        // The positions moved: what `sample_actions` drew no longer applies to them.
        self.actions_sampled = false;
        self.write_views()
    }

    /// Writes the observations and masks from the positions and legal records.
    fn write_views(&mut self) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        let mut launch = stream.launch_builder(&self.kernels.observe);
        launch
            .arg(&n)
            .arg(&self.player)
            .arg(&self.opponent)
            .arg(&self.arrows)
            .arg(&self.from)
            .arg(&self.to)
            .arg(&mut self.observations);
        // SAFETY: matches `amazons_observe`; 25 threads a game, 16 of its 400 bytes each.
        unsafe { launch.launch(common::config(n * OBSERVE_THREADS)) }?;
        let mut launch = stream.launch_builder(&self.kernels.mask);
        launch.arg(&n).arg(&self.legal).arg(&mut self.masks);
        // SAFETY: matches `amazons_mask`; 25 threads a game, 4 of its 100 mask bytes each.
        unsafe { launch.launch(common::config(n * MASK_THREADS)) }?;
        Ok(())
    }

    /// Waits for the batch's kernels to finish.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`], including errors of kernels launched earlier.
    pub fn synchronize(&self) -> Result<(), Error> {
        Ok(self.gpu.stream().synchronize()?)
    }

    /// The device buffers, for handing out without copies (DLPack).
    pub fn buffers(&self) -> Buffers {
        let stream = self.gpu.stream();
        let pointer = |slice: &CudaSlice<u8>| slice.device_ptr(stream).0;
        Buffers {
            observations: pointer(&self.observations),
            masks: pointer(&self.masks),
            rewards: self.rewards.device_ptr(stream).0,
            terminated: pointer(&self.terminated),
            actions: self.actions.device_ptr(stream).0,
        }
    }

    /// The observations, copied to the host: `n * 400` int8, game by game.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn observations(&self) -> Result<Vec<i8>, Error> {
        let bytes = self.gpu.stream().clone_dtoh(&self.observations)?;
        Ok(bytes.into_iter().map(|b| b as i8).collect())
    }

    /// The action masks, copied to the host: `n * 100`, game by game.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn masks(&self) -> Result<Vec<bool>, Error> {
        Ok(self
            .gpu
            .stream()
            .clone_dtoh(&self.masks)?
            .into_iter()
            .map(|b| b != 0)
            .collect())
    }

    /// The rewards of the last step, copied to the host.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn rewards(&self) -> Result<Vec<f32>, Error> {
        Ok(self.gpu.stream().clone_dtoh(&self.rewards)?)
    }

    /// The termination flags of the last step, copied to the host.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn terminated(&self) -> Result<Vec<bool>, Error> {
        Ok(self
            .gpu
            .stream()
            .clone_dtoh(&self.terminated)?
            .into_iter()
            .map(|b| b != 0)
            .collect())
    }

    /// The action buffer, copied to the host.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn actions(&self) -> Result<Vec<i64>, Error> {
        Ok(self.gpu.stream().clone_dtoh(&self.actions)?)
    }

    /// The games, copied to the host: each position at the start of its turn with the
    /// sub-actions chosen so far.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn turns(&self) -> Result<Vec<Turn>, Error> {
        let stream = self.gpu.stream();
        let player = from_halves(&stream.clone_dtoh(&self.player)?);
        let opponent = from_halves(&stream.clone_dtoh(&self.opponent)?);
        let arrows = from_halves(&stream.clone_dtoh(&self.arrows)?);
        let side = stream.clone_dtoh(&self.side)?;
        let from = stream.clone_dtoh(&self.from)?;
        let to = stream.clone_dtoh(&self.to)?;
        Ok((0..self.n)
            .map(|i| {
                let (white, black) = if side[i] == 0 {
                    (player[i], opponent[i])
                } else {
                    (opponent[i], player[i])
                };
                let position = position_from_sets(white, black, arrows[i], side[i]);
                Turn {
                    position,
                    from: Square::from_bit(u32::from(from[i])),
                    to: Square::from_bit(u32::from(to[i])),
                }
            })
            .collect())
    }
}

/// Device addresses of an [`AmazonsBatch`]'s buffers (valid while the batch lives).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Buffers {
    /// `[n, 4, 10, 10]` int8.
    pub observations: u64,
    /// `[n, 100]` bool (one byte each).
    pub masks: u64,
    /// `[n]` f32.
    pub rewards: u64,
    /// `[n]` bool.
    pub terminated: u64,
    /// `[n]` int64: the action buffer.
    pub actions: u64,
}

/// What [`playouts`] played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayoutTotals {
    /// Games played.
    pub games: u64,
    /// Sub-actions taken, as environment steps: three a move.
    pub steps: u64,
    /// Games white (the first player) won; black won the others (there are no draws).
    pub white_wins: u64,
}

impl PlayoutTotals {
    /// Full moves played (a queen move and its arrow): a third of the steps.
    pub fn moves(&self) -> u64 {
        self.steps / 3
    }
}

/// Plays `games_per_thread` random games from the start on each of `threads` threads
/// (thread `i`'s SplitMix64 generator seeded from `seed` and `i`), each sub-action drawn
/// uniformly from the legal ones, as [`AmazonsBatch::sample_actions`] draws them.
///
/// # Errors
///
/// [`Error::Driver`].
pub fn playouts(
    gpu: &Gpu,
    strategy: Strategy,
    threads: u64,
    games_per_thread: u32,
    seed: u64,
) -> Result<PlayoutTotals, Error> {
    let stream = gpu.stream();
    let function = gpu.amazons_function(&strategy.entry_point("amazons_playouts"))?;
    let mut totals = stream.alloc_zeros::<u64>(2)?;
    let mut launch = stream.launch_builder(&function);
    launch
        .arg(&threads)
        .arg(&seed)
        .arg(&games_per_thread)
        .arg(&mut totals);
    // SAFETY: matches `amazons_playouts_<strategy>`; `totals` holds two counters.
    unsafe { launch.launch(common::config(threads)) }?;
    let totals = stream.clone_dtoh(&totals)?;
    Ok(PlayoutTotals {
        games: threads * u64::from(games_per_thread),
        steps: totals[0],
        white_wins: totals[1],
    })
}

/// The positions `depth` moves below `position`, pushed as boards (side to move's queens,
/// the opponent's, the arrows). A finished game above that depth has no leaves and adds
/// nothing.
fn frontier(position: &Position, depth: u32, out: &mut [Vec<u128>; 3]) {
    if depth == 0 {
        for (list, bits) in out.iter_mut().zip(sides(position)) {
            list.push(bits);
        }
        return;
    }
    for mv in position.legal_moves() {
        frontier(&position.play(mv), depth - 1, out);
    }
}

/// Perft on the GPU: the leaves `depth` full moves (a queen move and its arrow) below
/// `position`, a finished game counting as no leaves (as bitgames-amazons counts). The host
/// expands the first `split` moves with bitgames-amazons; each GPU thread then takes
/// positions of that frontier and searches `depth - split` moves below each, counting the
/// last in bulk.
///
/// # Errors
///
/// [`Error::Depth`] when `depth - split` exceeds [`MAX_KERNEL_DEPTH`]; [`Error::Driver`].
pub fn perft_split(
    gpu: &Gpu,
    strategy: Strategy,
    position: &Position,
    depth: u32,
    split: u32,
) -> Result<u64, Error> {
    let split = split.min(depth);
    let below = depth - split;
    if below > MAX_KERNEL_DEPTH {
        return Err(Error::Depth {
            depth: below,
            max: MAX_KERNEL_DEPTH,
        });
    }
    let mut lists = [Vec::new(), Vec::new(), Vec::new()];
    frontier(position, split, &mut lists);
    if lists[0].is_empty() {
        return Ok(0);
    }
    let stream = gpu.stream();
    let function = gpu.amazons_function(&strategy.entry_point("amazons_perft"))?;
    let count = lists[0].len() as u64;
    let [players, opponents, arrows] = lists;
    let players = stream.clone_htod(&boards(players))?;
    let opponents = stream.clone_htod(&boards(opponents))?;
    let arrows = stream.clone_htod(&boards(arrows))?;
    let mut next = stream.alloc_zeros::<u64>(1)?;
    let mut totals = stream.alloc_zeros::<u64>(1)?;
    // Enough threads to fill the device several times over; each takes positions as it goes.
    let threads = count.min(1 << 18);
    let mut launch = stream.launch_builder(&function);
    launch
        .arg(&count)
        .arg(&players)
        .arg(&opponents)
        .arg(&arrows)
        .arg(&below)
        .arg(&mut next)
        .arg(&mut totals);
    // SAFETY: matches `amazons_perft_<strategy>`; `count` positions (`2 count` words a
    // board list), one counter each.
    unsafe { launch.launch(common::config(threads)) }?;
    Ok(stream.clone_dtoh(&totals)?[0])
}

/// [`perft_split`] with the GPU searching the last [`DEFAULT_KERNEL_DEPTH`] moves below the
/// host's frontier.
///
/// # Errors
///
/// As [`perft_split`].
pub fn perft(gpu: &Gpu, strategy: Strategy, position: &Position, depth: u32) -> Result<u64, Error> {
    perft_split(
        gpu,
        strategy,
        position,
        depth,
        depth.saturating_sub(DEFAULT_KERNEL_DEPTH),
    )
}

/// Checks that every slice of `others` is as long as the first argument.
fn same_lengths(expected: usize, others: &[(&'static str, usize)]) -> Result<(), Error> {
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

/// The squares a queen on `squares[i]` reaches through `occupied[i]` (queens and arrows, as
/// board bits), computed on the GPU.
///
/// # Errors
///
/// [`Error::Length`] when the slices differ in length; [`Error::Driver`].
pub fn queen_reach(
    gpu: &Gpu,
    strategy: Strategy,
    occupied: &[u128],
    squares: &[Square],
) -> Result<Vec<u128>, Error> {
    same_lengths(occupied.len(), &[("squares", squares.len())])?;
    if occupied.is_empty() {
        return Ok(Vec::new());
    }
    let stream = gpu.stream();
    let function = gpu.amazons_function(&strategy.entry_point("amazons_queen_reach"))?;
    let n = occupied.len() as u64;
    let squares: Vec<u8> = squares.iter().map(|s| s.bit() as u8).collect();
    let (o, s) = (
        stream.clone_htod(&boards(occupied.iter().copied()))?,
        stream.clone_htod(&squares)?,
    );
    let mut out = stream.alloc_zeros::<u64>(2 * occupied.len())?;
    let mut launch = stream.launch_builder(&function);
    launch.arg(&n).arg(&o).arg(&s).arg(&mut out);
    // SAFETY: matches `amazons_queen_reach_<strategy>`; `n` entries each (two words a
    // board), squares board bits.
    unsafe { launch.launch(common::config(n)) }?;
    Ok(from_halves(&stream.clone_dtoh(&out)?))
}

/// Set-wise: every square one queen move from any of `sources[i]`, moving through the
/// `empty[i]` squares only (board bits), computed on the GPU.
///
/// # Errors
///
/// [`Error::Length`] when the slices differ in length; [`Error::Driver`].
pub fn fill(
    gpu: &Gpu,
    strategy: Strategy,
    sources: &[u128],
    empty: &[u128],
) -> Result<Vec<u128>, Error> {
    same_lengths(sources.len(), &[("empty", empty.len())])?;
    if sources.is_empty() {
        return Ok(Vec::new());
    }
    let stream = gpu.stream();
    let function = gpu.amazons_function(&strategy.entry_point("amazons_fill"))?;
    let n = sources.len() as u64;
    let (s, e) = (
        stream.clone_htod(&boards(sources.iter().copied()))?,
        stream.clone_htod(&boards(empty.iter().copied()))?,
    );
    let mut out = stream.alloc_zeros::<u64>(2 * sources.len())?;
    let mut launch = stream.launch_builder(&function);
    launch.arg(&n).arg(&s).arg(&e).arg(&mut out);
    // SAFETY: matches `amazons_fill_<strategy>`; `n` boards each, two words a board.
    unsafe { launch.launch(common::config(n)) }?;
    Ok(from_halves(&stream.clone_dtoh(&out)?))
}

/// The number of legal moves (queen move and arrow) of every position, computed on the GPU.
///
/// # Errors
///
/// [`Error::Driver`].
pub fn count_moves(
    gpu: &Gpu,
    strategy: Strategy,
    positions: &[Position],
) -> Result<Vec<u64>, Error> {
    if positions.is_empty() {
        return Ok(Vec::new());
    }
    let stream = gpu.stream();
    let function = gpu.amazons_function(&strategy.entry_point("amazons_count_moves"))?;
    let n = positions.len() as u64;
    let sets: Vec<[u128; 3]> = positions.iter().map(sides).collect();
    let [p, o, a] = [0, 1, 2].map(|k| stream.clone_htod(&boards(sets.iter().map(|s| s[k]))));
    let (p, o, a) = (p?, o?, a?);
    let mut out = stream.alloc_zeros::<u64>(positions.len())?;
    let mut launch = stream.launch_builder(&function);
    launch.arg(&n).arg(&p).arg(&o).arg(&a).arg(&mut out);
    // SAFETY: matches `amazons_count_moves_<strategy>`; `n` positions, two words a board.
    unsafe { launch.launch(common::config(n)) }?;
    Ok(stream.clone_dtoh(&out)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitgames_search::Player;

    #[test]
    fn positions_come_back_from_their_sets() {
        let mut position = Position::start();
        for text in ["d1-d7/d2", "g10-g4/j1", "a4-b4/a4"] {
            let side = u8::from(position.side_to_move() == Player::Second);
            let [mine, theirs, arrows] = sides(&position);
            let (white, black) = if side == 0 {
                (mine, theirs)
            } else {
                (theirs, mine)
            };
            assert_eq!(position_from_sets(white, black, arrows, side), position);
            position = position.play(position.parse_move(text).unwrap());
        }
        let words = boards([AMAZONS_VALID, 1 << 108, 1 << 63 | 1 << 64]);
        assert_eq!(
            from_halves(&words),
            [AMAZONS_VALID, 1 << 108, 1 << 63 | 1 << 64]
        );
    }
}
