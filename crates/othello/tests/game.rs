//! The game: perft against the published counts, passes and game end, incremental counts
//! and hash, stable discs, notation round-trips and malformed input.

use bitgames_othello::kernels::{StrategyVisitor, for_each_strategy};
use bitgames_othello::random::random_position;
use bitgames_othello::stability::{stable_discs, stable_discs_naive};
use bitgames_othello::{
    Bitboard, Error, Fastest, IllegalReason, Kernels, KoggeStone, Move, Naive, Position, Shift,
    Square, Table,
};
use bitgames_search::testing::{Reachable, notation_never_panics};
use bitgames_search::{Game, Outcome, Player, assert_suite, divide, perft, perft_generic};
use quickcheck::{Gen, QuickCheck};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Aart Bik's published counts from the start, in the workspace's perft-suite format.
const SUITE: &str = include_str!("data/othello.perft");

struct PerftToNine;

impl StrategyVisitor for PerftToNine {
    fn visit<S: Kernels>(&mut self) {
        // Perft 9 is 3,005,288 leaves; perft 10 is 24,571,284.
        let report = assert_suite::<Position<S>>(SUITE, 5_000_000, 1);
        assert_eq!(report.depths("start"), (1..=9).collect::<Vec<_>>());
    }
}

#[test]
fn perft_to_depth_9_for_every_strategy() {
    for_each_strategy(&mut PerftToNine);
}

#[test]
fn perft_10_and_11_with_the_fastest_strategy() {
    // Perft 11 is 212,258,800 leaves; perft 12 is 1,939,886,636.
    let report = assert_suite::<Position<Fastest>>(SUITE, 250_000_000, 2);
    assert_eq!(report.depths("start"), (1..=11).collect::<Vec<_>>());
}

/// Perft 12 and 13 (about 20 billion leaves): `cargo test --release -- --ignored`.
#[test]
#[ignore = "minutes of perft; run with --ignored"]
fn perft_12_and_13_with_the_fastest_strategy() {
    let report = assert_suite::<Position<Fastest>>(SUITE, 20_000_000_000, 2);
    assert_eq!(report.depths("start"), (1..=13).collect::<Vec<_>>());
}

#[test]
fn strategies_agree_on_perft_from_random_mid_game_positions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(8);
    for _ in 0..60 {
        let position = random_position(&mut rng);
        let expected = divide(&position.with_strategy::<Naive>(), 3);
        assert_eq!(
            divide(&position.with_strategy::<Shift>(), 3),
            expected,
            "{position}"
        );
        assert_eq!(
            divide(&position.with_strategy::<KoggeStone>(), 3),
            expected,
            "{position}"
        );
        assert_eq!(
            divide(&position.with_strategy::<Table>(), 3),
            expected,
            "{position}"
        );
        assert_eq!(divide(&position, 3), expected, "{position}");
    }
}

/// Every strategy's perft walk (raw bitboards, batched last two plies) against the generic
/// walk over `play`, from random positions of every stage (passes and finished games
/// included), at every depth up to 5.
struct LeanPerftMatchesGeneric;

impl StrategyVisitor for LeanPerftMatchesGeneric {
    fn visit<S: Kernels>(&mut self) {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(21);
        for _ in 0..150 {
            let position = random_position(&mut rng).with_strategy::<S>();
            for depth in 0..=5 {
                assert_eq!(
                    position.count_leaves(depth),
                    perft_generic(&position, depth),
                    "{} depth {depth} {position}",
                    S::NAME
                );
            }
        }
    }
}

#[test]
fn every_strategy_lean_perft_matches_the_generic_walk() {
    for_each_strategy(&mut LeanPerftMatchesGeneric);
}

#[test]
fn incremental_counts_and_hash_match_recomputation_in_random_games() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for _ in 0..300 {
        let mut position = Position::start();
        loop {
            assert_eq!(position.hash(), position.recompute_hash(), "{position}");
            let (black, white) = position.discs();
            assert_eq!(
                position.disc_counts(),
                [black.len() as u8, white.len() as u8]
            );
            assert_eq!(position.to_string().parse::<Position>(), Ok(position));
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        assert!(position.is_game_over());
        let [b, w] = position.disc_counts().map(i32::from);
        let expected = match position.final_score() {
            0 => Outcome::Draw,
            s if s > 0 => Outcome::Win(Player::First),
            _ => Outcome::Win(Player::Second),
        };
        assert_eq!(position.outcome(), expected);
        assert_eq!(position.final_score().signum(), (b - w).signum());
    }
}

