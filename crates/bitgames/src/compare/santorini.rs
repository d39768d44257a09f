//! `bitgames compare santorini`: `move_to` and `distances`, every strategy in list form and
//! core form, against the naive list form.

use std::hint::black_box;

use anyhow::{Result, bail};
use bitgames_santorini::instances::Instance;
use bitgames_santorini::{Kernels, Naive, StrategyVisitor, for_each_strategy, strategies};
use indicatif::ProgressBar;

use super::timing::ns_per_call;
use super::{Measurement, Report, progress};

pub fn compare(count: usize, seed: u64, bar: ProgressBar) -> Result<Report> {
    let instances = Instance::generate(count, seed);
    let bar = progress(bar, (strategies().len() * 5) as u64, "santorini");

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
        "santorini",
        count,
        seed,
        time.results,
        &Naive::list_form_id(),
        &["move_to", "distances"],
    ))
}

/// Finds the first instance where a strategy disagrees with naive, in either form.
struct Check<'a> {
    instances: &'a [Instance],
    error: Option<String>,
}

impl StrategyVisitor for Check<'_> {
    fn visit<S: Kernels>(&mut self) {
        if self.error.is_some() {
            return;
        }
        for (n, i) in self.instances.iter().enumerate() {
            let expected_moves = Naive::move_to_cells(i.from, &i.grid);
            let expected_distances = Naive::distances_grid(i.from, &i.grid);
            let disagreement = if S::move_to_cells(i.from, &i.grid) != expected_moves {
                Some(format!("move_to ({})", S::list_form_id()))
            } else if S::move_to(i.square, &i.levels) != expected_moves.to_bitboard() {
                Some(format!("move_to ({})", S::core_form_id()))
            } else if S::distances_grid(i.from, &i.grid) != expected_distances {
                Some(format!("distances ({})", S::list_form_id()))
            } else if S::distances(i.square, &i.levels).to_grid() != expected_distances {
                Some(format!("distances ({})", S::core_form_id()))
            } else {
                None
            };
            if let Some(what) = disagreement {
                self.error = Some(format!(
                    "santorini: strategy {} disagrees with naive on {what} at instance {n} \
                     (worker at {}, levels {:?})",
                    S::NAME,
                    i.from,
                    i.grid
                ));
                return;
            }
        }
    }
}

struct Time<'a> {
    instances: &'a [Instance],
    results: Vec<Measurement>,
    bar: &'a indicatif::ProgressBar,
}

impl Time<'_> {
    fn record(&mut self, operation: &'static str, strategy: String, ns_per_call: f64) {
        self.results.push(Measurement {
            operation,
            strategy,
            ns_per_call,
            speedup_vs_naive: f64::NAN,
        });
        self.bar.inc(1);
    }
}

impl StrategyVisitor for Time<'_> {
    fn visit<S: Kernels>(&mut self) {
        let instances = self.instances;
        let n = instances.len();
        let list = ns_per_call(n, || {
            instances.iter().fold(0, |sum, i| {
                sum + S::move_to_cells(black_box(i.from), black_box(&i.grid))
                    .as_slice()
                    .len() as u64
            })
        });
        self.record("move_to", S::list_form_id(), list);
        let core = ns_per_call(n, || {
            instances.iter().fold(0, |sum, i| {
                sum ^ S::move_to(black_box(i.square), black_box(&i.levels)).0
            })
        });
        self.record("move_to", S::core_form_id(), core);
        let list = ns_per_call(n, || {
            instances.iter().fold(0, |sum, i| {
                let grid = S::distances_grid(black_box(i.from), black_box(&i.grid));
                sum + grid
                    .0
                    .iter()
                    .map(|d| u64::from(d.unwrap_or(99)))
                    .sum::<u64>()
            })
        });
        self.record("distances", S::list_form_id(), list);
        let core = ns_per_call(n, || {
            instances.iter().fold(0, |sum, i| {
                let layers = S::distances(black_box(i.square), black_box(&i.levels));
                sum.wrapping_add(layers.len() as u64) ^ layers.reachable().0
            })
        });
        self.record("distances", S::core_form_id(), core);
    }
}
