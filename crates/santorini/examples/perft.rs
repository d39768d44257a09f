//! Perft from a position string, with this crate alone (and the game-generic
//! `bitgames-search` it builds on):
//!
//! ```text
//! cargo run --release -p bitgames-santorini --example perft -- [DEPTH] [POSITION]
//! ```
//!
//! Counts the leaves of the game tree DEPTH plies deep (default 4) from POSITION (default: a
//! position with all four workers placed) and prints the count under each root move. A
//! malformed position gets the parser's message, which names the offending part.

use std::process::ExitCode;
use std::time::Instant;

use bitgames_santorini::Position;
use bitgames_search::divide;

const DEFAULT_POSITION: &str = "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2";

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let depth = match args.next().as_deref().map(str::parse::<u32>) {
        None => 4,
        Some(Ok(depth)) if depth >= 1 => depth,
        Some(_) => {
            eprintln!("error: DEPTH must be a whole number of at least 1");
            return ExitCode::FAILURE;
        }
    };
    let text = args.next().unwrap_or_else(|| DEFAULT_POSITION.to_owned());
    let position: Position = match text.parse() {
        Ok(position) => position,
        Err(err) => {
            eprintln!("error: {err}");
            return ExitCode::FAILURE;
        }
    };

    println!("{position}");
    let start = Instant::now();
    let counts = divide(&position, depth);
    for (mv, nodes) in &counts {
        println!("{mv:<12} {nodes}");
    }
    let total: u64 = counts.iter().map(|(_, nodes)| nodes).sum();
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "perft {depth}: {total} nodes in {seconds:.3} s ({:.1} M nodes/s)",
        total as f64 / seconds.max(1e-9) / 1e6
    );
    ExitCode::SUCCESS
}
