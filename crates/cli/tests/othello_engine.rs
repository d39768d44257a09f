//! `bitgames eval` and `bitgames search` on Othello: the static evaluation as JSON, and a
//! time budget that is spent (iterative deepening to it) rather than a fixed depth.

mod common;

use common::{bitgames, json};

/// Rows 1-3 black, row 4 empty, rows 5-8 white: over, white wins 40-24.
fn finished(side: char) -> String {
    format!(
        "{}{}{} {side}",
        "X".repeat(24),
        "-".repeat(8),
        "O".repeat(32)
    )
}

#[test]
fn eval_prints_the_static_score_in_hundredths_of_a_disc_for_the_side_to_move() {
    let black = json(&bitgames(&[
        "eval",
        "othello",
        "--position",
        &finished('X'),
        "--json",
    ]));
    assert_eq!(black["score"], -1600);
    assert_eq!(black["game"], "othello");
    let white = json(&bitgames(&[
        "eval",
        "othello",
        "--position",
        &finished('O'),
        "--json",
    ]));
    assert_eq!(white["score"], 1600);
    // Without --position, the start, printed as the notation reads it back.
    let start = json(&bitgames(&["eval", "othello", "--json"]));
    assert_eq!(
        start["position"],
        "---------------------------OX------XO--------------------------- X"
    );
    assert!(start["score"].as_i64().unwrap().abs() < 6400, "{start}");
}

#[test]
fn eval_refuses_a_bad_position_in_one_line() {
    let out = bitgames(&["eval", "othello", "--position", "XO X"]);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// `--time-ms` means "think this long": with no --depth the search deepens until the
/// budget is spent (it stopped at depth 6 after about a millisecond before).
#[test]
fn search_with_a_time_budget_deepens_past_the_default_depth() {
    let report = json(&bitgames(&[
        "search",
        "othello",
        "--time-ms",
        "400",
        "--json",
    ]));
    assert!(report["depth"].as_u64().unwrap() > 6, "{report}");
    let fixed = json(&bitgames(&["search", "othello", "--json"]));
    assert_eq!(fixed["depth"], 6);
    let both = json(&bitgames(&[
        "search",
        "othello",
        "--depth",
        "3",
        "--time-ms",
        "400",
        "--json",
    ]));
    assert_eq!(both["depth"], 3);
}
