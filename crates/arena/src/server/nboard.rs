//! `bitgames nboard`: the Othello engine behind the NBoard engine protocol (version 2), the
//! line protocol the NBoard GUI (and tools written for Edax or NTest) use to drive an engine
//! over stdin and stdout.
//!
//! Commands read, one a line:
//!
//! | command | what the engine does |
//! |---|---|
//! | `nboard N` | enters NBoard mode (any version is accepted; 2 is current) |
//! | `set depth N` | searches at most N plies (1..=60) from now on; answers `set myname bitgamesN` |
//! | `set game GGF` | takes the position at the end of the game record ([`bitgames::othello::ggf`]), and its clock (`TI`, the moves' times) when it has one |
//! | `set contempt N` | accepted (it must be a number); the search scores a draw as 0 whatever it is |
//! | `move MV[/EVAL[/TIME]]` | plays MV (`F5`, `PA` for a pass) on its board (TIME counts on the mover's clock); a bare `F5` (protocol 1) too |
//! | `go` | `status bitgames is thinking`, `nodestats NODES SECONDS`, `=== MV/EVAL/TIME`, `status bitgames is waiting`; the board is left alone (NBoard sends the `move`) |
//! | `hint N` | `status bitgames is analysing`, one `search PV EVAL 0 DEPTH` line for each of the N best moves (best first), `nodestats`, `status bitgames is waiting` |
//! | `ping N` | `pong N` (every command is finished before the next is read) |
//! | `learn` | `learned` (there is no learning) |
//! | `quit` | exits |
//!
//! Evaluations are in discs for the side to move. `go` takes the opening book's move while
//! the position is in it, solves exactly (the endgame solver's final disc difference) once
//! at most `min(depth + 10, 22)` squares are empty, and otherwise runs alpha-beta with the
//! Othello evaluation to `set depth` plies. A forced move (one legal square, or a pass) is
//! answered at once without an eval. `hint` values each move the same way (the child solved,
//! or searched one ply less), so the GUI sees a value for every move.
//!
//! **Depths.** The `DEPTH` of a `search` line is `100%` for an exact value (a solve, or a
//! move that ends the game): NBoard then shows the value as exact. Otherwise it is the
//! plies searched, counting the move itself, from the alpha-beta iteration that completed.
//!
//! **Book values.** The book stores a 9-ply search score for the side to move, and 9 is odd:
//! each side's score ends on its own move, so both sides look ahead by about two discs in
//! the opening. A book move is played as the book says, but its eval is the move valued as
//! `hint` values it (the child searched `set depth - 1` plies, negated): the same meaning and
//! the same sign as every other eval this engine reports.
//!
//! **Time.** `set depth` is the most plies a search goes to, not a promise to reach them:
//! every `go` and `hint` answers within a time budget, `--time-ms` (10 s by default), or less
//! when the game record carries a clock (`TI[15:00]` and the moves' times): then the side to
//! move's time left shared over the moves it still has to make. Alpha-beta deepens one ply
//! at a time and reports the deepest iteration it completed within the budget; a solve that
//! cannot finish in time falls back to alpha-beta. `hint` shares its budget over the moves.
//! The protocol is sequential, so `ping` is answered once the command before it has
//! answered, which the budget bounds.
//!
//! An unknown command is ignored, as the protocol asks, with a line on stderr; a malformed
//! one (a bad GGF record, an illegal move, a depth that is not a number) changes nothing and
//! is reported on stderr and as a `status` line the GUI shows.
//!
//! Protocol: Chris Welty's "NBoard Protocol" notes (distributed with NBoard and NTest); the
//! code here is our own.

use std::io::{self, BufRead, Write};
use std::time::{Duration, Instant};

use bitgames::othello::ggf::{self, GgfError, MoveTextError};
use bitgames::othello::solver::{self, Solver};
use bitgames::othello::{Move, Position, book};
use bitgames::search::{AlphaBeta, Limits, Player, WIN};
use thiserror::Error;

/// The engine's name, as `set myname` reports it (with the depth appended).
const NAME: &str = "bitgames";
/// The deepest the exact solver is used from: 22 empties take about a second.
const MAX_EXACT_EMPTIES: u32 = 22;
/// The most plies `set depth` (and [`Session::new`]) accept.
pub const MAX_DEPTH: u32 = 60;

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
    /// `DEPTH` of a `search` line: plies searched, or `100%` for an exact value.
    depth: String,
    nodes: u64,
}

