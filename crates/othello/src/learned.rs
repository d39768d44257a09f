//! The learned evaluation: one set of weights per phase of the game, fitted by the training
//! pipeline ([`crate::training`], `cargo xtask train-eval`) to solved and searched positions.
//!
//! # Features
//!
//! The value of a position is the sum of one weight per feature that is on, from the side
//! to move's point of view, in hundredths of a disc ([`DISC`]):
//!
//! | features | weights | why |
//! |---|---|---|
//! | the pattern groups of [`crate::patterns`] (edge with both X-squares, corner 3x3, corner 5x2 both ways, rows and columns 2-4, diagonals of length 4-8), each read in every symmetry of the board | one per configuration of each group | the classic evaluator's knowledge: which shapes of discs keep or lose edges, corners and tempo (Buro's Logistello, which Edax and Egaroucid follow) |
//! | mobility: the side to move's legal moves, the opponent's | one per count (0 to [`MOBILITY_CAP`](crate::patterns::MOBILITY_CAP)` - 1` and more) | choices now |
//! | potential mobility: empty squares next to the opponent's discs, and next to ours | one per count (0 to [`POTENTIAL_CAP`]` - 1` and more) | choices later: a side with many frontier discs gives the other moves |
//! | parity: an odd number of empty squares | one | the side to move then expects the last move of each region |
//! | bias | one, always on | the side to move's average advantage in the phase |
//!
//! # Phases
//!
//! The game is cut into [`PHASE_COUNT`] phases by the number of empty squares, [`PHASE_WIDTH`]
//! each (1-4 empties, 5-8, ..., 57-60); each phase has its own weights. The trainer fits the
//! phases from the end of the game back, each starting from its neighbour's weights, so that
//! neighbouring phases agree.
//!
//! # Weights file
//!
//! `data/othello-eval.bin` in this crate: [`FILE_MAGIC`], then the phase count and the
//! features per phase (little-endian `u32`s), then the weights as little-endian `i16`s in
//! hundredths of a disc, phase by phase, zlib-compressed. It is compiled in with
//! `include_bytes!` and decoded once, on the first evaluation (a few milliseconds), so it
//! costs nothing at build time. The trainer writes its manifest beside it
//! (`data/othello-eval.json`): the data, seeds, commit and held-out error per phase.

use std::io::Read;
use std::sync::OnceLock;

use crate::eval::{DISC, MAX_EVAL, final_score_for_side_to_move};
use crate::kernels::KernelsOnWords;
use crate::patterns::{self, for_each_feature_word};
use crate::{Kernels, Position};

/// Empty squares per phase.
pub const PHASE_WIDTH: u32 = 4;
/// Phases: 60 empty squares at most, [`PHASE_WIDTH`] a phase.
pub const PHASE_COUNT: usize = 15;
/// Potential-mobility counts at or above this share the last weight.
pub const POTENTIAL_CAP: usize = 32;
/// The index of the side to move's first potential-mobility weight; the opponent's follow.
pub const POTENTIAL_OFFSET: usize = patterns::WEIGHT_COUNT;
/// The weight that is on when the number of empty squares is odd.
pub const PARITY: usize = POTENTIAL_OFFSET + 2 * POTENTIAL_CAP;
/// The weight that is always on.
pub const BIAS: usize = PARITY + 1;
/// Features (and so weights) per phase.
pub const FEATURE_COUNT: usize = BIAS + 1;
/// The most features on in one position: the pattern readings and mobilities of
/// [`crate::patterns`], two potential mobilities, parity and bias.
pub const MAX_ACTIVE: usize = 4 * (patterns::PATTERNS.len() + 1) + 2 + 4;

/// The first bytes of the weights file.
pub const FILE_MAGIC: &[u8] = b"bitgames othello eval v1\n";

/// The phase of a position with `empties` empty squares (1 to 60; 0 counts as 1).
#[inline(always)]
pub const fn phase(empties: u32) -> usize {
    let phase = (empties.saturating_sub(1) / PHASE_WIDTH) as usize;
    if phase < PHASE_COUNT {
        phase
    } else {
        PHASE_COUNT - 1
    }
}

