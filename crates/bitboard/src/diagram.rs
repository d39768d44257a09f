//! The diagram text format: one board row a line, top row first, `-` an empty square and
//! `*` a set one. Used by `Display`/`Debug`, by [`Bitboard::from_diagram`] and `FromStr`,
//! and by the [`diagram!`](crate::diagram!) macro so tests can draw boards as pictures.
//!
//! Whitespace inside a line is ignored and blank lines are skipped, so diagrams may be
//! indented and spaced for readability.

use core::fmt;
use core::str::FromStr;

use thiserror::Error;

use crate::{Bitboard, Geometry, Square};

/// What is wrong with a diagram string.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiagramError {
    /// The diagram has the wrong number of non-blank lines for the board.
    #[error("expected {expected} rows, found {found}")]
    RowCount {
        /// The board's height.
        expected: u32,
        /// Non-blank lines in the diagram.
        found: usize,
    },
    /// A row has the wrong number of squares for the board.
    #[error("row {row}: expected {expected} squares, found {found}")]
    RowLength {
        /// The row, 1-based from the top.
        row: usize,
        /// The board's width.
        expected: u32,
        /// Squares (non-whitespace characters) in the row.
        found: usize,
    },
    /// A square is neither `-` nor `*`.
    #[error("row {row}, column {column}: unexpected character {found:?} (use '-' or '*')")]
    BadCharacter {
        /// The row, 1-based from the top.
        row: usize,
        /// The column, 1-based, counting squares only (whitespace is skipped).
        column: usize,
        /// The character found there.
        found: char,
    },
}

impl<G: Geometry> Bitboard<G> {
    /// Parses a diagram: one board row a line, top row first, `-` an empty square and `*` a
    /// set one; whitespace inside a line is ignored and blank lines are skipped. Rows and
    /// columns in errors are 1-based.
    pub fn from_diagram(text: &str) -> Result<Self, DiagramError> {
        let rows: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if rows.len() != G::HEIGHT as usize {
            return Err(DiagramError::RowCount {
                expected: G::HEIGHT,
                found: rows.len(),
            });
        }
        let mut set = Self::EMPTY;
        for (row, line) in rows.iter().enumerate() {
            let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
            if cells.len() != G::WIDTH as usize {
                return Err(DiagramError::RowLength {
                    row: row + 1,
                    expected: G::WIDTH,
                    found: cells.len(),
                });
            }
            for (col, &cell) in cells.iter().enumerate() {
                match cell {
                    '-' => {}
                    '*' => {
                        let square = Square::new(row as u32, col as u32)
                            .expect("the row and column counts were checked above");
                        set = set.with(square);
                    }
                    found => {
                        return Err(DiagramError::BadCharacter {
                            row: row + 1,
                            column: col + 1,
                            found,
                        });
                    }
                }
            }
        }
        Ok(set)
    }
}

impl<G: Geometry> FromStr for Bitboard<G> {
    type Err = DiagramError;

    fn from_str(text: &str) -> Result<Self, DiagramError> {
        Self::from_diagram(text)
    }
}

impl<G: Geometry> fmt::Display for Bitboard<G> {
    /// The diagram, one row a line, each line ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..G::HEIGHT {
            for col in 0..G::WIDTH {
                let square = Square::new(row, col).expect("inside the board");
                f.write_str(if self.contains(square) { "*" } else { "-" })?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

impl<G: Geometry> fmt::Debug for Bitboard<G> {
    /// The geometry, the raw bits, and the diagram.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard<{}>({:#x})", G::NAME, self.bits())?;
        write!(f, "\n{self}")
    }
}

/// A [`Bitboard`] drawn as a picture, one string literal a row:
///
/// ```
/// use bitgames_bitboard::{Santorini, diagram};
///
/// let corners = diagram!(Santorini;
///     "*---*"
///     "-----"
///     "-----"
///     "-----"
///     "*---*"
/// );
/// assert_eq!(corners.len(), 4);
/// ```
///
/// # Panics
/// On a malformed diagram, naming what is wrong: the macro is meant for tests.
#[macro_export]
macro_rules! diagram {
    ($geometry:ty; $($row:literal)+) => {
        match $crate::Bitboard::<$geometry>::from_diagram(concat!($($row, "\n"),+)) {
            Ok(bitboard) => bitboard,
            Err(err) => panic!("invalid {} diagram: {}", stringify!($geometry), err),
        }
    };
}

#[cfg(test)]
mod tests {
    use quickcheck::{Gen, QuickCheck};

    use crate::{Amazons, Bitboard, DiagramError, Geometry, Othello, Santorini, Square};

    fn sq(name: &str) -> Square<Santorini> {
        name.parse().unwrap()
    }

    #[test]
    fn display_draws_rows_top_first() {
        let b = Bitboard::<Santorini>::EMPTY.with(sq("A5")).with(sq("E1"));
        assert_eq!(b.to_string(), "*----\n-----\n-----\n-----\n----*\n");
        let dbg = format!("{b:?}");
        assert!(
            dbg.starts_with("Bitboard<Santorini>(0x10000000100)\n"),
            "{dbg}"
        );
    }

    fn round_trips<G: Geometry>(bits: Vec<u32>) -> bool {
        let set: Bitboard<G> = bits
            .into_iter()
            .filter_map(|b| Square::from_bit(b % G::INDICES))
            .collect();
        set.to_string().parse::<Bitboard<G>>() == Ok(set)
    }

    #[test]
    fn diagrams_round_trip() {
        let mut qc = QuickCheck::new()
            .rng(Gen::from_size_and_seed(60, 11))
            .tests(2_000);
        qc.quickcheck(round_trips::<Santorini> as fn(Vec<u32>) -> bool);
        qc.quickcheck(round_trips::<Othello> as fn(Vec<u32>) -> bool);
        qc.quickcheck(round_trips::<Amazons> as fn(Vec<u32>) -> bool);
    }

    #[test]
    fn malformed_diagrams_are_errors() {
        type B = Bitboard<Santorini>;
        assert_eq!(
            B::from_diagram("-----\n-----"),
            Err(DiagramError::RowCount {
                expected: 5,
                found: 2
            })
        );
        assert_eq!(
            B::from_diagram("-----\n----\n-----\n-----\n-----"),
            Err(DiagramError::RowLength {
                row: 2,
                expected: 5,
                found: 4
            })
        );
        assert_eq!(
            B::from_diagram("-----\n-----\n--x--\n-----\n-----"),
            Err(DiagramError::BadCharacter {
                row: 3,
                column: 3,
                found: 'x'
            })
        );
        assert_eq!(
            B::from_diagram(" - - * - - \n\n-----\n-----\n-----\n-----\n"),
            Ok(sq("C5").bitboard())
        );
    }
}
