//! The oracle: a 64-cell array, scanning the eight directions square by square.

use bitgames_bitboard::Direction;

use super::Kernels;
use crate::{Bitboard, Square};

bitgames_bitboard::strategy! {
    /// A 64-cell array; for every empty square, walk the eight directions.
    pub struct Naive: Naive, "naive", "64-cell array, walk eight directions from every square";
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Player,
    Opponent,
}

fn cells(player: u64, opponent: u64) -> [Cell; 64] {
    core::array::from_fn(|i| {
        if player >> i & 1 == 1 {
            Cell::Player
        } else if opponent >> i & 1 == 1 {
            Cell::Opponent
        } else {
            Cell::Empty
        }
    })
}

/// The opponent discs flipped along one direction from (row, col).
fn flips_along(cells: &[Cell; 64], row: i32, col: i32, (dr, dc): (i32, i32)) -> u64 {
    let mut run = 0u64;
    let (mut r, mut c) = (row + dr, col + dc);
    while (0..8).contains(&r) && (0..8).contains(&c) {
        match cells[(r * 8 + c) as usize] {
            Cell::Opponent => run |= 1 << (r * 8 + c),
            Cell::Player => return run,
            Cell::Empty => return 0,
        }
        r += dr;
        c += dc;
    }
    0
}

fn flips_from(cells: &[Cell; 64], square: usize) -> u64 {
    let (row, col) = ((square / 8) as i32, (square % 8) as i32);
    Direction::ALL
        .iter()
        .map(|d| flips_along(cells, row, col, d.delta()))
        .fold(0, |acc, f| acc | f)
}

impl Kernels for Naive {
    fn legal_moves(player: Bitboard, opponent: Bitboard) -> Bitboard {
        let cells = cells(player.bits(), opponent.bits());
        Square::all()
            .filter(|square| {
                cells[square.index()] == Cell::Empty && flips_from(&cells, square.index()) != 0
            })
            .collect()
    }

    fn flips(player: Bitboard, opponent: Bitboard, square: Square) -> Bitboard {
        let flipped = flips_from(&cells(player.bits(), opponent.bits()), square.index());
        Bitboard::from_bits_truncate(flipped)
    }
}
