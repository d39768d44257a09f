//! Solves the positions of an FFO/Edax `.obf` file and prints, for each, the best move and
//! score found, the published best score, nodes and seconds.
//!
//! ```text
//! cargo run --release -p bitgames-othello --example ffo -- FILE [FIRST [LAST]]
//! ```
//!
//! FIRST and LAST are line numbers among the positions, from 1 (default: all). The FFO
//! problem number of a line of `othello-ffo-40-59.obf` is 39 + its line number.

use std::process::ExitCode;

use bitgames_othello::ffo;
use bitgames_othello::solver::{Limits, Options, Solver};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: ffo FILE [FIRST [LAST]]");
        return ExitCode::FAILURE;
    };
    let number = |i: usize, default: usize| match args.get(i) {
        None => Ok(default),
        Some(text) => text
            .parse::<usize>()
            .map_err(|_| format!("{text:?} is not a line number")),
    };
    let (first, last) = match (number(1, 1), number(2, usize::MAX)) {
        (Ok(first), Ok(last)) => (first, last),
        (Err(err), _) | (_, Err(err)) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(err) => {
            eprintln!("error: {path}: {err}");
            return ExitCode::FAILURE;
        }
    };
    let problems = match ffo::parse(&text) {
        Ok(problems) => problems,
        Err(err) => {
            eprintln!("error: {path}: {err}");
            return ExitCode::FAILURE;
        }
    };
    let mut solver = Solver::new(Options::default());
    let mut failures = 0;
    let (mut total_nodes, mut total_seconds) = (0, 0.0);
    println!("| line | empties | best move | score | published | nodes | seconds | Mnodes/s |");
    println!("|---|---|---|---|---|---|---|---|");
    for (i, problem) in problems.iter().enumerate() {
        if i + 1 < first || i + 1 > last {
            continue;
        }
        let solution = match solver.solve(&problem.position, Limits::NONE) {
            Ok(solution) => solution,
            Err(err) => {
                eprintln!("error: line {}: {err}", problem.line);
                return ExitCode::FAILURE;
            }
        };
        let published = problem.best_score();
        let ok = published.is_none_or(|best| best == solution.score)
            && solution
                .best_move
                .is_none_or(|mv| problem.moves.is_empty() || problem.score_of(mv) == published);
        if !ok {
            failures += 1;
        }
        total_nodes += solution.nodes;
        total_seconds += solution.seconds;
        println!(
            "| {} | {} | {} | {:+} | {} | {} | {:.3} | {:.1} |{}",
            problem.line,
            problem.empties(),
            solution.best_move.map_or("-".to_owned(), |m| m.to_string()),
            solution.score,
            published.map_or("-".to_owned(), |s| format!("{s:+}")),
            solution.nodes,
            solution.seconds,
            solution.nodes as f64 / solution.seconds.max(1e-9) / 1e6,
            if ok { "" } else { " WRONG" }
        );
    }
    println!("total: {total_nodes} nodes, {total_seconds:.3} s");
    if failures > 0 {
        eprintln!("{failures} wrong");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
