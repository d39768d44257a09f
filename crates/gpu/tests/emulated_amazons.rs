//! Every Amazons kernel run on the host (the CUDA source compiled as C++, see `tests/common`),
//! against bitgames-amazons: the operations of every strategy over quickcheck-drawn
//! reachable positions and every line pattern, the environment step by step against the CPU
//! vector environment's encoding ([`Turn`]), illegal actions, sampling, playouts replayed on
//! the CPU, and perft against the published counts and the CPU crate's perft.

#![allow(
    clippy::undocumented_unsafe_blocks,
    reason = "every unsafe block calls an emulated kernel with its C signature (the type aliases \
              below) and buffers of the lengths its launch covers"
)]

mod common;

use bitgames_amazons::encoding::Turn;
use bitgames_amazons::{Bitboard, Kernels, Naive, Position, Square};
use bitgames_gpu::Strategy;
use bitgames_search::Player;
use bitgames_search::encoding::Encoding;
use bitgames_search::testing::Reachable;
use bitgames_tables::amazons::AMAZONS_LINES;
use common::Emulator;
use quickcheck::{Arbitrary, Gen};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

type ReachKernel = unsafe extern "C" fn(u64, *const u64, *const u8, *mut u64);
type FillKernel = unsafe extern "C" fn(u64, *const u64, *const u64, *mut u64);
type CountKernel = unsafe extern "C" fn(u64, *const u64, *const u64, *const u64, *mut u64);
type ResetKernel =
    unsafe extern "C" fn(u64, *mut u64, *mut u64, *mut u64, *mut u8, *mut u8, *mut u8, *mut u64);
type CheckKernel = unsafe extern "C" fn(u64, *const i64, *const u64, *mut u32);
type StepKernel = unsafe extern "C" fn(
    u64,
    *const i64,
    *mut u64,
    *mut u64,
    *mut u64,
    *mut u8,
    *mut u8,
    *mut u8,
    *mut u64,
    *mut f32,
    *mut u8,
);
type ObserveKernel =
    unsafe extern "C" fn(u64, *const u64, *const u64, *const u64, *const u8, *const u8, *mut u8);
type MaskKernel = unsafe extern "C" fn(u64, *const u64, *mut u8);
type SampleKernel = unsafe extern "C" fn(u64, *const u64, *mut u64, *mut i64);

/// Boards as the kernels hold them: low half, high half, one board after another.
fn halves(boards: impl IntoIterator<Item = u128>) -> Vec<u64> {
    boards
        .into_iter()
        .flat_map(|b| [b as u64, (b >> 64) as u64])
        .collect()
}

fn from_halves(words: &[u64]) -> Vec<u128> {
    words
        .chunks_exact(2)
        .map(|w| u128::from(w[0]) | u128::from(w[1]) << 64)
        .collect()
}

fn board(bits: u128) -> Bitboard {
    Bitboard::from_bits_truncate(bits)
}

/// The side to move's queens, the opponent's and the arrows.
fn sides(position: &Position) -> [u128; 3] {
    let side = position.side_to_move();
    [
        position.queens(side).bits(),
        position.queens(side.other()).bits(),
        position.arrows().bits(),
    ]
}

/// `queen_reach` of `strategy` from each square through each occupancy, emulated.
fn emulated_reach(strategy: Strategy, occupied: &[u128], squares: &[u8]) -> Vec<u128> {
    let emulator = Emulator::amazons();
    // SAFETY: the signature of `amazons_queen_reach_<strategy>`.
    let kernel =
        unsafe { emulator.kernel::<ReachKernel>(&strategy.entry_point("amazons_queen_reach")) };
    let occupied = halves(occupied.iter().copied());
    let mut out = vec![0; occupied.len()];
    let n = squares.len() as u64;
    emulator.launch(n, || unsafe {
        kernel(n, occupied.as_ptr(), squares.as_ptr(), out.as_mut_ptr())
    });
    from_halves(&out)
}

/// `fill` of `strategy` over the pairs, emulated.
fn emulated_fill(strategy: Strategy, sources: &[u128], empty: &[u128]) -> Vec<u128> {
    let emulator = Emulator::amazons();
    // SAFETY: the signature of `amazons_fill_<strategy>`.
    let kernel = unsafe { emulator.kernel::<FillKernel>(&strategy.entry_point("amazons_fill")) };
    let (sources, empty) = (
        halves(sources.iter().copied()),
        halves(empty.iter().copied()),
    );
    let mut out = vec![0; sources.len()];
    let n = (sources.len() / 2) as u64;
    emulator.launch(n, || unsafe {
        kernel(n, sources.as_ptr(), empty.as_ptr(), out.as_mut_ptr())
    });
    from_halves(&out)
}

