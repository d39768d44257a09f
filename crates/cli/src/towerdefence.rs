//! `bitgames towerdefence replay|bot` and `bitgames play towerdefence`: Tower Defence is a
//! simultaneous-move game with its own simulation API (see the bitgames-towerdefence docs),
//! so it has its own commands instead of the `Game`-trait ones.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use bitgames::towerdefence::bot::{self, BotConfig, Budget, Controller};
use bitgames::towerdefence::files::{MAX_STATE_BYTES, Place, read_bounded_text, write_fresh};
use bitgames::towerdefence::{Command, State, replay};
use clap::Subcommand;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: TowerDefenceCommand,
}

#[derive(Debug, Subcommand)]
enum TowerDefenceCommand {
    /// Check every recorded transition of a game directory (`Round NNN/state.json` plus both
    /// commands): applying round N's commands to round N's state must give round N+1's.
    Replay {
        /// A directory of `Round NNN` folders, as the official engine writes them.
        dir: PathBuf,
        /// The simulation strategy.
        #[arg(long, default_value = "bitwise")]
        strategy: String,
    },
    /// The Monte Carlo bot. Without `--state` it runs as an Entelect Challenge 2018 bot: it
    /// reads `state.json` from its working directory (or `--dir`) and writes its command to
    /// `command.txt` there (`x,y,t` in its own frame, or an empty file for no command), all
    /// within `--time-ms`. A missing or malformed state writes the empty command and exits
    /// non-zero with the reason on stderr; the file is written whole or not at all (a
    /// temporary file in the same directory, then renamed). With `--state` it prints the
    /// command (an empty line means do nothing) and what the search found.
    Bot {
        /// Print the command for this `state.json` (rendered for player A) instead of
        /// running as a competition bot.
        #[arg(long)]
        state: Option<PathBuf>,
        /// The bot directory: where the runner writes `state.json` and reads
        /// `command.txt` (default: the working directory).
        #[arg(long, conflicts_with = "state")]
        dir: Option<PathBuf>,
        /// Thinking time in milliseconds; as a competition bot, the whole run (reading the
        /// state and writing the command included) stays within it.
        #[arg(long, default_value_t = 1_000)]
        time_ms: u64,
        /// Worker threads, 0 to 1024 (0: all cores).
        #[arg(
            long,
            default_value_t = 0,
            value_parser = clap::builder::RangedU64ValueParser::<usize>::new()
                .range(0..=crate::limits::MAX_THREADS as u64)
        )]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

pub fn run(args: &Args) -> Result<()> {
    match &args.command {
        TowerDefenceCommand::Replay { dir, strategy } => {
            // The error names the file or directory at fault: the context does not repeat it.
            let report = replay::replay_dir(dir, strategy).context("replaying the game")?;
            match &report.mismatch {
                None => {
                    println!(
                        "{}: all {} transitions match ({})",
                        dir.display(),
                        report.transitions,
                        report.strategy
                    );
                    Ok(())
                }
                Some(mismatch) => bail!("{}: {mismatch}", dir.display()),
            }
        }
        TowerDefenceCommand::Bot {
            state,
            dir,
            time_ms,
            threads,
            seed,
        } => {
            let config = BotConfig {
                budget: Budget::Time(Duration::from_millis(*time_ms)),
                threads: *threads,
                seed: *seed,
                ..BotConfig::default()
            };
            match state {
                Some(path) => print_choice(path, &config),
                None => {
                    let dir = dir.clone().unwrap_or_else(|| PathBuf::from("."));
                    competition_bot(&dir, *time_ms, &config)
                }
            }
        }
    }
}

/// `bitgames towerdefence bot --state FILE`: the command and what the search found. The
/// file must be a regular file (a link to one is followed) of at most 1 MiB: a FIFO or a
/// device such as `/dev/zero` is refused at once, not read.
fn print_choice(path: &Path, config: &BotConfig) -> Result<()> {
    // The error names the path: no context to repeat it.
    let text = read_bounded_text(path, MAX_STATE_BYTES, Place::Named)?;
    let state = State::from_json(&text)
        .with_context(|| format!("invalid state file {}", path.display()))?;
    if state.is_over() {
        bail!("the game in this state is over");
    }
    let choice = bot::choose_command(&state, config);
    println!("{}", choice.command);
    let what = if choice.command == Command::Nothing {
        " (do nothing)"
    } else {
        ""
    };
    println!(
        "# {} playouts, {} rounds simulated, expected score {:.3}{what}",
        choice.playouts, choice.rounds, choice.value
    );
    Ok(())
}

