//! The match referee: plays engines ([`crate::player`]) against each other and judges every
//! move with our rules, so that an external program can neither cheat nor stall a match.
//!
//! - Every move is checked: an illegal move, a malformed reply, a crash or a timeout (the
//!   process is killed) is a [`Forfeit`] recorded with its reason, the offender loses that
//!   game, and the match goes on with a fresh process in the next game.
//! - Games start from a fixed set of openings ([`opening`]), each played twice, once with
//!   each colour: engine A moves first in even games and second in odd ones.
//! - Both engines get the same time a move ([`Clock`]); external engines are killed at that
//!   time plus the grace.
//! - [`RefereedGame::record`] writes each game (Othello as GGF, the others as one JSON
//!   line) and [`MatchSummary`] counts the match, with Elo ([`MatchSummary::to_json`]).
//! - [`MatchPlan::run`] plays a whole match on several threads: what `bitgames match` runs.
//!
//! - A match can be stopped ([`Interrupt`], e.g. on Ctrl-C): the game in progress is
//!   abandoned ([`play_board_game_until`] returns `None`), its external engines killed.
//! - A forfeit's reason is bounded (at most [`MAX_REASON`] characters; an engine's reply is
//!   quoted to at most [`MAX_QUOTED`]).
//!
//! Tower Defence has simultaneous moves and its own loop: [`towerdefence`].
//!
//! Self-play (`bitgames.distributed selfplay`, our engines only) is this same loop:
//! [`play_board_game`] with [`EngineSpec::Ours`] on both sides, so its games open, seat
//! and score exactly as `bitgames match` does.

mod openings;
mod series;
mod summary;
pub mod towerdefence;

use std::time::Instant;

use bitgames_search::{Outcome, Player};
use serde_json::json;

pub use openings::{
    BALANCED_CENTIDISCS, RANDOM_CANDIDATES, opening, othello_book_openings, random_opening,
};
pub use series::{MatchPlan, MatchReport, MatchStart, PlayedGame};
pub use summary::{MatchSummary, Thinking};

pub use crate::player::Interrupt;
use crate::player::{
    BoardEngine, Clock, EngineSpec, Fault, GameSoFar, MAX_QUOTED, shorten, start_board_engine_with,
};
use crate::{AnyMove, AnyPosition, Error, GameName};

/// Engine A (the one whose score is reported) or engine B.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    /// `--a`.
    A,
    /// `--b`.
    B,
}

impl Side {
    /// `a` or `b`, as the JSON summary writes it.
    pub fn name(self) -> &'static str {
        match self {
            Side::A => "a",
            Side::B => "b",
        }
    }

    /// 0 for A, 1 for B: the index of per-engine pairs such as [`RefereedGame::thinking`].
    pub fn index(self) -> usize {
        usize::from(self == Side::B)
    }

    /// The other engine.
    pub fn other(self) -> Side {
        match self {
            Side::A => Side::B,
            Side::B => Side::A,
        }
    }
}

/// What every game of a match shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchConfig {
    /// Engine A, whose score is reported.
    pub a: EngineSpec,
    /// Engine B.
    pub b: EngineSpec,
    /// The kernel strategy of each of our engines (the fastest when `None`).
    pub strategies: [Option<String>; 2],
    /// Time a move, grace and start-up limits.
    pub clock: Clock,
    /// Seeds the openings (where they are random) and our engines' random choices.
    pub seed: u64,
    /// Opening length in plies (see [`opening`]).
    pub opening_plies: u32,
}

impl MatchConfig {
    /// The spec of engine `side`.
    pub fn spec(&self, side: Side) -> &EngineSpec {
        match side {
            Side::A => &self.a,
            Side::B => &self.b,
        }
    }

    /// The seat of engine A in game `index`: first in even games, second in odd ones.
    pub fn a_seat(index: u64) -> Player {
        if index.is_multiple_of(2) {
            Player::First
        } else {
            Player::Second
        }
    }
}

/// Games longer than this many plies after the opening are scored as draws (none of the
/// games gets near it).
pub const MAX_PLIES: usize = 1_000;

/// The most characters of a forfeit's reason.
pub const MAX_REASON: usize = 500;

/// An engine that lost a game by breaking a rule or the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forfeit {
    /// The offender.
    pub side: Side,
    /// What it did ([`Fault`]'s message, at most [`MAX_REASON`] characters).
    pub reason: String,
}

impl Forfeit {
    /// The forfeit of `side` for `fault`, its message cut to [`MAX_REASON`] characters.
    pub fn new(side: Side, fault: &Fault) -> Self {
        Forfeit {
            side,
            reason: shorten(&fault.to_string(), MAX_REASON),
        }
    }
}

