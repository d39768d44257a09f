//! `bitgames towerdefence replay|bot` and `bitgames play towerdefence`: Tower Defence is a
//! simultaneous-move game with its own simulation API (see the bitgames-towerdefence docs),
//! so it has its own commands instead of the `Game`-trait ones.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use bitgames::towerdefence::bot::{self, BotConfig, Budget, Controller};
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
    /// Read a state like a competition bot and print the command the Monte Carlo bot chooses
    /// (`x,y,t` in the bot's own frame; an empty line means do nothing).
    Bot {
        /// The `state.json` the bot sees (rendered for player A).
        #[arg(long)]
        state: PathBuf,
        /// Thinking time in milliseconds.
        #[arg(long, default_value_t = 1_000)]
        time_ms: u64,
        /// Worker threads (0: all cores).
        #[arg(long, default_value_t = 0)]
        threads: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

pub fn run(args: &Args) -> Result<()> {
    match &args.command {
        TowerDefenceCommand::Replay { dir, strategy } => {
            let report = replay::replay_dir(dir, strategy)
                .with_context(|| format!("replaying {}", dir.display()))?;
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
            time_ms,
            threads,
            seed,
        } => {
            let text = std::fs::read_to_string(state)
                .with_context(|| format!("reading {}", state.display()))?;
            let state = State::from_json(&text)
                .with_context(|| format!("invalid state file {}", state.display()))?;
            if state.is_over() {
                bail!("the game in this state is over");
            }
            let config = BotConfig {
                budget: Budget::Time(Duration::from_millis(*time_ms)),
                threads: *threads,
                seed: *seed,
                ..BotConfig::default()
            };
            let choice = bot::choose_command(&state, &config);
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
    }
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
