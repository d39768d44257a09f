//! `bitgames`: compare the strategies of every game kernel, run perft, list and apply moves.

#![forbid(unsafe_code)]

mod compare;
mod eval;
mod limits;
mod matches;
mod nboard;
mod play;
mod position;
mod search;
mod serve;
mod solve;
mod towerdefence;
mod uci;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

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

#[derive(Debug, Subcommand)]
enum Command {
    /// Check every strategy against naive on random instances, then time each and print a
    /// table: operation, strategy, ns per call, speed-up over naive.
    Compare(compare::Args),
    /// Count the leaves of the game tree to DEPTH (bulk counting at the last ply).
    Perft(position::PerftArgs),
    /// List the legal moves of a position, sorted, one per line.
    Moves(position::MovesArgs),
    /// Play moves from a position and print the resulting position.
    Apply(position::ApplyArgs),
    /// Play one game: people at the terminal and/or engines.
    Play(play::PlayArgs),
    /// Play many engine games and report wins, draws, losses and the Elo difference.
    Match(matches::MatchArgs),
    /// Search one position with alpha-beta: best move, score, principal variation, speed.
    Search(search::SearchArgs),
    /// The static evaluation of one position (no search): the side to move's score, in
    /// hundredths of a disc for Othello.
    Eval(eval::EvalArgs),
    /// Solve Othello endgames exactly: best move and final disc difference.
    Solve(solve::SolveArgs),
    /// Tower Defence (simultaneous moves): replay official games, run the bot.
    Towerdefence(towerdefence::Args),
    /// Run the Othello engine under the NBoard protocol on stdin/stdout (for the NBoard GUI
    /// and tools that drive Edax or NTest that way).
    Nboard(nboard::NboardArgs),
    /// Serve the web app (play, kernels, compare charts, Tower Defence replay) on loopback.
    Serve(serve::Args),
    /// Run one of our engines under the UCI-style protocol of `match`'s `uci:` engines, on
    /// stdin/stdout (to seat this build against another in a match).
    Uci(uci::UciArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Compare(args) => compare::run(&args),
        Command::Perft(args) => position::perft(&args),
        Command::Moves(args) => position::moves(&args),
        Command::Apply(args) => position::apply(&args),
        Command::Play(args) => play::play(&args),
        Command::Match(args) => matches::run_match(&args),
        Command::Search(args) => search::run(&args),
        Command::Eval(args) => eval::run(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Towerdefence(args) => towerdefence::run(&args),
        Command::Nboard(args) => nboard::run(&args),
        Command::Serve(args) => serve::run(&args),
        Command::Uci(args) => uci::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // `bitgames moves ... | head`: the reader has all it wants.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {}", message(&err));
            ExitCode::FAILURE
        }
    }
}

/// The error and its causes, `: `-separated as anyhow's `{:#}` writes them, less each cause
/// whose message the one before already includes (an error that quotes its source, such as
/// `invalid othello position "x": <the parser's reason>`): no message is printed twice.
fn message(err: &anyhow::Error) -> String {
    let mut out = String::new();
    let mut previous = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if !previous.contains(&text) {
            if !out.is_empty() {
                out.push_str(": ");
            }
            out.push_str(&text);
        }
        previous = text;
    }
    out
}

fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
