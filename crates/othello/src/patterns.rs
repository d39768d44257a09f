//! A learned pattern evaluation: the sum of one weight per configuration of each of a few
//! small groups of squares (the edges, the corners, three rows, the diagonals), read in all
//! eight symmetries of the board, plus one weight per mobility count of each side.
//!
//! This is the design of Michael Buro's Logistello ("An evaluation function for Othello
//! based on statistics", 1997), which Edax and Egaroucid follow; the pattern set, the
//! training and the code here are our own. The weights are least-squares fits to the exact
//! scores of solved positions: `cargo xtask patterns` runs
//! `crates/othello/examples/train_patterns.rs`, which solves random positions with
//! [`crate::solver`] and fits the weights by stochastic gradient descent, and writes
//! `data/othello-patterns.bin` (in this crate), compiled in here.
//!
//! The endgame solver orders its moves with it (it is trained on positions with 12 to 18
//! empties only). The engines evaluate with [`crate::learned`], which reads the same pattern
//! groups with weights for every phase of the game.
//!
//! The unit is [`DISC`] (hundredths of a disc) like [`crate::eval`], and a finished game
//! evaluates to its exact score.

use bitgames_bitboard::gather::{BitGather, FastestGather};

use crate::Bitboard;
#[cfg(feature = "patterns")]
use crate::Kernels;
#[cfg(feature = "patterns")]
use crate::eval::{DISC, MAX_EVAL, final_score_for_side_to_move};
#[cfg(feature = "patterns")]
use crate::kernels::KernelsOnWords;
use crate::symmetry::Symmetry;

/// The groups of squares, each in one orientation (a1 = bit 0, h1 = bit 7); the evaluation
/// reads each in the four rotations of the board. Every group but the 5x2 block
/// ([`MIRRORED`]) is its own mirror image, so the rotations reach all its places; the 5x2
/// block is read in the rotations of the mirrored board as well, with the same weights, so
/// that the value is the same in all eight symmetries. (The main diagonal is read twice,
/// which only scales its weights.)
pub const PATTERNS: [u64; 11] = [
    // a1-h1, b2, g2: the edge with its X-squares.
    0xff | 1 << 9 | 1 << 14,
    // a1-c3: the corner's 3x3 block.
    0x07_0707,
    // a1-e2: the corner's 5x2 block.
    0x1f1f,
    // Rows 2, 3 and 4.
    0xff00,
    0xff_0000,
    0xff00_0000,
    // The diagonals a1-h8, b1-h7, c1-h6, d1-h5 and e1-h4.
    diagonal(0, 8),
    diagonal(1, 7),
    diagonal(2, 6),
    diagonal(3, 5),
    diagonal(4, 4),
];

/// The index in [`PATTERNS`] of the group that is not its own mirror image.
pub const MIRRORED: usize = 2;

/// `length` squares down-right from column `start` of row 1.
const fn diagonal(start: u32, length: u32) -> u64 {
    let mut mask = 0;
    let mut k = 0;
    while k < length {
        mask |= 1 << (start + 9 * k);
        k += 1;
    }
    mask
}

/// `OFFSETS[k]`: the index of pattern `k`'s first weight (each pattern has `3^squares`, one
/// per configuration: 0 empty, 1 the side to move's, 2 the opponent's, square by square in
/// bit order as base-3 digits).
pub const OFFSETS: [usize; PATTERNS.len() + 1] = {
    let mut offsets = [0; PATTERNS.len() + 1];
    let mut k = 0;
    while k < PATTERNS.len() {
        offsets[k + 1] = offsets[k] + 3usize.pow(PATTERNS[k].count_ones());
        k += 1;
    }
    offsets
};

/// Mobility counts at or above this share the last weight.
pub const MOBILITY_CAP: usize = 24;
/// The index of the side to move's first mobility weight; the opponent's follow.
pub const MOBILITY_OFFSET: usize = OFFSETS[PATTERNS.len()];
/// The number of weights.
pub const WEIGHT_COUNT: usize = MOBILITY_OFFSET + 2 * MOBILITY_CAP;

/// The first bytes of the weights file; the weights follow as little-endian `i16`s.
pub const FILE_MAGIC: &[u8] = b"bitgames othello patterns v1\n";

/// `TERNARY[b]`: the bits of `b` read as base-3 digits (bit `i` is worth `3^i`).
const TERNARY: [u16; 1024] = {
    let mut table = [0; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut value, mut power, mut bits) = (0u32, 1u32, b);
        while bits != 0 {
            value += (bits & 1) * power;
            power *= 3;
            bits >>= 1;
        }
        table[b as usize] = value as u16;
        b += 1;
    }
    table
};

/// Calls `feature` with the index of every weight that applies to the position (`player`
/// to move, with `player_moves` legal moves; `opponent` with `opponent_moves`): 48 pattern
/// readings and two mobility counts. An index may come more than once.
#[inline]
pub fn for_each_feature(
    player: Bitboard,
    opponent: Bitboard,
    player_moves: u32,
    opponent_moves: u32,
    feature: impl FnMut(usize),
) {
    for_each_feature_word(
        player.bits(),
        opponent.bits(),
        player_moves,
        opponent_moves,
        feature,
    );
}