/// `count_moves` of `strategy` over the positions, emulated.
fn emulated_count_moves(strategy: Strategy, positions: &[Position]) -> Vec<u64> {
    let emulator = Emulator::amazons();
    // SAFETY: the signature of `amazons_count_moves_<strategy>`.
    let kernel =
        unsafe { emulator.kernel::<CountKernel>(&strategy.entry_point("amazons_count_moves")) };
    let sets: Vec<[u128; 3]> = positions.iter().map(sides).collect();
    let [p, o, a] = [0, 1, 2].map(|k| halves(sets.iter().map(|s| s[k])));
    let mut out = vec![0; positions.len()];
    let n = positions.len() as u64;
    emulator.launch(n, || unsafe {
        kernel(n, p.as_ptr(), o.as_ptr(), a.as_ptr(), out.as_mut_ptr())
    });
    out
}

/// Checks every strategy's queen reach against naive's.
fn check_reach_against_naive(occupied: &[u128], squares: &[u8]) {
    let expected: Vec<u128> = occupied
        .iter()
        .zip(squares)
        .map(|(&o, &s)| {
            Naive::queen_reach(Square::from_bit(u32::from(s)).unwrap(), board(o)).bits()
        })
        .collect();
    for strategy in Strategy::ALL {
        let reach = emulated_reach(strategy, occupied, squares);
        for i in 0..squares.len() {
            assert_eq!(
                reach[i],
                expected[i],
                "{strategy}: queen reach from {} through {:#x}",
                Square::from_bit(u32::from(squares[i])).unwrap(),
                occupied[i]
            );
        }
    }
}

#[test]
fn every_strategy_agrees_with_naive_on_quickcheck_positions() {
    // 3,000 random reachable positions from a fixed quickcheck seed, as the CPU kernels'
    // tests draw them: the reach from every square through each position's occupancy (from
    // its queens, and from empty squares as arrows fly), fills from each side's queens and
    // from a reach (sources on empty squares, as distance frontiers), and the move counts.
    let mut g = Gen::from_size_and_seed(100, 29);
    let positions: Vec<Position> = (0..3_000)
        .map(|_| Reachable::<Position>::arbitrary(&mut g).0)
        .collect();
    let (mut occupied, mut squares) = (Vec::new(), Vec::new());
    for position in &positions {
        for square in Square::all() {
            occupied.push(position.occupied().bits());
            squares.push(square.bit() as u8);
        }
    }
    check_reach_against_naive(&occupied, &squares);

    let (mut sources, mut empty) = (Vec::new(), Vec::new());
    for position in &positions {
        let open = position.empty_squares();
        let white = position.queens(Player::First);
        let black = position.queens(Player::Second);
        let queen = position.queens(position.side_to_move()).first().unwrap();
        for set in [
            white | black,
            white,
            black,
            Naive::queen_reach(queen, position.occupied()),
        ] {
            sources.push(set.bits());
            empty.push(open.bits());
        }
    }
    let expected: Vec<u128> = sources
        .iter()
        .zip(&empty)
        .map(|(&s, &e)| Naive::fill(board(s), board(e)).bits())
        .collect();
    let expected_moves: Vec<u64> = positions
        .iter()
        .map(|p| p.with_strategy::<Naive>().count_legal_moves())
        .collect();
    for (position, &moves) in positions.iter().zip(&expected_moves).step_by(50) {
        assert_eq!(moves, position.legal_moves().len() as u64, "{position}");
    }
    assert!(expected_moves.contains(&0), "some positions are finished");
    for strategy in Strategy::ALL {
        let fill = emulated_fill(strategy, &sources, &empty);
        for i in 0..sources.len() {
            assert_eq!(
                fill[i], expected[i],
                "{strategy}: fill from {:#x} over {:#x}",
                sources[i], empty[i]
            );
        }
        let moves = emulated_count_moves(strategy, &positions);
        for i in 0..positions.len() {
            assert_eq!(
                moves[i], expected_moves[i],
                "{strategy}: moves of {}",
                positions[i]
            );
        }
    }
}

