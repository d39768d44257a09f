//! `bitgames uci GAME`: one of our engines served over the UCI-style protocol that
//! `bitgames match` speaks to `uci:` engines (the [`player`](crate::player)'s `uci` module documents the
//! client side), on stdin and stdout. Any build can so be seated against any other
//! (`--b "uci:/path/to/old/bitgames uci othello"`): an engine change is measured by a match
//! against the build before it, at equal time.
//!
//! | sent | answered |
//! |---|---|
//! | `uci` | `id name bitgames <engine>`, `id author bitgames`, `uciok` |
//! | `isready` | `readyok` |
//! | `ucinewgame` | nothing: a new game (the engine forgets what it kept) |
//! | `position startpos [moves M ...]`, `position fen TEXT [moves M ...]` | nothing; a bad position or move answers `info string error: ...` and leaves no position |
//! | `go [movetime MS]`, `go infinite` | `bestmove M` (`bestmove (none)` with an `info string` when there is no position, the game is over or the time is out of range); 1,000 ms without `movetime`, at most [`MAX_MOVETIME`] (one hour; `infinite` is that hour, or until `stop`) |
//! | `stop` | ends the search in progress: its `bestmove` comes within [`SLICE`] |
//! | `quit` | ends the search in progress as `stop` does, answers it, and exits |
//!
//! Moves are the game's notation (`bitgames moves`), TEXT the position string. Other lines
//! are reported on stderr (cut to [`ECHO_CHARS`] characters) and ignored; so are lines that
//! are not UTF-8 and lines longer than [`MAX_LINE`] bytes.
//!
//! Commands are answered one after another, in order, as a script expects; a thread of its
//! own reads the input meanwhile (up to [`READ_AHEAD`] lines ahead), so a `stop` or `quit`
//! sent during a search reaches it, and so does the end of the input, which stops every
//! search still to come too (the rest of the input is still answered, then the server
//! exits). Our engines cannot be interrupted in the middle of a search, so a search is run
//! as consecutive slices of at most [`SLICE`] on the same engine, which keeps what it learnt
//! (the MCTS tree grows on, alpha-beta's table keeps its entries): a stop takes effect when
//! the slice in progress ends, and a search stopped before it began still runs its first
//! slice (so `printf 'position startpos\ngo movetime 500\n' | bitgames uci othello` thinks
//! its 500 ms). An engine that answers a slice in less than half of it has made up its mind
//! (a book move, a solved endgame, a forced move) and is not asked again.
//!
//! [`Session`] is the protocol (a line in, the answer and what to do out) and [`Searcher`]
//! the engine; [`serve`] puts them together with the input thread. The fuzz target `uci`
//! drives the two directly.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use bitgames::search::engine::EngineKind;
use bitgames::{AnyMove, AnyPosition, GameName};
use thiserror::Error;

use crate::player::{
    BoardEngine, Clock, EngineSpec, Fault, GameSoFar, shorten as cut, start_board_engine,
};

/// The longest `go movetime` accepted (and the length of `go infinite`): one hour.
pub const MAX_MOVETIME: Duration = Duration::from_secs(3_600);

/// The time of a `go` without `movetime`.
pub const DEFAULT_MOVETIME: Duration = Duration::from_secs(1);

/// The longest the engine thinks without looking for `stop`.
pub const SLICE: Duration = Duration::from_secs(1);

/// The longest input line read, in bytes; a longer line is skipped whole.
pub const MAX_LINE: usize = 64 * 1024;

/// The most characters of an unknown line repeated on stderr.
pub const ECHO_CHARS: usize = 200;

/// The most lines read ahead of the one being answered (the reading waits beyond it).
pub const READ_AHEAD: usize = 256;

