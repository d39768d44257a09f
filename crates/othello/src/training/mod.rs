//! The training pipeline of the learned evaluation ([`crate::learned`]): self-play, labels,
//! a fit per phase, and the held-out error. `cargo xtask train-eval` runs it (through
//! `examples/train_eval.rs`, which writes the weights file and its manifest);
//! `cargo xtask train-eval --smoke` runs [`Config::smoke`] in about a minute.
//!
//! # The steps
//!
//! 1. **Self-play** ([`selfplay`]): [`Config::games`] games, each from its own seed: a
//!    random opening of 4 to 10 uniformly random plies, then every move the best of a
//!    [`Config::play_depth`]-ply search with the starting model, or with probability
//!    [`Config::random_moves`] a uniformly random one. Games run in parallel on every core
//!    (rayon); the same seed gives the same games on any number of cores. Every position
//!    that is not over is kept once (the first game that reaches it). The games can also
//!    be played elsewhere, a range of game indices each (Ray tasks of
//!    `python -m bitgames.distributed train-games`), and put together from a
//!    [`games_file`] ([`run_on_games`]).
//! 2. **Split**: the positions of every tenth game are held out; the rest are training
//!    positions. Each phase keeps at most [`Config::per_phase`] of them (a seeded sample).
//! 3. **Labels**, phase by phase from the end of the game back ([`label`]):
//!    - positions with at most [`Config::exact_empties`] empty squares: the exact final disc
//!      difference from the endgame solver ([`crate::solver`]);
//!    - above: the score of a [`Config::label_depth`]-ply alpha-beta search whose leaves are
//!      evaluated with the weights fitted so far in this run (the phases nearer the end,
//!      already fitted when their turn came) or exactly when the game ends inside it.
//! 4. **Fit** ([`fit`]), each phase once its labels are in: stochastic gradient descent in a
//!    seeded order, and weighted least squares solved by conjugate gradient (each label
//!    weighted towards a least-absolute-deviations fit), the one with the lower held-out
//!    error kept ([`Config::fits`]), each starting from the
//!    phase's current weights (the starting model's) or, from scratch, from the fitted
//!    neighbour nearer the end, with an L2 pull back to where it started (so neighbouring
//!    phases agree and rare patterns keep their prior). Twin weights (a pattern's
//!    reflection) are one parameter.
//! 5. **Held-out error**: the mean absolute error in discs per phase on the held-out
//!    positions, labelled the same way, of the fitted weights, the starting ones, untrained
//!    (all-zero) ones and the hand-written evaluation ([`crate::eval`]); and, on
//!    [`Config::accuracy_positions`] held-out positions with 20 to 26 empty squares solved
//!    exactly, the same errors against the exact score.
//!
//! Everything but the wall-clock times is a function of the [`Config`] and the starting
//! weights.

pub mod fit;
pub mod games_file;
pub mod label;
pub mod selfplay;

use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::learned::{PHASE_COUNT, Weights, phase};
pub use label::{ExactCache, Model};

/// What a training run does.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Self-play games.
    pub games: usize,
    /// The seed of everything random (games, samples, the fit's order).
    pub seed: u64,
    /// The search depth of self-play moves.
    pub play_depth: u32,
    /// The probability of a uniformly random move in self-play.
    pub random_moves: f64,
    /// Positions with at most this many empty squares are labelled by the exact solver.
    pub exact_empties: u32,
    /// The search depth of the labels above [`Config::exact_empties`].
    pub label_depth: u32,
    /// The most training positions per phase.
    pub per_phase: usize,
    /// Held-out positions with 20-26 empty squares solved exactly for the accuracy check
    /// (0: none).
    pub accuracy_positions: usize,
    /// The fits tried on each phase; the one with the lowest held-out error is kept (and
    /// the starting weights if none beats them, when resuming).
    pub fits: Vec<fit::FitMethod>,
    /// Passes of gradient descent per phase ([`fit::FitMethod::Sgd`]).
    pub epochs: usize,
    /// The L2 pull towards each phase's starting weights, per update
    /// ([`fit::FitMethod::Sgd`]).
    pub regularisation: f32,
    /// The pull of each weight towards its starting value, in labels' worth
    /// ([`fit::FitMethod::WeightedLeastSquares`]).
    pub prior_samples: f32,
    /// Phases below this one are neither labelled nor fitted: they keep the starting
    /// weights (a run that refits only the phases above an exact boundary it moved).
    pub first_phase: usize,
    /// Phases above this one are neither labelled nor fitted either (a run that refits only
    /// the phases next to an exact boundary it moved, keeping the better-fed ones above).
    pub last_phase: usize,
}

