//! `bitgames match`: many refereed games between two engines, ours or external programs,
//! scored with an Elo difference. The games are played by `bitgames_arena::referee`
//! ([`MatchPlan::run`]); this reads the arguments and prints.
//!
//! On SIGINT (Ctrl-C) or SIGTERM no new game starts, the games in progress are abandoned
//! (their external engines killed), and the records and summary of the games finished so
//! far are printed before the command exits non-zero.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, Result};
use bitgames::search::elo::elo_summary;
use bitgames::setup::Setup;
use bitgames::{AnyPosition, GameName};
use bitgames_arena::player::{Clock, EngineSpec, Interrupt};
use bitgames_arena::referee::{
    MatchConfig, MatchPlan, MatchReport, MatchStart, MatchSummary, Thinking, check_specs,
};
use indicatif::{ProgressBar, ProgressStyle};

use crate::position::GodsArgs;

// `--gods` (shared with every command that reads a position) keeps the help it had here: a
// match starts from the start position, so there is no --position to write the gods into.
#[derive(Debug, clap::Args)]
#[command(mut_arg("gods", |arg| arg.help(
    "Santorini: each player's god, player 1's first (`apollo,minotaur`; `mortal` has no \
     power). Replaces the gods of --position"
)))]
pub struct MatchArgs {
    game: GameName,
    /// The engine whose score is reported (it moves first in even games, second in odd
    /// ones): random, alphabeta, mcts, gtp:<command line>, nboard:<command line>,
    /// light:<command line>, uci:<command line> or entelect:<bot directory>.
    #[arg(long)]
    a: EngineSpec,
    /// Its opponent (the same choices).
    #[arg(long)]
    b: EngineSpec,
    /// Kernel strategy for engine A, if it is ours (default: the fastest).
    #[arg(long)]
    a_strategy: Option<String>,
    /// Kernel strategy for engine B, if it is ours (default: the fastest).
    #[arg(long)]
    b_strategy: Option<String>,
    /// Games to play, 1 to 1000000 (colours alternate; each opening is played with both
    /// colours).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=MAX_GAMES))]
    games: u64,
    /// Thinking time per move (a round in Tower Defence), in milliseconds [default: 20;
    /// 2000, the official limit, for Tower Defence with an entelect: bot].
    #[arg(long)]
    time_ms: Option<u64>,
    /// How long an external engine may overrun its time before it is killed and forfeits.
    #[arg(long, default_value_t = 1_000)]
    grace_ms: u64,
    /// How long an external engine may take to start and answer its handshake.
    #[arg(long, default_value_t = 10_000)]
    startup_ms: u64,
    /// The depth NBoard engines are given (`set depth`): NBoard has no per-move clock.
    #[arg(long, default_value_t = 10)]
    nboard_depth: u32,
    /// Opening length: Othello's balanced book openings of this many plies (at most 6); in
    /// the other games the most balanced of 8 random openings of this many plies.
    #[arg(long, default_value_t = 4)]
    opening_plies: u32,
    /// Games played at once, 1 to 1024 (1 when an entelect: bot plays: it runs in its own
    /// directory).
    #[arg(
        long,
        value_parser = crate::limits::threads(),
        default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get().min(crate::limits::MAX_THREADS))
    )]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    gods: GodsArgs,
    /// Print each game's record (GGF for Othello, a JSON line otherwise), in game order.
    #[arg(long)]
    records: bool,
    /// End with the summary as one JSON object, the last line of the output.
    #[arg(long)]
    json: bool,
}

/// The most games one match may have: a million games is days of engine play, and each
/// finished game is kept (small, and its record only with `--records`) until the end.
const MAX_GAMES: u64 = 1_000_000;

/// A flag that SIGINT and SIGTERM set, from now until the process ends.
fn interrupt_on_signals() -> Result<Interrupt> {
    let flag = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        signal_hook::flag::register(signal, Arc::clone(&flag))
            .with_context(|| format!("installing a handler for signal {signal}"))?;
    }
    Ok(Interrupt::from_flag(flag))
}

pub fn run_match(args: &MatchArgs) -> Result<()> {
    let plan = plan(args)?;
    // A bad game, position or strategy name fails here, before any game starts.
    let names = engine_names(&plan)?;
    let interrupt = interrupt_on_signals()?;
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template("match {wide_bar} {pos}/{len} games, {elapsed}")
            .expect("valid template"),
    );
    let report = plan.run(&interrupt, &|_| bar.inc(1))?;
    bar.finish_and_clear();
    for record in report.games.iter().filter_map(|game| game.record.as_ref()) {
        println!("{record}");
    }
    print_summary(args, &plan, &names, &report);
    if args.json {
        println!("{}", report.summary.to_json());
    }
    anyhow::ensure!(
        !report.interrupted,
        "interrupted: {} of {} games finished (their records and summary are above); the \
         games in progress were abandoned",
        report.games.len(),
        args.games
    );
    Ok(())
}

