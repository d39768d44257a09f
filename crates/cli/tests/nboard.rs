//! `bitgames nboard` driven like the NBoard GUI drives an engine: the real binary over pipes,
//! one command at a time, every answer read back before the next command (`ping N` /
//! `pong N` marks the end of each answer, as the protocol intends), checked line by line.
//!
//! The expected positions are computed by replaying moves with the Othello crate, not with
//! the GGF reader under test; the endgame values are the published FFO #40 scores.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bitgames::othello::{Move, Position};

/// The `set game` line of the protocol's example session.
const EXAMPLE_GAME: &str = "set game (;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";
const EXAMPLE_MOVES: [&str; 8] = ["f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"];

/// FFO endgame #40 (20 empties, black to move) as a GGF board, and its published move
/// values (the FFO test suite, as the Edax distribution lists it).
const FFO_40_GAME: &str = "set game (;GM[Othello]BO[8 O--OOOO*-OOOOOO*OO**OOO*OO*OOO**OOOOOO**---OOOO*----O--*-------- *];)";
const FFO_40_VALUES: [(&str, f64); 10] = [
    ("A2", 38.0),
    ("C7", 36.0),
    ("D8", 34.0),
    ("C1", 30.0),
    ("B1", 30.0),
    ("G7", 28.0),
    ("D7", 28.0),
    ("C6", 28.0),
    ("F7", 26.0),
    ("A6", 24.0),
];

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Option<JoinHandle<String>>,
    pings: u32,
}

/// The longest any answer may take in the tests of the time budget: far more than the
/// budgets they set, far less than the minutes a search to the depth would take.
const LIVENESS: Duration = Duration::from_secs(30);

impl Engine {
    fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// `bitgames nboard` with extra arguments (`--time-ms N`).
    fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_bitgames"))
            .arg("nboard")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdout = child.stdout.take().expect("stdout");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut stderr = child.stderr.take().expect("stderr");
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            let _ = stderr.read_to_string(&mut text);
            text
        });
        Engine {
            stdin: child.stdin.take(),
            child,
            lines,
            stderr: Some(stderr),
            pings: 0,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").expect("the engine reads");
        stdin.flush().expect("flush");
    }

    fn next_line(&self, so_far: &[String], by: Instant) -> String {
        self.lines
            .recv_timeout(by.saturating_duration_since(Instant::now()))
            .unwrap_or_else(|e| panic!("no answer ({e}); lines so far: {so_far:?}"))
    }

    /// Sends `commands`, then `ping N`; every line the engine writes before `pong N`.
    fn exchange(&mut self, commands: &[&str]) -> Vec<String> {
        self.exchange_within(commands, Duration::from_secs(300))
    }

    /// [`Engine::exchange`], failing unless `pong N` comes within `limit`.
    fn exchange_within(&mut self, commands: &[&str], limit: Duration) -> Vec<String> {
        let by = Instant::now() + limit;
        for command in commands {
            self.send(command);
        }
        self.pings += 1;
        let ping = self.pings;
        self.send(&format!("ping {ping}"));
        let mut answer = Vec::new();
        loop {
            let line = self.next_line(&answer, by);
            if line == format!("pong {ping}") {
                return answer;
            }
            answer.push(line);
        }
    }

    /// Closes stdin; the exit status and everything written on stderr.
    fn finish(mut self) -> (bool, String) {
        drop(self.stdin.take());
        let status = self.child.wait().expect("the engine exits");
        let stderr = self.stderr.take().expect("stderr").join().expect("reader");
        (status.success(), stderr)
    }
}

impl Drop for Engine {
    /// A test that failed while the engine thinks leaves no process behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn play_all(moves: &[&str]) -> Position {
    moves.iter().fold(Position::start(), |p, m| {
        p.play_unchecked(p.parse_move(m).expect("a legal move"))
    })
}

/// The legal moves of `position` as NBoard writes them: `F5`, `PA`.
fn legal(position: &Position) -> Vec<String> {
    position
        .legal_moves()
        .iter()
        .map(|m| match m {
            Move::Play(square) => square.to_string().to_ascii_uppercase(),
            Move::Pass => "PA".to_owned(),
        })
        .collect()
}

fn number(text: &str) -> f64 {
    let x: f64 = text
        .parse()
        .unwrap_or_else(|_| panic!("{text:?} is not a number"));
    assert!(x.is_finite(), "{text}");
    x
}

