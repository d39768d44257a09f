//! The middle layer's own small table: proven bounds of positions with a few empties, keyed
//! by the board itself, so the layer that has no Zobrist hash still finds the positions it
//! reaches twice.
//!
//! The idea of a small direct-mapped table per depth just above the last layers, probed for
//! every child before it is searched, is Egaroucid's (Takuto Yamana, `endsearch_nws.hpp`);
//! the code is our own. Each search (each thread) has its own, so there is nothing to share
//! or lock, and a slot holds the whole board, so a hit is never a false one.

/// Slots per number of empties (a power of two).
const SLOTS: usize = 1 << 10;

/// The fewest empties a position in the table has: below, a search costs less than a probe.
pub(super) const LOCAL_MIN_EMPTIES: u32 = 5;

/// The most: the table layer starts above (the solver's default `table_min_empties` is 12;
/// a larger one leaves its extra depths without a local table).
pub(super) const LOCAL_MAX_EMPTIES: u32 = 12;

/// One position's bounds, from its side to move's point of view.
#[derive(Clone, Copy, Default)]
struct Slot {
    player: u64,
    opponent: u64,
    lower: i8,
    upper: i8,
}

/// The table: [`SLOTS`] slots for each number of empties from [`LOCAL_MIN_EMPTIES`] to
/// [`LOCAL_MAX_EMPTIES`].
pub(super) struct LocalTable {
    slots: Box<[Slot]>,
}

impl LocalTable {
    /// An empty table (every slot holds the empty board, which no search reaches).
    pub(super) fn new() -> LocalTable {
        let depths = (LOCAL_MAX_EMPTIES - LOCAL_MIN_EMPTIES + 1) as usize;
        LocalTable {
            slots: vec![Slot::default(); depths * SLOTS].into_boxed_slice(),
        }
    }

    /// The slot of a position with `empties` empties (within the table's range).
    #[inline(always)]
    fn index(player: u64, opponent: u64, empties: u32) -> usize {
        let mixed = player.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ opponent.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        (empties - LOCAL_MIN_EMPTIES) as usize * SLOTS
            + (mixed >> (64 - SLOTS.trailing_zeros())) as usize
    }

    /// The bounds stored for the position, `(lower, upper)`.
    #[inline(always)]
    pub(super) fn probe(&self, player: u64, opponent: u64, empties: u32) -> Option<(i32, i32)> {
        let slot = &self.slots[Self::index(player, opponent, empties)];
        (slot.player == player && slot.opponent == opponent)
            .then(|| (i32::from(slot.lower), i32::from(slot.upper)))
    }

    /// Records `lower ..= upper` for the position, tightening what the slot held for it,
    /// or replacing another position's.
    #[inline(always)]
    pub(super) fn store(
        &mut self,
        player: u64,
        opponent: u64,
        empties: u32,
        lower: i32,
        upper: i32,
    ) {
        let slot = &mut self.slots[Self::index(player, opponent, empties)];
        let (lower, upper) = if slot.player == player && slot.opponent == opponent {
            (lower.max(slot.lower.into()), upper.min(slot.upper.into()))
        } else {
            (lower, upper)
        };
        *slot = Slot {
            player,
            opponent,
            lower: lower as i8,
            upper: upper as i8,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_of_one_position_tighten_and_another_position_replaces_them() {
        let mut table = LocalTable::new();
        let (p, o) = (0x0000_0018_1000_0000_u64, 0x0000_0000_0818_0000_u64);
        assert_eq!(table.probe(p, o, 7), None);
        table.store(p, o, 7, -64, 10);
        table.store(p, o, 7, -4, 64);
        assert_eq!(table.probe(p, o, 7), Some((-4, 10)));
        // The same board at another number of empties is another slot (none such exists in
        // a game, but the depth is part of the index).
        assert_eq!(table.probe(p, o, 8), None);
        assert_eq!(table.probe(o, p, 7), None);
    }
}
