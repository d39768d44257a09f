//! The kernels on a CUDA device, against bitgames-othello and bitgames-amazons: the
//! environments bit for bit over 10^6 steps per strategy, illegal actions, device-side actions, the operations over
//! quickcheck positions, playouts replayed on the CPU, and perft against the published counts
//! (Amazons perft 3 against the CPU's).
//!
//! A harness of its own (libtest-mimic), so that where no driver or device is found every
//! test is reported as not run with the reason "no CUDA device" instead of passing. Any other
//! failure to open a device that exists (NVRTC missing, a compile error) fails the tests.
//! Run on a GPU machine with `cargo test -p bitgames-gpu --test gpu` (NVRTC's library
//! directory on `LD_LIBRARY_PATH` if it is not on the loader's path).

mod common;

use std::sync::OnceLock;

use bitgames_amazons::Position as AmazonsPosition;
use bitgames_amazons::encoding::Turn;
use bitgames_gpu::amazons::{self, Amazons, AmazonsBatch};
use bitgames_gpu::othello::{self, Othello, OthelloBatch};
use bitgames_gpu::{Batch, BatchGame, Error, Gpu, Strategy};
use bitgames_othello::{Bitboard, Kernels, Naive, Position, Square};
use bitgames_search::PerftSuite;
use bitgames_search::encoding::Encoding;
use bitgames_search::testing::Reachable;
use libtest_mimic::{Arguments, Completion, Failed, Trial};
use quickcheck::{Arbitrary, Gen};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The device, opened once; `None` where there is no driver or device.
fn gpu() -> Result<Option<&'static Gpu>, Failed> {
    static GPU: OnceLock<Result<Gpu, Error>> = OnceLock::new();
    match GPU.get_or_init(|| Gpu::open(0)) {
        Ok(gpu) => Ok(Some(gpu)),
        Err(Error::NoDriver | Error::NoDevice { .. }) => Ok(None),
        Err(error) => {
            Err(format!("a CUDA device is present but could not be used: {error}").into())
        }
    }
}

/// A test that needs the device: not run, "no CUDA device", where there is none.
fn on_gpu(name: &str, test: fn(&Gpu) -> Result<(), Failed>) -> Trial {
    Trial::ignorable_test(name, move || match gpu()? {
        Some(gpu) => test(gpu).map(|()| Completion::Completed),
        None => Ok(Completion::ignored_with("no CUDA device")),
    })
}

fn main() {
    let mut args = Arguments::from_args();
    // One device and one stream: the tests take turns.
    args.test_threads = Some(1);
    let trials = vec![
        Trial::test(
            "opening_a_missing_device_is_a_typed_error",
            opening_a_missing_device,
        ),
        on_gpu(
            "othello_environment_equals_the_cpu_encoding_over_a_million_steps",
            environment_equals_the_cpu,
        ),
        on_gpu(
            "othello_illegal_actions_move_no_game",
            illegal_actions_move_no_game,
        ),
        on_gpu(
            "othello_actions_in_device_memory_step_the_games",
            actions_in_device_memory,
        ),
        on_gpu(
            "othello_operations_agree_with_naive_on_quickcheck_positions",
            operations_agree_with_naive,
        ),
        on_gpu(
            "othello_playouts_play_the_games_their_generator_draws",
            playouts_replay_on_the_cpu,
        ),
        on_gpu(
            "amazons_environment_equals_the_cpu_encoding_over_a_million_steps",
            amazons_environment_equals_the_cpu,
        ),
        on_gpu(
            "amazons_illegal_actions_move_no_game",
            amazons_illegal_actions_move_no_game,
        ),
        on_gpu(
            "amazons_operations_agree_with_naive_on_quickcheck_positions",
            amazons_operations_agree_with_naive,
        ),
        on_gpu(
            "amazons_playouts_play_the_games_their_generator_draws",
            amazons_playouts_replay_on_the_cpu,
        ),
        on_gpu(
            "amazons_perft_matches_the_published_counts_and_the_cpu",
            amazons_perft_matches,
        ),
        // Last: perft to 14 is the longest test.
        on_gpu(
            "othello_perft_matches_the_published_counts",
            perft_matches_the_published_counts,
        ),
    ];
    libtest_mimic::run(&args, trials).exit();
}

