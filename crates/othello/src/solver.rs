//! An exact endgame solver: the final disc difference under perfect play.
//!
//! The score is the final disc difference from the side to move's point of view, with the
//! empty squares of a game that ends early going to the winner (the convention of
//! [`Position::final_score`] and of the FFO test suite). It is always even.
//!
//! ```
//! use bitgames_othello::random::endgame_corpus;
//! use bitgames_othello::solver::{Limits, solve};
//!
//! // A random reachable position with 12 empty squares.
//! let position = endgame_corpus(1, 12..=12, 7)[0];
//! let solution = solve(&position, Limits::nodes(10_000_000))?;
//! assert!(position.legal_moves().contains(&solution.best_move.unwrap()));
//! assert_eq!(solution.score % 2, 0);
//! # Ok::<(), bitgames_othello::solver::Stopped>(())
//! ```
//!
//! # How
//!
//! Negamax alpha-beta, fail-soft, with principal-variation (null-window) search, over four
//! layers that each do what pays at their distance from the end (the layering of classic
//! solvers such as Gunnar Andersson's Zebra and Richard Delorme's Edax; the code is our
//! own):
//!
//! | empties | layer |
//! |---|---|
//! | root | MTD(f) (Plaat et al., 1996): null-window searches from a guess (the static [`crate::eval`]) until the bounds meet, every search reusing the table |
//! | >= [`Options::table_min_empties`] (10) | [`Position`] with its incremental Zobrist hash; a transposition table of score bounds ([`Game::hash`] indexes it, the full 64-bit hash is verified on probe); enhanced transposition cutoff (a child the table already refutes); the stored best move first, then (from 14 empties) the rest by a one-ply search with the evaluation plus mobility, else by mobility alone; a stability cutoff |
//! | 5 ..= 9 | raw bitboards, no table; moves ordered by the opponent's mobility after them (fewest replies first, corner replies counted twice), then its potential mobility, corners and parity; a stability cutoff |
//! | 4 | no move list: empty squares of odd-parity quadrants first, a neighbour test before each flip computation |
//! | 1 ..= 3 | the empty squares unpacked once, unrolled code, a square alone in its quadrant first; the last move is counted, not played |
//!
//! Parity: the board's four 4x4 quadrants; in a quadrant with an odd number of empty
//! squares, the side that moves there first can hope to move there last as well. The
//! stability cutoff: the opponent's stable discs ([`stable_discs`]) are theirs at the end, so
//! the score is at most `64 - 2 x stable`; tried where alpha is at least 16, since below it
//! rarely cuts.
//!
//! Nodes are the positions searched, each counted once (the last move of a one-empty
//! position is not a node). Node and time limits are checked at every node with 5 or more
//! empties (the clock every 16384 nodes); a stopped search returns [`Stopped`], never a
//! guess.

use std::time::{Duration, Instant};

use bitgames_search::Game;
use bitgames_tables::neighbours::OTHELLO_NEIGHBOURS;
use thiserror::Error;

use crate::eval::{CORNERS, DISC, MAX_EVAL, evaluate_bits, final_score_for_side_to_move};
use crate::stability::stable_discs;
use crate::{Kernels, MAX_MOVES, Move, Position, Square};

/// The largest number of empties handled by the list-free layers (measured on FFO #40-#44:
/// 4 beat 5 and 6, moving mobility ordering down pays).
const SHALLOW_MAX: u32 = 4;
/// From this many empties on, table-layer moves are ordered by a one-ply search.
const SORT_BY_SEARCH_MIN: u32 = 14;
/// The weight of the mobility key next to the one-ply search score (hundredths of a disc)
/// in that order (measured: 10 beat 4 and 20).
const SORT_MOBILITY: i32 = 10;

/// When a solve must give up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many nodes.
    pub max_nodes: Option<u64>,
    /// Stop after this long.
    pub max_time: Option<Duration>,
}

impl Limits {
    /// No limit: solve to the end.
    pub const NONE: Limits = Limits {
        max_nodes: None,
        max_time: None,
    };

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            max_nodes: Some(nodes),
            ..Limits::NONE
        }
    }

    pub fn time(time: Duration) -> Limits {
        Limits {
            max_time: Some(time),
            ..Limits::NONE
        }
    }
}