#[test]
fn every_strategy_agrees_with_naive_on_every_line_pattern() {
    // Every occupancy of the other squares of each line through each square, the rest of the
    // board empty, the square itself empty (an arrow's origin) and occupied (a queen's).
    let (mut occupied, mut squares) = (Vec::new(), Vec::new());
    for square in Square::all() {
        let s = square.bit();
        for &line in &AMAZONS_LINES[s as usize] {
            let others: Vec<u32> = (0..128).filter(|&b| line >> b & 1 == 1 && b != s).collect();
            for pattern in 0..1u32 << others.len() {
                let mut bits = 0u128;
                for (k, &b) in others.iter().enumerate() {
                    if pattern >> k & 1 == 1 {
                        bits |= 1 << b;
                    }
                }
                for own in [0, 1u128 << s] {
                    occupied.push(bits | own);
                    squares.push(s as u8);
                }
            }
        }
    }
    assert!(occupied.len() > 200_000, "{} line patterns", occupied.len());
    check_reach_against_naive(&occupied, &squares);
}

/// The emulated environment: the batch's buffers on the host.
struct Batch {
    n: usize,
    strategy: Strategy,
    player: Vec<u64>,
    opponent: Vec<u64>,
    arrows: Vec<u64>,
    side: Vec<u8>,
    from: Vec<u8>,
    to: Vec<u8>,
    legal: Vec<u64>,
    views: common::Views,
}

impl Batch {
    fn new(n: usize, strategy: Strategy) -> Batch {
        let mut batch = Batch {
            n,
            strategy,
            player: vec![0; 2 * n],
            opponent: vec![0; 2 * n],
            arrows: vec![0xaa; 2 * n],
            side: vec![0xaa; n],
            from: vec![0; n],
            to: vec![0; n],
            legal: vec![0; 2 * n],
            views: common::Views::new(n, (400, 100), 0.5, 0xaa),
        };
        let n64 = n as u64;
        // SAFETY: the signature of `amazons_reset_<strategy>`; `n` entries each, two words a
        // board.
        unsafe {
            Emulator::amazons().run::<ResetKernel>(
                &strategy.entry_point("amazons_reset"),
                n64,
                |reset| {
                    reset(
                        n64,
                        batch.player.as_mut_ptr(),
                        batch.opponent.as_mut_ptr(),
                        batch.arrows.as_mut_ptr(),
                        batch.side.as_mut_ptr(),
                        batch.from.as_mut_ptr(),
                        batch.to.as_mut_ptr(),
                        batch.legal.as_mut_ptr(),
                    )
                },
            )
        };
        batch.write_views();
        batch
    }

    fn write_views(&mut self) {
        let emulator = Emulator::amazons();
        let n = self.n as u64;
        let views = &mut self.views;
        // SAFETY: the signatures of `amazons_observe` and `amazons_mask`; 400 and 100 bytes a
        // game, 25 threads a game each.
        unsafe {
            emulator.run::<ObserveKernel>("amazons_observe", n * 25, |observe| {
                observe(
                    n,
                    self.player.as_ptr(),
                    self.opponent.as_ptr(),
                    self.arrows.as_ptr(),
                    self.from.as_ptr(),
                    self.to.as_ptr(),
                    views.observations.as_mut_ptr(),
                )
            });
            emulator.run::<MaskKernel>("amazons_mask", n * 25, |mask| {
                mask(n, self.legal.as_ptr(), views.masks.as_mut_ptr())
            });
        }
    }

    /// The lowest game whose action is illegal, as the check kernel reports it.
    fn first_illegal(&self, actions: &[i64]) -> Option<usize> {
        let mut first = u32::MAX;
        let n = self.n as u64;
        // SAFETY: the signature of `amazons_check_actions`; `n` entries each.
        unsafe {
            Emulator::amazons().run::<CheckKernel>("amazons_check_actions", n, |check| {
                check(n, actions.as_ptr(), self.legal.as_ptr(), &mut first)
            })
        };
        (first != u32::MAX).then_some(first as usize)
    }

    fn step(&mut self, actions: &[i64]) {
        let n = self.n as u64;
        // SAFETY: the signature of `amazons_step_<strategy>`; `n` entries each.
        unsafe {
            Emulator::amazons().run::<StepKernel>(
                &self.strategy.entry_point("amazons_step"),
                n,
                |step| {
                    step(
                        n,
                        actions.as_ptr(),
                        self.player.as_mut_ptr(),
                        self.opponent.as_mut_ptr(),
                        self.arrows.as_mut_ptr(),
                        self.side.as_mut_ptr(),
                        self.from.as_mut_ptr(),
                        self.to.as_mut_ptr(),
                        self.legal.as_mut_ptr(),
                        self.views.rewards.as_mut_ptr(),
                        self.views.terminated.as_mut_ptr(),
                    )
                },
            )
        };
        self.write_views();
    }

