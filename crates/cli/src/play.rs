//! `bitgames play`: one game at the terminal, people and engines in any seats.

use std::fmt;
use std::io::{BufRead, Write};
use std::str::FromStr;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use bitgames::search::engine::{Engine, EngineKind};
use bitgames::search::{Evaluate, Outcome, Player, PositionTask};
use bitgames::{AnyStrategy, GameName};

use bitgames::match_game::MAX_PLIES;

/// Who sits in a seat of `bitgames play`: a person at the terminal or an engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// A person typing moves at the terminal.
    Human,
    /// An engine.
    Engine(EngineKind),
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Engine(kind) => kind.fmt(f),
        }
    }
}

impl FromStr for Seat {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "human" => Ok(Seat::Human),
            _ => s.parse().map(Seat::Engine).map_err(|_| {
                format!("unknown player {s:?}; choose one of: human, random, alphabeta, mcts")
            }),
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    game: GameName,
    /// Who plays first (white in Amazons, black in Othello, player 1 in Santorini): human,
    /// random, alphabeta or mcts.
    #[arg(long, default_value_t = Seat::Human)]
    white: Seat,
    /// Who plays second: human, random, alphabeta or mcts.
    #[arg(long, default_value_t = Seat::Engine(EngineKind::AlphaBeta))]
    black: Seat,
    /// Thinking time per engine move, in milliseconds.
    #[arg(long, default_value_t = 1_000)]
    time_ms: u64,
    /// Start from this position instead of the game's start.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Santorini: each player's god, player 1's first (`apollo,minotaur`; `mortal` has no
    /// power). Replaces the gods of --position.
    #[arg(long, value_name = "GOD,GOD")]
    gods: Option<String>,
    /// The kernel strategy (default: the fastest).
    #[arg(long)]
    strategy: Option<String>,
    /// Seed for random and MCTS players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Tower Defence only: games of the bot against `--black` (`random`, or any engine for
    /// the bot itself).
    #[arg(long, default_value_t = 10)]
    games: u32,
}

fn describe(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Player::First) => "the first player wins",
        Outcome::Win(Player::Second) => "the second player wins",
        Outcome::Draw => "a draw",
        Outcome::Ongoing => "unfinished (move limit): scored as a draw",
    }
}

/// Reads moves from the terminal until one is legal in `position`, explaining each refusal.
fn ask_human<G: Evaluate>(
    position: &G,
    input: &mut dyn BufRead,
    output: &mut dyn Write,
) -> Result<G::Move> {
    loop {
        write!(output, "your move: ")?;
        output.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            bail!("input ended before the game did");
        }
        match position.parse_move(line.trim()) {
            Ok(mv) => return Ok(mv),
            Err(err) => writeln!(output, "{err}; try again")?,
        }
    }
}

struct Play<'a>(&'a PlayArgs);

impl PositionTask for Play<'_> {
    type Output = Result<()>;

    fn run<G: Evaluate>(self, mut position: G) -> Result<()> {
        let args = self.0;
        let engine = |seat: Seat, seed: u64| match seat {
            Seat::Human => None,
            Seat::Engine(kind) => Some(Engine::<G>::new(kind, seed)),
        };
        let mut engines = [
            engine(args.white, args.seed),
            engine(args.black, args.seed + 1),
        ];
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut out = std::io::stdout().lock();
        let time = Duration::from_millis(args.time_ms);
        let mut plies = 0;
        while !position.outcome().is_over() && plies < MAX_PLIES {
            writeln!(out, "{position:#}")?;
            let (mv, info) = match &mut engines[position.side_to_move().index()] {
                None => (ask_human(&position, &mut input, &mut out)?, String::new()),
                Some(engine) => {
                    let choice = engine
                        .choose(&position, time)
                        .context("the engine found no move in an unfinished game")?;
                    (choice.mv, choice.info)
                }
            };
            writeln!(
                out,
                "{} plays {mv}{}{info}",
                position.side_to_move(),
                if info.is_empty() { "" } else { "  # " }
            )?;
            for engine in engines.iter_mut().flatten() {
                engine.observe(&position, mv);
            }
            position = position.play(mv);
            plies += 1;
        }
        writeln!(out, "{position:#}")?;
        writeln!(out, "result: {}", describe(position.outcome()))?;
        Ok(())
    }
}

pub fn play(args: &PlayArgs) -> Result<()> {
    if args.game == GameName::TowerDefence {
        let random = args.black == Seat::Engine(EngineKind::Random);
        return crate::towerdefence::play(random, args.games, args.time_ms, args.seed);
    }
    anyhow::ensure!(args.time_ms > 0, "--time-ms must be positive");
    let root = crate::position::root(args.game, args.position.as_deref(), args.gods.as_deref())?;
    let strategy = AnyStrategy::parse_or_fastest(args.game, args.strategy.as_deref())?;
    root.run(strategy, Play(args))?
}
