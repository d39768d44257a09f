//! Othello over the NBoard protocol (Edax `-nboard`, our own `bitgames nboard`).
//!
//! | the referee sends | it expects |
//! |---|---|
//! | `nboard 2`, `set depth D` (`--nboard-depth`), `ping 1` | `pong 1` (other lines skipped) |
//! | `set game (;GM[Othello]...;)` (the whole game so far, as GGF), `go` | `=== d3`, `=== d3/eval/time` or `=== d3 eval time` (other lines skipped) |
//!
//! NBoard has no per-move clock: an engine thinks as deep as `set depth` lets it (Edax) or
//! as its own time options say (`bitgames nboard --time-ms`); the referee kills it when no
//! move comes within the time a move plus the grace.

use std::time::Duration;

use super::process::Piped;
use super::{BoardEngine, Fault, GameSoFar, MAX_QUOTED, shorten};
use crate::othello::ggf;
use crate::{AnyMove, AnyPosition};

/// An Othello engine over NBoard.
#[derive(Debug)]
pub(crate) struct NboardEngine(Piped);

impl NboardEngine {
    /// Sets the started engine's depth (`clock.nboard_depth`) and waits until it answers a
    /// ping, the lines before the answer skipped within the start-up time.
    pub(crate) fn start(mut piped: Piped) -> Result<Self, Fault> {
        let process = &mut piped.process;
        process.send("nboard 2")?;
        process.send(&format!("set depth {}", piped.clock.nboard_depth))?;
        process.send("ping 1")?;
        process.wait_for("pong 1", piped.clock.startup)?;
        Ok(NboardEngine(piped))
    }
}

/// The move of an `=== MOVE[/eval/time]` line (Edax writes `=== MOVE EVAL TIME`), or `None`
/// for any other line.
pub(crate) fn move_line(line: &str) -> Option<Result<String, Fault>> {
    let rest = line.trim().strip_prefix("===")?;
    let word = rest.split_whitespace().next().unwrap_or_default();
    Some(
        ggf::parse_move_text(word)
            .map(|(mv, _, _)| mv.to_string())
            .map_err(|e| Fault::Malformed(format!("{:?}: {e}", shorten(line, MAX_QUOTED)))),
    )
}

impl BoardEngine for NboardEngine {
    fn choose(&mut self, game: &GameSoFar<'_>, time: Duration) -> Result<String, Fault> {
        let AnyPosition::Othello(root) = game.root else {
            return Err(Fault::Failed("NBoard plays Othello only".to_owned()));
        };
        let moves: Vec<crate::othello::Move> =
            game.moves.iter().filter_map(AnyMove::othello).collect();
        let record = ggf::write(&root, &moves, &[("PC", "bitgames match")]);
        self.0.process.send(&format!("set game {record}"))?;
        self.0.process.send("go")?;
        self.0.answer(time, move_line)?
    }

    fn pid(&self) -> Option<u32> {
        self.0.pid()
    }
}