    fn sample(&self, rng: &mut [u64]) -> Vec<i64> {
        let mut actions = vec![-2; self.n];
        let n = self.n as u64;
        // SAFETY: the signature of `amazons_sample`; `n` entries each.
        unsafe {
            Emulator::amazons().run::<SampleKernel>("amazons_sample", n, |sample| {
                sample(
                    n,
                    self.legal.as_ptr(),
                    rng.as_mut_ptr(),
                    actions.as_mut_ptr(),
                )
            })
        };
        actions
    }

    /// Checks game `i`'s observation and mask against the CPU's.
    fn check_views(&self, i: usize, game: &Turn, step: usize) {
        let strategy = self.strategy;
        let (mut obs, mut mask) = ([0i8; 400], [false; 100]);
        game.observe(game.current_player(), &mut obs);
        game.legal_write(&mut mask);
        self.views.check(i, (&obs, &mask), || {
            format!("{strategy}: step {step}, game {i} ({game:?})")
        });
    }
}

#[test]
fn the_environment_equals_the_cpu_encoding_step_by_step() {
    // 32 games in each strategy, 1,500 sub-actions drawn on the CPU: dozens of finished
    // games. Observations, masks, rewards and terminations equal the CPU vector
    // environment's (`Encoding::step_write`) byte for byte.
    let n = 32;
    let mut batches: Vec<Batch> = Strategy::ALL.map(|s| Batch::new(n, s)).into();
    let mut games = vec![Turn::start(); n];
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let (mut obs, mut mask) = ([0i8; 400], [false; 100]);
    for batch in &batches {
        for (i, game) in games.iter().enumerate() {
            batch.check_views(i, game, 0);
        }
    }
    let mut finished = 0;
    for step in 1..=1_500 {
        let actions = common::random_actions(&games, &mut rng);
        let mut expected = Vec::with_capacity(n);
        for (game, &action) in games.iter_mut().zip(&actions) {
            let mover = game.current_player();
            let (returns, _) = game.step_write(action as usize, &mut obs, &mut mask);
            expected.push((returns.map_or(0.0, |r| r[mover]), returns.is_some()));
            finished += usize::from(returns.is_some());
        }
        for batch in &mut batches {
            let strategy = batch.strategy;
            assert_eq!(
                batch.first_illegal(&actions),
                None,
                "{strategy}: legal actions are accepted"
            );
            batch.step(&actions);
            for (i, game) in games.iter().enumerate() {
                batch.views.check_outcome(i, expected[i], || {
                    format!("{strategy}: step {step}, game {i}")
                });
                batch.check_views(i, game, step);
            }
        }
    }
    assert!(finished >= 100, "{finished} games finished");
}

/// A square's action number (OpenSpiel's index, a10 = 0).
fn cell(name: &str) -> i64 {
    name.parse::<Square>().unwrap().index() as i64
}

#[test]
fn illegal_actions_are_found_with_the_lowest_game() {
    let mut batch = Batch::new(8, Strategy::KoggeStone);
    // White's queens a4, d1, g1, j4 are the first sub-actions; nothing else is.
    let queens = ["a4", "d1", "g1", "j4"].map(cell);
    let legal: Vec<i64> = (0..8).map(|i| queens[i % 4]).collect();
    assert_eq!(batch.first_illegal(&legal), None);
    let bad_first = [
        (5, cell("a1")),  // empty
        (2, cell("a7")),  // a black queen
        (7, -1),          // out of range
        (0, 100),         // out of range
        (3, i64::MAX),    // out of range
        (6, i64::MIN),    // out of range
        (4, cell("j10")), // the last square of the top row (bit 9)
        (1, cell("a9")),  // the first square of a row (bit 11)
    ];
    let check = |batch: &Batch, legal: &[i64], bad: &[(usize, i64)]| {
        for &(game, action) in bad {
            let mut actions = legal.to_vec();
            actions[game] = action;
            // Also illegal, but a later game (or the same one).
            actions[7] = if game == 7 { action } else { -5 };
            assert_eq!(
                batch.first_illegal(&actions),
                Some(game),
                "action {action} in game {game}"
            );
        }
    };
    check(&batch, &legal, &bad_first);
    // Every game picks the queen on d1; then d1's destinations are legal, nothing else.
    batch.step(&[cell("d1"); 8]);
    let legal = vec![cell("d7"); 8];
    assert_eq!(batch.first_illegal(&legal), None);
    let bad_second = [
        (3, cell("d1")),  // the queen's own square
        (1, cell("a4")),  // another queen
        (5, cell("d10")), // a black queen in the way
        (2, cell("e3")),  // not on a line
        (6, cell("j7")),  // a black queen on the diagonal
    ];
    check(&batch, &legal, &bad_second);
    // Every game moves it to d7; the arrow may go back to d1, not past the queen on d10.
    batch.step(&legal);
    let legal = vec![cell("d1"); 8];
    assert_eq!(batch.first_illegal(&legal), None);
    let bad_third = [
        (4, cell("d7")),  // the queen's new square
        (0, cell("d10")), // a black queen
        (6, cell("a7")),  // a black queen along the row
        (2, cell("c5")),  // not on a line from d7
    ];
    check(&batch, &legal, &bad_third);
    assert!(batch.first_illegal(&[cell("d9"); 8]).is_none());
}

