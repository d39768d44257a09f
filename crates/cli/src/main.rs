//! `bitgames`: compare the strategies of every game kernel, and (as the games grow) run
//! perft and play.

mod compare;
mod target;

use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "bitgames",
    version,
    about = "Bitboard game kernels: compare strategies, perft, play"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Game {
    Santorini,
}

impl Game {
    pub fn name(self) -> &'static str {
        match self {
            Game::Santorini => "santorini",
        }
    }
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Check every strategy against naive on random instances, then time each and print a
    /// table: operation, strategy, ns per call, speed-up over naive.
    Compare(compare::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Compare(args) => compare::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
