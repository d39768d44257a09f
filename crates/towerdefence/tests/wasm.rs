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

use bitgames_towerdefence::bot::{BotConfig, Budget, choose_command};
use bitgames_towerdefence::{BuildingKind, Command, Player, PlayerState, State};
use wasm_bindgen_test::wasm_bindgen_test;
use web_time::{Duration, Instant};

/// The time the bot is given.
const BUDGET: Duration = Duration::from_millis(300);

/// Both bases at 5 health, B ahead on score. A's missile at map (11,5) and B's at map
/// (4,2) will both hit a base in the round after next, a double knock-out that B wins on
/// score, unless A blocks B's missile: a building that works by next round (attack or
/// energy, one round to build) at (0,2) or (1,2), where the missile passes next round.
/// (The position of tests/bot.rs, which checks that premise by playing it out.)
fn blocking_position() -> State {
    let numbers = |score| PlayerState {
        energy: 30,
        health: 5,
        score,
        ..PlayerState::START
    };
    State::start()
        .with_round(40)
        .and_then(|s| s.with_player(Player::A, numbers(100)))
        .and_then(|s| s.with_player(Player::B, numbers(200)))
        .and_then(|s| s.with_missiles(11, 5, Player::A, 1))
        .and_then(|s| s.with_missiles(4, 2, Player::B, 1))
        .expect("a valid state")
}

fn blocks(command: Command) -> bool {
    matches!(
        command,
        Command::Build {
            x: 0 | 1,
            y: 2,
            kind: BuildingKind::Attack | BuildingKind::Energy,
        }
    )
}

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
