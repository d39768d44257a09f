//! One transposition table for every search: alpha-beta's scores with a bound
//! ([`Entry`]) and the Othello endgame solver's pairs of exact bounds alike.
//!
//! What the searches store differs (a depth-limited score and its bound type; two proven
//! bounds of a search to the end), so the table is generic over the stored [`Payload`]. What
//! they share lives here once: the power-of-two array indexed by the low bits of the Zobrist
//! hash, buckets of `WAYS` entries, the full 64-bit key verified on every probe, the search
//! generation, and the replacement scheme.

/// What a table stores for a position, besides its key and generation.
pub trait Payload: Copy {
    /// The contents of a slot that has never been written.
    const EMPTY: Self;

    /// The work the entry stands for (remaining depth, empty squares): when a bucket is
    /// full, an entry of an earlier search goes first, then the one worth least.
    fn worth(&self) -> u8;

    /// Whether `self` may overwrite `old`, an entry of the current search in the slot chosen
    /// for it (the same position's, or the bucket's least worth). The default keeps the entry
    /// searched deeper: a deeper result is worth more.
    #[inline]
    fn replaces(&self, old: &Self) -> bool {
        self.worth() >= old.worth()
    }
}

/// One slot: the full hash, the search that wrote it, and the payload.
#[derive(Debug, Clone, Copy)]
struct Slot<P> {
    key: u64,
    generation: u8,
    occupied: bool,
    payload: P,
}

/// A power-of-two array of `2^bits` slots in buckets of `WAYS`, indexed by the low bits of
/// the Zobrist hash.
///
/// Replacement: a store goes to the slot already holding the same position, else to the
/// bucket's slot from an earlier search (stale entries are worth nothing), else to its slot
/// of least [`Payload::worth`] (the first on a tie); it is written there if that slot is
/// empty or stale, or if [`Payload::replaces`] says so.
#[derive(Debug, Clone)]
pub struct TranspositionTable<P, const WAYS: usize = 1> {
    slots: Vec<Slot<P>>,
    bucket_mask: usize,
    generation: u8,
}

/// The largest `bits` accepted (larger requests are clamped): 2^32 slots, and on small
/// targets an index that still fits a `usize` with room for the slot size.
const MAX_BITS: u32 = if usize::BITS - 8 < 32 {
    usize::BITS - 8
} else {
    32
};

impl<P: Payload, const WAYS: usize> TranspositionTable<P, WAYS> {
    /// A table of `2^bits` slots (`bits` clamped to what one bucket needs and to 32).
    pub fn new(bits: u32) -> Self {
        const { assert!(WAYS.is_power_of_two(), "WAYS must be a power of two") };
        let bits = bits.clamp(WAYS.trailing_zeros(), MAX_BITS);
        let empty = Slot {
            key: 0,
            generation: 0,
            occupied: false,
            payload: P::EMPTY,
        };
        TranspositionTable {
            slots: vec![empty; 1 << bits],
            bucket_mask: (1 << bits) / WAYS - 1,
            generation: 0,
        }
    }

    /// Starts a new search: the entries of earlier ones stay readable but become the first
    /// to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The first slot of `key`'s bucket.
    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.bucket_mask) * WAYS
    }

    /// The payload stored for `key`, if the table holds it (the full hash matches, so an
    /// index collision is never taken for the position).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<P> {
        let i = self.bucket(key);
        self.slots[i..i + WAYS]
            .iter()
            .find(|slot| slot.key == key && slot.occupied)
            .map(|slot| slot.payload)
    }

    /// Stores `payload` for `key` by the replacement scheme of the type's doc.
    #[inline]
    pub fn store(&mut self, key: u64, payload: P) {
        let generation = self.generation;
        let i = self.bucket(key);
        let bucket = &mut self.slots[i..i + WAYS];
        let way = match bucket.iter().position(|s| s.key == key && s.occupied) {
            Some(way) => way,
            None => {
                // The first slot that is stale, else of least worth, is the victim.
                let rank = |s: &Slot<P>| (s.generation != generation, u8::MAX - s.payload.worth());
                let mut victim = 0;
                for way in 1..WAYS {
                    if rank(&bucket[way]) > rank(&bucket[victim]) {
                        victim = way;
                    }
                }
                victim
            }
        };
        let old = &mut bucket[way];
        if !old.occupied || old.generation != generation || payload.replaces(&old.payload) {
            *old = Slot {
                key,
                generation,
                occupied: true,
                payload,
            };
        }
    }
}

/// What a stored score means relative to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The score is the value of the position searched to that depth.
    Exact,
    /// The true value is at least the score (a fail-high).
    Lower,
    /// The true value is at most the score (a fail-low).
    Upper,
}

/// Alpha-beta's payload: a score searched `depth` plies deep, its bound and the best move.
#[derive(Debug, Clone, Copy)]
pub struct Entry<M> {
    /// The remaining depth the score was searched to.
    pub depth: u8,
    /// Whether the score is exact or a bound.
    pub bound: Bound,
    /// The score, from the side to move's point of view.
    pub score: i32,
    /// The best (or refuting) move found, tried first when the position comes again.
    pub best: Option<M>,
}

impl<M: Copy> Payload for Entry<M> {
    const EMPTY: Self = Entry {
        depth: 0,
        bound: Bound::Exact,
        score: 0,
        best: None,
    };

    #[inline]
    fn worth(&self) -> u8 {
        self.depth
    }
}
