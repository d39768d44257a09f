//! Galloping: stride 2 over smeared walls, then one decelerating step.

use super::{Kernels, all_directions, step};
use crate::Bitboard;

bitgames_bitboard::strategy! {
    /// Moves two squares a step: a square is open to the stride only if it and the square before
    /// it are empty (the walls smeared one square wider), so the stride cannot jump a wall. That
    /// finds the even distances in at most four steps; one final step of one square
    /// ("decelerate") from them and from the sources fills in the odd distances.
    pub struct Galloping: Galloping, "galloping", "stride-2 fills over smeared walls, then decelerate by 1";
}

#[inline(always)]
fn ray<const D: usize>(sources: u128, empty: u128) -> u128 {
    // Squares that are empty and whose predecessor along D is empty too.
    let open_pairs = empty & step::<D>(empty, 1);
    let mut even = 0;
    let mut front = step::<D>(sources, 2) & open_pairs;
    while front != 0 {
        even |= front;
        front = step::<D>(front, 2) & open_pairs;
    }
    even | (step::<D>(even | sources, 1) & empty)
}

impl Kernels for Galloping {
    #[inline(always)]
    fn fill(sources: Bitboard, empty: Bitboard) -> Bitboard {
        Bitboard::from_bits_truncate(all_directions!(ray(sources.bits(), empty.bits())))
    }
}
