//! Move ordering: the legal moves of a position as [`Candidates`] keyed by the opponent's
//! mobility after each, parity and corners; a shallow search to sort them where subtrees are
//! large; and the odd-quadrant parity the list-free layers order by.

use crate::Kernels;
use crate::MAX_MOVES;
use crate::eval::{CORNERS, DISC, MAX_EVAL, final_score_for_side_to_move};
use crate::kernels::KernelsOnWords;
use crate::square::square_at;

use super::window::raise;

/// The weight of the mobility key next to the sort search score (hundredths of a disc)
/// in that order (measured: 10 beat 4 and 20).
const SORT_MOBILITY: i32 = 10;

/// How deep the sort search looks below a child with `empties` empty squares: none (the
/// child's evaluation alone), three plies from 20 empties, five from 24. Where the subtrees
/// are largest a better order is worth a deeper look. Measured on FFO #40-#49, one thread
/// (2026-11-24, the README's machine): one ply everywhere took 1.23 G nodes and 39.0 s;
/// three plies from 18, 19, 20 or 21 empties 34.3-35.0 s (20 best); five from 22, 23, 24 or
/// 25 on top 37.6, 36.6, 31.9 and 34.0 s. Two plies from 22 took 42.2 s (the even depth
/// ranked worse). On #50-#52, which the choice never saw: 61.9 s before, 52.9 s with three
/// plies, 46.6 s with both. Below 20 empties, the child's evaluation alone against one ply
/// (2026-11-26, with the middle layer's local table, runs paired on two cores): more nodes
/// (#40-#49: 0.82 G against 0.69 G; #50-#52: 1.16 G against 0.95 G) but fewer evaluations,
/// 2-7% faster on both.
#[inline(always)]
fn sort_depth(empties: u32) -> u32 {
    match empties {
        24.. => 5,
        20.. => 3,
        _ => 0,
    }
}

/// The four 4x4 quadrants.
pub(super) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The squares of the quadrants holding an odd number of empty squares.
#[inline(always)]
pub(super) fn odd_quadrants(empty: u64) -> u64 {
    let mut mask = 0;
    for q in QUADRANTS {
        if (empty & q).count_ones() & 1 == 1 {
            mask |= q;
        }
    }
    mask
}

/// One candidate move: its square, the discs it flips and its ordering key (lower first).
#[derive(Clone, Copy)]
pub(super) struct Candidate {
    pub(super) square: u32,
    pub(super) flips: u64,
    /// The opponent's legal moves after this one (the child's moves, handed down so the
    /// child need not find them again).
    pub(super) replies: u64,
    key: i32,
}

/// The legal moves of a position, with their keys: room for `N` (by default any position's;
/// the middle layer, which never has more than 16 empty squares, sets up smaller lists).
pub(super) struct Candidates<const N: usize = MAX_MOVES> {
    items: [Candidate; N],
    len: usize,
}

impl Candidate {
    /// The move of `player` at `square` flipping `flips`, after which the opponent has
    /// `replies`, keyed by the opponent's weighted mobility ([`reply_weight`]) and potential
    /// mobility, with a small bonus for odd-parity quadrants (`odd`, from
    /// [`odd_quadrants`]) and a larger one for corners.
    #[inline(always)]
    pub(super) fn keyed(
        player: u64,
        opponent: u64,
        square: u32,
        flips: u64,
        replies: u64,
        odd: u64,
    ) -> Candidate {
        let mine = player | flips | 1 << square;
        let potential = neighbours(mine) & !(mine | opponent);
        let mut key = 16 * reply_weight(replies) as i32 + 2 * potential.count_ones() as i32;
        if odd >> square & 1 == 1 {
            key -= 2;
        }
        if CORNERS >> square & 1 == 1 {
            key -= 16;
        }
        Candidate {
            square,
            flips,
            replies,
            key,
        }
    }
}

/// The opponent's mobility with corners counted twice: what the ordering minimises.
#[inline(always)]
pub(super) fn reply_weight(replies: u64) -> u32 {
    replies.count_ones() + (replies & CORNERS).count_ones()
}

impl<const N: usize> Candidates<N> {
    /// No moves yet.
    #[inline(always)]
    pub(super) fn empty() -> Candidates<N> {
        Candidates {
            items: [Candidate {
                square: 0,
                flips: 0,
                replies: 0,
                key: 0,
            }; N],
            len: 0,
        }
    }