/// The `DEPTH` NBoard reads as an exact value (a proven score, not a search's estimate).
const EXACT: &str = "100%";

/// The game's clock, from the `TI` of the `set game` record: each side's main time and the
/// time each has used (the moves' recorded times, and the times of later `move` commands).
#[derive(Debug, Clone, Copy)]
struct Clock {
    main: f64,
    /// Seconds used by black, then white.
    used: [f64; 2],
}

impl Clock {
    /// The clock of `game`, if its `TI` names a main time (`15:00`, `1:00:00`, `900`,
    /// optionally followed by `/increment/...`, which is ignored).
    fn of(game: &ggf::GgfGame) -> Option<Clock> {
        let main = parse_clock_time(game.property("TI")?.split('/').next()?)?;
        let mut clock = Clock {
            main,
            used: [0.0; 2],
        };
        for m in &game.moves {
            clock.spend(m.player, m.time);
        }
        Some(clock)
    }

    fn spend(&mut self, player: Player, seconds: Option<f64>) {
        if let Some(seconds) = seconds.filter(|s| s.is_finite() && *s > 0.0) {
            self.used[side_index(player)] += seconds;
        }
    }

    /// What `player` has left.
    fn left(&self, player: Player) -> f64 {
        (self.main - self.used[side_index(player)]).max(0.0)
    }
}

fn side_index(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// `[[h:]m:]s` in seconds, or `None` when it is not that.
fn parse_clock_time(text: &str) -> Option<f64> {
    let mut seconds = 0.0;
    let parts: Vec<&str> = text.trim().split(':').collect();
    if parts.len() > 3 {
        return None;
    }
    for part in parts {
        let value: f64 = part.trim().parse().ok()?;
        if !value.is_finite() || value < 0.0 {
            return None;
        }
        seconds = seconds * 60.0 + value;
    }
    Some(seconds)
}

/// One NBoard session: the position, the clock and the search depth the GUI has set, and
/// the search and solver tables kept from one command to the next.
pub struct Session {
    depth: u32,
    /// The most one `go` or `hint` may take (`--time-ms`).
    time_limit: Duration,
    position: Position,
    clock: Option<Clock>,
    searcher: AlphaBeta<Position>,
    solver: Solver,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session")
            .field("depth", &self.depth)
            .field("time_limit", &self.time_limit)
            .field("position", &self.position)
            .field("clock", &self.clock)
            .finish_non_exhaustive()
    }
}

impl Session {
    /// A session at the start position that searches `depth` plies (1 to [`MAX_DEPTH`],
    /// clamped) until the GUI sends `set depth`, and answers each `go` or `hint` within
    /// `time_limit` (less when the game record has a clock).
    pub fn new(depth: u32, time_limit: Duration) -> Session {
        Session {
            depth: depth.clamp(1, MAX_DEPTH),
            time_limit,
            position: Position::start(),
            clock: None,
            searcher: AlphaBeta::new(20),
            solver: Solver::default(),
        }
    }

    /// Back to a fresh session's position, clock, depth and time limit, keeping the search
    /// and solver tables (which take tens of megabytes to build): what a fuzz target does
    /// between inputs. A kept table can change a searched move, not a parse.
    pub fn reset(&mut self, depth: u32, time_limit: Duration) {
        self.depth = depth.clamp(1, MAX_DEPTH);
        self.time_limit = time_limit;
        self.position = Position::start();
        self.clock = None;
    }

    /// The time one `go` or `hint` on the current position may take: `--time-ms`, or less
    /// when the game has a clock (the side to move's time left over the moves it still has
    /// to make, and one more to keep a reserve).
    fn budget(&self) -> Duration {
        let Some(clock) = &self.clock else {
            return self.time_limit;
        };
        let own_moves = empties(&self.position).div_ceil(2) + 1;
        let share = clock.left(self.position.side_to_move()) / f64::from(own_moves);
        Duration::try_from_secs_f64(share)
            .unwrap_or_default()
            .min(self.time_limit)
    }