/// [`for_each_feature`] on raw words (pattern readings are PEXTs of words).
#[inline]
pub(crate) fn for_each_feature_word(
    player: u64,
    opponent: u64,
    player_moves: u32,
    opponent_moves: u32,
    mut feature: impl FnMut(usize),
) {
    for symmetry in Symmetry::rotations() {
        let (p, o) = (symmetry.word(player), symmetry.word(opponent));
        for k in 0..PATTERNS.len() {
            feature(read(k, p, o));
        }
        let mirror = Symmetry::COLUMN_MIRROR;
        feature(read(MIRRORED, mirror.word(p), mirror.word(o)));
    }
    feature(MOBILITY_OFFSET + (player_moves as usize).min(MOBILITY_CAP - 1));
    feature(MOBILITY_OFFSET + MOBILITY_CAP + (opponent_moves as usize).min(MOBILITY_CAP - 1));
}

/// The index of pattern `k`'s configuration on `(player, opponent)`, its offset included.
#[inline(always)]
fn read(k: usize, player: u64, opponent: u64) -> usize {
    let mask = PATTERNS[k];
    OFFSETS[k]
        + TERNARY[FastestGather::pext(player, mask) as usize] as usize
        + 2 * TERNARY[FastestGather::pext(opponent, mask) as usize] as usize
}

/// The reflection of the board that maps pattern `k` onto itself, if any (every pattern
/// but [`MIRRORED`] has one).
pub fn self_reflection(k: usize) -> Option<Symmetry> {
    let rotations: Vec<Symmetry> = Symmetry::rotations().collect();
    Symmetry::all()
        .filter(|s| !rotations.contains(s))
        .find(|s| s.word(PATTERNS[k]) == PATTERNS[k])
}

/// For every weight, its twin: the index the same configuration reads as on the board
/// reflected by the pattern's [`self_reflection`] (itself for [`MIRRORED`] and the mobility
/// weights). The four rotations read each such pattern one way round only, so the
/// evaluation is the same in all eight symmetries exactly when twins are equal, which the
/// trainer keeps them.
pub fn twins() -> Vec<usize> {
    let mut twins: Vec<usize> = (0..WEIGHT_COUNT).collect();
    for k in 0..PATTERNS.len() {
        let Some(reflection) = self_reflection(k) else {
            continue;
        };
        let squares: Vec<u64> = (0..64)
            .map(|s| 1u64 << s)
            .filter(|bit| PATTERNS[k] & bit != 0)
            .collect();
        // Digit j of the reflected reading is digit `from[j]` of the plain one.
        let from: Vec<usize> = squares
            .iter()
            .map(|&bit| {
                let image = reflection.word(bit);
                squares
                    .iter()
                    .position(|&t| t == image)
                    .expect("the pattern maps onto itself")
            })
            .collect();
        for config in 0..OFFSETS[k + 1] - OFFSETS[k] {
            let digits: Vec<usize> = (0..squares.len())
                .map(|i| config / 3usize.pow(i as u32) % 3)
                .collect();
            let twin: usize = (0..squares.len())
                .map(|j| digits[from[j]] * 3usize.pow(j as u32))
                .sum();
            twins[OFFSETS[k] + config] = OFFSETS[k] + twin;
        }
    }
    twins
}

/// The checked-in weights, decoded at compile time (a file of the wrong size or header
/// stops the build with a message naming it).
#[cfg(feature = "patterns")]
static WEIGHTS: [i16; WEIGHT_COUNT] = decode(include_bytes!("../data/othello-patterns.bin"));

#[cfg(feature = "patterns")]
const fn decode(bytes: &[u8]) -> [i16; WEIGHT_COUNT] {
    assert!(
        bytes.len() == FILE_MAGIC.len() + 2 * WEIGHT_COUNT,
        "crates/othello/data/othello-patterns.bin: wrong size, run `cargo xtask patterns`"
    );
    let mut i = 0;
    while i < FILE_MAGIC.len() {
        assert!(
            bytes[i] == FILE_MAGIC[i],
            "crates/othello/data/othello-patterns.bin: wrong header, run `cargo xtask patterns`"
        );
        i += 1;
    }
    let mut weights = [0; WEIGHT_COUNT];
    let mut w = 0;
    while w < WEIGHT_COUNT {
        let at = FILE_MAGIC.len() + 2 * w;
        weights[w] = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
        w += 1;
    }
    weights
}

/// The value of the position (`player` to move) in hundredths of a disc, within
/// `±`[`MAX_EVAL`]: exact when the game is over.
#[cfg(feature = "patterns")]
#[inline]
pub fn evaluate<S: Kernels>(player: Bitboard, opponent: Bitboard) -> i32 {
    evaluate_word::<S>(player.bits(), opponent.bits())
}

