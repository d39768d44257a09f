//! Perft test suites: one plain-text format for every game, one reader and one runner.
//!
//! Published perft counts are facts from outside the project; each game keeps them in one
//! file, `crates/<game>/tests/data/<game>.perft`, in the manner of shakmaty's `.perft`
//! files:
//!
//! ```text
//! # Source: Aart Bik, "Perft for Reversi" (2009).
//! id start
//! position ---------------------------OX------XO--------------------------- X
//! perft 1 4
//! perft 2 12
//! ```
//!
//! A case is an `id NAME` line, one `position TEXT` line (the game's own notation, as its
//! `FromStr` reads it) and `perft DEPTH NODES` lines. Blank lines and lines starting with `#`
//! (which name the source of the counts) are skipped; anything else is an error naming its
//! line. [`PerftSuite::check`] checks every count of at most `node_limit` nodes, so the
//! everyday tests stay quick while a larger limit (an `#[ignore]`d test) runs the rest.
//!
//! ```
//! use bitgames_search::PerftSuite;
//!
//! let suite: PerftSuite = "id start\nposition X\nperft 1 4\n".parse()?;
//! assert_eq!(suite.cases[0].counts[0].nodes, 4);
//! # Ok::<(), bitgames_search::SuiteSyntaxError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::{Game, perft, perft_parallel};

/// A parsed suite: its cases in file order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftSuite {
    /// The cases, in file order.
    pub cases: Vec<PerftCase>,
}

/// One position and its published counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerftCase {
    /// The name after `id`.
    pub id: String,
    /// The position in the game's notation.
    pub position: String,
    /// The line of the `position` (from 1), for error messages.
    pub line: usize,
    /// The counts, in file order.
    pub counts: Vec<PerftCount>,
}

/// One `perft DEPTH NODES` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerftCount {
    /// Plies below the position.
    pub depth: u32,
    /// The published number of leaves.
    pub nodes: u64,
    /// The line (from 1).
    pub line: usize,
}

/// A malformed suite: what is wrong, on which line (from 1).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("perft suite line {line}: {kind}")]
pub struct SuiteSyntaxError {
    /// The offending line, from 1 (for a problem at the end of the text, its last line).
    pub line: usize,
    /// What is wrong.
    pub kind: SyntaxErrorKind,
}

/// What is wrong with a line of a suite.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyntaxErrorKind {
    /// The first word is not `id`, `position` or `perft`.
    #[error("unknown keyword {0:?} (expected id, position or perft)")]
    UnknownKeyword(String),
    /// `id` or `position` without its text.
    #[error("{0} needs a value")]
    MissingValue(&'static str),
    /// A `position` or `perft` line before any `id`.
    #[error("{0} before any id line")]
    OutsideCase(&'static str),
    /// A second `position` in one case.
    #[error("a second position for id {0:?}")]
    SecondPosition(String),
    /// A case that ends (or a `perft` line that comes) without a `position`.
    #[error("id {0:?} has no position line")]
    NoPosition(String),
    /// A case without any `perft` line.
    #[error("id {0:?} has no perft line")]
    NoCounts(String),
    /// `perft` not followed by exactly two numbers.
    #[error("expected `perft DEPTH NODES`, found {0:?}")]
    PerftFields(String),
    /// A depth or node count that is not a non-negative integer.
    #[error("{field} {text:?} is not a whole number")]
    BadNumber {
        /// `depth` or `nodes`.
        field: &'static str,
        /// The text found.
        text: String,
    },
    /// Text without a single case.
    #[error("no cases")]
    Empty,
}

impl FromStr for PerftSuite {
    type Err = SuiteSyntaxError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut cases: Vec<PerftCase> = Vec::new();
        let mut last_line = 0;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            last_line = line;
            let err = |kind| SuiteSyntaxError { line, kind };
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (keyword, rest) = trimmed
                .split_once(char::is_whitespace)
                .unwrap_or((trimmed, ""));
            let rest = rest.trim();
            match keyword {
                "id" => {
                    if rest.is_empty() {
                        return Err(err(SyntaxErrorKind::MissingValue("id")));
                    }
                    if let Some(previous) = cases.last() {
                        previous.complete().map_err(err)?;
                    }
                    cases.push(PerftCase {
                        id: rest.to_owned(),
                        position: String::new(),
                        line: 0,
                        counts: Vec::new(),
                    });
                }
                "position" => {
                    let case = cases
                        .last_mut()
                        .ok_or(err(SyntaxErrorKind::OutsideCase("position")))?;
                    if rest.is_empty() {
                        return Err(err(SyntaxErrorKind::MissingValue("position")));
                    }
                    if case.line != 0 {
                        return Err(err(SyntaxErrorKind::SecondPosition(case.id.clone())));
                    }
                    case.position = rest.to_owned();
                    case.line = line;
                }
                "perft" => {
                    let case = cases
                        .last_mut()
                        .ok_or(err(SyntaxErrorKind::OutsideCase("perft")))?;
                    if case.line == 0 {
                        return Err(err(SyntaxErrorKind::NoPosition(case.id.clone())));
                    }
                    let fields: Vec<&str> = rest.split_whitespace().collect();
                    let [depth, nodes] = fields.as_slice() else {
                        return Err(err(SyntaxErrorKind::PerftFields(rest.to_owned())));
                    };
                    let number = |field, text: &str| {
                        text.parse::<u64>().map_err(|_| {
                            err(SyntaxErrorKind::BadNumber {
                                field,
                                text: text.to_owned(),
                            })
                        })
                    };
                    let depth = u32::try_from(number("depth", depth)?).map_err(|_| {
                        err(SyntaxErrorKind::BadNumber {
                            field: "depth",
                            text: (*depth).to_owned(),
                        })
                    })?;
                    let nodes = number("nodes", nodes)?;
                    case.counts.push(PerftCount { depth, nodes, line });
                }
                other => return Err(err(SyntaxErrorKind::UnknownKeyword(other.to_owned()))),
            }
        }
        let last = cases.last().ok_or(SuiteSyntaxError {
            line: last_line.max(1),
            kind: SyntaxErrorKind::Empty,
        })?;
        last.complete().map_err(|kind| SuiteSyntaxError {
            line: last_line,
            kind,
        })?;
        Ok(PerftSuite { cases })
    }
}