/// One refereed board game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefereedGame {
    /// Its number in the match, from 0.
    pub index: u64,
    /// Engine A's and B's names (their specs).
    pub names: [String; 2],
    /// Engine A's seat.
    pub a_seat: Player,
    /// The position the game started from.
    pub root: AnyPosition,
    /// The opening, then the engines' moves; all legal.
    pub moves: Vec<AnyMove>,
    /// How many of `moves` are the opening.
    pub opening_plies: usize,
    /// How it ended: a forfeit is a win for the other seat; `Ongoing` when the ply limit
    /// stopped it (scored as a draw).
    pub outcome: Outcome,
    /// The forfeit that ended it, if one did.
    pub forfeit: Option<Forfeit>,
    /// Engine A's and B's time to move.
    pub thinking: [Thinking; 2],
}

impl RefereedGame {
    /// The engine that won, if one did.
    pub fn winner(&self) -> Option<Side> {
        match self.outcome {
            Outcome::Win(seat) if seat == self.a_seat => Some(Side::A),
            Outcome::Win(_) => Some(Side::B),
            Outcome::Draw | Outcome::Ongoing => None,
        }
    }

    /// Engine A's score: 1 for a win, 0.5 for a draw or an unfinished game, 0 for a loss.
    pub fn a_score(&self) -> f64 {
        match self.winner() {
            Some(Side::A) => 1.0,
            Some(Side::B) => 0.0,
            None => 0.5,
        }
    }

    /// The position at the end.
    pub fn final_position(&self) -> AnyPosition {
        self.moves
            .iter()
            .try_fold(self.root, |position, &mv| position.play(mv))
            .unwrap_or(self.root)
    }

    /// The game as one line: GGF for Othello (`PB`/`PW` the engines, `RE` black's disc
    /// difference, or `+64:t`/`-64:r`-style for a forfeit by timeout or otherwise, `C`
    /// the game number and any forfeit's reason); for the other games a JSON object with
    /// `game`, `a`, `b`, `a_seat`, `root`, `opening_plies`, `moves`, `result` (`first`,
    /// `second`, `draw` or `unfinished`) and `forfeit` (`null` or `{"player", "reason"}`).
    pub fn record(&self) -> String {
        let seat_name = |side: Side| {
            let a_first = self.a_seat == Player::First;
            match (side, a_first) {
                (Side::A, true) | (Side::B, false) => "first",
                _ => "second",
            }
        };
        let a_index = usize::from(self.a_seat != Player::First);
        if let AnyPosition::Othello(root) = self.root {
            let moves: Vec<crate::othello::Move> =
                self.moves.iter().filter_map(AnyMove::othello).collect();
            let result = match (&self.forfeit, self.outcome) {
                (Some(f), Outcome::Win(seat)) => {
                    let sign = if seat == Player::First { '+' } else { '-' };
                    let kind = if f.reason.starts_with("timed out") {
                        "t"
                    } else {
                        "r"
                    };
                    format!("{sign}64:{kind}")
                }
                _ => match self.final_position() {
                    AnyPosition::Othello(end) => {
                        let (black, white) = end.discs();
                        let diff = i64::from(black.bits().count_ones())
                            - i64::from(white.bits().count_ones());
                        format!("{diff:+}")
                    }
                    _ => "?".to_owned(),
                },
            };
            let result = if self.outcome == Outcome::Ongoing {
                "?".to_owned()
            } else {
                result
            };
            let comment = match &self.forfeit {
                None => format!("game {}", self.index),
                Some(f) => format!(
                    "game {}; forfeit by {} ({}): {}",
                    self.index,
                    f.side.name(),
                    seat_name(f.side),
                    f.reason
                ),
            };
            let (black, white) = (&self.names[a_index], &self.names[1 - a_index]);
            return crate::othello::ggf::write(
                &root,
                &moves,
                &[
                    ("PC", "bitgames match"),
                    ("PB", black),
                    ("PW", white),
                    ("RE", &result),
                    ("C", &comment),
                ],
            );
        }
        let result = match self.outcome {
            Outcome::Win(Player::First) => "first",
            Outcome::Win(Player::Second) => "second",
            Outcome::Draw => "draw",
            Outcome::Ongoing => "unfinished",
        };
        json!({
            "game": self.index,
            "name": self.root.game().to_string(),
            "a": self.names[0],
            "b": self.names[1],
            "a_seat": seat_name(Side::A),
            "root": self.root.to_string(),
            "opening_plies": self.opening_plies,
            "moves": self.moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "result": result,
            "forfeit": self.forfeit.as_ref().map(|f| json!({"player": f.side.name(), "reason": f.reason})),
        })
        .to_string()
    }
}

/// Plays game `index` of a match from `root` (the game's start, or a Santorini board with
/// gods): the opening, then the engines in turn, each move checked. Engines are started
/// fresh for the game and stopped (killed, if external) when it ends.
///
/// A forced pass (Othello's only legal move) is played for the engine without asking it.
/// Errors are the referee's own (a bad strategy name, a spec for another game); whatever
/// an engine does wrong is a forfeit in the returned game.
pub fn play_board_game(
    root: AnyPosition,
    config: &MatchConfig,
    index: u64,
) -> Result<RefereedGame, Error> {
    // Nothing else holds this interrupt, so the game is played out.
    play_board_game_until(root, config, index, &Interrupt::default())?
        .ok_or_else(|| Error::Engine("the game was interrupted".to_owned()))
}

