//! `bitgames match` under hostile use: engines that flood their output, a bot directory
//! whose `command.txt` leads to `/dev/zero`, absurd game counts, and SIGINT/SIGTERM in the
//! middle of a match. Runs that could eat memory run under `ulimit -v`, and every run under
//! a time limit, so a regression fails the test instead of hanging it or the machine.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{BIN, bitgames_limited, othello_match};

fn scratch(name: &str) -> PathBuf {
    common::scratch(&format!("match-hostile-{name}"))
}

/// The reproducers: `uci:yes info` (and NBoard's, the line protocol's, GTP's
/// empty lines) never end their handshake; each is a forfeit by timeout after the
/// start-up time, within 1 GB of memory.
#[test]
fn flooding_engines_forfeit_by_timeout_in_bounded_memory() {
    for spec in [
        "uci:yes info",
        "nboard:yes info",
        "light:yes info",
        "gtp:yes ''",
    ] {
        let started = Instant::now();
        let output = bitgames_limited(
            30,
            &othello_match(
                spec,
                &["--games", "1", "--startup-ms", "1000", "--threads", "1"],
            ),
        );
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{spec}: {stderr}");
        assert!(
            stdout.contains("forfeit: game 0, engine b: timed out: no reply within 1000 ms"),
            "{spec}: {stdout}"
        );
        assert!(started.elapsed() < Duration::from_secs(15), "{spec}");
    }
}

/// An Entelect bot that leaves `command.txt` as a link to `/dev/zero`: a forfeit, not a
/// read until memory runs out.
#[test]
fn a_command_file_leading_to_dev_zero_is_a_forfeit() {
    let dir = common::arena::entelect_script_dir(
        "match-hostile-dev-zero",
        "ln -sf /dev/zero command.txt",
    );
    let spec = format!("entelect:{}", dir.display());
    let output = bitgames_limited(
        30,
        &[
            "match",
            "towerdefence",
            "--a",
            &spec,
            "--b",
            "random",
            "--games",
            "1",
            "--time-ms",
            "2000",
            "--json",
        ],
    );
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let json: serde_json::Value =
        serde_json::from_str(stdout.lines().last().expect("a last line")).expect("JSON");
    let reason = json["forfeits"][0]["reason"].as_str().expect("a forfeit");
    assert!(
        reason.starts_with("malformed reply:") && reason.contains("is a symbolic link"),
        "{reason}"
    );
}

/// `--games` beyond a million (or beyond u64) is a clear error before anything starts,
/// not an allocation abort or a panic.
#[test]
fn absurd_game_counts_are_clear_errors() {
    for games in ["100000000000", "18446744073709551615", "0", "ten"] {
        let output = bitgames_limited(
            30,
            &[
                "match", "othello", "--a", "random", "--b", "random", "--games", games,
            ],
        );
        assert!(!output.status.success(), "{games}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().next().unwrap_or_default();
        assert!(
            first.starts_with("error:") && first.contains("--games"),
            "{games}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{games}: {stderr}");
        assert!(output.stdout.is_empty(), "{games}");
    }
}

/// Starts `bitgames ARGS` with stdout into `out` (a file: a full pipe must not stall it),
/// sends it `signal` after `after`, and waits (10 s at most) for its end.
fn interrupted(args: &[&str], out: &Path, signal: &str, after: Duration) -> (Output, String) {
    let file = std::fs::File::create(out).expect("stdout file");
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::from(file))
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("bitgames match did not stop within 10 s of {signal}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = child.wait_with_output().expect("its output");
    let stdout = std::fs::read_to_string(out).expect("stdout");
    (output, stdout)
}

/// Ctrl-C in a long match: no new game starts, and the records and summary of every game
/// finished are printed (the JSON line last) before a non-zero exit.
#[test]
fn sigint_prints_the_games_finished_and_exits_non_zero() {
    let dir = scratch("sigint");
    let (output, stdout) = interrupted(
        &othello_match(
            "random",
            &[
                "--games",
                "1000000",
                "--threads",
                "1",
                "--records",
                "--json",
            ],
        ),
        &dir.join("stdout"),
        "-INT",
        Duration::from_millis(1_500),
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("interrupted"), "{stderr}");
    let records = stdout
        .lines()
        .filter(|l| l.starts_with("(;GM[Othello]"))
        .count();
    assert!(records > 0, "no game finished in 1.5 s: {stdout}");
    assert!(
        stdout.contains(&format!("{records} of 1000000 games")) && stdout.contains("(interrupted)"),
        "{stdout}"
    );
    let json: serde_json::Value =
        serde_json::from_str(stdout.lines().last().expect("a last line")).expect("JSON last");
    assert_eq!(json["games"], records);
}

/// SIGTERM while an external engine thinks (it has a minute): the game is abandoned, the
/// engine killed, and the (empty) summary printed at once.
#[test]
fn sigterm_abandons_the_game_in_progress_and_kills_its_engine() {
    let dir = scratch("sigterm");
    let pid_file = dir.join("engine.pid");
    let spec = format!(
        "uci:sh -c 'echo $$ > \"{}\"; while read -r l; do case $l in uci) echo uciok ;; \
         isready) echo readyok ;; esac; done'",
        pid_file.display()
    );
    let started = Instant::now();
    let (output, stdout) = interrupted(
        &othello_match(
            &spec,
            &["--games", "4", "--threads", "1", "--time-ms", "60000"],
        ),
        &dir.join("stdout"),
        "-TERM",
        Duration::from_millis(1_500),
    );
    assert!(started.elapsed() < Duration::from_secs(8));
    assert!(!output.status.success());
    assert!(stdout.contains("0 of 4 games"), "{stdout}");
    let pid = std::fs::read_to_string(&pid_file).expect("the engine started");
    let pid = pid.trim();
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let zombie = stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'));
        if stat.is_empty() || zombie {
            break;
        }
        assert!(Instant::now() < deadline, "the engine {pid} still runs");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// An error whose message quotes its source is printed once, not followed by the source
/// again; a context naming a path does not repeat the path the error names.
#[test]
fn error_messages_are_printed_once() {
    let output = bitgames_limited(
        30,
        &["perft", "othello", "1", "--position", "not a position"],
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert_eq!(stderr.matches("expected 64 squares").count(), 1, "{stderr}");

    let missing = Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-such-game-dir");
    let output = bitgames_limited(
        30,
        &["towerdefence", "replay", &missing.display().to_string()],
    );
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.matches("no-such-game-dir").count(), 1, "{stderr}");
}
