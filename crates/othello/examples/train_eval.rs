//! Trains the learned evaluation (`bitgames_othello::learned`) and writes its weights and
//! manifest; `cargo xtask train-eval` runs it (see `bitgames_othello::training` for the
//! pipeline):
//!
//! ```text
//! cargo run --release -p bitgames-othello --example train_eval -- \
//!     --weights crates/othello/data/othello-eval.bin --manifest crates/othello/data/othello-eval.json
//! cargo run --release -p bitgames-othello --example train_eval -- --smoke --weights W --manifest M
//! ```
//!
//! Without `--from-scratch` (and not `--smoke`), the run starts from the weights compiled
//! into the crate, or from `--start FILE`: self-play plays with them, and each phase's fit
//! starts from them (a phase whose fit is worse on its held-out positions keeps them). The run
//! fails, writing nothing, when the fitted weights are no better than untrained ones on the
//! held-out positions. With `--checkpoint` the weights are also written after every phase (and
//! with the cache every two minutes while exact labels are solved), so a run stopped by a
//! time limit (as on a lent machine) leaves usable weights and its solved labels behind;
//! `--first-phase N` refits only the phases from N up (after moving the exact boundary, say).

use std::path::PathBuf;
use std::time::Instant;

use bitgames_othello::Position;
use bitgames_othello::eval::{self, DISC};
use bitgames_othello::ffo;
use bitgames_othello::learned::{PHASE_COUNT, Weights, phase_empties};
use bitgames_othello::training::{
    Config, ExactCache, Model, Report, games_file, run, run_on_games, selfplay,
};
use clap::Parser;
use serde_json::json;

#[derive(Debug, Parser)]
#[command(about = "Train the learned Othello evaluation")]
struct Args {
    /// Where to write the weights.
    #[arg(long)]
    weights: PathBuf,
    /// Where to write the manifest (JSON).
    #[arg(long)]
    manifest: PathBuf,
    /// The smoke run's tiny configuration (from scratch).
    #[arg(long)]
    smoke: bool,
    /// Play with the hand-written evaluation and fit every phase from zero.
    #[arg(long)]
    from_scratch: bool,
    /// Exact scores solved by earlier runs: read from this file when it exists, and written
    /// back with this run's (so a run that adds games solves only new positions).
    #[arg(long)]
    cache: Option<PathBuf>,
    /// The commit the run was made from, for the manifest.
    #[arg(long, default_value = "unknown")]
    commit: String,
    /// Self-play games.
    #[arg(long)]
    games: Option<usize>,
    /// The seed of everything random.
    #[arg(long)]
    seed: Option<u64>,
    /// The most training positions per phase.
    #[arg(long)]
    per_phase: Option<usize>,
    /// Positions with at most this many empties get exact labels.
    #[arg(long)]
    exact_empties: Option<u32>,
    /// The search depth of the other labels.
    #[arg(long)]
    label_depth: Option<u32>,
    /// The search depth of self-play moves.
    #[arg(long)]
    play_depth: Option<u32>,
    /// The share of self-play moves (after the random opening) played at random instead of
    /// searched, from 0 to 1: lower makes games closer to strong play.
    #[arg(long, value_parser = parse_share)]
    random_moves: Option<f64>,
    /// Held-out positions with 20-26 empties solved for the accuracy check.
    #[arg(long)]
    accuracy: Option<usize>,
    /// The fits tried on each phase, the best on the held-out positions kept: `sgd`,
    /// `wls` (weighted least squares) or both (the default), comma-separated.
    #[arg(long, value_delimiter = ',')]
    fit: Option<Vec<bitgames_othello::training::fit::FitMethod>>,
    /// Passes of gradient descent per phase (`--fit sgd`).
    #[arg(long)]
    epochs: Option<usize>,
    /// The pull of each weight to its start, in labels' worth (`--fit wls`).
    #[arg(long)]
    prior: Option<f32>,
    /// Start from these weights instead of the ones compiled into the crate.
    #[arg(long, conflicts_with = "from_scratch")]
    start: Option<PathBuf>,
    /// Neither label nor fit the phases below this one (they keep the starting weights).
    #[arg(long, default_value_t = 0)]
    first_phase: usize,
    /// Neither label nor fit the phases above this one (they keep the starting weights).
    #[arg(long)]
    last_phase: Option<usize>,
    /// Also measure the static error on an `.obf` file of positions from games we did not
    /// play, each listed move with its exact score: every position whose moves are all
    /// listed, and every listed move's child, over all and by number of empties.
    /// `cargo xtask train-eval` passes the positions of other engines' games,
    /// `crates/othello/tests/data/egaroucid-games-20-26.obf` (the FFO test positions,
    /// `ffo-40-59.obf`, are another such file).
    #[arg(long)]
    ffo: Option<PathBuf>,
    /// Train on games played elsewhere instead of playing them here: a file of
    /// `bitgames_othello::training::games_file` chunks, as
    /// `python -m bitgames.distributed train-games` writes it from Ray workers. Its seed,
    /// search depth and random-move rate become the run's, and its games `--games`.
    #[arg(long, conflicts_with_all = ["smoke", "games", "seed", "play_depth", "random_moves"])]
    games_file: Option<PathBuf>,
    /// Write the games this run plays to a games file before labelling, so that a run
    /// stopped part-way (a session's end, a lent machine given back) resumes with
    /// `--games-file` and the same `--cache` without playing them again: deep self-play
    /// (`--play-depth 6`) takes most of an hour on two cores.
    #[arg(long, conflicts_with = "games_file")]
    save_games: Option<PathBuf>,
    /// Write the weights (and the cache) after every phase and every two minutes while
    /// labelling, not only at the end: a run stopped part-way leaves weights whose unfitted
    /// phases are the starting ones, and the exact labels it solved.
    #[arg(long)]
    checkpoint: bool,
}