/// The range of empty squares of `phase`.
pub fn phase_empties(phase: usize) -> std::ops::RangeInclusive<u32> {
    let first = phase as u32 * PHASE_WIDTH + 1;
    first..=first + PHASE_WIDTH - 1
}

/// The empty squares next to a disc of `discs` (the eight directions, without wrapping).
#[inline(always)]
pub fn frontier(discs: u64, empty: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let sideways = ((discs << 1) & NOT_A) | ((discs >> 1) & NOT_H);
    let row = discs | sideways;
    (sideways | (row << 8) | (row >> 8)) & empty
}

/// Calls `feature` with the index of every feature that is on for `player` to move against
/// `opponent` (within a phase's block of [`FEATURE_COUNT`]). An index may come more than
/// once (a pattern may read the same configuration in two symmetries).
#[inline]
pub fn for_each_active<S: Kernels>(player: u64, opponent: u64, feature: impl FnMut(usize)) {
    let player_moves = S::legal_moves_word(player, opponent).count_ones();
    let opponent_moves = S::legal_moves_word(opponent, player).count_ones();
    for_each_active_with_mobility(player, opponent, player_moves, opponent_moves, feature);
}

/// [`for_each_active`] with both mobilities already counted.
#[inline]
pub fn for_each_active_with_mobility(
    player: u64,
    opponent: u64,
    player_moves: u32,
    opponent_moves: u32,
    mut feature: impl FnMut(usize),
) {
    for_each_feature_word(player, opponent, player_moves, opponent_moves, &mut feature);
    let empty = !(player | opponent);
    let potential =
        |discs: u64| (frontier(discs, empty).count_ones() as usize).min(POTENTIAL_CAP - 1);
    feature(POTENTIAL_OFFSET + potential(opponent));
    feature(POTENTIAL_OFFSET + POTENTIAL_CAP + potential(player));
    if empty.count_ones() % 2 == 1 {
        feature(PARITY);
    }
    feature(BIAS);
}

/// For every feature, its twin under the pattern's own reflection (see
/// [`patterns::twins`]); the extra features are their own twins. The trainer keeps twins
/// equal, so the evaluation is the same in all eight symmetries.
pub fn twins() -> Vec<usize> {
    let mut twins = patterns::twins();
    twins.extend(patterns::WEIGHT_COUNT..FEATURE_COUNT);
    twins
}

/// A reason a weights file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// The file does not start with [`FILE_MAGIC`].
    #[error("not a bitgames Othello evaluation file (it does not start with {magic:?})", magic = String::from_utf8_lossy(FILE_MAGIC).trim_end())]
    Magic,
    /// The header's shape is not this build's.
    #[error(
        "the file has {phases} phases of {features} features; this build reads {PHASE_COUNT} of {FEATURE_COUNT}"
    )]
    Shape {
        /// Phases in the file.
        phases: u32,
        /// Features per phase in the file.
        features: u32,
    },
    /// The compressed weights are damaged or of the wrong length.
    #[error("the weights are damaged: {0}")]
    Damaged(String),
}

/// The weights of every phase, in hundredths of a disc.
#[derive(Clone, PartialEq, Eq)]
pub struct Weights {
    values: Vec<i16>,
}

impl std::fmt::Debug for Weights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let nonzero = self.values.iter().filter(|&&w| w != 0).count();
        write!(f, "Weights({PHASE_COUNT} phases, {nonzero} non-zero)")
    }
}

impl Weights {
    /// All zero: an evaluation that knows nothing (the trainer's start from scratch).
    pub fn zero() -> Weights {
        Weights {
            values: vec![0; PHASE_COUNT * FEATURE_COUNT],
        }
    }