#[test]
fn play_is_checked_and_says_why_by_value() {
    let start = Position::start();
    let illegal = |mv: Move| match start.play(mv) {
        Err(Error::IllegalMove {
            mv: refused,
            reason,
        }) => {
            assert_eq!(refused, mv);
            reason
        }
        other => panic!("{mv}: {other:?}"),
    };
    assert_eq!(
        illegal(Move::Play(Square::D4)),
        IllegalReason::Occupied(Square::D4)
    );
    assert_eq!(
        illegal(Move::Play(Square::A1)),
        IllegalReason::FlipsNothing(Square::A1)
    );
    assert_eq!(illegal(Move::Pass), IllegalReason::PassWithLegalSquare);
    assert_eq!(
        start.play(Move::Pass).unwrap_err().to_string(),
        "illegal move pass: passing is only allowed without a legal square"
    );
    // The unchecked form is the same position for a legal move.
    let d3 = Move::Play(Square::D3);
    assert_eq!(start.play(d3), Ok(start.play_unchecked(d3)));
}

#[test]
fn an_asymmetric_position_guards_the_bit_order() {
    // Black plays d3 from the start: d3 (bit 19) is placed and d4 (bit 27) flips.
    let start = Position::start();
    let next = start.play(start.parse_move("D3").unwrap()).unwrap();
    assert_eq!(start.play(Move::Play(Square::D3)), Ok(next));
    assert_eq!(
        next.to_string(),
        "-------------------X-------XX------XO--------------------------- O"
    );
    assert_eq!(
        next.discs(),
        (squares(&["d3", "d4", "e4", "d5"]), squares(&["e5"]))
    );
    // White's replies from there: c3, e3, c5 (standard opening theory).
    let mut replies: Vec<String> = next.legal_moves().iter().map(Move::to_string).collect();
    replies.sort();
    assert_eq!(replies, ["c3", "c5", "e3"]);
    assert_eq!(
        format!("{next:#}").lines().take(5).collect::<Vec<_>>(),
        [
            "  a b c d e f g h",
            "1 - - - - - - - -",
            "2 - - - - - - - -",
            "3 - - - X - - - -",
            "4 - - - X X - - -"
        ]
    );
}

#[test]
fn passes_and_game_end() {
    // Rows 1-7 black, row 8 `OXXXXXX-`: black cannot play the only empty square h8 (every
    // line from it starts with a black disc), but white can, flipping b8-g8. Then the board
    // is full.
    let mut board = "X".repeat(56);
    board.push_str("OXXXXXX-");
    let position: Position = format!("{board} X").parse().unwrap();
    assert_eq!(position.move_mask(), Bitboard::EMPTY);
    assert_eq!(position.legal_moves().as_slice(), [Move::Pass]);
    assert_eq!(position.count_legal_moves(), 1);
    assert_eq!(position.outcome(), Outcome::Ongoing);
    let err = position.parse_move("h8").unwrap_err().to_string();
    assert!(err.contains("must pass"), "{err}");
    let white = position.play_unchecked(Move::Pass);
    assert_eq!(white.side_to_move(), Player::Second);
    let h8: Vec<Move> = white.legal_moves().to_vec();
    assert_eq!(h8, ["h8".parse().unwrap()]);
    let full = white.play_unchecked(h8[0]);
    assert!(full.is_game_over());
    assert!(full.legal_moves().is_empty());
    // A finished game is one leaf at every remaining depth.
    assert_eq!(perft(&full, 3), 1);
    assert_eq!(perft(&position, 5), 1);
    let (black, white_discs) = full.discs();
    assert_eq!((black.len(), white_discs.len()), (56, 8));
    assert_eq!(
        white_discs,
        squares(&["a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"])
    );
    assert_eq!(full.outcome(), Outcome::Win(Player::First));
    assert_eq!(full.final_score(), 48);
}

