//! Random reachable positions, for tests, benches and `bitgames compare`.

use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::Position;

/// A position after a random number (0..=60) of uniformly random legal moves from the start.
pub fn random_position<R: Rng + ?Sized>(rng: &mut R) -> Position {
    let plies = rng.random_range(0..=60);
    let mut position = Position::start();
    for _ in 0..plies {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        position = position.play(moves[rng.random_range(0..moves.len())]);
    }
    position
}

/// `count` random reachable positions from `seed`; the same arguments give the same corpus.
pub fn corpus(count: usize, seed: u64) -> Vec<Position> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    (0..count).map(|_| random_position(&mut rng)).collect()
}
