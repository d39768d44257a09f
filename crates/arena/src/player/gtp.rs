//! Othello over GTP, the Go Text Protocol (version 2) as Othello engines speak it (Edax
//! `-gtp`, Egaroucid's console `-gtp`).
//!
//! A command is one line; a response is `=` (success) or `?` (failure), an optional id,
//! then text, and ends with an empty line. Moves are Othello coordinates (`d3`, any case),
//! `pass` or `resign`. The session the referee holds:
//!
//! | the referee sends | it expects |
//! |---|---|
//! | `boardsize 8`, `time_settings 0 T 1` (T seconds a move, rounded up) | `=`, or `?` (ignored) |
//! | `clear_board` (at the start, and whenever the game so far is not what was sent) | `=` |
//! | `play b d3` / `play w c5` for each move since the last command, passes left out (GTP Othello engines pass for a side that must) | `=` |
//! | `time_left b T 1` before each `genmove` | `=`, or `?` (ignored) |
//! | `genmove b` / `genmove w` | `= d3`, `= pass` or `= resign` |
//!
//! Lines before a response's status line are skipped as noise ([`parse_response`]: Edax
//! writes a warning there). [`parse_response`], [`parse_reply`] and [`parse_move`] are
//! total: any text is a value or a [`GtpError`].

use std::time::{Duration, Instant};

use bitgames_search::Player;
use thiserror::Error;

use super::process::{EngineProcess, Piped};
use super::{BoardEngine, Clock, Fault, GameSoFar, MAX_QUOTED, shorten};
use crate::AnyMove;

/// What a response says, before its text is read as anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GtpReply {
    /// `=` (true) or `?` (false).
    pub success: bool,
    /// The command id echoed back, if the response carries one.
    pub id: Option<u64>,
    /// The rest of the response (for `?`, the reason), lines joined with `\n`, trimmed.
    pub text: String,
}

/// A move as `genmove` answers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GtpMove {
    /// `pass`.
    Pass,
    /// `resign`: the engine gives the game up.
    Resign,
    /// A square, lower-cased (`d3`): a letter then a row number. Whether it is on the board
    /// and legal is for the referee to judge.
    Vertex(String),
}

/// Why a response or a move does not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GtpError {
    /// Nothing but whitespace.
    #[error("an empty response")]
    Empty,
    /// The response does not start with `=` or `?`.
    #[error("a response starts with '=' or '?', found {0:?}")]
    NoStatus(String),
    /// Digits after the status that are not a number (too long).
    #[error("the response id {0:?} is not a number")]
    BadId(String),
    /// `genmove`'s answer is not a vertex, `pass` or `resign`.
    #[error("{0:?} is not a move (expected a square such as d3, pass or resign)")]
    BadMove(String),
}

/// Reads one response: `text` holds its lines without the terminating empty line.
///
/// ```
/// use bitgames_arena::player::gtp::{GtpMove, parse_move, parse_reply};
///
/// let reply = parse_reply("=12 D3")?;
/// assert_eq!((reply.success, reply.id, reply.text.as_str()), (true, Some(12), "D3"));
/// assert_eq!(parse_move(&reply.text)?, GtpMove::Vertex("d3".into()));
/// assert!(!parse_reply("? illegal move")?.success);
/// assert!(parse_reply("d3").is_err());
/// # Ok::<(), bitgames_arena::player::gtp::GtpError>(())
/// ```
pub fn parse_reply(text: &str) -> Result<GtpReply, GtpError> {
    let text = text.trim_start();
    let mut chars = text.chars();
    let success = match chars.next() {
        None => return Err(GtpError::Empty),
        Some('=') => true,
        Some('?') => false,
        Some(_) => {
            let shown: String = text.chars().take(40).collect();
            return Err(GtpError::NoStatus(shown));
        }
    };
    let rest = chars.as_str();
    let digits_end = rest
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(rest.len());
    let (digits, rest) = rest.split_at(digits_end);
    let id = if digits.is_empty() {
        None
    } else {
        Some(
            digits
                .parse::<u64>()
                .map_err(|_| GtpError::BadId(digits.chars().take(40).collect()))?,
        )
    };
    Ok(GtpReply {
        success,
        id,
        text: rest.trim().to_owned(),
    })
}

