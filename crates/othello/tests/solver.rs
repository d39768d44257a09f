//! The endgame solver against a plain full-width minimax (no pruning, no table, no
//! ordering) on random reachable positions with up to 12 empty squares, with the default
//! options and with a tiny transposition table used everywhere; passes and finished games at
//! the root; limits; FFO #40 with its published score.

use bitgames_othello::random::{endgame_corpus, endgame_position};
use bitgames_othello::solver::{Limits, Options, Solution, Solver, Stopped, solve};
use bitgames_othello::{Fastest, Move, Naive, Position};
use bitgames_search::Player;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The final disc difference for the side to move under perfect play, by visiting every
/// line of play to the end of the game.
fn minimax(position: &Position) -> i32 {
    let moves = position.legal_moves();
    if moves.is_empty() {
        let black = position.final_score();
        return match position.side_to_move() {
            Player::First => black,
            Player::Second => -black,
        };
    }
    moves
        .iter()
        .map(|&mv| -minimax(&position.play(mv)))
        .max()
        .expect("a move")
}

/// The solution is the minimax value, and its move is legal and achieves it.
fn check(position: &Position, solution: &Solution) {
    let expected = minimax(position);
    assert_eq!(solution.score, expected, "{position}");
    let moves = position.legal_moves();
    match solution.best_move {
        None => assert!(moves.is_empty(), "{position}: no move given"),
        Some(mv) => {
            assert!(moves.contains(&mv), "{position}: {mv} is not legal");
            assert_eq!(-minimax(&position.play(mv)), expected, "{position}: {mv}");
        }
    }
    assert!(solution.nodes > 0);
}

#[test]
fn matches_minimax_up_to_ten_empties() {
    let mut solver = Solver::new(Options::default());
    let corpus = endgame_corpus(300, 1..=10, 20);
    assert_eq!(corpus.len(), 300);
    for position in &corpus {
        let solution = solver.solve(position, Limits::nodes(10_000_000)).unwrap();
        check(position, &solution);
    }
}

#[test]
fn matches_minimax_with_eleven_and_twelve_empties() {
    // The table layer is used from 10 empties with the default options.
    let mut solver = Solver::new(Options::default());
    for position in endgame_corpus(3, 11..=12, 21) {
        let solution = solver.solve(&position, Limits::nodes(10_000_000)).unwrap();
        check(&position, &solution);
    }
}

#[test]
fn a_tiny_table_used_everywhere_stays_exact() {
    // Two buckets of two entries, used from two empties on: nearly every probe finds an
    // entry of another position, so only the verified hash keeps the answers right.
    for bits in [2, 6] {
        let mut solver = Solver::new(Options {
            table_bits: bits,
            table_min_empties: 2,
        });
        for position in endgame_corpus(120, 2..=10, 22 + u64::from(bits)) {
            let solution = solver.solve(&position, Limits::nodes(10_000_000)).unwrap();
            check(&position, &solution);
        }
    }
}

#[test]
fn every_strategy_gives_the_same_answer() {
    let mut solver = Solver::default();
    for position in endgame_corpus(30, 6..=12, 23) {
        let fast = solver.solve(&position, Limits::NONE).unwrap();
        let naive = solver
            .solve(&position.with_strategy::<Naive>(), Limits::NONE)
            .unwrap();
        assert_eq!(fast.score, naive.score, "{position}");
    }
}

#[test]
fn a_finished_game_has_no_move_and_its_final_score() {
    // Rows 1-3 black, row 4 empty, rows 5-8 white: nobody can move; white wins 40-24 with
    // the empties.
    let board = format!("{}{}{}", "X".repeat(24), "-".repeat(8), "O".repeat(32));
    for (side, score) in [("X", -16), ("O", 16)] {
        let position: Position = format!("{board} {side}").parse().unwrap();
        let solution = solve(&position, Limits::nodes(10)).unwrap();
        assert_eq!(solution.best_move, None);
        assert_eq!(solution.score, score);
    }
    // A full board: 33 black, 31 white.
    let full: Position = format!("{}{} O", "X".repeat(33), "O".repeat(31))
        .parse()
        .unwrap();
    assert_eq!(solve(&full, Limits::NONE).unwrap().score, -2);
}

#[test]
fn a_side_that_must_pass_passes() {
    // Random endgame positions until enough have the side to move forced to pass.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(24);
    let mut found = 0;
    for _ in 0..5000 {
        let position = endgame_position(&mut rng, 7).unwrap();
        if position.legal_moves().as_slice() != [Move::Pass] {
            continue;
        }
        let solution = solve(&position, Limits::NONE).unwrap();
        assert_eq!(solution.best_move, Some(Move::Pass));
        check(&position, &solution);
        found += 1;
        if found == 20 {
            return;
        }
    }
    panic!("only {found} forced passes found");
}

#[test]
fn limits_stop_the_search_with_an_error() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(25);
    let position = endgame_position(&mut rng, 22).unwrap();
    let mut solver = Solver::default();
    match solver.solve(&position, Limits::nodes(5_000)) {
        Err(Stopped::NodeLimit { nodes }) => assert!((5_000..6_000).contains(&nodes), "{nodes}"),
        other => panic!("expected the node limit, got {other:?}"),
    }
    // The solver is still usable afterwards.
    let small = endgame_position(&mut rng, 8).unwrap();
    check(&small, &solver.solve(&small, Limits::NONE).unwrap());
    let stopped = solver.solve(&position, Limits::time(std::time::Duration::ZERO));
    assert!(
        matches!(stopped, Err(Stopped::TimeLimit { .. })),
        "{stopped:?}"
    );
}

/// FFO #40 (20 empties; the FForum problem set as distributed with Edax): black's best is
/// a2, winning by 38.
#[test]
fn ffo_40_scores_plus_38() {
    let position: Position<Fastest> =
        "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X"
            .parse()
            .unwrap();
    let solution = solve(&position, Limits::nodes(200_000_000)).unwrap();
    assert_eq!(solution.score, 38);
    assert_eq!(solution.best_move, Some("a2".parse().unwrap()));
}
