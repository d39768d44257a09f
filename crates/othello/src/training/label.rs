//! The trainer's labels: exact scores from the solver near the end of the game, search
//! scores with the weights fitted so far above that.

use std::collections::HashMap;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

use super::{Accuracy, Config, Discs, is_held_out};
use crate::eval::{DISC, MAX_EVAL, final_score_for_side_to_move, move_priority};
use crate::learned::Weights;
use crate::solver::{Limits, Options, Solver};
use crate::{Bitboard, Fastest, MAX_MOVES, Move, Position};
use bitgames_search::Player;

/// An evaluation the trainer plays, labels or measures with.
#[derive(Debug, Clone, Copy)]
pub enum Model<'a> {
    /// The hand-written evaluation, [`crate::eval`].
    Hand,
    /// Learned weights.
    Learned(&'a Weights),
}

impl Model<'_> {
    /// The value for the side to move, in hundredths of a disc.
    #[inline]
    pub fn evaluate(self, position: &Position) -> i32 {
        match self {
            Model::Hand => crate::eval::evaluate(position),
            Model::Learned(weights) => weights.evaluate(position),
        }
    }
}

/// The position of a trainer's pair of disc sets.
pub fn position(discs: Discs) -> Position {
    Position::from_discs(
        Bitboard::from_bits_truncate(discs.0),
        Bitboard::from_bits_truncate(discs.1),
        Player::First,
    )
    .expect("the trainer's disc sets are disjoint")
}

