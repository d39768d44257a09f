//! The hand-written static evaluation, from the side to move's point of view: the named
//! baseline the learned evaluation ([`crate::learned`], the engines' evaluation) is measured
//! against, and the move-ordering hint of alpha-beta.
//!
//! # Unit
//!
//! Hundredths of a disc ([`DISC`] = 100): the value estimates 100 times the final disc
//! difference (side to move minus opponent). A finished game evaluates to exactly
//! `100 x` its final disc difference (empties to the winner, as [`Position::final_score`]),
//! so heuristic and exact values share one scale, and the exact endgame solver's scores
//! (in whole discs) convert by multiplying by [`DISC`]. Every value lies within
//! `±`[`MAX_EVAL`].
//!
//! # Terms and weights
//!
//! | term | weight (per unit of difference) | why |
//! |---|---|---|
//! | mobility: legal moves, mine minus theirs | [`MOBILITY`] = 1 disc | the side with more choices keeps them; the side with few is forced into bad ones. The best-known single feature of middle-game Othello (Rosenbloom's IAGO, 1982) |
//! | corners held, mine minus theirs | [`CORNER`] = 8 discs | a corner can never be flipped and anchors the edges next to it |
//! | X-squares (b2, g2, b7, g7) held next to an *empty* corner, mine minus theirs | [`X_SQUARE`] = -4 discs | the classic way to give the opponent that corner |
//! | C-squares (a2, b1, ...) held next to an *empty* corner, mine minus theirs | [`C_SQUARE`] = -1.5 discs | a milder form of the same risk |
//! | stable discs ([`stable_discs`](crate::stability::stable_discs)), mine minus theirs | [`STABLE`] = 1.5 discs | each is a disc of the final count already (plus a margin for the edge it protects); corners count here as well as above |
//! | parity: an odd number of empty squares | [`PARITY`] = ±1 disc | the side to move then expects the last move of the game (of each region, roughly), a small but real endgame edge |
//!
//! Disc count itself is deliberately absent: in the middle game fewer discs usually means
//! more mobility later. The weights are round numbers in the proportions of the classic
//! hand-tuned evaluators (corners several times a move, X-squares about half a corner),
//! checked by the test that a shallow search with this evaluation beats one with disc count.

use crate::kernels::KernelsOnWords;
use crate::stability::stable_discs_word;
use crate::{Kernels, Move, Position};

/// One disc of final disc difference, in evaluation units.
pub const DISC: i32 = 100;
/// The largest magnitude [`evaluate`] returns: a 64-disc win.
pub const MAX_EVAL: i32 = 64 * DISC;

/// Per legal move of difference.
pub const MOBILITY: i32 = DISC;
/// Per corner held, of difference.
pub const CORNER: i32 = 8 * DISC;
/// Per X-square held next to an empty corner, of difference (a penalty).
pub const X_SQUARE: i32 = -4 * DISC;
/// Per C-square held next to an empty corner, of difference (a penalty).
pub const C_SQUARE: i32 = -3 * DISC / 2;
/// Per stable disc, of difference.
pub const STABLE: i32 = 3 * DISC / 2;
/// For the side to move when the number of empty squares is odd (against it when even).
pub const PARITY: i32 = DISC;

/// a1, h1, a8, h8.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;

/// Per corner (a1, h1, a8, h8): the corner, its X-square and its two C-squares.
const CORNER_REGIONS: [(u64, u64, u64); 4] = [
    (1 << 0, 1 << 9, (1 << 1) | (1 << 8)),
    (1 << 7, 1 << 14, (1 << 6) | (1 << 15)),
    (1 << 56, 1 << 49, (1 << 48) | (1 << 57)),
    (1 << 63, 1 << 54, (1 << 55) | (1 << 62)),
];

#[inline(always)]
fn count(bits: u64) -> i32 {
    bits.count_ones() as i32
}

/// The position's value for the side to move, in hundredths of a disc (see the module docs
/// for the terms and weights). Exact (`DISC x` the final disc difference) when the game is
/// over.
pub fn evaluate<S: Kernels>(position: &Position<S>) -> i32 {
    evaluate_bits::<S>(position.player().bits(), position.opponent().bits())
}

