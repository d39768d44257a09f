//! Random playouts: play uniformly random legal moves to the end of the game.

use rand::{Rng, RngExt};

use crate::{Game, Outcome};

/// How a random playout ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playout<G: Game> {
    pub outcome: Outcome,
    /// Plies played.
    pub plies: u32,
    /// The last position reached.
    pub position: G,
}

/// Plays uniformly random legal moves from `position` until the game ends or `max_plies`
/// moves have been made (then the outcome is `Ongoing`). Reproducible for a seeded `rng`.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    position: &G,
    rng: &mut R,
    max_plies: u32,
) -> Playout<G> {
    let mut position = *position;
    let mut plies = 0;
    while plies < max_plies {
        let moves = position.legal_moves();
        let moves = moves.as_ref();
        if moves.is_empty() {
            break;
        }
        position = position.play(moves[rng.random_range(0..moves.len())]);
        plies += 1;
    }
    Playout {
        outcome: position.outcome(),
        plies,
        position,
    }
}
