//! Santorini as a reinforcement-learning environment: the [`Encoding`] of [`Position`].
//! OpenSpiel has no Santorini; this encoding is ours.
//!
//! - **Actions**: 769.
//!   - `worker * 64 + move_direction * 8 + build_direction` (0..128) moves a worker and
//!     builds, worker 0 being the side to move's worker on the lower-numbered square (row by
//!     row from the top-left, A5 first) and directions in the order N, NE, E, SE, S, SW, W,
//!     NW ([`Direction::ALL`]);
//!   - `128 + worker * 8 + move_direction` (128..144) is a winning move up to level 3;
//!   - `144 + 25 * a + b` places the two workers on squares `a < b`, numbered
//!     `5 * row + col` ([`Square::index`]: A5 = 0, E5 = 4, A1 = 20, E1 = 24).
//!
//!   [`action`] gives a move's number.
//! - **Observation planes** `[7, 5, 5]`: levels 0 to 4 one-hot, the observing player's
//!   workers, the opponent's.
//! - **Record of the legal actions** ([`Encoding::Legal`]): a copy of the mask.
//!
//! These numbers have no room for god powers ([`action`] is `None` for a power's move): with
//! gods, use [`StepTurn`], which takes a turn one step at a time in 26 actions.

use bitgames_bitboard::Direction;
use bitgames_search::Game;
use bitgames_search::encoding::{Encoding, player_of, rewards};

use crate::{Move, Position, Square};

mod steps;
pub use steps::{
    ACTIONS as STEP_ACTIONS, GODS as STEP_GODS, POWER, POWER_PLANE, StepTurn, action_step,
    step_action,
};

/// The eight directions' (row, column) steps, in action order (N, NE, E, SE, S, SW, W, NW).
fn steps() -> [(i32, i32); 8] {
    Direction::ALL.map(Direction::delta)
}

/// The square one step from `from` in direction `d` (an index into [`Direction::ALL`]).
fn step(from: Square, d: usize) -> Option<Square> {
    let (dr, dc) = steps()[d];
    from.offset(dr, dc)
}

/// The direction (an index into [`Direction::ALL`]) of the step from `from` to `to`.
fn direction(from: Square, to: Square) -> Option<usize> {
    (0..8).find(|&d| step(from, d) == Some(to))
}

/// The action of a Santorini move in `position` (see the module docs); `None` for a god
/// power's move, which this base-game action space has no number for.
pub fn action(position: &Position, mv: Move) -> Option<usize> {
    let side = position.side_to_move();
    // Worker 0 or 1 by square order; a third worker (Graeae's) has no number in this
    // two-worker action space (the gods use the step encoding).
    let worker = |from: Square| {
        position
            .workers(side)
            .iter()
            .position(|w| w == from)
            .filter(|&i| i < 2)
    };
    match mv {
        Move::Place(a, b) => {
            let (a, b) = (a.index().min(b.index()), a.index().max(b.index()));
            Some(144 + 25 * a + b)
        }
        Move::Win { from, to } => Some(128 + worker(from)? * 8 + direction(from, to)?),
        Move::Build { from, to, build } => {
            Some(worker(from)? * 64 + direction(from, to)? * 8 + direction(to, build)?)
        }
        _ => None,
    }
}

impl Encoding for Position {
    const ACTIONS: usize = 769;
    const PLANES: [usize; 3] = [7, 5, 5];
    bitgames_search::mask_copy_legal!(769);

    fn start() -> Self {
        Position::empty()
    }

    fn current_player(&self) -> usize {
        self.side_to_move().index()
    }

    fn legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        for mv in self.legal_moves() {
            if let Some(action) = action(self, mv) {
                mask[action] = true;
            }
        }
    }

    fn apply(&mut self, action_number: usize) -> Result<(), String> {
        let mv = self
            .legal_moves()
            .into_iter()
            .find(|&mv| action(self, mv) == Some(action_number))
            .ok_or_else(|| {
                if action_number < Self::ACTIONS {
                    format!("action {action_number} is not legal here")
                } else {
                    format!("action {action_number} is out of range 0..769")
                }
            })?;
        *self = self.play_unchecked(mv);
        Ok(())
    }

    fn observe(&self, player: usize, out: &mut [i8]) {
        let me = player_of(player);
        out.fill(0);
        for square in Square::all() {
            let i = square.index();
            out[usize::from(self.height(square)).min(4) * 25 + i] = 1;
            match self.worker_at(square) {
                Some(p) if p == me => out[125 + i] = 1,
                Some(_) => out[150 + i] = 1,
                None => {}
            }
        }
    }

    fn returns(&self) -> Option<[f32; 2]> {
        rewards(Game::outcome(self))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitgames_search::encoding::{assert_records_agree_with_the_mask, step_write_in_parts};

    #[test]
    fn the_records_of_legal_actions_agree_with_the_masks() {
        // The set-up and the moves.
        assert_records_agree_with_the_mask::<Position>(20, 5);
    }

    #[test]
    fn squares_and_placements_are_numbered_as_documented() {
        let names = [(0, "A5"), (4, "E5"), (20, "A1"), (24, "E1")];
        for (index, name) in names {
            assert_eq!(Square::from_index(index).unwrap().to_string(), name);
        }
        let start = <Position as Encoding>::start();
        let mut mask = [false; 769];
        start.legal_mask(&mut mask);
        // Every pair of distinct squares, and nothing but placements.
        let legal: Vec<usize> = (0..769).filter(|&a| mask[a]).collect();
        let pairs: Vec<usize> = (0..25)
            .flat_map(|a| (a + 1..25).map(move |b| 144 + 25 * a + b))
            .collect();
        assert_eq!(legal, pairs);
        let mut game = start;
        let a5_e1 = 144 + 24;
        game.apply(a5_e1).unwrap();
        assert_eq!(game.current_player(), 1);
        assert!(game.apply(a5_e1).is_err(), "the squares are taken");
        assert!(game.apply(769).is_err());
    }

    #[test]
    fn actions_name_the_moves_they_play() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(8);
        let (mut obs, mut mask) = ([0i8; 175], [false; 769]);
        for _ in 0..20 {
            let mut game = <Position as Encoding>::start();
            while game.returns().is_none() {
                let moves = game.legal_moves();
                let mut actions: Vec<usize> =
                    moves.iter().map(|&mv| action(&game, mv).unwrap()).collect();
                actions.sort_unstable();
                actions.dedup();
                assert_eq!(actions.len(), moves.len(), "one action a move in {game}");
                let next = game.random_action(&mut rng);
                let mut parts = game;
                step_write_in_parts(&mut parts, next, &mut obs, &mut mask);
                game.apply(next).unwrap();
                // Each square has one level and at most one worker.
                assert_eq!(obs[..125].iter().map(|&b| i32::from(b)).sum::<i32>(), 25);
            }
        }
    }
}
