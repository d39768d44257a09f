//! The reinforcement-learning encodings ([`Encoding`]), one group per operation:
//!
//! - `othello/step_write`, `santorini/step_write`, `amazons/step_write`: one environment step
//!   ([`Encoding::step_write`]: apply a legal action, restart a game that ended, write the
//!   observation planes and the action mask) from each position of a fixed corpus, reached
//!   by random play from a fixed seed, with a random legal action. `step_write` is the
//!   game's own step (Othello's fused one; the others' default); Othello's `in_parts` is the
//!   unfused reference it is tested against.
//! - `spread_bits`: a 64-square plane written one byte a bit from each of a fixed corpus of
//!   random words, by each compiled path: `portable` always, `pdep_rows` with BMI2,
//!   `avx512bw` with AVX-512BW.

use std::hint::black_box;

use bitgames_amazons::encoding::Turn;
use bitgames_bitboard::gather;
use bitgames_search::Encoding;
use bitgames_search::encoding::step_write_in_parts;
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

const SEED: u64 = 1;
/// Steps a corpus.
const INSTANCES: usize = 10_000;

/// `n` positions of `E` from random games played back to back (seeded), each with a random
/// legal action.
fn corpus<E: Encoding>(n: usize, seed: u64) -> Vec<(E, usize)> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut game = E::start();
    let mut corpus = Vec::with_capacity(n);
    while corpus.len() < n {
        if game.returns().is_some() {
            game = E::start();
        }
        let action = game.random_action(&mut rng);
        corpus.push((game, action));
        game.apply(action).expect("a legal action");
    }
    corpus
}

/// One benchmark of `step` ([`Encoding::step_write`] or [`step_write_in_parts`]) over `corpus`: every position copied, stepped into one
/// observation and one mask buffer (passed through `black_box`, so every write is made),
/// and the rewards, an observation byte and the record folded into a checksum.
fn bench_steps<E: Encoding>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    corpus: &[(E, usize)],
    step: impl Fn(&mut E, usize, &mut [i8], &mut [bool]) -> (Option<[f32; 2]>, E::Legal),
) {
    let [planes, rows, cols] = E::PLANES;
    let mut obs = vec![0i8; planes * rows * cols];
    let mut mask = vec![false; E::ACTIONS];
    group.bench_function(id, |b| {
        b.iter(|| {
            let mut checksum = 0u64;
            for &(game, action) in black_box(corpus) {
                let mut game = game;
                let (returns, legal) =
                    step(&mut game, action, black_box(&mut obs), black_box(&mut mask));
                black_box(&legal);
                let reward = returns.map_or(0, |[first, _]| first as i64 + 2) as u64;
                checksum = checksum
                    .wrapping_mul(31)
                    .wrapping_add(reward + obs[rows * cols] as u64);
            }
            checksum
        })
    });
}

/// The group `GAME/step_write`: the game's own step, and for Othello the step in parts.
fn bench_step_write<E: Encoding>(c: &mut Criterion, game: &str, in_parts: bool) {
    let corpus = corpus::<E>(INSTANCES, SEED);
    let mut group = c.benchmark_group(format!("{game}/step_write"));
    group.throughput(Throughput::Elements(corpus.len() as u64));
    bench_steps(&mut group, "step_write", &corpus, E::step_write);
    if in_parts {
        bench_steps(&mut group, "in_parts", &corpus, step_write_in_parts::<E>);
    }
    group.finish();
}

fn step_write(c: &mut Criterion) {
    bench_step_write::<bitgames_othello::Position>(c, "othello", true);
    bench_step_write::<bitgames_santorini::Position>(c, "santorini", false);
    bench_step_write::<Turn>(c, "amazons", false);
}

/// The group `spread_bits`: each compiled path over the same random words, first checked
/// against the portable path.
fn spread_bits(c: &mut Criterion) {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(SEED);
    let words: Vec<u64> = (0..INSTANCES).map(|_| rng.next_u64()).collect();
    let mut group = c.benchmark_group("spread_bits");
    group.throughput(Throughput::Elements(words.len() as u64));
    bench_spread(&mut group, "portable", &words, gather::spread_bits_portable);
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    bench_spread(&mut group, "pdep_rows", &words, gather::spread_bits_pdep);
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
    bench_spread(&mut group, "avx512bw", &words, gather::spread_bits_avx512);
    group.finish();
}

/// One benchmark of a `spread_bits` path over `words` (each first checked against the
/// portable path), into one plane passed through `black_box`; a byte of each plane folded
/// into a checksum. Generic over the path, so each is inlined as the encodings inline it.
fn bench_spread(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    words: &[u64],
    path: impl Fn(u64, &mut [i8]),
) {
    for &bits in words {
        let (mut out, mut portable) = ([0i8; 64], [0i8; 64]);
        path(bits, &mut out);
        gather::spread_bits_portable(bits, &mut portable);
        assert_eq!(out, portable, "{name}: {bits:#x}");
    }
    let mut out = [0i8; 64];
    group.bench_function(name, |b| {
        b.iter(|| {
            let mut checksum = 0u64;
            for (i, &bits) in black_box(words).iter().enumerate() {
                path(bits, black_box(&mut out));
                checksum = checksum.wrapping_add(out[i % 64] as u64);
            }
            checksum
        })
    });
}

criterion_group!(benches, step_write, spread_bits);
criterion_main!(benches);
