//! `bitgames compare`: prove the strategies agree on random instances, then time them.

mod amazons;
mod othello;
mod santorini;
mod timing;
mod towerdefence;

use std::io::Write;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::Game;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to compare; every game when omitted.
    game: Option<Game>,
    /// Random instances to generate per game.
    #[arg(long, default_value_t = 100_000)]
    instances: usize,
    /// Seed for the instance generator.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print JSON Lines (one object per game) instead of a table.
    #[arg(long, conflicts_with = "markdown")]
    json: bool,
    /// Print a Markdown table instead of a plain one.
    #[arg(long)]
    markdown: bool,
}

/// One timed (operation, strategy) pair.
#[derive(Debug, Clone, Serialize)]
pub struct Measurement {
    pub operation: &'static str,
    pub strategy: String,
    pub ns_per_call: f64,
    /// Naive's time for the same operation divided by this one's.
    pub speedup_vs_naive: f64,
}

/// Everything `compare` found for one game.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub game: &'static str,
    pub instances: usize,
    pub seed: u64,
    pub target: String,
    pub results: Vec<Measurement>,
}

pub fn run(args: &Args) -> Result<()> {
    anyhow::ensure!(args.instances > 0, "--instances must be at least 1");
    let games = match args.game {
        Some(game) => vec![game],
        None => Game::ALL.to_vec(),
    };
    let mut stdout = std::io::stdout().lock();
    for game in games {
        let report = match game {
            Game::Santorini => santorini::compare(args.instances, args.seed)?,
            Game::Othello => othello::compare(args.instances, args.seed)?,
            Game::Amazons => amazons::compare(args.instances, args.seed)?,
            Game::Towerdefence => towerdefence::compare(args.instances, args.seed)?,
        };
        if args.json {
            writeln!(stdout, "{}", serde_json::to_string(&report)?)?;
        } else if args.markdown {
            write!(stdout, "{}", markdown(&report))?;
        } else {
            write!(stdout, "{}", table(&report))?;
        }
    }
    Ok(())
}

/// A progress bar on stderr (drawn only when stderr is a terminal).
pub fn progress(len: u64, game: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    bar.set_style(
        ProgressStyle::with_template("{prefix} {wide_bar} {pos}/{len} {msg}")
            .expect("valid template"),
    );
    bar.set_prefix(game.to_owned());
    bar
}

impl Report {
    /// A game's report: every measurement's speed-up over the `baseline` strategy for the
    /// same operation, measurements ordered by `operations` (then by strategy order).
    pub fn new(
        game: &'static str,
        instances: usize,
        seed: u64,
        mut results: Vec<Measurement>,
        baseline: &str,
        operations: &[&str],
    ) -> Report {
        let base: Vec<(&'static str, f64)> = results
            .iter()
            .filter(|m| m.strategy == baseline)
            .map(|m| (m.operation, m.ns_per_call))
            .collect();
        for m in &mut results {
            if let Some(&(_, ns)) = base.iter().find(|(op, _)| *op == m.operation) {
                m.speedup_vs_naive = ns / m.ns_per_call;
            }
        }
        results.sort_by_key(|m| operations.iter().position(|&op| op == m.operation));
        Report {
            game,
            instances,
            seed,
            target: crate::target::description(),
            results,
        }
    }
}

fn heading(report: &Report) -> String {
    format!(
        "{}: {} instances, seed {}, all strategies agree; target {}",
        report.game, report.instances, report.seed, report.target
    )
}

fn table(report: &Report) -> String {
    let mut out = format!("{}\n", heading(report));
    out.push_str(&format!(
        "{:<12} {:<24} {:>12} {:>9}\n",
        "operation", "strategy", "ns/call", "speed-up"
    ));
    for m in &report.results {
        out.push_str(&format!(
            "{:<12} {:<24} {:>12.2} {:>8.2}x\n",
            m.operation, m.strategy, m.ns_per_call, m.speedup_vs_naive
        ));
    }
    out
}

fn markdown(report: &Report) -> String {
    let mut out = format!("{}\n\n", heading(report));
    out.push_str("| operation | strategy | ns/call | speed-up vs naive |\n|---|---|---:|---:|\n");
    for m in &report.results {
        out.push_str(&format!(
            "| {} | {} | {:.2} | {:.2}x |\n",
            m.operation, m.strategy, m.ns_per_call, m.speedup_vs_naive
        ));
    }
    out.push('\n');
    out
}
