//! The position both bot tests (native `bot.rs`, and `wasm.rs` on wasm32) search: one
//! saving command, and how to tell it.

use bitgames_towerdefence::{BuildingKind, Command, Player, PlayerState, State};

/// Both bases at 5 health, B ahead on score. A's missile at map (11,5) and B's at map
/// (4,2) will both hit a base in the round after next, a double knock-out that B wins on
/// score, unless A blocks B's missile: a building that works by next round (attack or
/// energy, one round to build) at (0,2) or (1,2), where the missile passes next round.
pub fn blocking_position() -> State {
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

pub fn blocks(command: Command) -> bool {
    matches!(
        command,
        Command::Build {
            x: 0 | 1,
            y: 2,
            kind: BuildingKind::Attack | BuildingKind::Energy,
        }
    )
}
