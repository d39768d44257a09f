//! `santorini/move_to` and `santorini/distances`: every strategy, in list form (with
//! conversions) and core form (bitboards only), over instances drawn from a fixed seed.

use std::hint::black_box;

use bitgames_santorini::instances::Instance;
use bitgames_santorini::{Kernels, StrategyVisitor, for_each_strategy};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};

const SEED: u64 = 1;

struct MoveTo<'a, 'c> {
    group: &'a mut BenchmarkGroup<'c, WallTime>,
    instances: &'a [Instance],
}

impl StrategyVisitor for MoveTo<'_, '_> {
    fn visit<S: Kernels>(&mut self) {
        let instances = self.instances;
        self.group.bench_function(S::list_form_id(), |b| {
            b.iter(|| {
                instances.iter().fold(0usize, |sum, i| {
                    sum + S::move_to_cells(black_box(i.from), black_box(&i.grid))
                        .as_slice()
                        .len()
                })
            })
        });
        self.group.bench_function(S::core_form_id(), |b| {
            b.iter(|| {
                instances.iter().fold(0u64, |sum, i| {
                    sum ^ S::move_to(black_box(i.square), black_box(&i.levels)).0
                })
            })
        });
    }
}

struct Distances<'a, 'c> {
    group: &'a mut BenchmarkGroup<'c, WallTime>,
    instances: &'a [Instance],
}

impl StrategyVisitor for Distances<'_, '_> {
    fn visit<S: Kernels>(&mut self) {
        let instances = self.instances;
        self.group.bench_function(S::list_form_id(), |b| {
            b.iter(|| {
                instances.iter().fold(0u32, |sum, i| {
                    let grid = S::distances_grid(black_box(i.from), black_box(&i.grid));
                    sum.wrapping_add(grid.0.iter().map(|d| u32::from(d.unwrap_or(99))).sum())
                })
            })
        });
        self.group.bench_function(S::core_form_id(), |b| {
            b.iter(|| {
                instances.iter().fold(0u64, |sum, i| {
                    let layers = S::distances(black_box(i.square), black_box(&i.levels));
                    sum.wrapping_add(layers.len() as u64) ^ layers.reachable().0
                })
            })
        });
    }
}

fn move_to(c: &mut Criterion) {
    let instances = Instance::generate(100_000, SEED);
    let mut group = c.benchmark_group("santorini/move_to");
    group.throughput(Throughput::Elements(instances.len() as u64));
    for_each_strategy(&mut MoveTo {
        group: &mut group,
        instances: &instances,
    });
    group.finish();
}

fn distances(c: &mut Criterion) {
    let instances = Instance::generate(10_000, SEED);
    let mut group = c.benchmark_group("santorini/distances");
    group.throughput(Throughput::Elements(instances.len() as u64));
    for_each_strategy(&mut Distances {
        group: &mut group,
        instances: &instances,
    });
    group.finish();
}

criterion_group!(benches, move_to, distances);
criterion_main!(benches);
