//! Random reachable positions, for tests, benches and `bitgames compare`.

use core::ops::RangeInclusive;

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use bitgames_search::RandomPosition;

use crate::{Bitboard, Kernels, Position};

/// A position after a random number (0..=60) of uniformly random legal moves from the start.
pub fn random_position<R: Rng + ?Sized>(rng: &mut R) -> Position {
    RandomPosition::random_position(rng)
}

impl<S: Kernels> RandomPosition for Position<S> {
    const PLIES: RangeInclusive<u32> = 0..=60;
}

/// `count` random reachable positions from `seed`; the same arguments give the same corpus.
pub fn corpus(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..count).map(|_| random_position(&mut rng)).collect()
}

/// One kernel question: a reachable position (side to move's discs and the opponent's) and
/// one of its legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KernelInstance {
    /// The side to move's discs: the `player` argument of every kernel.
    pub player: Bitboard,
    /// The other side's discs.
    pub opponent: Bitboard,
    /// A legal move of the side to move, drawn uniformly: the square `flips` is asked about.
    pub square: crate::Square,
}

impl KernelInstance {
    /// The kernel question of `position`: its discs and its first legal move in square
    /// order; `None` when the side to move has no legal move.
    pub fn from_position<S: Kernels>(position: &Position<S>) -> Option<KernelInstance> {
        Some(KernelInstance {
            player: position.player(),
            opponent: position.opponent(),
            square: position.move_mask().first()?,
        })
    }
}

impl core::fmt::Display for KernelInstance {
    /// What the question asks about, for reports: the move `flips` is asked about.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "the side to move, move {}", self.square)
    }
}

/// `count` kernel instances from `seed`: random reachable positions that have a legal move,
/// each with one of its moves drawn uniformly.
pub fn kernel_instances(count: usize, seed: u64) -> Vec<KernelInstance> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut instances = Vec::with_capacity(count);
    while instances.len() < count {
        let position = random_position(&mut rng);
        let moves = position.move_mask();
        if moves.is_empty() {
            continue;
        }
        let k = rng.random_range(0..moves.len() as u32);
        let Some(square) = moves.iter().nth(k as usize) else {
            continue;
        };
        instances.push(KernelInstance {
            player: position.player(),
            opponent: position.opponent(),
            square,
        });
    }
    instances
}

/// A reachable position with exactly `empties` empty squares and the game not over: uniformly
/// random legal moves from the start (passes included) until that many squares are empty;
/// a game that ends sooner is thrown away and replayed. `None` unless `empties` is in
/// 1..=59 (the start has 60 and black must move; with none the game is over).
pub fn endgame_position<R: Rng + ?Sized>(rng: &mut R, empties: u32) -> Option<Position> {
    if !(1..=59).contains(&empties) {
        return None;
    }
    loop {
        let mut position = Position::start();
        loop {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            if position.empty_squares().len() as u32 == empties {
                if position.is_game_over() {
                    break;
                }
                return Some(position);
            }
        }
    }
}

/// `count` positions from `seed`, each with a number of empty squares drawn uniformly from
/// `empties` (see [`endgame_position`]); the same arguments give the same corpus. Empty when
/// the range holds nothing reachable (outside 1..=59).
pub fn endgame_corpus(
    count: usize,
    empties: core::ops::RangeInclusive<u32>,
    seed: u64,
) -> Vec<Position> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let (low, high) = ((*empties.start()).max(1), (*empties.end()).min(59));
    if low > high {
        return Vec::new();
    }
    (0..count)
        .filter_map(|_| {
            let n = rng.random_range(low..=high);
            endgame_position(&mut rng, n)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk the corpus was first drawn with: the shared playout must draw the same
    /// positions from the same seed, or every published comparison figure would move.
    fn walk_by_hand<R: Rng + ?Sized>(rng: &mut R) -> Position {
        let plies = rng.random_range(0..=60);
        let mut position = Position::start();
        for _ in 0..plies {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        position
    }

    #[test]
    fn random_positions_are_the_walk_by_hand() {
        let mut a = Xoshiro256PlusPlus::seed_from_u64(7);
        let mut b = Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..2_000 {
            assert_eq!(random_position(&mut a), walk_by_hand(&mut b));
        }
    }
}
