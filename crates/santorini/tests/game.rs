//! The base game: perft against published counts for every strategy, hand-built positions,
//! incremental hashing, notation round-trips and malformed input.

use bitgames_santorini::kernels::{StrategyVisitor, for_each_strategy};
use bitgames_santorini::{Error, IllegalReason, Kernels, Move, Naive, Position, Shift, Table};
use bitgames_search::testing::{Reachable, notation_never_panics};
use bitgames_search::{Game, Outcome, Player, RandomPosition, assert_suite, divide, perft};
use quickcheck::{Gen, QuickCheck};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// The published counts from the test root and the set-up position, in the workspace's
/// perft-suite format.
const SUITE: &str = include_str!("data/santorini.perft");

/// Every strategy, to depth 4 (the naive kernels are slow; depth 5 runs for the default).
struct PerftSuite;

impl StrategyVisitor for PerftSuite {
    fn visit<S: Kernels>(&mut self) {
        // Perft 4 from the test root is 24,545,388 leaves; perft 5 is 1,578,268,436.
        let report = assert_suite::<Position<S>>(SUITE, 25_000_000, 1);
        assert_eq!(report.depths("test-root"), [1, 2, 3, 4]);
        assert_eq!(report.depths("set-up"), [1, 2, 3]);
    }
}

#[test]
fn perft_matches_the_published_counts_for_every_strategy() {
    for_each_strategy(&mut PerftSuite);
}

#[test]
fn perft_5_from_the_test_root() {
    assert_eq!(
        Position::test_root().to_string(),
        "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
    );
    let report = assert_suite::<Position<Table>>(SUITE, 2_000_000_000, 2);
    assert_eq!(report.depths("test-root"), [1, 2, 3, 4, 5]);
}

#[test]
fn divide_sums_to_perft_and_strategies_agree_on_random_positions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    for _ in 0..40 {
        let position = random_position(&mut rng);
        let expected = divide(&position.with_strategy::<Naive>(), 2);
        assert_eq!(
            divide(&position.with_strategy::<Shift>(), 2),
            expected,
            "{position}"
        );
        assert_eq!(divide(&position, 2), expected, "{position}");
        assert_eq!(
            expected.iter().map(|(_, n)| n).sum::<u64>(),
            perft(&position, 2)
        );
        assert_eq!(
            position.count_legal_moves(),
            position.legal_moves().len() as u64
        );
    }
}

/// A position from a random game of random length from the empty board.
fn random_position(rng: &mut Xoshiro256PlusPlus) -> Position {
    RandomPosition::random_position(rng)
}

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(position: &Position) -> Vec<String> {
    let mut moves: Vec<String> = position.legal_moves().iter().map(Move::to_string).collect();
    moves.sort();
    moves
}

#[test]
fn a_worker_on_level_2_beside_level_3_wins_by_moving_up() {
    // Player 1: A5 on level 2 next to B5 on level 3, and E1 on the ground.
    // Player 2: C1, D1 on the ground. Domes at A4 and B4.
    let position = pos("2300044000000000000000000/1/mortal:A5,E1/mortal:C1,D1");
    let list = moves(&position);
    assert!(list.contains(&"A5>B5#".to_owned()), "{list:?}");
    assert!(
        !list.iter().any(|m| m.starts_with("A5>B5^")),
        "a move up to level 3 has no build"
    );
    assert!(
        !list
            .iter()
            .any(|m| m.starts_with("A5>A4") || m.starts_with("A5>B4")),
        "domes block"
    );
    let won = position.play_unchecked("A5>B5#".parse().unwrap());
    assert_eq!(won.outcome(), Outcome::Win(Player::First));
    assert!(won.legal_moves().is_empty());
    assert_eq!(won.count_legal_moves(), 0);
    // `#` marks the winner (santorini-ai's notation); without it, a just-moved worker on
    // level 3 reads as the win, as the base game's notation always did.
    assert_eq!(pos(&won.to_string()), won);
    assert_eq!(
        won.to_string(),
        "2300044000000000000000000/2/#mortal:B5,E1/mortal:C1,D1"
    );
    assert_eq!(
        pos("2300044000000000000000000/2/mortal:B5,E1/mortal:C1,D1"),
        won
    );
}

#[test]
fn builds_go_on_neighbours_of_the_new_square_including_the_one_left() {
    // Domes on D5 and A4. Player 1's worker on A5 is boxed in by its partner on B5, the dome
    // and player 2 on B4, so only B5 moves: to C5 or C4. It may build on the square it left,
    // never on a dome or a worker.
    let position = pos("0004040000000000000000000/1/mortal:A5,B5/mortal:B4,E1");
    let expected = [
        "B5>C4^B5", "B5>C4^B3", "B5>C4^C3", "B5>C4^C5", "B5>C4^D3", "B5>C4^D4", "B5>C5^B5",
        "B5>C5^C4", "B5>C5^D4",
    ];
    let mut expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    expected.sort();
    assert_eq!(moves(&position), expected);
}

