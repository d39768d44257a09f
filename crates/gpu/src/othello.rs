//! Othello on the GPU: a batch of environments ([`OthelloBatch`]), random playouts
//! ([`playouts`]), perft ([`perft`]) and the operations alone ([`legal_moves`], [`flips`]).
//!
//! Boards are bit `8 * row + col`, a1 = bit 0, as in bitgames-othello; actions and
//! observations are OpenSpiel's `othello` numbering, as in `bitgames.vector.Othello`: 65
//! actions (64 = pass), observations `[3, 8, 8]` int8 (empty, the side to move's discs, the
//! opponent's).

use cudarc::driver::{CudaFunction, CudaSlice, DevicePtr, PushKernelArg};

use bitgames_othello::{Bitboard, Fastest, Kernels, Position, Square};
use bitgames_search::Player;

use crate::{Error, Gpu, Strategy, common};

/// The most games an [`OthelloBatch`] holds (observations alone take 192 bytes a game).
pub const MAX_GAMES: usize = 1 << 24;
/// Actions: the 64 squares, then the pass.
pub const ACTIONS: usize = 65;
/// The observation planes of one game.
pub const PLANES: [usize; 3] = [3, 8, 8];
/// Bytes of one game's observation.
const OBSERVATION_BYTES: usize = 192;
/// The deepest perft below the positions handed to the GPU (the kernel's stack).
pub const MAX_KERNEL_DEPTH: u32 = 24;

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

/// `n` Othello games stepped at once on the GPU, with automatic reset: the environment of
/// `bitgames.vector.Othello`, its buffers in device memory.
///
/// After [`reset`](Self::reset) and each [`step`](Self::step) the device buffers hold the
/// observations (`[n, 3, 8, 8]` int8), action masks (`[n, 65]` bool), rewards (`[n]` f32,
/// the final result of the player who moved: +1, -1, 0) and termination flags (`[n]` bool).
/// A game that ends restarts at once: its step reports the reward and `terminated`, and its
/// observation is the new game's. Given the same actions, everything equals the CPU vector
/// environment bit for bit (tested on a GPU over 10^6 steps).
///
/// What is legal is the batch's own record of each game: an illegal action is
/// [`Error::IllegalAction`] naming the lowest such game, and no game moves. Actions drawn by
/// [`sample_actions`](Self::sample_actions) are legal by construction and skip that check.
#[derive(Debug)]
pub struct OthelloBatch {
    gpu: Gpu,
    strategy: Strategy,
    n: usize,
    kernels: BatchKernels,
    player: CudaSlice<u64>,
    opponent: CudaSlice<u64>,
    side: CudaSlice<u8>,
    moves: CudaSlice<u64>,
    pass: CudaSlice<u8>,
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

impl OthelloBatch {
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
        let function = |operation: &str| gpu.othello_function(&strategy.entry_point(operation));
        let kernels = BatchKernels {
            reset: function("othello_reset")?,
            step: function("othello_step")?,
            check: gpu.othello_function("othello_check_actions")?,
            observe: gpu.othello_function("othello_observe")?,
            mask: gpu.othello_function("othello_mask")?,
            sample: gpu.othello_function("othello_sample")?,
        };
        let seeds = common::game_seeds(seed, n);
        let mut batch = OthelloBatch {
            gpu: gpu.clone(),
            strategy,
            n,
            kernels,
            player: stream.alloc_zeros(n)?,
            opponent: stream.alloc_zeros(n)?,
            side: stream.alloc_zeros(n)?,
            moves: stream.alloc_zeros(n)?,
            pass: stream.alloc_zeros(n)?,
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
            .arg(&mut self.side)
            .arg(&mut self.moves)
            .arg(&mut self.pass);
        // SAFETY: the arguments match `othello_reset_<strategy>`'s parameters, and every
        // buffer holds `n` entries.
        unsafe { launch.launch(common::config(n)) }?;
        stream.memset_zeros(&mut self.rewards)?;
        stream.memset_zeros(&mut self.terminated)?;
        self.actions_sampled = false;
        self.write_views()
    }

    /// Draws one uniformly random legal action per game into the batch's action buffer
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
            .arg(&self.moves)
            .arg(&mut self.rng)
            .arg(&mut self.actions);
        // SAFETY: the arguments match `othello_sample`'s parameters; `n` entries each.
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

