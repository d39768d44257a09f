//! One group per registered operation (`othello/legal_moves`, `othello/flips`,
//! `othello/count_replies`, ...): every strategy over a fixed corpus of random reachable
//! positions (and one legal move of each); `othello/perft` from the start; and
//! `othello/evaluate`: the static evaluations an engine can search with (the hand-written
//! terms, the endgame patterns, the learned evaluation per phase), per position.

use std::hint::black_box;

use bitgames_benches::bench_operations;
use bitgames_othello::kernels::{StrategyVisitor, for_each_strategy};
use bitgames_othello::learned::Weights;
use bitgames_othello::operations;
use bitgames_othello::random::{corpus, kernel_instances};
use bitgames_othello::{Fastest, Kernels, Position};
use bitgames_search::perft;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};

const SEED: u64 = 1;
const INSTANCES: usize = 10_000;

/// Perft 7 (55,092 leaves) from the start, so strategies compare inside the game loop too.
struct Perft<'a, 'c>(&'a mut BenchmarkGroup<'c, WallTime>);

impl StrategyVisitor for Perft<'_, '_> {
    fn visit<S: Kernels>(&mut self) {
        let start = Position::start().with_strategy::<S>();
        self.0
            .bench_function(S::NAME, |b| b.iter(|| perft(black_box(&start), 7)));
    }
}

fn kernels(c: &mut Criterion) {
    let instances = kernel_instances(INSTANCES, SEED);
    bench_operations(c, "othello", &instances, &operations::kernels());

    let mut group = c.benchmark_group("othello/perft");
    group.throughput(Throughput::Elements(55_092));
    group.sample_size(20);
    for_each_strategy(&mut Perft(&mut group));
    group.finish();
}

fn evaluate(c: &mut Criterion) {
    let positions: Vec<Position> = corpus(INSTANCES, SEED)
        .into_iter()
        .filter(|p| !p.is_game_over())
        .collect();
    let weights = Weights::checked_in();
    let mut group = c.benchmark_group("othello/evaluate");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let sum = |eval: &dyn Fn(&Position) -> i32| -> i64 {
        positions
            .iter()
            .map(|p| i64::from(eval(black_box(p))))
            .sum()
    };
    group.bench_function("hand", |b| {
        b.iter(|| sum(&|p| bitgames_othello::eval::evaluate(p)))
    });
    group.bench_function("patterns", |b| {
        b.iter(|| {
            sum(&|p| bitgames_othello::patterns::evaluate::<Fastest>(p.player(), p.opponent()))
        })
    });
    group.bench_function("learned", |b| b.iter(|| sum(&|p| weights.evaluate(p))));
    group.finish();
}

criterion_group!(benches, kernels, evaluate);
criterion_main!(benches);
