//! `bitgames match`: many refereed games between two engines, ours or external programs,
//! scored with an Elo difference (see `bitgames_arena::referee`).
//!
//! On SIGINT (Ctrl-C) or SIGTERM no new game starts, the games in progress are abandoned
//! (their external engines killed), and the records and summary of the games finished so
//! far are printed before the command exits non-zero.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context, Result};
use bitgames::search::elo::elo_summary;
use bitgames::{AnyPosition, GameName};
use bitgames_arena::player::{Clock, EngineSpec, Interrupt};
use bitgames_arena::referee::towerdefence::play_towerdefence_game_until;
use bitgames_arena::referee::{
    MatchConfig, MatchSummary, Side, Thinking, check_specs, play_board_game_until,
};
use indicatif::{ProgressBar, ProgressStyle};

#[derive(Debug, clap::Args)]
pub struct MatchArgs {
    game: GameName,
    /// The engine whose score is reported: random, alphabeta, mcts, gtp:<command line>,
    /// nboard:<command line>, light:<command line>, uci:<command line> or
    /// entelect:<bot directory>.
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
    /// Santorini: each player's god, player 1's first (`apollo,minotaur`; `mortal` has no
    /// power). Replaces the gods of --position.
    #[arg(long, value_name = "GOD,GOD")]
    gods: Option<String>,
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

/// One finished game, whatever the game.
struct Played {
    index: u64,
    /// Its record, kept only when `--records` prints it.
    record: Option<String>,
    winner: Option<(Side, bitgames::search::Player)>,
    forfeit: Option<(Side, String)>,
    thinking: [Thinking; 2],
}

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
    let entelect = [&args.a, &args.b]
        .iter()
        .any(|s| matches!(s, EngineSpec::Entelect(_)));
    let default_ms = if entelect { 2_000 } else { 20 };
    let time_ms = args.time_ms.unwrap_or(default_ms);
    anyhow::ensure!(time_ms > 0, "--time-ms must be positive");
    let config = MatchConfig {
        a: args.a.clone(),
        b: args.b.clone(),
        strategies,
        clock: Clock {
            per_move: Duration::from_millis(time_ms),
            grace: Duration::from_millis(args.grace_ms),
            startup: Duration::from_millis(args.startup_ms),
            nboard_depth: args.nboard_depth,
        },
        seed: args.seed,
        opening_plies: args.opening_plies,
    };
    let towerdefence = args.game == GameName::TowerDefence;
    // A bad game, position or strategy name fails here, before any game starts.
    let (start, names) = if towerdefence {
        anyhow::ensure!(args.gods.is_none(), "--gods is for santorini");
        (None, [args.a.to_string(), args.b.to_string()])
    } else {
        let start = crate::position::root(args.game, None, args.gods.as_deref())?;
        let name = |spec: &EngineSpec, strategy: Option<&str>| -> Result<String> {
            Ok(match spec {
                EngineSpec::Ours(_) => format!("{spec} ({})", strategy_name(&start, strategy)?),
                _ => spec.to_string(),
            })
        };
        let names = [
            name(&args.a, config.strategies[0].as_deref())?,
            name(&args.b, config.strategies[1].as_deref())?,
        ];
        (Some(start), names)
    };
    let interrupt = interrupt_on_signals()?;
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template("match {wide_bar} {pos}/{len} games, {elapsed}")
            .expect("valid template"),
    );
    let played = Mutex::new(Vec::new());
    let threads = if entelect { 1 } else { args.threads };
    // Games run on plain threads, not as tasks of a rayon pool: a rayon worker that waits
    // (our Tower Defence bot runs its playouts on a pool of its own) may pick up another
    // queued game meanwhile, and that game's whole length would count as one move's time.
    // `None`: the game was abandoned, the match being interrupted.
    let play = |index: u64| -> Result<Option<Played>> {
        let game = match start {
            None => {
                let Some(game) = play_towerdefence_game_until(&config, index, &interrupt) else {
                    return Ok(None);
                };
                let seat = |side| match (side, game.a_player) {
                    (Side::A, p) => p,
                    (Side::B, p) => p.other(),
                };
                Played {
                    index,
                    record: args.records.then(|| game.record()),
                    winner: game.winner().map(|side| {
                        let seat = match seat(side) {
                            bitgames::towerdefence::Player::A => bitgames::search::Player::First,
                            bitgames::towerdefence::Player::B => bitgames::search::Player::Second,
                        };
                        (side, seat)
                    }),
                    forfeit: game.forfeit.map(|f| (f.side, f.reason)),
                    thinking: game.thinking,
                }
            }
            Some(start) => {
                let Some(game) = play_board_game_until(start, &config, index, &interrupt)? else {
                    return Ok(None);
                };
                let winner = game.winner().map(|side| {
                    let seat = if side == Side::A {
                        game.a_seat
                    } else {
                        game.a_seat.other()
                    };
                    (side, seat)
                });
                Played {
                    index,
                    record: args.records.then(|| game.record()),
                    winner,
                    forfeit: game.forfeit.map(|f| (f.side, f.reason)),
                    thinking: game.thinking,
                }
            }
        };
        Ok(Some(game))
    };
    let next = AtomicU64::new(0);
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            scope.spawn(|| {
                loop {
                    if interrupt.is_set() {
                        break;
                    }
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= args.games {
                        break;
                    }
                    match play(index) {
                        Ok(None) => break,
                        Ok(Some(game)) => {
                            played
                                .lock()
                                .expect("no panics while holding the lock")
                                .push(game);
                            bar.inc(1);
                        }
                        Err(err) => {
                            // Stop handing out games; the first error is reported.
                            next.store(u64::MAX, Ordering::Relaxed);
                            failure
                                .lock()
                                .expect("no panics while holding the lock")
                                .get_or_insert(err);
                            break;
                        }
                    }
                }
            });
        }
    });
    if let Some(err) = failure
        .into_inner()
        .expect("no panics while holding the lock")
    {
        return Err(err);
    }
    bar.finish_and_clear();
    let mut played = played
        .into_inner()
        .expect("no panics while holding the lock");
    played.sort_by_key(|p| p.index);
    let mut summary = MatchSummary::default();
    for game in &played {
        if let Some(record) = &game.record {
            println!("{record}");
        }
        let forfeit = game
            .forfeit
            .as_ref()
            .map(|(side, reason)| (*side, reason.as_str()));
        summary.add(game.index, game.winner, forfeit);
        summary.add_thinking(game.thinking);
    }
    let interrupted = interrupt.is_set();
    if interrupted {
        println!(
            "{}: {} vs {}, {} of {} games at {time_ms} ms a move (interrupted)",
            args.game,
            names[0],
            names[1],
            played.len(),
            args.games,
        );
    } else {
        println!(
            "{}: {} vs {}, {} games at {time_ms} ms a move",
            args.game, names[0], names[1], args.games,
        );
    }
    println!(
        "{}",
        elo_summary(summary.a_wins, summary.draws, summary.b_wins)
    );
    println!(
        "by seat: player 1 won {}, player 2 won {}",
        summary.seat_wins[0], summary.seat_wins[1]
    );
    let show = |thinking: &Thinking| match thinking.mean() {
        Some(mean) => format!(
            "mean {:.1} ms, longest {:.1} ms over {} moves",
            mean.as_secs_f64() * 1e3,
            thinking.longest.as_secs_f64() * 1e3,
            thinking.moves
        ),
        None => "no moves".to_owned(),
    };
    println!("time to move, engine a: {}", show(&summary.thinking[0]));
    println!("time to move, engine b: {}", show(&summary.thinking[1]));
    for (index, side, reason) in &summary.forfeits {
        println!("forfeit: game {index}, engine {}: {reason}", side.name());
    }
    if args.json {
        println!("{}", summary.to_json());
    }
    anyhow::ensure!(
        !interrupted,
        "interrupted: {} of {} games finished (their records and summary are above); the \
         games in progress were abandoned",
        played.len(),
        args.games
    );
    Ok(())
}

/// The strategy `name` resolves to (the fastest when `None`), or why it is refused.
fn strategy_name(start: &AnyPosition, name: Option<&str>) -> Result<&'static str, bitgames::Error> {
    Ok(bitgames::AnyStrategy::parse_or_fastest(start.game(), name)?.name())
}
