//! The hooks the generic search needs: an evaluation and a move ordering.

use bitgames_search::Evaluate;

use crate::{Kernels, Move, Position};

/// From the side to move's point of view: mobility (moves minus the opponent's moves).
impl<S: Kernels> Evaluate for Position<S> {
    fn evaluate(&self) -> i32 {
        let mine = S::legal_moves(self.player, self.opponent).count_ones() as i32;
        let theirs = S::legal_moves(self.opponent, self.player).count_ones() as i32;
        mine - theirs
    }

    /// Corners first, then moves that leave the opponent fewer replies.
    fn move_priority(&self, mv: Move) -> i32 {
        match mv {
            Move::Pass => 0,
            Move::Play(square) => {
                const CORNERS: u64 = 0x8100_0000_0000_0081;
                let after = self.play(mv);
                let corner = if CORNERS & square.mask() != 0 { 100 } else { 0 };
                corner - after.move_mask().count_ones() as i32
            }
        }
    }
}
