//! `bitgames eval`: the static evaluation of one position, the value an engine's search
//! starts from (no search, no solving).

use std::io::Write;

use anyhow::Result;
use bitgames::GameName;
use bitgames::search::{Evaluate, PositionTask};
use serde::Serialize;

#[derive(Debug, clap::Args)]
pub struct EvalArgs {
    game: GameName,
    /// The position (the game's notation); the start position when omitted.
    #[arg(long, allow_hyphen_values = true)]
    position: Option<String>,
    /// Santorini: each player's god, player 1's first (`apollo,minotaur`).
    #[arg(long, value_name = "GOD,GOD")]
    gods: Option<String>,
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

    fn run<G: Evaluate>(self, root: G, _strategy: &'static str) -> Result<()> {
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
    let root = crate::position::root(args.game, args.position.as_deref(), args.gods.as_deref())?;
    root.run(None, Eval(args))?
}
