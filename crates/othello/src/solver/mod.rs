//! An exact endgame solver: the final disc difference under perfect play.
//!
//! The score is the final disc difference from the side to move's point of view, with the
//! empty squares of a game that ends early going to the winner (the convention of
//! [`Position::final_score`] and of the FFO test suite). It is always even.
//!
//! ```
//! use bitgames_othello::random::endgame_corpus;
//! use bitgames_othello::solver::{Limits, solve};
//!
//! // A random reachable position with 12 empty squares.
//! let position = endgame_corpus(1, 12..=12, 7)[0];
//! let solution = solve(&position, Limits::nodes(10_000_000))?;
//! assert!(position.legal_moves().contains(&solution.best_move.unwrap()));
//! assert_eq!(solution.score % 2, 0);
//! # Ok::<(), bitgames_othello::solver::Stopped>(())
//! ```
//!
//! # How
//!
//! Negamax alpha-beta, fail-soft, with principal-variation (null-window) search, over four
//! layers that each do what pays at their distance from the end (the layering of classic
//! solvers such as Gunnar Andersson's Zebra and Richard Delorme's Edax; the code is our
//! own):
//!
//! | empties | layer |
//! |---|---|
//! | root | MTD(f) (Plaat et al., 1996): null-window searches from a guess (the static [`crate::eval`]) until the bounds meet, every search reusing the table |
//! | >= [`Options::table_min_empties`] (10) | [`Position`] with its incremental Zobrist hash; a transposition table of score bounds ([`Game::hash`](bitgames_search::Game::hash) indexes it, the full 64-bit hash is verified on probe); enhanced transposition cutoff (a child the table already refutes); the stored best move first, then (from 14 empties) the rest by a one-ply search with the learned pattern evaluation ([`crate::patterns`], fitted to solved positions) plus mobility, else by mobility alone; a stability cutoff |
//! | 5 ..= 9 | raw bitboards, no table; moves ordered by the opponent's mobility after them (fewest replies first, corner replies counted twice), then its potential mobility, corners and parity; a stability cutoff |
//! | 4 | no move list: empty squares of odd-parity quadrants first, a neighbour test before each flip computation |
//! | 1 ..= 3 | the empty squares unpacked once, unrolled code, a square alone in its quadrant first; the last move is counted, not played |
//!
//! Parity: the board's four 4x4 quadrants; in a quadrant with an odd number of empty
//! squares, the side that moves there first can hope to move there last as well. The
//! stability cutoff: the opponent's stable discs
//! ([`stable_discs`](crate::stability::stable_discs)) are theirs at the end, so the score is
//! at most `64 - 2 x stable`; tried where alpha is at least 16, since below it rarely cuts.
//!
//! Nodes are the positions searched, each counted once (the last move of a one-empty
//! position is not a node). Node and time limits are checked at every node with 5 or more
//! empties (the clock every 16384 nodes); a stopped search returns [`Stopped`], never a
//! guess.
//!
//! # Where
//!
//! One private module per concern: `table` (the bounds stored in the shared
//! [`bitgames_search::TranspositionTable`]), `ordering` (move lists and their keys: mobility,
//! parity, the one-ply sort search), `search` (the root, the table layer and the middle
//! layer) and `shallow` (the list-free layers of the last four empties).

mod ordering;
mod search;
mod shallow;
mod table;

use std::time::{Duration, Instant};

use thiserror::Error;

use crate::{Kernels, Move, Position};
use search::Search;
use table::Table;

/// When a solve must give up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this long.
    pub max_time: Option<Duration>,
}

impl Limits {
    /// No limit: solve to the end.
    pub const NONE: Limits = Limits {
        max_nodes: None,
        max_time: None,
    };

    /// Stop after `nodes` nodes.
    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            max_nodes: Some(nodes),
            ..Limits::NONE
        }
    }

    /// Stop after `time`.
    pub fn time(time: Duration) -> Limits {
        Limits {
            max_time: Some(time),
            ..Limits::NONE
        }
    }
}

/// Tuning: the transposition table and where it starts to be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The table holds `2^table_bits` entries of 16 bytes (default 21: 32 MiB; clamped to
    /// 1..=32). Pages are only touched as entries are written.
    pub table_bits: u32,
    /// Positions with at least this many empty squares use the table (default 10). Below,
    /// a table costs more than the search it saves.
    pub table_min_empties: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            table_bits: 21,
            table_min_empties: 10,
        }
    }
}

/// The exact result of a solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solution {
    /// A best move: `None` when the game is over, `Some(Move::Pass)` when the side to move
    /// must pass.
    pub best_move: Option<Move>,
    /// The final disc difference for the side to move under perfect play (empties to the
    /// winner).
    pub score: i32,
    /// The positions searched.
    pub nodes: u64,
    /// The wall-clock time of the solve.
    pub seconds: f64,
}

/// A solve that hit its limit before proving the result.
#[derive(Debug, Clone, Copy, PartialEq, Error)]
pub enum Stopped {
    /// [`Limits::max_nodes`] was reached.
    #[error("node limit reached after {nodes} nodes")]
    NodeLimit {
        /// The nodes searched.
        nodes: u64,
    },
    /// [`Limits::max_time`] was reached.
    #[error("time limit reached after {seconds:.3} s ({nodes} nodes)")]
    TimeLimit {
        /// The nodes searched.
        nodes: u64,
        /// The time spent.
        seconds: f64,
    },
}

/// Solves `position` exactly with a fresh [`Solver`] of default [`Options`].
pub fn solve<S: Kernels>(position: &Position<S>, limits: Limits) -> Result<Solution, Stopped> {
    Solver::new(Options::default()).solve(position, limits)
}

/// A solver that keeps its transposition table between solves (entries of earlier solves
/// remain valid: they are exact facts about positions, and the first to be replaced).
#[derive(Debug)]
pub struct Solver {
    table: Table,
    options: Options,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(Options::default())
    }
}

impl Solver {
    /// A solver with an empty table of the size `options` ask for.
    pub fn new(options: Options) -> Self {
        Solver {
            table: Table::new(options.table_bits),
            options,
        }
    }

    /// The exact score and a best move of `position`, or [`Stopped`] if a limit is hit
    /// first.
    pub fn solve<S: Kernels>(
        &mut self,
        position: &Position<S>,
        limits: Limits,
    ) -> Result<Solution, Stopped> {
        let started = Instant::now();
        self.table.new_search();
        let mut search = Search::<S>::new(
            &mut self.table,
            self.options.table_min_empties,
            limits,
            started,
        );
        let (best_move, score) = search.root(position);
        if let Some(stopped) = search.stopped {
            return Err(stopped);
        }
        Ok(Solution {
            best_move,
            score,
            nodes: search.nodes,
            seconds: started.elapsed().as_secs_f64(),
        })
    }
}
