//! Game records in GGF, the Generic Game Format of the Generic Game Server (GGS), which the
//! NBoard GUI sends its engines (`set game ...`) and Othello servers archive games in.
//!
//! A record is `(;`, then properties `NAME[value]`, then `;)`. Names are upper-case letters;
//! a value runs to the next `]` not escaped by a backslash (`\]`, `\\`). What matters here:
//!
//! | property | meaning |
//! |---|---|
//! | `GM[Othello]` | the game (required to be Othello, when present) |
//! | `BO[8 <board> <side>]` | the start position: the board size (only 8), the 64 squares a1, b1, .., h8 (`*` black, `O` white, `-` empty; whitespace between rows allowed), the side to move (`*` or `O`) |
//! | `B[mv]`, `W[mv]` | a move by black or white, in order: `d3`/`D3`, or `PA`/`pass` for a pass, optionally followed by `/eval` and `/time` (numbers) |
//!
//! Every other property (`PC`, `DT`, `PB`, `PW`, `RE`, `TI`, `TY`, comments ...) is kept in
//! [`GgfGame::properties`] and otherwise ignored. Without `BO` the game starts from the
//! standard start position. A move must be legal where it is played; a colour may move twice
//! in a row only when the other side had to pass and the record leaves the pass out (the pass
//! is then inserted). Every problem is a [`GgfError`] saying what and where, never a panic.
//!
//! ```
//! use bitgames_othello::{Position, ggf};
//!
//! let record = "(;GM[Othello]PC[NBoard]TY[8]\
//!     BO[8 ---------------------------O*------*O--------------------------- *]\
//!     B[F5]W[F6]B[D3//1.5];)";
//! let game = ggf::parse(record)?;
//! assert_eq!(game.moves.len(), 3);
//! assert_eq!(game.moves[2].time, Some(1.5));
//! let mut expected = Position::start();
//! for mv in ["f5", "f6", "d3"] {
//!     expected = expected.play(expected.parse_move(mv)?)?;
//! }
//! assert_eq!(game.position(), expected);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use bitgames_search::Player;
use thiserror::Error;

use crate::{Error, Move, Position};

/// A move of a record with the evaluation and time the record gives it, if any.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RecordedMove {
    /// The colour that played it (`First` is black).
    pub player: Player,
    /// The move (a pass inserted for a side that had to pass is [`Move::Pass`] too).
    pub mv: Move,
    /// The evaluation written after the move (`B[d3/1.5]`), in discs.
    pub eval: Option<f64>,
    /// The time written after the evaluation (`B[d3/1.5/2.0]`), in seconds.
    pub time: Option<f64>,
}

/// A parsed game record: where it starts and the moves played from there.
#[derive(Debug, Clone, PartialEq)]
pub struct GgfGame {
    /// The position of `BO`, or the standard start.
    pub start: Position,
    /// The moves in order, each legal where it was played.
    pub moves: Vec<RecordedMove>,
    /// Every property that is not `BO`, `B` or `W`, as (name, value) in record order.
    pub properties: Vec<(String, String)>,
}

impl GgfGame {
    /// The position after every move: what NBoard's `set game` asks an engine to think
    /// about.
    pub fn position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.start, |position, m| position.play_unchecked(m.mv))
    }

    /// The first value of property `name` (such as `PB`, the black player), if present.
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What is wrong with a GGF record. Positions are character offsets from 0.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum GgfError {
    /// The record does not start with `(;` (after whitespace).
    #[error("a GGF game starts with \"(;\"")]
    NoStart,
    /// The text ends before the closing `;)`.
    #[error("the game record is not closed with \";)\"")]
    NoEnd,
    /// Something other than whitespace follows the closing `;)`.
    #[error("unexpected text after the closing \";)\" at {at}")]
    TrailingText {
        /// Where the extra text starts.
        at: usize,
    },
    /// A character where a property name (upper-case letters) was expected.
    #[error("expected a property name (upper-case letters) at {at}, found {found:?}")]
    PropertyName {
        /// Where.
        at: usize,
        /// The character found.
        found: char,
    },
    /// A property name with no `[value]` after it.
    #[error("property {name} at {at} has no [value]")]
    NoValue {
        /// The property name.
        name: String,
        /// Where the name starts.
        at: usize,
    },
    /// A value whose closing `]` never comes.
    #[error("the value of {name} at {at} is not closed with \"]\"")]
    UnclosedValue {
        /// The property name.
        name: String,
        /// Where the name starts.
        at: usize,
    },
    /// `GM` names another game.
    #[error("GM[{0}]: not an Othello game")]
    NotOthello(String),
    /// `BO` is given twice, or after a move.
    #[error("BO at {at}: the board is given twice or after a move")]
    LateBoard {
        /// Where the property starts.
        at: usize,
    },
    /// `BO` is empty or does not start with its size.
    #[error("BO[{text}]: expected the size 8, the 64 squares and the side to move")]
    BoardShape {
        /// The value.
        text: String,
    },
    /// `BO` is for another board size.
    #[error("BO: board size {0} is not supported (only 8)")]
    BoardSize(String),
    /// The squares or side of `BO` do not parse.
    #[error("BO: {0}")]
    Board(Error),
    /// A move that does not parse, is illegal, or has a malformed eval or time.
    #[error("move {number} ({colour}[{text}]): {reason}")]
    Move {
        /// The move's number in the record, from 1.
        number: usize,
        /// `B` or `W`.
        colour: char,
        /// The property value.
        text: String,
        /// What is wrong.
        reason: String,
    },
}