/// Reads one response as engines really send it: lines before the first one that starts
/// with `=` or `?` are noise and skipped (Edax prints `*** SEARCH STILL RUNNING ? (1) ***`
/// on its standard output before some answers), then [`parse_reply`]. A block with no
/// status line at all is refused as [`parse_reply`] refuses its text.
///
/// ```
/// use bitgames_arena::player::gtp::parse_response;
///
/// let reply = parse_response("*** SEARCH STILL RUNNING ? (1) ***\n= g7")?;
/// assert_eq!(reply.text, "g7");
/// assert!(parse_response("d3").is_err());
/// # Ok::<(), bitgames_arena::player::gtp::GtpError>(())
/// ```
pub fn parse_response(text: &str) -> Result<GtpReply, GtpError> {
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with(['=', '?']) {
            return parse_reply(&text[offset..]);
        }
        offset += line.len();
    }
    parse_reply(text)
}

/// Reads `genmove`'s answer: `pass`, `resign` or a vertex (a letter and a row number of one
/// or two digits, no leading zero), in any case.
pub fn parse_move(text: &str) -> Result<GtpMove, GtpError> {
    let word = text.trim();
    let bad = || GtpError::BadMove(word.chars().take(40).collect());
    if word.eq_ignore_ascii_case("pass") {
        return Ok(GtpMove::Pass);
    }
    if word.eq_ignore_ascii_case("resign") {
        return Ok(GtpMove::Resign);
    }
    let mut chars = word.chars();
    let letter = chars
        .next()
        .filter(char::is_ascii_alphabetic)
        .ok_or_else(bad)?;
    let digits = chars.as_str();
    let number = digits.len() <= 2 && digits.chars().all(|c| c.is_ascii_digit());
    if !number || digits.is_empty() || digits.starts_with('0') {
        return Err(bad());
    }
    Ok(GtpMove::Vertex(format!(
        "{}{digits}",
        letter.to_ascii_lowercase()
    )))
}

/// Most lines one response may have: more is a malformed reply, not a reason to wait.
const MAX_RESPONSE_LINES: usize = 1_000;

/// Most bytes one response may have, its lines together.
const MAX_RESPONSE_BYTES: usize = 1 << 20;

/// `b` or `w`, GTP's colours (Othello's first player is black).
fn colour(player: Player) -> &'static str {
    match player {
        Player::First => "b",
        Player::Second => "w",
    }
}

/// An Othello engine over GTP.
#[derive(Debug)]
pub(crate) struct GtpEngine {
    process: EngineProcess,
    clock: Clock,
    /// The moves the engine has on its board since `clear_board` (passes left out), with
    /// who played them.
    sent: Vec<(Player, String)>,
}

impl GtpEngine {
    /// Sets the started engine's board and clock up, all within the start-up time.
    pub(crate) fn start(Piped { process, clock }: Piped) -> Result<Self, Fault> {
        let mut engine = GtpEngine {
            process,
            clock,
            sent: Vec::new(),
        };
        let deadline = Instant::now() + clock.startup;
        engine.command("boardsize 8", deadline, clock.startup)?;
        let seconds = clock.per_move.as_secs_f64().ceil().max(1.0);
        engine.command(
            &format!("time_settings 0 {seconds} 1"),
            deadline,
            clock.startup,
        )?;
        engine.expect_success("clear_board", deadline, clock.startup)?;
        Ok(engine)
    }

    /// Sends `line` and reads its response, every line of it (empty lines before it
    /// skipped) by the one `deadline`.
    fn command(
        &mut self,
        line: &str,
        deadline: Instant,
        allowed: Duration,
    ) -> Result<GtpReply, Fault> {
        self.process.send(line)?;
        let mut lines: Vec<String> = Vec::new();
        let mut bytes = 0;
        loop {
            let line = self.process.read_line(deadline, allowed)?;
            if line.trim().is_empty() {
                if lines.is_empty() {
                    continue;
                }
                break;
            }
            if lines.len() == MAX_RESPONSE_LINES {
                return Err(Fault::Malformed(format!(
                    "a response of more than {MAX_RESPONSE_LINES} lines"
                )));
            }
            bytes += line.len();
            if bytes > MAX_RESPONSE_BYTES {
                return Err(Fault::Malformed(format!(
                    "a response of more than {MAX_RESPONSE_BYTES} bytes"
                )));
            }
            lines.push(line);
        }
        parse_response(&lines.join("\n")).map_err(|e| Fault::Malformed(e.to_string()))
    }