/// No machine has device 4096: opening it is `NoDriver` (no CUDA at all) or `NoDevice`,
/// with a message naming what is missing, never a panic. Runs with or without a GPU.
fn opening_a_missing_device() -> Result<(), Failed> {
    match Gpu::open(4_096) {
        Err(error @ Error::NoDriver) => ensure(
            error.to_string().starts_with("no CUDA driver: libcuda.so"),
            || error.to_string(),
        ),
        Err(error @ Error::NoDevice { ordinal: 4_096, .. }) => {
            ensure(error.to_string().starts_with("no CUDA device:"), || {
                error.to_string()
            })
        }
        other => Err(format!("expected NoDriver or NoDevice, got {other:?}").into()),
    }
}

fn ensure(condition: bool, message: impl FnOnce() -> String) -> Result<(), Failed> {
    if condition {
        Ok(())
    } else {
        Err(message().into())
    }
}

/// 4,096 games x 250 steps = 1,024,000 steps per strategy, actions drawn on the CPU: the
/// device's observations, masks, rewards and terminations equal the CPU encoding `E`'s
/// (`Encoding::step_write`, what `bitgames.vector` runs); at least `min_finished` games end.
fn environment_equals<G: BatchGame, E: Encoding + Clone>(
    gpu: &Gpu,
    seed: u64,
    min_finished: usize,
) -> Result<(), Failed> {
    let (n, steps) = (4_096, 250);
    let (width, actions_width) = (G::OBSERVATION_BYTES, G::ACTIONS);
    for strategy in Strategy::ALL {
        let mut batch = Batch::<G>::new(gpu, n, 1, strategy)?;
        let mut games = vec![E::start(); n];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        let (mut obs, mut mask) = (vec![0i8; n * width], vec![false; n * actions_width]);
        for (i, game) in games.iter().enumerate() {
            game.observe(game.current_player(), &mut obs[width * i..width * (i + 1)]);
            game.legal_write(&mut mask[actions_width * i..actions_width * (i + 1)]);
        }
        let mut finished = 0;
        for step in 0..=steps {
            if step > 0 {
                let actions: Vec<i64> = games
                    .iter()
                    .map(|g| g.random_action(&mut rng) as i64)
                    .collect();
                batch.set_actions(&actions)?;
                batch.step()?;
                let (rewards, terminated) = (batch.rewards()?, batch.terminated()?);
                for (i, game) in games.iter_mut().enumerate() {
                    let mover = game.current_player();
                    let (returns, _) = game.step_write(
                        actions[i] as usize,
                        &mut obs[width * i..width * (i + 1)],
                        &mut mask[actions_width * i..actions_width * (i + 1)],
                    );
                    let reward = returns.map_or(0.0, |r| r[mover]);
                    ensure(
                        rewards[i] == reward && terminated[i] == returns.is_some(),
                        || {
                            format!(
                                "{strategy}: step {step}, game {i}: reward {} / terminated {} on the GPU, {reward} / {} on the CPU",
                                rewards[i],
                                terminated[i],
                                returns.is_some()
                            )
                        },
                    )?;
                    finished += usize::from(returns.is_some());
                }
            }
            ensure(batch.observations()? == obs, || {
                format!("{strategy}: step {step}: observations differ")
            })?;
            ensure(batch.masks()? == mask, || {
                format!("{strategy}: step {step}: masks differ")
            })?;
        }
        ensure(finished >= min_finished, || {
            format!("{strategy}: only {finished} games finished")
        })?;
    }
    Ok(())
}

/// Othello: random games last about 61 plies, so each game finishes about four times.
fn environment_equals_the_cpu(gpu: &Gpu) -> Result<(), Failed> {
    environment_equals::<Othello, Position>(gpu, 11, 3 * 4_096)
}

fn illegal_actions_move_no_game(gpu: &Gpu) -> Result<(), Failed> {
    let mut batch = OthelloBatch::new(gpu, 1_000, 2, Strategy::KoggeStone)?;
    for _ in 0..10 {
        batch.sample_actions()?;
        batch.step()?;
    }
    let before = batch.positions()?;
    batch.sample_actions()?;
    let mut actions = batch.actions()?;
    // Game 500 plays on an occupied square, game 700 out of range; the lower is named.
    actions[500] = (before[500].player().bits().trailing_zeros()) as i64;
    actions[700] = 99;
    batch.set_actions(&actions)?;
    match batch.step() {
        Err(Error::IllegalAction { game: 500, action }) if action == actions[500] => {}
        other => {
            return Err(format!("expected game 500's action to be refused, got {other:?}").into());
        }
    }
    ensure(batch.positions()? == before, || {
        "a refused step moved a game".into()
    })
}

