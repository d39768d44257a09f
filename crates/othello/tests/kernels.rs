//! Every strategy against the naive oracle: quickcheck over random reachable positions and
//! every square, and exhaustive sweeps of every line occupancy through every square.

use std::sync::LazyLock;

use bitgames_bitboard::harness::{Disagreement, Kernel, check_operation};
use bitgames_othello::Position;
use bitgames_othello::kernels::{StrategyVisitor, for_each_strategy, table_pext_portable};
use bitgames_othello::operations::kernels;
use bitgames_othello::random::KernelInstance;
use bitgames_othello::{Bitboard, Kernels, Naive, Square, Table};
use bitgames_search::testing::{Reachable, quickcheck};
use bitgames_tables::othello::OTHELLO_LINES;

const CASES: u64 = 100_000;

/// The harness instance asking about `square` in `position`.
fn at(position: &Position, square: Square) -> KernelInstance {
    KernelInstance {
        player: position.player(),
        opponent: position.opponent(),
        square,
    }
}

/// Every (operation, strategy) kernel of the shared harness, checked against naive.
static KERNELS: LazyLock<Vec<Kernel<KernelInstance>>> = LazyLock::new(kernels);

#[test]
fn every_strategy_agrees_with_naive_on_random_reachable_positions() {
    fn legal_moves(Reachable(position): Reachable<Position>) -> Result<(), Disagreement> {
        let a1 = Square::all().next().expect("the board has squares");
        check_operation(&KERNELS, "legal_moves", &at(&position, a1))?;
        check_operation(&KERNELS, "count_replies", &at(&position, a1))
    }
    /// Flips of a disc on every square, empty or not, and the count were it the last.
    fn flips(Reachable(position): Reachable<Position>) -> Result<(), Disagreement> {
        Square::all().try_for_each(|s| {
            check_operation(&KERNELS, "flips", &at(&position, s))?;
            check_operation(&KERNELS, "count_last_flips", &at(&position, s))
        })
    }
    quickcheck(1, CASES)
        .quickcheck(legal_moves as fn(Reachable<Position>) -> Result<(), Disagreement>);
    quickcheck(2, CASES).quickcheck(flips as fn(Reachable<Position>) -> Result<(), Disagreement>);
}

/// Every assignment of (empty, player, opponent) to the other squares of each line through
/// each square, the rest of the board empty: every strategy's flips, the portable PEXT path,
/// (for the square empty) legality, and the count of flips were the square the last empty
/// one (the empty squares then the opponent's) agree with naive.
struct EveryLine;

impl StrategyVisitor for EveryLine {
    fn visit<S: Kernels>(&mut self) {
        let mut cases = 0u64;
        for square in Square::all() {
            for &line in &OTHELLO_LINES[square.bit() as usize] {
                let others: Vec<u32> = (0..64)
                    .filter(|&b| line >> b & 1 == 1 && b != square.bit())
                    .collect();
                for pattern in 0..3u32.pow(others.len() as u32) {
                    let (mut player, mut opponent) = (0u64, 0u64);
                    let mut rest = pattern;
                    for &b in &others {
                        match rest % 3 {
                            1 => player |= 1 << b,
                            2 => opponent |= 1 << b,
                            _ => {}
                        }
                        rest /= 3;
                    }
                    let (player, opponent) = (
                        Bitboard::from_bits_truncate(player),
                        Bitboard::from_bits_truncate(opponent),
                    );
                    let expected = Naive::flips(player, opponent, square);
                    assert_eq!(
                        S::flips(player, opponent, square),
                        expected,
                        "{} {square} {:#x} {:#x}",
                        S::NAME,
                        player.bits(),
                        opponent.bits()
                    );
                    assert_eq!(table_pext_portable(player, opponent, square), expected);
                    let legal = S::legal_moves(player, opponent).contains(square);
                    assert_eq!(legal, expected.any(), "{} {square}", S::NAME);
                    // The square as the last empty one: every empty square of the line
                    // and the rest of the board the opponent's.
                    let last = Naive::flips(player, !player.with(square), square).len() as u32;
                    assert_eq!(
                        S::count_last_flips(player, square),
                        last,
                        "{} count_last_flips {square} {:#x}",
                        S::NAME,
                        player.bits()
                    );
                    cases += 1;
                }
            }
        }
        // Lines of length n through a square contribute 3^(n-1) patterns each: 16 rows and
        // columns of 3^7 per square, plus the diagonals, computed by hand.
        assert_eq!(cases, 343_360);
    }
}

#[test]
fn every_strategy_agrees_with_naive_on_every_line_occupancy() {
    for_each_strategy(&mut EveryLine);
}

#[test]
fn start_position_moves() {
    // Black to move at the start: d3, c4, f5, e6.
    let set = |names: &[&str]| -> Bitboard {
        names.iter().map(|s| s.parse::<Square>().unwrap()).collect()
    };
    let (black, white) = (set(&["d5", "e4"]), set(&["d4", "e5"]));
    let expected = set(&["d3", "c4", "f5", "e6"]);
    assert_eq!(Table::legal_moves(black, white), expected);
    struct Check(Bitboard, Bitboard, Bitboard);
    impl StrategyVisitor for Check {
        fn visit<S: Kernels>(&mut self) {
            assert_eq!(S::legal_moves(self.0, self.1), self.2, "{}", S::NAME);
            let d3 = "d3".parse::<Square>().unwrap();
            assert_eq!(
                S::flips(self.0, self.1, d3),
                "d4".parse::<Square>().unwrap().bitboard(),
                "{}: d3 flips d4",
                S::NAME
            );
        }
    }
    for_each_strategy(&mut Check(black, white, expected));
}

/// The generated outflank/flip tables, entry by entry: for every position on a line and
/// every disjoint (player, opponent) occupancy of the line, the table lookup equals a walk.
#[test]
fn line_tables_match_a_walk_along_the_line() {
    use bitgames_tables::othello::{OTHELLO_FLIPPED, OTHELLO_OUTFLANK};
    let walk = |player: u32, opponent: u32, k: i32| -> u32 {
        let mut flips = 0;
        for step in [-1, 1] {
            let (mut i, mut run) = (k + step, 0);
            while (0..8).contains(&i) && opponent >> i & 1 == 1 {
                run |= 1 << i;
                i += step;
            }
            if (0..8).contains(&i) && player >> i & 1 == 1 {
                flips |= run;
            }
        }
        flips
    };
    let mut cases = 0;
    for k in 0..8 {
        for player in 0..256u32 {
            for opponent in (0..256u32).filter(|o| o & player == 0 && o >> k & 1 == 0) {
                if player >> k & 1 == 1 {
                    continue;
                }
                let outflank =
                    OTHELLO_OUTFLANK[k as usize][((opponent >> 1) & 63) as usize] & player as u8;
                let flipped = u32::from(OTHELLO_FLIPPED[k as usize][outflank as usize]);
                assert_eq!(
                    flipped,
                    walk(player, opponent, k),
                    "k {k} player {player:08b} opponent {opponent:08b}"
                );
                cases += 1;
            }
        }
    }
    // Each of the 7 other squares is empty, player or opponent: 3^7 per position.
    assert_eq!(cases, 8 * 3u32.pow(7));
}
