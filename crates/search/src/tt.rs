//! A fixed-size transposition table.

/// What a stored score means relative to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true value is at least the score (a fail-high).
    Lower,
    /// The true value is at most the score (a fail-low).
    Upper,
}

#[derive(Debug, Clone, Copy)]
pub struct Entry<M> {
    /// The full 64-bit hash, checked on every probe so an index collision is never taken for
    /// the position.
    pub key: u64,
    pub depth: u8,
    pub bound: Bound,
    pub score: i32,
    pub best: Option<M>,
    /// The search (iterative-deepening call) that wrote the entry.
    pub generation: u8,
}

/// A power-of-two array of entries indexed by the low bits of the Zobrist hash.
///
/// Replacement: a new entry replaces the old one if the old one is from an earlier search,
/// or if the new one was searched at least as deep — deeper results are worth more, and stale
/// ones nothing.
#[derive(Debug, Clone)]
pub struct TranspositionTable<M> {
    entries: Vec<Option<Entry<M>>>,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Self {
        TranspositionTable {
            entries: vec![None; 1 << bits],
            generation: 0,
        }
    }

    /// Starts a new search: older entries become replaceable.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (key as usize) & (self.entries.len() - 1)
    }

    /// The entry for `key`, if the table holds it (the full hash matches).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[self.index(key)].filter(|e| e.key == key)
    }

    #[inline]
    pub fn store(&mut self, key: u64, depth: u8, bound: Bound, score: i32, best: Option<M>) {
        let generation = self.generation;
        let slot = self.index(key);
        let replace = match &self.entries[slot] {
            None => true,
            Some(old) => old.generation != generation || depth >= old.depth,
        };
        if replace {
            self.entries[slot] = Some(Entry {
                key,
                depth,
                bound,
                score,
                best,
                generation,
            });
        }
    }
}
