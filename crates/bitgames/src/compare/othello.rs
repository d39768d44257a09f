//! `bitgames compare othello`: `legal_moves` and `flips` for every strategy over random
//! reachable positions (and one legal move of each).

use std::hint::black_box;

use anyhow::{Result, bail};
use bitgames_othello::random::{KernelInstance, kernel_instances};
use bitgames_othello::{Kernels, Naive, StrategyVisitor, for_each_strategy, strategies};
use indicatif::ProgressBar;

use super::timing::ns_per_call;
use super::{Measurement, Report, progress};

pub fn compare(count: usize, seed: u64, bar: ProgressBar) -> Result<Report> {
    let instances = kernel_instances(count, seed);
    let bar = progress(bar, (strategies().len() * 3) as u64, "othello");
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
        "othello",
        count,
        seed,
        time.results,
        "naive",
        &["legal_moves", "flips"],
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
            let what = if S::legal_moves(i.player, i.opponent)
                != Naive::legal_moves(i.player, i.opponent)
            {
                "legal_moves"
            } else if S::flips(i.player, i.opponent, i.square)
                != Naive::flips(i.player, i.opponent, i.square)
            {
                "flips"
            } else {
                continue;
            };
            self.error = Some(format!(
                "othello: strategy {} disagrees with naive on {what} at instance {n} \
                 (player {:#018x}, opponent {:#018x}, square {})",
                S::NAME,
                i.player,
                i.opponent,
                i.square
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
        let legal = ns_per_call(n, || {
            instances.iter().fold(0, |acc, i| {
                acc ^ S::legal_moves(black_box(i.player), black_box(i.opponent))
            })
        });
        self.bar.inc(1);
        let flips = ns_per_call(n, || {
            instances.iter().fold(0, |acc, i| {
                acc ^ S::flips(
                    black_box(i.player),
                    black_box(i.opponent),
                    black_box(i.square),
                )
            })
        });
        self.bar.inc(1);
        for (operation, ns_per_call) in [("legal_moves", legal), ("flips", flips)] {
            self.results.push(Measurement {
                operation,
                strategy: S::NAME.to_owned(),
                ns_per_call,
                speedup_vs_naive: f64::NAN,
            });
        }
    }
}