fn actions_in_device_memory(gpu: &Gpu) -> Result<(), Failed> {
    // The batch's own action buffer, handed over as a device pointer (as a DLPack array's).
    let mut by_pointer = OthelloBatch::new(gpu, 2_048, 3, Strategy::Shift)?;
    let mut by_host = OthelloBatch::new(gpu, 2_048, 3, Strategy::Shift)?;
    for _ in 0..100 {
        by_pointer.sample_actions()?;
        let actions = by_pointer.actions()?;
        let pointer = by_pointer.buffers().actions;
        // SAFETY: the batch's own buffer of `n` actions, which nothing writes during the step.
        unsafe { by_pointer.step_device_actions(pointer) }?;
        by_host.set_actions(&actions)?;
        by_host.step()?;
    }
    ensure(by_pointer.positions()? == by_host.positions()?, || {
        "device and host actions differ".into()
    })
}

fn operations_agree_with_naive(gpu: &Gpu) -> Result<(), Failed> {
    let mut g = Gen::from_size_and_seed(100, 31);
    let positions: Vec<Position> = (0..100_000)
        .map(|_| Reachable::<Position>::arbitrary(&mut g).0)
        .collect();
    let players: Vec<u64> = positions.iter().map(|p| p.player().bits()).collect();
    let opponents: Vec<u64> = positions.iter().map(|p| p.opponent().bits()).collect();
    let board = Bitboard::from_bits_truncate;
    let (mut fp, mut fo, mut fs) = (Vec::new(), Vec::new(), Vec::new());
    for (&p, &o) in players.iter().zip(&opponents) {
        for square in Square::all().filter(|s| (p | o) & s.mask() == 0) {
            fp.push(p);
            fo.push(o);
            fs.push(square);
        }
    }
    for strategy in Strategy::ALL {
        let moves = othello::legal_moves(gpu, strategy, &players, &opponents)?;
        for i in 0..players.len() {
            let expected = Naive::legal_moves(board(players[i]), board(opponents[i])).bits();
            ensure(moves[i] == expected, || {
                format!("{strategy}: legal moves of {}", positions[i])
            })?;
        }
        let flips = othello::flips(gpu, strategy, &fp, &fo, &fs)?;
        for i in 0..fp.len() {
            let expected = Naive::flips(board(fp[i]), board(fo[i]), fs[i]).bits();
            ensure(flips[i] == expected, || {
                format!(
                    "{strategy}: flips on {} of {:#x} / {:#x}",
                    fs[i], fp[i], fo[i]
                )
            })?;
        }
    }
    Ok(())
}

fn playouts_replay_on_the_cpu(gpu: &Gpu) -> Result<(), Failed> {
    let (threads, games, seed) = (2_048u64, 3u32, 77u64);
    let [steps, black_wins, draws] = common::othello_playouts_on_the_cpu(threads, games, seed);
    for strategy in Strategy::ALL {
        let totals = othello::playouts(gpu, strategy, threads, games, seed)?;
        ensure(
            (totals.games, totals.steps, totals.black_wins, totals.draws)
                == (threads * u64::from(games), steps, black_wins, draws),
            || {
                format!(
                    "{strategy}: {totals:?}, the CPU replay: {steps} steps, {black_wins} black wins, {draws} draws"
                )
            },
        )?;
    }
    Ok(())
}

fn perft_matches_the_published_counts(gpu: &Gpu) -> Result<(), Failed> {
    let suite: PerftSuite = common::OTHELLO_SUITE.parse()?;
    for case in &suite.cases {
        let position: Position = case.position.parse()?;
        for count in &case.counts {
            for strategy in Strategy::ALL {
                // Every strategy to depth 11 (2 * 10^8 leaves); the fastest to the end of the
                // table (perft 14, 1.8 * 10^11 leaves), the timed target.
                if count.depth > 11 && strategy != Strategy::KoggeStone {
                    continue;
                }
                let leaves = othello::perft(gpu, strategy, &position, count.depth)?;
                ensure(leaves == count.nodes, || {
                    format!(
                        "{strategy}: perft {} of {}: {leaves}, published {}",
                        count.depth, case.id, count.nodes
                    )
                })?;
            }
        }
    }
    Ok(())
}