#[test]
fn a_side_with_no_legal_turn_loses() {
    // Player 2's workers on A5 and B5 are walled in by domes (A4, B4, C4, C5) at level 0.
    let position = pos("0044044400000000000000000/2/mortal:D1,E1/mortal:A5,B5");
    assert!(position.legal_moves().is_empty());
    assert_eq!(position.count_legal_moves(), 0);
    assert_eq!(position.outcome(), Outcome::Win(Player::First));
    assert_eq!(perft(&position, 3), 0);
}

#[test]
fn climbing_rules() {
    // Player 1 on C3 at level 0 with B4=1, C4=2, D4=3 above it: only B4 (one up) is open
    // among those; moving down any number of levels is fine (A5 on level 3 steps to A4=0).
    let position = pos("3000001230000000000000000/1/mortal:C3,A5/mortal:E1,D1");
    let list = moves(&position);
    assert!(list.iter().any(|m| m.starts_with("C3>B4^")));
    assert!(
        !list
            .iter()
            .any(|m| m.starts_with("C3>C4") || m.starts_with("C3>D4"))
    );
    assert!(
        list.iter().any(|m| m.starts_with("A5>A4^")),
        "down three levels"
    );
    assert_eq!(
        position.winner(),
        None,
        "the side to move standing on level 3 has not won"
    );
    // A worker moving 3 -> 3 does not win.
    let position = pos("3300000000000000000000000/1/mortal:A5,E1/mortal:C1,D1");
    assert!(moves(&position).contains(&"A5>B5^A5".to_owned()));
    assert!(!moves(&position).iter().any(|m| m.ends_with('#')));
}

#[test]
fn incremental_hash_equals_recomputed_hash_in_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    for _ in 0..500 {
        let mut position = Position::empty();
        loop {
            assert_eq!(position.hash(), position.recompute_hash(), "{position}");
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        assert!(position.outcome().is_over());
    }
}

#[test]
fn hashes_differ_when_positions_differ() {
    let root = Position::test_root();
    let children: Vec<Position> = root
        .legal_moves()
        .iter()
        .map(|&m| root.play_unchecked(m))
        .collect();
    let mut hashes: Vec<u64> = children.iter().map(Position::hash).collect();
    hashes.sort();
    hashes.dedup();
    assert_eq!(hashes.len(), children.len());
}

#[test]
fn notation_round_trips_on_reachable_positions() {
    fn round_trip(Reachable(position): Reachable<Position>) -> bool {
        let text = position.to_string();
        text.parse::<Position>() == Ok(position)
            && position
                .legal_moves()
                .iter()
                .all(|&mv| position.parse_move(&mv.to_string()) == Ok(mv))
    }
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(100, 3))
        .tests(5_000)
        .quickcheck(round_trip as fn(Reachable<Position>) -> bool);
}

#[test]
fn malformed_positions_get_an_error_naming_the_part() {
    let cases = [
        ("", "expected 4 parts"),
        ("0000000000000000000000000/1/mortal:B3,D3", "found 3"),
        (
            "000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2",
            "expected 25 digits, found 24",
        ),
        (
            "0000000000000000000000005/1/mortal:B3,D3/mortal:C4,C2",
            "'5' at E1 is not a height",
        ),
        (
            "x000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2",
            "'x' at A5",
        ),
        (
            "0000000000000000000000000/3/mortal:B3,D3/mortal:C4,C2",
            "side to move \"3\"",
        ),
        (
            "0000000000000000000000000/1/notagod:B3,D3/mortal:C4,C2",
            "unknown god \"notagod\": expected one of mortal, apollo",
        ),
        (
            "0000000000000000000000000/1/mortal:B3,D3/pan[^]:C4,C2",
            "player 2: \"pan[^]:C4,C2\" is not a state of pan",
        ),
        (
            "0000000000000000000000000/1/mortal:B3,F3/mortal:C4,C2",
            "player 1: \"F3\" is not a square",
        ),
        (
            "0000000000000000000000000/1/mortal:B3/mortal:C4,C2",
            "player 1: expected at most 2 workers, 3 for graeae, proteus and stymphalians, and for jason once he has placed his new one, 11 for hydra (none or all of them before anything is built), found 1",
        ),
        (
            "0000000000000000000000000/1/mortal:B3,D3,E3/mortal:C4,C2",
            "found 3",
        ),
        (
            "0000000000000000000000000/1/mortal:B3,D3/mortal:B3,C2",
            "B3: two workers",
        ),
        (
            "0000000000000000000000000/1/mortal:B3,B3/mortal:C4,C2",
            "B3: two workers",
        ),
        (
            "4000000000000000000000000/1/mortal:A5,D3/mortal:C4,C2",
            "A5: a worker cannot stand on a dome",
        ),
        (
            "0000000000000000000000000/1/mortal/mortal:C4,C2",
            "player 2 has placed workers before player 1",
        ),
        (
            "0000000000000000000000000/2/mortal/mortal",
            "player 1 places first",
        ),
        (
            "0000000000000000000000000/1/mortal:B3,D3/mortal",
            "player 2's turn",
        ),
        (
            "0000000000000000000000000/1/mortal:B3,D3/",
            "player 2: \"\" is not `<god>`",
        ),
    ];
    for (text, needle) in cases {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(
            err.contains(needle),
            "{text:?}: {err:?} does not mention {needle:?}"
        );
    }
}

