//! Othello as a reinforcement-learning environment, in OpenSpiel's `othello` numbering: the
//! [`Encoding`] of [`Position`].
//!
//! - **Actions**: 65; square `8 * row + col` with a1 = 0 row by row (the square's bit), 64 =
//!   pass, legal only when the side to move has no square to play and the game goes on.
//! - **Observation planes** `[3, 8, 8]`: empty, the observing player's discs, the
//!   opponent's, each written by [`spread_bits`] (one AVX-512BW store, PDEP rows or a
//!   portable multiply, whichever the target has).
//! - **Record of the legal actions** ([`Encoding::Legal`]): a `u128`, bits 0 to 63 the legal
//!   squares (the mobility), bit 64 the pass.
//!
//! [`Encoding::step_write`] is fused: the side to move's mobility is found once for the
//! end-of-game test, the mask and the record.

use bitgames_bitboard::gather::spread_bits;
use bitgames_search::encoding::{Encoding, rewards};

use crate::{Bitboard, Move, Position, Square};

/// Writes Othello's action mask, the legal squares and the pass action (64) when `pass` is
/// set, and returns its record (see [`Encoding::Legal`]).
#[inline(always)]
fn write_mask(moves: Bitboard, pass: bool, mask: &mut [bool]) -> u128 {
    let mut bytes = [0i8; 64];
    spread_bits(moves.bits(), &mut bytes);
    for (m, &b) in mask.iter_mut().zip(&bytes) {
        *m = b != 0;
    }
    mask[64] = pass;
    u128::from(moves.bits()) | u128::from(pass) << 64
}

impl Encoding for Position {
    const ACTIONS: usize = 65;
    const PLANES: [usize; 3] = [3, 8, 8];
    /// Bits 0 to 63: the legal squares (the mobility); bit 64: the pass.
    type Legal = u128;

    fn start() -> Self {
        Position::start()
    }

    #[inline]
    fn current_player(&self) -> usize {
        self.side_to_move().index()
    }

    fn legal_mask(&self, mask: &mut [bool]) {
        self.legal_write(mask);
    }

    fn record(mask: &[bool]) -> u128 {
        (0..65)
            .filter(|&a| mask[a])
            .fold(0, |bits, a| bits | 1 << a)
    }

    #[inline]
    fn allows(record: &u128, action: usize) -> bool {
        action < 65 && record >> action & 1 == 1
    }

    #[inline]
    fn legal_write(&self, mask: &mut [bool]) -> u128 {
        let moves = self.move_mask();
        write_mask(moves, moves.is_empty() && !self.is_game_over(), mask)
    }

    fn apply(&mut self, action: usize) -> Result<(), String> {
        let mv = match action {
            64 => Move::Pass,
            a if a < 64 => Move::Play(Square::from_bit(a as u32).ok_or("not a square")?),
            a => return Err(format!("action {a} is out of range 0..65")),
        };
        let legal = self.legal_moves();
        if !legal.contains(&mv) {
            return Err(format!("action {action} ({mv}) is not legal here"));
        }
        *self = self.play_unchecked(mv);
        Ok(())
    }

    #[inline]
    fn apply_legal(&mut self, action: usize) {
        debug_assert!(
            Self::allows(&self.legal_write(&mut [false; 65]), action),
            "action {action} is not legal in {self}"
        );
        let mv = match Square::from_bit(action as u32) {
            Some(square) => Move::Play(square),
            None => Move::Pass,
        };
        *self = self.play_unchecked(mv);
    }

    #[inline]
    fn observe(&self, player: usize, out: &mut [i8]) {
        let (black, white) = self.discs();
        let (mine, theirs) = if player == 0 {
            (black, white)
        } else {
            (white, black)
        };
        let (empty, rest) = out.split_at_mut(64);
        let (mine_plane, theirs_plane) = rest.split_at_mut(64);
        spread_bits((!(black | white)).bits(), empty);
        spread_bits(mine.bits(), mine_plane);
        spread_bits(theirs.bits(), &mut theirs_plane[..64]);
    }

