//! The parallel search: Young Brothers Wait (Feldmann, Monien, Mysliwietz and Vornberger,
//! 1989) with the siblings of a cutoff aborted, over the shared lockless table; and what the
//! tasks of one solve share (the node total, the limits, the stop).
//!
//! # Splitting
//!
//! A table-layer node with at least [`Options::split_min_empties`](super::Options) empties
//! searches its first [`ELDERS`] moves alone, as the serial search does. If they do not cut
//! off, the node most likely has to search every move (a fail-low, "all" node), so its
//! younger moves become a [`SplitPoint`]: they are handed out one at a time (an atomic index
//! into the list, in the order of the serial search) to the thread that split and to any
//! idle thread of the solver's rayon pool, which runs the helper job spawned for it (rayon's
//! work stealing: a thread waiting at the end of its own split point steals the jobs of the
//! split points below it, so the waiting thread helps the one it waits for). Each move is
//! searched by a task with its own [`Search`] state (node counter, halt flag) over the shared
//! table, with the split point as its innermost ancestor; nested split points in its subtree
//! chain on to it.
//!
//! # Windows
//!
//! The split point holds the node's window: `beta` is fixed, `alpha` and the best score (with
//! its move) are atomics raised as tasks report. A task reads `alpha` when it takes a move and
//! searches it with principal-variation search from there. Another task may raise `alpha`
//! meanwhile; a score from the older, wider window is still a true fail-soft result for the
//! window it was searched with: an exact value between that alpha and beta, a lower bound at
//! or above beta, an upper bound at or below that alpha (which is at most the final alpha,
//! so it can never be taken for the best). So the node's result, the maximum of the reports,
//! is the fail-soft result the serial search would give, only found with less pruning. With
//! the root's null windows (`beta = alpha + 1`) `alpha` never rises without a cutoff anyway.
//!
//! # Aborting
//!
//! A report at or above `beta` is a cutoff: the split point's abort flag is set and no
//! further move is handed out. Every task checks the abort flags of its whole chain of split
//! points at each table-layer node (and at each limit check), so the siblings still running,
//! and any split point nested beneath them on any thread, unwind within one table-layer node.
//! An unwinding search is `halted`: its scores are meaningless, so no layer stores anything
//! to the table or reports to a split point once it is halted. After its tasks return, the
//! thread that split takes the best report only if neither a limit stopped the solve nor a
//! split point above it was aborted (both halt it in turn); an abort of its own split point
//! means a cutoff, whose score is a proven lower bound.
//!
//! # Limits
//!
//! Every task counts its own nodes and adds them to the shared total at each limit check
//! (every 16384 nodes, or its share of the nodes left near the node limit) and when it ends.
//! The first task to find a limit reached (or the solver's stop flag set) records why in
//! [`Shared`]; the others see it at their next check and unwind, and the solve returns
//! [`Stopped`] with the total.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};
use web_time::Instant;

use crate::square::square_at;
use crate::{Kernels, MAX_MOVES, Move, Position};

use super::ordering::Candidates;
use super::search::Search;
use super::table::NO_MOVE;
use super::window::pvs;
use super::{Limits, Stopped};

/// The moves a node searches alone before it splits. Waiting for one (classic Young
/// Brothers Wait) wasted the most: on FFO #45, #48 and #49 with two threads (2026-11-24, the
/// 2-core Xeon of the README) one elder took 1.19 G nodes and 21.0 s, two 1.09 G and
/// 18.9-19.1 s, three 1.11 G and 19.5 s. A second elder catches most of the cut nodes whose
/// best move the ordering ranked second, before their siblings are searched for nothing.
pub(super) const ELDERS: usize = 2;

/// What every task of one solve shares: the node total, the limits and the first stop.
#[derive(Debug)]
pub(super) struct Shared {
    /// The nodes the tasks have added so far.
    nodes: AtomicU64,
    /// Why the solve stopped, once a task has found a limit reached.
    stopped: OnceLock<Stopped>,
    /// The split points so far.
    splits: AtomicU64,
    /// The node limit (`u64::MAX`: none).
    pub(super) max_nodes: u64,
    /// The time limit.
    pub(super) deadline: Option<Instant>,
    /// When the solve started.
    pub(super) started: Instant,
    /// The solver's stop flag, if it has one.
    pub(super) stop: Option<Arc<AtomicBool>>,
    /// The threads searching (each task's share of the nodes left near the node limit).
    pub(super) threads: u64,
}

impl Shared {
    /// The state of a solve started at `started` under `limits` and `stop` on `threads`
    /// threads.
    pub(super) fn new(
        limits: Limits,
        started: Instant,
        threads: usize,
        stop: Option<Arc<AtomicBool>>,
    ) -> Shared {
        Shared {
            nodes: AtomicU64::new(0),
            stopped: OnceLock::new(),
            splits: AtomicU64::new(0),
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline: limits.max_time.map(|t| started + t),
            started,
            stop,
            threads: threads.max(1) as u64,
        }
    }

    /// Why the solve stopped, if a task has found a limit reached.
    #[inline]
    pub(super) fn stopped(&self) -> Option<Stopped> {
        self.stopped.get().copied()
    }

    /// The split points of the solve.
    pub(super) fn splits(&self) -> u64 {
        self.splits.load(Relaxed)
    }

    /// Records `stopped` unless another task was first; returns the one recorded.
    pub(super) fn stop(&self, stopped: Stopped) -> Stopped {
        *self.stopped.get_or_init(|| stopped)
    }
}