    fn expect_success(
        &mut self,
        line: &str,
        deadline: Instant,
        allowed: Duration,
    ) -> Result<(), Fault> {
        let reply = self.command(line, deadline, allowed)?;
        if reply.success {
            Ok(())
        } else {
            Err(Fault::Failed(format!(
                "`{line}` refused: {}",
                shorten(&reply.text, MAX_QUOTED)
            )))
        }
    }
}

impl BoardEngine for GtpEngine {
    fn choose(&mut self, game: &GameSoFar<'_>, time: Duration) -> Result<String, Fault> {
        let grace = self.clock.grace;
        let soon = || Instant::now() + grace;
        let played: Vec<(Player, String)> = game
            .moves_with_players()
            .into_iter()
            .filter(|(_, mv)| !matches!(mv, AnyMove::Othello(crate::othello::Move::Pass)))
            .map(|(player, mv)| (player, mv.to_string()))
            .collect();
        if !played.starts_with(&self.sent) {
            self.expect_success("clear_board", soon(), grace)?;
            self.sent.clear();
        }
        let known = self.sent.len();
        for (player, mv) in played.into_iter().skip(known) {
            self.expect_success(&format!("play {} {mv}", colour(player)), soon(), grace)?;
            self.sent.push((player, mv));
        }
        let me = game.position.side_to_move();
        let seconds = time.as_secs_f64();
        self.command(
            &format!("time_left {} {seconds:.3} 1", colour(me)),
            soon(),
            grace,
        )?;
        let deadline = Instant::now() + time + grace;
        let reply = self.command(&format!("genmove {}", colour(me)), deadline, time + grace)?;
        if !reply.success {
            return Err(Fault::Failed(format!(
                "genmove refused: {}",
                shorten(&reply.text, MAX_QUOTED)
            )));
        }
        match parse_move(&reply.text).map_err(|e| Fault::Malformed(e.to_string()))? {
            GtpMove::Pass => Ok("pass".to_owned()),
            GtpMove::Resign => Err(Fault::Resigned),
            GtpMove::Vertex(square) => {
                self.sent.push((me, square.clone()));
                Ok(square)
            }
        }
    }

    fn pid(&self) -> Option<u32> {
        Some(self.process.pid())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_as_engines_write_them() {
        let ok = |text: &str, id, body: &str| {
            assert_eq!(
                parse_reply(text),
                Ok(GtpReply {
                    success: true,
                    id,
                    text: body.to_owned()
                }),
                "{text:?}"
            );
        };
        ok("=", None, "");
        ok("= ", None, "");
        ok("= c4", None, "c4");
        ok("=7 C4", Some(7), "C4");
        ok("  = 12", None, "12");
        ok("= \nprotocol_version\nname", None, "protocol_version\nname");
        assert_eq!(
            parse_reply("?3 wrong color").map(|r| (r.success, r.id)),
            Ok((false, Some(3)))
        );
        assert_eq!(parse_reply(" \n "), Err(GtpError::Empty));
        assert!(matches!(parse_reply("d3"), Err(GtpError::NoStatus(_))));
        assert!(matches!(
            parse_reply("=99999999999999999999999 d3"),
            Err(GtpError::BadId(_))
        ));
    }

    #[test]
    fn moves_as_genmove_answers_them() {
        assert_eq!(parse_move("PASS"), Ok(GtpMove::Pass));
        // Edax's noise before its answer is skipped; a block without a status is refused.
        let edax = parse_response("*** SEARCH STILL RUNNING ? (1) ***\n= g7");
        assert_eq!(
            edax.map(|r| (r.success, r.text)),
            Ok((true, "g7".to_owned()))
        );
        assert!(matches!(
            parse_response("d3\nc4"),
            Err(GtpError::NoStatus(_))
        ));
        assert_eq!(parse_response("noise\n?2 no").map(|r| r.id), Ok(Some(2)));
        assert_eq!(parse_move(" resign "), Ok(GtpMove::Resign));
        assert_eq!(parse_move("H8"), Ok(GtpMove::Vertex("h8".into())));
        assert_eq!(parse_move("t19"), Ok(GtpMove::Vertex("t19".into())));
        for bad in ["", "8h", "d", "d123", "d0", "d03", "dd3", "d3 e4", "é3"] {
            assert!(parse_move(bad).is_err(), "{bad:?}");
        }
    }
}