impl Config {
    /// The real run: about an hour on two cores.
    pub fn full() -> Config {
        Config {
            games: 30_000,
            seed: 1,
            play_depth: 3,
            random_moves: 0.1,
            exact_empties: 20,
            label_depth: 4,
            per_phase: 80_000,
            accuracy_positions: 120,
            fits: vec![fit::FitMethod::Sgd, fit::FitMethod::WeightedLeastSquares],
            epochs: 10,
            regularisation: 0.0005,
            prior_samples: 64.0,
            first_phase: 0,
            last_phase: PHASE_COUNT - 1,
        }
    }

    /// The smoke run of the test suite: tiny data, about a minute.
    pub fn smoke() -> Config {
        Config {
            games: 2_000,
            seed: 1,
            play_depth: 2,
            random_moves: 0.1,
            exact_empties: 14,
            label_depth: 4,
            per_phase: 4_000,
            accuracy_positions: 0,
            fits: vec![fit::FitMethod::Sgd, fit::FitMethod::WeightedLeastSquares],
            epochs: 6,
            regularisation: 0.0005,
            prior_samples: 64.0,
            first_phase: 0,
            last_phase: PHASE_COUNT - 1,
        }
    }
}

/// The held-out errors of one phase (mean absolute, in discs).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PhaseReport {
    /// Training positions.
    pub train: usize,
    /// Held-out positions.
    pub held_out: usize,
    /// Whether the labels are exact (else searched).
    pub exact_labels: bool,
    /// Whether the fit was worse than the starting weights on the held-out positions, so
    /// the phase kept its starting weights.
    pub kept_start: bool,
    /// The fit kept (the best of [`Config::fits`] on the held-out positions), `None` where
    /// the phase was not fitted or kept its starting weights.
    pub fit: Option<fit::FitMethod>,
    /// The error of the phase's weights as shipped: the fit's, or the starting weights'
    /// where it kept them.
    pub fitted: f64,
    /// Where the phase kept its starting weights, the error of the fit it rejected (so a
    /// run says by how much the fit lost, not only that it did).
    pub rejected_fit: Option<f64>,
    /// The starting weights' error.
    pub start: f64,
    /// All-zero weights' error.
    pub untrained: f64,
    /// The hand-written evaluation's error.
    pub hand: f64,
}

/// The errors against exact scores at 20-26 empties (mean absolute, in discs).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Accuracy {
    /// Positions solved (those drawn, less any not solved within
    /// [`label::ACCURACY_SOLVE_LIMIT`]).
    pub positions: usize,
    /// The fitted weights' error.
    pub fitted: f64,
    /// The starting weights' error.
    pub start: f64,
    /// The hand-written evaluation's error.
    pub hand: f64,
}

/// What a run produced.
#[derive(Debug, Clone)]
pub struct Report {
    /// The fitted weights.
    pub weights: Weights,
    /// Per phase.
    pub phases: Vec<PhaseReport>,
    /// The accuracy check, if any.
    pub accuracy: Option<Accuracy>,
    /// Distinct positions self-play reached.
    pub positions: usize,
    /// Seconds per step: self-play, labels and fit, accuracy.
    pub seconds: [f64; 3],
}

impl Report {
    /// The mean absolute errors over every held-out position: fitted, starting, untrained.
    pub fn overall(&self) -> (f64, f64, f64) {
        let total: usize = self.phases.iter().map(|p| p.held_out).sum();
        let mean = |f: fn(&PhaseReport) -> f64| {
            self.phases
                .iter()
                .map(|p| f(p) * p.held_out as f64)
                .sum::<f64>()
                / total.max(1) as f64
        };
        (mean(|p| p.fitted), mean(|p| p.start), mean(|p| p.untrained))
    }
}

/// Runs the pipeline from `start` (the weights self-play plays with and each phase's fit
/// starts from; `None` plays with the hand-written evaluation and fits from scratch).
/// `progress` hears one line per step, and `checkpoint` gets the weights and the cache after
/// each phase's fit and every few minutes while exact labels are solved: phases not yet
/// fitted still hold the starting weights, so every checkpoint is a usable model (what a
/// run cut short by its time limit leaves behind), and its cache keeps the labels solved.
///
/// Exact labels come from `cache` when it holds them, and every exact label the run solves
/// goes into it.
pub fn run(
    config: &Config,
    start: Option<&Weights>,
    cache: &mut ExactCache,
    progress: impl FnMut(&str),
    checkpoint: impl FnMut(&Weights, &ExactCache),
) -> Report {
    let clock = Instant::now();
    let play_model = match start {
        Some(weights) => Model::Learned(weights),
        None => Model::Hand,
    };
    let games = selfplay::play_range(config, play_model, 0..config.games);
    let seconds = clock.elapsed().as_secs_f64();
    run_on_games(config, games, seconds, start, cache, progress, checkpoint)
}