/// Tuning: the transposition table and where it starts to be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// The table holds `2^table_bits` entries of 16 bytes (default 21: 32 MiB; clamped to
    /// 1..=32). Pages are only touched as entries are written.
    pub table_bits: u32,
    /// Positions with at least this many empty squares use the table (default 10). Below,
    /// a table costs more than the search it saves.
    pub table_min_empties: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            table_bits: 21,
            table_min_empties: 10,
        }
    }
}

/// The exact result of a solve.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Solution {
    /// A best move: `None` when the game is over, `Some(Move::Pass)` when the side to move
    /// must pass.
    pub best_move: Option<Move>,
    /// The final disc difference for the side to move under perfect play (empties to the
    /// winner).
    pub score: i32,
    pub nodes: u64,
    pub seconds: f64,
}

/// A solve that hit its limit before proving the result.
#[derive(Debug, Clone, Copy, PartialEq, Error)]
pub enum Stopped {
    #[error("node limit reached after {nodes} nodes")]
    NodeLimit { nodes: u64 },
    #[error("time limit reached after {seconds:.3} s ({nodes} nodes)")]
    TimeLimit { nodes: u64, seconds: f64 },
}

/// Solves `position` exactly with a fresh [`Solver`] of default [`Options`].
pub fn solve<S: Kernels>(position: &Position<S>, limits: Limits) -> Result<Solution, Stopped> {
    Solver::new(Options::default()).solve(position, limits)
}

/// A solver that keeps its transposition table between solves (entries of earlier solves
/// remain valid: they are exact facts about positions, and the first to be replaced).
#[derive(Debug)]
pub struct Solver {
    table: Table,
    options: Options,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(Options::default())
    }
}

impl Solver {
    pub fn new(options: Options) -> Self {
        Solver {
            table: Table::new(options.table_bits),
            options,
        }
    }

    /// The exact score and a best move of `position`, or [`Stopped`] if a limit is hit
    /// first.
    pub fn solve<S: Kernels>(
        &mut self,
        position: &Position<S>,
        limits: Limits,
    ) -> Result<Solution, Stopped> {
        let started = Instant::now();
        self.table.generation = self.table.generation.wrapping_add(1);
        let mut search = Search::<S> {
            table: &mut self.table,
            table_min_empties: self.options.table_min_empties,
            nodes: 0,
            max_nodes: limits.max_nodes.unwrap_or(u64::MAX),
            deadline: limits.max_time.map(|t| started + t),
            next_check: 0,
            stopped: None,
            started,
            strategy: core::marker::PhantomData,
        };
        let (best_move, score) = search.root(position);
        if let Some(stopped) = search.stopped {
            return Err(stopped);
        }
        Ok(Solution {
            best_move,
            score,
            nodes: search.nodes,
            seconds: started.elapsed().as_secs_f64(),
        })
    }
}

/// The best-move byte of an entry that has none.
const NO_MOVE: u8 = 0xff;
const VALID: u64 = 1 << 40;

/// Score bounds by position: buckets of two 16-byte entries (the full hash, then packed
/// lower bound, upper bound, best move, empties and generation). A store goes to the entry
/// holding the same position, else to the one from an older solve or with fewer empties
/// (less work to redo).
#[derive(Debug)]
struct Table {
    entries: Vec<[u64; 2]>,
    bucket_mask: usize,
    generation: u8,
}

#[derive(Debug, Clone, Copy)]
struct Bounds {
    lower: i32,
    upper: i32,
    best: u8,
}

impl Table {
    fn new(bits: u32) -> Table {
        let bits = bits.clamp(1, 32.min(usize::BITS - 8));
        Table {
            // All zeros: allocated as zeroed memory, touched lazily.
            entries: vec![[0; 2]; 1 << bits],
            bucket_mask: (1 << (bits - 1)) - 1,
            generation: 0,
        }
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.bucket_mask) * 2
    }

    #[inline]
    fn probe(&self, key: u64) -> Option<Bounds> {
        let i = self.bucket(key);
        for entry in &self.entries[i..i + 2] {
            if entry[0] == key && entry[1] & VALID != 0 {
                let data = entry[1];
                return Some(Bounds {
                    lower: i32::from(data as u8 as i8),
                    upper: i32::from((data >> 8) as u8 as i8),
                    best: (data >> 16) as u8,
                });
            }
        }
        None
    }

    #[inline]
    fn store(&mut self, key: u64, empties: u32, bounds: Bounds) {
        let i = self.bucket(key);
        let pack = |b: Bounds| {
            u64::from(b.lower as i8 as u8)
                | u64::from(b.upper as i8 as u8) << 8
                | u64::from(b.best) << 16
                | u64::from(empties as u8) << 24
                | u64::from(self.generation) << 32
                | VALID
        };
        let age = |data: u64| ((data >> 32) as u8 != self.generation, (data >> 24) as u8);
        let slot = if self.entries[i][0] == key && self.entries[i][1] & VALID != 0 {
            i
        } else if self.entries[i + 1][0] == key && self.entries[i + 1][1] & VALID != 0 {
            i + 1
        } else {
            // Replace the older solve's entry, else the one with fewer empties.
            let (a, b) = (age(self.entries[i][1]), age(self.entries[i + 1][1]));
            if (b.0, u8::MAX - b.1) > (a.0, u8::MAX - a.1) {
                i + 1
            } else {
                i
            }
        };
        self.entries[slot] = [key, pack(bounds)];
    }
}

