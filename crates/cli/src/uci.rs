//! `bitgames uci GAME`: one of our engines served over the UCI-style protocol that
//! `bitgames match` speaks to `uci:` engines, on stdin and stdout; the server is
//! `bitgames_arena::server::uci` (its docs list the commands).

use std::io;

use anyhow::Result;
use bitgames::GameName;
use bitgames::search::engine::EngineKind;

#[derive(Debug, clap::Args)]
pub struct UciArgs {
    game: GameName,
    /// Which of our engines answers: random, alphabeta or mcts.
    #[arg(long, default_value = "alphabeta")]
    engine: EngineKind,
    /// Kernel strategy (default: the fastest).
    #[arg(long)]
    strategy: Option<String>,
    /// Seed for the random mover and MCTS.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub fn run(args: &UciArgs) -> Result<()> {
    bitgames_arena::server::uci::serve(
        args.game,
        args.engine,
        args.strategy.as_deref(),
        args.seed,
        // The server reads on a thread of its own, which a stdin lock cannot move to.
        io::BufReader::new(io::stdin()),
        io::stdout().lock(),
        io::stderr(),
    )?;
    Ok(())
}
