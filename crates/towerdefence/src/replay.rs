//! Replaying recorded games: for every round N, N's commands applied to N's state must give
//! N+1's state exactly. This is how the strategies are held to the official engine.
//!
//! A game directory holds one folder per round, `Round NNN`, each with the `state.json` the
//! bots saw before that round and the commands played in it (`PlayerCommand.txt` for A,
//! `OpponentCommand.txt` for B in its own frame); the last round needs no commands.

use core::fmt;
use std::fs;
use std::path::Path;

use crate::files::{MAX_COMMAND_BYTES, MAX_STATE_BYTES, Place, read_bounded_text};
use crate::kernels::{Simulation, StrategyVisitor, for_each_strategy, strategies};
use crate::state::FieldDifference;
use crate::{Command, Error, State};

/// One recorded round: the state before it and the commands played in it (none for the
/// last round of a game).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedRound {
    /// The round's number (from its folder name).
    pub round: u32,
    /// The state the bots saw before the round (its `state.json`).
    pub state: State,
    /// A's and B's commands, each in its own frame.
    pub commands: Option<[Command; 2]>,
}

/// The first transition a strategy got wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The round whose commands were applied (its state is the start of the transition).
    pub round: u32,
    /// The commands applied, A's and B's, each in its own frame.
    pub commands: [Command; 2],
    /// The first field where the strategy's next state differs from the recorded one.
    pub difference: FieldDifference,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "round {} (A: {:?}, B: {:?}) -> round {}: {}",
            self.round,
            self.commands[0].to_string(),
            self.commands[1].to_string(),
            self.round + 1,
            self.difference
        )
    }
}

/// What replaying a game found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayReport {
    /// The name of the strategy replayed.
    pub strategy: &'static str,
    /// Transitions checked (up to and including the mismatch, if any).
    pub transitions: usize,
    /// The first transition that differs from the recording; `None` if all match.
    pub mismatch: Option<Mismatch>,
}

impl ReplayReport {
    /// Whether every transition matched.
    pub fn is_exact(&self) -> bool {
        self.mismatch.is_none()
    }
}

/// Checks every transition of `rounds` (consecutive rounds, in order) with strategy `S`,
/// stopping at the first mismatch.
pub fn replay<S: Simulation>(rounds: &[RecordedRound]) -> ReplayReport {
    let mut transitions = 0;
    for pair in rounds.windows(2) {
        let (now, next) = (&pair[0], &pair[1]);
        let Some(commands) = now.commands else {
            continue;
        };
        transitions += 1;
        let mut board = S::load(&now.state);
        S::round(&mut board, commands);
        if let Some(difference) = next.state.first_difference(&S::store(&board)) {
            return ReplayReport {
                strategy: S::NAME,
                transitions,
                mismatch: Some(Mismatch {
                    round: now.round,
                    commands,
                    difference,
                }),
            };
        }
    }
    ReplayReport {
        strategy: S::NAME,
        transitions,
        mismatch: None,
    }
}

/// The round number of a `Round NNN` folder name.
pub fn round_folder_number(name: &str) -> Option<u32> {
    name.strip_prefix("Round ")?.trim().parse().ok()
}

/// A file of the game directory: a regular file, not a link, at most `cap` bytes.
fn read_text(path: &Path, cap: u64) -> Result<String, Error> {
    Ok(read_bounded_text(path, cap, Place::InDirectory)?)
}

/// Reads a game directory (see the module docs): every `Round NNN` folder, in order. The
/// rounds must be consecutive, and every round but the last must have both command files.
/// Each file must be a regular file (not a FIFO, a device or a link) of at most
/// [`MAX_STATE_BYTES`] or [`MAX_COMMAND_BYTES`] bytes ([`crate::files`]).
pub fn read_game_dir(dir: &Path) -> Result<Vec<RecordedRound>, Error> {
    let entries = fs::read_dir(dir).map_err(|e| Error::Io {
        path: dir.to_owned(),
        message: e.to_string(),
    })?;
    let mut folders = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| Error::Io {
            path: dir.to_owned(),
            message: e.to_string(),
        })?;
        if let Some(n) = entry.file_name().to_str().and_then(round_folder_number)
            && entry.path().join("state.json").is_file()
        {
            folders.push((n, entry.path()));
        }
    }
    folders.sort();
    if folders.is_empty() {
        return Err(Error::NoRounds {
            dir: dir.to_owned(),
        });
    }
    let last = folders.len() - 1;
    let mut rounds = Vec::with_capacity(folders.len());
    for (i, (round, folder)) in folders.iter().enumerate() {
        if i > 0 && *round != folders[i - 1].0 + 1 {
            return Err(Error::Io {
                path: folder.clone(),
                message: format!(
                    "round {} follows round {}: rounds {}..{} are missing",
                    round,
                    folders[i - 1].0,
                    folders[i - 1].0 + 1,
                    round - 1
                ),
            });
        }
        let state_path = folder.join("state.json");
        let state = State::from_json(&read_text(&state_path, MAX_STATE_BYTES)?)
            .map_err(|e| e.in_file(&state_path))?;
        let commands = if i == last {
            None
        } else {
            let mut commands = [Command::Nothing; 2];
            for (slot, file) in commands
                .iter_mut()
                .zip(["PlayerCommand.txt", "OpponentCommand.txt"])
            {
                let path = folder.join(file);
                *slot = read_text(&path, MAX_COMMAND_BYTES)?
                    .parse()
                    .map_err(|e: Error| e.in_file(&path))?;
            }
            Some(commands)
        };
        rounds.push(RecordedRound {
            round: *round,
            state,
            commands,
        });
    }
    Ok(rounds)
}

/// Replays the game in `dir` with the strategy named `strategy` (see [`strategies`]).
pub fn replay_dir(dir: &Path, strategy: &str) -> Result<ReplayReport, Error> {
    struct Run<'a> {
        name: &'a str,
        rounds: &'a [RecordedRound],
        report: Option<ReplayReport>,
    }
    impl StrategyVisitor for Run<'_> {
        fn visit<S: Simulation>(&mut self) {
            if S::NAME == self.name {
                self.report = Some(replay::<S>(self.rounds));
            }
        }
    }
    if !strategies().iter().any(|s| s.name == strategy) {
        return Err(unknown_strategy(strategy));
    }
    let rounds = read_game_dir(dir)?;
    let mut run = Run {
        name: strategy,
        rounds: &rounds,
        report: None,
    };
    for_each_strategy(&mut run);
    run.report.ok_or_else(|| unknown_strategy(strategy))
}

/// The error for a strategy name no strategy has.
pub fn unknown_strategy(name: &str) -> Error {
    Error::UnknownStrategy {
        name: name.to_owned(),
        known: strategies()
            .iter()
            .map(|s| s.name)
            .collect::<Vec<_>>()
            .join(", "),
    }
}