#[test]
fn illegal_moves_are_explained() {
    let root = Position::test_root();
    let cases = [
        ("C4>C5^C4", "player 1 has no worker on C4"),
        ("B3>B5^B4", "B5 is not next to B3"),
        ("B3>C4^C5", "destination C4 holds a worker"),
        ("B3>B4^B3", ""),
        ("B3>B4^D2", "build D2 is not next to B4"),
        ("B3>B4^C4", "build C4 holds a worker"),
        ("B3>B4#", "only a move up onto level 3 wins"),
        ("place:A1,A2", "already placed"),
        // A move without a build is only Morpheus's.
        ("B3>B4", "is a move of morpheus; player 1 plays mortal"),
    ];
    for (text, needle) in cases {
        match root.parse_move(text) {
            Ok(_) if needle.is_empty() => {}
            Ok(mv) => panic!("{text} parsed as legal {mv}"),
            Err(err) => assert!(
                !needle.is_empty() && err.to_string().contains(needle),
                "{text}: {err}"
            ),
        }
    }
    let empty = Position::empty();
    let err = empty.parse_move("B3>B4^B3").unwrap_err();
    assert!(matches!(err, Error::IllegalMove { .. }) && err.to_string().contains("must place"));
    // `play` is checked too, and the reason is a value.
    let mv: Move = "B3>B4^B3".parse().unwrap();
    assert_eq!(
        empty.play(mv),
        Err(Error::IllegalMove {
            mv,
            reason: IllegalReason::MustPlaceFirst {
                player: Player::First
            }
        })
    );
    let climb = pos("0010000000000000000000000/1/mortal:B5,E1/mortal:C1,D1");
    assert!(climb.parse_move("B5>C5^B5").is_ok(), "one up is fine");
    let climb = pos("0030000000000000000000000/1/mortal:B5,E1/mortal:C1,D1");
    let err = climb.parse_move("B5>C5^B5").unwrap_err().to_string();
    assert!(
        err.contains("cannot climb from level 0 to level 3"),
        "{err}"
    );
}

#[test]
fn arbitrary_strings_never_panic() {
    notation_never_panics::<Position>(
        "0012300000000200000000000/2/mortal:B3,D3/mortal:C4,C2",
        17,
        40,
        20_000,
        |text| {
            let _ = text.parse::<Move>();
            let _ = Position::test_root().parse_move(text);
        },
    );
}

#[test]
fn set_up_counts() {
    let empty = Position::empty();
    assert_eq!(empty.count_legal_moves(), 300);
    let placed = empty.play_unchecked("place:B3,D3".parse().unwrap());
    assert_eq!(placed.legal_moves().len(), 253);
    assert_eq!(placed.side_to_move(), Player::Second);
    let played = placed.play_unchecked("place:C4,C2".parse().unwrap());
    assert_eq!(played, Position::test_root());
}

#[test]
fn random_playouts_are_reproducible_and_end_the_game() {
    use bitgames_search::random_playout;
    let root = Position::test_root();
    for seed in 0..50 {
        let a = random_playout(&root, &mut Xoshiro256PlusPlus::seed_from_u64(seed), 1_000);
        let b = random_playout(&root, &mut Xoshiro256PlusPlus::seed_from_u64(seed), 1_000);
        assert_eq!(a, b);
        assert!(
            a.outcome.is_over(),
            "Santorini games end: domes fill the board"
        );
        assert_eq!(a.outcome, a.position.outcome());
        assert!(a.position.legal_moves().is_empty());
    }
    let short = random_playout(&root, &mut Xoshiro256PlusPlus::seed_from_u64(1), 3);
    assert_eq!((short.plies, short.outcome), (3, Outcome::Ongoing));
}