    /// Reads commands until `quit` or the end of the input, answering each in full (and
    /// flushing) before reading the next; malformed commands are reported on `errors` (and
    /// as a `status` line on `out`). An error is one of the streams failing.
    pub fn serve(
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
                    .filter(|d| (1..=MAX_DEPTH).contains(d))
                    .ok_or_else(|| CommandError::Depth(value.to_owned()))?;
                self.depth = depth;
                writeln!(out, "set myname {NAME}{depth}")?;
            }
            "game" => {
                let game = ggf::parse(value).map_err(CommandError::Game)?;
                self.position = game.position();
                self.clock = Clock::of(&game);
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
        let (mv, _eval, time) =
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
        if let Some(clock) = &mut self.clock {
            clock.spend(self.position.side_to_move(), time);
        }
        self.position = self.position.play_unchecked(mv);
        Ok(())
    }

    fn go(&mut self, out: &mut impl Write) -> Result<(), Failure> {
        if self.position.is_game_over() {
            return Err(CommandError::GameOver("go").into());
        }
        writeln!(out, "status {NAME} is thinking")?;
        out.flush()?;
        let started = Instant::now();
        let deadline = started + self.budget();
        let position = self.position;
        let choice = self.best(&position, deadline);
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
        let deadline = started + self.budget();
        let position = self.position;
        let moves = position.legal_moves();
        let mut scored: Vec<Scored> = Vec::with_capacity(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            // An equal share of what is left for each move still to value; time a move
            // does not use passes to the next.
            let left = deadline.saturating_duration_since(Instant::now());
            let share = left / u32::try_from(moves.len() - i).unwrap_or(u32::MAX);
            scored.push(self.score_move(&position, mv, Instant::now() + share));
        }
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

    /// The move to play: forced, from the book, solved, or searched, by `deadline`. The
    /// position must have a legal move.
    fn best(&mut self, position: &Position, deadline: Instant) -> Scored {
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
            // The book's move, valued as `hint` values it (see the module docs: the stored
            // 9-ply score favours whichever side is to move).
            return self.score_move(position, hit.mv, deadline);
        }
        if self.exact(position)
            && let Ok(solution) = self.solver.solve(position, solve_limits(deadline))
            && let Some(mv) = solution.best_move
        {
            return Scored {
                mv,
                eval: Some(f64::from(solution.score)),
                pv: vec![mv],
                depth: EXACT.to_owned(),
                nodes: solution.nodes,
            };
        }
        let result = self
            .searcher
            .search(position, search_limits(self.depth, deadline));
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

    /// The value of playing `mv` in `position` by `deadline`: the child solved or searched
    /// one ply less, negated.
    fn score_move(&mut self, position: &Position, mv: Move, deadline: Instant) -> Scored {
        let child = position.play_unchecked(mv);
        if child.is_game_over() {
            let score = child.final_score();
            // final_score is black minus white; the mover is the side to move in `position`.
            let mine = if position.side_to_move() == Player::First {
                score
            } else {
                -score
            };
            return Scored {
                mv,
                eval: Some(f64::from(mine)),
                pv: vec![mv],
                depth: EXACT.to_owned(),
                nodes: 1,
            };
        }
        if self.exact(&child)
            && let Ok(solution) = self.solver.solve(&child, solve_limits(deadline))
        {
            return Scored {
                mv,
                eval: Some(-f64::from(solution.score)),
                pv: std::iter::once(mv).chain(solution.best_move).collect(),
                depth: EXACT.to_owned(),
                nodes: solution.nodes,
            };
        }
        let result = self.searcher.search(
            &child,
            search_limits(self.depth.saturating_sub(1).max(1), deadline),
        );
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

/// A solve's limits: three quarters of the time left to `deadline`, so that a solve that
/// cannot finish leaves alpha-beta the rest.
fn solve_limits(deadline: Instant) -> solver::Limits {
    solver::Limits::time(deadline.saturating_duration_since(Instant::now()) * 3 / 4)
}

/// Alpha-beta to `depth` plies or until `deadline`, whichever comes first (depth 1 always
/// completes, so there is always a move).
fn search_limits(depth: u32, deadline: Instant) -> Limits {
    Limits {
        max_depth: depth,
        max_nodes: None,
        max_time: Some(deadline.saturating_duration_since(Instant::now())),
    }
}

fn empties(position: &Position) -> u32 {
    position.empty_squares().len() as u32
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
