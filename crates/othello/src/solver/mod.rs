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
//! | root | from [`Options::selective_min_empties`] (22), selective passes first: the whole solve with probcut at table-layer nodes, at 1.1 then 2.0 standard deviations of the shallow search's error (the `probcut` module); then the exact pass. Each pass is MTD(f) (Plaat et al., 1996): null-window searches from a guess (the previous pass's score; for the first, a seven-ply search ending in the learned evaluation) until the bounds meet, every search reusing the table; the exact pass trusts only the exact bounds, but orders by every pass's best moves |
//! | >= [`Options::table_min_empties`] (12) | [`Position`] with its incremental Zobrist hash; a transposition table of score bounds ([`Game::hash`](bitgames_search::Game::hash) indexes it, the full 64-bit hash is verified on probe); enhanced transposition cutoff (a child the table already refutes; all children's keys first, then the probes, so their cache misses overlap); the stored best move first, then, only if it did not cut off, (from 14 empties) the rest by the learned pattern evaluation of the child, or from 20 empties by a search below it (three plies, five from 24) ending in that evaluation ([`crate::patterns`], fitted to solved positions) plus mobility, else by mobility alone; a stability cutoff; in a selective pass, probcut |
//! | 5 ..= 11 | raw bitboards, no Zobrist hash; a small table of its own per number of empties (the `local` module: 1,024 slots keyed by the board itself) probed for every child before it is searched, which ends the search when a child is already refuted and drops a child already proven no better; a move leaving the opponent at most one reply (a corner counting two) searched at once, the rest ordered by the opponent's mobility after them (fewest replies first, corner replies counted twice), then its potential mobility, corners and parity; a stability cutoff |
//! | 4 | no move list: the stability cutoff, then empty squares of odd-parity quadrants first, a neighbour test before each flip computation |
//! | 1 ..= 3 | the empty squares unpacked once, unrolled code, a square alone in its quadrant first; the last move is counted, not played |
//!
//! Parity: the board's four 4x4 quadrants; in a quadrant with an odd number of empty
//! squares, the side that moves there first can hope to move there last as well. The
//! stability cutoff: the opponent's stable discs
//! ([`stable_discs`](crate::stability::stable_discs)) are theirs at the end, so the score is
//! at most `64 - 2 x stable`; tried where alpha is at least about twice the empties and the
//! opponent has discs enough for the bound to reach it, since elsewhere it rarely cuts.
//!
//! Nodes are the positions searched, each counted once (the last move of a one-empty
//! position is not a node). Node and time limits are checked at every node with 5 or more
//! empties (the clock, and the stop flag another thread may set ([`Solver::with_stop`]),
//! every 16384 nodes); a stopped search returns [`Stopped`], never a guess.
//!
//! # Threads
//!
//! With [`Options::threads`] above 1, the solve runs on the solver's own rayon pool and
//! table-layer nodes with at least [`Options::split_min_empties`] empties use Young Brothers
//! Wait (Feldmann et al., 1989): the first two moves alone, then, if they did not cut off,
//! the others in parallel, handed out one at a time to the threads, with every search beneath
//! aborted as soon as one of them cuts off (the `parallel` module's docs give the details
//! and why the result stays exact). All threads share one lockless table. Each thread adds
//! its nodes to a shared total at its limit checks (every 16384 nodes at most, sooner near
//! the node limit), so a node limit can be passed by up to that many nodes a thread.
//! Measured on FFO #40-#49 (2026-11-24, 2-core Intel Xeon with AVX-512): see the README.
//!
//! # Where
//!
//! One private module per concern: `table` (the bounds stored in the workspace's lockless
//! [`bitgames_search::SharedTranspositionTable`]), `ordering` (move lists and their keys:
//! mobility, parity, the shallow sort search), `probcut` (the selective passes' cuts and
//! the selectivity the table records), `search` (the root, the table layer and the middle
//! layer), `shallow` (the list-free layers of the last four empties) and `parallel`
//! (the split points of the parallel search, and the node total and stop the threads share).

mod local;
mod ordering;
mod parallel;
mod probcut;
mod search;
mod shallow;
mod table;
mod window;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use web_time::{Duration, Instant};

use thiserror::Error;

use crate::{Kernels, Move, Position};
use parallel::Shared;
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

/// Tuning: the transposition table and where it starts to be used, and the threads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The table holds `2^table_bits` entries of 16 bytes (default 21: 32 MiB; clamped to
    /// 1..=32). Pages are only touched as entries are written.
    pub table_bits: u32,
    /// Positions with at least this many empty squares use the table (default 12), and so
    /// do all with more than 16. Below, a table costs more than the search it saves.
    pub table_min_empties: u32,
    /// Search threads (default 1; 0 counts as 1). With more, the solver runs on its own
    /// thread pool of this size, and table-layer nodes search their younger moves in
    /// parallel (Young Brothers Wait, see the module docs). The score stays exact and the
    /// move a best one, but which best move, and the node count, can vary from run to run.
    pub threads: usize,
    /// With more than one thread, table-layer nodes with at least this many empty squares
    /// split (default 14): below, a subtree is too small to pay for sharing it. Values below
    /// [`Options::table_min_empties`] split from there.
    pub split_min_empties: u32,
    /// Roots with at least this many empty squares are first solved selectively (default
    /// 22; `u32::MAX` never): passes with probcut at growing confidence, then the exact one,
    /// which trusts none of their bounds but starts from their score and moves (see the
    /// module docs). Below, the exact solve alone is quick enough.
    pub selective_min_empties: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            table_bits: 21,
            table_min_empties: 12,
            threads: 1,
            split_min_empties: 14,
            selective_min_empties: 22,
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
    /// The positions searched (by all threads).
    pub nodes: u64,
    /// The nodes whose younger moves were searched in parallel (0 with one thread).
    pub splits: u64,
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
    /// The stop flag ([`Solver::with_stop`]) was set.
    #[error("stopped after {seconds:.3} s ({nodes} nodes)")]
    Interrupted {
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
/// remain valid: they are exact facts about positions, and the first to be replaced), and
/// with more than one thread its thread pool.
#[derive(Debug)]
pub struct Solver {
    table: Table,
    options: Options,
    /// The search threads, when [`Options::threads`] asks for more than one.
    pool: Option<rayon::ThreadPool>,
    /// Set from another thread to stop the solve ([`Solver::with_stop`]).
    stop: Option<Arc<AtomicBool>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(Options::default())
    }
}

