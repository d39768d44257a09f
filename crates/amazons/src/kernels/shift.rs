//! One step at a time.

use super::{Kernels, all_directions, step};
use crate::Bitboard;

bitgames_bitboard::strategy! {
    /// Shift one step, AND with the empty squares, OR into the result; up to nine times per
    /// direction (stopping early when nothing moves).
    pub struct Shift: Shift, "shift", "one step at a time per direction, early exit";
}

#[inline(always)]
fn ray<const D: usize>(sources: u128, empty: u128) -> u128 {
    let mut reach = 0;
    let mut front = step::<D>(sources, 1) & empty;
    while front != 0 {
        reach |= front;
        front = step::<D>(front, 1) & empty;
    }
    reach
}

impl Kernels for Shift {
    #[inline]
    fn fill(sources: Bitboard, empty: Bitboard) -> Bitboard {
        Bitboard::from_bits_truncate(all_directions!(ray(sources.bits(), empty.bits())))
    }
}