/// `nodestats NODES SECONDS`.
fn assert_nodestats(line: &str) {
    let parts: Vec<&str> = line.split(' ').collect();
    assert_eq!(parts.len(), 3, "{line}");
    assert_eq!(parts[0], "nodestats", "{line}");
    parts[1]
        .parse::<u64>()
        .unwrap_or_else(|_| panic!("{line}: node count"));
    assert!(number(parts[2]) >= 0.0, "{line}");
}

/// The answer to `go`, checked line by line: the move and its eval (`None` for a forced
/// move answered without one).
fn go(engine: &mut Engine) -> (String, Option<f64>) {
    let answer = engine.exchange(&["go"]);
    assert_eq!(answer.len(), 4, "{answer:?}");
    assert_eq!(answer[0], "status bitgames is thinking");
    assert_nodestats(&answer[1]);
    assert_eq!(answer[3], "status bitgames is waiting");
    let reply = answer[2]
        .strip_prefix("=== ")
        .unwrap_or_else(|| panic!("{answer:?}"));
    let parts: Vec<&str> = reply.split('/').collect();
    match parts[..] {
        [mv] => (mv.to_owned(), None),
        [mv, eval, time] => {
            assert!(number(time) >= 0.0, "{reply}");
            (mv.to_owned(), Some(number(eval)))
        }
        _ => panic!("=== MOVE/EVAL/TIME expected: {reply}"),
    }
}

/// The answer to `hint N`: (first move of the pv, eval) per `search` line, in order.
fn hint(engine: &mut Engine, count: usize) -> Vec<(String, f64)> {
    hint_lines(engine, count, Duration::from_secs(300))
        .into_iter()
        .map(|(mv, eval, _)| (mv, eval))
        .collect()
}

/// A `search` line's `DEPTH`: plies, or `100%` for an exact value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Depth {
    Plies(u32),
    Exact,
}

/// The answer to `hint N` within `limit`: (first move of the pv, eval, depth) per `search`
/// line, in order.
fn hint_lines(engine: &mut Engine, count: usize, limit: Duration) -> Vec<(String, f64, Depth)> {
    let answer = engine.exchange_within(&[&format!("hint {count}")], limit);
    assert_eq!(answer[0], "status bitgames is analysing", "{answer:?}");
    let n = answer.len();
    assert!(n >= 3, "{answer:?}");
    assert_nodestats(&answer[n - 2]);
    assert_eq!(answer[n - 1], "status bitgames is waiting");
    answer[1..n - 2]
        .iter()
        .map(|line| {
            // search PV EVAL 0 DEPTH
            let parts: Vec<&str> = line.split(' ').collect();
            assert_eq!(parts.len(), 5, "{line}");
            assert_eq!((parts[0], parts[3]), ("search", "0"), "{line}");
            let depth = if parts[4] == "100%" {
                Depth::Exact
            } else {
                Depth::Plies(
                    parts[4]
                        .parse::<u32>()
                        .unwrap_or_else(|_| panic!("{line}: depth")),
                )
            };
            let first = parts[1].split('-').next().expect("a move").to_owned();
            (first, number(parts[2]), depth)
        })
        .collect()
}

