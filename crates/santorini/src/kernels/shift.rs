//! Bitboard shifts on the 7x7 padded board, as in the design notes.

use core::hint::select_unpredictable;

use super::{DistanceLayers, Kernels};
use crate::{Bitboard, Levels, Square};

bitgames_bitboard::strategy! {
    /// Shifts and masks: a square's neighbourhood is the pattern 115335 (bits 0,1,2,7,9,14,15,16)
    /// moved to it; a set's closed neighbourhood is two shift-or rounds; BFS advances one whole
    /// distance layer with a few bitwise operations.
    pub struct Shift: Shift, "shift", "7x7 padded bitboards, neighbourhoods by shifting, layered BFS";
}

/// The eight neighbours of bit 8 (row 1, col 1), seen from bit 0.
const NEIGHBOUR_PATTERN: u64 = 115_335;

/// The open neighbourhood of one square.
#[inline(always)]
fn neighbourhood(square: Square) -> u64 {
    // Every board square is at bit 8 or above, so the pattern moves left by bit - 8.
    (NEIGHBOUR_PATTERN << (square.bit() - 8)) & Bitboard::FULL.bits()
}

/// The closed neighbourhood (the set and every square next to it) of a whole set.
#[inline(always)]
fn closed_neighbourhood(set: u64) -> u64 {
    let x = set | set << 1 | set >> 1;
    (x | x << 7 | x >> 7) & Bitboard::FULL.bits()
}

#[inline(always)]
fn move_to(from: Square, levels: &Levels) -> u64 {
    let [l0, l1, l2, l3] = [0, 1, 2, 3].map(|l| levels.at(l).bits());
    // The design notes' three cases as conditional moves: the level of `from` is random, so
    // branches would mispredict (LLVM turns a plain mask-and into branches here).
    let bit = from.bitboard().bits();
    let on_l0 = bit & l0 != 0;
    let on_l1 = bit & l1 != 0;
    let reach = select_unpredictable(
        on_l0,
        l0 | l1,
        select_unpredictable(on_l1, l0 | l1 | l2, l0 | l1 | l2 | l3),
    );
    neighbourhood(from) & reach
}

impl Kernels for Shift {
    #[inline]
    fn move_to(from: Square, levels: &Levels) -> Bitboard {
        Bitboard::from_bits_truncate(move_to(from, levels))
    }

    #[inline]
    fn distances(from: Square, levels: &Levels) -> DistanceLayers {
        let [l0, l1, l2, l3] = [0, 1, 2, 3].map(|l| levels.at(l).bits());
        let low = l0 | l1;
        let from_one_up = l1 | l2 | l3;
        let from_two_up = l2 | l3;

        let mut layers = DistanceLayers::new(from.bitboard());
        // The source may stand on any level; every later square is at level 3 or below, so
        // the set-wise step M(X) of the design notes applies from the first layer on.
        let mut frontier = move_to(from, levels);
        let mut reached = from.bitboard().bits() | frontier;
        while frontier != 0 {
            layers.push(Bitboard::from_bits_truncate(frontier));
            let next = (closed_neighbourhood(frontier) & low)
                | (closed_neighbourhood(frontier & from_one_up) & l2)
                | (closed_neighbourhood(frontier & from_two_up) & l3);
            frontier = next & !reached;
            reached |= frontier;
        }
        layers
    }
}
