//! Random reachable positions and kernel instances, for tests, benches and `bitgames compare`.

use bitgames_search::{Player, RandomPosition};
use core::ops::RangeInclusive;

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{Bitboard, Kernels, Move, Position, Square};

/// A position after a random number (0..=60) of random legal moves from the start. Each
/// move picks a random queen that can move, a random destination and a random arrow square
/// (cheaper than listing the thousands of moves of an early position).
pub fn random_position<R: Rng + ?Sized>(rng: &mut R) -> Position {
    RandomPosition::random_position(rng)
}

impl<S: Kernels> RandomPosition for Position<S> {
    const PLIES: RangeInclusive<u32> = 0..=60;
}

fn pick<R: Rng + ?Sized>(set: Bitboard, rng: &mut R) -> Option<Square> {
    set.iter().nth(rng.random_range(0..set.len().max(1)))
}

/// A random legal move, or `None` when the side to move has none: a random queen that can
/// move, a random destination, a random arrow square — not uniform over all moves (a queen
/// with few moves gets each more often), but thousands of times cheaper than listing them.
pub fn random_move<S: Kernels, R: Rng + ?Sized>(
    position: &Position<S>,
    rng: &mut R,
) -> Option<Move> {
    let occupied = position.occupied();
    let movable: Bitboard = position
        .queens(position.side_to_move())
        .iter()
        .filter(|&q| S::queen_reach(q, occupied).any())
        .collect();
    let from = pick(movable, rng)?;
    let to = pick(S::queen_reach(from, occupied), rng)?;
    let arrow = pick(S::queen_reach(to, occupied.without(from)), rng)?;
    Some(Move { from, to, arrow })
}

/// One kernel question: a reachable position's occupancy, one of its queens (for
/// `queen_reach`), and every queen on the board (the sources for `fill` and
/// `min_distances`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelInstance {
    /// The reachable position the question comes from, so a failing check can show it.
    pub position: Position,
    /// A queen of the side to move, picked at random: the square `queen_reach` starts from.
    pub queen: Square,
    /// Queens and arrows of the position: what blocks a queen (its complement is the
    /// `empty` argument of the set-wise kernels).
    pub occupied: Bitboard,
    /// The queens of both sides: the sources `fill` and `min_distances` start from.
    pub sources: Bitboard,
}

impl KernelInstance {
    /// The kernel question of `position`: its first queen of the side to move (in square
    /// order) for `queen_reach`, and every queen as the sources.
    pub fn from_position<S: Kernels>(position: &Position<S>) -> Option<KernelInstance> {
        let queen = position.queens(position.side_to_move()).first()?;
        Some(KernelInstance {
            position: position.with_strategy(),
            queen,
            occupied: position.occupied(),
            sources: position.queens(Player::First) | position.queens(Player::Second),
        })
    }
}

impl core::fmt::Display for KernelInstance {
    /// What the question asks about, for reports.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "queen {}, all queens as sources", self.queen)
    }
}

/// `count` kernel instances from `seed`.
pub fn kernel_instances(count: usize, seed: u64) -> Vec<KernelInstance> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let position = random_position(&mut rng);
            let sources = position.queens(position.side_to_move());
            let nth = rng.random_range(0..sources.len());
            let queen = sources.iter().nth(nth).expect("four queens");
            KernelInstance {
                position,
                queen,
                occupied: position.occupied(),
                sources: position.queens(Player::First) | position.queens(Player::Second),
            }
        })
        .collect()
}
