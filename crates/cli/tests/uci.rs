//! `bitgames uci GAME`: our engines over the UCI-style protocol, answered line by line, and
//! seated through it in a match against the in-process engine (one build against another).

use std::io::Write;
use std::process::{Command, Stdio};

use bitgames::AnyPosition;
use bitgames::GameName;

/// Runs `bitgames uci ARGS` with `input` on stdin; its stdout.
fn session(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .arg("uci")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("input written");
    let output = child
        .wait_with_output()
        .expect("it exits at the end of input");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8")
}

#[test]
fn the_protocol_answers_line_by_line() {
    let out = session(
        &["othello", "--engine", "random", "--seed", "3"],
        "uci\nisready\nucinewgame\nposition startpos moves d3 c5\ngo movetime 20\nquit\ngo\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "id name bitgames random",
            "id author bitgames",
            "uciok",
            "readyok"
        ]
    );
    assert_eq!(lines.len(), 5, "nothing after quit: {out}");
    // The move is legal after d3 c5, checked by the rules (not by the engine's word).
    let mv = lines[4].strip_prefix("bestmove ").expect("a bestmove line");
    let position = AnyPosition::start(GameName::Othello)
        .and_then(|p| p.play_text("d3"))
        .and_then(|p| p.play_text("c5"))
        .expect("d3 c5 are legal");
    assert!(position.play_text(mv).is_ok(), "{mv} is not legal");
}

#[test]
fn positions_from_text_and_bad_input_are_answered_not_fatal() {
    let fen = "0000000000000000000000000/1/apollo:B3,D3/minotaur:C4,C2";
    let out = session(
        &["santorini"],
        &format!(
            "position fen {fen}\ngo movetime 30\n\
             position startpos moves place:A1,A2 place:A1,B2\ngo movetime 10\n\
             position sideways\ngo movetime 10\nfrobnicate\nisready\n"
        ),
    );
    let lines: Vec<&str> = out.lines().collect();
    let mv = lines[0].strip_prefix("bestmove ").expect("a bestmove line");
    let root = AnyPosition::parse(GameName::Santorini, fen).expect("a position");
    assert!(root.play_text(mv).is_ok(), "{mv} is not legal in {fen}");
    // A1 is taken: the rules' reason, no position, no move.
    assert!(
        lines[1].starts_with("info string error: ") && lines[1].contains("A1"),
        "{out}"
    );
    assert_eq!(lines[2], "info string error: no position");
    assert_eq!(lines[3], "bestmove (none)");
    assert!(lines[4].starts_with("info string error: expected `position startpos`"));
    assert_eq!(
        lines[5..],
        [
            "info string error: no position",
            "bestmove (none)",
            "readyok"
        ]
    );
}

#[test]
fn a_build_is_seated_against_another_through_the_protocol() {
    let engine = format!("uci:{} uci amazons", env!("CARGO_BIN_EXE_bitgames"));
    let output = Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args([
            "match",
            "amazons",
            "--a",
            "alphabeta",
            "--b",
            &engine,
            "--games",
            "2",
            "--time-ms",
            "20",
            "--threads",
            "1",
            "--json",
        ])
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    let summary: serde_json::Value =
        serde_json::from_str(out.lines().last().expect("a summary")).expect("JSON");
    assert_eq!(summary["games"], 2, "{out}");
    assert_eq!(summary["forfeits"], serde_json::json!([]), "{out}");
}