/// One `NAME[value]` with where its name starts.
struct Property {
    name: String,
    value: String,
    at: usize,
}

/// Reads one game record.
pub fn parse(text: &str) -> Result<GgfGame, GgfError> {
    let properties = split_properties(text)?;
    let mut start: Option<Position> = None;
    let mut game = GgfGame {
        start: Position::start(),
        moves: Vec::new(),
        properties: Vec::new(),
    };
    let mut position = Position::start();
    for Property { name, value, at } in properties {
        match name.as_str() {
            "GM" if !value.trim().eq_ignore_ascii_case("othello") => {
                return Err(GgfError::NotOthello(value));
            }
            "BO" => {
                if start.is_some() || !game.moves.is_empty() {
                    return Err(GgfError::LateBoard { at });
                }
                let board = parse_board(&value)?;
                start = Some(board);
                game.start = board;
                position = board;
            }
            "B" | "W" => {
                let player = if name == "B" {
                    Player::First
                } else {
                    Player::Second
                };
                let number = game.moves.len() + 1;
                let bad = |reason: String| GgfError::Move {
                    number,
                    colour: if player == Player::First { 'B' } else { 'W' },
                    text: value.clone(),
                    reason,
                };
                let (mv, eval, time) = parse_move_text(&value).map_err(|e| bad(e.to_string()))?;
                if position.side_to_move() != player
                    && position.legal_moves().as_slice() == [Move::Pass]
                {
                    // The record left out the other side's forced pass.
                    game.moves.push(RecordedMove {
                        player: position.side_to_move(),
                        mv: Move::Pass,
                        eval: None,
                        time: None,
                    });
                    position = position.play_unchecked(Move::Pass);
                }
                if position.side_to_move() != player {
                    return Err(bad(format!(
                        "it is {}'s turn",
                        if player == Player::First {
                            "white"
                        } else {
                            "black"
                        }
                    )));
                }
                let mv = position
                    .parse_move(&mv.to_string())
                    .map_err(|e| bad(e.to_string()))?;
                game.moves.push(RecordedMove {
                    player,
                    mv,
                    eval,
                    time,
                });
                position = position.play_unchecked(mv);
            }
            _ => game.properties.push((name, value)),
        }
    }
    Ok(game)
}

