//! `bitgames nboard`: the Othello engine behind the NBoard engine protocol (version 2), the
//! line protocol the NBoard GUI (and tools written for Edax or NTest) use to drive an engine
//! over stdin and stdout.
//!
//! Commands read, one a line:
//!
//! | command | what the engine does |
//! |---|---|
//! | `nboard N` | enters NBoard mode (any version is accepted; 2 is current) |
//! | `set depth N` | searches N plies (1..=60) from now on; answers `set myname bitgamesN` |
//! | `set game GGF` | takes the position at the end of the game record ([`bitgames::othello::ggf`]) |
//! | `set contempt N` | accepted (it must be a number); the search scores a draw as 0 whatever it is |
//! | `move MV[/EVAL[/TIME]]` | plays MV (`F5`, `PA` for a pass) on its board; a bare `F5` (protocol 1) too |
//! | `go` | `status bitgames is thinking`, `nodestats NODES SECONDS`, `=== MV/EVAL/TIME`, `status bitgames is waiting`; the board is left alone (NBoard sends the `move`) |
//! | `hint N` | `status bitgames is analysing`, one `search MV EVAL 0 DEPTH` line for each of the N best moves (best first), `nodestats`, `status bitgames is waiting` |
//! | `ping N` | `pong N` (every command is finished before the next is read) |
//! | `learn` | `learned` (there is no learning) |
//! | `quit` | exits |
//!
//! Evaluations are in discs for the side to move. `go` takes the opening book's move while
//! the position is in it, solves exactly (the endgame solver's final disc difference) once
//! at most `min(depth + 10, 22)` squares are empty, and otherwise runs alpha-beta with the
//! Othello evaluation to `set depth` plies. A forced move (one legal square, or a pass) is
//! answered at once without an eval. `hint` searches each move the same way (one ply
//! less for alpha-beta), so the GUI sees a value for every move.
//!
//! An unknown command is ignored, as the protocol asks, with a line on stderr; a malformed
//! one (a bad GGF record, an illegal move, a depth that is not a number) changes nothing and
//! is reported on stderr and as a `status` line the GUI shows.
//!
//! Protocol: Chris Welty's "NBoard Protocol" notes (distributed with NBoard and NTest); the
//! code here is our own.

use std::io::{self, BufRead, Write};
use std::time::Instant;

use anyhow::Result;
use bitgames::othello::ggf::{self, GgfError, MoveTextError};
use bitgames::othello::solver::{self, Solver};
use bitgames::othello::{Move, Position, book};
use bitgames::search::{AlphaBeta, Limits, WIN};
use thiserror::Error;

#[derive(Debug, clap::Args)]
pub struct NboardArgs {
    /// The search depth until the GUI sends `set depth`.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: u32,
}

/// The engine's name, as `set myname` reports it (with the depth appended).
const NAME: &str = "bitgames";
/// The deepest the exact solver is used from: 22 empties take about a second.
const MAX_EXACT_EMPTIES: u32 = 22;

pub fn run(args: &NboardArgs) -> Result<()> {
    let mut session = Session::new(args.depth);
    session.serve(io::stdin().lock(), io::stdout().lock(), io::stderr().lock())?;
    Ok(())
}