    /// The weights compiled into this crate (`data/othello-eval.bin`), decoded on first use.
    pub fn checked_in() -> &'static Weights {
        static WEIGHTS: OnceLock<Weights> = OnceLock::new();
        WEIGHTS.get_or_init(|| {
            Weights::decode(include_bytes!("../data/othello-eval.bin")).expect(
                "crates/othello/data/othello-eval.bin is damaged: run `cargo xtask train-eval`",
            )
        })
    }

    /// The weights of one phase.
    #[inline(always)]
    pub fn phase(&self, phase: usize) -> &[i16] {
        &self.values[phase * FEATURE_COUNT..(phase + 1) * FEATURE_COUNT]
    }

    /// The weights of one phase, to change.
    pub fn phase_mut(&mut self, phase: usize) -> &mut [i16] {
        &mut self.values[phase * FEATURE_COUNT..(phase + 1) * FEATURE_COUNT]
    }

    /// The file's bytes (see the module docs).
    pub fn encode(&self) -> Vec<u8> {
        let mut raw = Vec::with_capacity(2 * self.values.len());
        for w in &self.values {
            raw.extend_from_slice(&w.to_le_bytes());
        }
        let mut bytes = FILE_MAGIC.to_vec();
        bytes.extend_from_slice(&(PHASE_COUNT as u32).to_le_bytes());
        bytes.extend_from_slice(&(FEATURE_COUNT as u32).to_le_bytes());
        let mut encoder = flate2::write::ZlibEncoder::new(bytes, flate2::Compression::best());
        std::io::Write::write_all(&mut encoder, &raw).expect("writing to memory");
        encoder.finish().expect("writing to memory")
    }

    /// Reads a file's bytes, with the reason when they are not weights of this build's shape.
    pub fn decode(bytes: &[u8]) -> Result<Weights, WeightsError> {
        let rest = bytes.strip_prefix(FILE_MAGIC).ok_or(WeightsError::Magic)?;
        let word = |at: usize| -> Result<u32, WeightsError> {
            let bytes = rest
                .get(at..at + 4)
                .ok_or_else(|| WeightsError::Damaged("the header is cut short".into()))?;
            Ok(u32::from_le_bytes(bytes.try_into().expect("four bytes")))
        };
        let (phases, features) = (word(0)?, word(4)?);
        if phases as usize != PHASE_COUNT || features as usize != FEATURE_COUNT {
            return Err(WeightsError::Shape { phases, features });
        }
        let expected = 2 * PHASE_COUNT * FEATURE_COUNT;
        let mut raw = Vec::with_capacity(expected);
        // One byte more than expected is read, so a longer stream is caught without
        // decompressing all of it.
        flate2::read::ZlibDecoder::new(&rest[8..])
            .take(expected as u64 + 1)
            .read_to_end(&mut raw)
            .map_err(|e| WeightsError::Damaged(e.to_string()))?;
        if raw.len() != expected {
            return Err(WeightsError::Damaged(format!(
                "{} bytes of weights where {expected} were expected",
                raw.len()
            )));
        }
        let values = raw
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        Ok(Weights { values })
    }

    /// The value of `player` to move against `opponent`, in hundredths of a disc, within
    /// `±`[`MAX_EVAL`]: exact when the game is over.
    #[inline]
    pub fn evaluate_word<S: Kernels>(&self, player: u64, opponent: u64) -> i32 {
        let player_moves = S::legal_moves_word(player, opponent);
        let opponent_moves = S::legal_moves_word(opponent, player);
        if player_moves == 0 && opponent_moves == 0 {
            return DISC * final_score_for_side_to_move(player, opponent);
        }
        let empties = 64 - (player | opponent).count_ones();
        let weights = self.phase(phase(empties));
        let mut sum = 0i32;
        for_each_active_with_mobility(
            player,
            opponent,
            player_moves.count_ones(),
            opponent_moves.count_ones(),
            |i| sum += i32::from(weights[i]),
        );
        sum.clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
    }

    /// [`Weights::evaluate_word`] of a position.
    #[inline]
    pub fn evaluate<S: Kernels>(&self, position: &Position<S>) -> i32 {
        self.evaluate_word::<S>(position.player().bits(), position.opponent().bits())
    }
}

