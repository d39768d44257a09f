//! Criterion benches comparing the strategies of every game; see `benches/*.rs`.
//!
//! Run them with `cargo bench -p bitgames-benches` (or `--bench santorini` for one game).
//! Each group is one operation; each benchmark id names a strategy (and, for Santorini,
//! whether list-form conversions are included). Inputs come from a fixed seed, and every
//! result is folded into a checksum passed to `black_box` so nothing is optimised away.
//!
//! The kernel groups run the games' [`Kernel`]s: the same check-and-time harness the tests
//! and `bitgames compare` use, here driven by criterion. The benches name no operation: they
//! bench every operation a game registers (its `operations::kernels()`), so a new operation
//! is benched as soon as it is registered.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use std::hint::black_box;

use bitgames_bitboard::harness::{Kernel, operations};
use criterion::{Criterion, Throughput};

/// Benchmarks one operation of a game: the group `GAME/OPERATION`, one benchmark per kernel
/// of that operation (named by its strategy label), each answering every instance per
/// iteration. Every kernel is first checked against naive on every instance, so a wrong
/// strategy cannot post a time.
pub fn bench_operation<I: std::fmt::Debug>(
    c: &mut Criterion,
    game: &str,
    operation: &str,
    instances: &[I],
    kernels: &[Kernel<I>],
) {
    let mut group = c.benchmark_group(format!("{game}/{operation}"));
    group.throughput(Throughput::Elements(instances.len() as u64));
    for kernel in kernels.iter().filter(|k| k.operation == operation) {
        if let Err(disagreement) = kernel.check_all(instances) {
            panic!("{game}: {disagreement}");
        }
        group.bench_function(kernel.strategy.as_str(), |b| {
            b.iter(|| kernel.pass(black_box(instances)))
        });
    }
    group.finish();
}

/// Benchmarks every operation registered in `kernels` ([`operations`], in the order the game
/// lists them) with [`bench_operation`], all on the same instances.
pub fn bench_operations<I: std::fmt::Debug>(
    c: &mut Criterion,
    game: &str,
    instances: &[I],
    kernels: &[Kernel<I>],
) {
    for operation in operations(kernels) {
        bench_operation(c, game, operation, instances, kernels);
    }
}
