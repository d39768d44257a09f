//! `bitgames play` (one game, people welcome) and `bitgames match` (many engine games).

use std::io::Write;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use bitgames_search::{Evaluate, Outcome, Player};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use crate::Game as GameName;
use crate::engines::{Engine, EngineKind};
use crate::games::{GameTask, dispatch};

/// Games longer than this are scored as draws (none of the games gets near it).
const MAX_PLIES: u32 = 1_000;

#[derive(Debug, clap::Args)]
pub struct PlayArgs {
    game: GameName,
    /// Who plays first (white in Amazons, black in Othello, player 1 in Santorini).
    #[arg(long, value_enum, default_value_t = EngineKind::Human)]
    white: EngineKind,
    /// Who plays second.
    #[arg(long, value_enum, default_value_t = EngineKind::Alphabeta)]
    black: EngineKind,
    /// Thinking time per engine move, in milliseconds.
    #[arg(long, default_value_t = 1_000)]
    time_ms: u64,
    /// Start from this position instead of the game's start.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
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

#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    game: GameName,
    /// The engine whose score is reported.
    #[arg(long, value_enum)]
    a: EngineKind,
    /// Its opponent.
    #[arg(long, value_enum)]
    b: EngineKind,
    /// Kernel strategy for engine A (default: the fastest).
    #[arg(long)]
    a_strategy: Option<String>,
    /// Kernel strategy for engine B (default: the fastest).
    #[arg(long)]
    b_strategy: Option<String>,
    /// Games to play (colours alternate; each opening is played with both colours).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Thinking time per move, in milliseconds.
    #[arg(long, default_value_t = 20)]
    time_ms: u64,
    /// Random plies from the start before the engines take over, for varied openings.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Games played at once.
    #[arg(long, default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()))]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

fn describe(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Player::First) => "the first player wins",
        Outcome::Win(Player::Second) => "the second player wins",
        Outcome::Draw => "a draw",
        Outcome::Ongoing => "unfinished (move limit): scored as a draw",
    }
}

struct Play<'a>(&'a PlayArgs);

