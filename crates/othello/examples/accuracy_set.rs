//! Builds a set of positions with exact scores from game records that our engine did not
//! play (games between other engines, say), for the evaluation's accuracy check
//! (`train_eval --ffo FILE`, `docs/othello-eval.md`).
//!
//! Every position of every record whose number of empty squares is in range is solved
//! exactly (on every core, each position on one thread, under a time limit per position:
//! the ones not solved in time are left out and counted). Each solved position `P` becomes
//! one line of the FFO format, `P; BEST:+S;`: the accuracy check scores the child after
//! the listed move, whose exact score is `-S`, so the positions checked have one empty
//! square fewer than the range given here.
//!
//! ```text
//! bitgames match othello --a "light:./light_driver 10" --b "gtp:..." --records > games.txt
//! cargo run --release -p bitgames-othello --example accuracy_set -- \
//!     --records games.txt --min-empties 21 --max-empties 27 > set.obf
//! ```

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use bitgames_othello::solver::{self, Limits};
use bitgames_othello::{Position, ggf};
use clap::Parser;
use rayon::prelude::*;

#[derive(Debug, Parser)]
#[command(about = "Exact scores for the positions of game records, as an FFO file")]
struct Args {
    /// The game records: every line starting with `(;` is read as one GGF game (what
    /// `bitgames match --records` prints); other lines are skipped.
    #[arg(long)]
    records: PathBuf,
    /// Positions with at least this many empty squares.
    #[arg(long, default_value_t = 21)]
    min_empties: u32,
    /// Positions with at most this many empty squares.
    #[arg(long, default_value_t = 27)]
    max_empties: u32,
    /// Give up on a position after this many seconds.
    #[arg(long, default_value_t = 30)]
    max_seconds: u64,
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.records)
        .map_err(|e| format!("{}: {e}", args.records.display()))?;
    let mut seen = HashSet::new();
    let mut positions: Vec<Position> = Vec::new();
    let mut games = 0;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if !line.starts_with("(;") {
            continue;
        }
        let game = ggf::parse(line).map_err(|e| format!("line {}: {e}", number + 1))?;
        games += 1;
        let mut position = game.start;
        for recorded in &game.moves {
            let empties = position.empty_squares().len() as u32;
            if (args.min_empties..=args.max_empties).contains(&empties)
                && !position.legal_moves().is_empty()
                && seen.insert(position)
            {
                positions.push(position);
            }
            position = position.play_unchecked(recorded.mv);
        }
    }
    eprintln!(
        "{games} games, {} distinct positions with {}-{} empties",
        positions.len(),
        args.min_empties,
        args.max_empties
    );
    let limits = Limits::time(Duration::from_secs(args.max_seconds));
    let solved: Vec<Option<(Position, solver::Solution)>> = positions
        .par_iter()
        .map(|&position| {
            solver::solve(&position, limits)
                .ok()
                .map(|solution| (position, solution))
        })
        .collect();
    let left_out = solved.iter().filter(|s| s.is_none()).count();
    println!(
        "# {} positions with {}-{} empty squares from {games} game records ({}), each solved \
         exactly by bitgames' solver with its best move; {left_out} not solved within {} s \
         left out.",
        solved.len() - left_out,
        args.min_empties,
        args.max_empties,
        args.records.display(),
        args.max_seconds,
    );
    for (position, solution) in solved.into_iter().flatten() {
        let Some(best) = solution.best_move else {
            continue;
        };
        println!("{position}; {best}:{:+};", solution.score);
    }
    eprintln!("{left_out} left out (not solved in {} s)", args.max_seconds);
    Ok(())
}