impl PerftCase {
    /// Whether the case has what a case needs (checked when the next begins).
    fn complete(&self) -> Result<(), SyntaxErrorKind> {
        if self.line == 0 {
            Err(SyntaxErrorKind::NoPosition(self.id.clone()))
        } else if self.counts.is_empty() {
            Err(SyntaxErrorKind::NoCounts(self.id.clone()))
        } else {
            Ok(())
        }
    }
}

/// A count that differs from the published one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    /// The case.
    pub id: String,
    /// The `perft` line.
    pub line: usize,
    /// The depth.
    pub depth: u32,
    /// The published count.
    pub expected: u64,
    /// What the move generator counted.
    pub counted: u64,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}: {} perft {}: expected {}, counted {} ({:+})",
            self.line,
            self.id,
            self.depth,
            self.expected,
            self.counted,
            i128::from(self.counted) - i128::from(self.expected)
        )
    }
}

/// Why a suite did not pass.
#[derive(Debug, Error)]
pub enum SuiteError {
    /// The text is malformed.
    #[error(transparent)]
    Syntax(#[from] SuiteSyntaxError),
    /// A position the game cannot read.
    #[error("perft suite line {line}: {id}: {message}")]
    Position {
        /// The `position` line.
        line: usize,
        /// The case.
        id: String,
        /// The game's error.
        message: String,
    },
    /// The thread pool for a parallel run could not be built.
    #[error("perft suite: {0}")]
    Threads(#[from] rayon::ThreadPoolBuildError),
    /// Counts that differ from the published ones (every one, not just the first).
    #[error("{} perft count(s) differ from the published ones:\n{}", .0.len(), list(.0))]
    Mismatch(Vec<Mismatch>),
}

fn list(mismatches: &[Mismatch]) -> String {
    let lines: Vec<String> = mismatches.iter().map(Mismatch::to_string).collect();
    lines.join("\n")
}

/// One (case, depth) a run checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    /// The case.
    pub id: String,
    /// The depth.
    pub depth: u32,
}

/// What a passing run checked, so a test can say which depths it covers (a node limit set
/// too low would otherwise pass by checking nothing).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SuiteReport {
    /// Every (case, depth) counted and found equal, in file order.
    pub checked: Vec<Checked>,
}

impl SuiteReport {
    /// The depths checked for case `id`, in file order.
    pub fn depths(&self, id: &str) -> Vec<u32> {
        self.checked
            .iter()
            .filter(|c| c.id == id)
            .map(|c| c.depth)
            .collect()
    }
}