impl Solver {
    /// A solver with an empty table of the size `options` ask for, and a pool of
    /// [`Options::threads`] threads if that is more than one.
    ///
    /// # Panics
    ///
    /// If the operating system refuses to start the threads.
    pub fn new(options: Options) -> Self {
        let pool = (options.threads > 1).then(|| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(options.threads)
                .thread_name(|i| format!("othello-solver-{i}"))
                .build()
                .expect("the solver's threads")
        });
        Solver {
            table: Table::new(options.table_bits),
            options,
            pool,
            stop: None,
        }
    }

    /// The solver, stopped by `stop` as by a limit: once another thread sets it, a solve
    /// returns [`Stopped::Interrupted`] within moments (every thread reads it with the
    /// clock). The solver never clears it, and stays usable (its table keeps only proven
    /// bounds).
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
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
        let threads = self
            .pool
            .as_ref()
            .map_or(1, rayon::ThreadPool::current_num_threads);
        let shared = Shared::new(limits, started, threads, self.stop.clone());
        let split_min_empties = match self.pool {
            Some(_) => self
                .options
                .split_min_empties
                .max(self.options.table_min_empties),
            None => u32::MAX,
        };
        let (table, table_min_empties) = (&self.table, self.options.table_min_empties);
        let selective = position.empty_squares().len() as u32 >= self.options.selective_min_empties;
        let run = || {
            let mut search = Search::<S>::new(table, table_min_empties, split_min_empties, &shared);
            let result = search.root(position, selective);
            let nodes = search.flush();
            (result, search.stopped, nodes)
        };
        let ((best_move, score), stopped, nodes) = match &self.pool {
            Some(pool) => pool.install(run),
            None => run(),
        };
        match stopped {
            Some(Stopped::NodeLimit { .. }) => Err(Stopped::NodeLimit { nodes }),
            Some(Stopped::TimeLimit { seconds, .. }) => Err(Stopped::TimeLimit { nodes, seconds }),
            Some(Stopped::Interrupted { seconds, .. }) => {
                Err(Stopped::Interrupted { nodes, seconds })
            }
            None => Ok(Solution {
                best_move,
                score,
                nodes,
                splits: shared.splits(),
                seconds: started.elapsed().as_secs_f64(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::Ordering;

    use super::*;
    use crate::random::endgame_corpus;

    /// Liveness, not speed: a stopped solve returns within moments; allow much more.
    const PROMPTLY: Duration = Duration::from_secs(10);

    #[test]
    fn a_flag_set_from_another_thread_stops_a_solve() {
        // 34 empties: hours of work; the clock only ends the solve if the flag fails to.
        let position = endgame_corpus(1, 34..=34, 5)[0];
        for threads in [1, 2] {
            let stop = Arc::new(AtomicBool::new(false));
            let mut solver = Solver::new(Options {
                table_bits: 18,
                threads,
                ..Options::default()
            })
            .with_stop(Arc::clone(&stop));
            let started = Instant::now();
            let stopped = std::thread::scope(|scope| {
                scope.spawn(|| {
                    std::thread::sleep(Duration::from_millis(50));
                    stop.store(true, Ordering::Relaxed);
                });
                solver.solve(&position, Limits::time(Duration::from_secs(60)))
            });
            let took = started.elapsed();
            match stopped {
                Err(Stopped::Interrupted { nodes, .. }) => assert!(nodes > 0),
                other => panic!("{threads} threads: expected the stop, got {other:?}"),
            }
            assert!(took < PROMPTLY, "{threads} threads: {took:?}");
            // Stopped at once while the flag stays set; exact again once it is cleared.
            let small = endgame_corpus(1, 14..=14, 6)[0];
            assert!(matches!(
                solver.solve(&small, Limits::NONE),
                Err(Stopped::Interrupted { .. })
            ));
            stop.store(false, Ordering::Relaxed);
            let expected = solve(&small, Limits::NONE).unwrap().score;
            assert_eq!(solver.solve(&small, Limits::NONE).unwrap().score, expected);
        }
    }

    #[test]
    fn an_unset_flag_changes_nothing() {
        for position in endgame_corpus(4, 14..=18, 7) {
            let plain = solve(&position, Limits::NONE).unwrap();
            let flagged = Solver::default()
                .with_stop(Arc::new(AtomicBool::new(false)))
                .solve(&position, Limits::NONE)
                .unwrap();
            assert_eq!(
                (plain.best_move, plain.score, plain.nodes),
                (flagged.best_move, flagged.score, flagged.nodes)
            );
        }
    }
}