/// A share from 0 to 1 (`--random-moves`).
fn parse_share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(share) if (0.0..=1.0).contains(&share) => Ok(share),
        _ => Err(format!("expected a share from 0 to 1, not {text:?}")),
    }
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    let mut config = if args.smoke {
        Config::smoke()
    } else {
        Config::full()
    };
    config.games = args.games.unwrap_or(config.games);
    config.seed = args.seed.unwrap_or(config.seed);
    config.per_phase = args.per_phase.unwrap_or(config.per_phase);
    config.exact_empties = args.exact_empties.unwrap_or(config.exact_empties);
    config.label_depth = args.label_depth.unwrap_or(config.label_depth);
    config.play_depth = args.play_depth.unwrap_or(config.play_depth);
    config.random_moves = args.random_moves.unwrap_or(config.random_moves);
    config.accuracy_positions = args.accuracy.unwrap_or(config.accuracy_positions);
    if let Some(fits) = args.fit.as_ref().filter(|fits| !fits.is_empty()) {
        config.fits = fits.clone();
    }
    config.epochs = args.epochs.unwrap_or(config.epochs);
    config.prior_samples = args.prior.unwrap_or(config.prior_samples);
    let played = match &args.games_file {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            let (settings, games) =
                games_file::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
            config.seed = settings.seed;
            config.play_depth = settings.play_depth;
            config.random_moves = settings.random_moves;
            config.games = games.len();
            Some(games)
        }
        None => None,
    };
    if config.games < 10 {
        return Err("--games: at least 10 (every tenth game is held out)".into());
    }
    let from_scratch = args.from_scratch || args.smoke;
    config.first_phase = args.first_phase;
    config.last_phase = args.last_phase.unwrap_or(config.last_phase);
    let loaded = match &args.start {
        Some(path) => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            Some(Weights::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?)
        }
        None => None,
    };
    let start = match &loaded {
        Some(weights) => Some(weights),
        None => (!from_scratch).then(Weights::checked_in),
    };
    let origin = match &args.start {
        Some(path) => format!("the weights in {}", path.display()),
        None if from_scratch => "scratch".to_string(),
        None => "the checked-in weights".to_string(),
    };
    eprintln!(
        "training from {origin} on {} threads: {config:?}",
        rayon::current_num_threads()
    );
    let mut cache = match &args.cache {
        Some(path) if path.exists() => {
            let bytes =
                std::fs::read(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
            ExactCache::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?
        }
        _ => ExactCache::default(),
    };
    eprintln!("{} exact scores cached", cache.len());
    let clock = Instant::now();
    let progress = |line: &str| eprintln!("{line}");
    let checkpoint = |weights: &Weights, cache: &ExactCache| {
        if !args.checkpoint {
            return;
        }
        let written = write(&args.weights, &weights.encode()).and_then(|()| match &args.cache {
            Some(path) => write(path, &cache.encode()),
            None => Ok(()),
        });
        if let Err(err) = written {
            eprintln!("checkpoint: {err}");
        }
    };
    let report = match (played, &args.save_games) {
        (Some(games), _) => {
            run_on_games(&config, games, 0.0, start, &mut cache, progress, checkpoint)
        }
        (None, Some(path)) => {
            let model = start.map_or(Model::Hand, Model::Learned);
            let games = selfplay::play_range(&config, model, 0..config.games);
            let seconds = clock.elapsed().as_secs_f64();
            let indexed: Vec<(u32, _)> = (0u32..).zip(games).collect();
            write(
                path,
                &games_file::encode(games_file::Settings::of(&config), &indexed),
            )?;
            eprintln!("wrote the {} games to {}", indexed.len(), path.display());
            let games = indexed.into_iter().map(|(_, game)| game).collect();
            run_on_games(
                &config, games, seconds, start, &mut cache, progress, checkpoint,
            )
        }
        (None, None) => run(&config, start, &mut cache, progress, checkpoint),
    };
    if let Some(path) = &args.cache {
        write(path, &cache.encode())?;
    }
    let (fitted, start_error, untrained) = report.overall();
    eprintln!(
        "held-out error over all phases (discs): fitted {fitted:.2}, start {start_error:.2}, untrained {untrained:.2}; {:.0} s",
        clock.elapsed().as_secs_f64()
    );
    if fitted >= untrained {
        return Err(format!(
            "the fitted weights ({fitted:.2} discs) are no better than untrained ones ({untrained:.2}) on the held-out positions"
        ));
    }
    let ffo = match &args.ffo {
        Some(path) => {
            let untrained = Weights::zero();
            let accuracy = ffo_accuracy(path, &report.weights, start.unwrap_or(&untrained))?;
            eprintln!(
                "{} ({} positions): {}",
                path.display(),
                accuracy.positions,
                accuracy.summary()
            );
            for row in &accuracy.by_empties {
                eprintln!(
                    "  {} empties ({} positions): {}",
                    row.empties,
                    row.positions,
                    row.summary()
                );
            }
            Some(accuracy)
        }
        None => None,
    };
    let manifest = manifest(&args, &config, from_scratch, &report, ffo.as_ref());
    write(&args.weights, &report.weights.encode())?;
    let text = serde_json::to_string_pretty(&manifest).map_err(|e| e.to_string())? + "\n";
    write(&args.manifest, text.as_bytes())?;
    eprintln!(
        "wrote {} and {}",
        args.weights.display(),
        args.manifest.display()
    );
    Ok(())
}

