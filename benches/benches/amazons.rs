//! One group per registered operation (`amazons/queen_reach`, `amazons/fill`,
//! `amazons/min_distances`, ...): every strategy over a fixed corpus of random reachable
//! positions; `amazons/evaluate`: the min-distance evaluation, bitboard and naive;
//! `amazons/perft`: perft 2 from the start per strategy.

use std::hint::black_box;

use bitgames_amazons::eval::{evaluate, evaluate_naive};
use bitgames_amazons::kernels::{StrategyVisitor, for_each_strategy};
use bitgames_amazons::operations;
use bitgames_amazons::random::kernel_instances;
use bitgames_amazons::{Kernels, Position};
use bitgames_benches::bench_operations;
use bitgames_search::perft;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};

const SEED: u64 = 1;
const INSTANCES: usize = 2_000;

struct Perft<'a, 'c>(&'a mut BenchmarkGroup<'c, WallTime>);

impl StrategyVisitor for Perft<'_, '_> {
    fn visit<S: Kernels>(&mut self) {
        let start = Position::start().with_strategy::<S>();
        self.0
            .bench_function(S::NAME, |b| b.iter(|| perft(black_box(&start), 2)));
    }
}

fn kernels(c: &mut Criterion) {
    let instances = kernel_instances(INSTANCES, SEED);
    bench_operations(c, "amazons", &instances, &operations::kernels());

    let mut group = c.benchmark_group("amazons/evaluate");
    group.throughput(Throughput::Elements(INSTANCES as u64));
    group.bench_function("bitboard", |b| {
        b.iter(|| {
            instances
                .iter()
                .map(|i| evaluate(black_box(&i.position)).score(i.position.side_to_move()))
                .sum::<f64>()
        })
    });
    group.bench_function("naive", |b| {
        b.iter(|| {
            instances
                .iter()
                .map(|i| evaluate_naive(black_box(&i.position)).score(i.position.side_to_move()))
                .sum::<f64>()
        })
    });
    group.finish();

    let mut group = c.benchmark_group("amazons/perft");
    group.throughput(Throughput::Elements(4_307_152));
    group.sample_size(10);
    for_each_strategy(&mut Perft(&mut group));
    group.finish();
}

criterion_group!(benches, kernels);
criterion_main!(benches);