impl GameTask for Play<'_> {
    type Output = ();

    fn run<G: Evaluate>(self, _: &'static str) -> Result<()> {
        let args = self.0;
        if args.white == EngineKind::Human || args.black == EngineKind::Human {
            anyhow::ensure!(args.time_ms > 0, "--time-ms must be positive");
        }
        let mut position: G = match &args.position {
            Some(text) => text
                .parse()
                .with_context(|| format!("invalid {} position {text:?}", G::NAME))?,
            None => G::start(),
        };
        let mut engines = [
            Engine::<G>::new(args.white, args.seed),
            Engine::<G>::new(args.black, args.seed + 1),
        ];
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut out = std::io::stdout().lock();
        let time = Duration::from_millis(args.time_ms);
        let mut plies = 0;
        while !position.outcome().is_over() && plies < MAX_PLIES {
            writeln!(out, "{position:#}")?;
            let seat = position.side_to_move().index();
            let (mv, info) = engines[seat].choose(&position, time, &mut input, &mut out)?;
            writeln!(
                out,
                "{} plays {mv}{}{info}",
                ["first", "second"][seat],
                if info.is_empty() { "" } else { "  # " }
            )?;
            for engine in &mut engines {
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

/// The Elo difference that a score fraction `s` implies (logistic model).
fn elo(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Wins, draws and losses of engine A, with the Elo difference and a 95% interval: the
/// Wilson score interval of the score fraction, mapped through the Elo curve (unlike the
/// plain normal approximation it stays finite and honest at 0% and 100%).
pub fn elo_summary(wins: usize, draws: usize, losses: usize) -> String {
    let n = (wins + draws + losses) as f64;
    let s = (wins as f64 + draws as f64 / 2.0) / n;
    let z: f64 = 1.96;
    let centre = (s + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (s * (1.0 - s) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    let format_elo = |s: f64| {
        // Rounding can leave a bound a hair inside 0 or 1.
        if s <= 1e-9 {
            "-inf".to_owned()
        } else if s >= 1.0 - 1e-9 {
            "+inf".to_owned()
        } else {
            format!("{:+.0}", elo(s) + 0.0)
        }
    };
    format!(
        "{wins} wins, {draws} draws, {losses} losses (score {:.1}%): Elo difference {} (95% interval {} to {})",
        100.0 * s,
        format_elo(s),
        format_elo(centre - half),
        format_elo(centre + half)
    )
}

/// A match, dispatched first on engine A's kernels; engine B's are dispatched inside.
struct Match<'a>(&'a MatchArgs);

impl GameTask for Match<'_> {
    type Output = ();

    fn run<G: Evaluate>(self, a_strategy: &'static str) -> Result<()> {
        let args = self.0;
        // Engine B may use other kernels: dispatch again for its position type.
        dispatch(
            args.game,
            args.b_strategy.as_deref(),
            MatchWithA::<G> {
                args,
                a_strategy,
                a: std::marker::PhantomData,
            },
        )
    }
}

struct MatchWithA<'a, A> {
    args: &'a MatchArgs,
    a_strategy: &'static str,
    a: std::marker::PhantomData<A>,
}

impl<A: Evaluate> GameTask for MatchWithA<'_, A> {
    type Output = ();

    fn run<B: Evaluate>(self, b_strategy: &'static str) -> Result<()> {
        let (args, a_strategy) = (self.args, self.a_strategy);
        anyhow::ensure!(args.games > 0, "--games must be at least 1");
        anyhow::ensure!(args.threads > 0, "--threads must be at least 1");
        if args.a == EngineKind::Human || args.b == EngineKind::Human {
            bail!("match is for engines; use `bitgames play` to play yourself");
        }
        let time = Duration::from_millis(args.time_ms);
        let bar = ProgressBar::new(args.games as u64);
        bar.set_style(
            ProgressStyle::with_template("match {wide_bar} {pos}/{len} games, {elapsed}")
                .expect("valid template"),
        );
        let tally = Mutex::new([0usize; 3]);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads)
            .build()?;
        pool.install(|| {
            (0..args.games)
                .into_par_iter()
                .try_for_each(|game| -> Result<()> {
                    let opening_seed = args
                        .seed
                        .wrapping_mul(1_000_003)
                        .wrapping_add((game / 2) as u64);
                    let mut rng = Xoshiro256PlusPlus::seed_from_u64(opening_seed);
                    let mut start_a: A = A::start();
                    let mut opening = Vec::new();
                    for _ in 0..args.opening_plies {
                        match start_a.random_move(&mut rng) {
                            Some(mv) => {
                                opening.push(mv.to_string());
                                start_a = start_a.play(mv);
                            }
                            None => break,
                        }
                    }
                    // A plays the first player in even games and the second in odd ones, so each
                    // opening is played with both colours.
                    let a_seat = if game % 2 == 0 {
                        Player::First
                    } else {
                        Player::Second
                    };
                    let seed = args.seed ^ ((game as u64) << 8);
                    let outcome = play_pair::<A, B>(&start_a, &opening, a_seat, args, seed, time)?;
                    let mut tally = tally.lock().expect("no panics while holding the lock");
                    match outcome {
                        Outcome::Win(p) if p == a_seat => tally[0] += 1,
                        Outcome::Win(_) => tally[2] += 1,
                        _ => tally[1] += 1,
                    }
                    bar.inc(1);
                    Ok(())
                })
        })?;
        bar.finish_and_clear();
        let [wins, draws, losses] = *tally.lock().expect("no panics while holding the lock");
        println!(
            "{}: {} ({a_strategy}) vs {} ({b_strategy}), {} games at {} ms a move",
            A::NAME,
            args.a.name(),
            args.b.name(),
            args.games,
            args.time_ms
        );
        println!("{}", elo_summary(wins, draws, losses));
        Ok(())
    }
}

/// Plays one game: engine A (kernels of `A`) in `a_seat`, engine B (kernels of `B`) in the
/// other, both from the start position after `opening`.
fn play_pair<A: Evaluate, B: Evaluate>(
    start: &A,
    opening: &[String],
    a_seat: Player,
    args: &MatchArgs,
    seed: u64,
    time: Duration,
) -> Result<Outcome> {
    let mut a_position = *start;
    let mut b_position: B = B::start();
    for mv in opening {
        b_position = b_position.play(b_position.parse_move(mv)?);
    }
    let mut a = Engine::<A>::new(args.a, seed);
    let mut b = Engine::<B>::new(args.b, seed + 1);
    let (mut sink_in, mut sink_out) = (std::io::empty(), std::io::sink());
    for _ in 0..MAX_PLIES {
        if a_position.outcome().is_over() {
            return Ok(a_position.outcome());
        }
        let text = if a_position.side_to_move() == a_seat {
            a.choose(&a_position, time, &mut sink_in, &mut sink_out)?
                .0
                .to_string()
        } else {
            b.choose(&b_position, time, &mut sink_in, &mut sink_out)?
                .0
                .to_string()
        };
        let a_move = a_position.parse_move(&text)?;
        let b_move = b_position.parse_move(&text)?;
        a.observe(&a_position, a_move);
        b.observe(&b_position, b_move);
        a_position = a_position.play(a_move);
        b_position = b_position.play(b_move);
    }
    Ok(Outcome::Ongoing)
}

pub fn play(args: &PlayArgs) -> Result<()> {
    if args.game == GameName::Towerdefence {
        let random = args.black == EngineKind::Random;
        return crate::towerdefence::play(random, args.games, args.time_ms, args.seed);
    }
    dispatch(args.game, args.strategy.as_deref(), Play(args))
}

pub fn run_match(args: &MatchArgs) -> Result<()> {
    dispatch(args.game, args.a_strategy.as_deref(), Match(args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_summary_by_hand() {
        // 75% is +191 Elo (400 log10 3); 50% is 0.
        assert!(elo_summary(75, 0, 25).contains("Elo difference +191"));
        assert!(elo_summary(10, 0, 10).contains("Elo difference +0"));
        // A clean sweep has an infinite estimate but a finite lower bound.
        let sweep = elo_summary(20, 0, 0);
        assert!(
            sweep.contains("Elo difference +inf (95% interval +"),
            "{sweep}"
        );
        assert!(!sweep.contains("interval +inf"), "{sweep}");
        assert!(sweep.ends_with("to +inf)"), "{sweep}");
    }
}
