//! `bitgames compare towerdefence`: one simulated round for every strategy over random
//! mid-game states (both players' commands random), and whole random playouts from the start.

use bitgames_towerdefence::random::{
    first_disagreement, load_instances, playouts_serial, round_corpus, round_pass,
};
use bitgames_towerdefence::{Simulation, State, StrategyVisitor, for_each_strategy, strategies};
use indicatif::ProgressBar;

use super::timing::ns_per_call;
use super::{CompareError, Measurement, Report, progress};
use crate::GameName;

pub fn compare(count: usize, seed: u64, bar: ProgressBar) -> Result<Report, CompareError> {
    let corpus = round_corpus(count, seed);
    let bar = progress(bar, (strategies().len() * 3) as u64, "towerdefence");
    bar.set_message("checking");
    let mut error = None;
    struct Check<'a>(
        &'a [bitgames_towerdefence::random::RoundInstance],
        &'a mut Option<String>,
    );
    impl StrategyVisitor for Check<'_> {
        fn visit<S: Simulation>(&mut self) {
            if self.1.is_none()
                && let Some((n, difference)) = first_disagreement::<S>(self.0)
            {
                *self.1 = Some(format!(
                    "strategy {} disagrees with naive at instance {n}: {}: expected {}, got {}",
                    S::NAME,
                    difference.field,
                    difference.expected,
                    difference.got
                ));
            }
        }
    }
    for_each_strategy(&mut Check(&corpus, &mut error));
    if let Some(error) = error {
        bar.abandon();
        return Err(CompareError::Disagreement {
            game: GameName::TowerDefence,
            message: error,
        });
    }
    bar.inc(strategies().len() as u64);
    bar.set_message("timing");
    struct Time<'a> {
        corpus: &'a [bitgames_towerdefence::random::RoundInstance],
        results: Vec<Measurement>,
        bar: &'a indicatif::ProgressBar,
        seed: u64,
    }
    impl StrategyVisitor for Time<'_> {
        fn visit<S: Simulation>(&mut self) {
            let boards = load_instances::<S>(self.corpus);
            let round = ns_per_call(boards.len(), || round_pass::<S>(&boards));
            self.bar.inc(1);
            // Random games from the start: simulated rounds per second on one thread.
            let games = 200;
            let (stats, elapsed) = playouts_serial::<S>(&State::start(), games, self.seed);
            let playout = elapsed.as_nanos() as f64 / stats.rounds.max(1) as f64;
            self.bar.inc(1);
            for (operation, ns_per_call) in [("round", round), ("playout_round", playout)] {
                self.results.push(Measurement {
                    operation,
                    strategy: S::NAME.to_owned(),
                    ns_per_call,
                    speedup_vs_naive: f64::NAN,
                });
            }
        }
    }
    let mut time = Time {
        corpus: &corpus,
        results: Vec::new(),
        bar: &bar,
        seed,
    };
    for_each_strategy(&mut time);
    bar.finish_and_clear();
    Ok(Report::new(
        "towerdefence",
        count,
        seed,
        time.results,
        "naive",
        &["round", "playout_round"],
    ))
}
