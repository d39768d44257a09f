//! The min-distance evaluation, the core of strong Amazons programs (after Lieberum, "An
//! evaluation function for the game of Amazons", 2005).
//!
//! For both sides, over the empty squares: the queen distance D1 (queen moves through empty
//! squares; every queen and arrow blocks) and the king distance D2 (one-step moves). From them:
//!
//! - territory `t1 = Σ Δ(D1w, D1b)` and `t2` likewise with D2, where Δ is +1 where white is
//!   strictly closer, -1 where black is, 0 where neither reaches, and the tempo constant
//!   [`KAPPA`] (0.2) for the side to move where both are equally close;
//! - `c1 = 2 Σ (2^-D1w − 2^-D1b)` (an unreachable square contributes 0);
//! - `c2 = Σ clamp((D2b − D2w) / 6, −1, 1)` (unreachable counts as infinitely far);
//! - `w = Σ 2^−|D1w − D1b|` over the squares both sides reach: how contested the board is;
//! - the score, from white's point of view: with `f = w / (w + 16)`,
//!   `(1 − f) t1 + f (0.5 t1 + 0.2 t2 + 0.2 c1 + 0.1 c2)` — territory alone once the sides
//!   are separated (w near 0), the positional terms count more while the board is open.
//!
//! [`Features`] holds every quantity exactly (integers and fixed-point sums), so the naive
//! version ([`evaluate_naive`], array BFS per square) and the bitboard version ([`evaluate`],
//! distance layers from set-wise fills) can be proven equal, not just close.

use bitgames_bitboard::Direction;
use bitgames_search::Player;

use crate::{Bitboard, Kernels, Position, Square};

/// The tempo bonus for the side to move on squares both sides reach equally fast.
pub const KAPPA: f64 = 0.2;

/// Fixed-point scale of the sums of powers of two: `2^-d` is stored as `2^(40 - d)`.
const SCALE: u32 = 40;

#[inline(always)]
fn power(d: u32) -> i64 {
    if d <= SCALE { 1 << (SCALE - d) } else { 0 }
}

/// Every quantity of the evaluation, exactly, from white's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Features {
    /// Empty squares white reaches strictly first by queen moves, minus those black does.
    pub t1_lead: i32,
    /// Empty squares both reach in the same number of queen moves.
    pub t1_ties: i32,
    /// As `t1_lead`, with king moves.
    pub t2_lead: i32,
    /// As `t1_ties`, with king moves.
    pub t2_ties: i32,
    /// `Σ (2^-D1w − 2^-D1b)` in units of `2^-40`.
    pub c1_fixed: i64,
    /// `Σ clamp(D2b − D2w, −6, 6)`: six times `c2`.
    pub c2_sixths: i32,
    /// `Σ 2^−|D1w − D1b|` over squares both reach, in units of `2^-40`.
    pub w_fixed: i64,
}

impl Features {
    fn tempo(side_to_move: Player) -> f64 {
        match side_to_move {
            Player::First => KAPPA,
            Player::Second => -KAPPA,
        }
    }

    /// Queen-distance territory `t1`, with the tempo constant [`KAPPA`] credited to the
    /// side to move on tied squares.
    pub fn t1(&self, side_to_move: Player) -> f64 {
        f64::from(self.t1_lead) + Self::tempo(side_to_move) * f64::from(self.t1_ties)
    }

    /// King-distance territory `t2`, tied squares credited as in [`Features::t1`].
    pub fn t2(&self, side_to_move: Player) -> f64 {
        f64::from(self.t2_lead) + Self::tempo(side_to_move) * f64::from(self.t2_ties)
    }

    /// `c1 = 2 Σ (2^-D1w − 2^-D1b)`, converted from fixed point.
    pub fn c1(&self) -> f64 {
        2.0 * self.c1_fixed as f64 / (1u64 << SCALE) as f64
    }

    /// `c2 = Σ clamp((D2b − D2w) / 6, −1, 1)`, converted from sixths.
    pub fn c2(&self) -> f64 {
        f64::from(self.c2_sixths) / 6.0
    }

    /// `w`, how contested the board is: near 0 once the sides are walled apart, which
    /// shifts the score's weight onto territory.
    pub fn w(&self) -> f64 {
        self.w_fixed as f64 / (1u64 << SCALE) as f64
    }

    /// The combined score from white's point of view (see the module docs).
    pub fn score(&self, side_to_move: Player) -> f64 {
        let t1 = self.t1(side_to_move);
        let f = self.w() / (self.w() + 16.0);
        (1.0 - f) * t1
            + f * (0.5 * t1 + 0.2 * self.t2(side_to_move) + 0.2 * self.c1() + 0.1 * self.c2())
    }
}