/// The match the arguments ask for, checked.
fn plan(args: &MatchArgs) -> Result<MatchPlan> {
    anyhow::ensure!(
        (1..=MAX_GAMES).contains(&args.games),
        "--games must be between 1 and {MAX_GAMES}"
    );
    let strategies = [args.a_strategy.clone(), args.b_strategy.clone()];
    for (spec, strategy, flag) in [
        (&args.a, &strategies[0], "--a-strategy"),
        (&args.b, &strategies[1], "--b-strategy"),
    ] {
        anyhow::ensure!(
            strategy.is_none() || !spec.is_external(),
            "{flag} is for our engines; {spec} is an external program"
        );
    }
    check_specs(args.game, [&args.a, &args.b])?;
    let start = if args.game == GameName::TowerDefence {
        anyhow::ensure!(!args.gods.given(), "--gods is for santorini");
        MatchStart::TowerDefence
    } else {
        MatchStart::Board(Setup::parse(args.game, None, args.gods.read()?, None)?.position)
    };
    let mut plan = MatchPlan {
        config: MatchConfig {
            a: args.a.clone(),
            b: args.b.clone(),
            strategies,
            clock: Clock {
                per_move: Duration::ZERO,
                grace: Duration::from_millis(args.grace_ms),
                startup: Duration::from_millis(args.startup_ms),
                nboard_depth: args.nboard_depth,
            },
            seed: args.seed,
            opening_plies: args.opening_plies,
        },
        start,
        games: args.games,
        threads: args.threads,
        records: args.records,
    };
    let default_ms = if plan.has_entelect_bot() { 2_000 } else { 20 };
    let time_ms = args.time_ms.unwrap_or(default_ms);
    anyhow::ensure!(time_ms > 0, "--time-ms must be positive");
    plan.config.clock.per_move = Duration::from_millis(time_ms);
    Ok(plan)
}

/// Engine A's and B's names as the summary gives them: the spec, and the kernel strategy
/// of ours in board games (which also checks the strategy names).
fn engine_names(plan: &MatchPlan) -> Result<[String; 2]> {
    let config = &plan.config;
    let MatchStart::Board(start) = plan.start else {
        return Ok([config.a.to_string(), config.b.to_string()]);
    };
    let name = |spec: &EngineSpec, strategy: Option<&str>| -> Result<String> {
        Ok(match spec {
            EngineSpec::Ours(_) => format!("{spec} ({})", strategy_name(&start, strategy)?),
            _ => spec.to_string(),
        })
    };
    Ok([
        name(&config.a, config.strategies[0].as_deref())?,
        name(&config.b, config.strategies[1].as_deref())?,
    ])
}

/// The summary lines: the match, the score with Elo, the results by seat (with Santorini's
/// gods), the time to move and every forfeit.
fn print_summary(args: &MatchArgs, plan: &MatchPlan, names: &[String; 2], report: &MatchReport) {
    let summary = &report.summary;
    let time_ms = plan.config.clock.per_move.as_millis();
    let (played, stopped) = if report.interrupted {
        (
            format!("{} of {}", report.games.len(), args.games),
            " (interrupted)",
        )
    } else {
        (args.games.to_string(), "")
    };
    println!(
        "{}: {} vs {}, {played} games at {time_ms} ms a move{stopped}",
        args.game, names[0], names[1],
    );
    println!(
        "{}",
        elo_summary(summary.a_wins, summary.draws, summary.b_wins)
    );
    println!(
        "by seat: player 1 won {}, player 2 won {}",
        summary.seat_wins[0], summary.seat_wins[1]
    );
    println!("engine a {}", results_by_seat(summary));
    println!("time to move, engine a: {}", show(&summary.thinking[0]));
    println!("time to move, engine b: {}", show(&summary.thinking[1]));
    for (index, side, reason) in &summary.forfeits {
        println!("forfeit: game {index}, engine {}: {reason}", side.name());
    }
}

/// `as player 1 (apollo): 3 won, 1 drawn, 2 lost; as player 2 (minotaur): ...`, the god in
/// Santorini only.
fn results_by_seat(summary: &MatchSummary) -> String {
    let seats: Vec<String> = (0..2)
        .map(|seat| {
            let god = summary
                .gods
                .map(|gods| format!(" ({})", gods[seat]))
                .unwrap_or_default();
            let [won, drawn, lost] = summary.a_by_seat[seat];
            format!(
                "as player {}{god}: {won} won, {drawn} drawn, {lost} lost",
                seat + 1
            )
        })
        .collect();
    seats.join("; ")
}

/// `mean 1.2 ms, longest 3.4 ms over 56 moves`.
fn show(thinking: &Thinking) -> String {
    match thinking.mean() {
        Some(mean) => format!(
            "mean {:.1} ms, longest {:.1} ms over {} moves",
            mean.as_secs_f64() * 1e3,
            thinking.longest.as_secs_f64() * 1e3,
            thinking.moves
        ),
        None => "no moves".to_owned(),
    }
}

/// The strategy `name` resolves to (the fastest when `None`), or why it is refused.
fn strategy_name(start: &AnyPosition, name: Option<&str>) -> Result<&'static str, bitgames::Error> {
    Ok(bitgames::AnyStrategy::parse_or_fastest(start.game(), name)?.name())
}
