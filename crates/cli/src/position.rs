//! `bitgames perft`, `bitgames moves` and `bitgames apply`: the same shape for every game.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use bitgames::santorini::God;
use bitgames::search::{Evaluate, PositionTask, perft_parallel, perft_split};
use bitgames::setup::{self, Setup};
use bitgames::{AnyPosition, AnyStrategy, GameName};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct PerftArgs {
    game: GameName,
    /// Plies to search (at most 30).
    #[arg(value_parser = crate::limits::perft_depth())]
    depth: u32,
    #[command(flatten)]
    setup: SetupArgs,
    /// Print each root move with the leaves below it.
    #[arg(long)]
    divide: bool,
    /// Worker threads, 1 to 1024 (one task per root move, so no more are started than
    /// there are root moves). Default: the machine's cores.
    #[arg(
        long,
        default_value_t = std::thread::available_parallelism().map_or(1, |n| n.get()),
        value_parser = crate::limits::threads()
    )]
    threads: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
    /// Count through the distinct positions K plies down, each once, multiplied by the
    /// number of move sequences that reach it (transposition-merged splitting).
    #[arg(long, value_name = "K")]
    split_depth: Option<u32>,
    /// With --split-depth: also merge positions that are images of one another under the
    /// board's symmetries (Othello's 8; other games have none yet).
    #[arg(long, requires = "split_depth")]
    symmetry: bool,
}

#[derive(Debug, clap::Args)]
pub struct MovesArgs {
    game: GameName,
    #[command(flatten)]
    position: PositionArgs,
}

#[derive(Debug, clap::Args)]
pub struct ApplyArgs {
    game: GameName,
    #[command(flatten)]
    position: PositionArgs,
    /// Moves in the game's notation, played in order.
    #[arg(required = true)]
    moves: Vec<String>,
}

#[derive(Debug, Serialize)]
struct PerftReport<'a> {
    game: &'a str,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    strategy: &'a str,
    threads: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    split_depth: Option<u32>,
    /// Distinct positions counted (with --split-depth).
    #[serde(skip_serializing_if = "Option::is_none")]
    units: Option<usize>,
}

struct Perft<'a>(&'a PerftArgs, AnyStrategy);

/// What one perft run counted, before it is printed.
struct Counted<M> {
    nodes: u64,
    /// The leaves below each root move (or each split unit's root move).
    divided: Vec<(M, u64)>,
    /// Distinct positions counted (with --split-depth).
    units: Option<usize>,
    /// The threads used: no more than there are root moves.
    threads: usize,
}

impl PositionTask for Perft<'_> {
    type Output = Result<()>;

    fn run<G: Evaluate>(self, root: G) -> Result<()> {
        let Perft(args, strategy) = self;
        let start = Instant::now();
        let counted = count(args, &root, start)?;
        let seconds = start.elapsed().as_secs_f64();
        let report = PerftReport {
            game: G::NAME,
            depth: args.depth,
            nodes: counted.nodes,
            seconds,
            nodes_per_second: counted.nodes as f64 / seconds.max(1e-9),
            strategy: strategy.name(),
            threads: counted.threads,
            split_depth: args.split_depth,
            units: counted.units,
        };
        print_perft(args, &report, &counted.divided)
    }
}

/// Counts the leaves `args.depth` plies below `root`: split through the distinct positions
/// with --split-depth, else one task per root move; a progress bar on stderr once a run
/// takes more than a second (started at `start`).
fn count<G: Evaluate>(args: &PerftArgs, root: &G, start: Instant) -> Result<Counted<G::Move>> {
    let show_after_a_second = |bar: &ProgressBar, shown: &AtomicBool| {
        // Runs under a second finish before the bar would be worth drawing.
        if !args.json
            && start.elapsed() > Duration::from_secs(1)
            && !shown.swap(true, Ordering::Relaxed)
        {
            bar.set_draw_target(ProgressDrawTarget::stderr());
        }
        bar.inc(1);
    };
    let shown = AtomicBool::new(false);
    if args.depth == 0 {
        return Ok(Counted {
            nodes: 1,
            divided: Vec::new(),
            units: None,
            threads: args.threads,
        });
    }
    if let Some(k) = args.split_depth {
        anyhow::ensure!(
            (1..=args.depth).contains(&k),
            "--split-depth must be between 1 and the depth ({})",
            args.depth
        );
        let bar = delayed_progress_bar(0, "positions");
        let (nodes, divided) =
            perft_split(root, args.depth, k, args.symmetry, args.threads, |total| {
                bar.set_length(total as u64);
                show_after_a_second(&bar, &shown);
            })?;
        let units = Some(bar.length().unwrap_or(0) as usize);
        bar.finish_and_clear();
        return Ok(Counted {
            nodes,
            divided,
            units,
            threads: args.threads,
        });
    }
    let root_moves = root.legal_moves().as_ref().len();
    // One task per root move: a thread more would have nothing to do.
    let threads = args.threads.min(root_moves.max(1));
    let bar = delayed_progress_bar(root_moves as u64, "root moves");
    let divided = perft_parallel(root, args.depth, threads, || {
        show_after_a_second(&bar, &shown)
    })?;
    bar.finish_and_clear();
    Ok(Counted {
        nodes: divided.iter().map(|(_, n)| n).sum(),
        divided,
        units: None,
        threads,
    })
}

