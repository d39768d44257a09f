//! The generic engines play complete, legal games of Othello (node and iteration limits;
//! the one test with a wall-clock limit checks what happens without waiting for it), and
//! the opening book is consulted from the start.

use bitgames_othello::{Position, book};
use bitgames_search::{AlphaBeta, Limits, Mcts, Player};

#[test]
fn alphabeta_and_mcts_play_a_complete_game() {
    let mut position = Position::start();
    let mut alphabeta = AlphaBeta::<Position>::new(16);
    let mut mcts = Mcts::new(position, 5);
    let mut plies = 0;
    while !position.outcome().is_over() {
        let mv = if position.side_to_move() == Player::First {
            alphabeta
                .search(&position, Limits::nodes(5_000))
                .best_move
                .unwrap()
        } else {
            mcts.search(None, Some(200)).best_move.unwrap()
        };
        assert!(position.legal_moves().contains(&mv), "{mv} in {position}");
        mcts.advance(mv);
        position = position.play_unchecked(mv);
        plies += 1;
        assert!(plies <= 120, "{position}");
    }
    assert!(position.is_game_over());
}

#[test]
fn the_book_answers_at_the_start() {
    use bitgames_search::Evaluate;
    let start = Position::start();
    let mv = book::lookup(&start).expect("the start is in the book");
    assert!(start.legal_moves().contains(&mv));
    assert_eq!(
        start.book_move(),
        Some(mv),
        "engines see the book through Evaluate"
    );
}

