//! `bitgames uci GAME`: our engines over the UCI-style protocol, answered line by line, and
//! seated through it in a match against the in-process engine (one build against another).

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use bitgames::AnyPosition;
use bitgames::GameName;

/// `bitgames uci ARGS`, started with every stream piped.
fn uci(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .arg("uci")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Runs `bitgames uci ARGS` with `input` on stdin; its stdout.
fn session(args: &[&str], input: &str) -> String {
    let mut child = uci(args);
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

/// `bitgames uci` kept running: lines are sent one at a time and answers awaited with a
/// deadline, so a server that hangs fails the test instead of hanging it.
struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

/// Far more than any answer below needs, far less than the searches they start.
const PROMPT: Duration = Duration::from_secs(10);

impl Server {
    fn start(args: &[&str]) -> Server {
        let mut child = uci(args);
        let stdout = child.stdout.take().expect("stdout");
        let (send, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if send.send(line).is_err() {
                    return;
                }
            }
        });
        Server {
            stdin: child.stdin.take(),
            child,
            lines,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(bytes).expect("input written");
        stdin.flush().expect("input flushed");
    }

    /// The next line of output, within `PROMPT`.
    fn answer(&self) -> String {
        self.lines
            .recv_timeout(PROMPT)
            .expect("an answer within the deadline")
    }

    /// Waits for the process to exit on its own within `within`; its stderr.
    fn exits_within(mut self, within: Duration) -> String {
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("waiting") {
                assert!(status.success(), "{status}");
                let mut stderr = String::new();
                self.child
                    .stderr
                    .take()
                    .expect("stderr")
                    .read_to_string(&mut stderr)
                    .expect("stderr read");
                return stderr;
            }
            if started.elapsed() > within {
                let _ = self.child.kill();
                panic!("still running after {within:?}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_movetime_past_an_hour_is_refused_at_once() {
    let mut server = Server::start(&["othello"]);
    server.send(b"position startpos\ngo movetime 18446744073709551615\n");
    let error = server.answer();
    assert!(
        error.starts_with("info string error: movetime 18446744073709551615 ms")
            && error.contains("one hour"),
        "{error}"
    );
    assert_eq!(server.answer(), "bestmove (none)");
    server.send(b"go movetime 99999999999999999999999999\nisready\n");
    assert!(server.answer().contains("movetime needs milliseconds"));
    assert_eq!(server.answer(), "bestmove (none)");
    assert_eq!(server.answer(), "readyok");
    server.send(b"quit\n");
    server.exits_within(PROMPT);
}

#[test]
fn stop_ends_a_long_search_with_its_best_move() {
    for engine in ["alphabeta", "mcts"] {
        let mut server = Server::start(&["othello", "--engine", engine]);
        server.send(b"position startpos moves d3 c5\ngo movetime 600000\n");
        std::thread::sleep(Duration::from_millis(300));
        let started = Instant::now();
        server.send(b"stop\n");
        let line = server.answer();
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "{engine}: {:?}",
            started.elapsed()
        );
        let mv = line.strip_prefix("bestmove ").expect("a bestmove line");
        let position = AnyPosition::start(GameName::Othello)
            .and_then(|p| p.play_text("d3"))
            .and_then(|p| p.play_text("c5"))
            .expect("d3 c5 are legal");
        assert!(
            position.play_text(mv).is_ok(),
            "{engine}: {mv} is not legal"
        );
        // The server goes on, in order: another search, stopped at once.
        server.send(b"go infinite\nstop\nisready\n");
        assert!(server.answer().starts_with("bestmove "));
        assert_eq!(server.answer(), "readyok");
        server.send(b"quit\n");
        server.exits_within(PROMPT);
    }
}

#[test]
fn quit_and_the_end_of_input_end_a_search() {
    // quit: the search's answer, then the exit, and nothing for what follows.
    let mut server = Server::start(&["amazons", "--engine", "mcts"]);
    server.send(b"position startpos\ngo movetime 3600000\n");
    std::thread::sleep(Duration::from_millis(200));
    server.send(b"quit\nisready\n");
    assert!(server.answer().starts_with("bestmove "));
    server.exits_within(Duration::from_secs(3));

    // The end of the input: the same, for every search still to come too.
    let mut server = Server::start(&["othello"]);
    server.send(b"position startpos\ngo movetime 3600000\ngo infinite\nisready\n");
    std::thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    drop(server.stdin.take());
    assert!(server.answer().starts_with("bestmove "));
    assert!(server.answer().starts_with("bestmove "));
    assert_eq!(server.answer(), "readyok");
    server.exits_within(Duration::from_secs(4));
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn odd_lines_are_skipped_with_a_short_message() {
    let mut server = Server::start(&["othello", "--engine", "random"]);
    // Not UTF-8, a 10 KB unknown line, a 75 KB line past the line limit, `moves` glued
    // to its first move: each skipped or refused, and the server answers on.
    server.send(b"\xff\xfeisready\n");
    server.send(format!("{}\n", "z".repeat(10_000)).as_bytes());
    server.send(format!("position startpos moves {}\n", "d3 ".repeat(25_000)).as_bytes());
    server.send(b"position startpos movesd3\n");
    let error = server.answer();
    assert!(
        error.starts_with("info string error: expected `position startpos`")
            && error.contains("movesd3"),
        "{error}"
    );
    server.send(b"go movetime 10\nisready\n");
    assert_eq!(server.answer(), "info string error: no position");
    assert_eq!(server.answer(), "bestmove (none)");
    assert_eq!(server.answer(), "readyok");
    server.send(b"quit\n");
    let stderr = server.exits_within(PROMPT);
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 3, "{stderr}");
    assert!(lines[0].contains("not UTF-8"), "{stderr}");
    assert!(
        lines[1].contains("unknown command") && lines[1].len() < 300,
        "{stderr}"
    );
    assert!(lines[2].contains("longer than 65536 bytes"), "{stderr}");
}
