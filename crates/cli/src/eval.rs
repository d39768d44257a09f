//! `bitgames eval`: the static evaluation of one position, the value an engine's search
//! starts from (no search, no solving).

use std::io::Write;

use anyhow::Result;
use bitgames::GameName;
use bitgames::search::{Evaluate, PositionTask};
use serde::Serialize;

use crate::position::SetupArgs;

#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    game: GameName,
    #[command(flatten)]
    setup: SetupArgs,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    game: &'static str,
    position: String,
    /// For the side to move, in the game's evaluation unit (Othello: hundredths of a disc).
    score: i32,
}

struct Eval<'a>(&'a EvalArgs);

impl PositionTask for Eval<'_> {
    type Output = Result<()>;

    fn run<G: Evaluate>(self, root: G) -> Result<()> {
        let report = Report {
            game: G::NAME,
            position: root.to_string(),
            score: root.evaluate(),
        };
        if self.0.json {
            writeln!(std::io::stdout(), "{}", serde_json::to_string(&report)?)?;
        } else {
            writeln!(std::io::stdout(), "{}: {}", report.game, report.score)?;
        }
        Ok(())
    }
}

pub fn run(args: &EvalArgs) -> Result<()> {
    let setup = args.setup.read(args.game)?;
    setup.position.run(setup.strategy, Eval(args))?
}
