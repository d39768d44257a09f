//! Stable discs: discs that can never be flipped.
//!
//! Both versions compute the same sound under-approximation, as a least fixpoint: a disc is
//! stable when, along each of its four lines (row, column, diagonal, anti-diagonal), the line
//! is full, or the neighbour on one side along it is off the board or a stable disc of the
//! same colour. Corners, edge runs anchored in a corner and discs in full lines follow.
//! (A disc on a full line cannot be flipped along it, since nobody can move on it; a disc
//! next to a stable disc of its colour cannot be the end of a flipped run.)

use bitgames_bitboard::{Bitboard, Direction, Othello};

/// Bitboard version: full lines by fills, then shift-based rounds from the edges' corner
/// runs.
pub fn stable_discs(own: Bitboard<Othello>, other: Bitboard<Othello>) -> Bitboard<Othello> {
    Bitboard::from_bits_truncate(stable_discs_word(own.bits(), other.bits()))
}

/// [`stable_discs`] on raw words, for the solver's and the evaluation's word arithmetic.
pub(crate) fn stable_discs_word(own: u64, other: u64) -> u64 {
    stable_discs_until(own, other, |_| false)
}

/// [`stable_discs_word`], or as soon as the stable discs found so far are `enough`: a
/// subset of the stable discs, for a caller that needs only so many (the solver's
/// stability cutoff).
#[inline(always)]
pub(crate) fn stable_discs_until(own: u64, other: u64, enough: impl Fn(u64) -> bool) -> u64 {
    let full = full_lines(own | other);
    // The fixpoint from a start inside it, so it takes fewer rounds: the edges settled at
    // once, and the discs whose four lines are full.
    let mut stable = edge_runs(own) | own & full[0] & full[1] & full[2] & full[3];
    loop {
        if enough(stable) {
            return stable;
        }
        let next = own & anchored(stable, &full);
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

/// The squares that, along each of the four lines, are on a full line (`full`, from
/// [`full_lines`]) or next to the edge or to a square of `set` on one side.
#[inline(always)]
fn anchored(set: u64, full: &[u64; 4]) -> u64 {
    // The two directions along each line, in OTHELLO_LINES order.
    const PAIRS: [(Direction, Direction); 4] = [
        (Direction::West, Direction::East),
        (Direction::North, Direction::South),
        (Direction::NorthWest, Direction::SouthEast),
        (Direction::NorthEast, Direction::SouthWest),
    ];
    let set = Bitboard::<Othello>::from_bits_truncate(set);
    let mut squares = !0;
    for (d, &(a, b)) in PAIRS.iter().enumerate() {
        // A square whose neighbour towards `a` is off the board or in the set: the set moved
        // one step towards `b`, plus the squares with no neighbour towards `a`.
        let from = |towards: Direction| {
            let edge = !Bitboard::<Othello>::FULL.shift(towards.opposite()).bits();
            set.shift(towards.opposite()).bits() | edge
        };
        squares &= full[d] | from(a) | from(b);
    }
    squares
}

/// The stable discs of the edges, which the fixpoint would find one square a round: an edge
/// square's three other lines leave the board, so it is stable when its edge is full or it
/// is joined to a corner by a run of `own` discs along the edge (fills from the corners; a
/// full edge is left to the full-line start beside this). A shift off an edge lands off
/// the edge, so these fills need no wrapping masks.
#[inline(always)]
fn edge_runs(own: u64) -> u64 {
    const CORNERS: u64 = 0x8100_0000_0000_0081;
    const TOP_AND_BOTTOM: u64 = 0xff00_0000_0000_00ff;
    const LEFT_AND_RIGHT: u64 = 0x8181_8181_8181_8181;
    let (corners, rows, columns) = (own & CORNERS, own & TOP_AND_BOTTOM, own & LEFT_AND_RIGHT);
    fill_both_ways(corners, 1, rows, rows) | fill_both_ways(corners, 8, columns, columns)
}

/// Per line direction (row, column, diagonal, anti-diagonal, as in `OTHELLO_LINES`): the
/// squares whose line in that direction is full. The empty squares are spread along each
/// line both ways, and what they never reach is full: 48 shifts instead of testing 256 line
/// masks.
#[inline]
fn full_lines(occupied: u64) -> [u64; 4] {
    const NOT_FIRST_FILE: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_LAST_FILE: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let empty = !occupied;
    [
        !fill_both_ways(empty, 1, NOT_FIRST_FILE, NOT_LAST_FILE),
        !fill_both_ways(empty, 8, !0, !0),
        !fill_both_ways(empty, 9, NOT_FIRST_FILE, NOT_LAST_FILE),
        !fill_both_ways(empty, 7, NOT_LAST_FILE, NOT_FIRST_FILE),
    ]
}

/// `from` and every square reached from it `step` bits at a time, left (towards higher
/// bits) through `through_left` and right through `through_right`: Kogge-Stone occluded
/// fills, three doubling steps each way. A wrapping mask goes in the `through` sets (the
/// squares a shift that way may land on).
#[inline(always)]
fn fill_both_ways(from: u64, step: u32, through_left: u64, through_right: u64) -> u64 {
    let (mut left, mut right) = (from, from);
    let (mut to_left, mut to_right) = (through_left, through_right);
    for k in [1, 2, 4] {
        left |= left << (k * step) & to_left;
        right |= right >> (k * step) & to_right;
        to_left &= to_left << (k * step);
        to_right &= to_right >> (k * step);
    }
    left | right
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Stopping early gives a subset of the stable discs that is big enough, or all of them
    /// where there are fewer than asked for. Positions from random games (SplitMix64 draws),
    /// where the stable discs grow from none to most of the board.
    #[test]
    fn stopping_at_enough_stable_discs_gives_enough_of_them_and_no_others() {
        use crate::{Fastest, Kernels, Move, Position};
        let mut seed = 0x5eed_u64;
        let mut draw = || {
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (seed ^ (seed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb) ^ (z >> 31)
        };
        let mut checked = 0;
        for _ in 0..200 {
            let mut position = Position::<Fastest>::start();
            loop {
                let (p, o) = (position.player().bits(), position.opponent().bits());
                let all = stable_discs_word(p, o);
                for needed in 0..=all.count_ones() + 1 {
                    let some = stable_discs_until(p, o, |s| s.count_ones() >= needed);
                    assert_eq!(some & !all, 0, "only stable discs");
                    assert!(some.count_ones() >= needed || some == all, "enough, or all");
                    checked += 1;
                }
                let moves = Fastest::legal_moves(position.player(), position.opponent()).bits();
                if moves == 0 {
                    if position.is_game_over() {
                        break;
                    }
                    position = position.play_unchecked(Move::Pass);
                    continue;
                }
                let pick = (draw() % u64::from(moves.count_ones())) as u32;
                let square = (0..pick).fold(moves, |m, _| m & (m - 1)).trailing_zeros();
                position = position.play_unchecked(Move::Play(crate::square::square_at(square)));
            }
        }
        assert!(checked > 10_000);
    }
}
