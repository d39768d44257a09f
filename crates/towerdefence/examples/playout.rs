//! A seeded random game of Entelect Challenge 2018 Tower Defence, with this crate alone:
//!
//! ```text
//! cargo run --release -p bitgames-towerdefence --example playout -- [SEED] [STATE.json]
//! ```
//!
//! Both players give uniformly random valid commands (seeded by SEED, default 1) from the
//! start, or from a `state.json` as the official engine writes it, until a base falls or
//! round 400 is played. Prints the commands of the first rounds, the final state and the
//! outcome, then replays the same commands with the other strategy and checks that both
//! strategies reach the same state.

use std::process::ExitCode;

use bitgames_towerdefence::{Bitwise, Command, Game, Naive, Player, State};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let Ok(seed) = args.next().map_or(Ok(1), |s| s.parse::<u64>()) else {
        eprintln!("error: SEED must be a whole number");
        return ExitCode::FAILURE;
    };
    let start = match args.next() {
        None => Game::<Naive>::start().state(),
        Some(path) => match std::fs::read_to_string(&path)
            .map_err(|err| err.to_string())
            .and_then(|text| State::from_json(&text).map_err(|err| err.to_string()))
        {
            Ok(state) => state,
            Err(err) => {
                eprintln!("error: {path}: {err}");
                return ExitCode::FAILURE;
            }
        },
    };

    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = Game::<Bitwise>::from_state(&start);
    let mut history: Vec<[Command; 2]> = Vec::new();
    while !game.is_over() {
        let commands = [
            game.random_command(Player::A, &mut rng),
            game.random_command(Player::B, &mut rng),
        ];
        if history.len() < 10 {
            println!(
                "round {:>3}: A {:<8} B {}",
                game.round_number(),
                or_nothing(commands[0]),
                or_nothing(commands[1])
            );
        }
        game.round(commands);
        history.push(commands);
    }
    println!("...\n{}", game.state());
    match game.outcome() {
        Some(outcome) => println!("{outcome} after {} rounds", history.len()),
        None => println!("unfinished after {} rounds", history.len()),
    }

    // The same commands through the naive simulation, the oracle.
    let mut naive = Game::<Naive>::from_state(&start);
    for commands in &history {
        naive.round(*commands);
    }
    if naive.state() != game.state() {
        eprintln!("error: the naive and bitwise simulations disagree");
        return ExitCode::FAILURE;
    }
    println!("the naive simulation agrees");
    ExitCode::SUCCESS
}

/// Doing nothing is the empty string in the engine's format: shown as `-` here.
fn or_nothing(command: Command) -> String {
    match command {
        Command::Nothing => "-".to_owned(),
        other => other.to_string(),
    }
}
