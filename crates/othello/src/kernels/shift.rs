//! Per-direction shifts with edge masks, one step at a time.

use bitgames_bitboard::{Direction, Strategy, StrategyKind};

use super::{INNER, Kernels, shift};
use crate::Square;

/// Shift the player's discs one step, AND with the (edge-masked) opponent, repeat five more
/// times, then one more step onto the empty squares; OR the eight directions. Flips walk
/// each direction from the square while the squares hold opponent discs.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Shift;

impl Strategy for Shift {
    const NAME: &'static str = "shift";
    const KIND: StrategyKind = StrategyKind::Shift;
    const IDEA: &'static str = "per-direction shift-and-mask, six steps (dumb7fill)";
}

impl Kernels for Shift {
    #[inline]
    fn legal_moves(player: u64, opponent: u64) -> u64 {
        let empty = !(player | opponent);
        let mut moves = 0;
        for d in Direction::ALL {
            let inner = opponent & INNER[d.index()];
            let mut run = shift(player, d) & inner;
            for _ in 0..5 {
                run |= shift(run, d) & inner;
            }
            moves |= shift(run, d) & empty;
        }
        moves
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
        let mut flipped = 0;
        for d in Direction::ALL {
            let inner = opponent & INNER[d.index()];
            let mut run = 0;
            let mut next = shift(square.mask(), d) & inner;
            while next != 0 {
                run |= next;
                next = shift(next, d) & inner;
            }
            // The run is inside the board, so one more step cannot wrap.
            if shift(run, d) & player != 0 {
                flipped |= run;
            }
        }
        flipped
    }
}
