//! The `bitgames` binary end to end: output shapes, exit codes, one-line errors.

mod common;

use std::process::Command;

use common::{bitgames, fails_saying, succeeds};

const ROOT: &str = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";

#[test]
fn compare_json_has_every_strategy_and_form() {
    let out = succeeds(&[
        "compare",
        "santorini",
        "--instances",
        "300",
        "--seed",
        "4",
        "--json",
    ]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["game"], "santorini");
    assert_eq!(report["instances"], 300);
    assert_eq!(report["seed"], 4);
    let results = report["results"].as_array().unwrap();
    let names: Vec<(&str, &str)> = results
        .iter()
        .map(|r| {
            (
                r["operation"].as_str().unwrap(),
                r["strategy"].as_str().unwrap(),
            )
        })
        .collect();
    for operation in ["move_to", "distances"] {
        for strategy in [
            "naive",
            "naive-with-conversions",
            "shift",
            "shift-core",
            "table",
            "table-core",
        ] {
            assert!(
                names.contains(&(operation, strategy)),
                "{operation} {strategy}: {names:?}"
            );
        }
    }
    for r in results {
        assert!(r["ns_per_call"].as_f64().unwrap() > 0.0);
        assert!(r["speedup_vs_naive"].as_f64().unwrap() > 0.0);
    }
}

#[test]
fn compare_table_names_the_target() {
    let out = succeeds(&["compare", "--instances", "100"]);
    assert!(out.starts_with("santorini: 100 instances, seed 1, all strategies agree; target "));
    assert!(out.contains("table-core"));
}

#[test]
fn perft_json_and_divide() {
    let out = succeeds(&["perft", "santorini", "3", "--position", ROOT, "--json"]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["nodes"], 350_208);
    assert_eq!(report["depth"], 3);
    for key in ["game", "seconds", "nodes_per_second"] {
        assert!(report.get(key).is_some(), "{key}");
    }

    let out = succeeds(&[
        "perft",
        "santorini",
        "2",
        "--position",
        ROOT,
        "--divide",
        "--strategy",
        "shift",
    ]);
    let counts: Vec<u64> = out
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_once(' ').unwrap().1.parse().unwrap())
        .collect();
    assert_eq!(counts.len(), 68);
    assert_eq!(counts.iter().sum::<u64>(), 5_156);
    assert!(out.contains("nodes     5156"));
}

#[test]
fn moves_are_sorted_and_apply_prints_a_pasteable_position() {
    let out = succeeds(&["moves", "santorini", "--position", ROOT]);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 68);
    assert!(moves.is_sorted());

    let next = succeeds(&[
        "apply",
        "santorini",
        "--position",
        ROOT,
        "b3>b4^b3",
        "C4>C5^D5",
    ]);
    assert_eq!(
        next.trim(),
        "0001000000010000000000000/1/mortal:B4,D3/mortal:C5,C2"
    );
    let again = succeeds(&["moves", "santorini", "--position", next.trim()]);
    assert!(!again.is_empty());
}

#[test]
fn bad_input_is_a_one_line_error() {
    fails_saying(
        &["apply", "santorini", "--position", ROOT, "B3>B5^B4"],
        &["move 1 (B3>B5^B4)", "B5 is not next to B3"],
    );
    fails_saying(
        &["perft", "santorini", "2", "--position", "0/1/x/y"],
        &["heights"],
    );
    fails_saying(
        &["perft", "santorini", "2", "--strategy", "fast"],
        &["naive, shift, table"],
    );
    fails_saying(
        &["compare", "santorini", "--instances", "0"],
        &["--instances"],
    );
}

const OTHELLO_START: &str = "---------------------------OX------XO--------------------------- X";

