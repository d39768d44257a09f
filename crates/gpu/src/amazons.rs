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

use std::sync::Arc;

use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, LaunchArgs, PushKernelArg};

use bitgames_amazons::encoding::Turn;
use bitgames_amazons::{Position, Square};

use bitgames_tables::edges::AMAZONS_VALID;

use crate::batch::sealed::GameState;
use crate::{Batch, BatchGame, Error, Gpu, Strategy, common};

pub use crate::batch::{Buffers, MAX_GAMES};
/// Actions: the 100 squares, a10 = 0 row by row (each sub-action names one).
pub const ACTIONS: usize = 100;
/// The observation planes of one game.
pub const PLANES: [usize; 3] = [4, 10, 10];
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

/// The Amazons' part of a [`Batch`]: per game the boards (two words each: the side to
/// move's queens, the opponent's, the arrows), the side to move (0 white, 1 black), the
/// queen and destination chosen this turn (board bits, 0xff while not yet chosen) and the
/// squares the next sub-action may name (the legal record, two words).
#[derive(Debug)]
pub struct Amazons {
    player: CudaSlice<u64>,
    opponent: CudaSlice<u64>,
    arrows: CudaSlice<u64>,
    side: CudaSlice<u8>,
    from: CudaSlice<u8>,
    to: CudaSlice<u8>,
    legal: CudaSlice<u64>,
}

impl BatchGame for Amazons {
    const ACTIONS: usize = ACTIONS;
    const PLANES: [usize; 3] = PLANES;
}

impl GameState for Amazons {
    const PREFIX: &'static str = "amazons";
    const OBSERVE_THREADS: u64 = OBSERVE_THREADS;
    const STATE: &'static [&'static str] = &[
        "player", "opponent", "arrows", "side", "from", "to", "legal",
    ];
    const LEGAL: &'static [&'static str] = &["legal"];
    const OBSERVED: &'static [&'static str] = &["player", "opponent", "arrows", "from", "to"];

    fn alloc(stream: &Arc<CudaStream>, n: usize) -> Result<Self, Error> {
        Ok(Amazons {
            player: stream.alloc_zeros(2 * n)?,
            opponent: stream.alloc_zeros(2 * n)?,
            arrows: stream.alloc_zeros(2 * n)?,
            side: stream.alloc_zeros(n)?,
            from: stream.alloc_zeros(n)?,
            to: stream.alloc_zeros(n)?,
            legal: stream.alloc_zeros(2 * n)?,
        })
    }

    fn function(gpu: &Gpu, name: &str) -> Result<CudaFunction, Error> {
        gpu.amazons_function(name)
    }

    fn mask_threads(n: u64) -> u64 {
        n * MASK_THREADS
    }

    fn push_state<'a>(&'a mut self, launch: &mut LaunchArgs<'a>) {
        launch
            .arg(&mut self.player)
            .arg(&mut self.opponent)
            .arg(&mut self.arrows)
            .arg(&mut self.side)
            .arg(&mut self.from)
            .arg(&mut self.to)
            .arg(&mut self.legal);
    }

    fn push_legal<'a>(&'a self, launch: &mut LaunchArgs<'a>) {
        launch.arg(&self.legal);
    }

    fn push_observed<'a>(&'a self, launch: &mut LaunchArgs<'a>) {
        launch
            .arg(&self.player)
            .arg(&self.opponent)
            .arg(&self.arrows)
            .arg(&self.from)
            .arg(&self.to);
    }
}

/// `n` games of the Amazons stepped at once on the GPU, one sub-action a step: the
/// environment of `bitgames.vector.Amazons` (observations `[n, 4, 10, 10]` int8, masks
/// `[n, 100]` bool; the reward of the step that ends a game is +1, as the player who made
/// the last move always wins), its buffers in device memory. See [`Batch`].
pub type AmazonsBatch = Batch<Amazons>;

