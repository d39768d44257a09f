//! Per-direction shifts with edge masks, one step at a time.

use super::{INNER, kernels_by_direction, shift_by};

bitgames_bitboard::strategy! {
    /// Shift the player's discs one step, AND with the (edge-masked) opponent, repeat five more
    /// times, then one more step onto the empty squares; OR the eight directions. Flips walk
    /// each direction from the square while the squares hold opponent discs.
    pub struct Shift: Shift, "shift", "per-direction shift-and-mask, six steps (dumb7fill)";
}

/// The moves that outflank along direction `D`.
#[inline(always)]
fn moves_towards<const D: usize>(player: u64, opponent: u64, empty: u64) -> u64 {
    let inner = opponent & INNER[D];
    let mut run = shift_by::<D>(player) & inner;
    for _ in 0..5 {
        run |= shift_by::<D>(run) & inner;
    }
    shift_by::<D>(run) & empty
}

/// The discs flipped along direction `D` from `from`.
#[inline(always)]
fn flips_towards<const D: usize>(player: u64, opponent: u64, from: u64) -> u64 {
    let inner = opponent & INNER[D];
    let mut run = 0;
    let mut next = shift_by::<D>(from) & inner;
    while next != 0 {
        run |= next;
        next = shift_by::<D>(next) & inner;
    }
    // The run is inside the board, so one more step cannot wrap.
    if shift_by::<D>(run) & player != 0 {
        run
    } else {
        0
    }
}

kernels_by_direction!(Shift);