#[test]
fn sampled_actions_are_legal_and_cover_every_legal_action() {
    // From the start every game has the same four queens to pick; 4,000 draws give each
    // about 1,000. Then, the queen on d1 picked, its 20 destinations about 200 each.
    let n = 4_000;
    let mut batch = Batch::new(n, Strategy::Shift);
    let mut rng = common::sample_generators(n as u64);
    let mut turn = Turn::start();
    for stage in 0..2 {
        let mut mask = [false; 100];
        turn.legal_mask(&mut mask);
        let legal: Vec<usize> = (0..100).filter(|&a| mask[a]).collect();
        let actions = batch.sample(&mut rng);
        let mut counts = [0usize; 100];
        for &a in &actions {
            assert!(
                (0..100).contains(&a) && mask[a as usize],
                "{a} is legal in {turn:?}"
            );
            counts[a as usize] += 1;
        }
        let each = n / legal.len();
        for &a in &legal {
            assert!(
                (each * 3 / 4..each * 5 / 4).contains(&counts[a]),
                "action {a} drawn {} times of {n} ({} legal)",
                counts[a],
                legal.len()
            );
        }
        if stage == 0 {
            turn.apply(cell("d1") as usize).unwrap();
            batch.step(&vec![cell("d1"); n]);
        }
    }
    // A game whose record is empty (never a live game) samples -1 and keeps its generator.
    let mut batch = Batch::new(1, Strategy::Shift);
    batch.legal = vec![0, 0];
    let mut state = [5];
    assert_eq!(batch.sample(&mut state), [-1]);
    assert_eq!(state, [5]);
}

#[test]
fn playouts_play_the_games_their_generator_draws() {
    // Each thread's games replayed on the CPU with the encoding's sub-actions and the same
    // draws.
    let (threads, games, seed) = (8u64, 3u32, 4321u64);
    let [steps, white_wins] = common::amazons_playouts_on_the_cpu(threads, games, seed);
    common::check_playouts(
        Emulator::amazons(),
        "amazons",
        (threads, games, seed),
        [steps, white_wins],
    );
    let played = threads * u64::from(games);
    assert!(steps > 3 * 40 * played, "{steps} sub-actions");
    assert!(
        (1..played).contains(&white_wins),
        "{white_wins} white wins of {played}"
    );
}

/// Emulated perft of `strategy`: the leaves `depth` moves below each position, summed, with
/// `threads` threads taking positions from the counter.
fn emulated_perft(strategy: Strategy, positions: &[Position], depth: u32, threads: u64) -> u64 {
    let sets: Vec<[u128; 3]> = positions.iter().map(sides).collect();
    let boards = [0, 1, 2].map(|k| halves(sets.iter().map(|s| s[k])));
    common::emulated_perft(
        Emulator::amazons(),
        &strategy.entry_point("amazons_perft"),
        (positions.len(), &boards),
        depth,
        threads,
    )
}

#[test]
fn perft_from_the_start_matches_the_published_counts() {
    // Depth 0 (the position itself) and the published depths 1 and 2. Three threads for one
    // position: the later ones find nothing left to take.
    let counts = common::published_counts(common::AMAZONS_SUITE, "start");
    common::check_perft(
        [(0, 1)].into_iter().chain(counts),
        |strategy, depth| emulated_perft(strategy, &[Position::start()], depth, 3),
        "",
    );
}

#[test]
fn perft_below_late_positions_equals_the_cpu() {
    // Positions late in random games (some finished, which have no leaves), each strategy's
    // perft 1 to 3 against bitgames-amazons'.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let mut positions = Vec::new();
    while positions.len() < 24 {
        let mut position = Position::start();
        let plies = rng.random_range(40..72);
        for _ in 0..plies {
            match bitgames_amazons::random::random_move(&position, &mut rng) {
                Some(mv) => position = position.play_unchecked(mv),
                None => break,
            }
        }
        positions.push(position);
    }
    assert!(positions.iter().any(|p| p.legal_moves().is_empty()));
    common::check_perft(
        common::cpu_perft(&positions, 1..=3),
        |strategy, depth| emulated_perft(strategy, &positions, depth, 5),
        &format!(" below {} late positions", positions.len()),
    );
}