    /// Steps every game with the action buffer's actions (from
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
    /// for actions `othello_sample` drew for the current positions.
    unsafe fn step_from(&mut self, actions: u64, checked: bool) -> Result<(), Error> {
        let n = self.n as u64;
        let stream = self.gpu.stream().clone();
        if checked {
            stream.memcpy_htod(&[u32::MAX], &mut self.first_illegal)?;
            let mut launch = stream.launch_builder(&self.kernels.check);
            launch
                .arg(&n)
                .arg(&actions)
                .arg(&self.moves)
                .arg(&self.pass)
                .arg(&mut self.first_illegal);
            // SAFETY: the arguments match `othello_check_actions`; `actions` holds `n`
            // entries (the caller's promise), the other buffers `n` or one.
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
            .arg(&mut self.side)
            .arg(&mut self.moves)
            .arg(&mut self.pass)
            .arg(&mut self.rewards)
            .arg(&mut self.terminated);
        // SAFETY: the arguments match `othello_step_<strategy>`; every action is legal in
        // its game (checked above, or drawn by `othello_sample` from the same record).
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
            .arg(&mut self.observations);
        // SAFETY: matches `othello_observe`; 12 threads a game, 16 bytes each.
        unsafe { launch.launch(common::config(n * 12)) }?;
        let mut launch = stream.launch_builder(&self.kernels.mask);
        launch
            .arg(&n)
            .arg(&self.moves)
            .arg(&self.pass)
            .arg(&mut self.masks);
        // SAFETY: matches `othello_mask`; a thread per 4 bytes of the `65 n` mask bytes.
        unsafe { launch.launch(common::config((n * ACTIONS as u64).div_ceil(4))) }?;
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

    /// The observations, copied to the host: `n * 192` int8, game by game.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn observations(&self) -> Result<Vec<i8>, Error> {
        let bytes = self.gpu.stream().clone_dtoh(&self.observations)?;
        Ok(bytes.into_iter().map(|b| b as i8).collect())
    }

    /// The action masks, copied to the host: `n * 65`, game by game.
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

    /// The positions, copied to the host.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn positions(&self) -> Result<Vec<Position>, Error> {
        let stream = self.gpu.stream();
        let (player, opponent) = (
            stream.clone_dtoh(&self.player)?,
            stream.clone_dtoh(&self.opponent)?,
        );
        let side = stream.clone_dtoh(&self.side)?;
        Ok((0..self.n)
            .map(|i| {
                let (p, o) = (
                    Bitboard::from_bits_truncate(player[i]),
                    Bitboard::from_bits_truncate(opponent[i]),
                );
                let (black, white) = if side[i] == 0 { (p, o) } else { (o, p) };
                let to_move = if side[i] == 0 {
                    Player::First
                } else {
                    Player::Second
                };
                Position::from_discs(black, white, to_move)
                    .expect("the kernels keep positions valid")
            })
            .collect())
    }
}

/// Device addresses of an [`OthelloBatch`]'s buffers (valid while the batch lives).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Buffers {
    /// `[n, 3, 8, 8]` int8.
    pub observations: u64,
    /// `[n, 65]` bool (one byte each).
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
    /// Actions taken (a pass is one).
    pub steps: u64,
    /// Games black won.
    pub black_wins: u64,
    /// Drawn games.
    pub draws: u64,
}

/// Plays `games_per_thread` uniformly random games from the start on each of `threads`
/// threads (thread `i`'s SplitMix64 generator seeded from `seed` and `i`).
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
    let function = gpu.othello_function(&strategy.entry_point("othello_playouts"))?;
    let mut totals = stream.alloc_zeros::<u64>(3)?;
    let mut launch = stream.launch_builder(&function);
    launch
        .arg(&threads)
        .arg(&seed)
        .arg(&games_per_thread)
        .arg(&mut totals);
    // SAFETY: matches `othello_playouts_<strategy>`; `totals` holds three counters.
    unsafe { launch.launch(common::config(threads)) }?;
    let totals = stream.clone_dtoh(&totals)?;
    Ok(PlayoutTotals {
        games: threads * u64::from(games_per_thread),
        steps: totals[0],
        black_wins: totals[1],
        draws: totals[2],
    })
}