fn write(path: &std::path::Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    // Through a temporary file and a rename, so that a run killed while writing leaves the
    // last complete file rather than a torn one.
    let partial = path.with_extension("partial");
    std::fs::write(&partial, bytes).map_err(|e| format!("writing {}: {e}", partial.display()))?;
    std::fs::rename(&partial, path).map_err(|e| format!("writing {}: {e}", path.display()))
}

/// What the run was and what it measured, written beside the weights.
fn manifest(
    args: &Args,
    config: &Config,
    from_scratch: bool,
    report: &Report,
    ffo: Option<&FfoAccuracy>,
) -> serde_json::Value {
    let phases: Vec<_> = report
        .phases
        .iter()
        .enumerate()
        .map(|(p, r)| {
            let empties = phase_empties(p);
            json!({
                "phase": p,
                "empties": [empties.start(), empties.end()],
                "labels": if r.exact_labels { "exact" } else { "search" },
                "kept_start": r.kept_start,
                "fit": r.fit.map(|method| method.to_string()),
                "rejected_fit_mae_discs": r.rejected_fit.map(round),
                "train_positions": r.train,
                "held_out_positions": r.held_out,
                "mae_discs": {
                    "fitted": round(r.fitted),
                    "start": round(r.start),
                    "untrained": round(r.untrained),
                    "hand": round(r.hand),
                },
            })
        })
        .collect();
    let (fitted, start, untrained) = report.overall();
    json!({
        "format": "bitgames othello eval v1",
        "phases": PHASE_COUNT,
        "commit": args.commit,
        "start": match &args.start {
            Some(path) => format!("weights from {}", path.display()),
            None if from_scratch => "scratch".to_string(),
            None => "checked-in weights".to_string(),
        },
        "config": {
            "games": config.games,
            "games_file": args.games_file.as_ref().map(|p| p.display().to_string()),
            "seed": config.seed,
            "play_depth": config.play_depth,
            "random_moves": config.random_moves,
            "exact_empties": config.exact_empties,
            "label_depth": config.label_depth,
            "per_phase": config.per_phase,
            "first_phase": config.first_phase,
            "last_phase": config.last_phase,
            "accuracy_positions": config.accuracy_positions,
            "fits": config.fits.iter().map(ToString::to_string).collect::<Vec<_>>(),
            "epochs": config.epochs,
            "regularisation": (f64::from(config.regularisation) * 1e6).round() / 1e6,
            "prior_samples": config.prior_samples,
        },
        "distinct_positions": report.positions,
        "held_out_mae_discs": {
            "fitted": round(fitted),
            "start": round(start),
            "untrained": round(untrained),
        },
        "accuracy_20_26_empties": report.accuracy.map(|a| json!({
            "positions": a.positions,
            "mae_discs": {
                "fitted": round(a.fitted),
                "start": round(a.start),
                "hand": round(a.hand),
            },
        })),
        "accuracy_ffo": ffo.map(|a| json!({
            "file": args.ffo.as_ref().map(|p| p.display().to_string()),
            "positions": a.positions,
            "mae_discs": a.mae_json(),
            "bias_discs": a.bias_json(),
            "by_empties": a.by_empties.iter().map(|row| json!({
                "empties": row.empties,
                "positions": row.positions,
                "mae_discs": row.mae_json(),
                "bias_discs": row.bias_json(),
            })).collect::<Vec<_>>(),
        })),
        "per_phase": phases,
        "threads": rayon::current_num_threads(),
        "seconds": {
            "self_play": round(report.seconds[0]),
            "labels_and_fit": round(report.seconds[1]),
            "accuracy": round(report.seconds[2]),
        },
    })
}

