//! Kogge-Stone (parallel prefix) occluded fills: three doubling steps per direction.

use super::{INNER, kernels_by_direction, shift_by};

bitgames_bitboard::strategy! {
    /// Occluded fills by doubling strides (1, 2, 4): a run of up to six opponent discs is
    /// covered in three shift rounds instead of six, and the rounds have fewer dependencies.
    pub struct KoggeStone: KoggeStone, "kogge-stone", "parallel-prefix occluded fills, strides 1, 2, 4";
}

/// Extends `generator` along direction `d` through `propagator`: every square reachable
/// from a generator square by steps through propagator squares. The propagator lies inside
/// the board in direction `d` (see [`INNER`]), which also stops wider strides from wrapping.
#[inline(always)]
fn occluded_fill<const D: usize>(mut generator: u64, mut propagator: u64) -> u64 {
    let step = |bits: u64, times: u32| (0..times).fold(bits, |b, _| shift_by::<D>(b));
    generator |= propagator & step(generator, 1);
    propagator &= step(propagator, 1);
    generator |= propagator & step(generator, 2);
    propagator &= step(propagator, 2);
    generator | (propagator & step(generator, 4))
}

#[inline(always)]
fn moves_towards<const D: usize>(player: u64, opponent: u64, empty: u64) -> u64 {
    let inner = opponent & INNER[D];
    let run = occluded_fill::<D>(shift_by::<D>(player) & inner, inner);
    shift_by::<D>(run) & empty
}

#[inline(always)]
fn flips_towards<const D: usize>(player: u64, opponent: u64, from: u64) -> u64 {
    let inner = opponent & INNER[D];
    let run = occluded_fill::<D>(shift_by::<D>(from) & inner, inner);
    let outflanked = shift_by::<D>(run) & player != 0;
    run & (outflanked as u64).wrapping_neg()
}

kernels_by_direction!(KoggeStone);