/// The positions one ply below each of `frontier` (side to move first, a forced pass being
/// the one move), and the leaves among them: finished games, each one leaf.
fn expand(frontier: &[(u64, u64)]) -> (Vec<(u64, u64)>, u64) {
    let legal = |p: u64, o: u64| {
        Fastest::legal_moves(
            Bitboard::from_bits_truncate(p),
            Bitboard::from_bits_truncate(o),
        )
        .bits()
    };
    let (mut next, mut leaves) = (Vec::with_capacity(frontier.len() * 10), 0);
    for &(player, opponent) in frontier {
        let mut moves = legal(player, opponent);
        if moves == 0 {
            if legal(opponent, player) == 0 {
                leaves += 1;
            } else {
                next.push((opponent, player));
            }
            continue;
        }
        while moves != 0 {
            let square = Square::from_bit(moves.trailing_zeros()).expect("a board square");
            moves &= moves - 1;
            let flipped = Fastest::flips(
                Bitboard::from_bits_truncate(player),
                Bitboard::from_bits_truncate(opponent),
                square,
            )
            .bits();
            next.push((opponent & !flipped, player | flipped | square.mask()));
        }
    }
    (next, leaves)
}

/// Perft on the GPU: the leaves `depth` plies below `position`, a forced pass counting as a
/// move and a finished game as one leaf (as bitgames-othello and the published tables
/// count). The host expands the first `split` plies, breadth first; GPU threads then take
/// the positions of that frontier as they finish and search `depth - split` plies below
/// each.
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
    if depth - split > MAX_KERNEL_DEPTH {
        return Err(Error::Depth {
            depth: depth - split,
            max: MAX_KERNEL_DEPTH,
        });
    }
    perft_below(gpu, strategy, position, depth, |plies, _| plies < split)
}

/// Perft on the GPU as [`perft_split`], the host expanding breadth first until the frontier
/// holds at least [`FRONTIER`] positions or [`MIN_KERNEL_DEPTH`] plies are left: enough
/// positions that no thread's subtree holds up the rest.
///
/// # Errors
///
/// [`Error::Depth`] when even the largest frontier the host makes leaves more than
/// [`MAX_KERNEL_DEPTH`] plies; [`Error::Driver`].
pub fn perft(gpu: &Gpu, strategy: Strategy, position: &Position, depth: u32) -> Result<u64, Error> {
    perft_below(gpu, strategy, position, depth, |plies, frontier| {
        frontier < FRONTIER && depth - plies > MIN_KERNEL_DEPTH
    })
}

/// The frontier size at which [`perft`] hands over to the GPU.
pub const FRONTIER: usize = 1 << 22;
/// The fewest plies [`perft`] leaves to the GPU (unless the depth is smaller).
pub const MIN_KERNEL_DEPTH: u32 = 3;

/// Expands on the host while `more(plies expanded, frontier size)`, then counts below the
/// frontier on the GPU.
fn perft_below(
    gpu: &Gpu,
    strategy: Strategy,
    position: &Position,
    depth: u32,
    more: impl Fn(u32, usize) -> bool,
) -> Result<u64, Error> {
    let mut frontier = vec![(position.player().bits(), position.opponent().bits())];
    let (mut plies, mut leaves_above) = (0, 0);
    while plies < depth && !frontier.is_empty() && more(plies, frontier.len()) {
        let (next, leaves) = expand(&frontier);
        frontier = next;
        leaves_above += leaves;
        plies += 1;
    }
    let below = depth - plies;
    if below > MAX_KERNEL_DEPTH {
        return Err(Error::Depth {
            depth: below,
            max: MAX_KERNEL_DEPTH,
        });
    }
    if frontier.is_empty() {
        return Ok(leaves_above);
    }
    let stream = gpu.stream();
    let function = gpu.othello_function(&strategy.entry_point("othello_perft"))?;
    let count = frontier.len() as u64;
    let players: Vec<u64> = frontier.iter().map(|f| f.0).collect();
    let opponents: Vec<u64> = frontier.iter().map(|f| f.1).collect();
    drop(frontier);
    let (players, opponents) = (stream.clone_htod(&players)?, stream.clone_htod(&opponents)?);
    let mut next = stream.alloc_zeros::<u64>(1)?;
    let mut totals = stream.alloc_zeros::<u64>(1)?;
    // Enough threads to fill the device several times over; each takes positions as it goes.
    let threads = count.min(1 << 20);
    let mut launch = stream.launch_builder(&function);
    launch
        .arg(&count)
        .arg(&players)
        .arg(&opponents)
        .arg(&below)
        .arg(&mut next)
        .arg(&mut totals);
    // SAFETY: matches `othello_perft_<strategy>`; `count` positions, one counter each.
    unsafe { launch.launch(common::config(threads)) }?;
    Ok(leaves_above + stream.clone_dtoh(&totals)?[0])
}

