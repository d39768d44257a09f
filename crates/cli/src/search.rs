//! `bitgames search`: run alpha-beta on one position and report the best move, score,
//! principal variation and speed.

use std::io::Write;

use anyhow::Result;
use bitgames::search::{AlphaBeta, Evaluate, Limits, PositionTask};
use bitgames::{AnyStrategy, GameName};
use serde::Serialize;

use crate::position::SetupArgs;

#[derive(Debug, clap::Args)]
pub struct SearchArgs {
    game: GameName,
    #[command(flatten)]
    setup: SetupArgs,
    /// Search to this depth, 1 to 64 (default: 6 when neither --time-ms nor --nodes is
    /// given, otherwise as deep as those allow).
    #[arg(long, value_parser = crate::limits::search_depth())]
    depth: Option<u32>,
    /// Stop after about this many nodes (at least 1; the first iteration always completes,
    /// so a move is always found).
    #[arg(long, value_parser = crate::limits::nodes)]
    nodes: Option<u64>,
    /// Stop after this many milliseconds.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    game: &'static str,
    strategy: &'static str,
    best_move: Option<String>,
    score: i32,
    depth: u32,
    nodes: u64,
    seconds: f64,
    nodes_per_second: f64,
    pv: Vec<String>,
}

impl SearchArgs {
    /// The deepest iteration: `--depth`, or with a time or node budget and no depth as deep
    /// as the budget allows (iterative deepening to it), or 6.
    fn max_depth(&self) -> u32 {
        match (self.depth, self.time_ms, self.nodes) {
            (Some(depth), _, _) => depth,
            (None, None, None) => 6,
            (None, _, _) => 64,
        }
    }
}

struct Search<'a>(&'a SearchArgs, AnyStrategy);

impl PositionTask for Search<'_> {
    type Output = Result<()>;

    fn run<G: Evaluate>(self, root: G) -> Result<()> {
        let Search(args, strategy) = self;
        let strategy = strategy.name();
        let limits = Limits {
            max_depth: args.max_depth().max(1),
            max_nodes: args.nodes,
            max_time: args.time_ms.map(std::time::Duration::from_millis),
        };
        let result = AlphaBeta::<G>::new(20).search(&root, limits);
        let report = Report {
            game: G::NAME,
            strategy,
            best_move: result.best_move.map(|m| m.to_string()),
            score: result.score,
            depth: result.depth,
            nodes: result.nodes,
            seconds: result.seconds,
            nodes_per_second: result.nodes_per_second(),
            pv: result.pv.iter().map(|m| m.to_string()).collect(),
        };
        if args.json {
            writeln!(std::io::stdout(), "{}", serde_json::to_string(&report)?)?;
        } else {
            writeln!(
                std::io::stdout(),
                "{} ({strategy}): best {} score {} depth {} nodes {} in {:.3} s ({:.0} nodes/s)\npv {}",
                report.game,
                report.best_move.as_deref().unwrap_or("(none)"),
                report.score,
                report.depth,
                report.nodes,
                report.seconds,
                report.nodes_per_second,
                report.pv.join(" ")
            )?;
        }
        Ok(())
    }
}

pub fn run(args: &SearchArgs) -> Result<()> {
    let setup = args.setup.read(args.game)?;
    setup
        .position
        .run(setup.strategy, Search(args, setup.strategy))?
}