    fn returns(&self) -> Option<[f32; 2]> {
        rewards(self.outcome())
    }

    #[inline]
    fn step_write(
        &mut self,
        action: usize,
        obs: &mut [i8],
        mask: &mut [bool],
    ) -> (Option<[f32; 2]>, u128) {
        self.apply_legal(action);
        let mut moves = self.move_mask();
        let mut returns = None;
        // Only a side with no move can be at the end: the full test (the opponent's
        // mobility, the score) runs on those few positions alone.
        if moves.is_empty() {
            returns = rewards(self.outcome());
            if returns.is_some() {
                *self = Position::start();
                moves = self.move_mask();
            }
        }
        self.observe(self.current_player(), obs);
        // With no square to play and the game going on, the side to move must pass.
        (returns, write_mask(moves, moves.is_empty(), mask))
    }

    #[inline]
    fn random_action<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> usize {
        use bitgames_bitboard::gather::{BitGather, FastestGather};
        use rand::RngExt;
        let moves = self.move_mask();
        if moves.is_empty() {
            return 64;
        }
        // The k-th legal square: PDEP deposits bit k on the k-th set bit of the mask.
        let k = rng.random_range(0..moves.len() as u32);
        FastestGather::nth_set_bit(moves.bits(), k) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bitgames_search::encoding::{assert_records_agree_with_the_mask, step_write_in_parts};

    #[test]
    fn othello_step_write_equals_the_step_in_parts() {
        use rand::SeedableRng;
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(12);
        let (mut fast, mut parts) = (Position::start(), Position::start());
        let (mut obs_fast, mut obs_parts) = ([0i8; 192], [0i8; 192]);
        let (mut mask_fast, mut mask_parts) = ([false; 65], [false; 65]);
        let (mut games, mut passes) = (0, 0);
        // 300 games: every kind of end (wins both ways, draws are rare) and many passes.
        while games < 300 {
            let action = fast.random_action(&mut rng);
            let done_fast = fast.step_write(action, &mut obs_fast, &mut mask_fast);
            let done_parts =
                step_write_in_parts(&mut parts, action, &mut obs_parts, &mut mask_parts);
            assert_eq!(done_fast, done_parts);
            assert_eq!((fast, obs_fast, mask_fast), (parts, obs_parts, mask_parts));
            games += usize::from(done_fast.0.is_some());
            passes += usize::from(mask_fast[64]);
        }
        assert!(passes > 0, "passes were recorded");
    }

    #[test]
    fn the_records_of_legal_actions_agree_with_the_masks() {
        // 100 games have some passes.
        assert_records_agree_with_the_mask::<Position>(100, 5);
    }

    #[test]
    fn the_start_is_encoded_in_openspiel_numbering() {
        let start = Position::start();
        let mut mask = [false; 65];
        start.legal_mask(&mut mask);
        // Black's openings d3, c4, f5, e6: squares 19, 26, 37, 44.
        let legal: Vec<usize> = (0..65).filter(|&a| mask[a]).collect();
        assert_eq!(legal, [19, 26, 37, 44]);
        let mut obs = [0i8; 192];
        start.observe(0, &mut obs);
        // Black (the observer) holds d5 and e4 (35, 28); white d4 and e5 (27, 36).
        assert_eq!(obs[64 + 35] + obs[64 + 28], 2);
        assert_eq!(obs[128 + 27] + obs[128 + 36], 2);
        assert_eq!(obs[..64].iter().map(|&b| i32::from(b)).sum::<i32>(), 60);
        let mut after = start;
        assert!(after.apply(64).is_err());
        assert!(after.apply(65).is_err());
        after.apply(19).unwrap();
        assert_eq!(after.current_player(), 1);
    }
}