#[test]
fn othello_perft_moves_apply_and_compare() {
    let out = succeeds(&["perft", "othello", "6", "--json"]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["nodes"], 8_200);
    assert_eq!(report["game"], "othello");

    let out = succeeds(&["perft", "othello", "3", "--divide", "--strategy", "naive"]);
    assert!(out.starts_with("c4 14\nd3 14\ne6 14\nf5 14\n"), "{out}");

    let out = succeeds(&["moves", "othello", "--position", OTHELLO_START]);
    assert_eq!(out, "c4\nd3\ne6\nf5\n");

    let out = succeeds(&["apply", "othello", "d3", "C3"]);
    assert_eq!(
        out.trim(),
        "------------------OX-------OX------XO--------------------------- X"
    );

    fails_saying(
        &["apply", "othello", "d3", "d3"],
        &["move 2 (d3)", "d3 is occupied"],
    );
    fails_saying(
        &["moves", "othello", "--position", "XO X"],
        &["expected 64 squares, found 2"],
    );

    let out = succeeds(&["compare", "othello", "--instances", "200", "--json"]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let strategies: Vec<&str> = report["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["strategy"].as_str().unwrap())
        .collect();
    for name in ["naive", "shift", "kogge-stone", "table", "hybrid"] {
        assert!(strategies.contains(&name), "{name}: {strategies:?}");
    }
}

#[test]
fn amazons_perft_moves_apply_and_compare() {
    let out = succeeds(&["perft", "amazons", "1", "--json"]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["nodes"], 2_176);

    let out = succeeds(&["moves", "amazons"]);
    assert_eq!(out.lines().count(), 2_176);

    let out = succeeds(&["apply", "amazons", "d1-d7/d2", "a7-b8/b9"]);
    assert_eq!(out.trim(), "3q2q3/1*8/1q8/3Q5q/10/10/Q8Q/10/3*6/6Q3 w");

    fails_saying(
        &["apply", "amazons", "d1-d7/d2", "d7-d6/d5"],
        &["move 2 (d7-d6/d5)", "no black queen on d7"],
    );

    let out = succeeds(&["compare", "amazons", "--instances", "100", "--json"]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let rows = report["results"].as_array().unwrap();
    assert_eq!(rows.len(), 15, "3 operations x 5 strategies");
}

#[test]
fn towerdefence_bot_play_compare_and_bad_input() {
    let dir = std::env::temp_dir().join(format!("bitgames-cli-td-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let state = dir.join("state.json");
    std::fs::write(&state, bitgames::towerdefence::State::start().to_json()).unwrap();
    let out = succeeds(&[
        "towerdefence",
        "bot",
        "--state",
        state.to_str().unwrap(),
        "--time-ms",
        "50",
        "--threads",
        "1",
    ]);
    let mut lines = out.lines();
    let command = lines.next().unwrap();
    assert!(
        command.parse::<bitgames::towerdefence::Command>().is_ok(),
        "{command:?}"
    );
    assert!(lines.next().unwrap().contains("playouts"), "{out}");

    let out = succeeds(&[
        "play",
        "towerdefence",
        "--black",
        "random",
        "--games",
        "2",
        "--time-ms",
        "2",
    ]);
    assert!(out.contains("2 games") && out.contains("wins"), "{out}");

    let out = succeeds(&["compare", "towerdefence", "--instances", "100", "--json"]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["results"].as_array().unwrap().len(), 4);

    std::fs::write(&state, "{\"nope\": 1}").unwrap();
    fails_saying(
        &["towerdefence", "bot", "--state", state.to_str().unwrap()],
        &["invalid state file"],
    );
    fails_saying(
        &["towerdefence", "replay", dir.to_str().unwrap()],
        &["replaying"],
    );
    fails_saying(&["perft", "towerdefence", "2"], &["simultaneous-move"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solve_othello_position_and_bad_input() {
    // FFO #40 (20 empties), published best: a2, +38 (the FForum problem set).
    let ffo40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    let out = succeeds(&["solve", "othello", "--position", ffo40, "--json"]);
    let report: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(report["best_move"], "a2");
    assert_eq!(report["score"], 38);
    assert_eq!(report["position"], ffo40);

    fails_saying(
        &["solve", "santorini", "--position", "x"],
        &["only othello"],
    );
    fails_saying(
        &["solve", "othello", "--position", "XO X"],
        &["invalid othello position"],
    );
}

#[test]
fn solve_into_a_closed_pipe_ends_quietly() {
    // `bitgames solve ... | head -1`: the reader is gone before the answer is written, which
    // fails the write (Rust ignores SIGPIPE); that is the end of the job, not a panic.
    let mut child = Command::new(common::BIN)
        .args([
            "solve",
            "othello",
            "--position",
            "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("bitgames starts");
    drop(child.stdout.take());
    let output = child.wait_with_output().expect("bitgames ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn perft_through_a_transposition_merged_split() {
    // Aart Bik's table: Othello perft 7 = 55,092.
    for args in [
        &["perft", "othello", "7", "--split-depth", "4", "--json"][..],
        &[
            "perft",
            "othello",
            "7",
            "--split-depth",
            "4",
            "--symmetry",
            "--json",
        ],
    ] {
        let report: serde_json::Value = serde_json::from_str(succeeds(args).trim()).unwrap();
        assert_eq!(report["nodes"], 55_092, "{args:?}");
        assert_eq!(report["split_depth"], 4);
        assert!(report["units"].as_u64().unwrap() > 0);
    }
    // The divide through a split is the plain divide.
    let plain = succeeds(&["perft", "othello", "6", "--divide"]);
    let split = succeeds(&[
        "perft",
        "othello",
        "6",
        "--divide",
        "--split-depth",
        "3",
        "--symmetry",
    ]);
    let moves = |out: &str| {
        out.lines()
            .take_while(|l| !l.is_empty())
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(&split), moves(&plain));
    assert_eq!(moves(&plain).len(), 4);

    let out = bitgames(&["perft", "othello", "3", "--split-depth", "4"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--split-depth must be between 1 and the depth (3)"),
        "{err}"
    );
}

#[test]
fn compare_svg_writes_the_chart_of_every_game() {
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("compare-{}.svg", std::process::id()));
    let path_text = path.to_str().expect("UTF-8 temp path");
    succeeds(&["compare", "--instances", "50", "--svg", path_text]);
    let svg = std::fs::read_to_string(&path).expect("the SVG was written");
    std::fs::remove_file(&path).ok();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    for heading in ["santorini:", "othello:", "amazons:", "towerdefence:"] {
        assert!(svg.contains(heading), "{heading} missing");
    }
    for operation in ["move_to", "legal_moves", "queen_reach", "playout_round"] {
        assert!(
            svg.contains(&format!(">{operation}</text>")),
            "{operation} missing"
        );
    }
    fails_saying(
        &[
            "compare",
            "othello",
            "--instances",
            "10",
            "--svg",
            "/nonexistent/dir/chart.svg",
        ],
        &["cannot write /nonexistent/dir/chart.svg"],
    );
}

#[test]
fn serve_listens_on_loopback_and_answers_the_api() {
    use std::io::{BufRead, BufReader, Read, Write};

    struct Server(std::process::Child);
    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let mut server = Server(
        Command::new(common::BIN)
            .args(["serve", "--port", "0"])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("the server starts"),
    );
    let mut line = String::new();
    BufReader::new(server.0.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the banner");
    // "bitgames web app: http://127.0.0.1:PORT/ (Ctrl-C to stop)"
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no URL in {line:?}"));
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    let body = r#"{"game": "othello", "move": "d3", "position": "---------------------------OX------XO--------------------------- X"}"#;
    let mut stream = std::net::TcpStream::connect(addr).expect("connects");
    write!(
        stream,
        "POST /api/move HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("request sent");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("response");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(
        response.contains(r#""legal_moves":["c3","c5","e3"]"#),
        "{response}"
    );
}

#[test]
fn gods_apply_to_perft_moves_apply_and_match() {
    // santorini-ai's count from the start squares, Apollo against Minotaur (see
    // crates/santorini/tests/data/santorini-gods.perft).
    let perft = succeeds(&[
        "perft",
        "santorini",
        "2",
        "--position",
        ROOT,
        "--gods",
        "apollo,minotaur",
        "--json",
    ]);
    assert!(perft.contains("\"nodes\":8068"), "{perft}");
    let moves = succeeds(&[
        "moves",
        "santorini",
        "--position",
        "0000000000000000000000000/1/mortal:B3,E5/mortal:C3,A1",
        "--gods",
        "apollo,mortal",
    ]);
    assert!(moves.lines().any(|m| m == "B3<>C3^D3"), "{moves}");
    let applied = succeeds(&[
        "apply",
        "santorini",
        "--position",
        "0000000000000000000000000/1/mortal:B3,E5/mortal:C3,A1",
        "--gods",
        "apollo,mortal",
        "B3<>C3^D3",
    ]);
    assert_eq!(
        applied.trim(),
        "0000000000000100000000000/2/apollo:E5,C3/mortal:B3,A1"
    );
    let played = succeeds(&[
        "match",
        "santorini",
        "--a",
        "random",
        "--b",
        "random",
        "--games",
        "2",
        "--gods",
        "hermes,prometheus",
        "--threads",
        "1",
    ]);
    assert!(played.contains("by seat: player 1 won"), "{played}");
    // Which engine had which god: engine A is player 1 (Hermes) in game 0, player 2
    // (Prometheus) in game 1.
    assert!(
        played.contains("engine a as player 1 (hermes): ")
            && played.contains("; as player 2 (prometheus): "),
        "{played}"
    );
    let refused = |gods: &str, game: &str, needle: &str| {
        fails_saying(&["moves", game, "--gods", gods], &[needle]);
    };
    refused("apollo,mortal", "othello", "othello has no god powers");
    refused("apollo", "santorini", "expected two gods");
    refused("apollo,notagod", "santorini", "unknown god \"notagod\"");
}
