//! Random playouts: play uniformly random legal moves to the end of the game.

use rand::Rng;

use crate::{Game, Outcome};

/// How a random playout ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Playout<G: Game> {
    /// The outcome at the last position: `Ongoing` when the ply limit stopped the playout.
    pub outcome: Outcome,
    /// Plies played.
    pub plies: u32,
    /// The last position reached.
    pub position: G,
}

/// Plays random legal moves ([`Game::random_move`]) from `position` until the game ends or `max_plies`
/// moves have been made (then the outcome is `Ongoing`). Reproducible for a seeded `rng`.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    position: &G,
    rng: &mut R,
    max_plies: u32,
) -> Playout<G> {
    let mut position = *position;
    let mut plies = 0;
    while plies < max_plies {
        let Some(mv) = position.random_move(rng) else {
            break;
        };
        position = position.play(mv);
        plies += 1;
    }
    Playout {
        outcome: position.outcome(),
        plies,
        position,
    }
}