/// The properties between `(;` and `;)`, in order.
fn split_properties(text: &str) -> Result<Vec<Property>, GgfError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let skip_space = |i: &mut usize| {
        while chars.get(*i).is_some_and(|c| c.is_whitespace()) {
            *i += 1;
        }
    };
    skip_space(&mut i);
    if chars.get(i) != Some(&'(') || chars.get(i + 1) != Some(&';') {
        return Err(GgfError::NoStart);
    }
    i += 2;
    let mut properties = Vec::new();
    loop {
        skip_space(&mut i);
        match chars.get(i) {
            None => return Err(GgfError::NoEnd),
            Some(';') if chars.get(i + 1) == Some(&')') => {
                i += 2;
                skip_space(&mut i);
                if i < chars.len() {
                    return Err(GgfError::TrailingText { at: i });
                }
                return Ok(properties);
            }
            Some(c) if c.is_ascii_uppercase() => {
                let at = i;
                let mut name = String::new();
                while let Some(&c) = chars.get(i).filter(|c| c.is_ascii_uppercase()) {
                    name.push(c);
                    i += 1;
                }
                skip_space(&mut i);
                if chars.get(i) != Some(&'[') {
                    return Err(GgfError::NoValue { name, at });
                }
                i += 1;
                let mut value = String::new();
                loop {
                    match chars.get(i) {
                        None => return Err(GgfError::UnclosedValue { name, at }),
                        Some(']') => break,
                        Some('\\') => {
                            // An escaped character stands for itself (`\]`, `\\`).
                            match chars.get(i + 1) {
                                Some(&next) => {
                                    value.push(next);
                                    i += 2;
                                }
                                None => return Err(GgfError::UnclosedValue { name, at }),
                            }
                        }
                        Some(&c) => {
                            value.push(c);
                            i += 1;
                        }
                    }
                }
                i += 1;
                properties.push(Property { name, value, at });
            }
            Some(&found) => return Err(GgfError::PropertyName { at: i, found }),
        }
    }
}

/// `8 <64 squares, whitespace allowed between them> <side>`.
fn parse_board(value: &str) -> Result<Position, GgfError> {
    let shape = || GgfError::BoardShape {
        text: value.to_owned(),
    };
    let mut tokens = value.split_whitespace();
    let size = tokens.next().ok_or_else(shape)?;
    if size != "8" {
        return if size.chars().all(|c| c.is_ascii_digit()) {
            Err(GgfError::BoardSize(size.to_owned()))
        } else {
            Err(shape())
        };
    }
    let mut rest: Vec<&str> = tokens.collect();
    let side = rest.pop().ok_or_else(shape)?;
    let squares: String = rest.concat();
    format!("{squares} {side}").parse().map_err(GgfError::Board)
}

/// A move written `mv[/eval[/time]]` (as in GGF's `B[...]` and NBoard's `move ...`) that does
/// not parse.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// The move itself is not a square or a pass.
    #[error("{0}")]
    Move(Error),
    /// The eval or the time is not a (finite) number.
    #[error("{what} {text:?} is not a number")]
    Number {
        /// `eval` or `time`.
        what: &'static str,
        /// The text found.
        text: String,
    },
    /// More than three `/`-separated parts.
    #[error("unexpected {0:?} after the time: expected move/eval/time")]
    Extra(String),
}

/// A move with its optional eval and time: `d3`, `D3/1.5`, `PA//0.2`; an empty eval or
/// time is absent. The move is only read, not checked against a position.
///
/// ```
/// use bitgames_othello::{Move, ggf};
///
/// let (mv, eval, time) = ggf::parse_move_text("F5/-1.00/2.5")?;
/// assert_eq!((mv.to_string(), eval, time), ("f5".to_owned(), Some(-1.0), Some(2.5)));
/// assert_eq!(ggf::parse_move_text("PA")?, (Move::Pass, None, None));
/// assert!(ggf::parse_move_text("f5/best").is_err());
/// # Ok::<(), ggf::MoveTextError>(())
/// ```
pub fn parse_move_text(value: &str) -> Result<(Move, Option<f64>, Option<f64>), MoveTextError> {
    let mut parts = value.split('/');
    let mv: Move = parts
        .next()
        .unwrap_or_default()
        .trim()
        .parse()
        .map_err(MoveTextError::Move)?;
    let number = |what: &'static str, part: Option<&str>| match part.map(str::trim) {
        None | Some("") => Ok(None),
        Some(text) => text
            .parse::<f64>()
            .ok()
            .filter(|x| x.is_finite())
            .map(Some)
            .ok_or_else(|| MoveTextError::Number {
                what,
                text: text.to_owned(),
            }),
    };
    let eval = number("eval", parts.next())?;
    let time = number("time", parts.next())?;
    if let Some(extra) = parts.next() {
        return Err(MoveTextError::Extra(extra.to_owned()));
    }
    Ok((mv, eval, time))
}