/// Why a server could not start or had to stop.
#[derive(Debug, Error)]
pub enum UciError {
    /// A bad game or strategy name.
    #[error(transparent)]
    Game(#[from] bitgames::Error),
    /// Our engine could not start.
    #[error("{0}")]
    Engine(#[from] Fault),
    /// The input could not be read.
    #[error("reading the input: {0}")]
    Read(#[source] io::Error),
    /// The answers could not be written.
    #[error("{0}")]
    Write(#[from] io::Error),
}

/// The game as the last `position` command set it.
#[derive(Debug, Clone)]
struct Game {
    root: AnyPosition,
    moves: Vec<AnyMove>,
    position: AnyPosition,
}

/// A `go` to run: the game so far and the time to think.
#[derive(Debug, Clone)]
pub struct Job {
    game: Game,
    /// How long to think (at most [`MAX_MOVETIME`]).
    pub time: Duration,
}

impl Job {
    /// The position to move in (after the game's moves).
    pub fn position(&self) -> AnyPosition {
        self.game.position
    }
}

/// What the caller of [`Session::handle`] is to do after the line.
#[derive(Debug)]
pub enum Action {
    /// Nothing more (the answer, if any, is written).
    Nothing,
    /// Give the engine a fresh start from this root (`ucinewgame`, another root).
    NewEngine(AnyPosition),
    /// Search, then write [`answer`] of the result.
    Search(Job),
    /// Exit (`quit`).
    Quit,
}

/// The protocol: reads one line at a time, writes its answers and says what to do.
#[derive(Debug)]
pub struct Session {
    game: GameName,
    engine: EngineKind,
    position: Option<Game>,
    /// The root the engine was started from.
    engine_root: AnyPosition,
}

impl Session {
    /// A session of `game` answered by `engine` (its name is what `uci` reports).
    pub fn new(game: GameName, engine: EngineKind) -> Result<Self, bitgames::Error> {
        Ok(Session {
            game,
            engine,
            position: None,
            engine_root: AnyPosition::start(game)?,
        })
    }

    /// Handles one input line (without its line end): answers on `out`, reports ignored
    /// input on `err`.
    pub fn handle(
        &mut self,
        line: &[u8],
        out: &mut dyn Write,
        err: &mut dyn Write,
    ) -> io::Result<Action> {
        let Ok(line) = std::str::from_utf8(line) else {
            writeln!(
                err,
                "bitgames uci: a line that is not UTF-8 ignored ({} bytes)",
                line.len()
            )?;
            return Ok(Action::Nothing);
        };
        let words: Vec<&str> = line.split_ascii_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Ok(Action::Nothing);
        };
        Ok(match command {
            "uci" => {
                writeln!(out, "id name bitgames {}", self.engine)?;
                writeln!(out, "id author bitgames")?;
                writeln!(out, "uciok")?;
                Action::Nothing
            }
            "isready" => {
                writeln!(out, "readyok")?;
                Action::Nothing
            }
            "ucinewgame" => {
                self.position = None;
                Action::NewEngine(self.engine_root)
            }
            "position" => {
                self.position = match parse_position(self.game, rest) {
                    Ok(parsed) => Some(parsed),
                    Err(why) => {
                        writeln!(out, "info string error: {why}")?;
                        None
                    }
                };
                match &self.position {
                    Some(g) if g.root != self.engine_root => {
                        self.engine_root = g.root;
                        Action::NewEngine(g.root)
                    }
                    _ => Action::Nothing,
                }
            }
            "go" => match self.job(rest) {
                Ok(job) => Action::Search(job),
                Err(why) => {
                    writeln!(out, "info string error: {why}")?;
                    writeln!(out, "bestmove (none)")?;
                    Action::Nothing
                }
            },
            // The input thread has passed it on to the search; between searches it asks
            // for nothing.
            "stop" => Action::Nothing,
            "quit" => Action::Quit,
            _ => {
                writeln!(
                    err,
                    "bitgames uci: unknown command {:?} ignored",
                    cut(line.trim(), ECHO_CHARS)
                )?;
                Action::Nothing
            }
        })
    }

    /// The search a `go` with these words asks for, or why there is none.
    fn job(&self, words: &[&str]) -> Result<Job, String> {
        let time = match words.iter().position(|&w| w == "movetime") {
            Some(i) => {
                let text = words.get(i + 1).copied().unwrap_or_default();
                let ms: u64 = text
                    .parse()
                    .map_err(|_| format!("movetime needs milliseconds, not {:?}", cut(text, 40)))?;
                if ms > MAX_MOVETIME.as_millis() as u64 {
                    return Err(format!(
                        "movetime {ms} ms is more than the most, {} ms (one hour)",
                        MAX_MOVETIME.as_millis()
                    ));
                }
                Duration::from_millis(ms.max(1))
            }
            None if words.contains(&"infinite") => MAX_MOVETIME,
            None => DEFAULT_MOVETIME,
        };
        match &self.position {
            None => Err("no position".to_owned()),
            Some(g) if g.position.outcome().is_over() => Err("the game is over".to_owned()),
            Some(g) => Ok(Job {
                game: g.clone(),
                time,
            }),
        }
    }
}

/// The engine a session's searches run on.
#[derive(Debug)]
pub struct Searcher {
    spec: EngineSpec,
    strategy: Option<String>,
    seed: u64,
    engine: Box<dyn BoardEngine>,
}

impl Searcher {
    /// Our `kind` of engine for `root`, on the kernels `strategy` names (the fastest when
    /// `None`); a bad strategy is an error.
    pub fn new(
        kind: EngineKind,
        root: AnyPosition,
        strategy: Option<&str>,
        seed: u64,
    ) -> Result<Self, UciError> {
        let spec = EngineSpec::Ours(kind);
        let engine = start(&spec, &root, strategy, seed)?;
        Ok(Searcher {
            spec,
            strategy: strategy.map(str::to_owned),
            seed,
            engine,
        })
    }

    /// A fresh engine from `root`.
    pub fn reset(&mut self, root: AnyPosition) -> Result<(), UciError> {
        self.engine = start(&self.spec, &root, self.strategy.as_deref(), self.seed)?;
        Ok(())
    }

    /// Thinks about `job` in slices of at most [`SLICE`] until its time is up or `stopped()`
    /// says so (asked after each slice); the move chosen last, or why there is none.
    pub fn search(&mut self, job: &Job, stopped: &dyn Fn() -> bool) -> Result<String, String> {
        let deadline = Instant::now() + job.time;
        let game = GameSoFar {
            root: job.game.root,
            moves: &job.game.moves,
            position: job.game.position,
        };
        loop {
            let started = Instant::now();
            let slice = deadline.saturating_duration_since(started).min(SLICE);
            let mv = self
                .engine
                .choose(&game, slice.max(Duration::from_millis(1)))
                .map_err(|fault| fault.to_string())?;
            let now = Instant::now();
            if now >= deadline || stopped() || now - started < slice / 2 {
                return Ok(mv);
            }
        }
    }
}

fn start(
    spec: &EngineSpec,
    root: &AnyPosition,
    strategy: Option<&str>,
    seed: u64,
) -> Result<Box<dyn BoardEngine>, UciError> {
    Ok(start_board_engine(
        spec,
        root,
        strategy,
        seed,
        Clock::default(),
    )??)
}

/// Writes the answer to a search: `bestmove M`, or the reason and `bestmove (none)`.
pub fn answer(out: &mut dyn Write, result: &Result<String, String>) -> io::Result<()> {
    match result {
        Ok(mv) => writeln!(out, "bestmove {mv}"),
        Err(why) => {
            writeln!(out, "info string error: {why}")?;
            writeln!(out, "bestmove (none)")
        }
    }
}

/// `startpos [moves ...]` or `fen TEXT [moves ...]` as words, each move checked by the
/// rules. `moves` is a word of its own (`startposmoves` and `movesd3` are not read as it).
fn parse_position(game: GameName, words: &[&str]) -> Result<Game, String> {
    let (root_words, moves) = match words.iter().position(|&w| w == "moves") {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let root = match root_words {
        ["startpos"] => AnyPosition::start(game).map_err(|e| e.to_string())?,
        ["fen", fen @ ..] if !fen.is_empty() => {
            AnyPosition::parse(game, &fen.join(" ")).map_err(|e| e.to_string())?
        }
        _ => {
            return Err(format!(
                "expected `position startpos` or `position fen TEXT`, not {:?}",
                cut(&root_words.join(" "), ECHO_CHARS)
            ));
        }
    };
    let mut position = root;
    let mut played = Vec::with_capacity(moves.len());
    for (i, text) in moves.iter().enumerate() {
        let mv = position
            .parse_move(text)
            .and_then(|mv| position.play(mv).map(|next| (mv, next)))
            .map_err(|e| format!("move {} ({}): {e}", i + 1, cut(text, 40)));
        let (mv, next) = mv?;
        position = next;
        played.push(mv);
    }
    Ok(Game {
        root,
        moves: played,
        position,
    })
}

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line (without its line end, `\n` or `\r\n`).
    Text(Vec<u8>),
    /// A line longer than [`MAX_LINE`] bytes, skipped.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line of at most `max` bytes; a longer line is read to its end and dropped.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Line> {
    let mut line = Vec::new();
    let mut too_long = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(err),
        };
        if buffer.is_empty() {
            return Ok(match (too_long, line.is_empty()) {
                (true, _) => Line::TooLong,
                (false, true) => Line::End,
                (false, false) => Line::Text(line),
            });
        }
        let (taken, ended) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buffer.len(), false),
        };
        let part = &buffer[..taken - usize::from(ended)];
        if !too_long && line.len() + part.len() <= max {
            line.extend_from_slice(part);
        } else {
            too_long = true;
            line = Vec::new();
        }
        input.consume(taken);
        if ended {
            if too_long {
                return Ok(Line::TooLong);
            }
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(Line::Text(line));
        }
    }
}

