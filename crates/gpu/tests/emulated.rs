//! Every Othello kernel run on the host (the CUDA source compiled as C++, see
//! `tests/common`), against bitgames-othello: the operations of every strategy over
//! quickcheck-drawn positions and every line pattern, the environment step by step against
//! the CPU vector environment's encoding, sampling, playouts and perft against the published
//! counts. These run everywhere; `tests/gpu.rs` runs the same kernels on a device.

#![allow(
    clippy::undocumented_unsafe_blocks,
    reason = "every unsafe block calls an emulated kernel with its C signature (the type aliases \
              below) and buffers of the lengths its launch covers"
)]

mod common;

use bitgames_gpu::Strategy;
use bitgames_othello::{Bitboard, Kernels, Naive, Position, Square};
use bitgames_search::encoding::Encoding;
use bitgames_search::testing::Reachable;
use bitgames_tables::othello::OTHELLO_LINES;
use common::Emulator;
use quickcheck::{Arbitrary, Gen};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

type MovesKernel = unsafe extern "C" fn(u64, *const u64, *const u64, *mut u64);
type FlipsKernel = unsafe extern "C" fn(u64, *const u64, *const u64, *const u8, *mut u64);
type ResetKernel = unsafe extern "C" fn(u64, *mut u64, *mut u64, *mut u8, *mut u64, *mut u8);
type CheckKernel = unsafe extern "C" fn(u64, *const i64, *const u64, *const u8, *mut u32);
type StepKernel = unsafe extern "C" fn(
    u64,
    *const i64,
    *mut u64,
    *mut u64,
    *mut u8,
    *mut u64,
    *mut u8,
    *mut f32,
    *mut u8,
);
type ObserveKernel = unsafe extern "C" fn(u64, *const u64, *const u64, *mut u8);
type MaskKernel = unsafe extern "C" fn(u64, *const u64, *const u8, *mut u8);
type SampleKernel = unsafe extern "C" fn(u64, *const u64, *const u8, *mut u64, *mut i64);

/// `legal_moves` of `strategy` over the pairs, emulated.
fn emulated_legal_moves(strategy: Strategy, players: &[u64], opponents: &[u64]) -> Vec<u64> {
    let emulator = Emulator::othello();
    // SAFETY: the signature of `othello_legal_moves_<strategy>`.
    let kernel =
        unsafe { emulator.kernel::<MovesKernel>(&strategy.entry_point("othello_legal_moves")) };
    let mut out = vec![0; players.len()];
    let n = players.len() as u64;
    // SAFETY: `n` entries in each buffer.
    emulator.launch(n, || unsafe {
        kernel(n, players.as_ptr(), opponents.as_ptr(), out.as_mut_ptr())
    });
    out
}

/// `flips` of `strategy` over the triples, emulated.
fn emulated_flips(
    strategy: Strategy,
    players: &[u64],
    opponents: &[u64],
    squares: &[u8],
) -> Vec<u64> {
    let emulator = Emulator::othello();
    // SAFETY: the signature of `othello_flips_<strategy>`.
    let kernel = unsafe { emulator.kernel::<FlipsKernel>(&strategy.entry_point("othello_flips")) };
    let mut out = vec![0; players.len()];
    let n = players.len() as u64;
    // SAFETY: `n` entries in each buffer, squares below 64.
    emulator.launch(n, || unsafe {
        kernel(
            n,
            players.as_ptr(),
            opponents.as_ptr(),
            squares.as_ptr(),
            out.as_mut_ptr(),
        )
    });
    out
}

fn board(bits: u64) -> Bitboard {
    Bitboard::from_bits_truncate(bits)
}