/// Prints a perft's report: one JSON object with --json, else the root moves' counts (with
/// --divide, sorted by move) and the summary lines.
fn print_perft<M: std::fmt::Display>(
    args: &PerftArgs,
    report: &PerftReport<'_>,
    divided: &[(M, u64)],
) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(report)?)?;
        return Ok(());
    }
    if args.divide {
        let mut lines: Vec<(String, u64)> =
            divided.iter().map(|(mv, n)| (mv.to_string(), *n)).collect();
        lines.sort();
        for (mv, n) in lines {
            writeln!(out, "{mv} {n}")?;
        }
        writeln!(out)?;
    }
    let threads = report.threads;
    writeln!(
        out,
        "{} perft {} (strategy {}, {} thread{})\nnodes     {}\ntime      {:.3} s\nnodes/s   {:.0}",
        report.game,
        report.depth,
        report.strategy,
        threads,
        if threads == 1 { "" } else { "s" },
        report.nodes,
        report.seconds,
        report.nodes_per_second
    )?;
    Ok(())
}

/// A progress bar that draws nothing until the caller switches it to stderr.
fn delayed_progress_bar(len: u64, units: &str) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::hidden());
    bar.set_style(
        ProgressStyle::with_template(&format!(
            "perft {{wide_bar}} {{pos}}/{{len}} {units}, {{elapsed}}, eta {{eta}}"
        ))
        .expect("valid template"),
    );
    bar
}

/// The flags of every command that starts from a position: the position and Santorini's
/// gods, read by the registry's one parser ([`bitgames::setup`]).
#[derive(Debug, Clone, Default, clap::Args)]
pub struct PositionArgs {
    /// Start from this position (the game's notation); the game's start position when
    /// omitted.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    #[command(flatten)]
    gods: GodsArgs,
}

impl PositionArgs {
    /// The position of `game` these flags name.
    pub fn read(&self, game: GameName) -> Result<AnyPosition> {
        Ok(self.setup(game, None)?.position)
    }

    /// The position and the strategy `strategy` names: the one call to the registry's parser.
    fn setup(&self, game: GameName, strategy: Option<&str>) -> Result<Setup> {
        let gods = self.gods.read()?;
        Ok(Setup::parse(
            game,
            self.position.as_deref(),
            gods,
            strategy,
        )?)
    }
}

/// Santorini's `--gods`: in [`PositionArgs`], and on its own in `bitgames match` (which has
/// no --position), so that every command reads the flag the same way.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct GodsArgs {
    /// Santorini: each player's god, player 1's first (`apollo,minotaur`; `mortal` has no
    /// power), written into --position in place of its gods (athena[^] and # kept).
    #[arg(long, value_name = "GOD,GOD")]
    gods: Option<String>,
}

impl GodsArgs {
    /// Whether --gods was given (a game without gods refuses it before reading it).
    pub fn given(&self) -> bool {
        self.gods.is_some()
    }

    /// The two gods, player 1's first, when given.
    pub fn read(&self) -> Result<Option<[God; 2]>> {
        Ok(self.gods.as_deref().map(setup::parse_gods).transpose()?)
    }
}

/// [`PositionArgs`] and the kernel strategy: the flags of every command that runs work on
/// a position.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SetupArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// The kernel strategy (default: the fastest).
    #[arg(long)]
    strategy: Option<String>,
}

impl SetupArgs {
    /// The position and strategy of `game` these flags name.
    pub fn read(&self, game: GameName) -> Result<Setup> {
        self.position.setup(game, self.strategy.as_deref())
    }
}

pub fn perft(args: &PerftArgs) -> Result<()> {
    let Setup { position, strategy } = args.setup.read(args.game)?;
    position.run(strategy, Perft(args, strategy))?
}

pub fn moves(args: &MovesArgs) -> Result<()> {
    let root = args.position.read(args.game)?;
    let mut out = std::io::stdout().lock();
    for mv in root.legal_move_names() {
        writeln!(out, "{mv}")?;
    }
    Ok(())
}

pub fn apply(args: &ApplyArgs) -> Result<()> {
    let mut current = args.position.read(args.game)?;
    for (i, text) in args.moves.iter().enumerate() {
        current = current
            .play_text(text)
            .with_context(|| format!("move {} ({})", i + 1, excerpt(text)))?;
    }
    println!("{current}");
    Ok(())
}

/// At most the first 40 characters of `text`, with `...` when there is more: how an
/// error quotes input of any length.
fn excerpt(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_owned(),
    }
}
