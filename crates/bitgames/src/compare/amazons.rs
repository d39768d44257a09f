//! `bitgames compare amazons`: `queen_reach` (one queen), `fill` (all eight queens at once)
//! and `min_distances` for every strategy over random reachable positions.

use std::hint::black_box;

use anyhow::{Result, bail};
use bitgames_amazons::random::{KernelInstance, kernel_instances};
use bitgames_amazons::{Kernels, Naive, StrategyVisitor, for_each_strategy, strategies};
use indicatif::ProgressBar;

use super::timing::ns_per_call;
use super::{Measurement, Report, progress};

const OPERATIONS: [&str; 3] = ["queen_reach", "fill", "min_distances"];

pub fn compare(count: usize, seed: u64, bar: ProgressBar) -> Result<Report> {
    let instances = kernel_instances(count, seed);
    let bar = progress(bar, (strategies().len() * 4) as u64, "amazons");
    bar.set_message("checking");
    let mut check = Check {
        instances: &instances,
        error: None,
    };
    for_each_strategy(&mut check);
    if let Some(error) = check.error {
        bar.abandon();
        bail!(error);
    }
    bar.inc(strategies().len() as u64);
    bar.set_message("timing");
    let mut time = Time {
        instances: &instances,
        results: Vec::new(),
        bar: &bar,
    };
    for_each_strategy(&mut time);
    bar.finish_and_clear();
    Ok(Report::new(
        "amazons",
        count,
        seed,
        time.results,
        "naive",
        &OPERATIONS,
    ))
}

struct Check<'a> {
    instances: &'a [KernelInstance],
    error: Option<String>,
}

impl StrategyVisitor for Check<'_> {
    fn visit<S: Kernels>(&mut self) {
        if self.error.is_some() {
            return;
        }
        for (n, i) in self.instances.iter().enumerate() {
            let empty = !i.occupied;
            let what = if S::queen_reach(i.queen, i.occupied)
                != Naive::queen_reach(i.queen, i.occupied)
            {
                "queen_reach"
            } else if S::fill(i.sources, empty) != Naive::fill(i.sources, empty) {
                "fill"
            } else if S::min_distances(i.sources, empty) != Naive::min_distances(i.sources, empty) {
                "min_distances"
            } else {
                continue;
            };
            self.error = Some(format!(
                "amazons: strategy {} disagrees with naive on {what} at instance {n} ({}, queen {})",
                S::NAME,
                i.position,
                i.queen
            ));
            return;
        }
    }
}

struct Time<'a> {
    instances: &'a [KernelInstance],
    results: Vec<Measurement>,
    bar: &'a indicatif::ProgressBar,
}

impl StrategyVisitor for Time<'_> {
    fn visit<S: Kernels>(&mut self) {
        let instances = self.instances;
        let n = instances.len();
        let reach = ns_per_call(n, || {
            instances.iter().fold(0, |acc, i| {
                acc ^ S::queen_reach(black_box(i.queen), black_box(i.occupied)).0 as u64
            })
        });
        self.bar.inc(1);
        let fill = ns_per_call(n, || {
            instances.iter().fold(0, |acc, i| {
                acc ^ S::fill(black_box(i.sources), black_box(!i.occupied)).0 as u64
            })
        });
        self.bar.inc(1);
        let distances = ns_per_call(n, || {
            instances.iter().fold(0, |acc, i| {
                let layers = S::min_distances(black_box(i.sources), black_box(!i.occupied));
                acc ^ layers.len() as u64 ^ layers.layer(2).0 as u64
            })
        });
        self.bar.inc(1);
        for (operation, ns_per_call) in OPERATIONS.into_iter().zip([reach, fill, distances]) {
            self.results.push(Measurement {
                operation,
                strategy: S::NAME.to_owned(),
                ns_per_call,
                speedup_vs_naive: f64::NAN,
            });
        }
    }
}
