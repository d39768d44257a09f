//! `amazons/queen_reach`, `amazons/fill`, `amazons/min_distances`: every strategy over a fixed
//! corpus of random reachable positions; `amazons/evaluate`: the min-distance evaluation,
//! bitboard and naive; `amazons/perft`: perft 2 from the start per strategy.

use std::hint::black_box;

use bitgames_amazons::eval::{evaluate, evaluate_naive};
use bitgames_amazons::random::{KernelInstance, kernel_instances};
use bitgames_amazons::{Kernels, Position, StrategyVisitor, for_each_strategy};
use bitgames_search::perft;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};

const SEED: u64 = 1;
const INSTANCES: usize = 2_000;

struct Kernel<'a, 'c> {
    operation: &'static str,
    group: &'a mut BenchmarkGroup<'c, WallTime>,
    instances: &'a [KernelInstance],
}

impl StrategyVisitor for Kernel<'_, '_> {
    fn visit<S: Kernels>(&mut self) {
        let instances = self.instances;
        match self.operation {
            "queen_reach" => self.group.bench_function(S::NAME, |b| {
                b.iter(|| {
                    instances.iter().fold(0, |acc, i| {
                        acc ^ S::queen_reach(black_box(i.queen), black_box(i.occupied)).0
                    })
                })
            }),
            "fill" => self.group.bench_function(S::NAME, |b| {
                b.iter(|| {
                    instances.iter().fold(0, |acc, i| {
                        acc ^ S::fill(black_box(i.sources), black_box(!i.occupied)).0
                    })
                })
            }),
            _ => self.group.bench_function(S::NAME, |b| {
                b.iter(|| {
                    instances.iter().fold(0, |acc, i| {
                        let layers = S::min_distances(black_box(i.sources), black_box(!i.occupied));
                        acc ^ layers.len() as u128 ^ layers.layer(2).0
                    })
                })
            }),
        };
    }
}

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
    for operation in ["queen_reach", "fill", "min_distances"] {
        let mut group = c.benchmark_group(format!("amazons/{operation}"));
        group.throughput(Throughput::Elements(INSTANCES as u64));
        for_each_strategy(&mut Kernel {
            operation,
            group: &mut group,
            instances: &instances,
        });
        group.finish();
    }

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
