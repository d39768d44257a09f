//! The record of one solved Othello endgame: what `bitgames solve othello --json` prints and
//! `bitgames.distributed solve` returns, field for field.

use bitgames_othello::Position;
use bitgames_othello::solver::Solution;
use serde::Serialize;

/// One position solved exactly.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SolveRecord {
    /// The position, in the Othello crate's notation.
    pub position: String,
    /// A best move (`None` when the game is over).
    pub best_move: Option<String>,
    /// The exact final disc difference for the side to move with best play.
    pub score: i32,
    /// Positions searched.
    pub nodes: u64,
    /// Wall time of the search.
    pub seconds: f64,
}

impl SolveRecord {
    /// The record of `solution`, the solver's answer for `position`.
    pub fn new(position: &Position, solution: &Solution) -> SolveRecord {
        SolveRecord {
            position: position.to_string(),
            best_move: solution.best_move.map(|m| m.to_string()),
            score: solution.score,
            nodes: solution.nodes,
            seconds: solution.seconds,
        }
    }
}
