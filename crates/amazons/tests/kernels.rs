//! Every strategy against the naive oracle: quickcheck over random reachable positions, and
//! exhaustive sweeps of the line tables.

use std::sync::LazyLock;

use bitgames_amazons::Position;
use bitgames_amazons::kernels::{StrategyVisitor, for_each_strategy, table_portable_reach};
use bitgames_amazons::operations::kernels;
use bitgames_amazons::random::{KernelInstance, random_position};
use bitgames_amazons::{Bitboard, Kernels, Naive, Square, Table};
use bitgames_bitboard::harness::{Disagreement, Kernel, check_operation};
use bitgames_search::testing::quickcheck;
use bitgames_tables::amazons::{AMAZONS_LINE_REACH, AMAZONS_LINES};
use quickcheck::{Arbitrary, Gen};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// A reachable position's occupancy plus random extra arrows (for denser boards), a square
/// and a random source set.
#[derive(Debug, Clone)]
struct Case {
    occupied: Bitboard,
    square: Square,
    sources: Bitboard,
}

impl Arbitrary for Case {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(u64::arbitrary(g));
        let position = random_position(&mut rng);
        let squares: Vec<Square> = Square::all().collect();
        let mut occupied = position.occupied();
        for _ in 0..rng.random_range(0..30) {
            occupied = occupied.with(squares[rng.random_range(0..100)]);
        }
        let square = squares[rng.random_range(0..100)];
        let sources: Bitboard = (0..rng.random_range(1..12))
            .map(|_| squares[rng.random_range(0..100)])
            .collect();
        Case {
            occupied,
            square,
            sources,
        }
    }
}

const CASES: u64 = 100_000;

/// Every (operation, strategy) kernel of the shared harness, checked against naive.
static KERNELS: LazyLock<Vec<Kernel<KernelInstance>>> = LazyLock::new(kernels);

impl Case {
    /// The harness instance for this case with `sources` as the fill/distance sources.
    fn with_sources(&self, sources: Bitboard) -> KernelInstance {
        KernelInstance {
            position: Position::start(),
            queen: self.square,
            occupied: self.occupied,
            sources,
        }
    }
}

#[test]
fn every_strategy_agrees_with_naive_on_random_positions() {
    fn queen_reach(c: Case) -> Result<(), Disagreement> {
        check_operation(&KERNELS, "queen_reach", &c.with_sources(c.sources))
    }
    fn fill(c: Case) -> Result<(), Disagreement> {
        // Sources anywhere: on walls (queens) or on empty squares (distance frontiers).
        check_operation(&KERNELS, "fill", &c.with_sources(c.sources))?;
        check_operation(&KERNELS, "fill", &c.with_sources(c.sources & c.occupied))
    }
    fn min_distances(c: Case) -> Result<(), Disagreement> {
        check_operation(
            &KERNELS,
            "min_distances",
            &c.with_sources(c.sources & c.occupied),
        )
    }
    quickcheck(1, CASES).quickcheck(queen_reach as fn(Case) -> Result<(), Disagreement>);
    quickcheck(2, CASES).quickcheck(fill as fn(Case) -> Result<(), Disagreement>);
    quickcheck(3, CASES).quickcheck(min_distances as fn(Case) -> Result<(), Disagreement>);
}

/// Perft's bulk counts of arrow squares (not harness operations: they exist for perft).
struct MobilityIsReachSize;

