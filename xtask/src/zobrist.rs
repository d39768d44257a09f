//! Zobrist keys for every game, from SplitMix64 with one fixed seed per game.
//!
//! The keys are stable API: changing a seed, the generator or the fill order changes every
//! stored hash (opening books, test vectors), so treat them as frozen.

use std::collections::HashSet;

use anyhow::{Result, ensure};

use crate::codegen::{SourceFile, array};
use crate::geometry::{AMAZONS, Geometry, OTHELLO, SANTORINI};
use crate::splitmix::SplitMix64;

/// One game's keys: per-square key groups and a side-to-move key.
struct GameKeys {
    geometry: Geometry,
    /// The game's seed: its name in ASCII, big-endian, so it is easy to check by eye.
    seed: u64,
    /// Name and meaning of each per-square table, drawn in this order.
    tables: &'static [(&'static str, &'static str, usize)],
}

const GAMES: [GameKeys; 3] = [
    GameKeys {
        geometry: SANTORINI,
        seed: u64::from_be_bytes(*b"SANTORIN"),
        tables: &[
            ("HEIGHT", "height 0..=4 (4 is a dome)", 5),
            (
                "WORKER",
                "a worker of player 1 (index 0) or player 2 (index 1)",
                2,
            ),
        ],
    },
    GameKeys {
        geometry: OTHELLO,
        seed: u64::from_be_bytes(*b"OTHELLO\0"),
        tables: &[("DISC", "a black (index 0) or white (index 1) disc", 2)],
    },
    GameKeys {
        geometry: AMAZONS,
        seed: u64::from_be_bytes(*b"AMAZONS\0"),
        tables: &[(
            "PIECE",
            "a white queen (index 0), a black queen (index 1) or an arrow (index 2)",
            3,
        )],
    },
];

pub fn generate() -> Result<String> {
    let seeds = GAMES
        .iter()
        .map(|game| format!("{}: {:#018x}", game.geometry.name, game.seed))
        .collect::<Vec<_>>()
        .join(", ");
    let mut file = SourceFile::new(&format!(
        "Zobrist keys.\n\n\
         Algorithm: SplitMix64 (Steele, Lea and Flood 2014), one stream per game, seeded with\n\
         the game's name in ASCII (NUL-padded to 8 bytes) read as a big-endian u64:\n\
         {seeds}.\n\
         Fill order: each per-square table in the order of this file, squares in bit-index\n\
         order, the inner index fastest; padding bits are skipped (their entries are 0 and\n\
         draw nothing); the side-to-move key is drawn last.\n\n\
         The keys are stable API: hashes stored anywhere depend on them."
    ));
    let mut seen = HashSet::new();
    for game in &GAMES {
        let geometry = &game.geometry;
        let mut rng = SplitMix64::new(game.seed);
        for &(table, meaning, inner) in game.tables {
            let mut entries = Vec::with_capacity(geometry.indices);
            for i in 0..geometry.indices {
                let keys: Vec<u64> = if geometry.square(i).is_some() {
                    (0..inner).map(|_| rng.next_u64()).collect()
                } else {
                    vec![0; inner]
                };
                for &key in keys.iter().filter(|&&key| key != 0) {
                    ensure!(seen.insert(key), "duplicate Zobrist key {key:#x}");
                }
                entries.push(array(keys.iter().map(|key| format!("0x{key:016x}"))));
            }
            file.static_item(
                &format!(
                    "{}.\n\n\
                     Entry `[i][k]` is the key of bit index `i` holding {meaning}; entries for\n\
                     padding bits are 0.",
                    geometry.description
                ),
                &format!("{}_{table}", geometry.name),
                &format!("[[u64; {inner}]; {}]", geometry.indices),
                &array(entries),
            );
        }
        let side = rng.next_u64();
        ensure!(seen.insert(side), "duplicate Zobrist key {side:#x}");
        file.constant(
            &format!(
                "{}.\n\nXORed into the hash when the second player is to move.",
                geometry.description
            ),
            &format!("{}_SIDE_TO_MOVE", geometry.name),
            "u64",
            &format!("0x{side:016x}"),
        );
    }
    file.finish()
}