/// A command line that cannot be carried out.
#[derive(Debug, Error)]
enum CommandError {
    #[error("unknown command {0:?} (ignored)")]
    Unknown(String),
    #[error("{command}: expected {expected}")]
    Usage {
        command: &'static str,
        expected: &'static str,
    },
    #[error("set depth {0:?}: expected a whole number of plies from 1 to 60")]
    Depth(String),
    #[error("set contempt {0:?}: expected a number")]
    Contempt(String),
    #[error("set game: {0}")]
    Game(#[from] GgfError),
    #[error("move {text:?}: {source}")]
    MoveText { text: String, source: MoveTextError },
    #[error("move {text:?}: {source}")]
    IllegalMove {
        text: String,
        source: bitgames::othello::Error,
    },
    #[error("{0}: the game is over, there is no move to choose")]
    GameOver(&'static str),
}

impl CommandError {
    /// An unknown command is only noted on stderr; the GUI is shown the others.
    fn show_in_gui(&self) -> bool {
        !matches!(self, CommandError::Unknown(_))
    }
}

/// Whether to read another line.
enum Flow {
    Continue,
    Quit,
}

/// One move's value: what `go` answers and each line of `hint`.
struct Scored {
    mv: Move,
    /// Discs for the side to move; `None` for a forced move that was not searched.
    eval: Option<f64>,
    /// The principal variation from `mv` on (at least `mv`).
    pv: Vec<Move>,
    /// `DEPTH` of a `search` line: plies searched, or the empties of an exact solve.
    depth: String,
    nodes: u64,
}

struct Session {
    depth: u32,
    position: Position,
    searcher: AlphaBeta<Position>,
    solver: Solver,
}

impl Session {
    fn new(depth: u32) -> Session {
        Session {
            depth,
            position: Position::start(),
            searcher: AlphaBeta::new(20),
            solver: Solver::default(),
        }
    }

    /// Reads commands until `quit` or the end of the input, answering each in full (and
    /// flushing) before reading the next.
    fn serve(
        &mut self,
        input: impl BufRead,
        mut out: impl Write,
        mut errors: impl Write,
    ) -> io::Result<()> {
        let mut input = input;
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            if input.read_until(b'\n', &mut bytes)? == 0 {
                break;
            }
            // A line that is not UTF-8 is a malformed command, not the end of the session.
            let line = String::from_utf8_lossy(&bytes);
            match self.handle(line.trim(), &mut out) {
                Ok(Flow::Continue) => {}
                Ok(Flow::Quit) => break,
                Err(Failure::Io(err)) => return Err(err),
                Err(Failure::Command(err)) => {
                    writeln!(errors, "error: {err}")?;
                    errors.flush()?;
                    if err.show_in_gui() {
                        writeln!(out, "status error: {err}")?;
                    }
                }
            }
            out.flush()?;
        }
        Ok(())
    }

    fn handle(&mut self, line: &str, out: &mut impl Write) -> Result<Flow, Failure> {
        let (command, rest) = line
            .split_once(char::is_whitespace)
            .map_or((line, ""), |(c, r)| (c, r.trim()));
        match command {
            "" => {}
            "nboard" => {
                rest.parse::<u32>().map_err(|_| CommandError::Usage {
                    command: "nboard",
                    expected: "the protocol version, like \"nboard 2\"",
                })?;
            }
            "set" => self.set(rest, out)?,
            "move" => self.play(rest)?,
            "go" => self.go(out)?,
            "hint" => {
                let count =
                    rest.parse::<usize>()
                        .ok()
                        .filter(|&n| n >= 1)
                        .ok_or(CommandError::Usage {
                            command: "hint",
                            expected: "how many moves to evaluate, like \"hint 3\"",
                        })?;
                self.hint(count, out)?;
            }
            "ping" => writeln!(out, "pong {rest}")?,
            "learn" => writeln!(out, "learned")?,
            "quit" => return Ok(Flow::Quit),
            // Protocol 1 sent a move on its own.
            _ if rest.is_empty() && ggf::parse_move_text(command).is_ok() => self.play(command)?,
            _ => return Err(CommandError::Unknown(line.to_owned()).into()),
        }
        Ok(Flow::Continue)
    }

    fn set(&mut self, rest: &str, out: &mut impl Write) -> Result<(), Failure> {
        let (what, value) = rest
            .split_once(char::is_whitespace)
            .map_or((rest, ""), |(w, v)| (w, v.trim()));
        match what {
            "depth" => {
                let depth = value
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=60).contains(d))
                    .ok_or_else(|| CommandError::Depth(value.to_owned()))?;
                self.depth = depth;
                writeln!(out, "set myname {NAME}{depth}")?;
            }
            "game" => {
                let game = ggf::parse(value).map_err(CommandError::Game)?;
                self.position = game.position();
            }
            "contempt" => {
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite())
                    .ok_or_else(|| CommandError::Contempt(value.to_owned()))?;
            }
            // Other settings are for other engines: ignored, as the protocol asks.
            _ => return Err(CommandError::Unknown(format!("set {rest}")).into()),
        }
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<(), CommandError> {
        let (mv, _eval, _time) =
            ggf::parse_move_text(text).map_err(|source| CommandError::MoveText {
                text: text.to_owned(),
                source,
            })?;
        let mv = self
            .position
            .parse_move(&mv.to_string())
            .map_err(|source| CommandError::IllegalMove {
                text: text.to_owned(),
                source,
            })?;
        self.position = self.position.play(mv);
        Ok(())
    }

    fn go(&mut self, out: &mut impl Write) -> Result<(), Failure> {
        if self.position.is_game_over() {
            return Err(CommandError::GameOver("go").into());
        }
        writeln!(out, "status {NAME} is thinking")?;
        out.flush()?;
        let started = Instant::now();
        let position = self.position;
        let choice = self.best(&position);
        let seconds = started.elapsed().as_secs_f64();
        writeln!(out, "nodestats {} {seconds:.2}", choice.nodes)?;
        match choice.eval {
            Some(eval) => writeln!(out, "=== {}/{eval:.2}/{seconds:.2}", nboard_move(choice.mv))?,
            None => writeln!(out, "=== {}", nboard_move(choice.mv))?,
        }
        writeln!(out, "status {NAME} is waiting")?;
        Ok(())
    }

    fn hint(&mut self, count: usize, out: &mut impl Write) -> Result<(), Failure> {
        if self.position.is_game_over() {
            return Err(CommandError::GameOver("hint").into());
        }
        writeln!(out, "status {NAME} is analysing")?;
        out.flush()?;
        let started = Instant::now();
        let position = self.position;
        let mut scored: Vec<Scored> = position
            .legal_moves()
            .into_iter()
            .map(|mv| self.score_move(&position, mv))
            .collect();
        // Best first; equal values in square order (the sort is stable).
        scored.sort_by(|a, b| b.eval.unwrap_or(0.0).total_cmp(&a.eval.unwrap_or(0.0)));
        let nodes: u64 = scored.iter().map(|s| s.nodes).sum();
        for line in scored.iter().take(count) {
            let pv: Vec<String> = line.pv.iter().map(|&m| nboard_move(m)).collect();
            writeln!(
                out,
                "search {} {:.2} 0 {}",
                pv.join("-"),
                line.eval.unwrap_or(0.0),
                line.depth
            )?;
        }
        let seconds = started.elapsed().as_secs_f64();
        writeln!(out, "nodestats {nodes} {seconds:.2}")?;
        writeln!(out, "status {NAME} is waiting")?;
        Ok(())
    }

    /// Whether `position` is solved exactly rather than searched to the depth.
    fn exact(&self, position: &Position) -> bool {
        empties(position) <= (self.depth + 10).min(MAX_EXACT_EMPTIES)
    }

    /// The move to play: forced, from the book, solved, or searched. The position must
    /// have a legal move.
    fn best(&mut self, position: &Position) -> Scored {
        let moves = position.legal_moves();
        if let [only] = moves.as_slice() {
            return Scored {
                mv: *only,
                eval: None,
                pv: vec![*only],
                depth: String::new(),
                nodes: 0,
            };
        }
        if let Some(hit) = book::probe(position) {
            return Scored {
                mv: hit.mv,
                eval: Some(f64::from(hit.score) / 100.0),
                pv: vec![hit.mv],
                depth: "book".to_owned(),
                nodes: 0,
            };
        }
        if self.exact(position)
            && let Ok(solution) = self.solver.solve(position, solver::Limits::NONE)
            && let Some(mv) = solution.best_move
        {
            return Scored {
                mv,
                eval: Some(f64::from(solution.score)),
                pv: vec![mv],
                depth: empties(position).to_string(),
                nodes: solution.nodes,
            };
        }
        let result = self.searcher.search(position, Limits::depth(self.depth));
        let mv = result.best_move.unwrap_or(moves[0]);
        Scored {
            mv,
            eval: Some(discs(result.score)),
            pv: if result.pv.is_empty() {
                vec![mv]
            } else {
                result.pv
            },
            depth: result.depth.to_string(),
            nodes: result.nodes,
        }
    }

    /// The value of playing `mv` in `position`: the child solved or searched one ply less,
    /// negated.
    fn score_move(&mut self, position: &Position, mv: Move) -> Scored {
        let child = position.play(mv);
        if child.is_game_over() {
            let score = child.final_score();
            // final_score is black minus white; the mover is the side to move in `position`.
            let mine = if position.side_to_move() == bitgames::search::Player::First {
                score
            } else {
                -score
            };
            return Scored {
                mv,
                eval: Some(f64::from(mine)),
                pv: vec![mv],
                depth: "0".to_owned(),
                nodes: 1,
            };
        }
        if self.exact(&child)
            && let Ok(solution) = self.solver.solve(&child, solver::Limits::NONE)
        {
            return Scored {
                mv,
                eval: Some(-f64::from(solution.score)),
                pv: std::iter::once(mv).chain(solution.best_move).collect(),
                depth: empties(&child).to_string(),
                nodes: solution.nodes,
            };
        }
        let result = self
            .searcher
            .search(&child, Limits::depth(self.depth.saturating_sub(1).max(1)));
        Scored {
            mv,
            eval: Some(-discs(result.score)),
            pv: std::iter::once(mv).chain(result.pv).collect(),
            depth: (result.depth + 1).to_string(),
            nodes: result.nodes,
        }
    }
}

/// Why a command failed: the command (reported, then the session goes on) or the pipes
/// (the session ends).
enum Failure {
    Command(CommandError),
    Io(io::Error),
}

impl From<CommandError> for Failure {
    fn from(err: CommandError) -> Self {
        Failure::Command(err)
    }
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        Failure::Io(err)
    }
}

fn empties(position: &Position) -> u32 {
    position.empty_squares().count_ones()
}

/// The alpha-beta score (hundredths of a disc, or a win/loss found in the tree) in discs;
/// a proven win or loss, whose margin the search does not know, is ±64.
fn discs(score: i32) -> f64 {
    if score.abs() >= WIN - 1000 {
        64.0 * f64::from(score.signum())
    } else {
        f64::from(score) / 100.0
    }
}

/// NBoard's spelling of a move: `F5`, `PA`.
fn nboard_move(mv: Move) -> String {
    match mv {
        Move::Play(square) => square.to_string().to_ascii_uppercase(),
        Move::Pass => "PA".to_owned(),
    }
}