/// [`evaluate`] on the side to move's discs and the opponent's.
#[inline]
pub(crate) fn evaluate_bits<S: Kernels>(me: u64, them: u64) -> i32 {
    let my_moves = S::legal_moves_word(me, them);
    let their_moves = S::legal_moves_word(them, me);
    if my_moves == 0 && their_moves == 0 {
        return DISC * final_score_for_side_to_move(me, them);
    }
    let empty = !(me | them);

    let mobility = MOBILITY * (count(my_moves) - count(their_moves));
    let corners = CORNER * (count(me & CORNERS) - count(them & CORNERS));
    let mut risk = 0;
    for &(corner, x, c) in &CORNER_REGIONS {
        if empty & corner != 0 {
            risk += X_SQUARE * (count(me & x) - count(them & x));
            risk += C_SQUARE * (count(me & c) - count(them & c));
        }
    }
    // Without a corner taken, a disc is stable only with all four of its lines full, which
    // takes at least 24 discs (b3 and the like); skip the fixpoint before that.
    let stable = if (me | them) & CORNERS == 0 && empty.count_ones() > 40 {
        0
    } else {
        STABLE * (count(stable_discs_word(me, them)) - count(stable_discs_word(them, me)))
    };
    let parity = if empty.count_ones() % 2 == 1 {
        PARITY
    } else {
        -PARITY
    };
    (mobility + corners + risk + stable + parity).clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
}

/// The final disc difference for `me` (to move) with the empty squares going to the winner.
#[inline]
pub(crate) fn final_score_for_side_to_move(me: u64, them: u64) -> i32 {
    let diff = count(me) - count(them);
    let empty = 64 - count(me) - count(them);
    match diff.cmp(&0) {
        core::cmp::Ordering::Greater => diff + empty,
        core::cmp::Ordering::Less => diff - empty,
        core::cmp::Ordering::Equal => 0,
    }
}

