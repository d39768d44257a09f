//! The two transposition tables: the same probe and replacement scheme for the owned and
//! the shared one, and the shared one under threads storing into the same buckets at once
//! (a hit is always what some thread stored for that very key).

use bitgames_search::{Packed, Payload, SharedTranspositionTable, TranspositionTable};

/// A test payload: its worth, and a value that names the key it was stored for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stored {
    worth: u8,
    value: u32,
}

impl Payload for Stored {
    const EMPTY: Self = Stored { worth: 0, value: 0 };

    fn worth(&self) -> u8 {
        self.worth
    }
}

impl Packed for Stored {
    fn to_bits(self) -> u64 {
        u64::from(self.worth) | u64::from(self.value) << 8
    }

    fn from_bits(bits: u64) -> Self {
        Stored {
            worth: bits as u8,
            value: (bits >> 8) as u32,
        }
    }
}

/// The operations both tables share, so one scenario checks both.
trait Table {
    fn new_search(&mut self);
    fn probe(&self, key: u64) -> Option<Stored>;
    fn store(&mut self, key: u64, payload: Stored);
}

/// Implements [`Table`] by the table type's own methods of the same names.
macro_rules! impl_table {
    ($($table:ident),*) => {$(
        impl Table for $table<Stored, 2> {
            fn new_search(&mut self) {
                $table::new_search(self);
            }
            fn probe(&self, key: u64) -> Option<Stored> {
                $table::probe(self, key)
            }
            fn store(&mut self, key: u64, payload: Stored) {
                $table::store(self, key, payload);
            }
        }
    )*};
}

impl_table!(TranspositionTable, SharedTranspositionTable);

fn stored(worth: u8, value: u32) -> Stored {
    Stored { worth, value }
}

/// A table of 8 slots, buckets of 2: keys equal modulo 4 share a bucket.
fn replacement_scheme(table: &mut impl Table) {
    let (a, b, c) = (0x100, 0x200, 0x300);
    assert_eq!(table.probe(a), None, "a fresh table holds nothing");
    assert_eq!(
        table.probe(0),
        None,
        "key 0 is not taken for the zeroed slots"
    );
    table.store(a, stored(5, 1));
    table.store(b, stored(3, 2));
    assert_eq!(table.probe(a), Some(stored(5, 1)));
    assert_eq!(table.probe(b), Some(stored(3, 2)));
    assert_eq!(table.probe(a + 1), None, "another bucket");
    assert_eq!(table.probe(c), None, "the same bucket, another key");
    // A full bucket: the new key replaces the entry worth least.
    table.store(c, stored(4, 3));
    assert_eq!(table.probe(a), Some(stored(5, 1)));
    assert_eq!(table.probe(b), None);
    assert_eq!(table.probe(c), Some(stored(4, 3)));
    // The same key: a deeper entry replaces, a shallower one does not.
    table.store(c, stored(2, 4));
    assert_eq!(table.probe(c), Some(stored(4, 3)));
    table.store(c, stored(6, 5));
    assert_eq!(table.probe(c), Some(stored(6, 5)));
    // In a new search the old entries stay readable, and go before any current one, the
    // least worth first.
    table.new_search();
    assert_eq!(table.probe(a), Some(stored(5, 1)));
    table.store(b, stored(1, 6));
    assert_eq!(table.probe(b), Some(stored(1, 6)));
    assert_eq!(table.probe(a), None, "the stale entry worth least went");
    assert_eq!(table.probe(c), Some(stored(6, 5)));
    table.store(a, stored(0, 7));
    assert_eq!(
        table.probe(a),
        Some(stored(0, 7)),
        "the stale slot went, not the current one"
    );
    assert_eq!(table.probe(b), Some(stored(1, 6)));
    assert_eq!(table.probe(c), None);
    // A stale entry of the same key is overwritten even by a shallower one.
    table.new_search();
    table.store(b, stored(0, 8));
    assert_eq!(table.probe(b), Some(stored(0, 8)));
}

#[test]
fn the_owned_table_follows_the_replacement_scheme() {
    replacement_scheme(&mut TranspositionTable::<Stored, 2>::new(3));
}

#[test]
fn the_shared_table_follows_the_same_scheme() {
    replacement_scheme(&mut SharedTranspositionTable::<Stored, 2>::new(3));
}

/// The value a key's entries carry in the threaded test: any other value is a lie.
fn value_of(key: u64) -> u32 {
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 40) as u32
}

#[test]
fn a_shared_table_under_threads_never_returns_another_keys_entry() {
    // 16 slots and 4096 keys: every store competes with the other threads for a bucket, so
    // torn slots happen all the time, and must read as misses.
    let table = SharedTranspositionTable::<Stored, 2>::new(4);
    let hits = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|scope| {
        for thread in 0..4u64 {
            let (table, hits) = (&table, &hits);
            scope.spawn(move || {
                let mut key = thread;
                for round in 0..200_000u64 {
                    key = key
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    let key = key >> 52 | 1 << 20;
                    // Equal worth: every store lands (the default `replaces`).
                    table.store(key, stored(1, value_of(key)));
                    for probed in [key, key ^ (round & 0xff)] {
                        if let Some(found) = table.probe(probed) {
                            assert_eq!(found, stored(1, value_of(probed)), "{probed:#x}");
                            hits.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                }
            });
        }
    });
    assert!(
        hits.load(std::sync::atomic::Ordering::Relaxed) > 100_000,
        "the probes must hit often enough to mean something: {}",
        hits.load(std::sync::atomic::Ordering::Relaxed)
    );
}
