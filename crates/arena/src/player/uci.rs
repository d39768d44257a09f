//! Board games over the small UCI-style protocol AmazonsEngine's console speaks, with moves
//! in our notation (any board game; written for the Amazons).
//!
//! | the referee sends | it expects |
//! |---|---|
//! | `uci` | lines, then `uciok` |
//! | `isready` | `readyok` |
//! | `ucinewgame` | nothing |
//! | `position startpos [moves M1 M2 ...]` (`position fen TEXT [moves ...]` from another root, TEXT our position string) | nothing |
//! | `go movetime MS` | `info ...` lines (skipped), then `bestmove M` |
//!
//! Moves are the game's notation as `bitgames moves` prints them (Amazons: `d1-d7/g7`).

use std::time::{Duration, Instant};

use super::process::{Piped, line_is};
use super::{BoardEngine, Fault, GameSoFar};
use crate::AnyPosition;

/// A board-game engine over the UCI-style protocol.
#[derive(Debug)]
pub(crate) struct UciEngine(Piped);

impl UciEngine {
    /// Waits for the started engine's `uciok` and `readyok`, the whole handshake (lines
    /// skipped included) within the start-up time.
    pub(crate) fn start(mut piped: Piped) -> Result<Self, Fault> {
        let (process, startup) = (&mut piped.process, piped.clock.startup);
        let deadline = Instant::now() + startup;
        process.send("uci")?;
        process.read_until(deadline, startup, line_is("uciok"))?;
        process.send("isready")?;
        process.read_until(deadline, startup, line_is("readyok"))?;
        process.send("ucinewgame")?;
        Ok(UciEngine(piped))
    }
}

/// The move of a `bestmove M ...` line, or `None` for any other line.
pub(crate) fn bestmove_line(line: &str) -> Option<Result<String, Fault>> {
    let mut words = line.split_whitespace();
    if words.next() != Some("bestmove") {
        return None;
    }
    Some(
        words
            .next()
            .map(str::to_owned)
            .ok_or_else(|| Fault::Malformed("\"bestmove\" without a move".to_owned())),
    )
}

impl BoardEngine for UciEngine {
    fn choose(&mut self, game: &GameSoFar<'_>, time: Duration) -> Result<String, Fault> {
        let mut line = if AnyPosition::start(game.root.game()).ok() == Some(game.root) {
            "position startpos".to_owned()
        } else {
            format!("position fen {}", game.root)
        };
        if !game.moves.is_empty() {
            line.push_str(" moves");
            for mv in game.moves {
                line.push(' ');
                line.push_str(&mv.to_string());
            }
        }
        self.0.process.send(&line)?;
        self.0
            .process
            .send(&format!("go movetime {}", time.as_millis().max(1)))?;
        // `info` lines, however many, do not extend the answer's deadline.
        self.0.answer(time, bestmove_line)?
    }

    fn pid(&self) -> Option<u32> {
        self.0.pid()
    }
}