/// [`evaluate`] on raw words, for the solver's sort searches.
#[cfg(feature = "patterns")]
#[inline]
pub(crate) fn evaluate_word<S: Kernels>(player: u64, opponent: u64) -> i32 {
    let (player_moves, opponent_moves) = (
        S::legal_moves_word(player, opponent),
        S::legal_moves_word(opponent, player),
    );
    if player_moves == 0 && opponent_moves == 0 {
        return DISC * final_score_for_side_to_move(player, opponent);
    }
    let mut sum = 0;
    for_each_feature_word(
        player,
        opponent,
        player_moves.count_ones(),
        opponent_moves.count_ones(),
        |i| sum += i32::from(WEIGHTS[i]),
    );
    sum.clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every configuration of every pattern (each square empty, the side to move's or the
    /// opponent's) reads as its own index, within the pattern's block of weights.
    #[test]
    fn every_configuration_has_its_own_index() {
        for (k, &mask) in PATTERNS.iter().enumerate() {
            let squares: Vec<u32> = (0..64).filter(|s| mask >> s & 1 == 1).collect();
            let size = 3usize.pow(squares.len() as u32);
            let mut seen = vec![false; size];
            for config in 0..size {
                let (mut player, mut opponent, mut rest) = (0u64, 0u64, config);
                for &square in &squares {
                    match rest % 3 {
                        1 => player |= 1 << square,
                        2 => opponent |= 1 << square,
                        _ => {}
                    }
                    rest /= 3;
                }
                let index = TERNARY[FastestGather::pext(player, mask) as usize] as usize
                    + 2 * TERNARY[FastestGather::pext(opponent, mask) as usize] as usize;
                assert_eq!(index, config, "pattern {k}");
                assert!(!seen[index]);
                seen[index] = true;
            }
            assert_eq!(OFFSETS[k + 1] - OFFSETS[k], size);
        }
    }

    /// A twin is what the pattern reads on the reflected board, and twins pair up.
    #[test]
    fn twins_read_the_reflected_board() {
        let twins = twins();
        for (i, &t) in twins.iter().enumerate() {
            assert_eq!(twins[t], i);
        }
        for k in 0..PATTERNS.len() {
            assert_eq!(self_reflection(k).is_none(), k == MIRRORED, "pattern {k}");
            let Some(reflection) = self_reflection(k) else {
                continue;
            };
            for position in crate::random::corpus(300, 5) {
                let (p, o) = (position.player().bits(), position.opponent().bits());
                assert_eq!(
                    twins[read(k, p, o)],
                    read(k, reflection.word(p), reflection.word(o)),
                    "pattern {k}"
                );
            }
        }
    }

    #[test]
    fn every_position_reads_48_patterns_and_2_mobilities_in_range() {
        for position in crate::random::corpus(200, 3) {
            let mut count = 0;
            for_each_feature(position.player(), position.opponent(), 40, 3, |i| {
                assert!(i < WEIGHT_COUNT);
                count += 1;
            });
            assert_eq!(count, 4 * (PATTERNS.len() + 1) + 2);
        }
    }

    #[cfg(feature = "patterns")]
    mod weights {
        use super::super::*;
        use crate::eval::DISC;
        use crate::random::{corpus, endgame_corpus};
        use crate::solver::{Limits, solve};
        use crate::{Fastest, Position};

        fn value(position: &Position) -> i32 {
            evaluate::<Fastest>(position.player(), position.opponent())
        }

        #[test]
        fn values_are_the_same_in_all_eight_symmetries() {
            for position in corpus(300, 11) {
                for symmetry in Symmetry::all() {
                    assert_eq!(value(&symmetry.position(&position)), value(&position));
                }
            }
        }

        #[test]
        fn finished_games_are_exact() {
            // Rows 1-3 black (24), row 4 empty, rows 5-8 white (32): white wins 40-24.
            let board = format!("{}{}{}", "X".repeat(24), "-".repeat(8), "O".repeat(32));
            let black: Position = format!("{board} X").parse().unwrap();
            assert_eq!(value(&black), -16 * DISC);
        }

        /// The point of the weights: on solved positions the trainer never saw (another
        /// seed, 14 empties), they predict the exact score better than the hand-written
        /// evaluation.
        #[test]
        fn the_weights_predict_exact_scores_better_than_the_hand_written_evaluation() {
            let (mut fitted, mut hand) = (0f64, 0f64);
            for position in endgame_corpus(300, 14..=14, 99) {
                let score = solve(&position, Limits::NONE).unwrap().score;
                let error =
                    |value: i32| (f64::from(value) / f64::from(DISC) - f64::from(score)).powi(2);
                fitted += error(value(&position));
                hand += error(crate::eval::evaluate(&position));
            }
            assert!(
                fitted < 0.8 * hand,
                "fitted {fitted:.0}, hand-written {hand:.0}"
            );
        }
    }
}
