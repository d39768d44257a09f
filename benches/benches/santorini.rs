//! `santorini/move_to` and `santorini/distances`: every strategy, in list form (with
//! conversions) and core form (bitboards only), over instances drawn from a fixed seed.

use bitgames_benches::bench_operation;
use bitgames_santorini::instances::Instance;
use bitgames_santorini::operations::kernels;
use criterion::{Criterion, criterion_group, criterion_main};

const SEED: u64 = 1;

fn move_to(c: &mut Criterion) {
    let instances = Instance::generate(100_000, SEED);
    bench_operation(c, "santorini", "move_to", &instances, &kernels());
}

fn distances(c: &mut Criterion) {
    let instances = Instance::generate(10_000, SEED);
    bench_operation(c, "santorini", "distances", &instances, &kernels());
}

criterion_group!(benches, move_to, distances);
criterion_main!(benches);
