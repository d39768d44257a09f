//! Every kernel operation of a game, run by every strategy on one position: the answer as
//! squares, each strategy's time, and whether it agrees with the naive oracle. What the web
//! app's Kernels page and `bitgames.kernels` in Python show.
//!
//! The operations are the game crates' own registered lists (`operations::kernels()`, the
//! same ones `bitgames compare`, the criterion benches and the tests use), so a new
//! operation appears here without a line written for it.

use std::hint::black_box;
use web_time::{Duration, Instant};

use bitgames_bitboard::harness::{Answer, Kernel, operations};
use serde::Serialize;

use crate::{AnyPosition, amazons, othello, santorini};

/// One operation run by every strategy on one question.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OperationRun {
    /// The operation's registered name, e.g. `legal_moves`.
    pub operation: &'static str,
    /// What was asked, e.g. `the side to move, move d3`.
    pub question: String,
    /// The oracle's answer as squares: one list per layer (layer `k` holds the squares at
    /// distance `k` for distance layers); empty when the answer is a count.
    pub layers: Vec<Vec<String>>,
    /// The oracle's answer when it is a count.
    pub count: Option<u64>,
    /// Every strategy's run, in the game's order (the naive oracle first).
    pub timings: Vec<StrategyRun>,
}

/// One strategy's run of one operation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StrategyRun {
    /// The strategy's label (its name; for Santorini's bitboard forms, `<name>-core`).
    pub strategy: String,
    /// Mean time per call over `budget` of calls.
    pub ns_per_call: f64,
    /// Whether its answer equals the oracle's.
    pub agrees: bool,
}

/// Runs every registered operation of `position`'s game with every strategy on the question
/// the position asks (see each game's `KernelInstance::from_position`), timing each for
/// about `budget`. Empty when the position asks none (an Othello side with no move, a
/// Santorini side with no worker placed).
pub fn run_kernels(position: &AnyPosition, budget: Duration) -> Vec<OperationRun> {
    match position {
        AnyPosition::Othello(p) => othello::random::KernelInstance::from_position(p)
            .map(|instance| run(&othello::operations::kernels(), &instance, budget)),
        AnyPosition::Amazons(p) => amazons::random::KernelInstance::from_position(p)
            .map(|instance| run(&amazons::operations::kernels(), &instance, budget)),
        AnyPosition::Santorini(p) => santorini::instances::Instance::from_position(p)
            .map(|instance| run(&santorini::operations::kernels(), &instance, budget)),
    }
    .unwrap_or_default()
}

/// Whether `position` asks the kernels a question, that is whether [`run_kernels`] has
/// anything to run on it.
pub fn asks_question(position: &AnyPosition) -> bool {
    match position {
        AnyPosition::Othello(p) => othello::random::KernelInstance::from_position(p).is_some(),
        AnyPosition::Amazons(p) => amazons::random::KernelInstance::from_position(p).is_some(),
        AnyPosition::Santorini(p) => santorini::instances::Instance::from_position(p).is_some(),
    }
}

/// A random position of `game` that asks the kernels a question: [`AnyPosition::random`]'s
/// walk, drawn again from `rng` past positions that ask none. About 2% of Othello's walks
/// end with the side to move unable to move, and 5% of Santorini's before both workers
/// are placed, and a page showing "a random position's kernels" should show some. The
/// draws are bounded (the last one is returned, asking nothing, if every draw fails), so
/// a game whose walks never ask cannot hang the caller.
pub fn random_position<R: rand::Rng + ?Sized>(
    game: crate::GameName,
    rng: &mut R,
) -> Result<AnyPosition, crate::Error> {
    const DRAWS: usize = 1_000;
    let mut position = AnyPosition::random(game, rng)?;
    for _ in 1..DRAWS {
        if asks_question(&position) {
            break;
        }
        position = AnyPosition::random(game, rng)?;
    }
    Ok(position)
}

