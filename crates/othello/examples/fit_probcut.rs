//! Measures the spreads of Multi-ProbCut (`bitgames_othello::probcut::SPREADS`): on
//! self-play positions of each stage of the midgame, full-width searches (no ProbCut) of
//! every depth up to `probcut::MAX_DEPTH` with the learned evaluation, and per deep depth
//! the mean and standard deviation of the deep score minus its shallow partner's. Prints
//! the table as Rust, to replace `SPREADS` with:
//!
//! ```text
//! cargo run --release -p bitgames-othello --example fit_probcut -- --per-stage 60
//! ```

use bitgames_othello::learned::Weights;
use bitgames_othello::probcut::{MAX_DEPTH, MIN_DEPTH, STAGES, shallow_depth, stage};
use bitgames_othello::training::{Config, Model, label::position, selfplay};
use bitgames_search::{AlphaBeta, Limits};
use clap::Parser;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use rayon::prelude::*;

#[derive(Debug, Parser)]
#[command(about = "Measure the Multi-ProbCut spreads of the learned Othello evaluation")]
struct Args {
    /// Positions per stage of the game.
    #[arg(long, default_value_t = 60)]
    per_stage: usize,
    /// Self-play games to draw them from.
    #[arg(long, default_value_t = 400)]
    games: usize,
    /// The seed of the games and the draw.
    #[arg(long, default_value_t = 11)]
    seed: u64,
}

fn main() {
    let args = Args::parse();
    let config = Config {
        games: args.games,
        seed: args.seed,
        play_depth: 2,
        ..Config::smoke()
    };
    let weights = Weights::checked_in();
    let games = selfplay::play(&config, Model::Learned(weights));
    let mut by_stage = vec![Vec::new(); STAGES];
    for discs in games.into_iter().flatten() {
        let empties = 64 - (discs.0 | discs.1).count_ones();
        if empties > 20 {
            by_stage[stage(empties)].push(discs);
        }
    }
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(args.seed);
    let mut sample = Vec::new();
    for (index, positions) in by_stage.iter_mut().enumerate() {
        positions.shuffle(&mut rng);
        positions.truncate(args.per_stage);
        sample.extend(positions.iter().map(|&d| (index, d)));
    }
    eprintln!("{} positions; searching to depth {MAX_DEPTH}", sample.len());
    // Per position: the score of every depth from 1 to MAX_DEPTH.
    let scores: Vec<(usize, Vec<i32>)> = sample
        .par_iter()
        .map(|&(stage, discs)| {
            let root = position(discs);
            let mut searcher = AlphaBeta::new(20);
            searcher.set_probcut(false);
            let scores = (1..=MAX_DEPTH)
                .map(|depth| searcher.search(&root, Limits::depth(depth)).score)
                .collect();
            (stage, scores)
        })
        .collect();
    println!("// depth: (mean, spread) of deep - shallow by stage, hundredths of a disc");
    for depth in MIN_DEPTH..=MAX_DEPTH {
        let shallow = shallow_depth(depth);
        let cells: Vec<String> = (0..STAGES)
            .map(|s| {
                let differences: Vec<f64> = scores
                    .iter()
                    .filter(|(stage, _)| *stage == s)
                    .map(|(_, d)| f64::from(d[depth as usize - 1] - d[shallow as usize - 1]))
                    .filter(|d| d.abs() < 10_000.0)
                    .collect();
                let n = differences.len().max(1) as f64;
                let mean = differences.iter().sum::<f64>() / n;
                let variance = differences.iter().map(|d| (d - mean).powi(2)).sum::<f64>()
                    / (n - 1.0).max(1.0);
                format!("({:.0}, {:.0})", mean, variance.sqrt())
            })
            .collect();
        println!("    [{}], // {depth} from {shallow}", cells.join(", "));
    }
}
