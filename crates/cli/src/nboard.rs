//! `bitgames nboard`: the Othello engine behind the NBoard engine protocol on stdin and
//! stdout; the session is `bitgames_arena::server::nboard` (its docs list the commands).

use std::io;
use std::time::Duration;

use anyhow::Result;
use bitgames_arena::server::nboard::{MAX_DEPTH, Session};

#[derive(Debug, clap::Args)]
pub struct NboardArgs {
    /// The search depth until the GUI sends `set depth`.
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// The most time one `go` or `hint` may take, in milliseconds: a search that would take
    /// longer answers with the deepest iteration it completed (less when the game record
    /// has a clock).
    #[arg(long, default_value_t = 10_000, value_parser = clap::value_parser!(u64).range(1..=86_400_000))]
    time_ms: u64,
}

pub fn run(args: &NboardArgs) -> Result<()> {
    let mut session = Session::new(args.depth, Duration::from_millis(args.time_ms));
    session.serve(io::stdin().lock(), io::stdout().lock(), io::stderr().lock())?;
    Ok(())
}