impl PerftSuite {
    /// Counts every (position, depth) of at most `node_limit` published nodes with
    /// [`perft()`] (on `threads` threads when more than one, with [`perft_parallel`]) and
    /// compares. Returns what was checked, so a test can say which depths it covers; every
    /// differing count is in the error.
    pub fn check<G: Game>(
        &self,
        node_limit: u64,
        threads: usize,
    ) -> Result<SuiteReport, SuiteError> {
        let mut checked = Vec::new();
        let mut mismatches = Vec::new();
        for case in &self.cases {
            let position: G =
                case.position
                    .parse()
                    .map_err(|e: G::Error| SuiteError::Position {
                        line: case.line,
                        id: case.id.clone(),
                        message: e.to_string(),
                    })?;
            for count in case.counts.iter().filter(|c| c.nodes <= node_limit) {
                let counted = if threads > 1 && count.depth > 0 {
                    perft_parallel(&position, count.depth, threads, || {})?
                        .iter()
                        .map(|(_, n)| n)
                        .sum()
                } else {
                    perft(&position, count.depth)
                };
                if counted != count.nodes {
                    mismatches.push(Mismatch {
                        id: case.id.clone(),
                        line: count.line,
                        depth: count.depth,
                        expected: count.nodes,
                        counted,
                    });
                }
                checked.push(Checked {
                    id: case.id.clone(),
                    depth: count.depth,
                });
            }
        }
        if mismatches.is_empty() {
            Ok(SuiteReport { checked })
        } else {
            Err(SuiteError::Mismatch(mismatches))
        }
    }
}

/// Parses `text` and [`PerftSuite::check`]s it single-threaded.
pub fn run_suite<G: Game>(text: &str, node_limit: u64) -> Result<SuiteReport, SuiteError> {
    text.parse::<PerftSuite>()?.check::<G>(node_limit, 1)
}

/// For tests: parses `text` and [`PerftSuite::check`]s it on `threads` threads, panicking
/// with the game type and every differing count (or the syntax error) if it fails.
#[track_caller]
pub fn assert_suite<G: Game>(text: &str, node_limit: u64, threads: usize) -> SuiteReport {
    let result = text
        .parse::<PerftSuite>()
        .map_err(SuiteError::from)
        .and_then(|suite| suite.check::<G>(node_limit, threads));
    match result {
        Ok(report) => report,
        Err(err) => panic!("{}: {err}", core::any::type_name::<G>()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> SuiteSyntaxError {
        text.parse::<PerftSuite>().unwrap_err()
    }

    #[test]
    fn reads_cases_counts_and_lines() {
        let text = "# source\n\nid a\nposition P Q\nperft 1 4\nperft 2 12\n\nid b\nposition R\nperft 0 1\n";
        let suite: PerftSuite = text.parse().unwrap();
        assert_eq!(suite.cases.len(), 2);
        assert_eq!(suite.cases[0].id, "a");
        assert_eq!(suite.cases[0].position, "P Q");
        assert_eq!(suite.cases[0].line, 4);
        assert_eq!(
            suite.cases[0].counts,
            [
                PerftCount {
                    depth: 1,
                    nodes: 4,
                    line: 5
                },
                PerftCount {
                    depth: 2,
                    nodes: 12,
                    line: 6
                }
            ]
        );
        assert_eq!(suite.cases[1].counts[0].depth, 0);
    }

    #[test]
    fn malformed_lines_get_an_error_naming_the_line() {
        use SyntaxErrorKind::*;
        let cases: [(&str, usize, SyntaxErrorKind); 13] = [
            ("", 1, Empty),
            ("# only a comment\n", 1, Empty),
            (
                "id a\nposition P\nperf 1 4\n",
                3,
                UnknownKeyword("perf".into()),
            ),
            ("id\n", 1, MissingValue("id")),
            ("id a\nposition\n", 2, MissingValue("position")),
            ("position P\n", 1, OutsideCase("position")),
            ("perft 1 4\n", 1, OutsideCase("perft")),
            (
                "id a\nposition P\nposition Q\n",
                3,
                SecondPosition("a".into()),
            ),
            ("id a\nperft 1 4\n", 2, NoPosition("a".into())),
            (
                "id a\nposition P\nperft 1 4\nid b\nid c\n",
                5,
                NoPosition("b".into()),
            ),
            ("id a\nposition P\n\n", 3, NoCounts("a".into())),
            ("id a\nposition P\nperft 1\n", 3, PerftFields("1".into())),
            (
                "id a\nposition P\nperft 1 4 5\n",
                3,
                PerftFields("1 4 5".into()),
            ),
        ];
        for (text, line, kind) in cases {
            assert_eq!(error(text), SuiteSyntaxError { line, kind }, "{text:?}");
        }
        let bad = error("id a\nposition P\nperft 1 -4\n");
        assert_eq!(
            bad.kind,
            BadNumber {
                field: "nodes",
                text: "-4".into()
            }
        );
        assert_eq!(
            bad.to_string(),
            "perft suite line 3: nodes \"-4\" is not a whole number"
        );
        let bad = error("id a\nposition P\nperft 4294967296 1\n");
        assert!(
            matches!(bad.kind, BadNumber { field: "depth", .. }),
            "{bad}"
        );
    }
}
