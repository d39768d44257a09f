//! Builds a set of positions with exact scores from game records that our engine did not
//! play (games between other engines, say), for the evaluation's accuracy check
//! (`train_eval --ffo FILE`, `docs/othello-eval.md`).
//!
//! Every position `G` of every record whose number of empty squares is in range is solved
//! exactly (on every core, each position on one thread, under a time limit per position:
//! the ones not solved in time are left out and counted). Each becomes one line of the FFO
//! format naming the position `P` before it and the move the game played there,
//! `P; MOVE:-S;` where `S` is `G`'s exact score for its side to move: the accuracy check
//! scores the child after each listed move, which is `G` with its score `S`. So the set
//! holds the games' own positions, with the range's numbers of empties.
//!
//! (The first set scored the child after each position's *best* move instead. That
//! measures the evaluation on positions chosen for being worst for their side to move, and
//! the evaluation overrates such positions: on the same games the error was 5.91 discs with
//! a bias of +1.49 against 5.52 and -0.09 on the games' own positions. See
//! `docs/othello-eval.md`.)
//!
//! ```text
//! bitgames match othello --a "light:./light_driver 10" --b "gtp:..." --records > games.txt
//! cargo run --release -p bitgames-othello --example accuracy_set -- \
//!     --records games.txt --min-empties 20 --max-empties 26 --cache scores.bin > set.obf
//! ```

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Duration;

use bitgames_othello::solver::{self, Limits};
use bitgames_othello::training::ExactCache;
use bitgames_othello::{Move, Position, ggf};
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
    #[arg(long, default_value_t = 20)]
    min_empties: u32,
    /// Positions with at most this many empty squares.
    #[arg(long, default_value_t = 26)]
    max_empties: u32,
    /// Give up on a position after this many seconds.
    #[arg(long, default_value_t = 30)]
    max_seconds: u64,
    /// Exact scores solved before (the trainer's cache format): read when the file exists,
    /// and written back with the scores solved now, so that a rerun with a longer limit or
    /// more games solves only what is new.
    #[arg(long)]
    cache: Option<PathBuf>,
}

/// A game position to score: the position before it, the move played there, and it.
#[derive(Debug, Clone, Copy)]
struct GamePosition {
    before: Position,
    played: Move,
    position: Position,
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    let text = std::fs::read_to_string(&args.records)
        .map_err(|e| format!("{}: {e}", args.records.display()))?;
    let mut seen = HashSet::new();
    let mut positions: Vec<GamePosition> = Vec::new();
    let mut games = 0;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if !line.starts_with("(;") {
            continue;
        }
        let game = ggf::parse(line).map_err(|e| format!("line {}: {e}", number + 1))?;
        games += 1;
        let mut before = game.start;
        for recorded in &game.moves {
            let position = before
                .play(recorded.mv)
                .map_err(|e| format!("line {}: {e}", number + 1))?;
            let empties = position.empty_squares().len() as u32;
            if (args.min_empties..=args.max_empties).contains(&empties)
                && !position.is_game_over()
                && seen.insert(position)
            {
                positions.push(GamePosition {
                    before,
                    played: recorded.mv,
                    position,
                });
            }
            before = position;
        }
    }
    eprintln!(
        "{games} games, {} distinct positions with {}-{} empties",
        positions.len(),
        args.min_empties,
        args.max_empties
    );
    let mut cache = match &args.cache {
        Some(path) if path.exists() => {
            let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
            ExactCache::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        _ => ExactCache::default(),
    };
    let discs = |p: &Position| (p.player().bits(), p.opponent().bits());
    let limits = Limits::time(Duration::from_secs(args.max_seconds));
    // A chunk at a time, the cache written after each: a position can take minutes, and a
    // run stopped part-way keeps what it solved for the next.
    let mut scores: Vec<Option<i32>> = Vec::with_capacity(positions.len());
    for chunk in positions.chunks(4 * rayon::current_num_threads()) {
        let solved: Vec<Option<i32>> = chunk
            .par_iter()
            .map(|game| {
                cache.get(discs(&game.position)).or_else(|| {
                    solver::solve(&game.position, limits)
                        .ok()
                        .map(|solution| solution.score)
                })
            })
            .collect();
        if let Some(path) = &args.cache {
            let labelled: Vec<_> = chunk
                .iter()
                .zip(&solved)
                .filter_map(|(game, score)| score.map(|s| (discs(&game.position), s as f32)))
                .collect();
            cache.insert_exact(&labelled, 64);
            let partial = path.with_extension("partial");
            std::fs::write(&partial, cache.encode())
                .and_then(|()| std::fs::rename(&partial, path))
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        scores.extend(solved);
    }
    let left_out = scores.iter().filter(|s| s.is_none()).count();
    println!(
        "# {} positions with {}-{} empty squares from {games} game records ({}), each solved \
         exactly by bitgames' solver and written as the position before it with the move the \
         game played and minus its score; {left_out} not solved within {} s left out.",
        scores.len() - left_out,
        args.min_empties,
        args.max_empties,
        args.records.display(),
        args.max_seconds,
    );
    for (game, score) in positions.iter().zip(&scores) {
        if let Some(score) = score {
            println!("{}; {}:{:+};", game.before, game.played, -score);
        }
    }
    eprintln!("{left_out} left out (not solved in {} s)", args.max_seconds);
    Ok(())
}
