//! Tower Defence commands ([`Command`]'s `FromStr`, the `x,y,t` text of `PlayerCommand.txt`).
//!
//! Input: text, one command a line, read as player A's and player B's commands in turn. A
//! command that parses must print to text that parses to the same command; the parsed
//! commands (a line that does not parse counts as doing nothing, as the engine treats it)
//! are then played from the start by both strategies, which must agree on the round and the
//! outcome after every round and field by field at the end. Each line is also read as a
//! replay's `Round NNN` folder name. Nothing may panic.

#![no_main]

use bitgames::towerdefence::replay::round_folder_number;
use bitgames::towerdefence::{Bitwise, Command, Game, Naive};
use bitgames_fuzz::text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let commands: Vec<Command> = text
        .split('\n')
        .inspect(|line| {
            if let Some(n) = round_folder_number(line) {
                assert_eq!(round_folder_number(&format!("Round {n:03}")), Some(n));
            }
        })
        .map(|line| match line.parse::<Command>() {
            Ok(command) => {
                let printed = command.to_string();
                let again = printed.parse::<Command>().unwrap_or_else(|err| {
                    panic!("{line:?} -> {command:?} prints {printed:?}: {err}")
                });
                assert_eq!(again, command, "{line:?} -> {printed:?}");
                if let Some((x, y)) = command.cell() {
                    assert!(x < 8 && y < 8, "{line:?} -> {command:?}");
                }
                command
            }
            Err(err) => {
                let _ = err.to_string();
                Command::Nothing
            }
        })
        .collect();
    let mut naive = Game::<Naive>::start();
    let mut bitwise = Game::<Bitwise>::start();
    for pair in commands.chunks(2) {
        if naive.is_over() {
            break;
        }
        let round = [pair[0], pair.get(1).copied().unwrap_or_default()];
        naive.round(round);
        bitwise.round(round);
        // Reading a whole state back costs more than the round: compare the cheap
        // summaries every round and the states at the end.
        assert_eq!(naive.round_number(), bitwise.round_number());
        assert_eq!(naive.outcome(), bitwise.outcome(), "after {round:?}");
    }
    assert_eq!(
        bitwise.state().first_difference(&naive.state()),
        None,
        "after {commands:?}"
    );
});