/// Checks every strategy's legal moves, and flips on every empty square, against naive.
fn check_against_naive(players: &[u64], opponents: &[u64]) {
    let expected: Vec<u64> = players
        .iter()
        .zip(opponents)
        .map(|(&p, &o)| Naive::legal_moves(board(p), board(o)).bits())
        .collect();
    let (mut fp, mut fo, mut fs) = (Vec::new(), Vec::new(), Vec::new());
    for (&p, &o) in players.iter().zip(opponents) {
        let mut empty = !(p | o);
        while empty != 0 {
            fs.push(empty.trailing_zeros() as u8);
            fp.push(p);
            fo.push(o);
            empty &= empty - 1;
        }
    }
    let expected_flips: Vec<u64> = (0..fp.len())
        .map(|i| {
            Naive::flips(
                board(fp[i]),
                board(fo[i]),
                Square::from_bit(u32::from(fs[i])).unwrap(),
            )
            .bits()
        })
        .collect();
    for strategy in Strategy::ALL {
        let moves = emulated_legal_moves(strategy, players, opponents);
        for i in 0..players.len() {
            assert_eq!(
                moves[i], expected[i],
                "{strategy}: legal moves of player {:#018x} opponent {:#018x}",
                players[i], opponents[i]
            );
        }
        let flips = emulated_flips(strategy, &fp, &fo, &fs);
        for i in 0..fp.len() {
            assert_eq!(
                flips[i], expected_flips[i],
                "{strategy}: flips on square {} of player {:#018x} opponent {:#018x}",
                fs[i], fp[i], fo[i]
            );
        }
    }
}

#[test]
fn every_strategy_agrees_with_naive_on_quickcheck_positions() {
    // 20,000 random reachable positions from a fixed quickcheck seed, as the CPU kernels'
    // tests draw them.
    let mut g = Gen::from_size_and_seed(100, 21);
    let positions: Vec<Position> = (0..20_000)
        .map(|_| Reachable::<Position>::arbitrary(&mut g).0)
        .collect();
    let players: Vec<u64> = positions.iter().map(|p| p.player().bits()).collect();
    let opponents: Vec<u64> = positions.iter().map(|p| p.opponent().bits()).collect();
    check_against_naive(&players, &opponents);
}

#[test]
fn every_strategy_agrees_with_naive_on_every_line_pattern() {
    // Every assignment of (empty, player, opponent) to the other squares of each line through
    // each square, the rest of the board empty, the square itself empty.
    let (mut players, mut opponents) = (Vec::new(), Vec::new());
    for square in 0..64u32 {
        for &line in &OTHELLO_LINES[square as usize] {
            let others: Vec<u32> = (0..64)
                .filter(|&b| line >> b & 1 == 1 && b != square)
                .collect();
            for pattern in 0..3u32.pow(others.len() as u32) {
                let (mut p, mut o, mut rest) = (0u64, 0u64, pattern);
                for &b in &others {
                    match rest % 3 {
                        1 => p |= 1 << b,
                        2 => o |= 1 << b,
                        _ => {}
                    }
                    rest /= 3;
                }
                players.push(p);
                opponents.push(o);
            }
        }
    }
    assert!(players.len() > 100_000, "{} line patterns", players.len());
    check_against_naive(&players, &opponents);
}

/// The emulated environment: the batch's buffers on the host.
struct Batch {
    n: usize,
    strategy: Strategy,
    player: Vec<u64>,
    opponent: Vec<u64>,
    side: Vec<u8>,
    moves: Vec<u64>,
    pass: Vec<u8>,
    views: common::Views,
}

impl Batch {
    fn new(n: usize, strategy: Strategy) -> Batch {
        let mut batch = Batch {
            n,
            strategy,
            player: vec![0; n],
            opponent: vec![0; n],
            side: vec![0; n],
            moves: vec![0; n],
            pass: vec![0; n],
            views: common::Views::new(n, (192, 65), 0.0, 0),
        };
        let n64 = n as u64;
        // SAFETY: the signature of `othello_reset_<strategy>`; `n` entries each.
        unsafe {
            Emulator::othello().run::<ResetKernel>(
                &strategy.entry_point("othello_reset"),
                n64,
                |reset| {
                    reset(
                        n64,
                        batch.player.as_mut_ptr(),
                        batch.opponent.as_mut_ptr(),
                        batch.side.as_mut_ptr(),
                        batch.moves.as_mut_ptr(),
                        batch.pass.as_mut_ptr(),
                    )
                },
            )
        };
        batch.write_views();
        batch
    }