/// Writes a game record that [`parse`] reads back: `GM[Othello]`, the given `properties`
/// (name, value; `]` and `\\` in values are escaped), `BO` with the start position, then the
/// moves as `B[..]`/`W[..]` by the colour that played each, passes as `PA`. Match runners and
/// archives write games this way so that any GGF reader (NBoard, GGS tools, ours) replays them.
///
/// The moves must be legal from `start` in order (a runner checks them before recording).
///
/// ```
/// use bitgames_othello::{Move, Position, ggf};
///
/// let start = Position::start();
/// let d3 = start.parse_move("d3")?;
/// let record = ggf::write(&start, &[d3], &[("PB", "alphabeta"), ("RE", "?")]);
/// assert!(record.starts_with("(;GM[Othello]PB[alphabeta]RE[?]BO[8 "));
/// let game = ggf::parse(&record)?;
/// assert_eq!(game.position(), start.play(d3)?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(start: &Position, moves: &[Move], properties: &[(&str, &str)]) -> String {
    let escape = |value: &str| value.replace('\\', "\\\\").replace(']', "\\]");
    let mut out = String::from("(;GM[Othello]");
    for (name, value) in properties {
        out.push_str(&format!("{name}[{}]", escape(value)));
    }
    let (black, white) = start.discs();
    let mut board = String::with_capacity(64);
    for bit in 0..64u32 {
        let mask = 1u64 << bit;
        board.push(if black.bits() & mask != 0 {
            '*'
        } else if white.bits() & mask != 0 {
            'O'
        } else {
            '-'
        });
    }
    let side = match start.side_to_move() {
        Player::First => '*',
        Player::Second => 'O',
    };
    out.push_str(&format!("BO[8 {board} {side}]"));
    let mut position = *start;
    for &mv in moves {
        let colour = match position.side_to_move() {
            Player::First => 'B',
            Player::Second => 'W',
        };
        let text = match mv {
            Move::Pass => "PA".to_owned(),
            Move::Play(square) => square.to_string(),
        };
        out.push_str(&format!("{colour}[{text}]"));
        position = position.play_unchecked(mv);
    }
    out.push_str(";)");
    out
}

#[cfg(test)]
mod tests {
    use quickcheck::{Gen, QuickCheck, TestResult};

    use super::*;

    /// Whole games (passes included) written by [`write`] read back move for move, with
    /// the properties kept; a value with `]` and `\\` survives the escaping.
    #[test]
    fn written_games_read_back() {
        let mut passes = 0;
        for seed in 0..300u64 {
            let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            let mut position = Position::start();
            let mut moves = Vec::new();
            while !bitgames_search::Game::outcome(&position).is_over() {
                let legal = position.legal_moves();
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let mv = legal[(state % legal.len() as u64) as usize];
                passes += usize::from(mv == Move::Pass);
                moves.push(mv);
                position = position.play_unchecked(mv);
            }
            let record = write(
                &Position::start(),
                &moves,
                &[("PB", "a]b\\c"), ("RE", "+2")],
            );
            let game = parse(&record).unwrap_or_else(|e| panic!("{record}: {e}"));
            let read: Vec<Move> = game.moves.iter().map(|m| m.mv).collect();
            assert_eq!(read, moves, "{record}");
            assert_eq!(game.position(), position);
            assert_eq!(game.property("PB"), Some("a]b\\c"));
        }
        assert!(passes > 0, "some random game should contain a pass");
    }

    /// The `set game` line of the NBoard protocol's example session.
    const NBOARD_EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

    fn play_all(moves: &[&str]) -> Position {
        moves.iter().fold(Position::start(), |p, m| {
            p.play_unchecked(p.parse_move(m).expect("a legal move"))
        })
    }

    #[test]
    fn reads_the_nboard_example() {
        let game = parse(NBOARD_EXAMPLE).unwrap();
        assert_eq!(game.start, Position::start());
        let moves: Vec<String> = game.moves.iter().map(|m| m.mv.to_string()).collect();
        assert_eq!(moves, ["f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"]);
        let colours: Vec<Player> = game.moves.iter().map(|m| m.player).collect();
        assert_eq!(
            colours,
            [Player::First, Player::Second].repeat(4),
            "alternating, black first"
        );
        assert_eq!(
            game.position(),
            play_all(&["f5", "f6", "d3", "c5", "e6", "f7", "e7", "f4"])
        );
        assert_eq!(game.property("PB"), Some("./mEdax"));
        assert_eq!(game.property("DT"), Some("2014-02-21 20:52:27 GMT"));
        assert_eq!(game.property("BO"), None);
    }

