//! `bitgames play`: one game at the terminal, people and engines in any seats.

use std::fmt;
use std::io::{BufRead, Write};
use std::str::FromStr;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use bitgames::GameName;
use bitgames::search::engine::{Engine, EngineKind};
use bitgames::search::{Evaluate, Outcome, Player, PositionTask};
use bitgames::setup::Setup;

use bitgames_arena::referee::MAX_PLIES;

use crate::position::SetupArgs;

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
    /// Who moves first: human, random, alphabeta or mcts [default: human; alphabeta when
    /// the second player is a person].
    #[arg(long)]
    first: Option<Seat>,
    /// Who moves second: human, random, alphabeta or mcts [default: alphabeta]. In Tower
    /// Defence, the bot's opponent (`random`, or any engine for the bot itself).
    #[arg(long)]
    second: Option<Seat>,
    /// Who plays black: the first player in Othello, the second in the Amazons (and, as
    /// before colours were told apart, the second in Santorini and Tower Defence).
    #[arg(long)]
    black: Option<Seat>,
    /// Who plays white: the second player in Othello, the first in the Amazons (and the
    /// first in Santorini and Tower Defence).
    #[arg(long)]
    white: Option<Seat>,
    /// Thinking time per engine move, in milliseconds.
    #[arg(long, default_value_t = 1_000)]
    time_ms: u64,
    #[command(flatten)]
    setup: SetupArgs,
    /// Seed for random and MCTS players.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Tower Defence only: games of the bot against `--second` (`random`, or any engine
    /// for the bot itself).
    #[arg(long, default_value_t = 10)]
    games: u32,
}

impl PlayArgs {
    /// Who sits first and who second: `--first`/`--second`, or the colour that moves first
    /// or second in this game (black first in Othello, white first in the Amazons); naming
    /// one seat twice is refused.
    fn seats(&self) -> Result<[Seat; 2]> {
        let (first_colour, second_colour) = match self.game {
            GameName::Othello => (("--black", self.black), ("--white", self.white)),
            _ => (("--white", self.white), ("--black", self.black)),
        };
        let seat =
            |flag: &str, by_seat: Option<Seat>, (colour, by_colour)| match (by_seat, by_colour) {
                (Some(_), Some(_)) => {
                    bail!("{flag} and {colour} name the same player of {}", self.game)
                }
                (seat, None) | (None, seat) => Ok(seat),
            };
        let first = seat("--first", self.first, first_colour)?;
        let second = seat("--second", self.second, second_colour)?;
        let engine = Seat::Engine(EngineKind::AlphaBeta);
        Ok(match (first, second) {
            // A person named for the second seat plays the engine, not another person.
            (None, Some(Seat::Human)) => [engine, Seat::Human],
            (first, second) => [first.unwrap_or(Seat::Human), second.unwrap_or(engine)],
        })
    }
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

struct Play<'a>(&'a PlayArgs, [Seat; 2]);

impl PositionTask for Play<'_> {
    type Output = Result<()>;

    fn run<G: Evaluate>(self, mut position: G) -> Result<()> {
        let args = self.0;
        let engine = |seat: Seat, seed: u64| match seat {
            Seat::Human => None,
            Seat::Engine(kind) => Some(Engine::<G>::new(kind, seed)),
        };
        let mut engines = [
            engine(self.1[0], args.seed),
            engine(self.1[1], args.seed + 1),
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
    let seats = args.seats()?;
    if args.game == GameName::TowerDefence {
        let random = seats[1] == Seat::Engine(EngineKind::Random);
        return crate::towerdefence::play(random, args.games, args.time_ms, args.seed);
    }
    anyhow::ensure!(args.time_ms > 0, "--time-ms must be positive");
    let Setup { position, strategy } = args.setup.read(args.game)?;
    position.run(strategy, Play(args, seats))?
}
