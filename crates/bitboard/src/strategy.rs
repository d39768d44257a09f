//! The vocabulary shared by every implementation strategy of every game.
//!
//! Each game declares its hot operations in one trait (for example Santorini's `Kernels`) and
//! implements it for several zero-sized strategy types. Each of those also implements
//! [`Strategy`], so generic code (tests, benches, the CLI) can print, list and select them.

use core::fmt;

/// The family of technique a strategy uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum StrategyKind {
    /// The obvious array-and-loop code, written for clarity: the oracle the others must match.
    Naive,
    /// Bitboard shifts and masks.
    Shift,
    /// Lookups in precomputed tables.
    Table,
    /// Anything else (galloping fills, SIMD, ...).
    Other,
}

impl fmt::Display for StrategyKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            StrategyKind::Naive => "naive",
            StrategyKind::Shift => "shift",
            StrategyKind::Table => "table",
            StrategyKind::Other => "other",
        })
    }
}

/// A named implementation strategy (a zero-sized type).
pub trait Strategy:
    Copy + Default + Eq + core::hash::Hash + fmt::Debug + Send + Sync + 'static
{
    /// Lower-case identifier used on the command line, in bench ids and reports.
    const NAME: &'static str;
    const KIND: StrategyKind;
    /// One line: what idea this strategy tests.
    const IDEA: &'static str;

    /// The strategy's description as a value.
    fn info() -> StrategyInfo {
        StrategyInfo {
            name: Self::NAME,
            kind: Self::KIND,
            idea: Self::IDEA,
        }
    }
}

/// A strategy's description as a value, for listing strategies at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct StrategyInfo {
    pub name: &'static str,
    pub kind: StrategyKind,
    pub idea: &'static str,
}

impl fmt::Display for StrategyInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({}): {}", self.name, self.kind, self.idea)
    }
}
