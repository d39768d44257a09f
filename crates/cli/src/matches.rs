//! `bitgames match`: many engine games, scored with an Elo difference.

use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Context, Result};
use bitgames::search::{Evaluate, Outcome, Player};
use indicatif::{ProgressBar, ProgressStyle};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use bitgames::search::elo::elo_summary;
use bitgames::search::engine::{Engine, EngineKind};
use bitgames::{GameName, GameTask, dispatch};

/// Games longer than this are scored as draws (none of the games gets near it).
pub const MAX_PLIES: u32 = 1_000;

#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    game: GameName,
    /// The engine whose score is reported: random, alphabeta or mcts.
    #[arg(long)]
    a: EngineKind,
    /// Its opponent: random, alphabeta or mcts.
    #[arg(long)]
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
    for _ in 0..MAX_PLIES {
        if a_position.outcome().is_over() {
            return Ok(a_position.outcome());
        }
        let text = if a_position.side_to_move() == a_seat {
            a.choose(&a_position, time).map(|c| c.mv.to_string())
        } else {
            b.choose(&b_position, time).map(|c| c.mv.to_string())
        }
        .context("an engine found no move in an unfinished game")?;
        let a_move = a_position.parse_move(&text)?;
        let b_move = b_position.parse_move(&text)?;
        a.observe(&a_position, a_move);
        b.observe(&b_position, b_move);
        a_position = a_position.play(a_move);
        b_position = b_position.play(b_move);
    }
    Ok(Outcome::Ongoing)
}

pub fn run_match(args: &MatchArgs) -> Result<()> {
    dispatch(args.game, args.a_strategy.as_deref(), Match(args))
}
