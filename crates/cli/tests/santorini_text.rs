//! Santorini text under hostile use (issue 38): a move of any length is refused without
//! exhausting the stack, god names are exact, and `--gods` is the same as writing the gods
//! into the position.

mod common;

use std::process::Output;

use common::{bitgames, stdout};

/// A failure with one short `error:` line (no crash, no echo of a huge input).
fn one_line_error(output: &Output) -> String {
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let stderr = common::one_line_error(output);
    assert!(stderr.len() < 1000, "{} bytes: {stderr:.300}", stderr.len());
    stderr
}

const PROMETHEUS: &str = "0000000000000000000000000/1/prometheus:B3,D3/mortal:C4,C2";

/// The reproducer: 30,000 leading `^A1 ` overflowed the parser's stack.
#[test]
fn a_long_build_first_move_is_a_one_line_error_not_a_crash() {
    let hostile = format!("{}B3>B4^B3", "^A1 ".repeat(30_000));
    let err = one_line_error(&bitgames(&[
        "apply",
        "santorini",
        "--position",
        PROMETHEUS,
        &hostile,
    ]));
    assert!(err.contains("120008 bytes long"), "{err}");
    assert!(err.contains("no move is longer than 64 bytes"), "{err}");
    // Two prefixes are one too many, however short.
    let err = one_line_error(&bitgames(&[
        "apply",
        "santorini",
        "--position",
        PROMETHEUS,
        "^A1 ^A2 B3>B4^B3",
    ]));
    assert!(
        err.contains("only one build comes before the move"),
        "{err}"
    );
    // One is Prometheus's turn.
    let out = stdout(&bitgames(&[
        "apply",
        "santorini",
        "--position",
        PROMETHEUS,
        "^A2 B3>B4^B3",
    ]));
    assert_eq!(
        out.trim(),
        "0000000000010001000000000/2/prometheus:B4,D3/mortal:C4,C2"
    );
}

#[test]
fn markers_inside_a_god_name_are_refused() {
    for (position, needle) in [
        (
            "0000000000000000000000000/1/ath#ena:B3,D3/mortal:C4,C2",
            "player 1: \"ath#ena\" is not a god's name",
        ),
        (
            "0000000000000000000000000/1/athena:B3,D3/mor-tal:C4,C2",
            "player 2: \"mor-tal\" is not a god's name",
        ),
    ] {
        let err = one_line_error(&bitgames(&["moves", "santorini", "--position", position]));
        assert!(err.contains(needle), "{err}");
    }
}

/// `--gods` kept no `athena[^]` and kept a win decided under the position's own gods.
#[test]
fn gods_are_written_into_the_position_markers_and_all() {
    // Athena (player 2) moved up: player 1 may not climb onto C3 (level 1).
    let held = "0000000000001000000000000/1/mortal:B3,D3/athena[^]:C4,C2";
    let apply = |gods: &str, mv: &str| {
        bitgames(&["apply", "santorini", "--position", held, "--gods", gods, mv])
    };
    let err = one_line_error(&apply("apollo,athena", "B3>C3^B2"));
    assert!(err.contains("B3>C3^B2"), "{err}");
    let moves = stdout(&bitgames(&[
        "moves",
        "santorini",
        "--position",
        held,
        "--gods",
        "apollo,athena",
    ]));
    assert!(!moves.lines().any(|m| m.starts_with("B3>C3")), "{moves}");
    assert!(moves.lines().any(|m| m.starts_with("B3>B2")), "{moves}");
    // Written as `mortal[^]`, the flag does not fit a mortal: refused, as in the text.
    let err = one_line_error(&apply("mortal,mortal", "B3>C3^B2"));
    assert!(err.contains("is not a state of mortal"), "{err}");

    // Player 2 stands on level 3 (C4) after its move: won between mortals, but with
    // Apollo in the game that worker may have been swapped up, so the game goes on.
    let on_three = "0000000300000000000000000/1/mortal:B3,D3/mortal:C4,C2";
    let err = one_line_error(&bitgames(&[
        "apply",
        "santorini",
        "--position",
        on_three,
        "B3>B2^B1",
    ]));
    assert!(err.contains("the game is over"), "{err}");
    let out = stdout(&bitgames(&[
        "apply",
        "santorini",
        "--position",
        on_three,
        "--gods",
        "apollo,mortal",
        "B3>B2^B1",
    ]));
    assert_eq!(
        out.trim(),
        "0000000300000000000001000/2/apollo:D3,B2/mortal:C4,C2"
    );
}