#[test]
fn the_protocol_example_session() {
    let mut engine = Engine::start();
    // The GUI's side of the example, as written, with the engine's answers before `pong 1`.
    let answer = engine.exchange(&["nboard 2", EXAMPLE_GAME, "set depth 6"]);
    assert_eq!(answer, ["set myname bitgames6"]);
    let position = play_all(&EXAMPLE_MOVES);
    let (mv, eval) = go(&mut engine);
    assert!(legal(&position).contains(&mv), "{mv}");
    let eval = eval.expect("more than one legal move: an eval");
    assert!((-64.0..=64.0).contains(&eval), "{eval}");
    // `go` leaves the board alone: the GUI's `move` of the same square is still legal.
    assert!(
        engine
            .exchange(&[&format!("move {mv}/{eval}/0.1")])
            .is_empty()
    );
    let (next, _) = go(&mut engine);
    let after = position.play_unchecked(position.parse_move(&mv).expect("legal"));
    assert!(legal(&after).contains(&next), "{next} after {mv}");
    assert_eq!(engine.exchange(&["learn"]), ["learned"]);
    let (ok, stderr) = engine.finish();
    assert!(ok, "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn hints_rank_the_moves() {
    let mut engine = Engine::start();
    engine.exchange(&["nboard 2", "set depth 4", EXAMPLE_GAME]);
    let position = play_all(&EXAMPLE_MOVES);
    let moves = legal(&position);
    assert!(moves.len() > 3, "{moves:?}");
    let top = hint(&mut engine, 3);
    assert_eq!(top.len(), 3);
    let all = hint(&mut engine, 100);
    assert_eq!(all.len(), moves.len());
    let mut listed: Vec<String> = all.iter().map(|(m, _)| m.clone()).collect();
    listed.sort();
    let mut expected = moves.clone();
    expected.sort();
    assert_eq!(listed, expected, "every legal move once");
    for pair in all.windows(2) {
        assert!(pair[0].1 >= pair[1].1, "best first: {all:?}");
    }
    assert_eq!(top[..], all[..3]);
    let (ok, stderr) = engine.finish();
    assert!(ok && stderr.is_empty(), "{stderr}");
}

#[test]
fn an_endgame_is_solved_exactly() {
    // What is tested is that solved values are exact, not how fast: a budget no loaded
    // machine runs out of (the default 10 s, shared over the moves, did under a load of 8).
    let mut engine = Engine::start_with(&["--time-ms", "300000"]);
    engine.exchange(&["nboard 2", "set depth 10", FFO_40_GAME]);
    let (mv, eval) = go(&mut engine);
    assert_eq!((mv.as_str(), eval), ("A2", Some(38.0)));
    let mut values = hint(&mut engine, 10);
    assert_eq!(values.len(), 10);
    let published_top: Vec<(String, f64)> = FFO_40_VALUES[..3]
        .iter()
        .map(|&(m, v)| (m.to_owned(), v))
        .collect();
    assert_eq!(values[..3], published_top[..]);
    // Equal values may come in any order.
    values.sort_by(|a, b| a.0.cmp(&b.0));
    let mut published = FFO_40_VALUES.map(|(m, v)| (m.to_owned(), v)).to_vec();
    published.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(values, published);
    let (ok, stderr) = engine.finish();
    assert!(ok && stderr.is_empty(), "{stderr}");
}

#[test]
fn protocol_1_moves_passes_and_the_end_of_the_game() {
    let mut engine = Engine::start();
    engine.exchange(&["nboard 1", "set depth 3"]);
    // A bare move, as protocol 1 sent it, is played on the engine's board.
    assert!(engine.exchange(&["F5"]).is_empty());
    let after = play_all(&["f5"]);
    let listed: Vec<String> = hint(&mut engine, 100).into_iter().map(|(m, _)| m).collect();
    let mut sorted = listed.clone();
    sorted.sort();
    let mut expected = legal(&after);
    expected.sort();
    assert_eq!(sorted, expected);
    // Black a1, white b1 and b2: after black c1 white has no move but black has.
    let board = "*O------ -O------ -------- -------- -------- -------- -------- -------- *";
    engine.exchange(&[&format!("set game (;GM[Othello]BO[8 {board}]B[C1];)")]);
    assert_eq!(go(&mut engine), ("PA".to_owned(), None), "a forced pass");
    engine.exchange(&["move PA", "move c3"]);
    // Black took every disc: the game is over, and `go` says so instead of moving.
    let answer = engine.exchange(&["go"]);
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        answer[0].starts_with("status error: go: the game is over"),
        "{answer:?}"
    );
    let (ok, stderr) = engine.finish();
    assert!(ok);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

#[test]
fn bad_commands_are_reported_and_change_nothing() {
    let mut engine = Engine::start();
    engine.exchange(&["nboard 2", "set depth 2", EXAMPLE_GAME]);
    // (command, what the error says, whether the GUI is shown it: not for unknown commands)
    let cases: [(&str, &str, bool); 12] = [
        (
            "frobnicate 3",
            "unknown command \"frobnicate 3\" (ignored)",
            false,
        ),
        (
            "set frobnicate 3",
            "unknown command \"set frobnicate 3\" (ignored)",
            false,
        ),
        (
            "set game (;GM[Chess];)",
            "set game: GM[Chess]: not an Othello game",
            true,
        ),
        (
            "set game (;GM[Othello]B[z9];)",
            "set game: move 1 (B[z9])",
            true,
        ),
        ("set game (;GM[Othello]", "not closed with \";)\"", true),
        ("move a1", "move \"a1\": illegal move a1", true),
        (
            "move d6/x",
            "move \"d6/x\": eval \"x\" is not a number",
            true,
        ),
        (
            "set depth 0",
            "set depth \"0\": expected a whole number",
            true,
        ),
        (
            "set depth many",
            "set depth \"many\": expected a whole number",
            true,
        ),
        ("hint", "hint: expected how many moves", true),
        ("nboard two", "nboard: expected the protocol version", true),
        (
            "set contempt lots",
            "set contempt \"lots\": expected a number",
            true,
        ),
    ];
    for (command, message, shown) in cases {
        let answer = engine.exchange(&[command]);
        if shown {
            assert_eq!(answer.len(), 1, "{command}: {answer:?}");
            assert!(
                answer[0].starts_with("status error: ") && answer[0].contains(message),
                "{command}: {answer:?}"
            );
        } else {
            assert!(answer.is_empty(), "{command}: {answer:?}");
        }
    }
    // The position is still the example's and the depth still 2.
    let position = play_all(&EXAMPLE_MOVES);
    assert_eq!(hint(&mut engine, 100).len(), legal(&position).len());
    assert_eq!(
        engine.exchange(&["set contempt 1.5", "set depth 5"]),
        ["set myname bitgames5"]
    );
    let (ok, stderr) = engine.finish();
    assert!(ok, "{stderr}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), cases.len(), "{stderr}");
    for (line, (command, message, _)) in lines.iter().zip(cases) {
        assert!(
            line.starts_with("error: ") && line.contains(message),
            "{command}: {line}"
        );
    }
}

#[test]
fn a_line_that_is_not_utf8_is_an_unknown_command() {
    let mut engine = Engine::start();
    let stdin = engine.stdin.as_mut().expect("stdin open");
    stdin.write_all(b"go\xff\xfe\n").expect("the engine reads");
    assert!(engine.exchange(&["nboard 2"]).is_empty());
    assert_eq!(engine.exchange(&["learn"]), ["learned"]);
    let (ok, stderr) = engine.finish();
    assert!(ok, "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.starts_with("error: unknown command \"go"),
        "{stderr}"
    );
}

#[test]
fn quit_ends_the_session() {
    let mut engine = Engine::start();
    engine.send("nboard 2");
    engine.send("quit");
    let status = engine.child.wait().expect("the engine exits");
    assert!(status.success());
    // Nothing after quit is read.
    assert!(engine.lines.recv_timeout(Duration::from_secs(5)).is_err());
}

/// Issue 22: exact hints said `19` (the empties), so NBoard showed "+38 / 19 ply". An exact
/// value is `100%`, NBoard's exact depth; a searched one is its plies.
#[test]
fn exact_values_are_reported_as_100_percent() {
    // What is tested is that solved values are exact, not how fast: a budget no loaded
    // machine runs out of (the default 10 s, shared over the moves, did under a load of 8).
    let mut engine = Engine::start_with(&["--time-ms", "300000"]);
    engine.exchange(&["nboard 2", "set depth 10", FFO_40_GAME]);
    let lines = hint_lines(&mut engine, 10, Duration::from_secs(300));
    assert_eq!(lines.len(), 10);
    for (mv, _, depth) in &lines {
        assert_eq!(*depth, Depth::Exact, "{mv}: {lines:?}");
    }
    // A move that ends the game is exact too: black a1, white b1; c1 takes the last disc.
    let board = "*O------ -------- -------- -------- -------- -------- -------- -------- *";
    engine.exchange(&[&format!("set game (;GM[Othello]BO[8 {board}];)")]);
    let lines = hint_lines(&mut engine, 1, Duration::from_secs(300));
    assert_eq!(lines.len(), 1);
    assert_eq!((lines[0].0.as_str(), lines[0].2), ("C1", Depth::Exact));
    assert!(lines[0].1 > 0.0, "{lines:?}");
    // A midgame value is searched: its plies.
    engine.exchange(&["set depth 4", EXAMPLE_GAME]);
    for (mv, _, depth) in hint_lines(&mut engine, 3, Duration::from_secs(300)) {
        assert_eq!(depth, Depth::Plies(4), "{mv}");
    }
    let (ok, stderr) = engine.finish();
    assert!(ok && stderr.is_empty(), "{stderr}");
}

/// Issue 22: a book move's eval was the book's stored 9-ply score, +2.00 for whichever
/// side was to move. It is now the value `hint` gives the same move (the child searched
/// `set depth - 1` plies): the same sign and meaning as every searched eval.
#[test]
fn book_moves_are_valued_like_searched_moves() {
    let mut engine = Engine::start();
    engine.exchange(&["nboard 2", "set depth 6"]);
    let mut position = Position::start();
    for ply in 0..4 {
        assert!(
            bitgames::othello::book::probe(&position).is_some(),
            "ply {ply} is in the book"
        );
        let (mv, eval) = go(&mut engine);
        let eval = eval.expect("an eval");
        let hints = hint(&mut engine, 60);
        let (_, hinted) = hints
            .iter()
            .find(|(m, _)| *m == mv)
            .unwrap_or_else(|| panic!("{mv} in {hints:?}"));
        assert!(
            (eval - hinted).abs() <= 0.5,
            "ply {ply}: go says {mv}/{eval}, hint values {mv} at {hinted}"
        );
        assert!(engine.exchange(&[&format!("move {mv}")]).is_empty());
        position = position.play_unchecked(position.parse_move(&mv).expect("legal"));
    }
    let (ok, stderr) = engine.finish();
    assert!(ok && stderr.is_empty(), "{stderr}");
}

/// Issue 22: `set depth 20` then `go` in a midgame left `ping` unanswered for minutes. Every
/// `go` and `hint` answers within its budget (`--time-ms`, 10 s by default) with the
/// deepest search it completed, and `ping` right after.
#[test]
fn a_deep_search_answers_within_the_time_budget() {
    // The default budget.
    let mut engine = Engine::start();
    engine.exchange(&["nboard 2", "set depth 20", EXAMPLE_GAME]);
    let position = play_all(&EXAMPLE_MOVES);
    let answer = engine.exchange_within(&["go"], LIVENESS);
    assert_eq!(answer.len(), 4, "{answer:?}");
    let mv = answer[2]
        .strip_prefix("=== ")
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("{answer:?}"));
    assert!(legal(&position).contains(&mv.to_owned()), "{answer:?}");
    assert!(
        engine
            .exchange_within(&[], Duration::from_secs(5))
            .is_empty()
    );
    drop(engine);

    // A budget given on the command line, shared over the moves of a hint: each line says
    // how deep its search got, which is less than the 20 plies asked for.
    let mut engine = Engine::start_with(&["--time-ms", "1500"]);
    engine.exchange(&["nboard 2", "set depth 20", EXAMPLE_GAME]);
    let lines = hint_lines(&mut engine, 3, LIVENESS);
    assert_eq!(lines.len(), 3, "{lines:?}");
    for (mv, _, depth) in &lines {
        assert!(
            matches!(depth, Depth::Plies(1..20)),
            "{mv}: {depth:?} in {lines:?}"
        );
    }
    let (ok, stderr) = engine.finish();
    assert!(ok && stderr.is_empty(), "{stderr}");
}

