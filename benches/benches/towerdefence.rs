//! `towerdefence/round`: every strategy simulating one round on a fixed corpus of random
//! mid-game states (with a random valid command for each player); `towerdefence/playout`:
//! random playouts from the start (the official games' round-0 state), one thread per
//! strategy and then the fastest strategy on every core. Throughput is in rounds.

use std::hint::black_box;

use bitgames_towerdefence::random::{
    RoundInstance, checksum, game_rng, playout, playouts, round_corpus,
};
use bitgames_towerdefence::{
    Fastest, Simulation, State, Strategy, StrategyVisitor, for_each_strategy,
};
use criterion::measurement::WallTime;
use criterion::{
    BatchSize, BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main,
};

const SEED: u64 = 1;
const INSTANCES: usize = 1_000;
const GAMES: u64 = 200;

struct Round<'a, 'c>(&'a mut BenchmarkGroup<'c, WallTime>, &'a [RoundInstance]);

impl StrategyVisitor for Round<'_, '_> {
    fn visit<S: Simulation>(&mut self) {
        let boards: Vec<(S::Board, _)> = self
            .1
            .iter()
            .map(|i| (S::load(&i.state), i.commands))
            .collect();
        self.0.bench_function(S::NAME, |b| {
            b.iter_batched_ref(
                || boards.clone(),
                |boards| {
                    boards.iter_mut().fold(0, |acc, (board, commands)| {
                        S::round(board, black_box(*commands));
                        acc ^ checksum::<S>(board)
                    })
                },
                BatchSize::LargeInput,
            )
        });
    }
}

/// `GAMES` random games from `start`, game `i` seeded by `game_rng(SEED, i)`: returns the
/// rounds played and a checksum.
fn games<S: Simulation>(start: &S::Board) -> (u64, u64) {
    (0..GAMES).fold((0, 0), |(rounds, sum), i| {
        let mut board = start.clone();
        let result = playout::<S, _>(&mut board, &mut game_rng(SEED, i));
        (
            rounds + u64::from(result.rounds),
            sum ^ checksum::<S>(&board),
        )
    })
}

struct Playout<'a, 'c>(&'a mut BenchmarkGroup<'c, WallTime>);

impl StrategyVisitor for Playout<'_, '_> {
    fn visit<S: Simulation>(&mut self) {
        let start = S::load(&State::start());
        let (rounds, _) = games::<S>(&start);
        self.0.throughput(Throughput::Elements(rounds));
        self.0
            .bench_function(S::NAME, |b| b.iter(|| games::<S>(black_box(&start))));
    }
}

fn benches(c: &mut Criterion) {
    let corpus = round_corpus(INSTANCES, SEED);
    let mut group = c.benchmark_group("towerdefence/round");
    group.throughput(Throughput::Elements(INSTANCES as u64));
    for_each_strategy(&mut Round(&mut group, &corpus));
    group.finish();

    let mut group = c.benchmark_group("towerdefence/playout");
    group.sample_size(20);
    for_each_strategy(&mut Playout(&mut group));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let (stats, _) = playouts::<Fastest>(&State::start(), GAMES * 10, SEED, threads);
    group.throughput(Throughput::Elements(stats.rounds));
    group.bench_function(format!("{}-{threads}-threads", Fastest::NAME), |b| {
        b.iter(|| playouts::<Fastest>(black_box(&State::start()), GAMES * 10, SEED, threads).0)
    });
    group.finish();
}

criterion_group!(towerdefence, benches);
criterion_main!(towerdefence);
