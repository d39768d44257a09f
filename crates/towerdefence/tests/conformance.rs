//! Both strategies against the official engine v3.0.2: every transition of every recorded
//! game (round N's commands applied to round N's state give round N+1's state exactly),
//! and `replay_dir` on the same games unpacked to disk.

mod common;

use std::fs;
use std::path::PathBuf;

use bitgames_towerdefence::replay::{replay, replay_dir};
use bitgames_towerdefence::{Error, Simulation, State, StrategyVisitor, for_each_strategy};

use common::{RecordedGame, official_games};

struct EveryTransition<'a>(&'a [RecordedGame]);

impl StrategyVisitor for EveryTransition<'_> {
    fn visit<S: Simulation>(&mut self) {
        let mut transitions = 0;
        for game in self.0 {
            let report = replay::<S>(&game.rounds);
            if let Some(mismatch) = &report.mismatch {
                panic!(
                    "{}: {} differs from the official engine at {mismatch}\nstate of round {}:\n{}",
                    game.name,
                    S::NAME,
                    mismatch.round,
                    game.rounds
                        .iter()
                        .find(|r| r.round == mismatch.round)
                        .map(|r| r.state.to_string())
                        .unwrap_or_default()
                );
            }
            assert_eq!(report.transitions, game.rounds.len() - 1, "{}", game.name);
            transitions += report.transitions;
        }
        // 9 games, 709 rounds: every round but each game's last is a transition.
        assert_eq!(transitions, 700, "{}", S::NAME);
    }
}

#[test]
fn every_strategy_reproduces_every_official_transition() {
    let games = official_games();
    assert_eq!(games.len(), 9);
    for_each_strategy(&mut EveryTransition(&games));
}

#[test]
fn the_official_games_start_from_the_start_state_and_end_with_a_fallen_base() {
    for game in official_games() {
        let first = &game.rounds[0];
        assert_eq!(first.round, 0, "{}", game.name);
        assert_eq!(first.state, State::start(), "{}", game.name);
        let last = &game.rounds.last().expect("rounds").state;
        assert!(
            last.is_over(),
            "{}: the recording ends before the game",
            game.name
        );
    }
}

#[test]
fn every_official_state_survives_a_json_round_trip() {
    for game in official_games() {
        for round in &game.rounds {
            let again = State::from_json(&round.state.to_json())
                .unwrap_or_else(|e| panic!("{} round {}: {e}", game.name, round.round));
            assert_eq!(again, round.state, "{} round {}", game.name, round.round);
        }
    }
}

