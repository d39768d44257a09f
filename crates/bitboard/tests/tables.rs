//! Every generated table that belongs to no single game, checked entry by entry against a
//! naive recomputation: the neighbourhood masks of every geometry and the Zobrist keys'
//! layout (keys on board squares, zeros on padding, all distinct).

use std::collections::HashSet;

use bitgames_bitboard::{Amazons, Bitboard, Geometry, Othello, Santorini, Square, TowerDefence};
use bitgames_tables::{neighbours, zobrist};

/// The board squares a king step from bit `bit` (padding bits included), by coordinates.
fn naive_neighbours<G: Geometry>(bit: u32) -> Bitboard<G> {
    let (grid_row, grid_col) = ((bit / G::STRIDE) as i32, (bit % G::STRIDE) as i32);
    (0..G::INDICES)
        .filter(|&other| {
            let (row, col) = ((other / G::STRIDE) as i32, (other % G::STRIDE) as i32);
            other != bit && (row - grid_row).abs() <= 1 && (col - grid_col).abs() <= 1
        })
        .filter_map(Square::from_bit)
        .collect()
}

fn check_neighbours<G: Geometry>(table: &[G::Word]) {
    assert_eq!(table.len(), G::INDICES as usize, "{}", G::NAME);
    for (bit, &entry) in table.iter().enumerate() {
        let bit = bit as u32;
        assert_eq!(
            Bitboard::<G>::from_bits(entry),
            Some(naive_neighbours::<G>(bit)),
            "{} bit {bit}",
            G::NAME
        );
        if let Some(square) = Square::<G>::from_bit(bit) {
            // The shift-based neighbourhood (edge masks) agrees on board squares.
            assert_eq!(
                square.bitboard().neighbours().bits(),
                entry,
                "{} bit {bit}",
                G::NAME
            );
        }
    }
}

#[test]
fn neighbourhood_tables_match_naive_recomputation() {
    check_neighbours::<Santorini>(&neighbours::SANTORINI_NEIGHBOURS);
    check_neighbours::<Othello>(&neighbours::OTHELLO_NEIGHBOURS);
    check_neighbours::<Amazons>(&neighbours::AMAZONS_NEIGHBOURS);
    check_neighbours::<TowerDefence>(&neighbours::TOWER_DEFENCE_NEIGHBOURS);
}

fn check_keys<G: Geometry, const N: usize>(table: &[[u64; N]], seen: &mut HashSet<u64>) {
    assert_eq!(table.len(), G::INDICES as usize, "{}", G::NAME);
    for (bit, keys) in table.iter().enumerate() {
        for &key in keys {
            if G::is_square(bit as u32) {
                assert!(
                    key.count_ones() > 8,
                    "{} bit {bit}: weak key {key:#x}",
                    G::NAME
                );
                assert!(
                    seen.insert(key),
                    "{} bit {bit}: duplicate key {key:#x}",
                    G::NAME
                );
            } else {
                assert_eq!(key, 0, "{} padding bit {bit}", G::NAME);
            }
        }
    }
}

#[test]
fn zobrist_keys_cover_exactly_the_board_squares_and_are_distinct() {
    let mut seen = HashSet::new();
    check_keys::<Santorini, 5>(&zobrist::SANTORINI_HEIGHT, &mut seen);
    check_keys::<Santorini, 2>(&zobrist::SANTORINI_WORKER, &mut seen);
    check_keys::<Othello, 2>(&zobrist::OTHELLO_DISC, &mut seen);
    check_keys::<Amazons, 3>(&zobrist::AMAZONS_PIECE, &mut seen);
    for side in [
        zobrist::SANTORINI_SIDE_TO_MOVE,
        zobrist::OTHELLO_SIDE_TO_MOVE,
        zobrist::AMAZONS_SIDE_TO_MOVE,
    ] {
        assert!(seen.insert(side));
    }
    assert_eq!(seen.len(), 25 * 7 + 64 * 2 + 100 * 3 + 3);
}