/// The Amazons, one sub-action a step: random games last about 207 sub-actions, so most
/// games finish once.
fn amazons_environment_equals_the_cpu(gpu: &Gpu) -> Result<(), Failed> {
    environment_equals::<Amazons, Turn>(gpu, 13, 4_096 / 2)
}

fn amazons_illegal_actions_move_no_game(gpu: &Gpu) -> Result<(), Failed> {
    let mut batch = AmazonsBatch::new(gpu, 1_000, 2, Strategy::KoggeStone)?;
    for _ in 0..31 {
        batch.sample_actions()?;
        batch.step()?;
    }
    let before = batch.turns()?;
    batch.sample_actions()?;
    let mut actions = batch.actions()?;
    actions[300] = 100;
    actions[900] = -1;
    batch.set_actions(&actions)?;
    match batch.step() {
        Err(Error::IllegalAction {
            game: 300,
            action: 100,
        }) => {}
        other => {
            return Err(format!("expected game 300's action to be refused, got {other:?}").into());
        }
    }
    ensure(batch.turns()? == before, || {
        "a refused step moved a game".into()
    })
}

fn amazons_operations_agree_with_naive(gpu: &Gpu) -> Result<(), Failed> {
    let mut g = Gen::from_size_and_seed(100, 37);
    let positions: Vec<AmazonsPosition> = (0..5_000)
        .map(|_| Reachable::<AmazonsPosition>::arbitrary(&mut g).0)
        .collect();
    let expected: Vec<u64> = positions
        .iter()
        .map(|p| p.legal_moves().len() as u64)
        .collect();
    for strategy in Strategy::ALL {
        let counts = amazons::count_moves(gpu, strategy, &positions)?;
        for i in 0..positions.len() {
            ensure(counts[i] == expected[i], || {
                format!(
                    "{strategy}: {} moves in {}, the CPU has {}",
                    counts[i], positions[i], expected[i]
                )
            })?;
        }
    }
    Ok(())
}

fn amazons_playouts_replay_on_the_cpu(gpu: &Gpu) -> Result<(), Failed> {
    let (threads, games, seed) = (1_024u64, 1u32, 55u64);
    let [steps, white_wins] = common::amazons_playouts_on_the_cpu(threads, games, seed);
    for strategy in Strategy::ALL {
        let totals = amazons::playouts(gpu, strategy, threads, games, seed)?;
        ensure(
            (totals.games, totals.steps, totals.white_wins)
                == (threads * u64::from(games), steps, white_wins),
            || {
                format!(
                    "{strategy}: {totals:?}, the CPU replay: {steps} sub-actions, {white_wins} white wins"
                )
            },
        )?;
    }
    Ok(())
}

fn amazons_perft_matches(gpu: &Gpu) -> Result<(), Failed> {
    let start = AmazonsPosition::start();
    for strategy in Strategy::ALL {
        for (depth, leaves) in common::published_counts(common::AMAZONS_SUITE, "start") {
            let counted = amazons::perft(gpu, strategy, &start, depth)?;
            ensure(counted == leaves, || {
                format!("{strategy}: perft {depth}: {counted}, published {leaves}")
            })?;
        }
    }
    // Perft 3 (8,350,439,170 leaves), past the published table: against bitgames-amazons'
    // bulk count, which AmazonsEngine's own perft matched (README, "Amazons kernels").
    let expected = bitgames_search::perft(&start, 3);
    for strategy in Strategy::ALL {
        let counted = amazons::perft(gpu, strategy, &start, 3)?;
        ensure(counted == expected, || {
            format!("{strategy}: perft 3: {counted}, the CPU {expected}")
        })?;
    }
    // Perft 2 below positions late in random games, split on the host at every depth,
    // against bitgames-amazons.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    let mut late = Vec::new();
    while late.len() < 20 {
        let mut game = Turn::start();
        for _ in 0..150 {
            if game.returns().is_none() {
                game.apply_legal(game.random_action(&mut rng));
            }
        }
        late.push(game.position);
    }
    for position in &late {
        let expected = bitgames_search::perft(position, 2);
        for split in 0..=2 {
            let counted = amazons::perft_split(gpu, Strategy::KoggeStone, position, 2, split)?;
            ensure(counted == expected, || {
                format!("perft 2 of {position} split at {split}: {counted}, the CPU {expected}")
            })?;
        }
    }
    Ok(())
}
