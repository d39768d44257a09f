//! The strategies the kernels are compiled in, named as in the CPU crates.

use std::fmt;
use std::str::FromStr;

/// How a kernel computes its game's hot operations (Othello's legal moves and flips, the
/// Amazons' queen slides): the GPU ports of the CPU strategies of the same name in
/// bitgames-othello and bitgames-amazons (`shift`, `kogge-stone`, `table`). Each kernel is
/// compiled once per strategy, and the tests prove the three equal to each other and to the
/// CPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Per-direction shift-and-mask, one step at a time (dumb7fill).
    Shift,
    /// Occluded fills by doubling strides (parallel prefix).
    KoggeStone,
    /// Line tables in constant memory (Othello's outflank/flip tables, the Amazons'
    /// line-reach tables), gathered lines as indices.
    Table,
}

impl Strategy {
    /// Every strategy, in the order the comparison lists them.
    pub const ALL: [Strategy; 3] = [Strategy::Shift, Strategy::KoggeStone, Strategy::Table];

    /// The name, as in the CPU crates and `bitgames compare`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Shift => "shift",
            Strategy::KoggeStone => "kogge-stone",
            Strategy::Table => "table",
        }
    }

    /// The suffix of the kernels' entry points (`othello_step_kogge_stone`).
    pub(crate) fn suffix(self) -> &'static str {
        match self {
            Strategy::Shift => "shift",
            Strategy::KoggeStone => "kogge_stone",
            Strategy::Table => "table",
        }
    }

    /// The entry point of `operation` in this strategy.
    pub fn entry_point(self, operation: &str) -> String {
        format!("{operation}_{}", self.suffix())
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A strategy name that is none of [`Strategy::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown GPU strategy {0:?}: expected shift, kogge-stone or table")]
pub struct UnknownStrategy(pub String);

impl FromStr for Strategy {
    type Err = UnknownStrategy;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Strategy::ALL
            .into_iter()
            .find(|s| s.name() == name)
            .ok_or_else(|| UnknownStrategy(name.to_owned()))
    }
}
