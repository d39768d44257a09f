//! A seeded random game of the Amazons, with this crate alone (and the game-generic
//! `bitgames-search` it builds on):
//!
//! ```text
//! cargo run --release -p bitgames-amazons --example random_game -- [SEED] [POSITION]
//! ```
//!
//! Plays random legal moves (seeded by SEED, default 1) from POSITION (default: the start)
//! to the end of the game, printing every tenth position with the min-distance evaluation
//! (territory and mobility features, from white's point of view), and the winner. A
//! malformed position gets the parser's message, which names the offending part.

use std::process::ExitCode;

use bitgames_amazons::Position;
use bitgames_amazons::eval::evaluate;
use bitgames_search::{Game, Outcome, Player};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Ok(seed) = args.next().map_or(Ok(1), |s| s.parse::<u64>()) else {
        eprintln!("error: SEED must be a whole number");
        return ExitCode::FAILURE;
    };
    let mut position = match args.next() {
        None => Position::start(),
        Some(text) => match text.parse::<Position>() {
            Ok(position) => position,
            Err(err) => {
                eprintln!("error: {err}");
                return ExitCode::FAILURE;
            }
        },
    };

    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut plies = 0u32;
    loop {
        if plies.is_multiple_of(10) {
            let score = evaluate(&position).score(Player::First);
            println!(
                "ply {plies:>3}: {position}  ({} moves, evaluation {score:+.2})",
                position.count_legal_moves()
            );
        }
        let Some(mv) = position.random_move(&mut rng) else {
            break;
        };
        position = position.play_unchecked(mv);
        plies += 1;
    }
    println!("ply {plies:>3}: {position}");
    // White moves first; the side to move without a move loses.
    let winner = match position.outcome() {
        Outcome::Win(Player::First) => "white wins",
        Outcome::Win(Player::Second) => "black wins",
        Outcome::Draw | Outcome::Ongoing => "no winner",
    };
    println!("{winner} after {plies} plies");
    ExitCode::SUCCESS
}
