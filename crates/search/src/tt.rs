//! One transposition table for every search: alpha-beta's scores with a bound
//! ([`Entry`]) and the Othello endgame solver's pairs of exact bounds alike.
//!
//! What the searches store differs (a depth-limited score and its bound type; two proven
//! bounds of a search to the end), so the table is generic over the stored [`Payload`]. What
//! they share lives here once: the power-of-two array indexed by the low bits of the Zobrist
//! hash, buckets of `WAYS` entries, the full 64-bit key verified on every probe, the search
//! generation, and the replacement scheme.
//!
//! Two tables share all of that: [`TranspositionTable`], owned by one search, for any
//! payload; and [`SharedTranspositionTable`], which the threads of a parallel search share
//! without locks, for payloads that [pack](Packed) into 48 bits.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

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
        let way = way_for::<WAYS, P>(
            |way| bucket[way].key == key && bucket[way].occupied,
            |way| (bucket[way].generation, bucket[way].payload),
            generation,
        );
        let old = &mut bucket[way];
        if writes(
            &payload,
            old.occupied,
            old.generation,
            &old.payload,
            generation,
        ) {
            *old = Slot {
                key,
                generation,
                occupied: true,
                payload,
            };
        }
    }
}

/// The way of a bucket a store for a key goes to: the one already holding the key
/// (`holds_key`), else the first that is stale (of another generation than `generation`),
/// else the first of least worth. `slot` gives each way's generation and payload.
#[inline(always)]
fn way_for<const WAYS: usize, P: Payload>(
    holds_key: impl Fn(usize) -> bool,
    slot: impl Fn(usize) -> (u8, P),
    generation: u8,
) -> usize {
    if let Some(way) = (0..WAYS).find(|&way| holds_key(way)) {
        return way;
    }
    let rank = |way| {
        let (written, payload) = slot(way);
        (written != generation, u8::MAX - payload.worth())
    };
    let mut victim = 0;
    for way in 1..WAYS {
        if rank(way) > rank(victim) {
            victim = way;
        }
    }
    victim
}

/// Whether `payload` is written over the slot chosen for it: always over an empty or stale
/// slot, else if [`Payload::replaces`] says so.
#[inline(always)]
fn writes<P: Payload>(payload: &P, occupied: bool, written: u8, old: &P, generation: u8) -> bool {
    !occupied || written != generation || payload.replaces(old)
}

/// A payload that fits in 48 bits, so that a slot of [`SharedTranspositionTable`] is two
/// machine words.
pub trait Packed: Payload {
    /// The payload in the low 48 bits (the bits above must be 0).
    fn to_bits(self) -> u64;

    /// The payload of [`Packed::to_bits`]'s bits.
    fn from_bits(bits: u64) -> Self;
}

/// The bit of a data word that marks a written slot (a never-written slot is all zeros).
const OCCUPIED: u64 = 1 << 63;

/// Where a data word keeps the generation.
const GENERATION_SHIFT: u32 = 48;

/// [`TranspositionTable`] for the threads of a parallel search, without locks: the same
/// buckets, probe and replacement, but each slot is two atomic words, `key ^ data` and
/// `data` (the payload's 48 bits, the generation and an occupied bit), and every operation
/// takes `&self`.
///
/// This is the lockless hashing of Hyatt and Mann (2002): two threads writing a slot at once
/// can leave one's key word beside the other's data word, and such a torn slot fails the key
/// check, so it reads as a miss. A hit is therefore always a payload some thread stored for
/// that very key. Relaxed ordering is all a slot needs, so with one thread the words compile
/// to the plain loads and stores of the owned table.
#[derive(Debug)]
pub struct SharedTranspositionTable<P, const WAYS: usize = 1> {
    slots: Box<[[AtomicU64; 2]]>,
    bucket_mask: usize,
    generation: u8,
    payload: PhantomData<P>,
}

impl<P: Packed, const WAYS: usize> SharedTranspositionTable<P, WAYS> {
    /// A table of `2^bits` slots (`bits` clamped to what one bucket needs and to 32).
    pub fn new(bits: u32) -> Self {
        const { assert!(WAYS.is_power_of_two(), "WAYS must be a power of two") };
        let bits = bits.clamp(WAYS.trailing_zeros(), MAX_BITS);
        SharedTranspositionTable {
            slots: (0..1usize << bits)
                .map(|_| [AtomicU64::new(0), AtomicU64::new(0)])
                .collect(),
            bucket_mask: (1 << bits) / WAYS - 1,
            generation: 0,
            payload: PhantomData,
        }
    }

    /// Starts a new search: the entries of earlier ones stay readable but become the first
    /// to be replaced.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// `key`'s bucket.
    #[inline(always)]
    fn bucket(&self, key: u64) -> &[[AtomicU64; 2]] {
        let i = (key as usize & self.bucket_mask) * WAYS;
        &self.slots[i..i + WAYS]
    }

    /// The payload stored for `key`, if the table holds it (the full hash matches, so an
    /// index collision or a torn slot is never taken for the position).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<P> {
        self.bucket(key).iter().find_map(|[check, data]| {
            let data = data.load(Relaxed);
            (data & OCCUPIED != 0 && check.load(Relaxed) ^ data == key)
                .then(|| P::from_bits(data & ((1 << GENERATION_SHIFT) - 1)))
        })
    }

    /// Stores `payload` for `key` by the replacement scheme of [`TranspositionTable`]. Two
    /// threads storing into one bucket at once may both pick the same slot, and one store
    /// is lost: a table may forget, never lie.
    #[inline]
    pub fn store(&self, key: u64, payload: P) {
        let bucket = self.bucket(key);
        let mut words = [(0, 0); WAYS];
        for (word, [check, data]) in words.iter_mut().zip(bucket) {
            *word = (check.load(Relaxed), data.load(Relaxed));
        }
        let occupied = |way: usize| words[way].1 & OCCUPIED != 0;
        let unpack = |way: usize| {
            let data = words[way].1;
            (
                (data >> GENERATION_SHIFT) as u8,
                P::from_bits(data & ((1 << GENERATION_SHIFT) - 1)),
            )
        };
        let way = way_for::<WAYS, P>(
            |way| occupied(way) && words[way].0 ^ words[way].1 == key,
            unpack,
            self.generation,
        );
        let (written, old) = unpack(way);
        if writes(&payload, occupied(way), written, &old, self.generation) {
            let bits = payload.to_bits();
            debug_assert!(
                bits >> GENERATION_SHIFT == 0,
                "a payload of more than 48 bits"
            );
            let data = bits | u64::from(self.generation) << GENERATION_SHIFT | OCCUPIED;
            bucket[way][0].store(key ^ data, Relaxed);
            bucket[way][1].store(data, Relaxed);
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
