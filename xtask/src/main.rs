//! Project automation, in the style of rust-analyzer's xtask: plain Rust instead of scripts.
//!
//! `cargo xtask regenerate` computes every precomputed table from first principles and writes
//! `tables/src/generated/*.rs`; `cargo xtask regenerate --check` writes nothing and fails,
//! naming each stale file, when a checked-in file differs from what would be written.
//! `cargo xtask book [--check]` regenerates (or checks) the Othello opening book, see
//! `book.rs`. `cargo xtask patterns` refits the Othello pattern evaluation (`patterns.rs`).
//! `cargo xtask test` runs every test, Rust and Python (`test.rs`).

mod amazons;
mod book;
mod codegen;
mod edges;
mod geometry;
mod neighbours;
mod othello;
mod patterns;
mod regenerate;
mod splitmix;
mod test;
mod zobrist;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(name = "cargo xtask", about = "bitgames project automation")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Regenerate tables/src/generated/*.rs from the generators in xtask/.
    Regenerate {
        /// Write nothing; exit non-zero naming every file that is out of date.
        #[arg(long)]
        check: bool,
    },
    /// Regenerate the Othello opening book, tables/data/othello-book.txt (runs the book
    /// search in crates/othello as a subprocess).
    Book {
        /// Write nothing; exit non-zero if the checked-in book differs.
        #[arg(long)]
        check: bool,
    },
    /// Refit the Othello pattern evaluation, tables/data/othello-patterns.bin, to 100,000
    /// exactly solved positions (runs the trainer in crates/othello as a subprocess).
    Patterns {
        /// Keep the solved positions in this file, or refit from it when it exists.
        #[arg(long)]
        samples: Option<std::ffi::OsString>,
    },
    /// Run every test: `cargo test --workspace`, then the Python package built into `.venv`
    /// and its pytest suite (needs only Rust and Python 3).
    Test,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Regenerate { check } => regenerate::run(&regenerate::tables_dir(), check),
        Command::Book { check } => book::run(check),
        Command::Patterns { samples } => patterns::run(samples),
        Command::Test => test::run_all(),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
