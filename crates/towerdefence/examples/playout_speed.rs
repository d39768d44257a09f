//! Random playouts from the start with every strategy: rounds per second on one thread,
//! then on every core with the fastest strategy.
//!
//! `cargo run --release -p bitgames-towerdefence --example playout_speed [GAMES [STRATEGY]]`

use bitgames_towerdefence::random::{playouts, playouts_serial};
use bitgames_towerdefence::{
    Fastest, Simulation, State, Strategy, StrategyVisitor, for_each_strategy,
};

struct Speed(u64, Option<String>);

impl StrategyVisitor for Speed {
    fn visit<S: Simulation>(&mut self) {
        if self.1.as_deref().is_some_and(|only| only != S::NAME) {
            return;
        }
        let games = if S::NAME == "naive" {
            self.0 / 20
        } else {
            self.0
        };
        let (stats, time) = playouts_serial::<S>(&State::start(), games, 1);
        let secs = time.as_secs_f64();
        println!(
            "{:<8} 1 thread : {:>7} games {:>9} rounds in {:.3} s = {:>6.2} M rounds/s, {:>8.0} games/s ({:.1} rounds a game)",
            S::NAME,
            stats.games,
            stats.rounds,
            secs,
            stats.rounds as f64 / secs / 1e6,
            stats.games as f64 / secs,
            stats.rounds as f64 / stats.games as f64
        );
    }
}

fn main() {
    let games = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    for_each_strategy(&mut Speed(games, std::env::args().nth(2)));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (stats, time) = playouts::<Fastest>(&State::start(), games, 1, threads);
    let secs = time.as_secs_f64();
    println!(
        "{:<8} {threads} threads: {:>7} games {:>9} rounds in {:.3} s = {:>6.2} M rounds/s",
        Fastest::NAME,
        stats.games,
        stats.rounds,
        secs,
        stats.rounds as f64 / secs / 1e6
    );
}
