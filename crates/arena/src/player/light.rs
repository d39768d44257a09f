//! Othello over a one-line-per-position protocol: the driver that wraps Egaroucid's web
//! engine (its small evaluation embedded) speaks it, and any engine that can read a board
//! string can.
//!
//! | the referee sends | it expects |
//! |---|---|
//! | (nothing: the program starts) | lines, then `ready` |
//! | the position as its board string, `<64 chars a1..h8> <X\|O>` (what [`crate::othello`] prints) | `<move> [value nodes ms]`: a square (`f5`, any case) or `ps` for a pass |
//! //!
//! The protocol is stateless: each request carries the whole position, so a game needs no
//! history. It has no clock: the engine thinks as deep as its own options say (the
//! driver's level, its command-line argument), and the referee kills it when no move comes
//! within the time a move plus the grace, and at the end of the game, as it does
//! every external engine.

use std::time::Duration;

use super::process::Piped;
use super::{BoardEngine, Fault, GameSoFar, MAX_QUOTED, shorten};

/// An Othello engine over the line protocol.
#[derive(Debug)]
pub(crate) struct LightEngine(Piped);

impl LightEngine {
    /// Waits until the started engine says `ready`, the lines before it skipped within the
    /// start-up time.
    pub(crate) fn start(mut piped: Piped) -> Result<Self, Fault> {
        piped.process.wait_for("ready", piped.clock.startup)?;
        Ok(LightEngine(piped))
    }
}

/// The move of an answer line: its first word, `ps` read as `pass`, a square lower-cased.
/// Anything but a square of the board or `ps` is [`Fault::Malformed`]; whether the move is
/// legal is for the referee to judge.
pub(crate) fn answer_move(line: &str) -> Result<String, Fault> {
    let word = line.split_whitespace().next().unwrap_or_default();
    let malformed = || {
        Fault::Malformed(format!(
            "{:?}: expected a square or \"ps\"",
            shorten(line, MAX_QUOTED)
        ))
    };
    if word.eq_ignore_ascii_case("ps") {
        return Ok("pass".to_owned());
    }
    match word.as_bytes() {
        [file, rank] if file.is_ascii_alphabetic() && (b'1'..=b'8').contains(rank) => {
            let file = file.to_ascii_lowercase();
            if (b'a'..=b'h').contains(&file) {
                Ok(format!("{}{}", file as char, *rank as char))
            } else {
                Err(malformed())
            }
        }
        _ => Err(malformed()),
    }
}

impl BoardEngine for LightEngine {
    fn choose(&mut self, game: &GameSoFar<'_>, time: Duration) -> Result<String, Fault> {
        self.0.process.send(&game.position.to_string())?;
        // The first line is the answer.
        self.0.answer(time, |line| Some(answer_move(line)))?
    }

    fn pid(&self) -> Option<u32> {
        self.0.pid()
    }
}

#[cfg(test)]
mod tests {
    use super::answer_move;

    #[test]
    fn answers_are_read_as_moves_or_refused() {
        assert_eq!(answer_move("f5 5 24549 14").unwrap(), "f5");
        assert_eq!(answer_move("D6").unwrap(), "d6");
        assert_eq!(answer_move("ps 0 0 0").unwrap(), "pass");
        for bad in [
            "",
            "error bad input",
            "i1 0 0 0",
            "a9",
            "a0",
            "f55",
            "ready",
        ] {
            assert!(answer_move(bad).is_err(), "{bad:?}");
        }
    }
}
