//! Fits the weights of `bitgames_othello::patterns` and writes them to a file:
//!
//! ```text
//! cargo run --release -p bitgames-othello --example train_patterns -- OUT [SAMPLES]
//! ```
//!
//! (`cargo xtask patterns` runs it with `OUT` =
//! `crates/othello/data/othello-patterns.bin`.)
//!
//! 1. **Samples:** [`SAMPLES`] random reachable positions with [`EMPTIES`] empty squares
//!    ([`endgame_corpus`], seed [`SEED`]), each solved exactly by the endgame solver on
//!    [`THREADS`] threads. The score is exact, so the labels do not depend on the weights the
//!    solver orders its moves with. With `SAMPLES` (a file path), the solved samples are
//!    read from there when it exists and written there otherwise, to refit without solving.
//! 2. **Fit:** least squares by stochastic gradient descent over the first 90% of the
//!    samples, in order, [`EPOCHS`] epochs with a linearly decaying step; every weight
//!    starts at zero. Everything is deterministic: the same code writes the same file.
//! 3. **Check:** the root-mean-square error on the last 10%, printed next to that of the
//!    hand-written evaluation (`bitgames_othello::eval`) on the same positions; the run
//!    fails if the fit is not the better of the two.

use std::path::Path;
use std::time::Instant;

use bitgames_othello::eval::{DISC, evaluate};
use bitgames_othello::patterns::{FILE_MAGIC, WEIGHT_COUNT, for_each_feature, twins};
use bitgames_othello::random::endgame_corpus;
use bitgames_othello::solver::{Limits, Solver};
use bitgames_othello::{Bitboard, Fastest, Kernels, Position};
use bitgames_search::Player;

/// Positions solved.
const SAMPLES: usize = 100_000;
/// The corpus seed.
const SEED: u64 = 2;
/// The empty squares of the positions.
const EMPTIES: std::ops::RangeInclusive<u32> = 12..=18;
/// Solver threads.
const THREADS: usize = 2;
/// Passes over the training samples.
const EPOCHS: usize = 12;

/// A solved position: the side to move's discs, the opponent's, both mobilities and the
/// exact score.
#[derive(Clone, Copy)]
struct Sample {
    player: Bitboard,
    opponent: Bitboard,
    player_moves: u32,
    opponent_moves: u32,
    score: i8,
}

impl Sample {
    /// Calls `feature` with the index of every weight of the sample's position.
    fn features(&self, feature: impl FnMut(usize)) {
        let (p, o) = (self.player, self.opponent);
        for_each_feature(p, o, self.player_moves, self.opponent_moves, feature);
    }
}

/// The bytes of one sample in the samples file.
const SAMPLE_BYTES: usize = 8 + 8 + 1 + 1 + 1;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(out) = args.first() else {
        return Err("usage: train_patterns OUT [SAMPLES]".into());
    };
    let started = Instant::now();
    let samples = match args.get(1) {
        Some(path) if Path::new(path).exists() => read_samples(Path::new(path))?,
        cache => {
            let samples = solve_samples();
            if let Some(path) = cache {
                write_samples(Path::new(path), &samples)?;
            }
            samples
        }
    };
    eprintln!(
        "{} samples in {:.1} s",
        samples.len(),
        started.elapsed().as_secs_f64()
    );
    let (train, test) = samples.split_at(samples.len() * 9 / 10);
    let weights = fit(train);
    let fitted = rmse(test, |s| {
        let mut sum = 0.0;
        s.features(|i| sum += weights[i]);
        sum
    });
    let hand = rmse(test, |s| {
        let position = position_of(s);
        evaluate(&position) as f32 / DISC as f32
    });
    eprintln!("held-out error (discs, rms): fitted {fitted:.2}, hand-written {hand:.2}");
    if fitted >= hand {
        return Err("the fit is no better than the hand-written evaluation".into());
    }
    let mut bytes = FILE_MAGIC.to_vec();
    for &w in &weights {
        // Hundredths of a disc.
        let scaled = (w * DISC as f32)
            .round()
            .clamp(i16::MIN.into(), i16::MAX.into());
        bytes.extend_from_slice(&(scaled as i16).to_le_bytes());
    }
    std::fs::write(out, bytes).map_err(|e| format!("writing {out}: {e}"))
}

