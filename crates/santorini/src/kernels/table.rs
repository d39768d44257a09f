//! Neighbourhoods read from the generated tables.

use bitgames_tables::neighbours::SANTORINI_NEIGHBOURS;

use super::{DistanceLayers, Kernels};
use crate::{Bitboard, Levels, Square};

bitgames_bitboard::strategy! {
    /// Table lookups: a square's neighbourhood is `SANTORINI_NEIGHBOURS[square]`, and the levels
    /// it may climb to are picked from three precomputed unions by a branch-free index; BFS walks
    /// the frontier square by square.
    pub struct Table: Table, "table", "generated neighbourhood table, branch-free climb masks";
}

/// What a worker may step onto, by how high it stands.
#[derive(Clone, Copy)]
struct ClimbMasks {
    /// `[L0|L1, L0|L1|L2, L0|L1|L2|L3]`: from level 0, from level 1, from level 2 or higher.
    reach: [u64; 3],
    /// Squares above level 0, and above level 1 (domes and padding included).
    above_0: u64,
    above_1: u64,
}

impl ClimbMasks {
    #[inline(always)]
    fn new(levels: &Levels) -> Self {
        let [l0, l1, l2, l3] = [0, 1, 2, 3].map(|l| levels.at(l).bits());
        ClimbMasks {
            reach: [l0 | l1, l0 | l1 | l2, l0 | l1 | l2 | l3],
            above_0: !l0,
            above_1: !(l0 | l1),
        }
    }

    #[inline(always)]
    fn move_to(&self, bit: u32) -> u64 {
        let class = ((self.above_0 >> bit) & 1) + ((self.above_1 >> bit) & 1);
        SANTORINI_NEIGHBOURS[bit as usize] & self.reach[class as usize]
    }
}

impl Kernels for Table {
    #[inline]
    fn move_to(from: Square, levels: &Levels) -> Bitboard {
        Bitboard::from_bits_truncate(ClimbMasks::new(levels).move_to(from.bit()))
    }

    #[inline]
    fn distances(from: Square, levels: &Levels) -> DistanceLayers {
        let masks = ClimbMasks::new(levels);
        let mut layers = DistanceLayers::new(from.bitboard());
        let mut reached = from.bitboard().bits();
        let mut frontier = reached;
        loop {
            let mut next = 0;
            let mut rest = frontier;
            while rest != 0 {
                next |= masks.move_to(rest.trailing_zeros());
                rest &= rest - 1;
            }
            frontier = next & !reached;
            if frontier == 0 {
                return layers;
            }
            reached |= frontier;
            layers.push(Bitboard::from_bits_truncate(frontier));
        }
    }
}
