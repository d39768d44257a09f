//! Multi-ProbCut for the midgame search (Michael Buro, "Experiments with Multi-ProbCut and a
//! new high-quality evaluation function for Othello", 1997): before a `depth`-ply search of
//! a null-window node, a [`shallow_depth`]-ply search; when its score lies far enough
//! outside the window, the deep search would almost surely fail the same way, and the node
//! is cut. "Far enough" is the mean and spread of the deep minus the shallow score, measured
//! with the learned evaluation by `examples/fit_probcut.rs` on self-play positions, per
//! depth and stage of the game ([`SPREADS`]), times [`CONFIDENCE`].

use bitgames_search::ProbCut;

/// The shallowest deep search that is tested: below it the shallow search saves too little.
pub const MIN_DEPTH: u32 = 3;

/// The deepest search [`SPREADS`] measures; deeper ones use its row.
pub const MAX_DEPTH: u32 = 10;

/// Stages of the game by empty squares: [`STAGE_WIDTH`] each from 21 empties (the engines
/// solve from 20 down), the last holding the rest.
pub const STAGES: usize = 4;

/// Empty squares per stage of [`SPREADS`].
pub const STAGE_WIDTH: u32 = 10;

/// The confidence wanted, in spreads: a cut at 1.5 is wrong about once in 15 tests of a
/// node whose deep score lies just inside the window (a normal tail).
pub const CONFIDENCE: f64 = 1.5;

/// The depth of the shallow search that tests a `depth`-ply one: about half as deep, of the
/// same parity (the evaluation's bias towards the side to move differs between odd and
/// even depths, and a same-parity pair cancels it).
pub const fn shallow_depth(depth: u32) -> u32 {
    depth - 2 * depth.div_ceil(4)
}

/// The stage of the game `empties` falls in.
pub const fn stage(empties: u32) -> usize {
    let stage = (empties.saturating_sub(21) / STAGE_WIDTH) as usize;
    if stage < STAGES { stage } else { STAGES - 1 }
}

/// The mean and standard deviation of the deep minus the shallow score, in hundredths of a
/// disc, by depth ([`MIN_DEPTH`] up to [`MAX_DEPTH`]) and [`stage`].
/// Measured on 2026-11-27 with the second weights, 60 positions a stage from 400
/// self-play games (`fit_probcut --per-stage 60`, seed 11).
#[rustfmt::skip]
pub const SPREADS: [[(i32, i32); STAGES]; (MAX_DEPTH - MIN_DEPTH + 1) as usize] = [
    // 21-30 empties, 31-40,    41-50,      51-60
    [(18, 376), (54, 280), (46, 219), (43, 201)], // 3 from 1
    [(-9, 331), (-2, 236), (37, 218), (-11, 151)], // 4 from 2
    [(94, 400), (112, 279), (14, 257), (88, 199)], // 5 from 1
    [(14, 344), (5, 259), (37, 245), (18, 170)], // 6 from 2
    [(61, 345), (69, 244), (-29, 233), (48, 163)], // 7 from 3
    [(58, 318), (41, 308), (15, 190), (46, 135)], // 8 from 4
    [(73, 417), (78, 356), (-22, 232), (43, 210)], // 9 from 3
    [(75, 351), (65, 388), (-10, 228), (79, 202)], // 10 from 4
];

/// The Multi-ProbCut test of a `depth`-ply search at `empties` empty squares, if any.
pub fn probcut(empties: u32, depth: u32) -> Option<ProbCut> {
    if depth < MIN_DEPTH {
        return None;
    }
    let row = (depth.min(MAX_DEPTH) - MIN_DEPTH) as usize;
    let (mean, spread) = SPREADS[row][stage(empties)];
    let reach = (CONFIDENCE * f64::from(spread)).round() as i32;
    Some(ProbCut {
        depth: shallow_depth(depth),
        // Cut above beta when shallow + mean - reach >= beta, below alpha when
        // shallow + mean + reach <= alpha.
        above: (reach - mean).max(0),
        below: (reach + mean).max(0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shallow_searches_are_shallower_and_of_the_same_parity() {
        for depth in MIN_DEPTH..=30 {
            let shallow = shallow_depth(depth);
            assert!(shallow >= 1 && shallow < depth, "{depth} -> {shallow}");
            assert_eq!(shallow % 2, depth % 2, "{depth} -> {shallow}");
        }
        assert_eq!(shallow_depth(3), 1);
        assert_eq!(shallow_depth(4), 2);
        assert_eq!(shallow_depth(8), 4);
    }

    #[test]
    fn stages_cover_the_midgame_in_order() {
        assert_eq!(stage(0), 0);
        assert_eq!(stage(21), 0);
        assert_eq!(stage(30), 0);
        assert_eq!(stage(31), 1);
        assert_eq!(stage(60), STAGES - 1);
    }

    #[test]
    fn no_test_below_the_shallowest_depth() {
        assert_eq!(probcut(40, MIN_DEPTH - 1), None);
        assert!(probcut(40, MIN_DEPTH).is_some());
        assert!(probcut(40, 40).is_some());
    }
}
