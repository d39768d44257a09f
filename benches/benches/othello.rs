//! `othello/legal_moves` and `othello/flips`: every strategy over a fixed corpus of random
//! reachable positions (and one legal move of each), and `othello/perft` from the start.

use std::hint::black_box;

use bitgames_othello::random::{KernelInstance, kernel_instances};
use bitgames_othello::{Kernels, Position, StrategyVisitor, for_each_strategy};
use bitgames_search::perft;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};

const SEED: u64 = 1;
const INSTANCES: usize = 10_000;

struct LegalMoves<'a, 'c>(&'a mut BenchmarkGroup<'c, WallTime>, &'a [KernelInstance]);

impl StrategyVisitor for LegalMoves<'_, '_> {
    fn visit<S: Kernels>(&mut self) {
        let instances = self.1;
        self.0.bench_function(S::NAME, |b| {
            b.iter(|| {
                instances.iter().fold(0, |acc, i| {
                    acc ^ S::legal_moves(black_box(i.player), black_box(i.opponent))
                })
            })
        });
    }
}

struct Flips<'a, 'c>(&'a mut BenchmarkGroup<'c, WallTime>, &'a [KernelInstance]);

impl StrategyVisitor for Flips<'_, '_> {
    fn visit<S: Kernels>(&mut self) {
        let instances = self.1;
        self.0.bench_function(S::NAME, |b| {
            b.iter(|| {
                instances.iter().fold(0, |acc, i| {
                    acc ^ S::flips(
                        black_box(i.player),
                        black_box(i.opponent),
                        black_box(i.square),
                    )
                })
            })
        });
    }
}

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
    let mut group = c.benchmark_group("othello/legal_moves");
    group.throughput(Throughput::Elements(INSTANCES as u64));
    for_each_strategy(&mut LegalMoves(&mut group, &instances));
    group.finish();

    let mut group = c.benchmark_group("othello/flips");
    group.throughput(Throughput::Elements(INSTANCES as u64));
    for_each_strategy(&mut Flips(&mut group, &instances));
    group.finish();

    let mut group = c.benchmark_group("othello/perft");
    group.throughput(Throughput::Elements(55_092));
    group.sample_size(20);
    for_each_strategy(&mut Perft(&mut group));
    group.finish();
}

criterion_group!(benches, kernels);
criterion_main!(benches);