/// Fail-hard alpha-beta to `depth` plies with `model` at the leaves (exact where the game
/// ends), in hundredths of a disc for the side to move. Moves are tried in the order of
/// [`move_priority`].
pub fn negamax(
    position: &Position,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    model: Model<'_>,
) -> i32 {
    if position.is_game_over() {
        return DISC
            * final_score_for_side_to_move(position.player().bits(), position.opponent().bits());
    }
    if depth == 0 {
        return model.evaluate(position);
    }
    let mut moves: bitgames_search::ArrayVec<(i32, Move), MAX_MOVES> = position
        .legal_moves()
        .iter()
        .map(|&mv| (move_priority(position, mv), mv))
        .collect();
    moves.sort_unstable_by_key(|&(priority, _)| -priority);
    let mut best = -MAX_EVAL - 1;
    for (_, mv) in moves {
        let score = -negamax(
            &position.play_unchecked(mv),
            depth - 1,
            -beta,
            -alpha,
            model,
        );
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// A labelled position: the discs and the label in discs.
pub type Labelled = (Discs, f32);

/// Exact scores already solved, by position, kept between runs (outside the repository)
/// so that a run that adds fresh games solves only the positions it has not seen.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ExactCache {
    scores: HashMap<Discs, i8>,
}

/// The bytes of one [`ExactCache`] entry: the two disc sets and the score.
const CACHE_ENTRY: usize = 17;

/// A cache file whose length is not a whole number of entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("not an exact-score cache: {0} bytes is not a whole number of {CACHE_ENTRY}-byte entries")]
pub struct DamagedCache(pub usize);

impl ExactCache {
    /// Positions held.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether it holds nothing.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The exact score of `discs` (side to move first), if solved.
    pub fn get(&self, discs: Discs) -> Option<i32> {
        self.scores.get(&discs).map(|&s| i32::from(s))
    }

    /// Remembers the exact labels of `labelled` (those of positions within `exact_empties`).
    pub fn insert_exact(&mut self, labelled: &[Labelled], exact_empties: u32) {
        for &(discs, score) in labelled {
            if 64 - (discs.0 | discs.1).count_ones() <= exact_empties {
                self.scores.insert(discs, score as i8);
            }
        }
    }

    /// The file's bytes: entries sorted by position, each the two disc sets (little-endian)
    /// and the score.
    pub fn encode(&self) -> Vec<u8> {
        let mut entries: Vec<_> = self.scores.iter().collect();
        entries.sort_unstable();
        let mut bytes = Vec::with_capacity(entries.len() * CACHE_ENTRY);
        for (&(player, opponent), &score) in entries {
            bytes.extend_from_slice(&player.to_le_bytes());
            bytes.extend_from_slice(&opponent.to_le_bytes());
            bytes.push(score as u8);
        }
        bytes
    }

    /// Reads [`ExactCache::encode`]'s bytes.
    pub fn decode(bytes: &[u8]) -> Result<ExactCache, DamagedCache> {
        if !bytes.len().is_multiple_of(CACHE_ENTRY) {
            return Err(DamagedCache(bytes.len()));
        }
        let word = |b: &[u8]| u64::from_le_bytes(b.try_into().expect("eight bytes"));
        let scores = bytes
            .chunks_exact(CACHE_ENTRY)
            .map(|e| ((word(&e[0..8]), word(&e[8..16])), e[16] as i8))
            .collect();
        Ok(ExactCache { scores })
    }
}

/// Labels `positions` (in parallel, in order): exact at most [`Config::exact_empties`]
/// empty squares (from `cache` when it has them), else a [`Config::label_depth`]-ply search
/// with `weights`.
pub fn label(
    config: &Config,
    positions: &[Discs],
    weights: &Weights,
    cache: &ExactCache,
) -> Vec<Labelled> {
    positions
        .par_iter()
        .map_init(
            || None::<Solver>,
            |solver, &discs| {
                let p = position(discs);
                let empties = p.empty_squares().len() as u32;
                let score = if empties <= config.exact_empties {
                    cache.get(discs).unwrap_or_else(|| exact(solver, &p)) as f32
                } else {
                    searched(&p, config.label_depth, weights)
                };
                (discs, score)
            },
        )
        .collect()
}

/// Positions labelled between two looks at the clock by [`label_saving`].
const LABEL_CHUNK: usize = 2048;

/// How often the trainer saves the cache while it labels (see [`label_saving`]).
pub const SAVE_EVERY: std::time::Duration = std::time::Duration::from_secs(120);

/// [`label`], a chunk of positions at a time, putting each chunk's exact labels into
/// `cache` and handing it to `save` once `every` has passed since the last time (the
/// trainer uses [`SAVE_EVERY`]): exact labels cost up to seconds
/// each, and a run stopped while labelling (a time limit, a lent machine given back) then
/// keeps what it solved for the next run, which solves only the rest.
pub fn label_saving(
    config: &Config,
    positions: &[Discs],
    weights: &Weights,
    cache: &mut ExactCache,
    every: std::time::Duration,
    mut save: impl FnMut(&ExactCache),
) -> Vec<Labelled> {
    let mut labelled = Vec::with_capacity(positions.len());
    let mut saved = std::time::Instant::now();
    for chunk in positions.chunks(LABEL_CHUNK) {
        let chunk = label(config, chunk, weights, cache);
        cache.insert_exact(&chunk, config.exact_empties);
        labelled.extend(chunk);
        if saved.elapsed() >= every {
            save(cache);
            saved = std::time::Instant::now();
        }
    }
    labelled
}

/// The searched label of `position` in discs: a `depth`-ply search (at least one) with
/// `weights`. (The mean of a `depth`- and a `depth - 1`-ply search, meant to cancel a bias
/// towards the side to move, was tried and measured worse: 10.2 discs from the exact score
/// at 20-26 empties against 7.3; see `docs/othello-eval.md`.)
fn searched(position: &Position, depth: u32, weights: &Weights) -> f32 {
    negamax(
        position,
        depth.max(1),
        -MAX_EVAL - 1,
        MAX_EVAL + 1,
        Model::Learned(weights),
    ) as f32
        / DISC as f32
}

/// The exact score, with a solver made on first use (one per worker).
fn exact(solver: &mut Option<Solver>, position: &Position) -> i32 {
    let solver = solver.get_or_insert_with(|| {
        Solver::new(Options {
            table_bits: 20,
            ..Options::default()
        })
    });
    solver
        .solve(&position.with_strategy::<Fastest>(), Limits::NONE)
        .expect("a solve without limits finishes")
        .score
}

/// The mean absolute error of `model` against the labels, in discs (0 for no labels).
pub fn mean_absolute_error(labelled: &[Labelled], model: Model<'_>) -> f64 {
    let total: f64 = labelled
        .par_iter()
        .map(|&(discs, label)| {
            let value = model.evaluate(&position(discs)) as f32 / DISC as f32;
            f64::from((value - label).abs())
        })
        .sum();
    total / labelled.len().max(1) as f64
}

/// The longest the accuracy check spends solving one position.
pub const ACCURACY_SOLVE_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// The empty squares of the accuracy check's positions (the measure).
pub const ACCURACY_EMPTIES: std::ops::RangeInclusive<u32> = 20..=26;

/// [`Config::accuracy_positions`] positions of the held-out games with 20-26 empty squares
/// (a seeded sample), solved exactly, and the static errors of the fitted weights, the
/// starting ones and the hand-written evaluation on them. A position not solved within
/// [`ACCURACY_SOLVE_LIMIT`] is left out.
pub fn accuracy(
    config: &Config,
    games: &[Vec<Discs>],
    fitted: &Weights,
    start: &Weights,
    cache: &mut ExactCache,
) -> Accuracy {
    let mut candidates: Vec<Discs> = games
        .iter()
        .enumerate()
        .filter(|(index, _)| is_held_out(*index))
        .flat_map(|(_, game)| game.iter().copied())
        .filter(|discs| ACCURACY_EMPTIES.contains(&(64 - (discs.0 | discs.1).count_ones())))
        .collect();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed ^ 0xacc0_2a7e);
    candidates.shuffle(&mut rng);
    candidates.truncate(config.accuracy_positions);
    // Solved one by one with a time limit each, so that a few hard positions cannot hold
    // the run for long; positions not solved in time are left out (and counted).
    let labelled: Vec<Labelled> = candidates
        .par_iter()
        .map_init(
            || None::<Solver>,
            |solver, &discs| {
                if let Some(score) = cache.get(discs) {
                    return Some((discs, score as f32));
                }
                let solver = solver.get_or_insert_with(|| Solver::new(Options::default()));
                let solution = solver.solve(&position(discs), Limits::time(ACCURACY_SOLVE_LIMIT));
                solution.ok().map(|s| (discs, s.score as f32))
            },
        )
        .flatten()
        .collect();
    cache.insert_exact(&labelled, 64);
    Accuracy {
        positions: labelled.len(),
        fitted: mean_absolute_error(&labelled, Model::Learned(fitted)),
        start: mean_absolute_error(&labelled, Model::Learned(start)),
        hand: mean_absolute_error(&labelled, Model::Hand),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::random::endgame_corpus;

    /// Labelling in chunks gives the labels [`label`] gives, and every save holds every
    /// exact label solved so far: what a run stopped part-way keeps.
    #[test]
    fn labelling_in_chunks_saves_the_exact_labels_as_it_goes() {
        let config = Config {
            exact_empties: 8,
            label_depth: 1,
            ..Config::smoke()
        };
        let weights = Weights::zero();
        let positions: Vec<Discs> = endgame_corpus(LABEL_CHUNK + 300, 6..=10, 5)
            .iter()
            .map(|p| (p.player().bits(), p.opponent().bits()))
            .collect();
        let whole = label(&config, &positions, &weights, &ExactCache::default());
        let mut cache = ExactCache::default();
        let mut saves = Vec::new();
        let chunked = label_saving(
            &config,
            &positions,
            &weights,
            &mut cache,
            std::time::Duration::ZERO,
            |cache| saves.push(cache.len()),
        );
        assert_eq!(chunked, whole);
        let exact = |labels: &[Labelled]| {
            let mut c = ExactCache::default();
            c.insert_exact(labels, config.exact_empties);
            c.len()
        };
        assert!(exact(&whole) > 0 && exact(&whole) < whole.len());
        assert_eq!(saves, [exact(&whole[..LABEL_CHUNK]), exact(&whole)]);
        assert_eq!(cache.len(), exact(&whole));
    }

    #[test]
    fn the_cache_round_trips_and_refuses_a_torn_file() {
        let mut cache = ExactCache::default();
        cache.insert_exact(&[((1, 2), -12.0), ((4, 8), 30.0), ((1 << 63, 3), 0.0)], 64);
        let bytes = cache.encode();
        assert_eq!(ExactCache::decode(&bytes), Ok(cache.clone()));
        assert_eq!(cache.get((1, 2)), Some(-12));
        assert_eq!(
            ExactCache::decode(&bytes[1..]),
            Err(DamagedCache(3 * CACHE_ENTRY - 1))
        );
    }

    /// With a full-width search to the end, the search label is the exact score.
    #[test]
    fn a_search_to_the_end_is_the_exact_score() {
        let config = Config {
            exact_empties: 0,
            label_depth: 30,
            ..Config::smoke()
        };
        let zero = Weights::zero();
        for p in endgame_corpus(20, 7..=8, 5) {
            let discs = (p.player().bits(), p.opponent().bits());
            let searched = label(&config, &[discs], &zero, &ExactCache::default())[0].1;
            let exact = crate::solver::solve(&p, Limits::NONE).unwrap().score;
            assert_eq!(searched, exact as f32, "{p}");
        }
    }
}
