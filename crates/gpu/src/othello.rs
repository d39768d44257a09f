//! Othello on the GPU: a batch of environments ([`OthelloBatch`]), random playouts
//! ([`playouts`]), perft ([`perft`]) and the operations alone ([`legal_moves`], [`flips`]).
//!
//! Boards are bit `8 * row + col`, a1 = bit 0, as in bitgames-othello; actions and
//! observations are OpenSpiel's `othello` numbering, as in `bitgames.vector.Othello`: 65
//! actions (64 = pass), observations `[3, 8, 8]` int8 (empty, the side to move's discs, the
//! opponent's).

use std::sync::Arc;

use cudarc::driver::{CudaFunction, CudaSlice, CudaStream, LaunchArgs, PushKernelArg};

use bitgames_othello::{Bitboard, Fastest, Kernels, Position, Square};
use bitgames_search::Player;

use crate::batch::sealed::GameState;
use crate::{Batch, BatchGame, Error, Gpu, Strategy, common};

pub use crate::batch::{Buffers, MAX_GAMES};
/// Actions: the 64 squares, then the pass.
pub const ACTIONS: usize = 65;
/// The observation planes of one game.
pub const PLANES: [usize; 3] = [3, 8, 8];
/// The deepest perft below the positions handed to the GPU (the kernel's stack).
pub const MAX_KERNEL_DEPTH: u32 = 24;

/// Othello's part of a [`Batch`]: per game the side to move's discs, the opponent's, the
/// side to move (0 black, 1 white), its legal squares and whether it must pass.
#[derive(Debug)]
pub struct Othello {
    player: CudaSlice<u64>,
    opponent: CudaSlice<u64>,
    side: CudaSlice<u8>,
    moves: CudaSlice<u64>,
    pass: CudaSlice<u8>,
}

impl BatchGame for Othello {
    const ACTIONS: usize = ACTIONS;
    const PLANES: [usize; 3] = PLANES;
}

impl GameState for Othello {
    const PREFIX: &'static str = "othello";
    /// 16 of a game's 192 observation bytes a thread.
    const OBSERVE_THREADS: u64 = 12;
    const STATE: &'static [&'static str] = &["player", "opponent", "side", "moves", "pass"];
    const LEGAL: &'static [&'static str] = &["moves", "pass"];
    const OBSERVED: &'static [&'static str] = &["player", "opponent"];

    fn alloc(stream: &Arc<CudaStream>, n: usize) -> Result<Self, Error> {
        Ok(Othello {
            player: stream.alloc_zeros(n)?,
            opponent: stream.alloc_zeros(n)?,
            side: stream.alloc_zeros(n)?,
            moves: stream.alloc_zeros(n)?,
            pass: stream.alloc_zeros(n)?,
        })
    }

    fn function(gpu: &Gpu, name: &str) -> Result<CudaFunction, Error> {
        gpu.othello_function(name)
    }

    /// One thread per 4 bytes of the whole `[n, 65]` mask array.
    fn mask_threads(n: u64) -> u64 {
        (n * ACTIONS as u64).div_ceil(4)
    }

    fn push_state<'a>(&'a mut self, launch: &mut LaunchArgs<'a>) {
        launch
            .arg(&mut self.player)
            .arg(&mut self.opponent)
            .arg(&mut self.side)
            .arg(&mut self.moves)
            .arg(&mut self.pass);
    }

    fn push_legal<'a>(&'a self, launch: &mut LaunchArgs<'a>) {
        launch.arg(&self.moves).arg(&self.pass);
    }

    fn push_observed<'a>(&'a self, launch: &mut LaunchArgs<'a>) {
        launch.arg(&self.player).arg(&self.opponent);
    }
}

/// `n` Othello games stepped at once on the GPU: the environment of
/// `bitgames.vector.Othello` (observations `[n, 3, 8, 8]` int8, masks `[n, 65]` bool), its
/// buffers in device memory. See [`Batch`].
pub type OthelloBatch = Batch<Othello>;

impl Batch<Othello> {
    /// The positions, copied to the host.
    ///
    /// # Errors
    ///
    /// [`Error::Driver`].
    pub fn positions(&self) -> Result<Vec<Position>, Error> {
        let stream = self.gpu().stream();
        let player = stream.clone_dtoh(&self.state.player)?;
        let opponent = stream.clone_dtoh(&self.state.opponent)?;
        let side = stream.clone_dtoh(&self.state.side)?;
        Ok((0..self.len())
            .map(|i| {
                let (p, o) = (
                    Bitboard::from_bits_truncate(player[i]),
                    Bitboard::from_bits_truncate(opponent[i]),
                );
                let (black, white, to_move) = if side[i] == 0 {
                    (p, o, Player::First)
                } else {
                    (o, p, Player::Second)
                };
                Position::from_discs(black, white, to_move)
                    .expect("the kernels keep positions valid")
            })
            .collect())
    }
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
    let function = gpu.othello_function(&strategy.entry_point("othello_playouts"))?;
    let totals = common::run_playouts(gpu.stream(), &function, threads, games_per_thread, seed, 3)?;
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
    let (split, _) = common::perft_split(depth, split, MAX_KERNEL_DEPTH)?;
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
    // SAFETY: `othello_perft_<strategy>` takes the count, the two board lists, the depth and
    // two counters; `count` positions in each list.
    let leaves = unsafe {
        common::run_perft(
            stream,
            &function,
            count,
            &[players, opponents],
            below,
            1 << 20,
        )
    }?;
    Ok(leaves_above + leaves)
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
    common::same_lengths(players.len(), &[("opponents", opponents.len())])?;
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let function = gpu.othello_function(&strategy.entry_point("othello_legal_moves"))?;
    let n = players.len();
    // SAFETY: matches `othello_legal_moves_<strategy>`; `n` entries each.
    unsafe {
        common::run_map(
            gpu.stream(),
            &function,
            n as u64,
            &[players, opponents],
            None,
            n,
        )
    }
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
    common::same_lengths(
        players.len(),
        &[("opponents", opponents.len()), ("squares", squares.len())],
    )?;
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let function = gpu.othello_function(&strategy.entry_point("othello_flips"))?;
    let n = players.len();
    let squares: Vec<u8> = squares.iter().map(|s| s.bit() as u8).collect();
    let words = [players, opponents];
    // SAFETY: matches `othello_flips_<strategy>`; `n` entries each, squares below 64.
    unsafe { common::run_map(gpu.stream(), &function, n as u64, &words, Some(&squares), n) }
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
