//! The game: perft against the published counts for every strategy, strategies agreeing on
//! random mid-game positions, hashing, notation and malformed input; and the min-distance
//! evaluation, bitboard against naive.

use bitgames_amazons::eval::{evaluate, evaluate_naive};
use bitgames_amazons::kernels::{StrategyVisitor, for_each_strategy};
use bitgames_amazons::random::{random_move, random_position};
use bitgames_amazons::{Error, IllegalReason, Kernels, Move, Naive, Position};
use bitgames_search::testing::{Reachable, notation_never_panics};
use bitgames_search::{Game, Outcome, Player, assert_suite, divide, perft};
use quickcheck::{Gen, QuickCheck};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Published counts from the start (Fairy-Stockfish's perft tests and an open-source C++
/// Amazons engine's README), in the workspace's perft-suite format.
const SUITE: &str = include_str!("data/amazons.perft");

struct Published;

impl StrategyVisitor for Published {
    fn visit<S: Kernels>(&mut self) {
        let report = assert_suite::<Position<S>>(SUITE, 5_000_000, 1);
        assert_eq!(report.depths("start"), [1, 2]);
    }
}

#[test]
fn perft_matches_the_published_counts_for_every_strategy() {
    for_each_strategy(&mut Published);
}

struct SameDivide(Vec<Position>);

impl StrategyVisitor for SameDivide {
    fn visit<S: Kernels>(&mut self) {
        for position in &self.0 {
            let expected = divide(&position.with_strategy::<Naive>(), 1);
            assert_eq!(
                divide(&position.with_strategy::<S>(), 1),
                expected,
                "{} {position}",
                S::NAME
            );
            let leaves: u64 = divide(&position.with_strategy::<S>(), 2)
                .iter()
                .map(|(_, n)| n)
                .sum();
            assert_eq!(leaves, perft(position, 2), "{} {position}", S::NAME);
        }
    }
}

#[test]
fn strategies_agree_on_random_mid_game_positions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(4);
    let positions: Vec<Position> = (0..30)
        .map(|_| random_position(&mut rng))
        .filter(|p| p.arrows().len() > 10)
        .collect();
    assert!(positions.len() > 10);
    for_each_strategy(&mut SameDivide(positions));
}

#[test]
fn incremental_hash_and_notation_in_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    for _ in 0..100 {
        let mut position = Position::start();
        while let Some(mv) = random_move(&position, &mut rng) {
            assert!(position.legal_moves().contains(&mv));
            assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
            position = position.play_unchecked(mv);
            assert_eq!(position.hash(), position.recompute_hash(), "{position}");
            assert_eq!(position.to_string().parse::<Position>(), Ok(position));
        }
        assert_eq!(
            position.outcome(),
            Outcome::Win(position.side_to_move().other())
        );
        assert!(position.legal_moves().is_empty());
    }
}

#[test]
fn the_arrow_may_pass_through_the_square_the_queen_left() {
    let start = Position::start();
    // d1 to d3, then the arrow back through d2 onto d1, the square the queen left.
    assert!(start.parse_move("d1-d3/d1").is_ok());
    assert!(
        start.parse_move("a4-a2/a5").is_ok(),
        "through a4, which the queen left"
    );
    let err = start.parse_move("d1-d10/d2").unwrap_err().to_string();
    assert!(err.contains("cannot reach d10"), "{err}");
    let err = start.parse_move("a7-a6/a5").unwrap_err().to_string();
    assert!(err.contains("no white queen on a7"), "{err}");
    let err = start.parse_move("d1-d3/f6").unwrap_err().to_string();
    assert!(err.contains("an arrow from d3 cannot reach f6"), "{err}");
}

#[test]
fn a_side_without_a_move_loses() {
    // White's only queen is walled in by arrows in the corner.
    let position: Position = "Q*8/**8/10/10/10/10/10/10/10/9q w".parse().unwrap();
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.outcome(), Outcome::Win(Player::Second));
    assert_eq!(perft(&position, 2), 0);
    let black = "Q*8/**8/10/10/10/10/10/10/10/9q b"
        .parse::<Position>()
        .unwrap();
    assert_eq!(black.outcome(), Outcome::Ongoing);
}

