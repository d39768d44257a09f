//! The engines and the endgame solver on wasm32 with time limits, run under Node by
//! `cargo xtask wasm-test` (wasm-bindgen-test; CI runs it): alpha-beta searching a middle
//! game for a given time, the generic engines (alpha-beta and MCTS) choosing a move within a
//! budget, and the solver solving FFO #40 exactly, and giving up, under a time limit.
//!
//! What they guard: every one of them reads the clock. On wasm32-unknown-unknown,
//! `std::time::Instant::now()` panics ("time not implemented on this platform"), as each of
//! these did while the search and the solver used std's clock; they now use web-time's,
//! which reads `performance.now()`. A clock that never advanced would fail them too: the
//! searches stop only when the clock says their time is up (or, for alpha-beta, that the
//! next iteration of a clear move would not finish in it), and the elapsed times are checked.
//!
//! On other targets this file compiles to nothing.

#![cfg(target_arch = "wasm32")]

use bitgames_othello::solver::{Limits as SolveLimits, Options, Solver, Stopped};
use bitgames_othello::{Position, ffo};
use bitgames_search::engine::{Engine, EngineKind};
use bitgames_search::{AlphaBeta, Limits};
use wasm_bindgen_test::wasm_bindgen_test;
use web_time::{Duration, Instant};

/// The time the timed searches are given.
const BUDGET: Duration = Duration::from_millis(300);

/// How far past its budget a search may stop: alpha-beta looks at the clock every 1,024
/// nodes and MCTS every 16 iterations, well under this even on a slow machine.
const OVERRUN: Duration = Duration::from_secs(2);

/// FFO problem `number` (#40 to #59) from the crate's test file, with its listed moves.
fn ffo_problem(number: usize) -> ffo::Problem {
    let problems = ffo::parse(include_str!("data/ffo-40-59.obf")).expect("the FFO file parses");
    problems[number - 40].clone()
}

/// A middle game: FFO #59, 34 empty squares, out of the opening book and too early for the
/// engines' exact solve, so they search until their time is up.
fn middle_game() -> Position {
    let position = ffo_problem(59).position;
    assert_eq!(position.empty_squares().len(), 34);
    position
}

/// `took` is the budget plus at most [`OVERRUN`].
fn assert_near_budget(what: &str, took: Duration) {
    assert!(
        took >= BUDGET && took <= BUDGET + OVERRUN,
        "{what} took {took:?} with a budget of {BUDGET:?}"
    );
}

/// `took` is within the budget plus at most [`OVERRUN`]: alpha-beta may stop early on a clear
/// move, when its next iteration would not finish in time (`IterationClock` in
/// bitgames-search).
fn assert_within_budget(what: &str, took: Duration) {
    assert!(
        took <= BUDGET + OVERRUN,
        "{what} took {took:?} with a budget of {BUDGET:?}"
    );
}

#[wasm_bindgen_test]
fn alphabeta_with_a_time_limit_stops_near_its_budget() {
    let position = middle_game();
    let mut searcher = AlphaBeta::<Position>::new(16);
    let started = Instant::now();
    let result = searcher.search(&position, Limits::time(BUDGET));
    let took = started.elapsed();
    let mv = result.best_move.expect("a move");
    assert!(position.legal_moves().contains(&mv), "{mv} in {position}");
    // Stopped by the clock, not a depth: either at the deadline, or early on a move that
    // held for three iterations (so at least four were searched).
    assert!(
        took >= BUDGET || result.depth >= 4,
        "depth {} in {took:?}",
        result.depth
    );
    assert!(result.nodes > 0);
    assert_within_budget("alpha-beta", took);
    assert!(
        result.seconds <= (BUDGET + OVERRUN).as_secs_f64(),
        "{} s",
        result.seconds
    );
}

#[wasm_bindgen_test]
fn the_engines_choose_a_move_within_their_budget() {
    let position = middle_game();
    for kind in [EngineKind::AlphaBeta, EngineKind::Mcts] {
        let mut engine = Engine::<Position>::new(kind, 7);
        let started = Instant::now();
        let choice = engine.choose(&position, BUDGET).expect("a move");
        let took = started.elapsed();
        assert!(
            position.legal_moves().contains(&choice.mv),
            "{kind}: {} in {position}",
            choice.mv
        );
        // Searched, not taken from the book or solved: the clock decided when to stop.
        let searched = match kind {
            EngineKind::AlphaBeta => "alphabeta: depth ",
            _ => "mcts: ",
        };
        assert!(choice.info.starts_with(searched), "{kind}: {}", choice.info);
        match kind {
            EngineKind::AlphaBeta => assert_within_budget(kind.name(), took),
            _ => assert_near_budget(kind.name(), took),
        }
    }
}

#[wasm_bindgen_test]
fn the_alphabeta_engine_solves_ffo_40_near_the_end() {
    // 20 empty squares: the engine gives the exact solver half its time first.
    let problem = ffo_problem(40);
    let mut engine = Engine::<Position>::new(EngineKind::AlphaBeta, 7);
    let choice = engine
        .choose(&problem.position, Duration::from_secs(120))
        .expect("a move");
    assert_eq!(choice.info, "alphabeta: solved, final margin 38");
    assert_eq!(problem.score_of(choice.mv), Some(38), "{}", choice.mv);
}

#[wasm_bindgen_test]
fn the_solver_solves_ffo_40_exactly_with_a_time_limit() {
    // Black to move, 20 empty squares: +38 by a2, the only best move (the published score).
    let problem = ffo_problem(40);
    assert_eq!(problem.best_score(), Some(38));
    let mut solver = Solver::new(Options {
        table_bits: 18,
        ..Options::default()
    });
    let solution = solver
        .solve(
            &problem.position,
            SolveLimits::time(Duration::from_secs(60)),
        )
        .expect("solved within the time limit");
    assert_eq!(solution.score, 38);
    let best = solution.best_move.expect("a move");
    assert_eq!(problem.best_moves(), vec![best], "{best}");
    assert!(solution.seconds > 0.0);
}

#[wasm_bindgen_test]
fn the_solver_gives_up_at_its_time_limit() {
    // FFO #40 takes millions of nodes; the clock is read every 16,384.
    let problem = ffo_problem(40);
    let mut solver = Solver::new(Options {
        table_bits: 18,
        ..Options::default()
    });
    let limit = Duration::from_millis(1);
    let started = Instant::now();
    let stopped = solver
        .solve(&problem.position, SolveLimits::time(limit))
        .expect_err("FFO #40 is not solved in a millisecond");
    let took = started.elapsed();
    match stopped {
        Stopped::TimeLimit { seconds, nodes } => {
            assert!(seconds >= limit.as_secs_f64(), "{seconds} s");
            assert!(nodes > 0);
        }
        other => panic!("{other}"),
    }
    assert!(took < OVERRUN, "{took:?}");
}