/// The position's value with the checked-in weights ([`Weights::checked_in`]): the engines'
/// evaluation. In hundredths of a disc for the side to move; exact when the game is over.
#[inline]
pub fn evaluate<S: Kernels>(position: &Position<S>) -> i32 {
    Weights::checked_in().evaluate(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::corpus;
    use crate::symmetry::Symmetry;
    use crate::{Fastest, Naive};

    #[test]
    fn phases_cover_the_game_in_order() {
        assert_eq!(phase(0), 0);
        assert_eq!(phase(1), 0);
        assert_eq!(phase(4), 0);
        assert_eq!(phase(5), 1);
        assert_eq!(phase(60), PHASE_COUNT - 1);
        for p in 0..PHASE_COUNT {
            for e in phase_empties(p) {
                assert_eq!(phase(e), p, "{e} empties");
            }
        }
    }

    #[test]
    fn frontier_is_the_empty_neighbours() {
        for position in corpus(200, 21) {
            let (p, o) = (position.player().bits(), position.opponent().bits());
            let empty = !(p | o);
            let mut naive = 0u64;
            for square in 0..64 {
                if empty >> square & 1 == 0 {
                    continue;
                }
                let (row, col) = (square / 8, square % 8);
                for dr in -1i32..=1 {
                    for dc in -1i32..=1 {
                        let (r, c) = (row + dr, col + dc);
                        if (dr, dc) != (0, 0)
                            && (0..8).contains(&r)
                            && (0..8).contains(&c)
                            && o >> (r * 8 + c) & 1 == 1
                        {
                            naive |= 1 << square;
                        }
                    }
                }
            }
            assert_eq!(frontier(o, empty), naive, "{position}");
        }
    }

    #[test]
    fn every_position_turns_on_features_in_range() {
        for position in corpus(200, 4) {
            let mut count = 0;
            for_each_active::<Fastest>(position.player().bits(), position.opponent().bits(), |i| {
                assert!(i < FEATURE_COUNT);
                count += 1;
            });
            assert!((MAX_ACTIVE - 1..=MAX_ACTIVE).contains(&count), "{count}");
        }
    }

    #[test]
    fn the_file_round_trips_and_damage_is_reported() {
        let mut weights = Weights::zero();
        weights.phase_mut(3)[17] = -1234;
        weights.phase_mut(PHASE_COUNT - 1)[BIAS] = 77;
        let bytes = weights.encode();
        assert_eq!(Weights::decode(&bytes), Ok(weights.clone()));
        assert_eq!(Weights::decode(b"hello"), Err(WeightsError::Magic));
        let mut shape = bytes.clone();
        shape[FILE_MAGIC.len()] = 9;
        assert!(matches!(
            Weights::decode(&shape),
            Err(WeightsError::Shape { phases: 9, .. })
        ));
        let cut = &bytes[..bytes.len() - 10];
        assert!(matches!(
            Weights::decode(cut),
            Err(WeightsError::Damaged(_))
        ));
        let mut flipped = bytes.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 0xff;
        assert!(matches!(
            Weights::decode(&flipped),
            Err(WeightsError::Damaged(_))
        ));
    }

    #[test]
    fn the_checked_in_weights_decode_and_are_symmetric() {
        let weights = Weights::checked_in();
        for position in corpus(300, 8) {
            let value = weights.evaluate(&position);
            assert!(value.abs() < MAX_EVAL, "{position}");
            assert_eq!(value, weights.evaluate(&position.with_strategy::<Naive>()));
            for symmetry in Symmetry::all() {
                assert_eq!(
                    weights.evaluate(&symmetry.position(&position)),
                    value,
                    "{position}"
                );
            }
        }
    }

    #[test]
    fn finished_games_are_exact() {
        let board = format!("{}{}{}", "X".repeat(24), "-".repeat(8), "O".repeat(32));
        let black: Position = format!("{board} X").parse().unwrap();
        assert_eq!(evaluate(&black), -16 * DISC);
    }
}
