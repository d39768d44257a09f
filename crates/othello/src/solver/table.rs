//! What the solver stores per position: a pair of bounds on the score, the move that proved
//! the lower one and the selectivity of the search that proved them, in the workspace's one
//! transposition-table type.
//!
//! Alpha-beta stores one score with a bound type, because its scores hold only to a depth;
//! the solver's searches all run to the end of the game, so both bounds of an exact entry
//! stay true forever and are merged rather than replaced, which is what lets the root's
//! repeated null-window searches converge. A selective pass's bounds (probcut, see the
//! `probcut` module) hold only for searches as selective: the exact pass uses their moves,
//! never their bounds, and replaces them. The slot layout, buckets and replacement are shared with
//! alpha-beta (`bitgames_search`); only this payload is the solver's. The threads of a
//! parallel solve share one table without locks, so it is the lockless
//! [`SharedTranspositionTable`]: a hit is always bounds some thread found for the position.

use bitgames_search::{Packed, Payload, SharedTranspositionTable};

use super::probcut::Selectivity;

/// The solver's table: buckets of two 16-byte slots (the full hash mixed with the data, then
/// this payload and the generation).
pub(super) type Table = SharedTranspositionTable<Bounds, 2>;

/// The best-move byte of an entry that has none.
pub(super) const NO_MOVE: u8 = 0xff;

/// Bounds on the score of a position (disc differences fit an `i8`), the best move found (a
/// bit number, or [`NO_MOVE`]), the empties (the work the entry saves) and the selectivity
/// of the search that found them: proven bounds on the exact score at
/// [`Selectivity::EXACT`], bounds that hold unless a probcut at that confidence was wrong
/// below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Bounds {
    lower: i8,
    upper: i8,
    /// The square of the best move, or [`NO_MOVE`].
    pub(super) best: u8,
    empties: u8,
    /// The selectivity the bounds hold at.
    pub(super) selectivity: Selectivity,
}

impl Bounds {
    /// `lower ..= upper` (each within -64..=64), with `empties` empty squares, found at
    /// `selectivity`.
    #[inline]
    pub(super) fn new(
        lower: i32,
        upper: i32,
        best: u8,
        empties: u32,
        selectivity: Selectivity,
    ) -> Bounds {
        Bounds {
            lower: lower as i8,
            upper: upper as i8,
            best,
            empties: empties as u8,
            selectivity,
        }
    }

    /// The score is at least this.
    #[inline]
    pub(super) fn lower(&self) -> i32 {
        i32::from(self.lower)
    }

    /// The score is at most this.
    #[inline]
    pub(super) fn upper(&self) -> i32 {
        i32::from(self.upper)
    }
}

impl Payload for Bounds {
    const EMPTY: Self = Bounds {
        lower: 0,
        upper: 0,
        best: NO_MOVE,
        empties: 0,
        selectivity: Selectivity::EXACT,
    };

    /// A position with more empties took more work to solve.
    #[inline]
    fn worth(&self) -> u8 {
        self.empties
    }

    /// Always: a store for the same position carries the stored bounds merged in, and one
    /// for another position takes the bucket's stale or least-worth slot while the other
    /// slot keeps the entry worth more.
    #[inline]
    fn replaces(&self, _old: &Self) -> bool {
        true
    }
}

impl Packed for Bounds {
    #[inline(always)]
    fn to_bits(self) -> u64 {
        u64::from(self.lower as u8)
            | u64::from(self.upper as u8) << 8
            | u64::from(self.best) << 16
            | u64::from(self.empties) << 24
            | u64::from(self.selectivity.0) << 32
    }

    #[inline(always)]
    fn from_bits(bits: u64) -> Self {
        Bounds {
            lower: bits as u8 as i8,
            upper: (bits >> 8) as u8 as i8,
            best: (bits >> 16) as u8,
            empties: (bits >> 24) as u8,
            selectivity: Selectivity((bits >> 32) as u8),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_pack_into_48_bits_and_back() {
        for lower in -64..=64 {
            for upper in lower..=64 {
                for (best, empties, selectivity) in [
                    (0, 0, Selectivity(0)),
                    (63, 60, Selectivity::EXACT),
                    (NO_MOVE, 30, Selectivity(1)),
                ] {
                    let bounds = Bounds::new(lower, upper, best, empties, selectivity);
                    let bits = bounds.to_bits();
                    assert_eq!(bits >> 48, 0, "{bounds:?}");
                    assert_eq!(Bounds::from_bits(bits), bounds);
                }
            }
        }
    }
}