/// The file the runner writes before each round.
const STATE_FILE: &str = "state.json";
/// The file the runner reads after each round (empty: do nothing).
const COMMAND_FILE: &str = "command.txt";

/// Time kept back from `--time-ms` for what follows the search: the bot may overrun its
/// budget by one sweep of playouts, then the command is written and renamed.
fn reserve(time_ms: u64) -> Duration {
    Duration::from_millis((time_ms / 10).clamp(2, 200))
}

/// One round as a competition bot: `state.json` in, `command.txt` out. Whatever goes wrong
/// with the state, `command.txt` ends up the empty (do nothing) command and the error is
/// returned, so the process exits non-zero with the reason on stderr.
fn competition_bot(dir: &Path, time_ms: u64, config: &BotConfig) -> Result<()> {
    let started = Instant::now();
    let state_path = dir.join(STATE_FILE);
    // The runner's file: a regular file of the directory (not a FIFO, a device or a link),
    // refused at once otherwise; the error names it.
    let state = read_bounded_text(&state_path, MAX_STATE_BYTES, Place::InDirectory)
        .map_err(anyhow::Error::from)
        .and_then(|text| {
            State::from_json(&text)
                .with_context(|| format!("invalid state file {}", state_path.display()))
        });
    let state = match state {
        Ok(state) => state,
        Err(err) => {
            return Err(match write_command(dir, Command::Nothing) {
                Ok(()) => anyhow!("{err:#} (wrote the do-nothing command)"),
                Err(write) => {
                    anyhow!("{err:#}; could not write the do-nothing command either: {write:#}")
                }
            });
        }
    };
    let command = if state.is_over() {
        eprintln!("the game in {} is over: no command", state_path.display());
        Command::Nothing
    } else {
        let budget = Duration::from_millis(time_ms)
            .saturating_sub(started.elapsed())
            .saturating_sub(reserve(time_ms));
        let config = BotConfig {
            budget: Budget::Time(budget),
            ..*config
        };
        bot::choose_command(&state, &config).command
    };
    write_command(dir, command)
}

/// Writes `command` to `dir/command.txt` whole: into a temporary file of the same directory
/// first, then renamed over it, so the runner never reads half a command.
fn write_command(dir: &Path, command: Command) -> Result<()> {
    let target = dir.join(COMMAND_FILE);
    let temporary = dir.join(format!(".{COMMAND_FILE}.{}.tmp", std::process::id()));
    // Whatever is at the temporary name is replaced, not opened (a FIFO would block).
    let written = write_fresh(&temporary, command.to_string().as_bytes())
        .map_err(anyhow::Error::from)
        .and_then(|()| {
            std::fs::rename(&temporary, &target).with_context(|| {
                format!("renaming {} to {}", temporary.display(), target.display())
            })
        });
    if written.is_err() {
        // Best effort: the error that matters is the one returned.
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

/// `bitgames play towerdefence`: the bot against a random player (`random`) or against
/// itself (any other engine), for `games` games, the bot taking each side in turn.
pub fn play(opponent_is_random: bool, games: u32, time_ms: u64, seed: u64) -> Result<()> {
    anyhow::ensure!(games > 0, "--games must be at least 1");
    let config = BotConfig {
        budget: Budget::Time(Duration::from_millis(time_ms)),
        threads: 1,
        seed,
        ..BotConfig::default()
    };
    let opponent = if opponent_is_random {
        Controller::Random
    } else {
        Controller::Bot(config)
    };
    let result = bot::play_games(&config, &opponent, games, seed);
    println!(
        "towerdefence: bot vs {}, {} games at {time_ms} ms a round",
        if opponent_is_random { "random" } else { "bot" },
        result.games
    );
    println!(
        "{}",
        bitgames::search::elo::elo_summary(
            result.wins as usize,
            result.ties as usize,
            result.losses as usize
        )
    );
    Ok(())
}