#[test]
fn notation() {
    let start = Position::start();
    assert_eq!(start.to_string(), "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w");
    assert_eq!(
        format!("{start:#}").lines().next(),
        Some("10  . . . q . . q . . .")
    );
    assert_eq!("d1-d7/d2".parse::<Move>().unwrap().to_string(), "d1-d7/d2");
    assert_eq!("D1-D7/D2".parse::<Move>().unwrap().to_string(), "d1-d7/d2");
    let cases = [
        ("", "expected 10 ranks"),
        ("3q2q3/10/10/q8q/10/10/Q8Q/10/10 w", "expected 10 ranks"),
        ("3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3", "expected 10 ranks"),
        (
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 x",
            "side to move \"x\"",
        ),
        ("3q2q3/11/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w", "rank 9"),
        (
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q2 w",
            "rank 1: \"3Q2Q2\" covers 9 files",
        ),
        ("3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q4 w", "rank 1"),
        (
            "3q2q3/10/10/q8x/10/10/Q8Q/10/10/3Q2Q3 w",
            "rank 7: 'x' is not",
        ),
        ("3q2q3/0/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w", "rank 9: a run"),
        (
            "QQQQQ5/10/10/10/10/10/10/10/10/10 w",
            "white: at most 4 queens, found 5",
        ),
    ];
    for (text, needle) in cases {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
    assert!(matches!(
        "d1d7d2".parse::<Move>(),
        Err(Error::MoveSyntax { .. })
    ));
    assert!(matches!(
        "d1-d7/k2".parse::<Move>(),
        Err(Error::BadSquare(_))
    ));
}

#[test]
fn arbitrary_strings_never_panic() {
    notation_never_panics::<Position>(
        "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w",
        9,
        50,
        20_000,
        |text| {
            let _ = text.parse::<Move>();
        },
    );
}

#[test]
fn evaluation_bitboard_equals_naive() {
    fn same(Reachable(position): Reachable<Position>) -> bool {
        let expected = evaluate_naive(&position);
        evaluate(&position) == expected
            && bitgames_amazons::eval::evaluate_with::<bitgames_amazons::Table, _>(&position)
                == expected
            && bitgames_amazons::eval::evaluate_with::<bitgames_amazons::Galloping, _>(&position)
                == expected
    }
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(100, 13))
        .tests(100_000)
        .quickcheck(same as fn(Reachable<Position>) -> bool);
}

#[test]
fn evaluation_by_hand() {
    // One white queen on a10, one black queen on j1, nothing else: the board is symmetric
    // under the half-turn, so every lead cancels and the ties are the anti-diagonal squares
    // (queen distance: both reach the whole board in two moves at most).
    let position: Position = "Q9/10/10/10/10/10/10/10/10/9q w".parse().unwrap();
    let f = evaluate(&position);
    assert_eq!(
        (f.t1_lead, f.t2_lead, f.c1_fixed, f.c2_sixths),
        (0, 0, 0, 0)
    );
    // King distance: equal on the anti-diagonal a1..j10, 10 squares.
    assert_eq!(f.t2_ties, 10);
    assert_eq!(f.score(Player::First), -f.score(Player::Second));
    assert!(
        f.score(Player::First) > 0.0,
        "the tempo goes to the side to move"
    );
    // Walled off: white's queen shut in a corner by arrows owns nothing, black owns the rest.
    let position: Position = "Q*8/**8/10/10/10/10/10/10/10/9q w".parse().unwrap();
    let f = evaluate(&position);
    assert_eq!(f.t1_lead, -(100 - 5));
    assert_eq!(f.w_fixed, 0);
    assert!(f.score(Player::First) < -90.0);
}

#[test]
fn play_is_checked_and_says_why_by_value() {
    let start = Position::start();
    let mv: Move = "d1-d7/d2".parse().unwrap();
    assert_eq!(start.play(mv), Ok(start.play_unchecked(mv)));
    let reason = |text: &str| match start.play(text.parse().unwrap()) {
        Err(Error::IllegalMove { reason, .. }) => reason,
        other => panic!("{text}: {other:?}"),
    };
    // d10 is black's queen, and white is to move.
    assert!(matches!(reason("d10-d9/d8"), IllegalReason::NoQueen { .. }));
    // g1 stands between d1 and j1.
    assert!(matches!(
        reason("d1-j1/i1"),
        IllegalReason::QueenBlocked { .. }
    ));
    assert_eq!(
        start
            .play("d1-d7/g10".parse().unwrap())
            .unwrap_err()
            .to_string(),
        "illegal move d1-d7/g10: an arrow from d7 cannot reach g10"
    );
}
