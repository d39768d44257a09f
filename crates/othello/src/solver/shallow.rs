//! The list-free layers of the last few empties: `shallow` (squares of odd quadrants first,
//! a neighbour test before each flip computation), then from three empties unrolled code,
//! and the last move counted rather than played.

use bitgames_tables::neighbours::OTHELLO_NEIGHBOURS;

use crate::Kernels;
use crate::eval::final_score_for_side_to_move;
use crate::kernels::KernelsOnWords;
use crate::square::square_at;

use super::ordering::odd_quadrants;
use super::search::{Search, stability_cutoff};
use super::window::raise;

impl<S: Kernels> Search<'_, S> {
    /// The last few empties: squares of odd quadrants first, each tested for an adjacent
    /// opponent disc before its flips are computed; no list, no ordering by mobility.
    /// With four empties the stability cutoff comes first, as Egaroucid tries it (FFO
    /// #40-#49, one thread, paired on the two cores, 2026-11-26: 11% fewer nodes, 28.9 and
    /// 30.4 s against 31.0 and 32.0 s); with three it saves nodes but no time.
    pub(super) fn shallow(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        let empty = !(player | opponent);
        let empties = empty.count_ones();
        if empties <= 3 {
            return self.last_three(player, opponent, alpha, beta, empty);
        }
        self.nodes += 1;
        if let Some(upper) = stability_cutoff(player, opponent, empties, alpha) {
            return upper;
        }
        let odd = odd_quadrants(empty);
        let mut best = -65;
        for group in [empty & odd, empty & !odd] {
            let mut squares = group;
            while squares != 0 {
                let square = squares.trailing_zeros();
                squares &= squares - 1;
                if OTHELLO_NEIGHBOURS[square as usize] & opponent == 0 {
                    continue;
                }
                let flips = S::flips_word(player, opponent, square_at(square));
                if flips == 0 {
                    continue;
                }
                let score = -self.shallow(
                    opponent ^ flips,
                    player | flips | 1 << square,
                    -beta,
                    -alpha,
                    false,
                );
                if raise(&mut best, &mut alpha, beta, score) {
                    return best;
                }
            }
        }
        if best == -65 {
            // No move: pass, or the game is over.
            if passed {
                return final_score_for_side_to_move(player, opponent);
            }
            return -self.shallow(opponent, player, -beta, -alpha, true);
        }
        best
    }

    /// Three empty squares or fewer: the squares unpacked once, then unrolled code.
    #[inline(always)]
    fn last_three(&mut self, player: u64, opponent: u64, alpha: i32, beta: i32, empty: u64) -> i32 {
        let first = empty.trailing_zeros();
        let rest = empty & empty.wrapping_sub(1);
        let second = rest.trailing_zeros();
        let third = (rest & rest.wrapping_sub(1)).trailing_zeros();
        match empty.count_ones() {
            3 => {
                // Parity: a square alone in its quadrant first.
                let q = |x: u32| (x >> 5) << 1 | (x >> 2 & 1);
                let order = if q(first) == q(second) {
                    [third, first, second]
                } else if q(first) == q(third) {
                    [second, first, third]
                } else {
                    [first, second, third]
                };
                self.solve_3(player, opponent, order, alpha, beta, false)
            }
            2 => self.solve_2(player, opponent, alpha, beta, false, [first, second]),
            1 => {
                self.nodes += 1;
                last_move::<S>(player, first)
            }
            _ => {
                self.nodes += 1;
                final_score_for_side_to_move(player, opponent)
            }
        }
    }

    /// Three empties, tried in the given order.
    fn solve_3(
        &mut self,
        player: u64,
        opponent: u64,
        [a, b, c]: [u32; 3],
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        for (x, y, z) in [(a, b, c), (b, a, c), (c, a, b)] {
            if OTHELLO_NEIGHBOURS[x as usize] & opponent == 0 {
                continue;
            }
            let flips = S::flips_word(player, opponent, square_at(x));
            if flips == 0 {
                continue;
            }
            let (p, o) = (opponent ^ flips, player | flips | 1 << x);
            let score = -self.solve_2(p, o, -beta, -alpha, false, [y, z]);
            if raise(&mut best, &mut alpha, beta, score) {
                return best;
            }
        }
        if best == -65 {
            if passed {
                return final_score_for_side_to_move(player, opponent);
            }
            return -self.solve_3(opponent, player, [a, b, c], -beta, -alpha, true);
        }
        best
    }

    /// Two empties.
    fn solve_2(
        &mut self,
        player: u64,
        opponent: u64,
        alpha: i32,
        beta: i32,
        passed: bool,
        [a, b]: [u32; 2],
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        for (x, y) in [(a, b), (b, a)] {
            if OTHELLO_NEIGHBOURS[x as usize] & opponent == 0 {
                continue;
            }
            let flips = S::flips_word(player, opponent, square_at(x));
            if flips == 0 {
                continue;
            }
            self.nodes += 1;
            let score = -last_move::<S>(opponent ^ flips, y);
            if score > best {
                best = score;
                if score >= beta {
                    return best;
                }
            }
        }
        if best == -65 {
            if passed {
                return final_score_for_side_to_move(player, opponent);
            }
            return -self.solve_2(opponent, player, -beta, -alpha, true, [a, b]);
        }
        best
    }
}

/// The exact score with one empty square `square`: the side to move plays it if it flips
/// anything, else the opponent does, else the game ends with the square going to the winner.
#[inline(always)]
fn last_move<S: Kernels>(player: u64, square: u32) -> i32 {
    let mine = player.count_ones() as i32;
    let square = square_at(square);
    // With one empty square the player's discs say it all: the rest are the opponent's.
    let flips = S::count_last_flips_word(player, square) as i32;
    if flips > 0 {
        // mine + flips + 1 against 63 - mine - flips.
        return 2 * (mine + flips + 1) - 64;
    }
    let theirs = S::count_last_flips_word(!player & !square.mask(), square) as i32;
    if theirs > 0 {
        // mine - theirs against 64 - mine + theirs.
        return 2 * (mine - theirs) - 64;
    }
    // mine against 63 - mine: never a draw; the winner takes the empty square.
    let diff = 2 * mine - 63;
    if diff > 0 { diff + 1 } else { diff - 1 }
}