/// [`run`] on games played beforehand (by [`selfplay::play_range`] here, or by workers
/// elsewhere and read from a [`games_file`]), each with all its positions in order;
/// `selfplay_seconds` is the time they took. Each position is kept only in the first game
/// that reaches it, as [`selfplay::play`] keeps them.
pub fn run_on_games(
    config: &Config,
    games: Vec<Vec<Discs>>,
    selfplay_seconds: f64,
    start: Option<&Weights>,
    cache: &mut ExactCache,
    mut progress: impl FnMut(&str),
    mut checkpoint: impl FnMut(&Weights, &ExactCache),
) -> Report {
    let games = selfplay::distinct(games);
    let positions = games.iter().map(Vec::len).sum();
    let (train, held_out) = split(config, &games);
    progress(&format!(
        "self-play: {} games, {positions} distinct positions, {selfplay_seconds:.1} s",
        games.len(),
    ));

    let clock = Instant::now();
    let start_weights = start.cloned().unwrap_or_else(Weights::zero);
    let mut weights = start_weights.clone();
    let untrained = Weights::zero();
    let mut phases = Vec::with_capacity(PHASE_COUNT);
    for p in 0..PHASE_COUNT {
        if p < config.first_phase || p > config.last_phase {
            phases.push(PhaseReport {
                kept_start: true,
                ..PhaseReport::default()
            });
            continue;
        }
        let exact = crate::learned::phase_empties(p).all(|empties| empties <= config.exact_empties);
        let mut save = |cache: &ExactCache| checkpoint(&weights, cache);
        let every = label::SAVE_EVERY;
        let train_labels =
            label::label_saving(config, &train[p], &weights, cache, every, &mut save);
        let held_labels =
            label::label_saving(config, &held_out[p], &weights, cache, every, &mut save);
        if start.is_none() && p > 0 {
            // From scratch: start where the neighbour nearer the end ended.
            let previous = weights.phase(p - 1).to_vec();
            weights.phase_mut(p).copy_from_slice(&previous);
        }
        let error = |model: Model| label::mean_absolute_error(&held_labels, model);
        // Each fit from the same weights; the best on the held-out positions is kept.
        let before = weights.phase(p).to_vec();
        let mut best: Option<(f64, Vec<i16>, fit::FitMethod)> = None;
        for &method in &config.fits {
            weights.phase_mut(p).copy_from_slice(&before);
            fit::fit_phase(config, method, p, &train_labels, &mut weights);
            let held_out = error(Model::Learned(&weights));
            if best.as_ref().is_none_or(|(least, ..)| held_out < *least) {
                best = Some((held_out, weights.phase(p).to_vec(), method));
            }
        }
        let mut chosen = None;
        if let Some((_, values, method)) = &best {
            weights.phase_mut(p).copy_from_slice(values);
            chosen = Some(*method);
        }
        let start_error = error(Model::Learned(&start_weights));
        let mut fitted = error(Model::Learned(&weights));
        let mut kept_start = false;
        let mut rejected_fit = None;
        if start.is_some() && fitted > start_error {
            // A resumed run whose fit is worse on the held-out positions than the weights
            // it started from (too little data for the phase) keeps the phase's starting
            // weights: a run never makes a phase worse.
            let previous = start_weights.phase(p).to_vec();
            weights.phase_mut(p).copy_from_slice(&previous);
            kept_start = true;
            rejected_fit = Some(fitted);
            fitted = start_error;
            chosen = None;
        }
        let report = PhaseReport {
            train: train_labels.len(),
            held_out: held_labels.len(),
            exact_labels: exact,
            kept_start,
            fit: chosen,
            fitted,
            rejected_fit,
            start: start_error,
            untrained: error(Model::Learned(&untrained)),
            hand: error(Model::Hand),
        };
        progress(&format!(
            "phase {p:2} ({:2}-{:2} empties, {} labels): {} train, {} held out; error (discs) fitted {:.2}{}{}, start {:.2}, untrained {:.2}, hand {:.2}",
            crate::learned::phase_empties(p).start(),
            crate::learned::phase_empties(p).end(),
            if exact { "exact" } else { "searched" },
            report.train,
            report.held_out,
            report.fitted,
            match report.fit {
                Some(method) => format!(" ({method})"),
                None => String::new(),
            },
            match report.rejected_fit {
                Some(fit) => format!(" (kept the start: the fit's was {fit:.2})"),
                None => String::new(),
            },
            report.start,
            report.untrained,
            report.hand,
        ));
        phases.push(report);
        checkpoint(&weights, cache);
    }
    let fit_seconds = clock.elapsed().as_secs_f64();

    let clock = Instant::now();
    let accuracy = (config.accuracy_positions > 0).then(|| {
        let accuracy = label::accuracy(config, &games, &weights, &start_weights, cache);
        progress(&format!(
            "accuracy at 20-26 empties ({} positions solved): fitted {:.2}, start {:.2}, hand {:.2} discs",
            accuracy.positions, accuracy.fitted, accuracy.start, accuracy.hand
        ));
        accuracy
    });
    Report {
        weights,
        phases,
        accuracy,
        positions,
        seconds: [selfplay_seconds, fit_seconds, clock.elapsed().as_secs_f64()],
    }
}

