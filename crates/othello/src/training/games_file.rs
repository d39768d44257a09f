//! Self-play games as bytes: how games played elsewhere (Ray tasks of
//! `python -m bitgames.distributed train-games`, each playing a range of game indices) reach
//! the trainer (`train_eval --games-file`).
//!
//! A file is one or more chunks, each written by [`encode`] for some of the games, in any
//! order; [`decode`] reads them all back, checks that they were played with the same
//! [`Settings`] and that every game index from 0 up is there exactly once, and returns the
//! games in index order. Little-endian throughout:
//!
//! ```text
//! chunk:  "BGTG"  u32 version (1)  u64 seed  u32 play depth  u64 random-move probability
//!         (f64 bits)  u32 games  then per game: u32 index  u16 positions  then per position
//!         u64 player's discs  u64 opponent's discs
//! ```
//!
//! A file is read whole and every count is checked against the bytes left before anything
//! is allocated, so a corrupt or hostile file is a [`GamesFileError`], never a panic or an
//! allocation larger than the file.

use thiserror::Error;

use super::{Config, Discs};

/// The four bytes every chunk starts with.
const MAGIC: &[u8; 4] = b"BGTG";
/// The version this code writes and reads.
const VERSION: u32 = 1;
/// A game has at most 120 positions that are not over: one before each of at most 60 moves
/// and one before each pass (a pass is never followed by another in a game that goes on).
const MAX_POSITIONS: usize = 120;
/// The bytes of a chunk's header and of a game's.
const CHUNK_HEADER: usize = 4 + 4 + 8 + 4 + 8 + 4;
const GAME_HEADER: usize = 4 + 2;

/// What the games were played with: the self-play part of a [`Config`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Settings {
    /// [`Config::seed`].
    pub seed: u64,
    /// [`Config::play_depth`].
    pub play_depth: u32,
    /// [`Config::random_moves`].
    pub random_moves: f64,
}

impl Settings {
    /// The self-play settings of `config`.
    pub fn of(config: &Config) -> Settings {
        Settings {
            seed: config.seed,
            play_depth: config.play_depth,
            random_moves: config.random_moves,
        }
    }
}

/// Why bytes are not a games file.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum GamesFileError {
    /// No chunk at all.
    #[error("the games file is empty")]
    Empty,
    /// A chunk does not start with `BGTG`.
    #[error("byte {offset}: not a games chunk (it must start with \"BGTG\")")]
    BadMagic {
        /// Where the chunk starts.
        offset: usize,
    },
    /// A chunk of a version this code does not read.
    #[error("byte {offset}: games chunk version {version}, this build reads version {VERSION}")]
    Version {
        /// Where the chunk starts.
        offset: usize,
        /// The version written.
        version: u32,
    },
    /// The bytes end inside a chunk.
    #[error("byte {offset}: the file ends inside a chunk (cut short?)")]
    Truncated {
        /// Where the missing part starts.
        offset: usize,
    },
    /// Two chunks played with different settings.
    #[error("byte {offset}: the chunk was played with {found:?}, the first with {first:?}")]
    MixedSettings {
        /// Where the chunk starts.
        offset: usize,
        /// The first chunk's settings.
        first: Settings,
        /// This chunk's.
        found: Settings,
    },
    /// A game with more positions than a game can have.
    #[error("game {index}: {positions} positions (a game has at most {MAX_POSITIONS})")]
    TooManyPositions {
        /// The game's index.
        index: u32,
        /// The positions it claims.
        positions: usize,
    },
    /// A position whose two sides share a square.
    #[error("game {index}: a position whose two sides share squares")]
    Overlapping {
        /// The game's index.
        index: u32,
    },
    /// A game index written twice.
    #[error("game {index} is in the file twice")]
    Duplicate {
        /// The index.
        index: u32,
    },
    /// A game index missing below the highest one.
    #[error("game {index} is missing ({games} games in the file, indices from 0)")]
    Missing {
        /// The first missing index.
        index: usize,
        /// The games the file holds.
        games: usize,
    },
}

