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