/// A position as the trainer keeps it: the side to move's discs and the opponent's.
pub type Discs = (u64, u64);

/// Whether game `index` is held out.
pub(crate) fn is_held_out(index: usize) -> bool {
    index % 10 == 9
}

/// Training and held-out positions per phase, each phase a seeded sample of at most
/// [`Config::per_phase`] (a ninth of that held out).
fn split(config: &Config, games: &[Vec<Discs>]) -> (Vec<Vec<Discs>>, Vec<Vec<Discs>>) {
    let mut train = vec![Vec::new(); PHASE_COUNT];
    let mut held_out = vec![Vec::new(); PHASE_COUNT];
    for (index, game) in games.iter().enumerate() {
        let into = if is_held_out(index) {
            &mut held_out
        } else {
            &mut train
        };
        for &discs in game {
            let empties = 64 - (discs.0 | discs.1).count_ones();
            into[phase(empties)].push(discs);
        }
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(config.seed ^ SPLIT_SEED);
    for (positions, cap) in train.iter_mut().map(|p| (p, config.per_phase)).chain(
        held_out
            .iter_mut()
            .map(|p| (p, config.per_phase.div_ceil(9))),
    ) {
        if positions.len() > cap {
            positions.shuffle(&mut rng);
            positions.truncate(cap);
        }
    }
    (train, held_out)
}

/// Mixed into the split's seed, so that it draws differently from self-play.
const SPLIT_SEED: u64 = 0x5eed_0005_9117;

#[cfg(test)]
mod tests {
    use super::*;

    /// `first_phase..=last_phase` are the only phases labelled and fitted: every other one
    /// keeps the starting weights and says so.
    #[test]
    fn a_run_fits_only_its_phases() {
        let config = Config {
            games: 40,
            per_phase: 200,
            first_phase: 12,
            last_phase: 13,
            ..Config::smoke()
        };
        let start = Weights::checked_in();
        let games = selfplay::play_range(&config, Model::Learned(start), 0..config.games);
        let report = run_on_games(
            &config,
            games,
            0.0,
            Some(start),
            &mut ExactCache::default(),
            |_| {},
            |_, _| {},
        );
        for p in 0..PHASE_COUNT {
            let fitted = (12..=13).contains(&p);
            let phase = &report.phases[p];
            assert_eq!(phase.train > 0, fitted, "phase {p}");
            if !fitted {
                assert!(phase.kept_start, "phase {p}");
                assert_eq!(phase.rejected_fit, None, "phase {p}: nothing was fitted");
                assert_eq!(report.weights.phase(p), start.phase(p), "phase {p}");
            } else if phase.kept_start {
                // A fit on 200 positions rarely beats the checked-in weights: where it lost,
                // the report keeps the start's error and says what the fit's was.
                let rejected = phase.rejected_fit.expect("a rejected fit's error");
                assert!(
                    rejected > phase.start,
                    "phase {p}: {rejected} <= {}",
                    phase.start
                );
                assert_eq!(phase.fitted, phase.start, "phase {p}");
                assert_eq!(report.weights.phase(p), start.phase(p), "phase {p}");
            } else {
                assert_eq!(phase.rejected_fit, None, "phase {p}");
            }
        }
    }
}
