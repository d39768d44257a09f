//! The counts the commands take are bounded, and a value outside is refused up front with an
//! error naming the argument and the range (issue 38, item 7 and 9): `perft othello 4
//! --threads 5000` ran past a minute starting threads, `solve --threads 1000` took 40 times
//! as long as one thread, and `search --nodes 0` was silently ignored.

mod common;

use common::{bitgames, othello_match};

/// The first line of a refused argument's error (clap's: exit status 2, then a hint).
fn refused(args: &[&str]) -> String {
    let output = bitgames(args);
    let stderr = String::from_utf8(output.stderr).expect("UTF-8");
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(output.stdout.is_empty(), "{args:?}");
    let first = stderr.lines().next().unwrap_or_default().to_owned();
    assert!(
        first.starts_with("error: invalid value"),
        "{args:?}: {stderr}"
    );
    first
}

fn json(args: &[&str]) -> serde_json::Value {
    common::json(&bitgames(args))
}

#[test]
fn threads_are_at_most_1024() {
    for args in [
        &["perft", "othello", "4", "--threads", "5000"][..],
        &["perft", "othello", "4", "--threads", "0"],
        &[
            "solve",
            "othello",
            "--threads",
            "1000000",
            "--position",
            "x",
        ],
        &["solve", "othello", "--threads", "0", "--position", "x"],
        &["towerdefence", "bot", "--threads", "5000"],
        &othello_match("random", &["--threads", "5000"]),
        &othello_match("random", &["--threads", "0"]),
    ] {
        let error = refused(args);
        assert!(
            error.contains("--threads") && error.contains("1024"),
            "{error}"
        );
    }
}

#[test]
fn perft_starts_no_more_threads_than_root_moves() {
    // Othello's start has 4 moves: 1,024 threads asked for, 4 started.
    let report = json(&["perft", "othello", "5", "--threads", "1024", "--json"]);
    assert_eq!(report["nodes"], 1_396);
    assert_eq!(report["threads"], 4);
}

#[test]
fn solve_with_many_threads_starts_at_most_the_cores() {
    // Near the end: a few hundred nodes, however many threads were asked for.
    let position = "-XXXXXX--XXXXXXXOOXXXOXXOOXOXXXXOOXXXXXXOOOOXXXXO-OOOOX---OOOO-- X";
    let one = json(&["solve", "othello", "--position", position, "--json"]);
    let many = json(&[
        "solve",
        "othello",
        "--position",
        position,
        "--threads",
        "1000",
        "--json",
    ]);
    assert_eq!(one["score"], many["score"]);
}

#[test]
fn depths_are_bounded() {
    let error = refused(&["perft", "othello", "31"]);
    assert!(error.contains("0..=30"), "{error}");
    refused(&["perft", "amazons", "18446744073709551616"]);
    for depth in ["0", "65", "x"] {
        let error = refused(&["search", "othello", "--depth", depth]);
        assert!(error.contains("--depth"), "{error}");
    }
    assert_eq!(json(&["perft", "othello", "0", "--json"])["nodes"], 1);
    assert_eq!(
        json(&["search", "othello", "--depth", "1", "--json"])["depth"],
        1
    );
}

#[test]
fn a_search_of_no_nodes_is_refused() {
    let error = refused(&["search", "othello", "--nodes", "0"]);
    assert!(
        error.contains("--nodes") && error.contains("at least 1"),
        "{error}"
    );
    let report = json(&["search", "othello", "--nodes", "1", "--json"]);
    // The first iteration always completes (the budget is read every 1,024 nodes).
    assert!(report["depth"].as_u64() >= Some(1), "{report}");
    assert!(report["best_move"].is_string(), "{report}");
}
