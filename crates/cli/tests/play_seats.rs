//! `bitgames play` seats (issue 39, item 9): `--first`/`--second` in every game, and the
//! colours meaning colours: in Othello Black moves first, in the Amazons White does. Each
//! game here has a person in one seat and no input, so it stops (an error) at the person's
//! first turn: what was printed before says who moved first.

mod common;

use common::{bitgames, one_line_error};

/// Stdout of a `play` that stopped at the person's turn, and whether an engine moved
/// before the person was asked.
fn engine_moved_first(args: &[&str]) -> bool {
    let mut full = vec!["play"];
    full.extend(args);
    full.extend(["--time-ms", "5"]);
    let output = bitgames(&full);
    let err = one_line_error(&output);
    assert!(err.contains("input ended"), "{args:?}: {err}");
    let out = String::from_utf8(output.stdout).expect("UTF-8");
    let asked = out.find("your move:").expect("the person is asked");
    out[..asked].contains(" plays ")
}

#[test]
fn othello_white_is_the_second_player() {
    // The reproducer: `--white human` made the person Black, the first to move.
    assert!(engine_moved_first(&[
        "othello", "--white", "human", "--black", "random"
    ]));
    assert!(!engine_moved_first(&[
        "othello", "--black", "human", "--white", "random"
    ]));
    assert!(engine_moved_first(&["othello", "--white", "human"]));
}

#[test]
fn first_and_second_name_the_seats_in_every_game() {
    for game in ["othello", "amazons", "santorini"] {
        assert!(
            engine_moved_first(&[game, "--first", "random", "--second", "human"]),
            "{game}"
        );
        assert!(
            !engine_moved_first(&[game, "--first", "human", "--second", "random"]),
            "{game}"
        );
    }
    // White moves first in the Amazons.
    assert!(!engine_moved_first(&[
        "amazons", "--white", "human", "--black", "random"
    ]));
}

#[test]
fn a_seat_named_twice_is_refused() {
    let err = one_line_error(&bitgames(&[
        "play", "othello", "--first", "human", "--black", "random",
    ]));
    assert!(err.contains("--first and --black"), "{err}");
    let err = one_line_error(&bitgames(&[
        "play", "amazons", "--second", "human", "--black", "random",
    ]));
    assert!(err.contains("--second and --black"), "{err}");
}