/// The four 4x4 quadrants.
const QUADRANTS: [u64; 4] = [
    0x0000_0000_0f0f_0f0f,
    0x0000_0000_f0f0_f0f0,
    0x0f0f_0f0f_0000_0000,
    0xf0f0_f0f0_0000_0000,
];

/// The squares of the quadrants holding an odd number of empty squares.
#[inline(always)]
fn odd_quadrants(empty: u64) -> u64 {
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
struct Candidate {
    square: u32,
    flips: u64,
    key: i32,
}

/// The legal moves of a position, with their keys.
struct Candidates {
    items: [Candidate; MAX_MOVES],
    len: usize,
}

impl Candidates {
    /// The moves of `player` in `moves`, keyed by the opponent's weighted mobility after
    /// each (corners count twice), with a small bonus for odd-parity quadrants.
    #[inline]
    fn new<S: Kernels>(player: u64, opponent: u64, mut moves: u64) -> Candidates {
        let mut list = Candidates {
            items: [Candidate {
                square: 0,
                flips: 0,
                key: 0,
            }; MAX_MOVES],
            len: 0,
        };
        let odd = odd_quadrants(!(player | opponent));
        while moves != 0 {
            let square = moves.trailing_zeros();
            moves &= moves - 1;
            let flips = S::flips(player, opponent, Square::from_bit(square));
            let replies = S::legal_moves(opponent ^ flips, player | flips | 1 << square);
            let mine = player | flips | 1 << square;
            let potential = neighbours(mine) & !(mine | opponent);
            let mut key = 16 * (replies.count_ones() + (replies & CORNERS).count_ones()) as i32
                + 2 * potential.count_ones() as i32;
            if odd >> square & 1 == 1 {
                key -= 2;
            }
            if CORNERS >> square & 1 == 1 {
                key -= 16;
            }
            list.items[list.len] = Candidate { square, flips, key };
            list.len += 1;
        }
        list
    }

    /// Re-keys every move (but a promoted one) by a one-ply search with the evaluation
    /// after it, from the opponent's side, plus ten times its mobility key: where a
    /// subtree is large, a better order is worth a little search.
    fn sort_by_search<S: Kernels>(&mut self, player: u64, opponent: u64) {
        for c in &mut self.items[..self.len] {
            if c.key != i32::MIN {
                let (p, o) = (opponent ^ c.flips, player | c.flips | 1 << c.square);
                c.key = sort_search::<S>(p, o, 1, -MAX_EVAL, MAX_EVAL) + SORT_MOBILITY * c.key;
            }
        }
    }

    /// Moves `square` (if present) to the front, so it is tried first.
    fn promote(&mut self, square: u8) {
        if let Some(i) = self.items[..self.len]
            .iter()
            .position(|c| c.square == u32::from(square))
        {
            self.items[i].key = i32::MIN;
        }
    }

    /// Removes and returns the candidate with the lowest key (selection sort, lazily: a
    /// cutoff saves the rest of the sort).
    #[inline]
    fn next(&mut self) -> Option<Candidate> {
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

struct Search<'t, S: Kernels> {
    table: &'t mut Table,
    table_min_empties: u32,
    nodes: u64,
    max_nodes: u64,
    deadline: Option<Instant>,
    next_check: u64,
    stopped: Option<Stopped>,
    started: Instant,
    strategy: core::marker::PhantomData<S>,
}

/// How many nodes pass between clock readings.
const CHECK_EVERY: u64 = 1 << 14;

impl<S: Kernels> Search<'_, S> {
    /// Whether to stop now (limits are checked every [`CHECK_EVERY`] nodes and at the node
    /// limit).
    #[inline(always)]
    fn should_stop(&mut self) -> bool {
        if self.nodes < self.next_check {
            return false;
        }
        self.check_limits()
    }

    #[cold]
    fn check_limits(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if self.nodes >= self.max_nodes {
            self.stopped = Some(Stopped::NodeLimit { nodes: self.nodes });
            return true;
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stopped = Some(Stopped::TimeLimit {
                nodes: self.nodes,
                seconds: self.started.elapsed().as_secs_f64(),
            });
            return true;
        }
        self.next_check = (self.nodes + CHECK_EVERY).min(self.max_nodes);
        false
    }

    /// The best move and exact score at the root (which may have to pass, or be over).
    fn root(&mut self, position: &Position<S>) -> (Option<Move>, i32) {
        let (player, opponent) = (position.player(), position.opponent());
        let moves = S::legal_moves(player, opponent);
        if moves == 0 {
            if S::legal_moves(opponent, player) == 0 {
                self.nodes += 1;
                return (None, final_score_for_side_to_move(player, opponent));
            }
            let score = -self.deep(&position.play(Move::Pass), -65, 65, true);
            return (Some(Move::Pass), score);
        }
        self.nodes += 1;
        // MTD(f)-style: null-window tests around a guess from the evaluation, each
        // narrowing [lower, upper] until they meet; the table keeps the work of each.
        let guess = (evaluate_bits::<S>(player, opponent) / DISC / 2 * 2).clamp(-64, 64);
        let (mut lower, mut upper) = (-64, 64);
        let mut g = guess;
        let mut best = None;
        while lower < upper {
            let beta = if g <= lower { lower + 1 } else { g.min(upper) };
            let (mv, score) = self.root_window(position, beta - 1, beta);
            if self.stopped.is_some() {
                return (None, 0);
            }
            if score >= beta {
                lower = score;
                best = mv;
            } else {
                upper = score;
            }
            g = score;
        }
        if best.is_none() {
            best = self.root_window(position, lower - 1, lower + 1).0;
        }
        (best, lower)
    }

    /// One fail-soft alpha-beta search of the root: the score, and the best move when the
    /// score is above `alpha`.
    fn root_window(
        &mut self,
        position: &Position<S>,
        mut alpha: i32,
        beta: i32,
    ) -> (Option<Move>, i32) {
        let (player, opponent) = (position.player(), position.opponent());
        let moves = S::legal_moves(player, opponent);
        let mut candidates = Candidates::new::<S>(player, opponent, moves);
        let key = Game::hash(position);
        if let Some(bounds) = self.table.probe(key)
            && bounds.best != NO_MOVE
        {
            candidates.promote(bounds.best);
        }
        candidates.sort_by_search::<S>(player, opponent);
        let alpha_in = alpha;
        let mut best: Option<(Move, i32)> = None;
        while let Some(c) = candidates.next() {
            let mv = Move::Play(Square::from_bit(c.square));
            let child = position.play(mv);
            let score = if best.is_none() {
                -self.child(&child, -beta, -alpha)
            } else {
                let probe = -self.child(&child, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.child(&child, -beta, -probe)
                } else {
                    probe
                }
            };
            if self.stopped.is_some() {
                return (None, 0);
            }
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((mv, score));
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let (mv, score) = best.expect("at least one legal move");
        let stored = self.table.probe(key);
        let (mut lower, mut upper) = stored.map_or((-64, 64), |b| (b.lower, b.upper));
        if score > alpha_in {
            lower = lower.max(score);
        }
        if score < beta {
            upper = upper.min(score);
        }
        if let Move::Play(square) = mv {
            self.table.store(
                key,
                64 - (player | opponent).count_ones(),
                Bounds {
                    lower,
                    upper,
                    best: if score > alpha_in {
                        square.bit() as u8
                    } else {
                        stored.map_or(NO_MOVE, |b| b.best)
                    },
                },
            );
        }
        (if score > alpha_in { Some(mv) } else { None }, score)
    }

    /// Searches `child` (the side to move there has just been moved against) with the layer
    /// its number of empties calls for.
    #[inline]
    fn child(&mut self, child: &Position<S>, alpha: i32, beta: i32) -> i32 {
        let empties = 64 - (child.player() | child.opponent()).count_ones();
        if empties >= self.table_min_empties {
            self.deep(child, alpha, beta, false)
        } else {
            self.bits(child.player(), child.opponent(), empties, alpha, beta)
        }
    }

    /// The layers without a table, by number of empties.
    #[inline(always)]
    fn bits(&mut self, player: u64, opponent: u64, empties: u32, alpha: i32, beta: i32) -> i32 {
        if empties > SHALLOW_MAX {
            self.mid(player, opponent, alpha, beta, false)
        } else {
            self.shallow(player, opponent, alpha, beta, false)
        }
    }

    /// The table layer.
    fn deep(&mut self, position: &Position<S>, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let (player, opponent) = (position.player(), position.opponent());
        let empties = 64 - (player | opponent).count_ones();
        // Stability cutoff: the opponent's stable discs are theirs at the end, so the score
        // is at most 64 - 2 x stable.
        if alpha >= 64 - 2 * STABILITY_CUTOFF_MIN {
            let upper = 64 - 2 * stable_discs(opponent, player).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let key = Game::hash(position);
        let mut best_square = NO_MOVE;
        let stored = self.table.probe(key);
        if let Some(bounds) = stored {
            if bounds.lower >= beta {
                return bounds.lower;
            }
            if bounds.upper <= alpha {
                return bounds.upper;
            }
            if bounds.lower == bounds.upper {
                return bounds.lower;
            }
            alpha = alpha.max(bounds.lower);
            beta = beta.min(bounds.upper);
            best_square = bounds.best;
        }
        let moves = S::legal_moves(player, opponent);
        if moves == 0 {
            if passed {
                return final_score_for_side_to_move(player, opponent);
            }
            return -self.deep(&position.play(Move::Pass), -beta, -alpha, true);
        }
        let (alpha_in, beta_in) = (alpha, beta);
        let mut candidates = Candidates::new::<S>(player, opponent, moves);
        if best_square != NO_MOVE {
            candidates.promote(best_square);
        }
        // Enhanced transposition cutoff: a child the table already refutes.
        if empties > self.table_min_empties {
            for c in &candidates.items[..candidates.len] {
                let child = position.play(Move::Play(Square::from_bit(c.square)));
                if let Some(bounds) = self.table.probe(Game::hash(&child))
                    && -bounds.upper >= beta
                {
                    return -bounds.upper;
                }
            }
        }
        if empties >= SORT_BY_SEARCH_MIN {
            candidates.sort_by_search::<S>(player, opponent);
        }
        let mut best = -65;
        let mut best_move = NO_MOVE;
        let mut first = true;
        while let Some(c) = candidates.next() {
            let child = position.play(Move::Play(Square::from_bit(c.square)));
            let score = if first {
                first = false;
                -self.child(&child, -beta, -alpha)
            } else {
                let probe = -self.child(&child, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.child(&child, -beta, -probe)
                } else {
                    probe
                }
            };
            if self.stopped.is_some() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = c.square as u8;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        // Fail-soft bounds, merged with what the table knew.
        let (mut lower, mut upper) = stored.map_or((-64, 64), |b| (b.lower, b.upper));
        if best > alpha_in {
            lower = lower.max(best);
        }
        if best < beta_in {
            upper = upper.min(best);
        }
        self.table.store(
            key,
            empties,
            Bounds {
                lower,
                upper,
                // A fail-low has no meaningful best move: keep the one the table had.
                best: if best > alpha_in {
                    best_move
                } else {
                    stored.map_or(NO_MOVE, |b| b.best)
                },
            },
        );
        best
    }

    /// The middle layer: raw bitboards, mobility ordering, no table.
    fn mid(&mut self, player: u64, opponent: u64, mut alpha: i32, beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        if alpha >= 64 - 2 * STABILITY_CUTOFF_MIN {
            let upper = 64 - 2 * stable_discs(opponent, player).count_ones() as i32;
            if upper <= alpha {
                return upper;
            }
        }
        let moves = S::legal_moves(player, opponent);
        if moves == 0 {
            if passed {
                return final_score_for_side_to_move(player, opponent);
            }
            return -self.mid(opponent, player, -beta, -alpha, true);
        }
        let empties = 64 - (player | opponent).count_ones() - 1;
        let mut candidates = Candidates::new::<S>(player, opponent, moves);
        let mut best = -65;
        let mut first = true;
        while let Some(c) = candidates.next() {
            let (p, o) = (opponent ^ c.flips, player | c.flips | 1 << c.square);
            let score = if first {
                first = false;
                -self.bits(p, o, empties, -beta, -alpha)
            } else {
                let probe = -self.bits(p, o, empties, -alpha - 1, -alpha);
                if probe > alpha && probe < beta {
                    -self.bits(p, o, empties, -beta, -probe)
                } else {
                    probe
                }
            };
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// The last few empties: squares of odd quadrants first, each tested for an adjacent
    /// opponent disc before its flips are computed; no list, no ordering by mobility.
    fn shallow(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        let empty = !(player | opponent);
        if empty.count_ones() <= 3 {
            return self.last_three(player, opponent, alpha, beta, empty);
        }
        self.nodes += 1;
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
                let flips = S::flips(player, opponent, Square::from_bit(square));
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
                if score > best {
                    best = score;
                    if score > alpha {
                        alpha = score;
                        if alpha >= beta {
                            return best;
                        }
                    }
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
}

impl<S: Kernels> Search<'_, S> {
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
                self.solve_3(player, opponent, alpha, beta, false, order)
            }
            2 => self.solve_2(player, opponent, alpha, beta, false, [first, second]),
            1 => {
                self.nodes += 1;
                last_move::<S>(player, opponent, first)
            }
            _ => {
                self.nodes += 1;
                final_score_for_side_to_move(player, opponent)
            }
        }
    }

    /// Three empties, in the given order.
    fn solve_3(
        &mut self,
        player: u64,
        opponent: u64,
        mut alpha: i32,
        beta: i32,
        passed: bool,
        [a, b, c]: [u32; 3],
    ) -> i32 {
        self.nodes += 1;
        let mut best = -65;
        for (x, y, z) in [(a, b, c), (b, a, c), (c, a, b)] {
            if OTHELLO_NEIGHBOURS[x as usize] & opponent == 0 {
                continue;
            }
            let flips = S::flips(player, opponent, Square::from_bit(x));
            if flips == 0 {
                continue;
            }
            let (p, o) = (opponent ^ flips, player | flips | 1 << x);
            let score = -self.solve_2(p, o, -beta, -alpha, false, [y, z]);
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        return best;
                    }
                }
            }
        }
        if best == -65 {
            if passed {
                return final_score_for_side_to_move(player, opponent);
            }
            return -self.solve_3(opponent, player, -beta, -alpha, true, [a, b, c]);
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
            let flips = S::flips(player, opponent, Square::from_bit(x));
            if flips == 0 {
                continue;
            }
            self.nodes += 1;
            let score = -last_move::<S>(opponent ^ flips, player | flips | 1 << x, y);
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

/// The stability cutoff is tried only where it could prove `score <= alpha` with this many
/// stable opponent discs or fewer; below, computing stability costs more than it saves.
const STABILITY_CUTOFF_MIN: i32 = 24;

/// The exact score with one empty square `square`: the side to move plays it if it flips
/// anything, else the opponent does, else the game ends with the square going to the winner.
#[inline(always)]
fn last_move<S: Kernels>(player: u64, opponent: u64, square: u32) -> i32 {
    let mine = player.count_ones() as i32;
    let square = Square::from_bit(square);
    let flips = S::flips(player, opponent, square).count_ones() as i32;
    if flips > 0 {
        // mine + flips + 1 against 63 - mine - flips.
        return 2 * (mine + flips + 1) - 64;
    }
    let theirs = S::flips(opponent, player, square).count_ones() as i32;
    if theirs > 0 {
        // mine - theirs against 64 - mine + theirs.
        return 2 * (mine - theirs) - 64;
    }
    // mine against 63 - mine: never a draw; the winner takes the empty square.
    let diff = 2 * mine - 63;
    if diff > 0 { diff + 1 } else { diff - 1 }
}

/// Fixed-depth negamax over the evaluation, for move ordering.
fn sort_search<S: Kernels>(p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    if depth == 0 {
        return evaluate_bits::<S>(p, o);
    }
    let mut moves = S::legal_moves(p, o);
    if moves == 0 {
        if S::legal_moves(o, p) == 0 {
            return crate::eval::DISC * final_score_for_side_to_move(p, o);
        }
        return -sort_search::<S>(o, p, depth - 1, -beta, -alpha);
    }
    let mut best = -MAX_EVAL - 1;
    while moves != 0 {
        let sq = moves.trailing_zeros();
        moves &= moves - 1;
        let f = S::flips(p, o, Square::from_bit(sq));
        let score = -sort_search::<S>(o ^ f, p | f | 1 << sq, depth - 1, -beta, -alpha);
        if score > best {
            best = score;
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
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