/// King-move distance layers from `sources` over `empty` squares. The closed neighbourhood
/// of a set is two shift-or rounds; bits pushed past a row's end land on the guard column or
/// off the board, and masking with the empty squares drops them.
#[inline(always)]
fn king_layers(sources: Bitboard, empty: Bitboard, layers: &mut Layers) {
    layers.push(sources);
    let mut reached = sources;
    let mut frontier = sources;
    loop {
        let x = frontier.bits() | frontier.bits() << 1 | frontier.bits() >> 1;
        frontier = Bitboard::from_bits_truncate((x | x << 11 | x >> 11) & empty.bits()) - reached;
        if frontier.is_empty() {
            return;
        }
        reached |= frontier;
        layers.push(frontier);
    }
}

/// Queen-move distance layers from `sources` over `empty` squares by `F`'s fills: what
/// [`Kernels::min_distances`] returns by default, written into the caller's `layers` (a
/// returned value of this size is copied out whole).
#[inline(always)]
fn queen_layers<F: Kernels>(sources: Bitboard, empty: Bitboard, layers: &mut Layers) {
    layers.push(sources);
    let mut reached = sources;
    let mut frontier = sources;
    loop {
        frontier = F::fill(frontier, empty) - reached;
        if frontier.is_empty() {
            return;
        }
        reached |= frontier;
        layers.push(frontier);
    }
}

/// Distance layers, built in place.
type Layers = arrayvec::ArrayVec<Bitboard, { crate::distances::MAX_LAYERS }>;

/// Cumulative unions: entry `k` holds every square at distance `k` or less.
#[inline(always)]
fn cumulative(
    layers: &[Bitboard],
) -> arrayvec::ArrayVec<Bitboard, { crate::distances::MAX_LAYERS }> {
    let mut union = Bitboard::EMPTY;
    layers
        .iter()
        .map(|&layer| {
            union |= layer;
            union
        })
        .collect()
}

/// The squares within distance `k` (everything reached, for `k` beyond the last layer).
#[inline(always)]
fn within(cumulative: &[Bitboard], k: usize) -> Bitboard {
    cumulative[k.min(cumulative.len() - 1)]
}

