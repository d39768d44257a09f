//! `bitgames solve othello`: exact endgame solving, of one position or of a file of FFO-style
//! problems (which also checks the published scores).

use std::io::Write;
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use bitgames::othello::solver::{Limits, Options, Solver};
use bitgames::othello::{Position, ffo};
use bitgames::solve::SolveRecord;

use bitgames::GameName;

#[derive(Debug, clap::Args)]
pub struct SolveArgs {
    /// The game (only othello has a solver).
    game: GameName,
    /// Solve this position (the Edax board string).
    #[arg(long, allow_hyphen_values = true, conflicts_with = "file")]
    position: Option<String>,
    /// Solve every position of a file in the FFO format (board, side to move, then each move
    /// with its exact score), checking the best score against the file.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Give up on a position after this many nodes.
    #[arg(long)]
    max_nodes: Option<u64>,
    /// Search threads, 1 to 1024 (Young Brothers Wait over a shared table; the score is
    /// exact, the node count varies from run to run). At most the machine's cores are
    /// started: more only slow the solve down (1,000 threads on 2 cores took 40 times as
    /// long).
    #[arg(long, default_value_t = 1, value_parser = crate::limits::threads())]
    threads: usize,
    /// Print JSON Lines: one object per position.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &SolveArgs) -> Result<()> {
    if args.game != GameName::Othello {
        bail!("only othello has an endgame solver");
    }
    let limits = Limits {
        max_nodes: args.max_nodes,
        max_time: None,
    };
    let mut solver = Solver::new(Options {
        threads: args.threads.min(crate::limits::cores()),
        ..Options::default()
    });
    let print = |r: &SolveRecord, extra: &str| -> Result<()> {
        if args.json {
            writeln!(std::io::stdout(), "{}", serde_json::to_string(r)?)?;
        } else {
            writeln!(
                std::io::stdout(),
                "{}  best {}  score {:+}  {} nodes  {:.3} s{extra}",
                r.position,
                r.best_move.as_deref().unwrap_or("(none)"),
                r.score,
                r.nodes,
                r.seconds
            )?;
        }
        Ok(())
    };
    match (&args.position, &args.file) {
        (Some(text), _) => {
            let position: Position = text
                .parse()
                .with_context(|| format!("invalid othello position {text:?}"))?;
            let solution = solver.solve(&position, limits)?;
            print(&SolveRecord::new(&position, &solution), "")
        }
        (None, Some(path)) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("reading {}", path.display()))?;
            let problems = ffo::parse(&text).with_context(|| format!("in {}", path.display()))?;
            let mut wrong = Vec::new();
            for problem in &problems {
                let solution = solver
                    .solve(&problem.position, limits)
                    .with_context(|| format!("line {}", problem.line))?;
                let expected = problem.best_score();
                let check = match expected {
                    Some(e) if e == solution.score => "  (matches the file)".to_owned(),
                    Some(e) => {
                        wrong.push(problem.line);
                        format!("  (the file says {e:+})")
                    }
                    None => String::new(),
                };
                print(&SolveRecord::new(&problem.position, &solution), &check)?;
            }
            if !wrong.is_empty() {
                bail!("scores differ from the file on lines {wrong:?}");
            }
            Ok(())
        }
        (None, None) => bail!("give --position or --file"),
    }
}