    fn write_views(&mut self) {
        let emulator = Emulator::othello();
        let n = self.n as u64;
        let views = &mut self.views;
        // SAFETY: the signatures of `othello_observe` and `othello_mask`; 192 and 65 bytes a
        // game, 12 threads a game and a thread per 4 mask bytes.
        unsafe {
            emulator.run::<ObserveKernel>("othello_observe", n * 12, |observe| {
                observe(
                    n,
                    self.player.as_ptr(),
                    self.opponent.as_ptr(),
                    views.observations.as_mut_ptr(),
                )
            });
            emulator.run::<MaskKernel>("othello_mask", (n * 65).div_ceil(4), |mask| {
                mask(
                    n,
                    self.moves.as_ptr(),
                    self.pass.as_ptr(),
                    views.masks.as_mut_ptr(),
                )
            });
        }
    }

    /// The lowest game whose action is illegal, as the check kernel reports it.
    fn first_illegal(&self, actions: &[i64]) -> Option<usize> {
        let mut first = u32::MAX;
        let n = self.n as u64;
        // SAFETY: the signature of `othello_check_actions`; `n` entries each.
        unsafe {
            Emulator::othello().run::<CheckKernel>("othello_check_actions", n, |check| {
                check(
                    n,
                    actions.as_ptr(),
                    self.moves.as_ptr(),
                    self.pass.as_ptr(),
                    &mut first,
                )
            })
        };
        (first != u32::MAX).then_some(first as usize)
    }

    fn step(&mut self, actions: &[i64]) {
        let n = self.n as u64;
        // SAFETY: the signature of `othello_step_<strategy>`; `n` entries each.
        unsafe {
            Emulator::othello().run::<StepKernel>(
                &self.strategy.entry_point("othello_step"),
                n,
                |step| {
                    step(
                        n,
                        actions.as_ptr(),
                        self.player.as_mut_ptr(),
                        self.opponent.as_mut_ptr(),
                        self.side.as_mut_ptr(),
                        self.moves.as_mut_ptr(),
                        self.pass.as_mut_ptr(),
                        self.views.rewards.as_mut_ptr(),
                        self.views.terminated.as_mut_ptr(),
                    )
                },
            )
        };
        self.write_views();
    }

    fn sample(&self, rng: &mut [u64]) -> Vec<i64> {
        let mut actions = vec![-1; self.n];
        let n = self.n as u64;
        // SAFETY: the signature of `othello_sample`; `n` entries each.
        unsafe {
            Emulator::othello().run::<SampleKernel>("othello_sample", n, |sample| {
                sample(
                    n,
                    self.moves.as_ptr(),
                    self.pass.as_ptr(),
                    rng.as_mut_ptr(),
                    actions.as_mut_ptr(),
                )
            })
        };
        actions
    }
}

#[test]
fn the_environment_equals_the_cpu_encoding_step_by_step() {
    // 64 games, each strategy, 3,000 steps of random actions drawn on the CPU: hundreds of
    // finished games and many passes. Observations, masks, rewards and terminations equal
    // the CPU vector environment's (`Encoding::step_write`) byte for byte.
    let n = 64;
    for strategy in Strategy::ALL {
        let mut batch = Batch::new(n, strategy);
        let mut games = vec![Position::start(); n];
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        let (mut obs, mut mask) = ([0i8; 192], [false; 65]);
        let check_views = |batch: &Batch, games: &[Position], step: usize| {
            let (mut obs, mut mask) = ([0i8; 192], [false; 65]);
            for (i, game) in games.iter().enumerate() {
                game.observe(game.current_player(), &mut obs);
                game.legal_write(&mut mask);
                batch.views.check(i, (&obs, &mask), || {
                    format!("{strategy}: step {step}, game {i} ({game})")
                });
            }
        };
        check_views(&batch, &games, 0);
        let (mut finished, mut passes) = (0, 0);
        for step in 1..=3_000 {
            let actions = common::random_actions(&games, &mut rng);
            assert_eq!(
                batch.first_illegal(&actions),
                None,
                "{strategy}: legal actions are accepted"
            );
            batch.step(&actions);
            for (i, game) in games.iter_mut().enumerate() {
                let mover = game.current_player();
                let (returns, _) = game.step_write(actions[i] as usize, &mut obs, &mut mask);
                batch.views.check_outcome(
                    i,
                    (returns.map_or(0.0, |r| r[mover]), returns.is_some()),
                    || format!("{strategy}: step {step}, game {i}"),
                );
                finished += usize::from(returns.is_some());
                passes += usize::from(actions[i] == 64);
            }
            check_views(&batch, &games, step);
        }
        assert!(
            finished > 100 && passes > 10,
            "{strategy}: {finished} games finished, {passes} passes"
        );
    }
}