/// One chunk holding `games`, each its index and its positions in order.
///
/// # Panics
/// If a game has more than 120 positions (no game of Othello has).
pub fn encode(settings: Settings, games: &[(u32, Vec<Discs>)]) -> Vec<u8> {
    let positions: usize = games.iter().map(|(_, g)| g.len()).sum();
    let mut bytes = Vec::with_capacity(CHUNK_HEADER + games.len() * GAME_HEADER + positions * 16);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&VERSION.to_le_bytes());
    bytes.extend_from_slice(&settings.seed.to_le_bytes());
    bytes.extend_from_slice(&settings.play_depth.to_le_bytes());
    bytes.extend_from_slice(&settings.random_moves.to_bits().to_le_bytes());
    let count = u32::try_from(games.len()).expect("fewer than 2^32 games in a chunk");
    bytes.extend_from_slice(&count.to_le_bytes());
    for (index, game) in games {
        assert!(
            game.len() <= MAX_POSITIONS,
            "game {index}: {} positions",
            game.len()
        );
        bytes.extend_from_slice(&index.to_le_bytes());
        bytes.extend_from_slice(&(game.len() as u16).to_le_bytes());
        for &(player, opponent) in game {
            bytes.extend_from_slice(&player.to_le_bytes());
            bytes.extend_from_slice(&opponent.to_le_bytes());
        }
    }
    bytes
}

/// Every game of every chunk of `bytes`, in index order, and the settings they were played
/// with.
pub fn decode(bytes: &[u8]) -> Result<(Settings, Vec<Vec<Discs>>), GamesFileError> {
    let mut reader = Reader { bytes, offset: 0 };
    let mut settings: Option<Settings> = None;
    let mut games: Vec<Option<Vec<Discs>>> = Vec::new();
    while reader.offset < bytes.len() {
        let start = reader.offset;
        if reader.take(4)? != MAGIC {
            return Err(GamesFileError::BadMagic { offset: start });
        }
        let version = reader.u32()?;
        if version != VERSION {
            return Err(GamesFileError::Version {
                offset: start,
                version,
            });
        }
        let found = Settings {
            seed: reader.u64()?,
            play_depth: reader.u32()?,
            random_moves: f64::from_bits(reader.u64()?),
        };
        match settings {
            None => settings = Some(found),
            Some(first) if first.to_bits() != found.to_bits() => {
                return Err(GamesFileError::MixedSettings {
                    offset: start,
                    first,
                    found,
                });
            }
            Some(_) => {}
        }
        let count = reader.u32()? as usize;
        for _ in 0..count {
            let index = reader.u32()?;
            let positions = usize::from(reader.u16()?);
            if positions > MAX_POSITIONS {
                return Err(GamesFileError::TooManyPositions { index, positions });
            }
            let mut game = Vec::with_capacity(positions);
            for _ in 0..positions {
                let discs = (reader.u64()?, reader.u64()?);
                if discs.0 & discs.1 != 0 {
                    return Err(GamesFileError::Overlapping { index });
                }
                game.push(discs);
            }
            // Every game takes at least GAME_HEADER bytes, so an index beyond what the file
            // could hold is missing games below it: grow only as far as the bytes allow.
            let slot = index as usize;
            if slot >= games.len() {
                if slot > bytes.len() / GAME_HEADER {
                    return Err(GamesFileError::Missing {
                        index: games.len(),
                        games: games.iter().flatten().count() + 1,
                    });
                }
                games.resize(slot + 1, None);
            }
            if games[slot].replace(game).is_some() {
                return Err(GamesFileError::Duplicate { index });
            }
        }
    }
    let settings = settings.ok_or(GamesFileError::Empty)?;
    let held = games.iter().flatten().count();
    games
        .into_iter()
        .enumerate()
        .map(|(index, game)| game.ok_or(GamesFileError::Missing { index, games: held }))
        .collect::<Result<_, _>>()
        .map(|games| (settings, games))
}

impl Settings {
    /// Bitwise equality (the probability compared as bits, so NaN equals itself).
    fn to_bits(self) -> (u64, u32, u64) {
        (self.seed, self.play_depth, self.random_moves.to_bits())
    }
}

