//! Kogge-Stone (parallel prefix) occluded fills: three doubling steps per direction.

use bitgames_bitboard::{Direction, Strategy, StrategyKind};

use super::{INNER, Kernels, shift};
use crate::Square;

/// Occluded fills by doubling strides (1, 2, 4): a run of up to six opponent discs is
/// covered in three shift rounds instead of six, and the rounds have fewer dependencies.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct KoggeStone;

impl Strategy for KoggeStone {
    const NAME: &'static str = "kogge-stone";
    const KIND: StrategyKind = StrategyKind::Shift;
    const IDEA: &'static str = "parallel-prefix occluded fills, strides 1, 2, 4";
}

/// Extends `generator` along direction `d` through `propagator`: every square reachable
/// from a generator square by steps through propagator squares. The propagator lies inside
/// the board in direction `d` (see [`INNER`]), which also stops wider strides from wrapping.
#[inline(always)]
fn occluded_fill(mut generator: u64, mut propagator: u64, d: Direction) -> u64 {
    generator |= propagator & shift(generator, d);
    propagator &= shift(propagator, d);
    generator |= propagator & shift(shift(generator, d), d);
    propagator &= shift(shift(propagator, d), d);
    generator | (propagator & shift(shift(shift(shift(generator, d), d), d), d))
}

impl Kernels for KoggeStone {
    #[inline]
    fn legal_moves(player: u64, opponent: u64) -> u64 {
        let empty = !(player | opponent);
        let mut moves = 0;
        for d in Direction::ALL {
            let inner = opponent & INNER[d.index()];
            let run = occluded_fill(shift(player, d) & inner, inner, d);
            moves |= shift(run, d) & empty;
        }
        moves
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
        let mut flipped = 0;
        for d in Direction::ALL {
            let inner = opponent & INNER[d.index()];
            let run = occluded_fill(shift(square.mask(), d) & inner, inner, d);
            let outflanked = shift(run, d) & player != 0;
            flipped |= run & (outflanked as u64).wrapping_neg();
        }
        flipped
    }
}