fn run<I: std::fmt::Debug + std::fmt::Display>(
    kernels: &[Kernel<I>],
    instance: &I,
    budget: Duration,
) -> Vec<OperationRun> {
    operations(kernels)
        .into_iter()
        .filter_map(|operation| {
            let mut runs = kernels
                .iter()
                .filter(|k| k.operation == operation)
                .peekable();
            let oracle = *runs.peek()?;
            let (layers, count) = match oracle.answer(instance) {
                Answer::Layers(layers) => (layers, None),
                Answer::Count(count) => (Vec::new(), Some(count)),
            };
            let timings = runs
                .map(|kernel| StrategyRun {
                    strategy: kernel.strategy.clone(),
                    ns_per_call: ns_per_call(budget, || {
                        kernel.pass(std::slice::from_ref(instance))
                    }),
                    agrees: kernel.check(instance).is_ok()
                        && kernel.answer(instance) == oracle.answer(instance),
                })
                .collect();
            Some(OperationRun {
                operation,
                question: instance.to_string(),
                layers,
                count,
                timings,
            })
        })
        .collect()
}

/// Calls `pass` (one call) repeatedly for about `budget`; the mean nanoseconds per call.
fn ns_per_call(budget: Duration, mut pass: impl FnMut() -> u64) -> f64 {
    const BATCH: u64 = 64;
    black_box(pass());
    let start = Instant::now();
    let mut calls = 0u64;
    loop {
        for _ in 0..BATCH {
            black_box(pass());
        }
        calls += BATCH;
        if start.elapsed() >= budget {
            break;
        }
    }
    start.elapsed().as_nanos() as f64 / calls as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameName;

    /// Seed 38 draws an Othello position whose side to move has no move and seed 13 a
    /// Santorini one before the workers are placed (found by scanning seeds): the kernels
    /// page once showed nothing for them.
    #[test]
    fn random_positions_always_ask_a_question() {
        use rand::SeedableRng;
        use rand_xoshiro::Xoshiro256PlusPlus;
        for (game, seed) in [(GameName::Othello, 38), (GameName::Santorini, 13)] {
            let walk = AnyPosition::random(game, &mut Xoshiro256PlusPlus::seed_from_u64(seed));
            assert!(!asks_question(&walk.unwrap()), "{game:?} seed {seed}");
        }
        for game in [GameName::Othello, GameName::Santorini, GameName::Amazons] {
            for seed in 0..300 {
                let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
                let position = random_position(game, &mut rng).unwrap();
                assert!(asks_question(&position), "{game:?} seed {seed}: {position}");
                let runs = run_kernels(&position, Duration::ZERO);
                assert!(!runs.is_empty(), "{game:?} seed {seed}: {position}");
            }
        }
    }

    #[test]
    fn every_registered_operation_is_run_by_every_strategy_and_agrees() {
        let budget = Duration::from_micros(50);
        let othello = AnyPosition::start(GameName::Othello).unwrap();
        let runs = run_kernels(&othello, budget);
        let names: Vec<&str> = runs.iter().map(|r| r.operation).collect();
        assert_eq!(
            names,
            ["legal_moves", "flips", "count_replies", "count_last_flips"]
        );
        // Black's moves from the start: d3, c4, f5, e6; the first, d3, flips d4.
        assert_eq!(runs[0].layers, [["d3", "c4", "f5", "e6"]]);
        assert_eq!(runs[0].question, "the side to move, move d3");
        assert_eq!(runs[1].layers, [["d4"]]);
        // Perft 2 from the start: 4 moves with 3 replies each.
        assert_eq!(runs[2].count, Some(12));
        // Black on d3 with every other empty square White's: only d4 (d5 is Black's; no
        // other line from d3 reaches a black disc).
        assert_eq!(runs[3].count, Some(1));
        let strategies = crate::strategies(GameName::Othello).len();
        for run in &runs {
            assert_eq!(run.timings.len(), strategies, "{}", run.operation);
            assert!(run.timings.iter().all(|t| t.agrees && t.ns_per_call > 0.0));
        }

        for game in [GameName::Santorini, GameName::Amazons] {
            let mut rng = <rand_xoshiro::Xoshiro256PlusPlus as rand::SeedableRng>::seed_from_u64(3);
            let position = loop {
                let position = AnyPosition::random(game, &mut rng).unwrap();
                if !run_kernels(&position, budget).is_empty() {
                    break position;
                }
            };
            let runs = run_kernels(&position, budget);
            assert!(runs.len() >= 2, "{game}");
            for run in runs {
                assert!(
                    run.timings.iter().all(|t| t.agrees),
                    "{game} {}",
                    run.operation
                );
                assert!(!run.layers.is_empty(), "{game} {}", run.operation);
            }
        }
    }
}
