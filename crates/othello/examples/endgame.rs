//! A random opening, then perfect play: with this crate alone (and the game-generic
//! `bitgames-search` it builds on).
//!
//! ```text
//! cargo run --release -p bitgames-othello --example endgame -- [SEED] [EMPTIES]
//! ```
//!
//! Plays random legal moves (seeded by SEED, default 1) from the start until EMPTIES empty
//! squares are left (default 14), asks the exact endgame solver for the final score under
//! perfect play, then lets the solver play both sides to the end and checks that the game
//! finishes with exactly that score.

use std::process::ExitCode;

use bitgames_othello::Position;
use bitgames_othello::solver::{Limits, solve};
use bitgames_search::{Game, Outcome, Player};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let seed = args.next().map_or(Ok(1), |s| s.parse::<u64>());
    let empties = args.next().map_or(Ok(14), |s| s.parse::<u32>());
    let (Ok(seed), Ok(empties)) = (seed, empties) else {
        eprintln!("usage: endgame [SEED] [EMPTIES] (whole numbers)");
        return ExitCode::FAILURE;
    };

    // The random opening.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut position = Position::start();
    let mut opening = Vec::new();
    let empty_squares =
        |p: &Position| 64 - p.disc_counts().iter().map(|&n| u32::from(n)).sum::<u32>();
    while empty_squares(&position) > empties && !position.outcome().is_over() {
        let Some(mv) = position.random_move(&mut rng) else {
            break;
        };
        opening.push(mv.to_string());
        position = position.play_unchecked(mv);
    }
    println!("random opening: {}", opening.join(" "));
    println!("position:       {position}");

    // The exact score, for the side to move.
    let solution = match solve(&position, Limits::NONE) {
        Ok(solution) => solution,
        Err(stopped) => {
            eprintln!("error: {stopped}");
            return ExitCode::FAILURE;
        }
    };
    // As black minus white, the sign `final_score` uses.
    let black_view = |score: i32, side: Player| match side {
        Player::First => score,
        Player::Second => -score,
    };
    let predicted = black_view(solution.score, position.side_to_move());
    println!(
        "solver: {} for the side to move ({} nodes, {:.3} s)",
        solution.score, solution.nodes, solution.seconds
    );

    // Perfect play to the end.
    let mut line = Vec::new();
    while let Ok(solution) = solve(&position, Limits::NONE) {
        let Some(mv) = solution.best_move else {
            break;
        };
        line.push(mv.to_string());
        position = position.play_unchecked(mv);
    }
    println!("perfect play:   {}", line.join(" "));
    println!("final position: {position}");
    let outcome = match position.outcome() {
        Outcome::Win(Player::First) => "black wins",
        Outcome::Win(Player::Second) => "white wins",
        Outcome::Draw => "a draw",
        Outcome::Ongoing => "unfinished",
    };
    let score = position.final_score();
    println!("final score (black - white): {score}, {outcome}");
    if score != predicted {
        eprintln!("error: the solver predicted {predicted}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}
