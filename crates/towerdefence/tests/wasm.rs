//! The Monte Carlo bot on wasm32 with a time budget, run under Node by
//! `cargo xtask wasm-test` (wasm-bindgen-test; CI runs it): it finds the one saving command
//! of a position, on rayon's default pool and on a pool of its own (neither can start a
//! thread on wasm32, so the playouts run on the calling thread), and stops near its budget.
//!
//! What they guard: the bot reads the clock. On wasm32-unknown-unknown,
//! `std::time::Instant::now()` panics ("time not implemented on this platform"), as these
//! did while the bot used std's clock; it now uses web-time's, which reads
//! `performance.now()`. A clock that never advanced would fail them too: the bot stops only
//! when its time is up, and the elapsed time is checked.
//!
//! On other targets this file compiles to nothing.

#![cfg(target_arch = "wasm32")]

mod blocking;

use blocking::{blocking_position, blocks};

use bitgames_towerdefence::bot::{BotConfig, Budget, choose_command};
use wasm_bindgen_test::wasm_bindgen_test;
use web_time::{Duration, Instant};

/// The time the bot is given.
const BUDGET: Duration = Duration::from_millis(300);

#[wasm_bindgen_test]
fn the_bot_finds_the_saving_command_within_its_budget() {
    // threads 0: rayon's global pool; 2: a pool of the bot's own, which fails to start.
    for threads in [0, 2] {
        let config = BotConfig {
            budget: Budget::Time(BUDGET),
            threads,
            seed: 5,
            ..BotConfig::default()
        };
        let started = Instant::now();
        let choice = choose_command(&blocking_position(), &config);
        let took = started.elapsed();
        assert!(
            blocks(choice.command),
            "{threads} threads: {}",
            choice.command
        );
        assert!(choice.playouts > 0, "{threads} threads: no playout");
        // The bot may overrun by one sweep of playouts over the candidates.
        assert!(
            took >= BUDGET && took <= BUDGET + Duration::from_secs(2),
            "{threads} threads: {took:?} with a budget of {BUDGET:?}"
        );
    }
}
