//! Selective passes before the exact one: the root first solves with probcut (Buro, "ProbCut:
//! an effective selective extension of the alpha-beta algorithm", ICCA Journal 1995, and
//! "Experiments with Multi-ProbCut", 1997; Edax and Egaroucid solve endgames this way, at
//! growing confidence), and only then exactly. A selective pass costs a fraction of the
//! exact one; what it leaves in the table (best moves everywhere along the principal
//! variations) and its score (MTD(f)'s next guess) make the exact pass cheaper than it
//! would be alone.
//!
//! Probcut at a table-layer node: a shallow search over the learned evaluation predicts the
//! exact score with an error of about [`sigma`] discs, so where that search is above `beta`
//! (below `alpha`) by a margin of `t` of those, the node is taken to fail high (low) without
//! searching it. `t` is the pass's confidence; the bounds a selective pass stores carry its
//! [`Selectivity`], and only a pass at least that selective trusts them. The exact pass
//! trusts only exact bounds, so the final score is exact whatever the passes before it did.

use crate::Kernels;
use crate::eval::{DISC, MAX_EVAL};

use super::ordering::sort_search;

/// How selective the search that proved some bounds was: an index into [`CONFIDENCES`], or
/// [`Selectivity::EXACT`]. A higher one is more trustworthy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Selectivity(pub(super) u8);

/// The confidence of each selective pass, in hundredths of [`sigma`]: the margin by which the
/// shallow search must clear the window. (With a normal error, 1.1 sigma is wrong about
/// 14% of the time on one side, 2.0 sigma about 2%.) Measured on FFO #40-#49 (one thread,
/// paired on the two cores, 2026-11-26): one pass at 1.5 and three at 1.0, 1.5 and 2.0 were
/// within 2% of these two, 0.8 and 1.6 about 5% slower.
const CONFIDENCES: [i32; 2] = [110, 200];

impl Selectivity {
    /// No probcut: the bounds are proven.
    pub(super) const EXACT: Selectivity = Selectivity(u8::MAX);

    /// The selective passes the root makes before the exact one, least selective...
    /// most trustworthy last.
    pub(super) fn passes() -> impl Iterator<Item = Selectivity> {
        (0..CONFIDENCES.len() as u8).map(Selectivity)
    }

    /// The margin of a probcut at a node with `empties` empty squares whose shallow search
    /// looks `depth` plies, in evaluation units; `None` for the exact search.
    #[inline]
    fn margin(self, empties: u32, depth: u32) -> Option<i32> {
        let confidence = *CONFIDENCES.get(usize::from(self.0))?;
        Some(confidence * sigma(empties, depth) / 100)
    }
}

/// The fewest empties at which a selective pass tries probcut: every table-layer node by
/// default. Measured on FFO #40-#49 (one thread, paired on the two cores, 2026-11-26):
/// 27.3 and 27.9 s from 12 empties, 28.6 and 29.4 s from 16.
pub(super) const PROBCUT_MIN_EMPTIES: u32 = 12;

/// How deep the probcut search looks at a node with `empties` empty squares: two plies, four
/// from 18 empties. Measured on FFO #40-#49 against two plies up to 21 empties and four
/// from 22: 24.3 and 26.6 s against 24.8 and 26.4 s, a tie; the evaluation alone below 18
/// was slower (26.6 and 29.0 s). Even depths, because the shallow search's bias changes
/// sign with the depth's parity (see [`sigma`]) and the margin does not correct for it.
#[inline]
fn probcut_depth(empties: u32) -> u32 {
    if empties >= 18 { 4 } else { 2 }
}

/// The standard deviation, in evaluation units, of the difference between a `depth`-ply
/// search over the learned evaluation and the exact score, at a position with `empties`
/// empty squares: `2 + 0.3 x empties - 0.5 x depth` discs, a rounded linear fit to what
/// we measured on random reachable positions (`endgame_corpus`, seed 99; 40 positions each
/// at 14, 16, 18 and 20 empties, 24 at 22 and 24; depths 0 to 7). Measured, in discs: at
/// 14 empties 7.3 with no search and 5.3 with four plies; at 20, 7.1 and 5.8; at 24, 12.1
/// and 8.0. The mean error alternates with the depth's parity, about +1 disc at even depths
/// and -1 at odd ones.
#[inline]
fn sigma(empties: u32, depth: u32) -> i32 {
    (200 + 30 * empties as i32 - 50 * depth as i32).max(200) * DISC / 100
}

/// Probcut at a node with `empties` empty squares and window `(alpha, beta)`: `Some(beta)`
/// where a shallow search clears `beta` by the margin of `selectivity`, `Some(alpha)` where
/// it falls below `alpha` by it, else `None` (always `None` for the exact search). Only
/// the side the static evaluation points to is tried.
#[inline]
pub(super) fn probcut<S: Kernels>(
    player: u64,
    opponent: u64,
    empties: u32,
    alpha: i32,
    beta: i32,
    selectivity: Selectivity,
) -> Option<i32> {
    let depth = probcut_depth(empties);
    let margin = selectivity.margin(empties, depth)?;
    let static_eval = sort_search::<S>(player, opponent, 0, -MAX_EVAL, MAX_EVAL);
    if static_eval >= (alpha + beta) * DISC / 2 {
        let bound = beta * DISC + margin;
        (beta < 64
            && bound <= MAX_EVAL
            && sort_search::<S>(player, opponent, depth, bound - 1, bound) >= bound)
            .then_some(beta)
    } else {
        let bound = alpha * DISC - margin;
        (alpha > -64
            && bound >= -MAX_EVAL
            && sort_search::<S>(player, opponent, depth, bound, bound + 1) <= bound)
            .then_some(alpha)
    }
}