/// A cheap move-ordering hint for alpha-beta (higher first): corners first, X-squares next
/// to an empty corner last, and otherwise the moves that leave the opponent the fewest
/// replies (the "fastest-first" heuristic). A pass, the only move when it is legal, gets 0.
pub fn move_priority<S: Kernels>(position: &Position<S>, mv: Move) -> i32 {
    let Move::Play(square) = mv else {
        return 0;
    };
    let (me, them) = (position.player().bits(), position.opponent().bits());
    let flips = S::flips_word(me, them, square);
    let replies = count(S::legal_moves_word(
        them ^ flips,
        me | flips | square.mask(),
    ));
    let mut priority = -replies;
    let bit = square.mask();
    if bit & CORNERS != 0 {
        priority += 100;
    }
    let empty = !(me | them);
    for &(corner, x, _) in &CORNER_REGIONS {
        if bit & x != 0 && empty & corner != 0 {
            priority -= 50;
        }
    }
    priority
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::Naive;
    use crate::random::corpus;

    fn position(text: &str) -> Position {
        text.parse().unwrap()
    }

    #[test]
    fn finished_games_are_exact() {
        // Rows 1-3 black (24), row 4 empty, rows 5-8 white (32): no line from an empty
        // square outflanks anything, so the game is over; white wins 40-24 with the 8
        // empties, -16 for black.
        let board = format!("{}{}{}", "X".repeat(24), "-".repeat(8), "O".repeat(32));
        let black = position(&format!("{board} X"));
        assert!(black.is_game_over());
        assert_eq!(evaluate(&black), -16 * DISC);
        assert_eq!(evaluate(&position(&format!("{board} O"))), 16 * DISC);
    }

    #[test]
    fn the_start_position_is_balanced_apart_from_parity() {
        // Four moves each, no corners, no stable discs, 60 empties (even).
        assert_eq!(evaluate(&Position::start()), -PARITY);
    }

    #[test]
    fn values_are_colour_symmetric_and_strategy_independent() {
        for p in corpus(300, 5) {
            let (black, white) = p.discs();
            let swapped: Position =
                Position::from_discs(white, black, p.side_to_move().other()).expect("disjoint");
            // Swapping the colours and the side to move gives the same game from the
            // same side.
            assert_eq!(evaluate(&p), evaluate(&swapped), "{p}");
            assert_eq!(evaluate(&p), evaluate(&p.with_strategy::<Naive>()), "{p}");
            assert!(evaluate(&p).abs() <= MAX_EVAL, "{p}");
        }
    }

    #[test]
    fn move_priority_puts_corners_first_and_risky_x_squares_last() {
        let (mut corner_cases, mut x_cases) = (0, 0);
        for p in corpus(3000, 9) {
            let moves = p.legal_moves();
            let best = moves.iter().max_by_key(|&&mv| move_priority(&p, mv));
            let is = |mv: Move, mask: u64| matches!(mv, Move::Play(s) if s.mask() & mask != 0);
            if moves.iter().any(|&mv| is(mv, CORNERS)) {
                corner_cases += 1;
                assert!(is(*best.unwrap(), CORNERS), "{p}");
            }
            let empty = p.empty_squares();
            let risky: u64 = CORNER_REGIONS
                .iter()
                .filter(|r| r.0 & empty.bits() != 0)
                .map(|r| r.1)
                .sum();
            let x_moves: Vec<Move> = moves.iter().copied().filter(|&m| is(m, risky)).collect();
            let others: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|&m| !is(m, risky | CORNERS))
                .collect();
            if !x_moves.is_empty() && !others.is_empty() {
                x_cases += 1;
                let worst_other = others.iter().map(|&m| move_priority(&p, m)).min();
                let best_x = x_moves.iter().map(|&m| move_priority(&p, m)).max();
                assert!(best_x < worst_other, "{p}");
            }
        }
        assert!(
            corner_cases > 100 && x_cases > 100,
            "{corner_cases} {x_cases}"
        );
    }

    /// Fixed-depth negamax with alpha-beta over any evaluation (test-only).
    fn negamax(
        p: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        eval: fn(&Position) -> i32,
    ) -> i32 {
        if p.is_game_over() {
            return DISC * final_score_for_side_to_move(p.player().bits(), p.opponent().bits());
        }
        if depth == 0 {
            return eval(p);
        }
        let mut best = -MAX_EVAL - 1;
        for mv in p.legal_moves() {
            let score = -negamax(&p.play_unchecked(mv), depth - 1, -beta, -alpha, eval);
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn best_move(p: &Position, depth: u32, eval: fn(&Position) -> i32) -> Move {
        let moves = p.legal_moves();
        let mut best = (i32::MIN, moves[0]);
        for mv in moves {
            let score = -negamax(
                &p.play_unchecked(mv),
                depth - 1,
                -MAX_EVAL - 1,
                MAX_EVAL + 1,
                eval,
            );
            if score > best.0 {
                best = (score, mv);
            }
        }
        best.1
    }

    fn disc_count(p: &Position) -> i32 {
        DISC * (p.player().bits().count_ones() as i32 - p.opponent().bits().count_ones() as i32)
    }

    #[test]
    fn a_shallow_search_with_the_evaluation_beats_one_counting_discs() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
        let (mut wins, games) = (0, 40);
        for game in 0..games {
            // Four random plies for variety, then the evaluation plays black in even
            // games and white in odd ones, both sides searching 3 plies.
            let mut p = Position::start();
            for _ in 0..4 {
                let moves = p.legal_moves();
                p = p.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            let ours = if game % 2 == 0 {
                bitgames_search::Player::First
            } else {
                bitgames_search::Player::Second
            };
            while !p.is_game_over() {
                let eval = if p.side_to_move() == ours {
                    evaluate::<crate::Fastest>
                } else {
                    disc_count
                };
                p = p.play_unchecked(best_move(&p, 3, eval));
            }
            let black_margin = p.final_score();
            let ours_margin = if ours == bitgames_search::Player::First {
                black_margin
            } else {
                -black_margin
            };
            if ours_margin > 0 {
                wins += 1;
            }
        }
        assert!(wins >= games * 3 / 4, "won {wins} of {games}");
    }
}
