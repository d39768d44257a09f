//! The alpha-beta window helpers every search of the solver shares (the main search, the
//! shallow search near the leaves, move ordering's shallow probes, the parallel split
//! points): a leaf module, so that the searches depend on it and not on each other.

/// Principal-variation search of one child, given `search(alpha, beta)` from the child's
/// side: the first move with the full window, the others with a null window first (proving
/// them no better is cheap), searched again with the full window when they turn out better.
/// The score is from the parent's side.
#[inline(always)]
pub(super) fn pvs(
    first: bool,
    alpha: i32,
    beta: i32,
    mut search: impl FnMut(i32, i32) -> i32,
) -> i32 {
    if first {
        return -search(-beta, -alpha);
    }
    let probe = -search(-alpha - 1, -alpha);
    if probe > alpha && probe < beta {
        -search(-beta, -probe)
    } else {
        probe
    }
}

/// Fail-soft bookkeeping after a child's `score`: raises `best`, and `alpha` with it; true
/// on a cutoff (`alpha >= beta`), when the remaining moves need not be tried.
#[inline(always)]
pub(super) fn raise(best: &mut i32, alpha: &mut i32, beta: i32, score: i32) -> bool {
    if score > *best {
        *best = score;
        if score > *alpha {
            *alpha = score;
            return *alpha >= beta;
        }
    }
    false
}
