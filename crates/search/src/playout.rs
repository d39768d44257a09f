//! Random playouts: play uniformly random legal moves to the end of the game.

use core::ops::RangeInclusive;

use rand::{Rng, RngExt};

use crate::{Game, Outcome};

/// Games that can draw random reachable positions: the inputs of property tests, kernel
/// comparisons and benches, drawn the same way everywhere — a uniformly random number of
/// plies in [`RandomPosition::PLIES`] of [`Game::random_move`]s from
/// [`RandomPosition::origin`], fewer if the game ends first.
pub trait RandomPosition: Game {
    /// How many random plies from the origin.
    const PLIES: RangeInclusive<u32>;

    /// Where the random walk starts: the start position unless the game says otherwise.
    fn origin() -> Self {
        Self::start()
    }

    /// A random reachable position.
    fn random_position<R: Rng + ?Sized>(rng: &mut R) -> Self {
        let plies = rng.random_range(Self::PLIES);
        random_playout(&Self::origin(), rng, plies).position
    }
}

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
