//! Endgame test files in the FFO/Edax `.obf` format: one position a line, optionally with
//! the exact value of its moves.
//!
//! A line is a position in this crate's notation (the 64-character board, a space, the side
//! to move), then `;`, then any number of `MOVE:SCORE;` items: a move (`A2`, `a2`, or `PS`
//! for a pass) and the final disc difference for the side to move after it under perfect
//! play (`+38`, `-2`, `+0`):
//!
//! ```text
//! O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;
//! ```
//!
//! Blank lines and lines starting with `%` or `#` are comments. A line without any item (with
//! or without the `;`) is just a position. Every problem is reported as a [`FfoError`] naming
//! the line and what is wrong, never a panic.
//!
//! ```
//! use bitgames_othello::ffo;
//!
//! let text = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36;";
//! let problems = ffo::parse(text)?;
//! assert_eq!(problems[0].best_score(), Some(38));
//! assert_eq!(problems[0].best_moves()[0].to_string(), "a2");
//! # Ok::<(), ffo::FfoError>(())
//! ```

use thiserror::Error;

use crate::{Error, Move, Position};

/// One line of the file: a position and the listed moves with their exact scores.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// The line number, from 1.
    pub line: usize,
    /// The position to solve.
    pub position: Position,
    /// The listed moves with the final disc difference for the side to move after each
    /// (under perfect play), in file order.
    pub moves: Vec<(Move, i32)>,
}

impl Problem {
    /// The best listed score: the value of the position if every move is listed. `None`
    /// when no move is listed.
    pub fn best_score(&self) -> Option<i32> {
        self.moves.iter().map(|&(_, score)| score).max()
    }

    /// The listed moves that reach [`Problem::best_score`].
    pub fn best_moves(&self) -> Vec<Move> {
        let best = self.best_score();
        self.moves
            .iter()
            .filter(|&&(_, score)| Some(score) == best)
            .map(|&(mv, _)| mv)
            .collect()
    }

    /// The listed score of `mv`, if listed.
    pub fn score_of(&self, mv: Move) -> Option<i32> {
        self.moves.iter().find(|&&(m, _)| m == mv).map(|&(_, s)| s)
    }

    /// The number of empty squares.
    pub fn empties(&self) -> u32 {
        self.position.empty_squares().len() as u32
    }
}

/// A malformed line: its number (from 1) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct FfoError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with the line.
    pub kind: FfoErrorKind,
}

/// What is wrong with one line of an FFO file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FfoErrorKind {
    /// The position before the first `;` does not parse.
    #[error("{0}")]
    Position(Error),
    /// An item has no `:` between the move and the score.
    #[error("{text:?}: expected MOVE:SCORE, like A2:+38")]
    Item {
        /// The item, trimmed.
        text: String,
    },
    /// An item's move is malformed or illegal in the line's position.
    #[error("{text:?}: {source}")]
    Move {
        /// The move text, trimmed.
        text: String,
        /// Why the position rejects it.
        source: Error,
    },
    /// An item's score is not a disc difference from -64 to +64.
    #[error("score {text:?}: expected a whole number of discs from -64 to +64, like +38")]
    Score {
        /// The score text, trimmed.
        text: String,
    },
    /// The same move has two items on the line, so its score would be ambiguous.
    #[error("{mv} is listed twice")]
    Duplicate {
        /// The repeated move.
        mv: Move,
    },
}

/// Reads a whole file. Comments and blank lines are skipped; the first bad line is an error.
/// A UTF-8 byte order mark at the start of the file (as some Windows editors write) is
/// skipped; anywhere else it is an error like any other stray character.
pub fn parse(text: &str) -> Result<Vec<Problem>, FfoError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut problems = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line_number = i + 1;
        match parse_line(line) {
            Ok(Some((position, moves))) => problems.push(Problem {
                line: line_number,
                position,
                moves,
            }),
            Ok(None) => {}
            Err(kind) => {
                return Err(FfoError {
                    line: line_number,
                    kind,
                });
            }
        }
    }
    Ok(problems)
}

/// The listed moves of one line with their scores.
pub type Items = Vec<(Move, i32)>;

/// Reads one line: `None` for a comment or blank line.
pub fn parse_line(line: &str) -> Result<Option<(Position, Items)>, FfoErrorKind> {
    let trimmed = line.trim();
    if trimmed.is_empty() || trimmed.starts_with('%') || trimmed.starts_with('#') {
        return Ok(None);
    }
    let mut parts = trimmed.split(';');
    let position: Position = parts
        .next()
        .unwrap_or_default()
        .parse()
        .map_err(FfoErrorKind::Position)?;
    let mut moves: Items = Vec::new();
    for item in parts.map(str::trim).filter(|item| !item.is_empty()) {
        let Some((mv_text, score_text)) = item.split_once(':') else {
            return Err(FfoErrorKind::Item {
                text: item.to_owned(),
            });
        };
        let mv = position
            .parse_move(mv_text.trim())
            .map_err(|source| FfoErrorKind::Move {
                text: mv_text.trim().to_owned(),
                source,
            })?;
        let score = parse_score(score_text.trim()).ok_or_else(|| FfoErrorKind::Score {
            text: score_text.trim().to_owned(),
        })?;
        if moves.iter().any(|&(m, _)| m == mv) {
            return Err(FfoErrorKind::Duplicate { mv });
        }
        moves.push((mv, score));
    }
    Ok(Some((position, moves)))
}

