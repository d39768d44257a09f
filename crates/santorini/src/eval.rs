//! A static evaluation for search, built on the `distances` kernel.
//!
//! From the side to move's point of view, in points:
//! - a win in one (a worker on level 2 next to a level-3 square it can step onto) is decisive
//!   (`WIN / 2`): search finds it one ply later anyway, this makes shallow leaves see it;
//! - 30 points per level of each own worker, minus the same for the opponent's (height is
//!   the road to level 3);
//! - territory: every square goes to the side whose nearest worker reaches it in fewer moves
//!   (over the `distances` kernel, other workers counted as domes), worth 1 plus its height;
//! - 2 points per square each own worker can move to now, minus the opponent's (mobility).
//!
//! During set-up (a side without workers, nothing built) the score is 0; after it a side
//! with no workers left (Medusa's victims) has lost, decisively (`WIN / 2`), unless it is
//! Jason with his power unused (he may still place one). A side with
//! more than two workers (Graeae, Jason, Hydra) counts its workers' height and mobility
//! points scaled to two workers.

use bitgames_search::{Evaluate, WIN};

use crate::{Bitboard, God, Kernels, Move, Position, Square};

impl<S: Kernels> Evaluate for Position<S> {
    fn evaluate(&self) -> i32 {
        let me = self.side.index();
        let them = 1 - me;
        // Jason with his power unused may still place a worker: no loss yet, and the
        // score below counts his workers (none).
        let placing = |p: usize| self.gods[p] == God::Jason && !self.god_flag[p];
        if (self.workers[me].is_empty() && !placing(me))
            || (self.workers[them].is_empty() && !placing(them))
        {
            // Before the first build a side without workers is still to place them; after
            // it (Medusa's victims) it has no turn, and loses when its turn comes.
            return match (
                self.levels.at(0) == Bitboard::FULL,
                self.workers[me].is_empty() && !placing(me),
            ) {
                (true, _) => 0,
                (false, true) => -WIN / 2,
                (false, false) => WIN / 2,
            };
        }
        let occupied = self.workers[0] | self.workers[1];
        let l3 = self.levels.at(3);
        let mut reach = [[None::<u8>; 25]; 2];
        let mut score = [0i32; 2];
        for (player, side_reach) in reach.iter_mut().enumerate() {
            let mut own = 0;
            for worker in self.workers[player] {
                let from = worker;
                let open = self.open_levels(occupied, worker);
                let moves = S::move_to(from, &open);
                if player == me && self.levels.at(2).contains(worker) && (moves & l3).any() {
                    return WIN / 2;
                }
                own += 30 * i32::from(self.height(from)) + 2 * moves.len() as i32;
                let layers = S::distances(from, &open);
                for (k, layer) in layers.layers().iter().enumerate() {
                    for square in *layer {
                        let square = square.index();
                        let d = side_reach[square].get_or_insert(k as u8);
                        *d = (*d).min(k as u8);
                    }
                }
            }
            // Height and mobility are a pair's: a side with more workers (Graeae's three,
            // Jason's, Hydra's many) scores its sum scaled to two, so an extra worker is not
            // read as half a level more.
            let count = self.workers[player].len() as i32;
            score[player] += if count > 2 { own * 2 / count } else { own };
        }
        for square in Square::all() {
            let value = 1 + i32::from(self.height(square).min(3));
            match (reach[me][square.index()], reach[them][square.index()]) {
                (Some(a), Some(b)) if a < b => score[me] += value,
                (Some(a), Some(b)) if b < a => score[them] += value,
                (Some(_), None) => score[me] += value,
                (None, Some(_)) => score[them] += value,
                _ => {}
            }
        }
        score[me] - score[them]
    }

    /// Winning moves first, then moves that climb.
    fn move_priority(&self, mv: Move) -> i32 {
        match mv {
            Move::Win { .. }
            | Move::BuildWin { .. }
            | Move::ClaimWin
            | Move::FlipWin { .. }
            | Move::BuildFirstWin { .. }
            | Move::LeapWin { .. }
            | Move::MoveBothWin { .. } => 1_000,
            Move::Build { from, to, .. }
            | Move::Swap { from, to, .. }
            | Move::Push { from, to, .. }
            | Move::Dome { from, to, .. }
            | Move::BuildTwice { from, to, .. }
            | Move::BuildDouble { from, to, .. }
            | Move::BuildFirst { from, to, .. }
            | Move::Leap { from, to, .. }
            | Move::BuildRemove { from, to, .. }
            | Move::BuildDome { from, to, .. }
            | Move::BuildDomes { from, to, .. }
            | Move::BuildMore { from, to, .. }
            | Move::BuildSlay { from, to, .. }
            | Move::BuildTalus { from, to, .. }
            | Move::BuildHead { from, to, .. }
            | Move::Step { from, to }
            | Move::BuildBlocks { from, to, .. }
            | Move::Shift { from, to, .. }
            | Move::BuildWind { from, to, .. }
            | Move::Trade { from, to, .. }
            | Move::FlipBuild { from, to, .. }
            | Move::Drag { from, to, .. } => {
                i32::from(self.height(to)) - i32::from(self.height(from))
            }
            Move::Place(..)
            | Move::PlaceThree(..)
            | Move::Travel { .. }
            | Move::Flip { .. }
            | Move::PlaceBuild { .. }
            | Move::BuildBoth { .. }
            | Move::BuildStill { .. } => 0,
            // Castor moving both: how far the pair climbs.
            Move::MoveBoth { from, to } => {
                i32::from(self.height(to[0])) + i32::from(self.height(to[1]))
                    - i32::from(self.height(from[0]))
                    - i32::from(self.height(from[1]))
            }
        }
    }
}
