//! The official engine's games, unpacked in memory from the checked-in archive.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use bitgames_towerdefence::replay::{RecordedRound, round_folder_number};
use bitgames_towerdefence::{Command, State};

/// The archive of games played by the official engine v3.0.2 (see tests/data/README.md).
pub fn archive_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/official-engine-games.tar.gz")
}

/// Every file of the archive: path -> contents.
pub fn archive_files() -> BTreeMap<PathBuf, String> {
    let file = std::fs::File::open(archive_path()).expect("the checked-in archive");
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut files = BTreeMap::new();
    for entry in archive.entries().expect("a tar archive") {
        let mut entry = entry.expect("a tar entry");
        if !entry.header().entry_type().is_file() {
            continue;
        }
        let path = entry.path().expect("a path").into_owned();
        let mut text = String::new();
        entry.read_to_string(&mut text).expect("UTF-8 text");
        files.insert(path, text);
    }
    files
}

/// One recorded game: its folder in the archive and its rounds in order.
pub struct RecordedGame {
    pub name: String,
    pub rounds: Vec<RecordedRound>,
    /// The raw `state.json` of each round, in order.
    pub state_json: Vec<String>,
}

/// Every game of the archive, parsed, in name order.
pub fn official_games() -> Vec<RecordedGame> {
    let files = archive_files();
    // game folder -> round -> (state.json, PlayerCommand, OpponentCommand)
    type Round = (Option<String>, Option<String>, Option<String>);
    let mut games: BTreeMap<PathBuf, BTreeMap<u32, Round>> = BTreeMap::new();
    for (path, text) in files {
        let Some(folder) = path.parent() else {
            continue;
        };
        let Some(round) = folder
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(round_folder_number)
        else {
            continue;
        };
        let game = folder.parent().expect("a game folder").to_owned();
        let entry = games.entry(game).or_default().entry(round).or_default();
        match path.file_name().and_then(|n| n.to_str()) {
            Some("state.json") => entry.0 = Some(text),
            Some("PlayerCommand.txt") => entry.1 = Some(text),
            Some("OpponentCommand.txt") => entry.2 = Some(text),
            _ => {}
        }
    }
    games
        .into_iter()
        .map(|(folder, rounds)| {
            let last = *rounds.keys().last().expect("rounds");
            let mut parsed = Vec::new();
            let mut state_json = Vec::new();
            for (n, (state, a, b)) in rounds {
                let state = state.unwrap_or_else(|| panic!("{folder:?} round {n}: no state.json"));
                let commands = match (a, b) {
                    (Some(a), Some(b)) => Some([
                        a.parse::<Command>().expect("A's command"),
                        b.parse::<Command>().expect("B's command"),
                    ]),
                    _ => {
                        assert_eq!(n, last, "{folder:?} round {n}: commands missing");
                        None
                    }
                };
                parsed.push(RecordedRound {
                    round: n,
                    state: State::from_json(&state)
                        .unwrap_or_else(|e| panic!("{folder:?} round {n}: {e}")),
                    commands,
                });
                state_json.push(state);
            }
            RecordedGame {
                name: folder.to_string_lossy().into_owned(),
                rounds: parsed,
                state_json,
            }
        })
        .collect()
}