/// A cursor over the file's bytes that fails with [`GamesFileError::Truncated`].
struct Reader<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], GamesFileError> {
        let end = self
            .offset
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or(GamesFileError::Truncated {
                offset: self.bytes.len(),
            })?;
        let taken = &self.bytes[self.offset..end];
        self.offset = end;
        Ok(taken)
    }

    fn u16(&mut self) -> Result<u16, GamesFileError> {
        Ok(u16::from_le_bytes(
            self.take(2)?.try_into().expect("2 bytes"),
        ))
    }

    fn u32(&mut self) -> Result<u32, GamesFileError> {
        Ok(u32::from_le_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }

    fn u64(&mut self) -> Result<u64, GamesFileError> {
        Ok(u64::from_le_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::training::Model;
    use crate::training::selfplay;

    fn settings() -> Settings {
        Settings::of(&Config::smoke())
    }

    #[test]
    fn chunks_of_games_played_apart_read_back_as_one_run_in_index_order() {
        let config = Config {
            games: 7,
            ..Config::smoke()
        };
        let games = selfplay::play_range(&config, Model::Hand, 0..7);
        // Written as three chunks out of order, as Ray tasks may finish.
        let chunk = |range: std::ops::Range<usize>| {
            let part: Vec<(u32, Vec<Discs>)> =
                range.map(|i| (i as u32, games[i].clone())).collect();
            encode(Settings::of(&config), &part)
        };
        let mut file = chunk(5..7);
        file.extend(chunk(0..2));
        file.extend(chunk(2..5));
        let (read_settings, read) = decode(&file).unwrap();
        assert_eq!(read_settings, Settings::of(&config));
        assert_eq!(read, games);
        // What the trainer makes of them is what its own self-play gives.
        assert_eq!(
            selfplay::distinct(read),
            selfplay::play(&config, Model::Hand)
        );
    }

    #[test]
    fn corrupt_files_are_typed_errors() {
        let game = vec![(0x0000_0008_1000_0000, 0x0000_0010_0800_0000)];
        let good = encode(settings(), &[(0, game.clone()), (1, game.clone())]);
        assert_eq!(decode(&[]), Err(GamesFileError::Empty));
        assert_eq!(decode(b"GZIP"), Err(GamesFileError::BadMagic { offset: 0 }));
        for cut in 1..good.len() {
            assert!(
                matches!(decode(&good[..cut]), Err(GamesFileError::Truncated { .. })),
                "cut at {cut}"
            );
        }
        let mut version = good.clone();
        version[4] = 2;
        assert_eq!(
            decode(&version),
            Err(GamesFileError::Version {
                offset: 0,
                version: 2
            })
        );
        let mut twice = good.clone();
        twice.extend(encode(settings(), &[(1, game.clone())]));
        assert_eq!(decode(&twice), Err(GamesFileError::Duplicate { index: 1 }));
        let gap = encode(settings(), &[(0, game.clone()), (2, game.clone())]);
        assert_eq!(
            decode(&gap),
            Err(GamesFileError::Missing { index: 1, games: 2 })
        );
        // An index far beyond what the bytes could hold is refused before anything the
        // size of the index is allocated.
        let far = encode(settings(), &[(u32::MAX, game.clone())]);
        assert!(matches!(
            decode(&far),
            Err(GamesFileError::Missing { index: 0, .. })
        ));
        let mut mixed = good.clone();
        mixed.extend(encode(
            Settings {
                seed: 99,
                ..settings()
            },
            &[(2, game.clone())],
        ));
        assert!(matches!(
            decode(&mixed),
            Err(GamesFileError::MixedSettings { .. })
        ));
        let overlapping = encode(settings(), &[(0, vec![(1, 3)])]);
        assert_eq!(
            decode(&overlapping),
            Err(GamesFileError::Overlapping { index: 0 })
        );
        let mut long = encode(settings(), &[(0, game)]);
        // The game's position count (after the chunk header and the index): 121.
        long[CHUNK_HEADER + 4..CHUNK_HEADER + 6].copy_from_slice(&121u16.to_le_bytes());
        assert_eq!(
            decode(&long),
            Err(GamesFileError::TooManyPositions {
                index: 0,
                positions: 121
            })
        );
    }
}