fn round(value: f64) -> f64 {
    (value * 100.0).round() / 100.0
}

/// The static errors on an `.obf` file's positions (mean absolute, in discs), over all of
/// them and by number of empty squares (the issue asks for the error at each depth of the
/// game, and the set's error is not the same at even and odd empties).
struct FfoAccuracy {
    positions: usize,
    fitted: f64,
    start: f64,
    hand: f64,
    /// The mean signed error (evaluation minus exact score) of the fitted weights: how much
    /// they overrate the side to move.
    fitted_bias: f64,
    /// The same of the starting weights.
    start_bias: f64,
    /// The same figures for the positions with each number of empties, fewest first.
    by_empties: Vec<FfoAccuracy>,
    /// The number of empty squares these figures are for (0 for the whole set).
    empties: u32,
}

impl FfoAccuracy {
    /// The errors in one line of the trainer's log.
    fn summary(&self) -> String {
        format!(
            "fitted {:.2}, start {:.2}, hand {:.2} discs; bias (evaluation minus exact) fitted {:+.2}, start {:+.2}",
            self.fitted, self.start, self.hand, self.fitted_bias, self.start_bias
        )
    }

    /// The mean absolute errors, as the manifest records them.
    fn mae_json(&self) -> serde_json::Value {
        json!({
            "fitted": round(self.fitted),
            "start": round(self.start),
            "hand": round(self.hand),
        })
    }