impl StrategyVisitor for MobilityIsReachSize {
    fn visit<S: Kernels>(&mut self) {
        fn queen_mobility<S: Kernels>(c: Case) -> bool {
            S::queen_mobility(c.square, c.occupied)
                == Naive::queen_reach(c.square, c.occupied).len() as u32
        }
        quickcheck(5, CASES).quickcheck(queen_mobility::<S> as fn(Case) -> bool);
        /// The arrows after each destination of the case's queen, the queen's square
        /// vacated; and after every empty square at once.
        fn count_arrows<S: Kernels>(c: Case) -> bool {
            let naive = |destinations: Bitboard, occupied: Bitboard| -> u64 {
                destinations
                    .into_iter()
                    .map(|to| Naive::queen_reach(to, occupied).len() as u64)
                    .sum()
            };
            let after = c.occupied.without(c.square);
            let destinations = Naive::queen_reach(c.square, c.occupied);
            S::count_arrows(destinations, after) == naive(destinations, after)
                && S::count_arrows(!c.occupied, c.occupied) == naive(!c.occupied, c.occupied)
        }
        quickcheck(6, CASES / 10).quickcheck(count_arrows::<S> as fn(Case) -> bool);
    }
}

#[test]
fn every_strategy_counts_queen_mobility_as_naive_reach_size() {
    for_each_strategy(&mut MobilityIsReachSize);
}

#[test]
fn the_portable_gather_agrees_with_the_compiled_one() {
    fn same(c: Case) -> bool {
        table_portable_reach(c.square, c.occupied) == Table::queen_reach(c.square, c.occupied)
    }
    quickcheck(4, CASES).quickcheck(same as fn(Case) -> bool);
}

/// For every square and each line through it, every occupancy of the line's other squares
/// (the rest of the board empty): Table and the portable gather equal naive.
#[test]
fn line_tables_are_exhaustively_right() {
    let mut cases = 0u64;
    for square in Square::all() {
        for &line in &AMAZONS_LINES[square.bit() as usize] {
            let line = Bitboard::from_bits(line).expect("a line holds board squares only");
            let others: Vec<Square> = line.without(square).iter().collect();
            for pattern in 0..1u32 << others.len() {
                let occupied: Bitboard = others
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| pattern >> i & 1 == 1)
                    .map(|(_, &b)| b)
                    .collect();
                let expected = Naive::queen_reach(square, occupied) & line;
                assert_eq!(
                    Table::queen_reach(square, occupied) & line,
                    expected,
                    "{square} {occupied:?}"
                );
                assert_eq!(table_portable_reach(square, occupied) & line, expected);
                cases += 1;
            }
        }
    }
    assert!(cases > 100_000, "{cases}");
}

#[test]
fn line_reach_table_matches_a_walk() {
    for (k, table) in AMAZONS_LINE_REACH.iter().enumerate() {
        for occupied in 0..1024u32 {
            let mut expected = 0u16;
            for step in [-1i32, 1] {
                let mut i = k as i32 + step;
                while (0..10).contains(&i) && occupied >> i & 1 == 0 {
                    expected |= 1 << i;
                    i += step;
                }
            }
            assert_eq!(
                table[occupied as usize], expected,
                "k {k} occupied {occupied:010b}"
            );
        }
    }
}

#[test]
fn queen_reach_on_a_drawn_board() {
    // A queen on d7 with an arrow on d9, a queen on g7 and an arrow on b5.
    let occupied = bitgames_bitboard::diagram!(bitgames_bitboard::Amazons;
        "----------"
        "---*------"
        "----------"
        "---*--*---"
        "----------"
        "-*--------"
        "----------"
        "----------"
        "----------"
        "----------"
    );
    let d7: Square = "d7".parse().unwrap();
    let expected = bitgames_bitboard::diagram!(bitgames_bitboard::Amazons;
        "*-----*---"
        "-*---*----"
        "--***-----"
        "***-**----"
        "--***-----"
        "---*-*----"
        "---*--*---"
        "---*---*--"
        "---*----*-"
        "---*-----*"
    );
    struct Check(Square, Bitboard, Bitboard);
    impl StrategyVisitor for Check {
        fn visit<S: Kernels>(&mut self) {
            assert_eq!(S::queen_reach(self.0, self.1), self.2, "{}", S::NAME);
        }
    }
    for_each_strategy(&mut Check(d7, occupied, expected));
}
