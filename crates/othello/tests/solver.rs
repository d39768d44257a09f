//! The endgame solver against a plain full-width minimax (no pruning, no table, no
//! ordering) on random reachable positions with up to 12 empty squares, with the default
//! options and with a tiny transposition table used everywhere; passes and finished games at
//! the root; limits; FFO #40 with its published score. Two threads (splitting forced far
//! down the tree) against one on positions with 14 to 20 empties, and the limits with two
//! threads. Solves that make the selective (probcut) passes first against the default
//! solver, which makes none on those positions. The accuracy set of other engines' games
//! is well formed and its smallest positions solve to their listed scores.

use bitgames_othello::random::{endgame_corpus, endgame_position};
use bitgames_othello::solver::{Limits, Options, Solution, Solver, Stopped, solve};
use bitgames_othello::{Fastest, Move, Naive, Position, ffo};
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
        .map(|&mv| -minimax(&position.play_unchecked(mv)))
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
            assert_eq!(
                -minimax(&position.play_unchecked(mv)),
                expected,
                "{position}: {mv}"
            );
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
    // The table layer is used from 12 empties with the default options, the middle layer
    // and its local table below.
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
            ..Options::default()
        });
        for position in endgame_corpus(120, 2..=10, 22 + u64::from(bits)) {
            let solution = solver.solve(&position, Limits::nodes(10_000_000)).unwrap();
            check(&position, &solution);
        }
    }
}

#[test]
fn the_middle_layer_and_its_local_table_agree_with_the_table_layer() {
    // Positions too deep for minimax, solved three ways: the transposition table used
    // everywhere (no middle layer, so no local table), the default layers, and the table
    // layer moved up to 16 empties so the middle layer runs past the local table's depths.
    let solver = |table_min_empties| {
        Solver::new(Options {
            table_min_empties,
            ..Options::default()
        })
    };
    let (mut table_only, mut default, mut mostly_middle) = (solver(2), solver(12), solver(16));
    for position in endgame_corpus(12, 13..=15, 24) {
        let expected = table_only.solve(&position, Limits::NONE).unwrap().score;
        for solver in [&mut default, &mut mostly_middle] {
            assert_eq!(
                solver.solve(&position, Limits::NONE).unwrap().score,
                expected,
                "{position}"
            );
        }
    }
}

