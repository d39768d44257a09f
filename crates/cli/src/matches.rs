//! `bitgames match`: many engine games, scored with an Elo difference.

use std::sync::Mutex;
use std::time::Duration;

use anyhow::Result;
use bitgames::search::{Evaluate, Outcome, PositionTask};
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use bitgames::match_game::{MatchSettings, play_named_match_game_from};
use bitgames::search::elo::elo_summary;
use bitgames::search::engine::EngineKind;
use bitgames::{AnyPosition, GameName};

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
    /// Santorini: each player's god, player 1's first (`apollo,minotaur`; `mortal` has no
    /// power). Replaces the gods of --position.
    #[arg(long, value_name = "GOD,GOD")]
    gods: Option<String>,
}

pub fn run_match(args: &MatchArgs) -> Result<()> {
    anyhow::ensure!(args.games > 0, "--games must be at least 1");
    anyhow::ensure!(args.threads > 0, "--threads must be at least 1");
    let strategies = [args.a_strategy.as_deref(), args.b_strategy.as_deref()];
    let settings = MatchSettings {
        a: args.a,
        b: args.b,
        time: Duration::from_millis(args.time_ms),
        seed: args.seed,
        opening_plies: args.opening_plies,
    };
    // A bad game or strategy name fails here, before any game starts.
    let start = crate::position::root(args.game, None, args.gods.as_deref())?;
    let [a_strategy, b_strategy] = strategies.map(|name| strategy_name(&start, name));
    let (a_strategy, b_strategy) = (a_strategy?, b_strategy?);
    let bar = ProgressBar::new(args.games as u64);
    bar.set_style(
        ProgressStyle::with_template("match {wide_bar} {pos}/{len} games, {elapsed}")
            .expect("valid template"),
    );
    // A's wins, draws, A's losses; then wins by seat (player 1, player 2).
    let tally = Mutex::new([0usize; 5]);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads)
        .build()?;
    pool.install(|| {
        (0..args.games)
            .into_par_iter()
            .try_for_each(|game| -> Result<()> {
                let played = play_named_match_game_from(start, strategies, &settings, game as u64)?;
                let mut tally = tally.lock().expect("no panics while holding the lock");
                match played.outcome {
                    Outcome::Win(p) if p == played.a_seat => tally[0] += 1,
                    Outcome::Win(_) => tally[2] += 1,
                    _ => tally[1] += 1,
                }
                if let Outcome::Win(p) = played.outcome {
                    tally[3 + p.index()] += 1;
                }
                bar.inc(1);
                Ok(())
            })
    })?;
    bar.finish_and_clear();
    let [wins, draws, losses, first, second] =
        *tally.lock().expect("no panics while holding the lock");
    println!(
        "{}: {} ({a_strategy}) vs {} ({b_strategy}), {} games at {} ms a move",
        args.game,
        args.a.name(),
        args.b.name(),
        args.games,
        args.time_ms
    );
    println!("{}", elo_summary(wins, draws, losses));
    println!("by seat: player 1 won {first}, player 2 won {second}");
    Ok(())
}

/// The strategy `name` resolves to (the fastest when `None`), or why it is refused.
fn strategy_name(start: &AnyPosition, name: Option<&str>) -> Result<&'static str, bitgames::Error> {
    struct Name;
    impl PositionTask for Name {
        type Output = &'static str;
        fn run<G: Evaluate>(self, _: G, strategy: &'static str) -> &'static str {
            strategy
        }
    }
    start.run(name, Name)
}
