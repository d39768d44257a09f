//! Project automation, in the style of rust-analyzer's xtask: plain Rust instead of scripts.
//!
//! `cargo xtask regenerate` computes every precomputed table from first principles and writes
//! `tables/src/generated/*.rs`; `cargo xtask regenerate --check` writes nothing and fails,
//! naming each stale file, when a checked-in file differs from what would be written.
//! `cargo xtask book [--check]` regenerates (or checks) the Othello opening book, see
//! `book.rs`. `cargo xtask patterns` refits the Othello pattern evaluation (`patterns.rs`),
//! `cargo xtask train-eval [--smoke | --ray ADDRESS]` trains the learned Othello evaluation
//! (`train_eval.rs`).
//! `cargo xtask wheel` writes the Python package as an abi3 manylinux wheel (`wheel.rs`).
//! `cargo xtask test` runs every test, Rust and Python (`test.rs`).
//! `cargo xtask book-docs [--check]` checks the docs' links and builds the mdBook under
//! `docs/` into `target/book/` (`book_docs.rs`).
//! `cargo xtask wasm-test` runs the game crates' wasm32 tests under Node (`wasm_test.rs`).
//! `cargo xtask web-static DIR` writes the web app as a static site, engines in wasm
//! (`web_static.rs`).

#![forbid(unsafe_code)]

mod amazons;
mod book;
mod book_docs;
mod codegen;
mod edges;
mod geometry;
mod matches;
mod neighbours;
mod othello;
mod patterns;
mod regenerate;
mod splitmix;
mod test;
mod train_eval;
mod wasm_test;
mod web_static;
mod wheel;
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
    /// Regenerate the Othello opening book, crates/othello/data/othello-book.txt (runs the
    /// book search in crates/othello as a subprocess).
    Book {
        /// Write nothing; exit non-zero if the checked-in book differs.
        #[arg(long)]
        check: bool,
    },
    /// Refit the Othello pattern evaluation, crates/othello/data/othello-patterns.bin, to
    /// 100,000 exactly solved positions (runs the trainer in crates/othello as a subprocess).
    Patterns {
        /// Keep the solved positions in this file, or refit from it when it exists.
        #[arg(long)]
        samples: Option<std::ffi::OsString>,
    },
    /// Train the learned Othello evaluation, crates/othello/data/othello-eval.bin, and write
    /// its manifest beside it (runs the trainer in crates/othello as a subprocess; about an
    /// hour on two cores, resuming from the checked-in weights).
    TrainEval {
        /// Train from scratch on tiny data (about a minute) into target/xtask/train-eval-smoke/,
        /// failing unless the fitted weights beat untrained ones on held-out positions.
        #[arg(long)]
        smoke: bool,
        /// Play the self-play games on Ray through `python -m bitgames.distributed
        /// train-games` (`auto`, HOST:PORT of a cluster's head, or `local` for a Ray instance
        /// on this machine's loopback), then train on them here.
        #[arg(long, value_name = "ADDRESS", conflicts_with = "smoke")]
        ray: Option<String>,
        /// The Python that has `bitgames[distributed]` installed (with --ray).
        #[arg(long, default_value = "python3", requires = "ray")]
        python: std::ffi::OsString,
        /// Passed to the trainer (`--games N`, `--seed S`, `--from-scratch`, `--accuracy N`, ...).
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        options: Vec<std::ffi::OsString>,
    },
    /// Draw docs/matches.svg (the README's matches against other engines) from
    /// docs/matches.tsv.
    Matches {
        /// Write nothing; exit non-zero if the chart is not what the data draws.
        #[arg(long)]
        check: bool,
    },
    /// Write the Python package as one abi3 manylinux wheel to target/xtask/wheels/, built with
    /// maturin for any x86-64 CPU (needs only Rust and Python 3).
    Wheel {
        /// Build for this CPU instead of the target's default (for example `x86-64-v3`;
        /// `native` makes a wheel for this machine only).
        #[arg(long)]
        target_cpu: Option<String>,
    },
    /// Check every relative link of README.md, ARCHITECTURE.md, CHANGELOG.md and docs/*.md,
    /// then build the book (mdBook, docs/) into target/book/, installing mdBook into
    /// target/tools/ first when it is missing.
    BookDocs {
        /// Check the links only: install, build and write nothing.
        #[arg(long)]
        check: bool,
    },
    /// Run every test: `cargo test --workspace`, then the wheel of `cargo xtask wheel`
    /// installed into a fresh virtual environment with no Rust toolchain on PATH, and the
    /// pytest suite against it (needs only Rust and Python 3).
    Test {
        /// Only the Python part: the wheel, the fresh environment and pytest.
        #[arg(long)]
        python_only: bool,
    },
    /// Run the engines' and the solver's wasm32 tests (`tests/wasm.rs` of bitgames-othello
    /// and bitgames-towerdefence) under Node.js, installing wasm-bindgen-cli at Cargo.lock's
    /// wasm-bindgen version into target/tools/ first when it is missing.
    WasmTest,
    /// Write the web app as a static site into DIR: HTML, JS and the wasm build of the Play
    /// page's engines (crates/wasm, through wasm-bindgen-cli installed as for wasm-test),
    /// which plays every board game from a plain file server with no bitgames process.
    WebStatic {
        /// The directory to write (made when missing; files of the same names replaced).
        dir: std::path::PathBuf,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Regenerate { check } => regenerate::run(&regenerate::tables_dir(), check),
        Command::Book { check } => book::run(check),
        Command::Patterns { samples } => patterns::run(samples),
        Command::TrainEval {
            smoke,
            ray,
            python,
            options,
        } => match ray {
            Some(address) => train_eval::run_on_ray(&address, &python, &options),
            None => train_eval::run(smoke, &options),
        },
        Command::Matches { check } => matches::run(check),
        Command::Wheel { target_cpu } => wheel::build(target_cpu.as_deref()).map(drop),
        Command::BookDocs { check } => book_docs::run(check),
        Command::Test { python_only: false } => test::run_all(),
        Command::Test { python_only: true } => test::python_tests(&book::workspace_root()),
        Command::WasmTest => wasm_test::run(),
        Command::WebStatic { dir } => web_static::run(&dir),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}
