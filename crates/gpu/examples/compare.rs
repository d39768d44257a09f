//! The GPU comparison: every strategy's operations, environment steps, random playouts and
//! perft on device 0, as a Markdown table (and JSON lines with `--json PATH`):
//! `cargo run --release -p bitgames-gpu --example compare [-- --json out.jsonl] [--quick]`.

use std::fmt::Write as _;
use std::io::Write as _;

use bitgames_gpu::amazons::Amazons;
use bitgames_gpu::othello::Othello;
use bitgames_gpu::{Gpu, Strategy, bench};
use bitgames_othello::Position;
use bitgames_search::encoding::Encoding;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn main() {
    if let Err(error) = run() {
        eprintln!("error: {error}");
        std::process::exit(1);
    }
}

fn run() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let json_path = args
        .iter()
        .position(|a| a == "--json")
        .map(|i| args[i + 1].clone());
    let gpu = Gpu::open(0)?;
    let (major, minor) = gpu.compute_capability();
    println!(
        "device: {} (compute capability {major}.{minor})\n",
        gpu.name()
    );
    // Each row is written as it is measured, so a run cut short keeps what it measured.
    let mut json = json_path.map(std::fs::File::create).transpose()?;
    let mut record = |fields: String| -> std::io::Result<()> {
        match json.as_mut() {
            Some(file) => writeln!(file, "{{\"device\": {:?}, {fields}}}", gpu.name()),
            None => Ok(()),
        }
    };

    // Positions from random games, with a legal move of each (flips) where it has one.
    let count = if quick { 1 << 16 } else { 1 << 22 };
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(1);
    let mut positions = Vec::with_capacity(count);
    let mut game = Position::start();
    while positions.len() < count {
        if game.returns().is_some() {
            game = Position::start();
        }
        let action = game.random_action(&mut rng);
        positions.push((
            game.player().bits(),
            game.opponent().bits(),
            (action % 64) as u8,
        ));
        game.apply_legal(action);
    }
    println!(
        "| strategy | legal moves /s | flips /s | env steps /s (n = 65,536) | env steps /s (n = 1,048,576) | playout steps /s | perft {} |",
        if quick { 9 } else { 12 }
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut fastest: Option<(f64, Strategy)> = None;
    for strategy in Strategy::ALL {
        let (legal, flips) = bench::operations(&gpu, strategy, &positions, 5)?;
        let env_small =
            bench::environment::<Othello>(&gpu, strategy, 65_536, if quick { 10 } else { 100 }, 3)?;
        let env_large = bench::environment::<Othello>(
            &gpu,
            strategy,
            if quick { 65_536 } else { 1 << 20 },
            if quick { 10 } else { 100 },
            3,
        )?;
        let playouts = bench::playouts::<Othello>(
            &gpu,
            strategy,
            if quick { 1 << 14 } else { 1 << 20 },
            if quick { 1 } else { 4 },
            3,
        )?;
        let depth = if quick { 9 } else { 12 };
        let (leaves, time) = bench::perft::<Othello>(&gpu, strategy, depth)?;
        if fastest.is_none_or(|(best, _)| time.as_secs_f64() < best) {
            fastest = Some((time.as_secs_f64(), strategy));
        }
        println!(
            "| {strategy} | {:.3e} | {:.3e} | {env_small:.3e} | {env_large:.3e} | {playouts:.3e} | {:.2} s ({leaves} leaves) |",
            legal,
            flips,
            time.as_secs_f64()
        );
        record(format!(
            "\"strategy\": \"{strategy}\", \"legal_moves_per_s\": {legal}, \"flips_per_s\": {flips}, \"env_steps_per_s_65536\": {env_small}, \"env_steps_per_s_1m\": {env_large}, \"playout_steps_per_s\": {playouts}, \"perft_depth\": {depth}, \"perft_leaves\": {leaves}, \"perft_s\": {}",
            time.as_secs_f64()
        ))?;
    }
    let amazons_depth = if quick { 2 } else { 3 };
    println!(
        "\n| Amazons strategy | env steps /s (n = 65,536) | playout sub-actions /s | perft {amazons_depth} |"
    );
    println!("|---|---:|---:|---:|");
    for strategy in Strategy::ALL {
        let env =
            bench::environment::<Amazons>(&gpu, strategy, 65_536, if quick { 10 } else { 100 }, 3)?;
        let playouts = bench::playouts::<Amazons>(
            &gpu,
            strategy,
            if quick { 1 << 12 } else { 1 << 18 },
            1,
            3,
        )?;
        let (leaves, time) = bench::perft::<Amazons>(&gpu, strategy, amazons_depth)?;
        println!(
            "| {strategy} | {env:.3e} | {playouts:.3e} | {:.3} s ({leaves} leaves) |",
            time.as_secs_f64()
        );
        record(format!(
            "\"game\": \"amazons\", \"strategy\": \"{strategy}\", \"env_steps_per_s_65536\": {env}, \"playout_steps_per_s\": {playouts}, \"perft_depth\": {amazons_depth}, \"perft_leaves\": {leaves}, \"perft_s\": {}",
            time.as_secs_f64()
        ))?;
    }
    if !quick {
        // Last, the longest: the fastest strategy at perft 12 (above) for the batch sizes and perft 14.
        let best = fastest.expect("three strategies were measured").1;
        let mut row = String::new();
        for n in [4_096, 65_536, 262_144, 1 << 20, 1 << 22] {
            let rate = bench::environment::<Othello>(&gpu, best, n, 50, 3)?;
            write!(row, " {n}: {rate:.3e};")?;
            record(format!(
                "\"strategy\": \"{best}\", \"env_n\": {n}, \"env_steps_per_s\": {rate}"
            ))?;
        }
        println!("\nenv steps /s by batch size, {best}:{row}");
        let (leaves, time) = bench::perft::<Othello>(&gpu, best, 14)?;
        println!(
            "perft 14, {best}: {leaves} leaves in {:.2} s",
            time.as_secs_f64()
        );
        record(format!(
            "\"strategy\": \"{best}\", \"perft_depth\": 14, \"perft_leaves\": {leaves}, \"perft_s\": {}",
            time.as_secs_f64()
        ))?;
    }
    Ok(())
}
