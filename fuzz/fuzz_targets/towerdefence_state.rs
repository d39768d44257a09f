//! Tower Defence `state.json` ([`State::from_json`]), as the engine writes it for a bot.
//!
//! Input: the file's text. A state that reads must write ([`State::to_json`]) to text that
//! reads back as the same state, load into both strategies (the naive oracle and the
//! bitwise kernels) unchanged, list valid commands for both players, and play a few rounds
//! from there (commands chosen from those lists by a hash of the input) with the two
//! strategies agreeing field by field. Nothing may panic.

#![no_main]

use bitgames::towerdefence::{Bitwise, Command, Game, Naive, Player, State};
use bitgames_fuzz::{Choices, text};
use libfuzzer_sys::fuzz_target;

/// Rounds played from a state that reads.
const ROUNDS: usize = 4;

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let state = match State::from_json(&text) {
        Ok(state) => state,
        Err(err) => {
            let _ = err.to_string();
            return;
        }
    };
    let written = state.to_json();
    let again = State::from_json(&written)
        .unwrap_or_else(|err| panic!("to_json of a state that read does not read back: {err}"));
    assert_eq!(again.first_difference(&state), None);
    assert_eq!(again, state);
    let _ = (state.is_over(), state.outcome(), state.validate());

    let mut naive = Game::<Naive>::from_state(&state);
    let mut bitwise = Game::<Bitwise>::from_state(&state);
    assert_eq!(naive.state().first_difference(&state), None, "naive load");
    assert_eq!(
        bitwise.state().first_difference(&state),
        None,
        "bitwise load"
    );
    let mut choices = Choices::new(data);
    for _ in 0..ROUNDS {
        if naive.is_over() {
            break;
        }
        let commands: [Command; 2] = Player::BOTH.map(|player| {
            let valid = naive.valid_commands(player);
            assert_eq!(
                valid,
                bitwise.valid_commands(player),
                "valid commands of {player:?}"
            );
            valid
                .get(choices.below(valid.len()))
                .copied()
                .unwrap_or_default()
        });
        let before = naive.state();
        naive.round(commands);
        bitwise.round(commands);
        let (n, b) = (naive.state(), bitwise.state());
        assert_eq!(
            b.first_difference(&n),
            None,
            "naive and bitwise disagree after {commands:?} from {}",
            before.to_json()
        );
        assert_eq!(naive.outcome(), bitwise.outcome());
    }
});
