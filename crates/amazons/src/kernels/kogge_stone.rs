//! Kogge-Stone occluded fills: strides 1, 2, 4, 8.

use super::{Kernels, all_directions, step};
use crate::Bitboard;

bitgames_bitboard::strategy! {
    /// Parallel-prefix occluded fills: the propagator (empty squares) is ANDed with itself
    /// shifted by 1, 2 and 4 steps so the generator can jump 2, 4 and 8 squares at once; a ray
    /// on a 10x10 board is at most 9 long, so four rounds cover it without branches.
    pub struct KoggeStone: KoggeStone, "kogge-stone", "occluded fills with strides 1, 2, 4, 8, branch-free";
}

#[inline(always)]
fn ray<const D: usize>(sources: u128, empty: u128) -> u128 {
    let mut generator = sources;
    let mut propagator = empty;
    generator |= propagator & step::<D>(generator, 1);
    propagator &= step::<D>(propagator, 1);
    generator |= propagator & step::<D>(generator, 2);
    propagator &= step::<D>(propagator, 2);
    generator |= propagator & step::<D>(generator, 4);
    propagator &= step::<D>(propagator, 4);
    generator |= propagator & step::<D>(generator, 8);
    step::<D>(generator, 1) & empty
}

impl Kernels for KoggeStone {
    #[inline(always)]
    fn fill(sources: Bitboard, empty: Bitboard) -> Bitboard {
        Bitboard::from_bits_truncate(all_directions!(ray(sources.bits(), empty.bits())))
    }
}