/// When the game record has a clock (`TI` and the moves' times), the side to move's time
/// left bounds the search too, even under a generous `--time-ms`.
#[test]
fn the_game_clock_bounds_the_search() {
    let mut engine = Engine::start_with(&["--time-ms", "600000"]);
    engine.exchange(&["nboard 2", "set depth 20"]);
    // Twenty seconds each: about 0.7 s for this move.
    let game = EXAMPLE_GAME.replace("TI[15:00]", "TI[0:20]");
    assert_ne!(game, EXAMPLE_GAME);
    let answer = engine.exchange_within(&[&game, "go"], LIVENESS);
    assert_eq!(answer.len(), 4, "{answer:?}");
    // Thirty minutes each, but black spends all of it but a second on its move (a `move`
    // command's time): black's next move gets a few tens of milliseconds.
    let game = EXAMPLE_GAME.replace("TI[15:00]", "TI[30:00]");
    let position = play_all(&EXAMPLE_MOVES);
    let black = position.legal_moves()[0];
    let after = position.play_unchecked(black);
    let white = after.legal_moves()[0];
    let spelled = |mv: Move| match mv {
        Move::Play(square) => square.to_string().to_ascii_uppercase(),
        Move::Pass => "PA".to_owned(),
    };
    let answer = engine.exchange_within(
        &[
            &game,
            &format!("move {}/0.00/1799", spelled(black)),
            &format!("move {}/0.00/1", spelled(white)),
            "go",
        ],
        LIVENESS,
    );
    assert_eq!(answer.len(), 4, "{answer:?}");
    assert!(answer[2].starts_with("=== "), "{answer:?}");
    let (ok, stderr) = engine.finish();
    assert!(ok && stderr.is_empty(), "{stderr}");
}
