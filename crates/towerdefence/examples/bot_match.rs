//! Matches between bot settings: each search against the random player, and successive
//! halving against UCB, at a fixed number of playouts per move.
//!
//! `cargo run --release -p bitgames-towerdefence --example bot_match [GAMES [PLAYOUTS]]`

use std::time::Instant;

use bitgames_towerdefence::bot::{BotConfig, Budget, Controller, Search, play_games};

fn main() {
    let mut args = std::env::args().skip(1);
    let games = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let playouts = args.next().and_then(|a| a.parse().ok()).unwrap_or(2_000);
    let config = |search| BotConfig {
        budget: Budget::Playouts(playouts),
        threads: 0,
        seed: 1,
        search,
    };
    let matches = [
        (
            "halving vs random",
            config(Search::Halving),
            Controller::Random,
        ),
        ("ucb vs random", config(Search::Ucb), Controller::Random),
        (
            "halving vs ucb",
            config(Search::Halving),
            Controller::Bot(config(Search::Ucb)),
        ),
    ];
    for (name, bot, opponent) in matches {
        let start = Instant::now();
        let result = play_games(&bot, &opponent, games, 7);
        println!(
            "{name}: {playouts} playouts a move, {} games: {} wins {} ties {} losses, score {:.1}/{} ({:.1} s)",
            result.games,
            result.wins,
            result.ties,
            result.losses,
            result.score(),
            result.games,
            start.elapsed().as_secs_f64()
        );
    }
}