/// [`play_board_game`] until `interrupt` is set: then the game in progress is abandoned
/// (`None`), its engines stopped (external ones killed at once, ours after the move they
/// are thinking of).
pub fn play_board_game_until(
    root: AnyPosition,
    config: &MatchConfig,
    index: u64,
    interrupt: &Interrupt,
) -> Result<Option<RefereedGame>, Error> {
    let a_seat = MatchConfig::a_seat(index);
    let opening_moves = opening(&root, config.seed, config.opening_plies, index)?;
    let mut position = root;
    for &mv in &opening_moves {
        position = position.play(mv)?;
    }
    let mut game = RefereedGame {
        index,
        names: [config.a.to_string(), config.b.to_string()],
        a_seat,
        root,
        opening_plies: opening_moves.len(),
        moves: opening_moves,
        outcome: Outcome::Ongoing,
        forfeit: None,
        thinking: [Thinking::default(); 2],
    };
    let seat_of = |side: Side| match side {
        Side::A => a_seat,
        Side::B => a_seat.other(),
    };
    // A fault while the match is being stopped (most likely the interrupt's own) decides
    // nothing: the game is abandoned.
    let forfeit = |mut game: RefereedGame, side: Side, fault: Fault| {
        if interrupt.is_set() {
            return None;
        }
        game.outcome = Outcome::Win(seat_of(side.other()));
        game.forfeit = Some(Forfeit::new(side, &fault));
        Some(game)
    };
    let mut engines = match start_engines(&root, config, index, interrupt)? {
        Ok(engines) => engines,
        Err((side, fault)) => return Ok(forfeit(game, side, fault)),
    };
    while !position.outcome().is_over() && game.moves.len() - game.opening_plies < MAX_PLIES {
        if interrupt.is_set() {
            return Ok(None);
        }
        let side = if position.side_to_move() == a_seat {
            Side::A
        } else {
            Side::B
        };
        let legal = position.legal_moves();
        if let [only @ AnyMove::Othello(crate::othello::Move::Pass)] = legal[..] {
            position = position.play(only)?;
            game.moves.push(only);
            continue;
        }
        let so_far = GameSoFar {
            root,
            moves: &game.moves,
            position,
        };
        let engine = &mut engines[side.index()];
        let asked = Instant::now();
        let chosen = engine.choose(&so_far, config.clock.per_move);
        game.thinking[side.index()].record(asked.elapsed());
        let text = match chosen {
            Ok(text) => text,
            Err(fault) => return Ok(forfeit(game, side, fault)),
        };
        match judge(&position, &text) {
            Ok(mv) => {
                position = position.play(mv)?;
                game.moves.push(mv);
            }
            Err(fault) => return Ok(forfeit(game, side, fault)),
        }
    }
    game.outcome = position.outcome();
    Ok(Some(game))
}

/// Engine A's and B's players, in that order.
type Engines = Vec<Box<dyn BoardEngine>>;

/// Engines A and B for game `index` from `root`, started fresh (each with its own seed);
/// the first that cannot start is the forfeit of its side. A set interrupt stops the
/// starting with [`Fault::Interrupted`] (which abandons the game).
fn start_engines(
    root: &AnyPosition,
    config: &MatchConfig,
    index: u64,
    interrupt: &Interrupt,
) -> Result<Result<Engines, (Side, Fault)>, Error> {
    let engine_seed = config.seed ^ (index << 8);
    let mut engines = Vec::with_capacity(2);
    for (i, side) in [Side::A, Side::B].into_iter().enumerate() {
        if interrupt.is_set() {
            return Ok(Err((side, Fault::Interrupted)));
        }
        let started = start_board_engine_with(
            config.spec(side),
            root,
            config.strategies[i].as_deref(),
            engine_seed.wrapping_add(i as u64),
            config.clock,
            interrupt,
        )?;
        match started {
            Ok(engine) => engines.push(engine),
            Err(fault) => return Ok(Err((side, fault))),
        }
    }
    Ok(Ok(engines))
}

/// The move an engine answered, checked by our rules: an illegal or unreadable one is a
/// [`Fault::Illegal`] quoting it briefly.
fn judge(position: &AnyPosition, text: &str) -> Result<AnyMove, Fault> {
    position.parse_move(text).map_err(|err| {
        let reason = match err {
            Error::IllegalMove { source, .. } => source.to_string(),
            other => other.to_string(),
        };
        Fault::Illegal {
            mv: shorten(text, MAX_QUOTED),
            reason: shorten(&reason, MAX_QUOTED),
        }
    })
}

/// The game a spec list is for, checked: each engine must play `game`.
pub fn check_specs(game: GameName, specs: [&EngineSpec; 2]) -> Result<(), Error> {
    for spec in specs {
        spec.check_game(game)
            .map_err(|e| Error::Engine(e.to_string()))?;
    }
    Ok(())
}
