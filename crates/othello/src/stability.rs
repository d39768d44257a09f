//! Stable discs: discs that can never be flipped.
//!
//! Both versions compute the same sound under-approximation, as a least fixpoint: a disc is
//! stable when, along each of its four lines (row, column, diagonal, anti-diagonal), the line
//! is full, or the neighbour on one side along it is off the board or a stable disc of the
//! same colour. Corners, edge runs anchored in a corner and discs in full lines follow.
//! (A disc on a full line cannot be flipped along it, since nobody can move on it; a disc
//! next to a stable disc of its colour cannot be the end of a flipped run.)

use bitgames_bitboard::{Bitboard, Direction, Othello};
use bitgames_tables::othello::OTHELLO_LINES;

/// Bitboard version: full lines from the generated line masks, then shift-based rounds.
pub fn stable_discs(own: Bitboard<Othello>, other: Bitboard<Othello>) -> Bitboard<Othello> {
    Bitboard::from_bits_truncate(stable_discs_word(own.bits(), other.bits()))
}

/// [`stable_discs`] on raw words, for the solver's and the evaluation's word arithmetic.
pub(crate) fn stable_discs_word(own: u64, other: u64) -> u64 {
    let occupied = own | other;
    // Per line direction (row, column, diagonal, anti-diagonal): squares on a full line.
    let mut full = [0u64; 4];
    for lines in &OTHELLO_LINES {
        for (d, &line) in lines.iter().enumerate() {
            if occupied & line == line {
                full[d] |= line;
            }
        }
    }
    // The two directions along each line, in OTHELLO_LINES order.
    let pairs = [
        (Direction::West, Direction::East),
        (Direction::North, Direction::South),
        (Direction::NorthWest, Direction::SouthEast),
        (Direction::NorthEast, Direction::SouthWest),
    ];
    let mut stable = 0u64;
    loop {
        let set = Bitboard::<Othello>::from_bits_truncate(stable);
        let mut next = own;
        for (d, &(a, b)) in pairs.iter().enumerate() {
            // A square whose neighbour towards `a` is off the board or stable: the stable set
            // moved one step towards `b`, plus the squares with no neighbour towards `a`.
            let anchored = |towards: Direction| {
                let edge = !Bitboard::<Othello>::FULL.shift(towards.opposite()).bits();
                set.shift(towards.opposite()).bits() | edge
            };
            next &= full[d] | anchored(a) | anchored(b);
        }
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// Naive version: a 64-cell array, every disc's four lines walked square by square, rounds
/// until nothing changes.
pub fn stable_discs_naive(own: Bitboard<Othello>, other: Bitboard<Othello>) -> Bitboard<Othello> {
    let (own, other) = (own.bits(), other.bits());
    let at = |bits: u64, r: i32, c: i32| bits >> (r * 8 + c) & 1 == 1;
    let on_board = |r: i32, c: i32| (0..8).contains(&r) && (0..8).contains(&c);
    let full_line = |r: i32, c: i32, (dr, dc): (i32, i32)| {
        for sign in [-1, 1] {
            let (mut rr, mut cc) = (r, c);
            while on_board(rr, cc) {
                if !at(own | other, rr, cc) {
                    return false;
                }
                rr += sign * dr;
                cc += sign * dc;
            }
        }
        true
    };
    let mut stable = [false; 64];
    loop {
        let mut changed = false;
        for r in 0..8 {
            for c in 0..8 {
                if !at(own, r, c) || stable[(r * 8 + c) as usize] {
                    continue;
                }
                let anchored = |dr: i32, dc: i32| {
                    let (rr, cc) = (r + dr, c + dc);
                    !on_board(rr, cc) || stable[(rr * 8 + cc) as usize]
                };
                let is_stable = [(0, 1), (1, 0), (1, 1), (1, -1)]
                    .into_iter()
                    .all(|(dr, dc)| {
                        full_line(r, c, (dr, dc)) || anchored(dr, dc) || anchored(-dr, -dc)
                    });
                if is_stable {
                    stable[(r * 8 + c) as usize] = true;
                    changed = true;
                }
            }
        }
        if !changed {
            return Bitboard::from_bits_truncate(
                (0..64)
                    .filter(|&i| stable[i])
                    .fold(0, |acc, i| acc | 1 << i),
            );
        }
    }
}