#[test]
fn final_score_gives_the_empty_squares_to_the_winner() {
    // 3 black discs, 1 white, nobody can move (no disc is next to an empty square that
    // outflanks anything): black wins 3 - 1 + 60 empties.
    let position: Position = format!("XXX{}O X", "-".repeat(60)).parse().unwrap();
    assert!(position.is_game_over());
    assert_eq!(position.final_score(), 62);
    let position: Position = format!("X{}O X", "-".repeat(62)).parse().unwrap();
    assert_eq!(position.outcome(), Outcome::Draw);
    assert_eq!(position.final_score(), 0);
}

#[test]
fn stable_discs_bitboard_equals_naive() {
    fn same(Reachable(position): Reachable<Position>) -> bool {
        let (p, o) = (position.player(), position.opponent());
        stable_discs(p, o) == stable_discs_naive(p, o)
            && stable_discs(o, p) == stable_discs_naive(o, p)
    }
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(100, 21))
        .tests(100_000)
        .quickcheck(same as fn(Reachable<Position>) -> bool);
}

#[test]
fn stable_discs_by_hand() {
    // Black holds the a1 corner and a1-c1 along the top edge, a2 below; white holds b2.
    let position: Position = format!("XXX-----XO{} X", "-".repeat(54)).parse().unwrap();
    let stable = stable_discs(position.player(), position.opponent());
    assert_eq!(stable, squares(&["a1", "b1", "c1", "a2"]));
    assert_eq!(
        stable_discs(position.opponent(), position.player()),
        Bitboard::EMPTY,
        "b2 can still flip"
    );
}

#[test]
fn stable_discs_are_never_flipped_later() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    for _ in 0..300 {
        let mut position = Position::start();
        let mut stable = [Bitboard::EMPTY; 2];
        while !position.is_game_over() {
            let (black, white) = position.discs();
            stable[0] |= stable_discs(black, white);
            stable[1] |= stable_discs(white, black);
            assert_eq!(
                black & stable[0],
                stable[0],
                "a stable black disc flipped: {position}"
            );
            assert_eq!(
                white & stable[1],
                stable[1],
                "a stable white disc flipped: {position}"
            );
            let moves = position.legal_moves();
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
}

#[test]
fn malformed_positions_name_the_part() {
    let start = "---------------------------OX------XO---------------------------";
    let cases = [
        (String::new(), "expected 64 squares"),
        (start.to_owned(), "expected 64 squares (X, O or -), a space"),
        (format!("{start} X extra"), "a space"),
        (
            format!("{} X", &start[1..]),
            "expected 64 squares, found 63",
        ),
        (format!("{start}- X"), "found 65"),
        (format!("{}z{} X", &start[..10], &start[11..]), "'z' at c2"),
        (format!("{start} B"), "side to move \"B\""),
    ];
    for (text, needle) in cases {
        let err = text.parse::<Position>().unwrap_err().to_string();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
}

#[test]
fn moves_parse_and_illegal_moves_are_explained() {
    let start = Position::start();
    assert_eq!("PS".parse::<Move>(), Ok(Move::Pass));
    assert_eq!("pa".parse::<Move>(), Ok(Move::Pass));
    assert_eq!("Pass".parse::<Move>(), Ok(Move::Pass));
    assert!(matches!("i9".parse::<Move>(), Err(Error::BadSquare(_))));
    let cases = [
        ("d4", "d4 is occupied"),
        ("a1", "flips nothing"),
        ("pass", "only allowed without a legal square"),
    ];
    for (text, needle) in cases {
        let err = start.parse_move(text).unwrap_err().to_string();
        assert!(err.contains(needle), "{text}: {err}");
    }
}

#[test]
fn arbitrary_strings_never_panic() {
    notation_never_panics::<Position>(
        "---------------------------OX------XO--------------------------- X",
        5,
        70,
        20_000,
        |text| {
            let _ = text.parse::<Move>();
        },
    );
}

/// The set of the named squares.
fn squares(names: &[&str]) -> Bitboard {
    names
        .iter()
        .map(|name| name.parse::<bitgames_othello::Square>().unwrap())
        .collect()
}
