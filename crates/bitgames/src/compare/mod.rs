//! `bitgames compare`: prove the strategies agree on random instances, then time them.
//!
//! The same [`Report`] feeds the command's table, Markdown and JSON output, the web app's
//! charts and the Python bindings.

pub mod svg;
mod timing;
mod towerdefence;

use bitgames_bitboard::harness::{self, Kernel};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::{GameName, amazons, othello, santorini};

/// Why a comparison gave no report.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CompareError {
    /// Nothing to check or time.
    #[error("instances must be at least 1")]
    NoInstances,
    /// A strategy's answer differs from the naive oracle's: the first such instance.
    #[error("{game}: {message}")]
    Disagreement {
        /// The game.
        game: GameName,
        /// The strategy, operation, instance and both answers.
        message: String,
    },
}

/// One timed (operation, strategy) pair.
#[derive(Debug, Clone, Serialize)]
pub struct Measurement {
    /// The timed operation, e.g. `legal_moves`.
    pub operation: &'static str,
    /// The strategy's name, e.g. `kogge-stone`.
    pub strategy: String,
    /// The median time per call.
    pub ns_per_call: f64,
    /// Naive's time for the same operation divided by this one's.
    pub speedup_vs_naive: f64,
}

/// Everything `compare` found for one game.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The game's name.
    pub game: &'static str,
    /// How many random instances each strategy was checked and timed on.
    pub instances: usize,
    /// The seed the instances were drawn from.
    pub seed: u64,
    /// What the build targets ([`crate::target::description`]).
    pub target: String,
    /// Every (operation, strategy) timing, in operation order.
    pub results: Vec<Measurement>,
}

/// Checks every strategy of `game` against the naive one on `instances` random instances
/// drawn from `seed`, then times each operation of each strategy. An error names the first
/// disagreement (strategy, operation and instance). A progress bar is drawn on stderr when
/// `show_progress` is set and stderr is a terminal.
pub fn compare(
    game: GameName,
    instances: usize,
    seed: u64,
    show_progress: bool,
) -> Result<Report, CompareError> {
    if instances == 0 {
        return Err(CompareError::NoInstances);
    }
    let bar = if show_progress {
        ProgressBar::new(0)
    } else {
        ProgressBar::hidden()
    };
    match game {
        GameName::Santorini => compare_kernels(
            GameName::Santorini,
            &santorini::instances::Instance::generate(instances, seed),
            &santorini::operations::kernels(),
            seed,
            bar,
        ),
        GameName::Othello => compare_kernels(
            GameName::Othello,
            &othello::random::kernel_instances(instances, seed),
            &othello::operations::kernels(),
            seed,
            bar,
        ),
        GameName::Amazons => compare_kernels(
            GameName::Amazons,
            &amazons::random::kernel_instances(instances, seed),
            &amazons::operations::kernels(),
            seed,
            bar,
        ),
        GameName::TowerDefence => towerdefence::compare(instances, seed, bar),
    }
}

/// Checks every kernel on every instance, then times each: the shared harness driven by
/// [`timing::ns_per_call`]. Speed-ups are over the first strategy (the naive oracle).
fn compare_kernels<I: std::fmt::Debug>(
    game: GameName,
    instances: &[I],
    kernels: &[Kernel<I>],
    seed: u64,
    bar: ProgressBar,
) -> Result<Report, CompareError> {
    let bar = progress(bar, kernels.len() as u64 + 1, game.name());
    bar.set_message("checking");
    for kernel in kernels {
        if let Err(disagreement) = kernel.check_all(instances) {
            bar.abandon();
            return Err(CompareError::Disagreement {
                game,
                message: disagreement.to_string(),
            });
        }
    }
    bar.inc(1);
    bar.set_message("timing");
    let results = kernels
        .iter()
        .map(|kernel| {
            let ns_per_call = timing::ns_per_call(instances.len(), || kernel.pass(instances));
            bar.inc(1);
            Measurement {
                operation: kernel.operation,
                strategy: kernel.strategy.clone(),
                ns_per_call,
                speedup_vs_naive: f64::NAN,
            }
        })
        .collect();
    bar.finish_and_clear();
    let baseline = kernels.first().map_or("naive", |k| k.strategy.as_str());
    let operations = harness::operations(kernels);
    Ok(Report::new(
        game.name(),
        instances.len(),
        seed,
        results,
        baseline,
        &operations,
    ))
}

/// Styles `bar` (drawn on stderr only when stderr is a terminal) for `len` steps of `game`.
fn progress(bar: ProgressBar, len: u64, game: &str) -> ProgressBar {
    bar.set_length(len);
    bar.set_style(
        ProgressStyle::with_template("{prefix} {wide_bar} {pos}/{len} {msg}")
            .expect("valid template"),
    );
    bar.set_prefix(game.to_owned());
    bar
}