    /// Adds `candidate`.
    #[inline(always)]
    pub(super) fn push(&mut self, candidate: Candidate) {
        self.items[self.len] = candidate;
        self.len += 1;
    }

    /// How many candidates are not yet taken by [`Candidates::next`].
    #[inline]
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The candidates not yet taken by [`Candidates::next`].
    #[inline]
    pub(super) fn iter(&self) -> impl Iterator<Item = &Candidate> {
        self.items[..self.len].iter()
    }

    /// Moves `square` (if present) to the front, so it is tried first; whether it was.
    pub(super) fn promote(&mut self, square: u8) -> bool {
        if let Some(i) = self.items[..self.len]
            .iter()
            .position(|c| c.square == u32::from(square))
        {
            self.items[i].key = i32::MIN;
            return true;
        }
        false
    }

    /// Removes and returns the candidate with the lowest key (selection sort, lazily: a
    /// cutoff saves the rest of the sort).
    #[inline]
    pub(super) fn next(&mut self) -> Option<Candidate> {
        if self.len == 0 {
            return None;
        }
        let mut best = 0;
        for i in 1..self.len {
            if self.items[i].key < self.items[best].key {
                best = i;
            }
        }
        let candidate = self.items[best];
        self.len -= 1;
        self.items[best] = self.items[self.len];
        Some(candidate)
    }
}

impl Candidates {
    /// The moves of `player` in `moves`, keyed as [`Candidate::keyed`] says.
    #[inline]
    pub(super) fn new<S: Kernels>(player: u64, opponent: u64, mut moves: u64) -> Candidates {
        let mut list = Candidates::empty();
        let odd = odd_quadrants(!(player | opponent));
        while moves != 0 {
            let square = moves.trailing_zeros();
            moves &= moves - 1;
            let flips = S::flips_word(player, opponent, square_at(square));
            let replies = S::legal_moves_word(opponent ^ flips, player | flips | 1 << square);
            list.push(Candidate::keyed(
                player, opponent, square, flips, replies, odd,
            ));
        }
        list
    }

    /// Re-keys every move (but a promoted one) by a search of [`sort_depth`] plies with the
    /// evaluation after it, from the opponent's side, plus ten times its mobility key: where
    /// a subtree is large, a better order is worth a little search.
    pub(super) fn sort_by_search<S: Kernels>(&mut self, player: u64, opponent: u64) {
        for c in &mut self.items[..self.len] {
            if c.key != i32::MIN {
                let (p, o) = (opponent ^ c.flips, player | c.flips | 1 << c.square);
                let depth = sort_depth((p | o).count_zeros());
                c.key = sort_search::<S>(p, o, depth, -MAX_EVAL, MAX_EVAL) + SORT_MOBILITY * c.key;
            }
        }
    }
}

/// Fixed-depth negamax over the evaluation, for move ordering.
pub(super) fn sort_search<S: Kernels>(
    p: u64,
    o: u64,
    depth: u32,
    mut alpha: i32,
    beta: i32,
) -> i32 {
    if depth == 0 {
        return order_eval::<S>(p, o);
    }
    let mut moves = S::legal_moves_word(p, o);
    if moves == 0 {
        if S::legal_moves_word(o, p) == 0 {
            return DISC * final_score_for_side_to_move(p, o);
        }
        return -sort_search::<S>(o, p, depth - 1, -beta, -alpha);
    }
    let mut best = -MAX_EVAL - 1;
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        let f = S::flips_word(p, o, square_at(sq));
        let score = -sort_search::<S>(o ^ f, p | f | 1 << sq, depth - 1, -beta, -alpha);
        if raise(&mut best, &mut alpha, beta, score) {
            break;
        }
    }
    best
}

/// The squares next to any of `bits` (king moves), without wrapping.
#[inline(always)]
fn neighbours(bits: u64) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let horizontal = bits | (bits << 1 & NOT_A) | (bits >> 1 & NOT_H);
    (horizontal | horizontal << 8 | horizontal >> 8) & !bits
}

/// The evaluation the sort searches end in: the learned [`crate::patterns`] where they are
/// compiled in, else the hand-written [`crate::eval`].
#[inline]
fn order_eval<S: Kernels>(player: u64, opponent: u64) -> i32 {
    #[cfg(feature = "patterns")]
    return crate::patterns::evaluate_word::<S>(player, opponent);
    #[cfg(not(feature = "patterns"))]
    return crate::eval::evaluate_bits::<S>(player, opponent);
}
