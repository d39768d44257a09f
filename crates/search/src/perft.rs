//! Perft: count the leaves of the game tree to a fixed depth, the standard test of a move
//! generator against published counts.

use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use crate::Game;

/// The number of leaves `depth` plies below `position`, counting the last ply in bulk: the
/// game's [`Game::count_leaves`] (by default [`perft_generic`]).
#[inline]
pub fn perft<G: Game>(position: &G, depth: u32) -> u64 {
    position.count_leaves(depth)
}

/// The generic perft walk over [`Game::legal_moves`] and [`Game::play`], counting the last
/// ply in bulk with [`Game::count_legal_moves`] and the last two with [`Game::perft_2`]:
/// what [`Game::count_leaves`] does unless a game overrides it (and the oracle an override is
/// tested against).
pub fn perft_generic<G: Game>(position: &G, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => leaves::<G>(position.count_legal_moves()),
        2 => position.perft_2(),
        _ => {
            let moves = position.legal_moves();
            if moves.as_ref().is_empty() {
                return u64::from(G::FINISHED_GAME_IS_A_LEAF);
            }
            moves
                .into_iter()
                .map(|mv| perft_generic(&position.play(mv), depth - 1))
                .sum()
        }
    }
}

/// Why [`perft_until`] gave no count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PerftStop {
    /// The caller set the stop flag.
    #[error("perft was interrupted")]
    Interrupted,
    /// The count does not fit in 64 bits.
    #[error("the perft count does not fit in 64 bits")]
    Overflow,
}

/// [`perft`] that gives up soon after `stop` is set, for front ends where a person may
/// interrupt a count that would run for days: the flag is read at every node more than
/// [`Game::perft_uninterrupted_depth`] plies from the leaves (the game's
/// [`Game::PERFT_UNINTERRUPTED_DEPTH`], or less where the position's branching asks for it),
/// and the subtrees below are counted with [`Game::count_leaves`] at full speed. A count past `u64::MAX` is an error,
/// never a wrapped number.
pub fn perft_until<G: Game>(position: &G, depth: u32, stop: &AtomicBool) -> Result<u64, PerftStop> {
    if stop.load(Ordering::Relaxed) {
        return Err(PerftStop::Interrupted);
    }
    if depth <= position.perft_uninterrupted_depth() {
        return Ok(position.count_leaves(depth));
    }
    let moves = position.legal_moves();
    if moves.as_ref().is_empty() {
        return Ok(u64::from(G::FINISHED_GAME_IS_A_LEAF));
    }
    moves.into_iter().try_fold(0u64, |total, mv| {
        let below = perft_until(&position.play(mv), depth - 1, stop)?;
        total.checked_add(below).ok_or(PerftStop::Overflow)
    })
}

/// The leaves one ply below a position with `moves` legal moves.
#[inline(always)]
fn leaves<G: Game>(moves: u64) -> u64 {
    if moves == 0 && G::FINISHED_GAME_IS_A_LEAF {
        1
    } else {
        moves
    }
}

/// Perft split by root move: each legal move with the leaves below it, in move order.
/// `depth` must be at least 1.
pub fn divide<G: Game>(position: &G, depth: u32) -> Vec<(G::Move, u64)> {
    assert!(depth >= 1, "divide needs a depth of at least 1");
    position
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, perft(&position.play(mv), depth - 1)))
        .collect()
}

/// [`divide`] on `threads` threads (rayon, one task per root move); calls `on_root_done`
/// after each root move (for progress reporting). Sum the counts for the perft total.
pub fn perft_parallel<G: Game>(
    position: &G,
    depth: u32,
    threads: usize,
    on_root_done: impl Fn() + Sync,
) -> Result<Vec<(G::Move, u64)>, rayon::ThreadPoolBuildError> {
    assert!(depth >= 1, "perft_parallel needs a depth of at least 1");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()?;
    let moves: Vec<G::Move> = position.legal_moves().into_iter().collect();
    Ok(pool.install(|| {
        moves
            .par_iter()
            .map(|&mv| {
                let count = perft(&position.play(mv), depth - 1);
                on_root_done();
                (mv, count)
            })
            .collect()
    }))
}