    /// The biases, as the manifest records them.
    fn bias_json(&self) -> serde_json::Value {
        json!({
            "fitted": round(self.fitted_bias),
            "start": round(self.start_bias),
        })
    }

    /// The errors of `fitted`, `start` and the hand-written evaluation on `exact`
    /// (positions with their exact scores), without the breakdown.
    fn measure(exact: &[(Position, i32)], fitted: &Weights, start: &Weights, empties: u32) -> Self {
        // The mean of `f` over the signed errors (evaluation minus exact score), in discs.
        let mean = |evaluate: &dyn Fn(&Position) -> i32, f: fn(f64) -> f64| {
            exact
                .iter()
                .map(|(position, score)| {
                    f(f64::from(evaluate(position)) / f64::from(DISC) - f64::from(*score))
                })
                .sum::<f64>()
                / exact.len().max(1) as f64
        };
        let fitted = |p: &Position| fitted.evaluate(p);
        let start = |p: &Position| start.evaluate(p);
        FfoAccuracy {
            positions: exact.len(),
            fitted: mean(&fitted, f64::abs),
            start: mean(&start, f64::abs),
            hand: mean(&|p| eval::evaluate(p), f64::abs),
            fitted_bias: mean(&fitted, |e| e),
            start_bias: mean(&start, |e| e),
            by_empties: Vec::new(),
            empties,
        }
    }
}

/// Every position of `path` whose moves are all listed (its value is the best of them), and
/// every listed move's child (its value, for the side to move there, is minus the move's
/// score), scored by `fitted`, `start` and the hand-written evaluation.
fn ffo_accuracy(
    path: &std::path::Path,
    fitted: &Weights,
    start: &Weights,
) -> Result<FfoAccuracy, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let problems = ffo::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut exact: Vec<(Position, i32)> = Vec::new();
    for problem in &problems {
        if problem.moves.len() == problem.position.legal_moves().len()
            && let Some(best) = problem.best_score()
        {
            exact.push((problem.position, best));
        }
        for &(mv, score) in &problem.moves {
            let child = problem
                .position
                .play(mv)
                .map_err(|e| format!("{}: line {}: {e}", path.display(), problem.line))?;
            exact.push((child, -score));
        }
    }
    if exact.is_empty() {
        return Err(format!("{}: no scored positions", path.display()));
    }
    let mut accuracy = FfoAccuracy::measure(&exact, fitted, start, 0);
    let mut counts: Vec<u32> = exact
        .iter()
        .map(|(p, _)| p.empty_squares().len() as u32)
        .collect();
    counts.sort_unstable();
    counts.dedup();
    accuracy.by_empties = counts
        .into_iter()
        .map(|empties| {
            let subset: Vec<_> = exact
                .iter()
                .filter(|(p, _)| p.empty_squares().len() as u32 == empties)
                .copied()
                .collect();
            FfoAccuracy::measure(&subset, fitted, start, empties)
        })
        .collect();
    Ok(accuracy)
}