/// (lead, ties) over `empty` squares from two sides' layers. The layers of one side are
/// disjoint, so a sum of per-layer counts is the count of the union: one popcount each.
fn territory(white: &[Bitboard], black: &[Bitboard], empty: Bitboard) -> (i32, i32) {
    let (mut white_first, mut black_first, mut tied) =
        (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
    // Every square at distance k or less, for each side, as k grows.
    let (mut within_white, mut within_black) = (Bitboard::EMPTY, Bitboard::EMPTY);
    for k in 0..white.len().max(black.len()) {
        let w = white.get(k).copied().unwrap_or(Bitboard::EMPTY);
        let b = black.get(k).copied().unwrap_or(Bitboard::EMPTY);
        within_white |= w;
        within_black |= b;
        white_first |= w - within_black;
        black_first |= b - within_white;
        tied |= w & b;
    }
    (
        (white_first & empty).len() as i32 - (black_first & empty).len() as i32,
        (tied & empty).len() as i32,
    )
}

/// The evaluation features from distance layers, with the fills of
/// [`FastestFill`](crate::FastestFill) (whatever strategy the position generates moves with).
pub fn evaluate<S: Kernels>(position: &Position<S>) -> Features {
    evaluate_with::<crate::FastestFill, S>(position)
}

/// The evaluation features from distance layers computed with fill strategy `F`.
pub fn evaluate_with<F: Kernels, S: Kernels>(position: &Position<S>) -> Features {
    let empty = position.empty_squares();
    let (white, black) = (
        position.queens(Player::First),
        position.queens(Player::Second),
    );
    let (mut w1, mut b1, mut w2, mut b2) =
        (Layers::new(), Layers::new(), Layers::new(), Layers::new());
    queen_layers::<F>(white, empty, &mut w1);
    queen_layers::<F>(black, empty, &mut b1);
    king_layers(white, empty, &mut w2);
    king_layers(black, empty, &mut b2);
    let (w1, b1, w2, b2) = (&w1[..], &b1[..], &w2[..], &b2[..]);

    let (t1_lead, t1_ties) = territory(w1, b1, empty);
    let (t2_lead, t2_ties) = territory(w2, b2, empty);

    // Layers past 0 hold only empty squares; layer 0 (the queens) contributes nothing.
    let mut c1_fixed = 0;
    for (k, &layer) in w1.iter().enumerate().skip(1) {
        c1_fixed += layer.len() as i64 * power(k as u32);
    }
    for (k, &layer) in b1.iter().enumerate().skip(1) {
        c1_fixed -= layer.len() as i64 * power(k as u32);
    }

    // Squares both reach, grouped by |D1w - D1b|.
    let gaps = w1.len().max(b1.len());
    let mut by_gap: Layers = (0..gaps).map(|_| Bitboard::EMPTY).collect();
    for (i, &white_layer) in w1.iter().enumerate().skip(1) {
        for (j, &black_layer) in b1.iter().enumerate().skip(1) {
            by_gap[i.abs_diff(j)] |= white_layer & black_layer;
        }
    }
    let w_fixed = by_gap
        .iter()
        .enumerate()
        .map(|(gap, set)| set.len() as i64 * power(gap as u32))
        .sum();

    // clamp(D2b - D2w, -6, 6) = sum over t = 1..6 of [D2b - D2w >= t] - [D2w - D2b >= t].
    let (within_white, within_black) = (cumulative(w2), cumulative(b2));
    let mut c2_sixths = 0;
    for t in 1..=6 {
        let (mut white_ahead, mut black_ahead) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for (i, &layer) in w2.iter().enumerate().skip(1) {
            white_ahead |= layer - within(&within_black, i + t - 1);
        }
        for (i, &layer) in b2.iter().enumerate().skip(1) {
            black_ahead |= layer - within(&within_white, i + t - 1);
        }
        c2_sixths += white_ahead.len() as i32 - black_ahead.len() as i32;
    }

    Features {
        t1_lead,
        t1_ties,
        t2_lead,
        t2_ties,
        c1_fixed,
        c2_sixths,
        w_fixed,
    }
}

/// The same features square by square, from array breadth-first searches.
pub fn evaluate_naive<S: Kernels>(position: &Position<S>) -> Features {
    let empty = position.empty_squares();
    let open: [bool; 100] = core::array::from_fn(|i| empty.contains(index_square(i)));
    let bfs = |sources: Bitboard, queen: bool| -> [Option<u32>; 100] {
        let mut distance = [None; 100];
        let mut queue = std::collections::VecDeque::new();
        for (i, d) in distance.iter_mut().enumerate() {
            if sources.contains(index_square(i)) {
                *d = Some(0);
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            let next = distance[i].expect("queued squares have a distance") + 1;
            for (dr, dc) in Direction::ALL.map(Direction::delta) {
                let (mut r, mut c) = ((i / 10) as i32 + dr, (i % 10) as i32 + dc);
                while (0..10).contains(&r) && (0..10).contains(&c) && open[(r * 10 + c) as usize] {
                    let j = (r * 10 + c) as usize;
                    if distance[j].is_none() {
                        distance[j] = Some(next);
                        queue.push_back(j);
                    }
                    if !queen {
                        break;
                    }
                    r += dr;
                    c += dc;
                }
            }
        }
        distance
    };
    let (white, black) = (
        position.queens(Player::First),
        position.queens(Player::Second),
    );
    let (d1w, d1b) = (bfs(white, true), bfs(black, true));
    let (d2w, d2b) = (bfs(white, false), bfs(black, false));

    let lead = |w: Option<u32>, b: Option<u32>| match (w, b) {
        (Some(w), Some(b)) => (w < b) as i32 - (b < w) as i32,
        (Some(_), None) => 1,
        (None, Some(_)) => -1,
        (None, None) => 0,
    };
    let tie =
        |w: Option<u32>, b: Option<u32>| matches!((w, b), (Some(w), Some(b)) if w == b) as i32;
    let far = |d: Option<u32>| d.map_or(i64::MAX / 4, i64::from);

    let mut f = Features::default();
    for i in (0..100).filter(|&i| open[i]) {
        f.t1_lead += lead(d1w[i], d1b[i]);
        f.t1_ties += tie(d1w[i], d1b[i]);
        f.t2_lead += lead(d2w[i], d2b[i]);
        f.t2_ties += tie(d2w[i], d2b[i]);
        f.c1_fixed += d1w[i].map_or(0, power) - d1b[i].map_or(0, power);
        if let (Some(w), Some(b)) = (d1w[i], d1b[i]) {
            f.w_fixed += power(w.abs_diff(b));
        }
        if d2w[i].is_some() || d2b[i].is_some() {
            f.c2_sixths += (far(d2b[i]) - far(d2w[i])).clamp(-6, 6) as i32;
        }
    }
    f
}

fn index_square(i: usize) -> Square {
    Square::from_index(i).expect("i < 100")
}