#[test]
fn illegal_actions_are_found_with_the_lowest_game() {
    let batch = Batch::new(8, Strategy::KoggeStone);
    // Black's openings are d3, c4, f5, e6 (19, 26, 37, 44); the pass is illegal at the start.
    let legal = [19i64, 26, 37, 44, 19, 26, 37, 44];
    assert_eq!(batch.first_illegal(&legal), None);
    for (game, bad) in [(5, 0i64), (2, 64), (7, -1), (0, 65), (3, i64::MAX), (6, 27)] {
        let mut actions = legal;
        actions[game] = bad;
        actions[7] = if game == 7 { bad } else { 20 }; // also illegal, but a later game
        let expected = if game == 7 { 7 } else { game };
        assert_eq!(
            batch.first_illegal(&actions),
            Some(expected),
            "action {bad} in game {game}"
        );
    }
}

#[test]
fn sampled_actions_are_legal_and_cover_every_legal_action() {
    // From the start every game has the same four moves; 4,000 draws give each about 1,000.
    let batch = Batch::new(4_000, Strategy::Shift);
    let mut rng = common::sample_generators(4_000);
    let actions = batch.sample(&mut rng);
    let mut counts = [0usize; 65];
    for &a in &actions {
        counts[a as usize] += 1;
    }
    for a in [19, 26, 37, 44] {
        assert!(
            (850..1150).contains(&counts[a]),
            "action {a} drawn {} times of 4,000",
            counts[a]
        );
    }
    assert_eq!(
        counts.iter().sum::<usize>(),
        counts[19] + counts[26] + counts[37] + counts[44]
    );
    // A game whose only action is the pass samples it.
    let mut batch = Batch::new(1, Strategy::Shift);
    batch.moves[0] = 0;
    batch.pass[0] = 1;
    assert_eq!(batch.sample(&mut [5]), [64]);
}

#[test]
fn playouts_play_the_games_their_generator_draws() {
    // Each thread's games replayed on the CPU with bitgames-othello and the same draws.
    let (threads, games, seed) = (16u64, 5u32, 1234u64);
    let expected = common::othello_playouts_on_the_cpu(threads, games, seed);
    common::check_playouts(
        Emulator::othello(),
        "othello",
        (threads, games, seed),
        expected,
    );
    assert!(expected[0] > 50 * 5 * 16, "{} steps", expected[0]);
}

/// Emulated perft of `strategy`: the leaves `depth` moves below each position, summed, with
/// `threads` threads taking positions from the counter.
fn emulated_perft(strategy: Strategy, positions: &[Position], depth: u32, threads: u64) -> u64 {
    let players: Vec<u64> = positions.iter().map(|p| p.player().bits()).collect();
    let opponents: Vec<u64> = positions.iter().map(|p| p.opponent().bits()).collect();
    common::emulated_perft(
        Emulator::othello(),
        &strategy.entry_point("othello_perft"),
        (positions.len(), &[players, opponents]),
        depth,
        threads,
    )
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    // Perft 8 (390,216 leaves) is quick on the host. Three threads for one position: the
    // later ones find nothing left to take.
    let counts = common::published_counts(common::OTHELLO_SUITE, "start");
    common::check_perft(
        counts.into_iter().filter(|&(depth, _)| depth <= 8),
        |strategy, depth| emulated_perft(strategy, &[Position::start()], depth, 3),
        "",
    );
}

#[test]
fn perft_counts_passes_and_finished_games_like_the_cpu() {
    // Positions near the end of random games (passes and early ends within reach), each
    // strategy's perft 1 to 5 against bitgames-othello's.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut positions = Vec::new();
    while positions.len() < 40 {
        let mut game = Position::start();
        let mut plies = 0;
        while game.returns().is_none() && plies < 52 {
            game.apply_legal(game.random_action(&mut rng));
            plies += 1;
        }
        positions.push(game);
    }
    common::check_perft(
        common::cpu_perft(&positions, 1..=5),
        |strategy, depth| emulated_perft(strategy, &positions, depth, 8),
        " below 40 late positions",
    );
}
