//! Transposition-merged splitting: perft as many small, independent work units.
//!
//! Deep perft counts revisit the same positions through many move orders. Enumerating the
//! distinct positions a few plies down (the *split depth*), each with the number of move
//! sequences that reach it, lets each be counted once and multiplied — the technique behind
//! record perft computations on clusters (e.g. the distributed checkers perft runs). Positions
//! are merged by full equality, never by hash alone, so a hash collision cannot change a
//! count; optionally they are folded by the game's symmetries ([`Game::canonical`]), which
//! perft counts are invariant under.
//!
//! The units are pure functions of their position and depth, so they can run on threads
//! ([`perft_split`]) or on other machines (the Python package's Ray runner).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::{Game, perft};

/// Perft by root move: each legal move of the root with the leaves below it.
pub type Divide<M> = Vec<(M, u64)>;

/// How the positions below a root split at one depth.
#[derive(Debug, Clone)]
pub struct Split<G: Game> {
    /// The split depth: plies from the root to the positions (at least 1).
    pub depth: u32,
    /// The root's legal moves, in move-list order.
    pub root_moves: Vec<G::Move>,
    /// The distinct positions at the split depth (canonical forms when folded).
    pub positions: Vec<G>,
    /// (root move index, position index, number of move sequences from that root move to
    /// that position): every path from the root to the split depth, merged.
    pub paths: Vec<(usize, usize, u64)>,
}

impl<G: Game> Split<G> {
    /// The number of move sequences from the root to the split depth (perft at the split
    /// depth, for games where a finished game is no leaf).
    pub fn sequences(&self) -> u64 {
        self.paths.iter().map(|&(_, _, n)| n).sum()
    }

    /// Combines per-position counts (`counts[i]` for `positions[i]`, `depth - self.depth`
    /// plies below it) into the perft total and the per-root-move divide.
    pub fn combine(&self, counts: &[u64]) -> (u64, Divide<G::Move>) {
        let mut divide: Vec<(G::Move, u64)> = self.root_moves.iter().map(|&mv| (mv, 0)).collect();
        for &(root, position, multiplicity) in &self.paths {
            divide[root].1 += multiplicity * counts[position];
        }
        (divide.iter().map(|&(_, n)| n).sum(), divide)
    }
}

/// The distinct positions `depth` plies below `root` with their multiplicities, merged across
/// root moves; with `fold`, positions are replaced by their canonical forms first.
///
/// A game that ends before the split depth stays in the split as itself when the game counts
/// a finished game as a leaf at every remaining depth (Othello), and is dropped otherwise
/// (it has no leaves further down). `depth` must be at least 1.
pub fn split<G: Game>(root: &G, depth: u32, fold: bool) -> Split<G> {
    match split_within(root, depth, fold, usize::MAX, &AtomicBool::new(false)) {
        Ok(split) => split,
        Err(err) => unreachable!("an unbounded split that nothing stops cannot fail: {err}"),
    }
}

/// Why [`split_within`] gave up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SplitError {
    /// The positions kept so far and one root move's frontier grew past the limit.
    #[error("the split holds more than {0} distinct positions; choose a smaller split depth")]
    TooManyPositions(usize),
    /// The caller asked it to stop.
    #[error("the split was stopped")]
    Stopped,
}

/// [`split`], giving up when the distinct positions kept so far and the frontier being built
/// hold more than `max_positions` (memory the caller cannot afford), or soon after `stop` is
/// set.
pub fn split_within<G: Game>(
    root: &G,
    depth: u32,
    fold: bool,
    max_positions: usize,
    stop: &AtomicBool,
) -> Result<Split<G>, SplitError> {
    assert!(depth >= 1, "the split depth must be at least 1");
    let canon = |position: G| if fold { position.canonical() } else { position };
    let root_moves: Vec<G::Move> = root.legal_moves().into_iter().collect();
    let mut index: HashMap<G, usize> = HashMap::new();
    let mut positions = Vec::new();
    let mut paths = Vec::new();
    for (r, &mv) in root_moves.iter().enumerate() {
        let mut frontier: HashMap<G, u64> = HashMap::from([(canon(root.play(mv)), 1)]);
        for _ in 1..depth {
            let mut next: HashMap<G, u64> = HashMap::with_capacity(frontier.len() * 8);
            for (position, multiplicity) in frontier {
                if positions.len() + next.len() > max_positions {
                    return Err(SplitError::TooManyPositions(max_positions));
                }
                if stop.load(Ordering::Relaxed) {
                    return Err(SplitError::Stopped);
                }
                let moves = position.legal_moves();
                if moves.as_ref().is_empty() {
                    if G::FINISHED_GAME_IS_A_LEAF {
                        *next.entry(position).or_default() += multiplicity;
                    }
                    continue;
                }
                for child in moves {
                    *next.entry(canon(position.play(child))).or_default() += multiplicity;
                }
            }
            frontier = next;
        }
        for (position, multiplicity) in frontier {
            let i = *index.entry(position).or_insert_with(|| {
                positions.push(position);
                positions.len() - 1
            });
            paths.push((r, i, multiplicity));
        }
    }
    Ok(Split {
        depth,
        root_moves,
        positions,
        paths,
    })
}

/// Perft `depth` below `root` through a split at `split_depth` (1..=`depth`): each distinct
/// position counted once on `threads` threads (`on_unit_done` after each, for progress), then
/// multiplied out. Returns the total and the per-root-move divide, as [`crate::divide`] would.
pub fn perft_split<G: Game>(
    root: &G,
    depth: u32,
    split_depth: u32,
    fold: bool,
    threads: usize,
    on_unit_done: impl Fn(usize) + Sync,
) -> Result<(u64, Divide<G::Move>), rayon::ThreadPoolBuildError> {
    assert!(
        (1..=depth).contains(&split_depth),
        "the split depth must be between 1 and the perft depth"
    );
    if root.legal_moves().as_ref().is_empty() {
        // A finished game has no root move to divide by; perft counts it as itself (one
        // leaf at every depth, or none, as the game says).
        return Ok((perft(root, depth), Vec::new()));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let split = pool.install(|| split(root, split_depth, fold));
    let remaining = depth - split_depth;
    let units = split.positions.len();
    let counts: Vec<u64> = pool.install(|| {
        split
            .positions
            .par_iter()
            .map(|position| {
                let count = perft(position, remaining);
                on_unit_done(units);
                count
            })
            .collect()
    });
    Ok(split.combine(&counts))
}