/// Near the end the engines play the endgame solver's move: an optimal one, checked by
/// solving every child.
#[test]
fn near_the_end_engines_play_a_solved_best_move() {
    use bitgames_othello::solver;
    use bitgames_search::Evaluate;
    use bitgames_search::engine::{Engine, EngineKind};
    use rand::{RngExt, SeedableRng};
    use std::time::Duration;

    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(23);
    let generous = Duration::from_secs(30);
    let mut solved = 0;
    for _ in 0..8 {
        let mut position = Position::start();
        while position.empty_squares().len() > 14 && !position.outcome().is_over() {
            let moves = position.legal_moves();
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        if position.outcome().is_over() {
            continue;
        }
        let best = solver::solve(&position, solver::Limits::NONE)
            .unwrap()
            .score;
        let (mv, score) = position
            .exact_move(generous)
            .expect("14 empties are solved");
        assert_eq!(score, best, "{position}");
        let after = position.play_unchecked(mv);
        let child = solver::solve(&after, solver::Limits::NONE).unwrap().score;
        assert_eq!(-child, best, "{mv} is not a best move in {position}");
        let choice = Engine::<Position>::new(EngineKind::AlphaBeta, 1)
            .choose(&position, generous)
            .unwrap();
        assert!(choice.info.contains("solved"), "{}", choice.info);
        solved += 1;
    }
    assert!(solved >= 6);
    // Far from the end the engines search.
    assert_eq!(Position::start().exact_move(generous), None);
}

/// Plain fixed-depth negamax over the evaluation, no pruning and no table: the oracle for
/// alpha-beta's score. Terminal scores are the search's (a win `WIN - ply`).
fn negamax(position: &Position, depth: u32, ply: i32) -> i32 {
    use bitgames_search::{Evaluate, Outcome, WIN};
    let terminal = |outcome| match outcome {
        Outcome::Win(winner) if winner == position.side_to_move() => WIN - ply,
        Outcome::Win(_) => -(WIN - ply),
        _ => 0,
    };
    let outcome = position.outcome();
    if outcome.is_over() {
        return terminal(outcome);
    }
    if depth == 0 {
        return position.evaluate();
    }
    position
        .legal_moves()
        .into_iter()
        .map(|mv| -negamax(&position.play_unchecked(mv), depth - 1, ply + 1))
        .max()
        .expect("a position that is not over has a move (a pass at least)")
}

/// The principal-variation search (null windows, re-searches, aspiration windows, the
/// table) without ProbCut scores every position exactly as plain negamax to the same depth,
/// on positions from the opening to the end of the game.
#[test]
fn alphabeta_scores_equal_fixed_depth_negamax() {
    use bitgames_othello::random::corpus;

    let positions = corpus(120, 23);
    for (i, position) in positions.iter().enumerate() {
        // Depths 4 and 5 search aspiration windows around the score two plies shallower,
        // which often fail and are searched again wider.
        let depth = 1 + (i % 5) as u32;
        let mut searcher = AlphaBeta::<Position>::new(12);
        searcher.set_probcut(false);
        let result = searcher.search(position, Limits::depth(depth));
        if position.outcome().is_over() {
            continue;
        }
        assert_eq!(
            result.score,
            negamax(position, depth, 0),
            "{position} at depth {depth}"
        );
        let best = result.best_move.expect("a move");
        assert_eq!(
            -negamax(&position.play_unchecked(best), depth - 1, 1),
            result.score,
            "the best move {best} of {position} scores the result"
        );
    }
}

/// Multi-ProbCut is on by default and cuts: the same depth in fewer nodes than the
/// full-width search, still with a legal best move.
#[test]
fn probcut_searches_fewer_nodes_to_the_same_depth() {
    use bitgames_othello::random::corpus;

    let (mut selective_nodes, mut full_nodes) = (0, 0);
    for position in corpus(40, 5).iter().filter(|p| {
        let empties = p.empty_squares().len();
        !p.outcome().is_over() && (24..=50).contains(&empties)
    }) {
        let selective = AlphaBeta::<Position>::new(16).search(position, Limits::depth(7));
        let mut searcher = AlphaBeta::<Position>::new(16);
        searcher.set_probcut(false);
        let full = searcher.search(position, Limits::depth(7));
        assert_eq!(selective.depth, 7);
        let best = selective.best_move.expect("a move");
        assert!(
            position.legal_moves().contains(&best),
            "{best} in {position}"
        );
        selective_nodes += selective.nodes;
        full_nodes += full.nodes;
    }
    assert!(
        selective_nodes * 3 < full_nodes * 2,
        "ProbCut {selective_nodes} nodes, full width {full_nodes}"
    );
}

/// A player at a clock with one legal move answers at once (one iteration) instead of
/// thinking for the whole budget.
#[test]
fn one_legal_move_at_a_clock_is_played_at_once() {
    use bitgames_othello::random::corpus;
    use std::time::Duration;

    let forced = corpus(20_000, 9)
        .into_iter()
        .find(|p| {
            !p.outcome().is_over() && p.legal_moves().len() == 1 && p.empty_squares().len() > 24
        })
        .expect("a random position with one legal move");
    let result =
        AlphaBeta::<Position>::new(16).search(&forced, Limits::time(Duration::from_secs(30)));
    assert_eq!(result.depth, 1, "{forced}");
    assert_eq!(result.best_move, forced.legal_moves().first().copied());
    // A depth limit is analysis, not a clock: it still searches as deep as asked.
    let analysed = AlphaBeta::<Position>::new(16).search(&forced, Limits::depth(4));
    assert_eq!(analysed.depth, 4, "{forced}");
}

/// The engines' MCTS scores its leaves with the learned evaluation's chance of winning, not
/// with a random game: after one iteration the root's value is exactly one minus the chance
/// of the side to move in the child it expanded (a random playout scores 0, ½ or 1).
#[test]
fn mcts_leaves_are_scored_by_the_evaluation() {
    use bitgames_search::Evaluate;

    let root = Position::start();
    let result = Mcts::new(root, 3)
        .with_evaluated_leaves()
        .search(None, Some(1));
    let child = root.play_unchecked(result.best_move.expect("a move"));
    let chance = child.win_chance().expect("Othello judges its leaves");
    assert!(chance > 0.0 && chance < 1.0, "{chance}");
    assert_eq!(result.value, 1.0 - chance);
}
