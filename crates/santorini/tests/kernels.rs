//! Every strategy against the naive oracle: quickcheck on the design notes' random
//! instances, an exhaustive sweep of every neighbourhood that matters for `move_to`, and the
//! generated tables against a naive recomputation.

use bitgames_bitboard::{Geometry, Santorini};
use std::sync::LazyLock;

use bitgames_bitboard::harness::{Disagreement, Kernel, check_operation};
use bitgames_santorini::instances::Instance;
use bitgames_santorini::kernels::{StrategyVisitor, for_each_strategy};
use bitgames_santorini::operations::kernels;
use bitgames_santorini::{Bitboard, Cell, Kernels, LevelGrid, Naive, Square};
use bitgames_search::testing::quickcheck;
use bitgames_tables::neighbours::SANTORINI_NEIGHBOURS;
use quickcheck::{Arbitrary, Gen};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A random instance drawn from a quickcheck-chosen seed, so the distribution is the design
/// notes' and the run is fixed by quickcheck's seed.
#[derive(Debug, Clone)]
struct RandomInstance(Instance);

impl Arbitrary for RandomInstance {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(u64::arbitrary(g));
        RandomInstance(Instance::random(&mut rng))
    }
}

const CASES: u64 = 100_000;

/// Every (operation, strategy) kernel of the shared harness, checked against naive.
static KERNELS: LazyLock<Vec<Kernel<Instance>>> = LazyLock::new(kernels);

#[test]
fn every_strategy_agrees_with_naive_on_random_instances() {
    fn move_to(RandomInstance(i): RandomInstance) -> Result<(), Disagreement> {
        check_operation(&KERNELS, "move_to", &i)
    }
    fn distances(RandomInstance(i): RandomInstance) -> Result<(), Disagreement> {
        check_operation(&KERNELS, "distances", &i)
    }
    // Both forms of every strategy (list and core), as `bitgames compare` checks them.
    assert_eq!(KERNELS.len(), 4 * bitgames_santorini::strategies().len());
    quickcheck(1, CASES).quickcheck(move_to as fn(RandomInstance) -> Result<(), Disagreement>);
    quickcheck(2, CASES).quickcheck(distances as fn(RandomInstance) -> Result<(), Disagreement>);
}

/// `move_to` depends only on the level of `from` and of its neighbours. For every square,
/// every level of `from` (0..=4) and every assignment of levels 0..=4 to its neighbours, all
/// strategies give the same answer, in both forms.
struct Exhaustive;

impl StrategyVisitor for Exhaustive {
    fn visit<S: Kernels>(&mut self) {
        let mut checked = 0u64;
        for from in Square::all() {
            let neighbours: Vec<usize> = Square::all()
                .filter(|&sq| {
                    let (dr, dc) = (
                        sq.row() as i32 - from.row() as i32,
                        sq.col() as i32 - from.col() as i32,
                    );
                    sq != from && dr.abs() <= 1 && dc.abs() <= 1
                })
                .map(Square::index)
                .collect();
            let patterns = 5u32.pow(neighbours.len() as u32);
            for from_level in 0..=4 {
                for pattern in 0..patterns {
                    let mut grid: LevelGrid = [0; 25];
                    grid[from.index()] = from_level;
                    let mut rest = pattern;
                    for &n in &neighbours {
                        grid[n] = (rest % 5) as u8;
                        rest /= 5;
                    }
                    let instance = Instance::new(from.into(), grid);
                    let expected = Naive::move_to_cells(instance.from, &grid);
                    let got = S::move_to(instance.square, &instance.levels);
                    assert_eq!(
                        got,
                        expected.to_bitboard(),
                        "{} from {from:?} over {grid:?}",
                        S::NAME
                    );
                    assert_eq!(
                        S::move_to_cells(instance.from, &grid),
                        expected,
                        "{}",
                        S::NAME
                    );
                    checked += 1;
                }
            }
        }
        // 4 corners x 5^3 + 12 edges x 5^5 + 9 inner x 5^8 neighbourhoods, x 5 source levels.
        assert_eq!(checked, 5 * (4 * 125 + 12 * 3_125 + 9 * 390_625));
    }
}

#[test]
fn every_strategy_agrees_with_naive_on_every_neighbourhood() {
    for_each_strategy(&mut Exhaustive);
}

#[test]
fn design_notes_example() {
    let grid = [
        0, 0, 2, 0, 0, 1, 2, 0, 4, 1, 3, 0, 0, 0, 1, 0, 0, 1, 3, 4, 0, 1, 1, 2, 2,
    ];
    let from = Cell::new(1, 2).unwrap();
    let expected = bitgames_bitboard::diagram!(Santorini;
        "*----"
        "*-*--"
        "-----"
        "-----"
        "-----"
    );
    struct Check(Cell, LevelGrid, Bitboard);
    impl StrategyVisitor for Check {
        fn visit<S: Kernels>(&mut self) {
            assert_eq!(
                S::move_to_cells(self.0, &self.1).to_bitboard(),
                self.2,
                "{}",
                S::NAME
            );
        }
    }
    for_each_strategy(&mut Check(from, grid, expected));
}

#[test]
fn distances_on_a_drawn_board() {
    // A wall of domes (4) down column 3 with a gap at the bottom; the worker starts at (1,1).
    // Level 2 at (1,2) cannot be climbed from level 0, so it is reached through (2,2) at
    // level 1; the level-3 square (4,4) has no neighbour above level 0, so it is unreachable.
    #[rustfmt::skip]
    let grid: LevelGrid = [
        0, 2, 4, 0, 0,
        0, 1, 4, 0, 0,
        0, 0, 4, 0, 0,
        0, 0, 4, 3, 0,
        0, 0, 0, 0, 0,
    ];
    let from = Cell::new(1, 1).unwrap();
    let expected = [
        [Some(0), Some(2), None, Some(9), Some(9)],
        [Some(1), Some(1), None, Some(8), Some(8)],
        [Some(2), Some(2), None, Some(7), Some(7)],
        [Some(3), Some(3), None, None, Some(6)],
        [Some(4), Some(4), Some(4), Some(5), Some(6)],
    ];
    struct Check(Cell, LevelGrid, [[Option<u8>; 5]; 5]);
    impl StrategyVisitor for Check {
        fn visit<S: Kernels>(&mut self) {
            let got = S::distances_grid(self.0, &self.1);
            assert_eq!(
                got.0.as_slice(),
                self.2.as_flattened(),
                "{}:\n{got}",
                S::NAME
            );
        }
    }
    for_each_strategy(&mut Check(from, grid, expected));
}

#[test]
fn neighbourhood_table_matches_naive_recomputation() {
    for bit in 0..Santorini::INDICES {
        let (grid_row, grid_col) = ((bit / 7) as i32, (bit % 7) as i32);
        let mut expected = Bitboard::EMPTY;
        for other in 0..Santorini::INDICES {
            let (row, col) = ((other / 7) as i32, (other % 7) as i32);
            let adjacent = (row - grid_row).abs() <= 1 && (col - grid_col).abs() <= 1;
            if let Some(square) = Square::from_bit(other).filter(|_| adjacent && other != bit) {
                expected = expected.with(square);
            }
        }
        assert_eq!(
            Bitboard::from_bits(SANTORINI_NEIGHBOURS[bit as usize]),
            Some(expected),
            "bit {bit}"
        );
    }
}
