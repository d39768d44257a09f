//! `bitgames match` against external programs (the scripted fakes of
//! crates/arena/tests/engines/): the records, the summary, the JSON last line, and
//! bad engine specs as one-line errors.

mod common;

use common::{bitgames, fake_engine};

#[test]
fn a_crashing_engine_forfeits_every_game_and_the_json_line_says_so() {
    let dir = common::scratch("match-external-crash");
    let crash = fake_engine("gtp", "fake_gtp.py", "crash", &dir.join("cli-crash.pid"));
    let output = bitgames(&[
        "match",
        "othello",
        "--a",
        "random",
        "--b",
        &crash,
        "--games",
        "3",
        "--time-ms",
        "50",
        "--grace-ms",
        "500",
        "--threads",
        "1",
        "--records",
        "--json",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    let lines: Vec<&str> = out.lines().collect();
    // One GGF record a game, in order, each a win for A's seat by B's forfeit: A is black
    // (RE is black's result) in even games, white in odd ones.
    let records: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("(;GM[Othello]"))
        .collect();
    assert_eq!(records.len(), 3, "{out}");
    assert!(
        records[0].contains("RE[+64:r]") && records[0].contains("C[game 0; forfeit by b"),
        "{}",
        records[0]
    );
    assert!(records[1].contains("RE[-64:r]"), "{}", records[1]);
    let json: serde_json::Value =
        serde_json::from_str(lines.last().expect("a last line")).expect("the last line is JSON");
    assert_eq!(json["games"], 3);
    assert_eq!(json["a_wins"], 3);
    assert_eq!(json["b_wins"], 0);
    assert_eq!(json["draws"], 0);
    assert_eq!(
        json["elo"],
        serde_json::Value::Null,
        "a sweep has no finite estimate"
    );
    // 3-0: the Wilson interval's lower bound is finite (about -43), the upper one not.
    assert!(
        json["elo_ci95"][0].as_f64().is_some_and(|low| low > -100.0),
        "{json}"
    );
    assert_eq!(json["elo_ci95"][1], serde_json::Value::Null, "{json}");
    let forfeits = json["forfeits"].as_array().expect("forfeits");
    assert_eq!(forfeits.len(), 3, "the match went on after each crash");
    for (i, f) in forfeits.iter().enumerate() {
        assert_eq!(f["game"], i);
        assert_eq!(f["player"], "b");
        assert!(
            f["reason"]
                .as_str()
                .is_some_and(|r| r.starts_with("crashed")),
            "{f}"
        );
    }
    // After the 4-ply opening black is to move: A (black in games 0 and 2) moved once in
    // those, B was asked once a game and crashed.
    assert_eq!(json["time_ms"]["a"]["moves"], 2, "{json}");
    assert_eq!(json["time_ms"]["b"]["moves"], 3, "{json}");
    assert!(json["time_ms"]["b"]["mean"].as_f64().is_some(), "{json}");
    // By seat: A won both games as the first player (0 and 2) and the one as the second.
    assert_eq!(json["seat_wins"], serde_json::json!([2, 1]), "{json}");
    assert_eq!(json["a_by_seat"]["first"]["wins"], 2, "{json}");
    assert_eq!(json["a_by_seat"]["second"]["wins"], 1, "{json}");
    assert_eq!(json["gods"], serde_json::Value::Null, "{json}");
    assert_eq!(json.as_object().map(|o| o.len()), Some(11), "{json}");
}

#[test]
fn bad_engine_specs_are_one_line_errors() {
    let refused = |args: &[&str], needle: &str| {
        let mut full = vec!["match", "amazons", "--games", "1"];
        full.extend(args);
        // Refused by clap (its error has a usage hint below) or by the match.
        let output = bitgames(&full);
        assert!(!output.status.success(), "{full:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(needle), "{full:?}: {stderr}");
    };
    refused(
        &["--a", "deep-blue", "--b", "random"],
        "unknown engine \"deep-blue\"",
    );
    refused(
        &["--a", "gtp:", "--b", "random"],
        "gtp: needs a command line",
    );
    refused(
        &["--a", "random", "--b", "gtp:edax -gtp"],
        "cannot play amazons",
    );
    refused(
        &["--a", "random", "--b", "gtp:edax", "--b-strategy", "naive"],
        "--b-strategy is for our engines",
    );
}