#[test]
fn a_table_layer_set_past_the_middle_layers_depths_still_solves_exactly() {
    // White to move, 18 empties; after h5 (flipping g5) Black has 17 empties and a move on
    // each: the whole first and last rows (through the opponent row next to each) and d4.
    // The middle layer's move lists hold 16 (and it asserts it never gets more than 16
    // empties), so with the table layer set to start at 40 the solver must still search
    // that child with the table layer, and score as the default layering does.
    let rows = [
        "--------", "OOOOOOOO", "XXXXXXXX", "XXX-XXXX", "OOOOOOX-", "XXXXXXXX", "OOOOOOOO",
        "--------",
    ];
    let position: Position = format!("{} O", rows.concat()).parse().unwrap();
    let child = position.play_unchecked(Move::Play("h5".parse().unwrap()));
    assert_eq!(child.legal_moves().len(), 17);
    let mut late_table = Solver::new(Options {
        table_min_empties: 40,
        ..Options::default()
    });
    let expected = Solver::default()
        .solve(&position, Limits::NONE)
        .unwrap()
        .score;
    assert_eq!(
        late_table.solve(&position, Limits::NONE).unwrap().score,
        expected
    );
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

/// A two-thread solver splitting from `split_min_empties` on.
fn two_threads(split_min_empties: u32, table_bits: u32, table_min_empties: u32) -> Solver {
    Solver::new(Options {
        threads: 2,
        split_min_empties,
        table_bits,
        table_min_empties,
        ..Options::default()
    })
}

/// `parallel` is a solution of `position` with the score of `serial` (proven against
/// minimax above): the same score, a legal move that the serial solver proves achieves it.
fn check_against(
    serial: &mut Solver,
    position: &Position,
    expected: &Solution,
    parallel: &Solution,
) {
    assert_eq!(parallel.score, expected.score, "{position}");
    let mv = parallel.best_move.expect("a position with empties to play");
    assert!(position.legal_moves().contains(&mv), "{position}: {mv}");
    let after = serial
        .solve(&position.play_unchecked(mv), Limits::NONE)
        .unwrap();
    assert_eq!(-after.score, expected.score, "{position}: {mv}");
}

/// Solves `corpus` with `parallel` and with a default (serial) solver, checks every answer
/// against the default one, and returns the split points of the `parallel` solves.
fn agreeing_with_the_default_solver(
    parallel: &mut Solver,
    corpus: impl IntoIterator<Item = Position>,
) -> u64 {
    let mut serial = Solver::default();
    let mut splits = 0;
    for position in corpus {
        let expected = serial.solve(&position, Limits::NONE).unwrap();
        assert_eq!(expected.splits, 0, "one thread never splits");
        let solution = parallel.solve(&position, Limits::NONE).unwrap();
        check_against(&mut serial, &position, &expected, &solution);
        splits += solution.splits;
    }
    splits
}

#[test]
fn two_threads_give_the_scores_of_one() {
    // Splitting from 11 empties (the table layer starts at 10) makes hundreds of split
    // points a position, many aborted by a cutoff; one table serves the whole corpus, so
    // entries of earlier solves (and of aborted searches, if any leaked) are probed too.
    let splits = agreeing_with_the_default_solver(
        &mut two_threads(11, 20, 10),
        endgame_corpus(60, 14..=20, 30),
    );
    assert!(splits > 10_000, "only {splits} split points");
}

#[test]
fn two_threads_with_a_tiny_table_give_the_scores_of_one() {
    // 64 entries used from 6 empties, splitting from 7: the threads overwrite each other's
    // slots all the time, so only the verified hash keeps torn or foreign entries out.
    let splits = agreeing_with_the_default_solver(
        &mut two_threads(7, 6, 6),
        endgame_corpus(40, 14..=17, 31),
    );
    assert!(splits > 10_000, "only {splits} split points");
}

/// A solver that solves every root selectively first (probcut passes, then the exact one).
fn selective_first(table_bits: u32, threads: usize) -> Solver {
    Solver::new(Options {
        selective_min_empties: 0,
        table_bits,
        threads,
        ..Options::default()
    })
}

#[test]
fn selective_passes_before_the_exact_one_leave_the_answer_exact() {
    // The selective passes cut at table-layer nodes from 12 empties and store bounds that
    // may be wrong, in the table the exact pass then probes. With the default table, a
    // 64-entry one (selective and exact entries of different positions and solves evicting
    // each other) and two threads splitting from 14 empties, the answers stay the default
    // solver's, which makes no selective pass below 22 empties.
    let corpus = endgame_corpus(30, 16..=20, 32);
    for solver in [
        &mut selective_first(21, 1),
        &mut selective_first(6, 1),
        &mut selective_first(21, 2),
    ] {
        agreeing_with_the_default_solver(solver, corpus.iter().copied());
    }
}

#[test]
fn limits_stop_every_thread() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(26);
    let position = endgame_position(&mut rng, 24).unwrap();
    let mut solver = two_threads(11, 20, 10);
    for limit in [1_000, 300_000, 3_000_000] {
        match solver.solve(&position, Limits::nodes(limit)) {
            Err(Stopped::NodeLimit { nodes }) => {
                // Each thread checks the shared total every 16384 nodes at most.
                assert!((limit..limit + 40_000).contains(&nodes), "{limit}: {nodes}");
            }
            other => panic!("expected the node limit, got {other:?}"),
        }
    }
    let started = std::time::Instant::now();
    let stopped = solver.solve(
        &position,
        Limits::time(std::time::Duration::from_millis(50)),
    );
    assert!(
        matches!(stopped, Err(Stopped::TimeLimit { .. })),
        "{stopped:?}"
    );
    assert!(
        started.elapsed().as_secs_f64() < 10.0,
        "{:?}",
        started.elapsed()
    );
    let stopped = solver.solve(&position, Limits::time(std::time::Duration::ZERO));
    assert!(
        matches!(stopped, Err(Stopped::TimeLimit { .. })),
        "{stopped:?}"
    );
    // The solver is still usable, and exact, afterwards.
    let mut serial = Solver::default();
    for position in endgame_corpus(5, 16..=18, 27) {
        let expected = serial.solve(&position, Limits::NONE).unwrap();
        let solution = solver
            .solve(&position, Limits::nodes(1_000_000_000))
            .unwrap();
        check_against(&mut serial, &position, &expected, &solution);
        assert!(solution.splits > 0);
    }
}

/// The accuracy set of positions from other engines' games (`examples/accuracy_set.rs`,
/// `docs/othello-eval.md`): each line is a game position with the move the game played
/// there, scored; the positions scored are the children, with 20-26 empty squares. Every
/// line parses with one legal move, and the two children with the fewest empty squares are
/// solved again to minus the listed score. (The file's scores came from this solver; the
/// FFO suite ties the solver to published scores.)
#[test]
fn the_accuracy_set_from_other_engines_games_is_well_formed_and_exact() {
    let problems = ffo::parse(include_str!("data/egaroucid-games-20-26.obf"))
        .expect("the accuracy set parses");
    assert_eq!(problems.len(), 791);
    let mut children = Vec::new();
    for problem in &problems {
        assert_eq!(problem.moves.len(), 1, "line {}", problem.line);
        let (played, score) = problem.moves[0];
        let child = problem
            .position
            .play(played)
            .unwrap_or_else(|e| panic!("line {}: {e}", problem.line));
        let empties = child.empty_squares().len();
        assert!((20..=26).contains(&empties), "line {}", problem.line);
        children.push((empties, child, -score));
    }
    children.sort_by_key(|&(empties, _, _)| empties);
    for &(_, child, score) in &children[..2] {
        let solution = solve(&child, Limits::NONE).expect("no limit");
        assert_eq!(solution.score, score, "{child}");
    }
}