/// Legal moves of every (`players[i]`, `opponents[i]`) pair, computed on the GPU.
///
/// # Errors
///
/// [`Error::Length`] when the slices differ in length; [`Error::Driver`].
pub fn legal_moves(
    gpu: &Gpu,
    strategy: Strategy,
    players: &[u64],
    opponents: &[u64],
) -> Result<Vec<u64>, Error> {
    if players.len() != opponents.len() {
        return Err(Error::Length {
            what: "opponents",
            expected: players.len(),
            got: opponents.len(),
        });
    }
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let stream = gpu.stream();
    let function = gpu.othello_function(&strategy.entry_point("othello_legal_moves"))?;
    let n = players.len() as u64;
    let (p, o) = (stream.clone_htod(players)?, stream.clone_htod(opponents)?);
    let mut out = stream.alloc_zeros::<u64>(players.len())?;
    let mut launch = stream.launch_builder(&function);
    launch.arg(&n).arg(&p).arg(&o).arg(&mut out);
    // SAFETY: matches `othello_legal_moves_<strategy>`; `n` entries each.
    unsafe { launch.launch(common::config(n)) }?;
    Ok(stream.clone_dtoh(&out)?)
}

/// The discs a move on `squares[i]` flips for every (`players[i]`, `opponents[i]`), on the GPU.
///
/// # Errors
///
/// [`Error::Length`] when the slices differ in length; [`Error::Driver`].
pub fn flips(
    gpu: &Gpu,
    strategy: Strategy,
    players: &[u64],
    opponents: &[u64],
    squares: &[Square],
) -> Result<Vec<u64>, Error> {
    for (what, len) in [("opponents", opponents.len()), ("squares", squares.len())] {
        if len != players.len() {
            return Err(Error::Length {
                what,
                expected: players.len(),
                got: len,
            });
        }
    }
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let stream = gpu.stream();
    let function = gpu.othello_function(&strategy.entry_point("othello_flips"))?;
    let n = players.len() as u64;
    let squares: Vec<u8> = squares.iter().map(|s| s.bit() as u8).collect();
    let (p, o, s) = (
        stream.clone_htod(players)?,
        stream.clone_htod(opponents)?,
        stream.clone_htod(&squares)?,
    );
    let mut out = stream.alloc_zeros::<u64>(players.len())?;
    let mut launch = stream.launch_builder(&function);
    launch.arg(&n).arg(&p).arg(&o).arg(&s).arg(&mut out);
    // SAFETY: matches `othello_flips_<strategy>`; `n` entries each, squares below 64.
    unsafe { launch.launch(common::config(n)) }?;
    Ok(stream.clone_dtoh(&out)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitgames_search::encoding::Encoding;

    /// The host's breadth-first expansion loses and double-counts nothing: the CPU perft
    /// below each frontier, plus the finished games above it, is perft of the root.
    #[test]
    fn expanding_the_frontier_keeps_the_perft_count() {
        let position = |(p, o): (u64, u64)| {
            Position::<Fastest>::from_discs(
                Bitboard::from_bits_truncate(p),
                Bitboard::from_bits_truncate(o),
                Player::First,
            )
            .expect("disjoint discs")
        };
        // The start, and positions late in random games (passes and finished games within
        // reach).
        let mut roots = vec![Position::start()];
        let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(5);
        for _ in 0..4 {
            let mut game = Position::start();
            for _ in 0..50 {
                if game.returns().is_none() {
                    game.apply_legal(game.random_action(&mut rng));
                }
            }
            roots.push(game);
        }
        for root in roots {
            for depth in 1..=6 {
                let expected = bitgames_search::perft(&root, depth);
                let mut frontier = vec![(root.player().bits(), root.opponent().bits())];
                let mut leaves_above = 0;
                for plies in 1..=depth {
                    let (next, leaves) = expand(&frontier);
                    frontier = next;
                    leaves_above += leaves;
                    let below: u64 = frontier
                        .iter()
                        .map(|&f| bitgames_search::perft(&position(f), depth - plies))
                        .sum();
                    assert_eq!(
                        below + leaves_above,
                        expected,
                        "perft {depth} of {root}, {plies} plies expanded"
                    );
                }
            }
        }
    }
}