impl Report {
    /// A game's report: every measurement's speed-up over the `baseline` strategy for the
    /// same operation, measurements ordered by `operations` (then by strategy order).
    fn new(
        game: &'static str,
        instances: usize,
        seed: u64,
        mut results: Vec<Measurement>,
        baseline: &str,
        operations: &[&str],
    ) -> Report {
        let base: Vec<(&'static str, f64)> = results
            .iter()
            .filter(|m| m.strategy == baseline)
            .map(|m| (m.operation, m.ns_per_call))
            .collect();
        for m in &mut results {
            if let Some(&(_, ns)) = base.iter().find(|(op, _)| *op == m.operation) {
                m.speedup_vs_naive = ns / m.ns_per_call;
            }
        }
        results.sort_by_key(|m| operations.iter().position(|&op| op == m.operation));
        Report {
            game,
            instances,
            seed,
            target: crate::target::description(),
            results,
        }
    }
}

impl Report {
    /// One line: the game, instances, seed and target.
    pub fn heading(&self) -> String {
        format!(
            "{}: {} instances, seed {}, all strategies agree; target {}",
            self.game, self.instances, self.seed, self.target
        )
    }

    /// A plain-text table, as `bitgames compare` prints it.
    pub fn table(&self) -> String {
        table(self)
    }

    /// A Markdown table, as `bitgames compare --markdown` prints it.
    pub fn markdown(&self) -> String {
        markdown(self)
    }
}

fn heading(report: &Report) -> String {
    report.heading()
}

/// Column widths wide enough for every operation's and strategy's name.
fn widths(report: &Report) -> (usize, usize) {
    report.results.iter().fold(
        ("operation".len(), "strategy".len()),
        |(operation, strategy), m| {
            (
                operation.max(m.operation.len()),
                strategy.max(m.strategy.len()),
            )
        },
    )
}

/// What the strategy names of a two-form operation mean, for each kind of name the report
/// shows (Santorini's `move_to` and `distances` come as a list form and a core bitboard
/// form).
fn notes(report: &Report) -> Vec<&'static str> {
    let mut notes = Vec::new();
    if report.results.iter().any(|m| m.strategy.ends_with("-core")) {
        notes.push(
            "note: <strategy>-core works on bitboards alone; <strategy> is the list form \
             (level grid and cells), converting to bitboards and back",
        );
    }
    if report
        .results
        .iter()
        .any(|m| m.strategy.ends_with("-with-conversions"))
    {
        notes.push(
            "note: naive-with-conversions is naive's array code behind the core form, \
             converting the bitboards to arrays and back",
        );
    }
    notes
}

fn table(report: &Report) -> String {
    let mut out = format!("{}\n", heading(report));
    let (operation, strategy) = widths(report);
    out.push_str(&format!(
        "{:<operation$} {:<strategy$} {:>12} {:>9}\n",
        "operation", "strategy", "ns/call", "speed-up"
    ));
    for m in &report.results {
        out.push_str(&format!(
            "{:<operation$} {:<strategy$} {:>12.2} {:>8.2}x\n",
            m.operation, m.strategy, m.ns_per_call, m.speedup_vs_naive
        ));
    }
    for note in notes(report) {
        out.push_str(&format!("{note}\n"));
    }
    out
}

fn markdown(report: &Report) -> String {
    let mut out = format!("{}\n\n", heading(report));
    out.push_str("| operation | strategy | ns/call | speed-up vs naive |\n|---|---|---:|---:|\n");
    for m in &report.results {
        out.push_str(&format!(
            "| {} | {} | {:.2} | {:.2}x |\n",
            m.operation, m.strategy, m.ns_per_call, m.speedup_vs_naive
        ));
    }
    let notes = notes(report);
    if !notes.is_empty() {
        out.push('\n');
        for note in notes {
            out.push_str(&format!("- {}\n", note.trim_start_matches("note: ")));
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::{Measurement, Report};

    /// A report of `game` (10 instances, seed 1) timing `rows`, (operation, strategy, ns per
    /// call) each: what the table's and the chart's tests print.
    pub(super) fn report(game: &'static str, rows: &[(&'static str, &str, f64)]) -> Report {
        let results = rows
            .iter()
            .map(|&(operation, strategy, ns_per_call)| Measurement {
                operation,
                strategy: strategy.to_owned(),
                ns_per_call,
                speedup_vs_naive: 1.0,
            })
            .collect();
        Report {
            game,
            instances: 10,
            seed: 1,
            target: "test".to_owned(),
            results,
        }
    }

    /// Issue 39: an operation's name longer than the column pushed its row's numbers out of
    /// line; and `-core` strategies were printed with nothing saying what they are.
    #[test]
    fn the_table_is_aligned_and_explains_the_core_forms() {
        let report = report(
            "santorini",
            &[
                ("move_to", "naive", 1.0),
                ("a_rather_long_operation_name", "shift-core", 22.5),
                ("distances", "naive-with-conversions", 333.25),
            ],
        );
        let table = report.table();
        let rows: Vec<&str> = table.lines().skip(1).take(4).collect();
        let ends: Vec<usize> = rows.iter().map(|row| row.len()).collect();
        assert!(ends.iter().all(|&end| end == ends[0]), "{table}");
        let strategy_column = rows[0].find("strategy").expect("a heading");
        for row in &rows[1..] {
            assert_ne!(row.as_bytes()[strategy_column], b' ', "{table}");
            assert_eq!(row.as_bytes()[strategy_column - 1], b' ', "{table}");
        }
        assert!(
            table.contains("note: <strategy>-core works on bitboards alone"),
            "{table}"
        );
        assert!(table.contains("note: naive-with-conversions is"), "{table}");
        assert!(report.markdown().contains("- <strategy>-core works"));
    }
}