/// `+38`, `-2`, `0`: a disc difference in -64..=64.
fn parse_score(text: &str) -> Option<i32> {
    let digits = text.strip_prefix('+').unwrap_or(text);
    // `i32::from_str` accepts a leading sign itself; refuse a second one (`+-2`, `++2`).
    if digits.starts_with('+') || (digits.starts_with('-') && text.starts_with('+')) {
        return None;
    }
    let score: i32 = digits.parse().ok()?;
    (-64..=64).contains(&score).then_some(score)
}

#[cfg(test)]
mod tests {
    use quickcheck::{Gen, QuickCheck, TestResult};

    use super::*;

    /// FFO #40 as the Edax distribution lists it (the first three items).
    const FFO_40: &str = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X; A2:+38; C7:+36; D8:+34;";

    #[test]
    fn reads_a_line_with_its_moves() {
        let problems = parse(&format!("% a comment\n\n{FFO_40}\n")).unwrap();
        assert_eq!(problems.len(), 1);
        let p = &problems[0];
        assert_eq!(p.line, 3);
        assert_eq!(p.empties(), 20);
        assert_eq!(p.position.to_string(), FFO_40.split(';').next().unwrap());
        let listed: Vec<String> = p.moves.iter().map(|(m, s)| format!("{m}:{s}")).collect();
        assert_eq!(listed, ["a2:38", "c7:36", "d8:34"]);
        assert_eq!(p.best_score(), Some(38));
        assert_eq!(p.best_moves(), vec!["a2".parse::<Move>().unwrap()]);
        assert_eq!(p.score_of("c7".parse().unwrap()), Some(36));
        assert_eq!(p.score_of("h8".parse().unwrap()), None);
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_skipped() {
        let plain = parse(&format!("{FFO_40}\n")).unwrap();
        let marked = parse(&format!("\u{feff}{FFO_40}\n")).unwrap();
        assert_eq!(marked.len(), 1);
        assert_eq!(marked[0].position, plain[0].position);
        assert_eq!(marked[0].moves, plain[0].moves);
        assert_eq!(marked[0].line, 1);
        // A comment first, too; but a mark inside the text is a stray character.
        assert_eq!(
            parse(&format!("\u{feff}% FFO\n{FFO_40}\n")).unwrap().len(),
            1
        );
        let err = parse(&format!("{FFO_40}\n\u{feff}{FFO_40}\n")).unwrap_err();
        assert_eq!(err.line, 2);
    }

    #[test]
    fn a_line_may_be_just_a_position() {
        let board = FFO_40.split(';').next().unwrap();
        for line in [
            board.to_owned(),
            format!("{board};"),
            format!("{board} ;  "),
        ] {
            let problems = parse(&line).unwrap();
            assert!(problems[0].moves.is_empty());
            assert_eq!(problems[0].best_score(), None);
        }
    }

    #[test]
    fn bad_lines_get_errors_naming_line_and_problem() {
        let board = FFO_40.split(';').next().unwrap();
        let cases = [
            ("X; A2:+38;".to_owned(), "expected 64 squares"),
            (format!("{}Z X; A2:+38;", &board[..63]), "is not X, O or -"),
            (format!("{board}; A2+38;"), "expected MOVE:SCORE"),
            (format!("{board}; Z9:+38;"), "is not a square"),
            (format!("{board}; H8:+38;"), "illegal move h8"),
            (format!("{board}; A2:38x;"), "score \"38x\""),
            (format!("{board}; A2:+66;"), "score \"+66\""),
            (format!("{board}; A2:+-6;"), "score \"+-6\""),
            (format!("{board}; A2:;"), "score \"\""),
            (format!("{board}; A2:+38; a2:+38;"), "a2 is listed twice"),
        ];
        for (line, expected) in cases {
            let text = format!("% header\n{line}\n");
            let err = parse(&text).unwrap_err();
            assert_eq!(err.line, 2, "{line}");
            let message = err.to_string();
            assert!(message.starts_with("line 2: "), "{message}");
            assert!(message.contains(expected), "{line}: {message}");
        }
        assert_eq!(parse_score("-2"), Some(-2));
        assert_eq!(parse_score("+0"), Some(0));
        assert_eq!(parse_score("-64"), Some(-64));
    }

    #[test]
    fn arbitrary_text_never_panics() {
        fn prop(text: String) -> TestResult {
            let _ = parse(&text);
            TestResult::passed()
        }
        fn prop_after_board(suffix: String) -> TestResult {
            let _ = parse(&format!("{}{suffix}", &FFO_40[..66]));
            TestResult::passed()
        }
        QuickCheck::new()
            .rng(Gen::from_size_and_seed(200, 40))
            .tests(2000)
            .quickcheck(prop as fn(String) -> TestResult);
        QuickCheck::new()
            .rng(Gen::from_size_and_seed(40, 41))
            .tests(2000)
            .quickcheck(prop_after_board as fn(String) -> TestResult);
    }
}