/// The `state.json` each player is handed (`State::to_json_for`, what `bitgames match`
/// writes for an Entelect bot) reads back as that player's view of every official state, and
/// player B's file is the official A file seen from the other side: checked against the raw
/// official JSON, not against our reader.
#[test]
fn every_official_state_round_trips_through_each_players_state_json() {
    use bitgames_towerdefence::Player;
    use serde_json::Value;

    let mut states = 0;
    for game in official_games() {
        for (round, raw) in game.rounds.iter().zip(&game.state_json) {
            let at = || format!("{} round {}", game.name, round.round);
            let state = &round.state;
            assert_eq!(&state.mirrored().mirrored(), state, "{}", at());
            let a = State::from_json(&state.to_json_for(Player::A))
                .unwrap_or_else(|e| panic!("{}: A's file: {e}", at()));
            assert_eq!(&a, state, "{}", at());
            let b_text = state.to_json_for(Player::B);
            let b = State::from_json(&b_text).unwrap_or_else(|e| panic!("{}: B's file: {e}", at()));
            assert_eq!(b, state.mirrored(), "{}", at());

            // Independently of our reader: B's file is the official file mirrored.
            let official: Value = serde_json::from_str(raw).expect("official JSON");
            let ours: Value = serde_json::from_str(&b_text).expect("our JSON");
            let player = |v: &Value, t: &str| -> Value {
                v["players"]
                    .as_array()
                    .and_then(|ps| ps.iter().find(|p| p["playerType"] == t))
                    .cloned()
                    .unwrap_or_else(|| panic!("{}: no player {t}", at()))
            };
            for (mine, theirs) in [("A", "B"), ("B", "A")] {
                for field in ["energy", "health", "hitsTaken", "score"] {
                    assert_eq!(
                        player(&ours, mine)[field],
                        player(&official, theirs)[field],
                        "{}: {field} of {mine}",
                        at()
                    );
                }
            }
            let flip = |t: &Value| if t == "A" { "B" } else { "A" };
            for y in 0..8 {
                for x in 0..16 {
                    let theirs = &official["gameMap"][y][x];
                    let mine = &ours["gameMap"][y][15 - x];
                    assert_eq!(mine["cellOwner"], flip(&theirs["cellOwner"]), "{}", at());
                    let buildings = |cell: &Value| -> Vec<(Value, Value, Value, Value)> {
                        cell["buildings"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .map(|b| {
                                (
                                    b["buildingType"].clone(),
                                    b["health"].clone(),
                                    b["constructionTimeLeft"].clone(),
                                    b["weaponCooldownTimeLeft"].clone(),
                                )
                            })
                            .collect()
                    };
                    assert_eq!(buildings(mine), buildings(theirs), "{} ({x},{y})", at());
                    for b in mine["buildings"].as_array().into_iter().flatten() {
                        assert_eq!(b["x"], 15 - x, "{}", at());
                        assert_eq!(b["playerType"], flip(&theirs["cellOwner"]), "{}", at());
                    }
                    let shooters = |cell: &Value, map: &dyn Fn(&Value) -> String| {
                        let mut v: Vec<String> = cell["missiles"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .map(|m| map(&m["playerType"]))
                            .collect();
                        v.sort();
                        v
                    };
                    assert_eq!(
                        shooters(mine, &|t| t.as_str().unwrap_or("?").to_owned()),
                        shooters(theirs, &|t| flip(t).to_owned()),
                        "{} ({x},{y})",
                        at()
                    );
                }
            }
            states += 1;
        }
    }
    // Every state.json of the archive was checked.
    let files = common::archive_files();
    let in_archive = files.keys().filter(|p| p.ends_with("state.json")).count();
    assert_eq!(states, in_archive);
    assert!(states > 500, "only {states} official states");
}

/// A scratch directory under the target directory, removed first if it exists.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// Writes the rounds of `game` as `Round NNN` folders, as the engine does.
fn unpack(game: &RecordedGame, dir: &std::path::Path) {
    for (round, json) in game.rounds.iter().zip(&game.state_json) {
        let folder = dir.join(format!("Round {:03}", round.round));
        fs::create_dir_all(&folder).expect("round folder");
        fs::write(folder.join("state.json"), json).expect("state.json");
        if let Some([a, b]) = round.commands {
            fs::write(folder.join("PlayerCommand.txt"), a.to_string()).expect("command");
            fs::write(folder.join("OpponentCommand.txt"), b.to_string()).expect("command");
        }
    }
}

#[test]
fn replay_dir_accepts_an_official_game_and_reports_a_tampered_field() {
    let games = official_games();
    let game = games
        .iter()
        .find(|g| g.name.ends_with("v300_iron_curtain_with_teslas"))
        .expect("the tesla game");
    let dir = scratch("replay-official");
    unpack(game, &dir);
    for strategy in ["naive", "bitwise"] {
        let report = replay_dir(&dir, strategy).expect("a readable game");
        assert!(report.is_exact(), "{strategy}: {:?}", report.mismatch);
        assert_eq!(report.transitions, game.rounds.len() - 1);
        assert_eq!(report.strategy, strategy);
    }

    // Round 30's recorded state says B has one more energy than the engine gave it: the
    // transition from round 29 must be reported, naming the field and both values.
    let path = dir.join("Round 030/state.json");
    let json = fs::read_to_string(&path).expect("state");
    let expected = game.rounds[30]
        .state
        .player(bitgames_towerdefence::Player::B)
        .energy;
    let tampered = json.replacen(
        &format!("\"playerType\":\"B\",\"energy\":{expected},"),
        &format!("\"playerType\":\"B\",\"energy\":{},", expected + 1),
        1,
    );
    assert!(
        tampered != json,
        "B's energy must be in the file as the engine wrote it"
    );
    fs::write(&path, tampered).expect("tampered state");
    for strategy in ["naive", "bitwise"] {
        let report = replay_dir(&dir, strategy).expect("a readable game");
        let mismatch = report.mismatch.expect("a mismatch");
        assert_eq!(mismatch.round, 29);
        assert_eq!(mismatch.difference.field, "player B energy");
        assert_eq!(mismatch.difference.expected, (expected + 1).to_string());
        assert_eq!(mismatch.difference.got, expected.to_string());
        assert_eq!(report.transitions, 30);
    }
}

#[test]
fn replay_dir_names_what_is_wrong_with_a_directory() {
    let dir = scratch("replay-errors");
    assert!(matches!(
        replay_dir(&dir, "bitwise"),
        Err(Error::NoRounds { .. })
    ));
    assert!(matches!(
        replay_dir(&dir, "quantum"),
        Err(Error::UnknownStrategy { .. })
    ));
    let games = official_games();
    unpack(&games[0], &dir);
    fs::write(dir.join("Round 003/PlayerCommand.txt"), "3,9,1").expect("command");
    let err = replay_dir(&dir, "naive").expect_err("a bad command");
    let message = err.to_string();
    assert!(message.contains("Round 003"), "{message}");
    assert!(message.contains("outside the player's half"), "{message}");
    fs::write(dir.join("Round 003/PlayerCommand.txt"), "3,4,1").expect("command");
    fs::remove_dir_all(dir.join("Round 005")).expect("remove a round");
    let message = replay_dir(&dir, "naive").expect_err("a gap").to_string();
    assert!(message.contains("missing"), "{message}");
}
