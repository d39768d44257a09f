//! `bitgames compare`: the command-line face of [`bitgames::compare`].

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result};
use bitgames::GameName;
use bitgames::compare::{compare, svg};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The game to compare; every game when omitted.
    game: Option<GameName>,
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
    /// Also write the chart (ns per call, log scale, one group per operation) as an SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

pub fn run(args: &Args) -> Result<()> {
    anyhow::ensure!(args.instances > 0, "--instances must be at least 1");
    let games = match args.game {
        Some(game) => vec![game],
        None => GameName::ALL.to_vec(),
    };
    let mut stdout = std::io::stdout().lock();
    let mut reports = Vec::new();
    for game in games {
        let report = compare(game, args.instances, args.seed, true)?;
        if args.json {
            writeln!(stdout, "{}", serde_json::to_string(&report)?)?;
        } else if args.markdown {
            write!(stdout, "{}", report.markdown())?;
        } else {
            write!(stdout, "{}", report.table())?;
        }
        reports.push(report);
    }
    if let Some(path) = &args.svg {
        std::fs::write(path, svg::chart(&reports))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}