/// The corpus, solved on [`THREADS`] threads (each with its own solver), in corpus order.
fn solve_samples() -> Vec<Sample> {
    let positions = endgame_corpus(SAMPLES, EMPTIES, SEED);
    let chunk = positions.len().div_ceil(THREADS);
    std::thread::scope(|scope| {
        let workers: Vec<_> = positions
            .chunks(chunk)
            .map(|positions| {
                scope.spawn(move || {
                    let mut solver = Solver::default();
                    positions
                        .iter()
                        .map(|position| {
                            let solution = solver
                                .solve(position, Limits::NONE)
                                .expect("a solve without limits finishes");
                            sample(position, solution.score)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a solver thread panicked"))
            .collect()
    })
}

fn sample(position: &Position, score: i32) -> Sample {
    let (player, opponent) = (position.player(), position.opponent());
    Sample {
        player,
        opponent,
        player_moves: Fastest::legal_moves(player, opponent).len() as u32,
        opponent_moves: Fastest::legal_moves(opponent, player).len() as u32,
        score: score as i8,
    }
}

fn position_of(s: &Sample) -> Position {
    Position::from_discs(s.player, s.opponent, Player::First).expect("disjoint discs")
}

/// Least squares by stochastic gradient descent: each sample moves each of its weights by
/// the step times the error. Twin weights ([`twins`]) are one parameter, so the fitted
/// evaluation is the same in all eight symmetries.
fn fit(train: &[Sample]) -> Vec<f32> {
    let twins = twins();
    let parameter: Vec<usize> = (0..WEIGHT_COUNT).map(|i| i.min(twins[i])).collect();
    let mut weights = vec![0f32; WEIGHT_COUNT];
    let mut features = Vec::with_capacity(96);
    for epoch in 0..EPOCHS {
        let step = 0.0005 + 0.004 * (1.0 - epoch as f32 / EPOCHS as f32);
        let mut squares = 0f64;
        for s in train {
            features.clear();
            s.features(|i| features.push(parameter[i]));
            let predicted: f32 = features.iter().map(|&i| weights[i]).sum();
            let error = f32::from(s.score) - predicted;
            squares += f64::from(error * error);
            for &i in &features {
                weights[i] += step * error;
            }
        }
        eprintln!(
            "epoch {epoch}: training error (discs, rms) {:.2}",
            (squares / train.len() as f64).sqrt()
        );
    }
    (0..WEIGHT_COUNT).map(|i| weights[parameter[i]]).collect()
}

fn rmse(samples: &[Sample], predict: impl Fn(&Sample) -> f32) -> f32 {
    let squares: f64 = samples
        .iter()
        .map(|s| f64::from(f32::from(s.score) - predict(s)).powi(2))
        .sum();
    (squares / samples.len() as f64).sqrt() as f32
}

fn read_samples(path: &Path) -> Result<Vec<Sample>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    if bytes.len() % SAMPLE_BYTES != 0 {
        return Err(format!("{}: not a samples file", path.display()));
    }
    Ok(bytes
        .chunks_exact(SAMPLE_BYTES)
        .map(|c| Sample {
            player: Bitboard::from_bits_truncate(u64::from_le_bytes(
                c[0..8].try_into().expect("8 bytes"),
            )),
            opponent: Bitboard::from_bits_truncate(u64::from_le_bytes(
                c[8..16].try_into().expect("8 bytes"),
            )),
            player_moves: c[16].into(),
            opponent_moves: c[17].into(),
            score: c[18] as i8,
        })
        .collect())
}

fn write_samples(path: &Path, samples: &[Sample]) -> Result<(), String> {
    let mut bytes = Vec::with_capacity(samples.len() * SAMPLE_BYTES);
    for s in samples {
        bytes.extend_from_slice(&s.player.bits().to_le_bytes());
        bytes.extend_from_slice(&s.opponent.bits().to_le_bytes());
        bytes.extend_from_slice(&[s.player_moves as u8, s.opponent_moves as u8, s.score as u8]);
    }
    std::fs::write(path, bytes).map_err(|e| format!("writing {}: {e}", path.display()))
}
