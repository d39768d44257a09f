//! `othello/solve`: the exact endgame solver on fixed random reachable positions with 14,
//! 15 and 16 empty squares, with every kernel strategy but the naive one (whose solves take
//! a hundred times longer and would dominate the run). A fresh 1 MiB table every solve, so
//! no iteration profits from the last.

use std::hint::black_box;

use bitgames_othello::kernels::{StrategyVisitor, for_each_strategy};
use bitgames_othello::random::endgame_corpus;
use bitgames_othello::solver::{Limits, Options, Solver};
use bitgames_othello::{Kernels, Naive, Position};
use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};

const SEED: u64 = 14;
const EMPTIES: [u32; 3] = [14, 15, 16];

fn solve_all<S: Kernels>(positions: &[Position<S>]) -> i64 {
    positions
        .iter()
        .map(|p| {
            let mut solver = Solver::new(Options {
                table_bits: 16,
                ..Options::default()
            });
            let solution = solver.solve(black_box(p), Limits::NONE).expect("no limit");
            i64::from(solution.score) ^ solution.nodes as i64
        })
        .fold(0, |acc, x| acc.wrapping_mul(31).wrapping_add(x))
}

fn name<S: Kernels>() -> &'static str {
    S::NAME
}

struct Solve<'a, 'c>(&'a mut BenchmarkGroup<'c, WallTime>, &'a [Position]);

impl StrategyVisitor for Solve<'_, '_> {
    fn visit<S: Kernels>(&mut self) {
        if S::NAME == name::<Naive>() {
            return;
        }
        for position in self.1 {
            let empties = position.empty_squares().len();
            let position = [position.with_strategy::<S>()];
            self.0.bench_with_input(
                BenchmarkId::new(S::NAME, format!("{empties} empties")),
                &position,
                |b, position| b.iter(|| solve_all(position)),
            );
        }
    }
}

fn solve(c: &mut Criterion) {
    let positions: Vec<Position> = EMPTIES
        .iter()
        .flat_map(|&n| endgame_corpus(1, n..=n, SEED + u64::from(n)))
        .collect();
    let mut group = c.benchmark_group("othello/solve");
    group.sample_size(10);
    for_each_strategy(&mut Solve(&mut group, &positions));
    group.finish();
}

criterion_group!(benches, solve);
criterion_main!(benches);