impl Batch<Amazons> {
    /// The games, copied to the host: each position at the start of its turn with the
    /// sub-actions chosen so far.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn turns(&self) -> Result<Vec<Turn>, Error> {
        let stream = self.gpu().stream();
        let player = from_halves(&stream.clone_dtoh(&self.state.player)?);
        let opponent = from_halves(&stream.clone_dtoh(&self.state.opponent)?);
        let arrows = from_halves(&stream.clone_dtoh(&self.state.arrows)?);
        let side = stream.clone_dtoh(&self.state.side)?;
        let from = stream.clone_dtoh(&self.state.from)?;
        let to = stream.clone_dtoh(&self.state.to)?;
        Ok((0..self.len())
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
    let function = gpu.amazons_function(&strategy.entry_point("amazons_playouts"))?;
    let totals = common::run_playouts(gpu.stream(), &function, threads, games_per_thread, seed, 2)?;
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
        frontier(&position.play_unchecked(mv), depth - 1, out);
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
    let (split, below) = common::perft_split(depth, split, MAX_KERNEL_DEPTH)?;
    let mut lists = [Vec::new(), Vec::new(), Vec::new()];
    frontier(position, split, &mut lists);
    if lists[0].is_empty() {
        return Ok(0);
    }
    let stream = gpu.stream();
    let function = gpu.amazons_function(&strategy.entry_point("amazons_perft"))?;
    let count = lists[0].len() as u64;
    let lists = lists.map(boards);
    // SAFETY: `amazons_perft_<strategy>` takes the count, the three board lists, the depth and
    // two counters; `count` positions (`2 count` words) in each list.
    unsafe { common::run_perft(stream, &function, count, &lists, below, 1 << 18) }
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
    common::same_lengths(occupied.len(), &[("squares", squares.len())])?;
    if occupied.is_empty() {
        return Ok(Vec::new());
    }
    let function = gpu.amazons_function(&strategy.entry_point("amazons_queen_reach"))?;
    let n = occupied.len();
    let squares: Vec<u8> = squares.iter().map(|s| s.bit() as u8).collect();
    let occupied = boards(occupied.iter().copied());
    // SAFETY: matches `amazons_queen_reach_<strategy>`; `n` entries each (two words a
    // board), squares board bits.
    let out = unsafe {
        common::run_map(
            gpu.stream(),
            &function,
            n as u64,
            &[&occupied],
            Some(&squares),
            2 * n,
        )
    }?;
    Ok(from_halves(&out))
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
    common::same_lengths(sources.len(), &[("empty", empty.len())])?;
    if sources.is_empty() {
        return Ok(Vec::new());
    }
    let function = gpu.amazons_function(&strategy.entry_point("amazons_fill"))?;
    let n = sources.len();
    let (sources, empty) = (
        boards(sources.iter().copied()),
        boards(empty.iter().copied()),
    );
    // SAFETY: matches `amazons_fill_<strategy>`; `n` boards each, two words a board.
    let out = unsafe {
        common::run_map(
            gpu.stream(),
            &function,
            n as u64,
            &[&sources, &empty],
            None,
            2 * n,
        )
    }?;
    Ok(from_halves(&out))
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
    let function = gpu.amazons_function(&strategy.entry_point("amazons_count_moves"))?;
    let n = positions.len();
    let sets: Vec<[u128; 3]> = positions.iter().map(sides).collect();
    let [p, o, a] = [0, 1, 2].map(|k| boards(sets.iter().map(|s| s[k])));
    // SAFETY: matches `amazons_count_moves_<strategy>`; `n` positions, two words a board.
    unsafe { common::run_map(gpu.stream(), &function, n as u64, &[&p, &o, &a], None, n) }
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
            position = position.play_unchecked(position.parse_move(text).unwrap());
        }
        let words = boards([AMAZONS_VALID, 1 << 108, 1 << 63 | 1 << 64]);
        assert_eq!(
            from_halves(&words),
            [AMAZONS_VALID, 1 << 108, 1 << 63 | 1 << 64]
        );
    }
}