/// A node whose younger moves are being searched in parallel: the window, the best report,
/// the next move to hand out and the abort flag, with the split point above (the chain every
/// task beneath checks). Aligned to a cache line: the thread that split keeps it on its
/// stack, and the other threads write it.
#[derive(Debug)]
#[repr(align(64))]
pub(super) struct SplitPoint<'a> {
    /// The innermost split point above this one.
    parent: Option<&'a SplitPoint<'a>>,
    /// Set on a cutoff: the moves still running are wasted work.
    abort: AtomicBool,
    /// The node's alpha, raised by the reports.
    alpha: AtomicI32,
    /// The node's beta.
    beta: i32,
    /// The best report so far, packed by [`pack`].
    best: AtomicI32,
    /// The index of the next move to hand out.
    next: AtomicUsize,
}

impl SplitPoint<'_> {
    /// Whether this split point or one above it has been aborted.
    #[inline(always)]
    fn aborted(&self) -> bool {
        let mut split = self;
        loop {
            if split.abort.load(Relaxed) {
                return true;
            }
            match split.parent {
                Some(parent) => split = parent,
                None => return false,
            }
        }
    }

    /// A task's fail-soft `score` for the move to `square`: raises the best and alpha, and
    /// aborts the split point on a cutoff.
    #[inline]
    fn report(&self, score: i32, square: u8) {
        self.best.fetch_max(pack(score, square), Relaxed);
        if score > self.alpha.fetch_max(score, Relaxed) && score >= self.beta {
            self.abort.store(true, Relaxed);
        }
    }
}

/// A score and its move in one word that orders by score (then by square).
#[inline(always)]
fn pack(score: i32, square: u8) -> i32 {
    score * 256 + i32::from(square)
}

/// The score and move of [`pack`].
#[inline(always)]
fn unpack(packed: i32) -> (i32, u8) {
    (packed >> 8, packed as u8)
}

impl<'t, S: Kernels> Search<'t, S> {
    /// Adds the nodes not yet added to the shared total; returns the new total.
    pub(super) fn flush(&mut self) -> u64 {
        let delta = self.nodes - self.flushed;
        self.flushed = self.nodes;
        self.shared.nodes.fetch_add(delta, Relaxed) + delta
    }

    /// Whether a split point above this search has been aborted (a cutoff made its work
    /// useless); if so the search is halted.
    #[inline(always)]
    pub(super) fn split_aborted(&mut self) -> bool {
        if let Some(split) = self.split
            && split.aborted()
        {
            self.halt();
            return true;
        }
        false
    }

    /// Marks the search halted: every layer unwinds (the limit checks answer at once).
    #[cold]
    pub(super) fn halt(&mut self) {
        self.halted = true;
        self.next_check = 0;
    }

    /// A task searching a move of `split`: the same table and options, its own counters.
    fn fork<'s>(&self, split: &'s SplitPoint<'s>) -> Search<'s, S>
    where
        't: 's,
    {
        Search::task(
            self.table,
            self.table_min_empties,
            self.split_min_empties,
            self.shared,
            split,
            self.selectivity,
        )
    }

    /// Young Brothers Wait: the moves left in `candidates` of `position` (whose elders gave
    /// `best`, with `alpha` and `beta` the node's window after them, no cutoff), searched in
    /// parallel by this thread and any idle one. The best score and its move, the fail-soft
    /// result of the node as the serial search would give it; or a halted search (a limit,
    /// or a split point above aborted), whose result is meaningless.
    pub(super) fn split(
        &mut self,
        position: &Position<S>,
        candidates: &mut Candidates,
        alpha: i32,
        beta: i32,
        (best, best_move): (i32, u8),
    ) -> (i32, u8) {
        let mut squares = [0u8; MAX_MOVES];
        let mut len = 0;
        while let Some(c) = candidates.next() {
            squares[len] = c.square as u8;
            len += 1;
        }
        let squares = &squares[..len];
        let helpers = rayon::current_num_threads().min(len).saturating_sub(1);
        let split = SplitPoint {
            parent: self.split,
            abort: AtomicBool::new(false),
            alpha: AtomicI32::new(alpha),
            beta,
            best: AtomicI32::new(pack(best, best_move)),
            next: AtomicUsize::new(0),
        };
        if helpers > 0 {
            self.shared.splits.fetch_add(1, Relaxed);
        }
        // While this thread waits at the split point it may run other tasks: its own count
        // must not lag behind the total meanwhile.
        self.flush();
        let this = &*self;
        rayon::scope(|scope| {
            for _ in 0..helpers {
                scope.spawn(|_| this.work(&split, position, squares));
            }
            this.work(&split, position, squares);
        });
        if let Some(stopped) = self.shared.stopped() {
            self.stopped = Some(stopped);
            self.halt();
            return (0, NO_MOVE);
        }
        if self.split_aborted() {
            return (0, NO_MOVE);
        }
        unpack(split.best.into_inner())
    }

    /// A task's loop: takes the next move of `split` until none is left or the split point
    /// is aborted, searches it, and reports its score unless the task was halted meanwhile;
    /// then adds its nodes to the shared total.
    fn work(&self, split: &SplitPoint<'_>, position: &Position<S>, squares: &[u8]) {
        let mut task = self.fork(split);
        while !split.abort.load(Relaxed) {
            let Some(&square) = squares.get(split.next.fetch_add(1, Relaxed)) else {
                break;
            };
            let child = position.play_unchecked(Move::Play(square_at(u32::from(square))));
            let alpha = split.alpha.load(Relaxed);
            let score = pvs(false, alpha, split.beta, |a, b| task.child(&child, a, b));
            if task.halted {
                break;
            }
            split.report(score, square);
        }
        task.flush();
    }
}