    #[test]
    fn evals_times_passes_escapes_and_spaced_boards() {
        let text = "  (; GM[othello] C[a \\] bracket and a \\\\ backslash]\n\
            BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]\n\
            B[d3/-1.5/0.25] W[C3//3] B[c4/2];)  \n";
        let game = parse(text).unwrap();
        assert_eq!(game.property("C"), Some("a ] bracket and a \\ backslash"));
        assert_eq!(game.start, Position::start());
        let m = &game.moves;
        assert_eq!((m[0].eval, m[0].time), (Some(-1.5), Some(0.25)));
        assert_eq!((m[1].eval, m[1].time), (None, Some(3.0)));
        assert_eq!((m[2].eval, m[2].time), (Some(2.0), None));
        assert_eq!(game.position(), play_all(&["d3", "c3", "c4"]));
    }

    /// Black a1, white b1 and b2, black to move: after black c1 (taking b1) white has no
    /// move but black has (c3 takes b2), so white must pass.
    #[test]
    fn a_left_out_forced_pass_is_inserted_and_a_written_one_accepted() {
        let board = "*O------ -O------ -------- -------- -------- -------- -------- -------- *";
        let position: Position = parse(&format!("(;BO[8 {board}];)")).unwrap().start;
        let after = position.play_unchecked(position.parse_move("c1").unwrap());
        assert_eq!(after.legal_moves().as_slice(), [Move::Pass], "premise");
        let left_out = parse(&format!("(;BO[8 {board}]B[c1]B[c3];)")).unwrap();
        let written = parse(&format!("(;BO[8 {board}]B[c1]W[PA]B[c3];)")).unwrap();
        assert_eq!(left_out.moves, written.moves);
        assert_eq!(written.moves[1].mv, Move::Pass);
        assert_eq!(written.moves[1].player, Player::Second);
        assert_eq!(left_out.position().disc_counts(), [5, 0]);
    }

    #[test]
    fn bad_records_get_errors_naming_the_problem() {
        let start = "BO[8 ---------------------------O*------*O--------------------------- *]";
        let cases = [
            ("", "starts with \"(;\""),
            ("GM[Othello];)", "starts with \"(;\""),
            ("(;GM[Othello]", "not closed with \";)\""),
            ("(;GM[Othello];) x", "unexpected text after"),
            ("(;gm[Othello];)", "expected a property name"),
            ("(;GM Othello;)", "GM at 2 has no [value]"),
            ("(;GM[Othello;)", "value of GM at 2 is not closed"),
            ("(;GM[Chess];)", "GM[Chess]: not an Othello game"),
            ("(;BO[10 ----];)", "board size 10 is not supported"),
            ("(;BO[];)", "expected the size 8"),
            ("(;BO[8];)", "expected the size 8"),
            ("(;BO[8 ---- *];)", "expected 64 squares, found 4"),
            (&format!("(;{start}{start};)"), "given twice"),
            (&format!("(;B[d3]{start};)"), "given twice or after a move"),
            (
                &format!("(;{start}W[d3];)"),
                "move 1 (W[d3]): it is black's turn",
            ),
            (
                &format!("(;{start}B[a1];)"),
                "move 1 (B[a1]): illegal move a1",
            ),
            (&format!("(;{start}B[z9];)"), "is not a square"),
            (
                &format!("(;{start}B[d3]W[PA];)"),
                "move 2 (W[PA]): illegal move pass",
            ),
            (&format!("(;{start}B[d3/x];)"), "eval \"x\" is not a number"),
            (
                &format!("(;{start}B[d3/1/y];)"),
                "time \"y\" is not a number",
            ),
            (&format!("(;{start}B[d3/1/2/3];)"), "after the time"),
        ];
        for (text, expected) in cases {
            let message = parse(text).unwrap_err().to_string();
            assert!(message.contains(expected), "{text}: {message}");
        }
    }

    #[test]
    fn arbitrary_text_never_panics() {
        fn prop(text: String) -> TestResult {
            let _ = parse(&text);
            TestResult::passed()
        }
        fn prop_inside(inner: String) -> TestResult {
            let _ = parse(&format!("(;{inner};)"));
            let _ = parse(&format!("(;BO[8 {inner}];)"));
            let _ = parse(&format!("(;B[{inner}];)"));
            TestResult::passed()
        }
        QuickCheck::new()
            .rng(Gen::from_size_and_seed(200, 13))
            .tests(2000)
            .quickcheck(prop as fn(String) -> TestResult);
        QuickCheck::new()
            .rng(Gen::from_size_and_seed(60, 14))
            .tests(2000)
            .quickcheck(prop_inside as fn(String) -> TestResult);
    }
}
