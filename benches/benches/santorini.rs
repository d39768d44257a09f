//! One group per registered operation (`santorini/move_to`, `santorini/distances`, ...):
//! every strategy, in list form (with conversions) and core form (bitboards only), over
//! instances drawn from a fixed seed.

use bitgames_benches::bench_operation;
use bitgames_bitboard::harness::operations;
use bitgames_santorini::instances::Instance;
use bitgames_santorini::operations::kernels;
use criterion::{Criterion, criterion_group, criterion_main};

const SEED: u64 = 1;
/// Instances per operation, unless [`FEWER`] names it.
const INSTANCES: usize = 100_000;
/// Operations slow enough to bench on a smaller corpus, and its size.
const FEWER: &[(&str, usize)] = &[("distances", 10_000)];

fn bench(c: &mut Criterion) {
    let kernels = kernels();
    let registered = operations(&kernels);
    for (operation, _) in FEWER {
        assert!(
            registered.contains(operation),
            "FEWER names {operation}, which santorini does not register"
        );
    }
    for operation in registered {
        let count = FEWER
            .iter()
            .find(|(name, _)| *name == operation)
            .map_or(INSTANCES, |&(_, count)| count);
        let instances = Instance::generate(count, SEED);
        bench_operation(c, "santorini", operation, &instances, &kernels);
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