/// The first word of a line (ASCII whitespace separates words, as [`Session`] reads them).
fn command(line: &[u8]) -> &[u8] {
    line.split(u8::is_ascii_whitespace)
        .find(|word| !word.is_empty())
        .unwrap_or_default()
}

/// Serves `game` with our `engine` (on the kernels `strategy` names, the fastest when
/// `None`, seeded `seed`): reads `input` on a thread of its own, answers on `out` and
/// reports ignored input on `err`, until `quit` or the end of the input. A bad strategy
/// fails before the protocol starts.
pub fn serve(
    game: GameName,
    engine: EngineKind,
    strategy: Option<&str>,
    seed: u64,
    input: impl BufRead + Send + 'static,
    mut out: impl Write,
    mut err: impl Write,
) -> Result<(), UciError> {
    let mut session = Session::new(game, engine)?;
    let start = AnyPosition::start(game)?;
    let mut searcher = Searcher::new(engine, start, strategy, seed)?;

    // The input thread counts `go` lines as it reads them; a `stop` or `quit` stops every
    // search up to the last `go` read, the end of the input every search.
    let stopped_through = Arc::new(AtomicU64::new(0));
    let (lines, inbox) = mpsc::sync_channel::<io::Result<Line>>(READ_AHEAD);
    let stop = Arc::clone(&stopped_through);
    std::thread::spawn(move || {
        let mut input = input;
        let mut gos = 0;
        loop {
            let line = read_line(&mut input, MAX_LINE);
            let last = match &line {
                Ok(Line::Text(text)) => {
                    match command(text) {
                        b"go" => gos += 1,
                        b"stop" | b"quit" => stop.store(gos, Ordering::SeqCst),
                        _ => {}
                    }
                    false
                }
                Ok(Line::TooLong) => false,
                Ok(Line::End) | Err(_) => {
                    stop.store(u64::MAX, Ordering::SeqCst);
                    true
                }
            };
            if lines.send(line).is_err() || last {
                return;
            }
        }
    });

    let mut gos = 0;
    for line in inbox {
        match line {
            Ok(Line::Text(line)) => {
                if command(&line) == b"go" {
                    gos += 1;
                }
                match session.handle(&line, &mut out, &mut err)? {
                    Action::Nothing => {}
                    Action::NewEngine(root) => searcher.reset(root)?,
                    Action::Search(job) => {
                        out.flush()?;
                        let this = gos;
                        let result = searcher
                            .search(&job, &|| stopped_through.load(Ordering::SeqCst) >= this);
                        answer(&mut out, &result)?;
                    }
                    Action::Quit => break,
                }
            }
            Ok(Line::TooLong) => writeln!(
                err,
                "bitgames uci: a line longer than {MAX_LINE} bytes ignored"
            )?,
            Ok(Line::End) => break,
            Err(read) => return Err(UciError::Read(read)),
        }
        out.flush()?;
    }
    out.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(game: GameName) -> Session {
        Session::new(game, EngineKind::Random).expect("a session")
    }

    /// The answer to `line` and what to do.
    fn handle(session: &mut Session, line: &[u8]) -> (String, String, Action) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let action = session.handle(line, &mut out, &mut err).expect("in memory");
        (
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
            action,
        )
    }

    #[test]
    fn moves_must_be_a_word_of_its_own() {
        let mut s = session(GameName::Othello);
        let (out, _, _) = handle(&mut s, b"position startpos movesd3");
        assert!(out.starts_with("info string error: expected"), "{out}");
        assert!(out.contains("startpos movesd3"), "{out}");
        let (out, _, _) = handle(&mut s, b"go movetime 5");
        assert!(out.contains("no position"), "{out}");
        let (out, _, _) = handle(&mut s, b"position startpos  moves   d3 c5");
        assert_eq!(out, "");
        let (out, _, action) = handle(&mut s, b"go movetime 5");
        assert_eq!(out, "");
        let Action::Search(job) = action else {
            panic!("{action:?}")
        };
        assert_eq!(job.game.moves.len(), 2);
        assert_eq!(job.time, Duration::from_millis(5));
    }

    #[test]
    fn movetime_is_capped_at_an_hour() {
        let mut s = session(GameName::Othello);
        handle(&mut s, b"position startpos");
        for line in [
            &b"go movetime 18446744073709551615"[..],
            b"go movetime 3600001",
            b"go movetime 99999999999999999999999",
        ] {
            let (out, _, action) = handle(&mut s, line);
            assert!(matches!(action, Action::Nothing), "{action:?}");
            assert!(
                out.contains("one hour") || out.contains("milliseconds"),
                "{out}"
            );
            assert!(out.ends_with("bestmove (none)\n"), "{out}");
        }
        let (_, _, action) = handle(&mut s, b"go movetime 3600000");
        assert!(matches!(action, Action::Search(ref job) if job.time == MAX_MOVETIME));
        let (_, _, action) = handle(&mut s, b"go infinite");
        assert!(matches!(action, Action::Search(ref job) if job.time == MAX_MOVETIME));
    }

    #[test]
    fn odd_lines_are_reported_short_and_ignored() {
        let mut s = session(GameName::Amazons);
        let (out, err, action) = handle(&mut s, b"\xff\xfe uci");
        assert!(matches!(action, Action::Nothing));
        assert_eq!(out, "");
        assert!(err.contains("not UTF-8"), "{err}");
        let long = "x".repeat(10_000);
        let (out, err, _) = handle(&mut s, long.as_bytes());
        assert_eq!(out, "");
        assert!(err.len() < 300 && err.contains('…'), "{err}");
        assert_eq!(handle(&mut s, b"isready").0, "readyok\n");
    }

    #[test]
    fn lines_are_read_bounded() {
        let input = format!("uci\r\n{}\nisready\ntail", "y".repeat(100));
        let mut input = io::BufReader::with_capacity(7, input.as_bytes());
        assert_eq!(
            read_line(&mut input, 50).unwrap(),
            Line::Text(b"uci".to_vec())
        );
        assert_eq!(read_line(&mut input, 50).unwrap(), Line::TooLong);
        assert_eq!(
            read_line(&mut input, 50).unwrap(),
            Line::Text(b"isready".to_vec())
        );
        assert_eq!(
            read_line(&mut input, 50).unwrap(),
            Line::Text(b"tail".to_vec())
        );
        assert_eq!(read_line(&mut input, 50).unwrap(), Line::End);
    }

    #[test]
    fn a_stopped_search_answers_within_a_slice() {
        let root = AnyPosition::start(GameName::Othello).unwrap();
        let mut searcher = Searcher::new(EngineKind::Mcts, root, None, 1).unwrap();
        let mut s = session(GameName::Othello);
        handle(&mut s, b"position startpos moves d3");
        let Action::Search(job) = handle(&mut s, b"go movetime 600000").2 else {
            panic!("a search")
        };
        let started = Instant::now();
        let mv = searcher.search(&job, &|| true).expect("a move");
        assert!(started.elapsed() < SLICE * 3, "{:?}", started.elapsed());
        assert!(root.play_text("d3").unwrap().play_text(&mv).is_ok(), "{mv}");
    }

    /// The fuzzer's reproducer (2026-11-29): a second `position` with as many moves as the
    /// first but other ones. The engine followed the game by its number of moves, so it
    /// searched the first line's position and answered a move from it (`E2>D3^E3` where
    /// there is no worker on E2).
    #[test]
    fn another_line_of_the_same_length_is_followed_from_the_root() {
        let root = AnyPosition::start(GameName::Santorini).unwrap();
        for kind in EngineKind::ALL {
            let mut searcher = Searcher::new(kind, root, None, 1).unwrap();
            let mut s = Session::new(GameName::Santorini, kind).unwrap();
            for line in [
                &b"position startpos moves place:A1,E2 place:B1,B3"[..],
                b"position startpos moves place:A1,A2 place:B1,B3",
            ] {
                handle(&mut s, line);
                let Action::Search(mut job) = handle(&mut s, b"go movetime 5").2 else {
                    panic!("a search")
                };
                job.time = Duration::from_millis(5);
                let mv = searcher.search(&job, &|| true).expect("a move");
                assert!(job.position().play_text(&mv).is_ok(), "{kind:?}: {mv}");
            }
        }
    }
}
