//! The search: the root (MTD(f) over null-window searches), the table layer (`deep`) and
//! the middle layer (`mid`), with the node and time limits; the list-free layers below are in
//! `shallow`, the parallel search of a node's younger moves in `parallel`.

use std::sync::atomic::Ordering::Relaxed;

use web_time::Instant;

use bitgames_search::Game;

use crate::eval::{DISC, MAX_EVAL, evaluate_bits, final_score_for_side_to_move};
use crate::kernels::KernelsOnWords;
use crate::square::square_at;
use crate::stability::stable_discs_until;
use crate::{Kernels, MAX_MOVES, Move, Position};

use super::Stopped;
use super::local::{LOCAL_MAX_EMPTIES, LOCAL_MIN_EMPTIES, LocalTable};
use super::ordering::{Candidate, Candidates, odd_quadrants, reply_weight, sort_search};
use super::parallel::{ELDERS, Shared, SplitPoint};
use super::probcut::{PROBCUT_MIN_EMPTIES, Selectivity, probcut};
use super::table::{Bounds, NO_MOVE, Table};
use super::window::{pvs, raise};

/// The largest number of empties handled by the list-free layers (measured on FFO #40-#44:
/// 4 beat 5 and 6, moving mobility ordering down pays).
const SHALLOW_MAX: u32 = 4;

/// How deep the search for MTD(f)'s first guess looks: the move-ordering search over the
/// learned evaluation, seven plies. Each null-window pass moves the bounds by two, so a
/// guess far from the score costs passes: on FFO #46 the static evaluation guessed +4 for
/// a score of -8, seven passes. Measured against the static guess (one thread, paired on
/// the two cores, 2026-11-26): FFO #40-#49 in 26.3 and 26.3 s against 28.1 and 28.2 s
/// (single runs at depths 1, 3, 5 and 9: fewer nodes than the static guess but more than
/// 7; at 4 and 6, 30% more); #50-#52 in 42.4 and 43.7 s against 41.4 and 42.8 s, the same
/// nodes.
const GUESS_DEPTH: u32 = 7;

/// The fewest empties at whose root the guess is searched; below, the static evaluation
/// guesses. The search takes 1-60 ms on FFO #40-#50 (20 to 27 empties), outside any time
/// limit, and the engines solve from 20 empties with a few tens of milliseconds a move,
/// so their solves keep the static guess. FFO #40-#49 so (only #40 has 20 empties), paired
/// against the static guess everywhere: 28.9 and 29.1 s against 30.1 and 33.9 s.
const GUESS_MIN_EMPTIES: u32 = 21;

/// The most empties the middle layer searches, whatever `table_min_empties` says (above,
/// the table layer does). A position has no more legal moves than empty squares, so its
/// move lists hold this many: lists set up at every node, a third of the table layer's
/// size. Measured against lists of any position's size (FFO #40-#49, one thread, paired on
/// the two cores, 2026-11-26): 31.4 and 31.0 s against 33.5 and 32.9 s; lists of 12 did
/// no better than 16.
const MIDDLE_MAX_EMPTIES: u32 = 16;

/// From this many empties on, table-layer moves are ordered by a shallow search.
const SORT_BY_SEARCH_MIN: u32 = 14;

/// The stability cutoff: the opponent's stable discs are theirs at the end, so the score is
/// at most `64 - 2 x stable`; `Some` of that bound where it is no better than `alpha`.
/// Tried only where it is likely to succeed: with `alpha` at least [`stability_threshold`]
/// for the number of empties, and no higher a bound than the opponent's discs allow (a
/// popcount that spares most of the stability computations).
#[inline(always)]
pub(super) fn stability_cutoff(
    player: u64,
    opponent: u64,
    empties: u32,
    alpha: i32,
) -> Option<i32> {
    if alpha < stability_threshold(empties) || alpha < 64 - 2 * opponent.count_ones() as i32 {
        return None;
    }
    // Enough stable discs: `64 - 2 x stable <= alpha`.
    let needed = (64 - alpha + 1).div_euclid(2) as u32;
    let stable = stable_discs_until(opponent, player, |s| s.count_ones() >= needed);
    let upper = 64 - 2 * stable.count_ones() as i32;
    (upper <= alpha).then_some(upper)
}

/// The lowest `alpha` at which the stability cutoff is tried with `empties` empty squares:
/// the fewer the empties, the more discs are stable, so the lower the score they can prove
/// out of reach. Edax and Egaroucid try it from about twice the empties (their tables); the
/// formula here is ours, measured on FFO #40-#49: twice the empties, less two. Against a
/// fixed `alpha >= 16` (2026-11-26, paired runs) 3% fewer nodes and the same time; kept as
/// the simpler rule to reason about.
#[inline(always)]
fn stability_threshold(empties: u32) -> i32 {
    2 * empties as i32 - 2
}

/// One solve in progress, or one task of a parallel solve: the shared table, the counters
/// and the limits.
pub(super) struct Search<'t, S: Kernels> {
    pub(super) table: &'t Table,
    pub(super) table_min_empties: u32,
    /// Table-layer nodes with at least this many empties search their younger moves in
    /// parallel (`u32::MAX` with one thread).
    pub(super) split_min_empties: u32,
    /// What every task of the solve shares: the node total, the limits, the stop.
    pub(super) shared: &'t Shared,
    /// The split point this task searches a move of (`None` for the solve's own search).
    pub(super) split: Option<&'t SplitPoint<'t>>,
    /// The positions this search has visited.
    pub(super) nodes: u64,
    /// The part of `nodes` already added to the shared total.
    pub(super) flushed: u64,
    pub(super) next_check: u64,
    /// Set when a limit was hit or a split point above was aborted: every layer then unwinds
    /// with a meaningless score, and nothing is stored.
    pub(super) halted: bool,
    /// Set when a limit was hit.
    pub(super) stopped: Option<Stopped>,
    /// The middle layer's table (each search its own).
    local: LocalTable,
    /// The selectivity of the pass in progress: the table layer tries probcut below
    /// [`Selectivity::EXACT`], and trusts only bounds at least this selective.
    pub(super) selectivity: Selectivity,
    strategy: core::marker::PhantomData<S>,
}

/// How many nodes pass between clock readings.
const CHECK_EVERY: u64 = 1 << 14;

impl<'t, S: Kernels> Search<'t, S> {
    /// A search using `table` from `table_min_empties` on, splitting from
    /// `split_min_empties` on, under the limits of `shared`.
    pub(super) fn new(
        table: &'t Table,
        table_min_empties: u32,
        split_min_empties: u32,
        shared: &'t Shared,
    ) -> Self {
        Search {
            table,
            table_min_empties,
            split_min_empties,
            shared,
            split: None,
            nodes: 0,
            flushed: 0,
            next_check: 0,
            halted: false,
            stopped: None,
            local: LocalTable::new(),
            selectivity: Selectivity::EXACT,
            strategy: core::marker::PhantomData,
        }
    }

    /// A task of a parallel solve searching a move of `split` at `selectivity`: a search like
    /// [`Search::new`]'s with its own counters, halted when `split` or a split point above it
    /// is aborted.
    pub(super) fn task(
        table: &'t Table,
        table_min_empties: u32,
        split_min_empties: u32,
        shared: &'t Shared,
        split: &'t SplitPoint<'t>,
        selectivity: Selectivity,
    ) -> Self {
        Search {
            split: Some(split),
            selectivity,
            ..Search::new(table, table_min_empties, split_min_empties, shared)
        }
    }

    /// Whether to stop now (limits are checked every [`CHECK_EVERY`] nodes and at the node
    /// limit).
    #[inline(always)]
    pub(super) fn should_stop(&mut self) -> bool {
        if self.nodes < self.next_check {
            return false;
        }
        self.check_limits()
    }

    /// Adds this search's new nodes to the shared total, and checks the limits against it
    /// (and whether another task hit one, or a split point above was aborted). The next
    /// check is due after [`CHECK_EVERY`] nodes, or sooner near the node limit: after this
    /// search's share of the nodes left.
    #[cold]
    fn check_limits(&mut self) -> bool {
        if self.halted {
            return true;
        }
        let total = self.flush();
        let shared = self.shared;
        let stop = if let Some(stopped) = shared.stopped() {
            Some(stopped)
        } else if total >= shared.max_nodes {
            Some(Stopped::NodeLimit { nodes: total })
        } else if let Some(deadline) = shared.deadline
            && Instant::now() >= deadline
        {
            Some(Stopped::TimeLimit {
                nodes: total,
                seconds: shared.started.elapsed().as_secs_f64(),
            })
        } else if (shared.stop.as_ref()).is_some_and(|stop| stop.load(Relaxed)) {
            Some(Stopped::Interrupted {
                nodes: total,
                seconds: shared.started.elapsed().as_secs_f64(),
            })
        } else {
            None
        };
        if let Some(stopped) = stop {
            self.stopped = Some(shared.stop(stopped));
            self.halted = true;
            return true;
        }
        if self.split_aborted() {
            return true;
        }
        let share = (shared.max_nodes - total) / shared.threads;
        self.next_check = self.nodes + share.clamp(1, CHECK_EVERY);
        false
    }

    /// The best move and exact score at the root (which may have to pass, or be over), after
    /// the selective passes if `selective`.
    pub(super) fn root(&mut self, position: &Position<S>, selective: bool) -> (Option<Move>, i32) {
        let (player, opponent) = (position.player().bits(), position.opponent().bits());
        let moves = S::legal_moves_word(player, opponent);
        if moves == 0 {
            if S::legal_moves_word(opponent, player) == 0 {
                self.nodes += 1;
                return (None, final_score_for_side_to_move(player, opponent));
            }
            let score = -self.deep(&position.play_unchecked(Move::Pass), -65, 65, true);
            return (Some(Move::Pass), score);
        }
        self.nodes += 1;
        // The first guess: a search of [`GUESS_DEPTH`] plies over the evaluation from
        // [`GUESS_MIN_EMPTIES`], else the evaluation; each selective pass's score is the
        // next pass's guess.
        let empties = 64 - (player | opponent).count_ones();
        let estimate = if empties >= GUESS_MIN_EMPTIES {
            sort_search::<S>(player, opponent, GUESS_DEPTH, -MAX_EVAL, MAX_EVAL)
        } else {
            evaluate_bits::<S>(player, opponent)
        };
        let mut guess = (estimate / DISC / 2 * 2).clamp(-64, 64);
        if selective {
            for selectivity in Selectivity::passes() {
                self.selectivity = selectivity;
                guess = self.mtdf(position, guess).1;
                if self.stopped.is_some() {
                    return (None, 0);
                }
            }
            self.selectivity = Selectivity::EXACT;
        }
        self.mtdf(position, guess)
    }

    /// MTD(f)-style: null-window tests around `guess`, each narrowing `[lower, upper]` until
    /// they meet; the table keeps the work of each. The best move and the score (both
    /// meaningless if the search stopped).
    fn mtdf(&mut self, position: &Position<S>, guess: i32) -> (Option<Move>, i32) {
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
        let (player, opponent) = (position.player().bits(), position.opponent().bits());
        let moves = S::legal_moves_word(player, opponent);
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
            let mv = Move::Play(square_at(c.square));
            let child = position.play_unchecked(mv);
            let score = pvs(best.is_none(), alpha, beta, |a, b| self.child(&child, a, b));
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
        if let Move::Play(square) = mv {
            let empties = 64 - (player | opponent).count_ones();
            let best = (square.bit() as u8, score);
            self.store(key, stored, alpha_in, beta, best, empties);
        }
        (if score > alpha_in { Some(mv) } else { None }, score)
    }

    /// Searches `child` (the side to move there has just been moved against) with the layer
    /// its number of empties calls for.
    #[inline]
    pub(super) fn child(&mut self, child: &Position<S>, alpha: i32, beta: i32) -> i32 {
        let empties = 64 - (child.player().bits() | child.opponent().bits()).count_ones();
        if empties >= self.table_min_empties || empties > MIDDLE_MAX_EMPTIES {
            self.deep(child, alpha, beta, false)
        } else {
            self.bits(
                child.player().bits(),
                child.opponent().bits(),
                empties,
                alpha,
                beta,
            )
        }
    }

    /// The layers without a table, by number of empties.
    #[inline(always)]
    fn bits(&mut self, player: u64, opponent: u64, empties: u32, alpha: i32, beta: i32) -> i32 {
        if empties > SHALLOW_MAX {
            let moves = S::legal_moves_word(player, opponent);
            self.mid(player, opponent, moves, alpha, beta, false)
        } else {
            self.shallow(player, opponent, alpha, beta, false)
        }
    }

    /// The table layer.
    fn deep(&mut self, position: &Position<S>, mut alpha: i32, mut beta: i32, passed: bool) -> i32 {
        self.nodes += 1;
        if self.should_stop() || self.split_aborted() {
            return 0;
        }
        let (player, opponent) = (position.player().bits(), position.opponent().bits());
        let empties = 64 - (player | opponent).count_ones();
        if let Some(upper) = stability_cutoff(player, opponent, empties, alpha) {
            return upper;
        }
        let key = Game::hash(position);
        let mut best_square = NO_MOVE;
        let stored = self.table.probe(key);
        if let Some(bounds) = stored
            && bounds.selectivity >= self.selectivity
        {
            let (lower, upper) = (bounds.lower(), bounds.upper());
            if lower >= beta {
                return lower;
            }
            if upper <= alpha {
                return upper;
            }
            if lower == upper {
                return lower;
            }
            alpha = alpha.max(lower);
            beta = beta.min(upper);
        }
        if let Some(bounds) = stored {
            best_square = bounds.best;
        }
        if self.selectivity < Selectivity::EXACT
            && empties >= PROBCUT_MIN_EMPTIES
            && let Some(score) =
                probcut::<S>(player, opponent, empties, alpha, beta, self.selectivity)
        {
            self.store(key, stored, alpha, beta, (NO_MOVE, score), empties);
            return score;
        }
        let moves = S::legal_moves_word(player, opponent);
        if moves == 0 {
            if passed {
                return final_score_for_side_to_move(player, opponent);
            }
            return -self.deep(&position.play_unchecked(Move::Pass), -beta, -alpha, true);
        }
        let (alpha_in, beta_in) = (alpha, beta);
        let mut candidates = Candidates::new::<S>(player, opponent, moves);
        let promoted = best_square != NO_MOVE && candidates.promote(best_square);
        // Enhanced transposition cutoff: a child the table already refutes. The children's
        // keys come first and the probes after, so that their cache misses overlap instead
        // of each waiting behind the next child's move (FFO #40-#49, one thread, paired on
        // the two cores, 2026-11-26: 41.6 and 41.0 s against 44.4 and 43.3 s probing as each
        // child is made; trying it only from 16 empties, as Egaroucid does, was a tie).
        if empties > self.table_min_empties {
            let mut keys = [0; MAX_MOVES];
            for (key, c) in keys.iter_mut().zip(candidates.iter()) {
                *key = Game::hash(&position.play_unchecked(Move::Play(square_at(c.square))));
            }
            for &key in &keys[..candidates.len()] {
                if let Some(bounds) = self.table.probe(key)
                    && bounds.selectivity >= self.selectivity
                    && -bounds.upper() >= beta
                {
                    return -bounds.upper();
                }
            }
        }
        // The stored best move is searched before the others are sorted: where it cuts off
        // (most often), their sort searches are saved (the same nodes; FFO #40-#49 paired as
        // above: 44.3 and 41.5 s against 46.0 and 41.7 s sorting first).
        let mut sorted = empties < SORT_BY_SEARCH_MIN;
        let mut best = -65;
        let mut best_move = NO_MOVE;
        let mut searched = 0;
        loop {
            if !sorted && (searched > 0 || !promoted) {
                candidates.sort_by_search::<S>(player, opponent);
                sorted = true;
            }
            let Some(c) = candidates.next() else { break };
            let child = position.play_unchecked(Move::Play(square_at(c.square)));
            let score = pvs(searched == 0, alpha, beta, |a, b| self.child(&child, a, b));
            searched += 1;
            if self.halted {
                return 0;
            }
            if score > best {
                best_move = c.square as u8;
            }
            if raise(&mut best, &mut alpha, beta, score) {
                break;
            }
            if searched == ELDERS && empties >= self.split_min_empties {
                // Young Brothers Wait: the elders did not cut off, so search the rest in
                // parallel.
                if !sorted {
                    candidates.sort_by_search::<S>(player, opponent);
                }
                (best, best_move) =
                    self.split(position, &mut candidates, alpha, beta, (best, best_move));
                if self.halted {
                    return 0;
                }
                break;
            }
        }
        self.store(key, stored, alpha_in, beta_in, (best_move, best), empties);
        best
    }

    /// Stores in the table what a search of the position `key` (whose entry was `stored`)
    /// with window `(alpha, beta)` found at this pass's selectivity (see [`merge`]).
    #[inline]
    fn store(
        &self,
        key: u64,
        stored: Option<Bounds>,
        alpha: i32,
        beta: i32,
        best: (u8, i32),
        empties: u32,
    ) {
        if let Some(bounds) = merge(stored, self.selectivity, alpha, beta, best, empties) {
            self.table.store(key, bounds);
        }
    }

    /// The middle layer: raw bitboards, mobility ordering, no table. `moves` are the side to
    /// move's legal moves (the parent found them while ordering its own).
    fn mid(
        &mut self,
        player: u64,
        opponent: u64,
        moves: u64,
        mut alpha: i32,
        beta: i32,
        passed: bool,
    ) -> i32 {
        self.nodes += 1;
        if self.should_stop() {
            return 0;
        }
        let empties = 64 - (player | opponent).count_ones();
        debug_assert!(
            empties <= MIDDLE_MAX_EMPTIES,
            "{empties} empties for the middle layer"
        );
        if let Some(upper) = stability_cutoff(player, opponent, empties, alpha) {
            return upper;
        }
        if moves == 0 {
            if passed {
                return final_score_for_side_to_move(player, opponent);
            }
            let replies = S::legal_moves_word(opponent, player);
            return -self.mid(opponent, player, replies, -beta, -alpha, true);
        }
        // From here on, `empties` counts the children's.
        let empties = empties - 1;
        // The local table holds null-window results only (nearly every search here).
        let local = beta == alpha + 1 && (LOCAL_MIN_EMPTIES..=LOCAL_MAX_EMPTIES).contains(&empties);
        let odd = odd_quadrants(!(player | opponent));
        let mut candidates = Candidates::<{ MIDDLE_MAX_EMPTIES as usize }>::empty();
        let mut best = -65;
        let mut first = true;
        // Each move in turn: a child the local table refutes ends the search (enhanced
        // transposition cutoff), one it proves no better than alpha is dropped, and one
        // leaving the opponent at most one reply (a corner counting two) is searched at
        // once, before the others are ordered: it is the likeliest cutoff and the cheapest.
        let mut rest = moves;
        while rest != 0 {
            let square = rest.trailing_zeros();
            rest &= rest - 1;
            let flips = S::flips_word(player, opponent, square_at(square));
            let (p, o) = (opponent ^ flips, player | flips | 1 << square);
            if local && let Some((lower, upper)) = self.local.probe(p, o, empties) {
                if -upper >= beta {
                    return -upper;
                }
                if -lower <= alpha {
                    best = best.max(-lower);
                    continue;
                }
            }
            let replies = S::legal_moves_word(p, o);
            if reply_weight(replies) <= 1 {
                let score = pvs(first, alpha, beta, |a, b| {
                    self.mid_child(p, o, replies, empties, a, b)
                });
                first = false;
                if local {
                    self.local_store(p, o, empties, alpha, score);
                }
                if raise(&mut best, &mut alpha, beta, score) {
                    return best;
                }
                continue;
            }
            candidates.push(Candidate::keyed(
                player, opponent, square, flips, replies, odd,
            ));
        }
        while let Some(c) = candidates.next() {
            let (p, o) = (opponent ^ c.flips, player | c.flips | 1 << c.square);
            let score = pvs(first, alpha, beta, |a, b| {
                self.mid_child(p, o, c.replies, empties, a, b)
            });
            first = false;
            if local {
                self.local_store(p, o, empties, alpha, score);
            }
            if raise(&mut best, &mut alpha, beta, score) {
                break;
            }
        }
        best
    }

    /// A child of a middle-layer node, with `empties` empties and `moves` to play.
    #[inline(always)]
    fn mid_child(
        &mut self,
        p: u64,
        o: u64,
        moves: u64,
        empties: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if empties > SHALLOW_MAX {
            self.mid(p, o, moves, alpha, beta, false)
        } else {
            self.shallow(p, o, alpha, beta, false)
        }
    }

    /// Records in the local table what a null-window search at `alpha` proved about the
    /// child `(p, o)`, from the child's side: at least `-score` where the parent failed low,
    /// at most `-score` where it cut off. (A halted search stores meaningless bounds here,
    /// but it is never used again: the solve stops, or the task is dropped.)
    #[inline(always)]
    fn local_store(&mut self, p: u64, o: u64, empties: u32, alpha: i32, score: i32) {
        if score <= alpha {
            self.local.store(p, o, empties, -score, 64);
        } else {
            self.local.store(p, o, empties, -64, -score);
        }
    }
}

/// The fail-soft result of a search at `selectivity` with window `(alpha, beta)` whose best
/// child was `(square, score)`, merged into the bounds the table held: a fail-low has no
/// meaningful best move, so the stored one is kept. Bounds of a less selective search are
/// replaced, not merged; `None` (store nothing) where the table holds more trustworthy ones.
#[inline]
fn merge(
    stored: Option<Bounds>,
    selectivity: Selectivity,
    alpha: i32,
    beta: i32,
    (square, score): (u8, i32),
    empties: u32,
) -> Option<Bounds> {
    let (mut lower, mut upper) = match stored {
        Some(b) if b.selectivity > selectivity => return None,
        Some(b) if b.selectivity == selectivity => (b.lower(), b.upper()),
        _ => (-64, 64),
    };
    if score > alpha {
        lower = lower.max(score);
    }
    if score < beta {
        upper = upper.min(score);
    }
    let best = if score > alpha && square != NO_MOVE {
        square
    } else {
        stored.map_or(NO_MOVE, |b| b.best)
    };
    Some(Bounds::new(lower, upper, best, empties, selectivity))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SELECTIVE: Selectivity = Selectivity(0);
    const EXACT: Selectivity = Selectivity::EXACT;

    #[test]
    fn merging_narrows_bounds_of_the_same_selectivity() {
        // At least 10 (d4 = 27), then at most 20: [10, 20], d4 kept by the fail-low.
        let stored = merge(None, EXACT, 9, 10, (27, 10), 20);
        assert_eq!(stored, Some(Bounds::new(10, 64, 27, 20, EXACT)));
        let merged = merge(stored, EXACT, 20, 21, (30, 20), 20);
        assert_eq!(merged, Some(Bounds::new(10, 20, 27, 20, EXACT)));
    }

    #[test]
    fn a_selective_result_never_overwrites_proven_bounds() {
        let proven = Some(Bounds::new(10, 20, 27, 20, EXACT));
        assert_eq!(merge(proven, SELECTIVE, 29, 30, (30, 40), 20), None);
    }

    #[test]
    fn proven_bounds_replace_selective_ones_but_keep_their_move() {
        // A selective pass thought at least 30 with e4 (28); the exact fail-low at 10 knows
        // nothing of that bound, but e4 stays the move to try first.
        let selective = Some(Bounds::new(30, 64, 28, 20, SELECTIVE));
        assert_eq!(
            merge(selective, EXACT, 9, 10, (NO_MOVE, 8), 20),
            Some(Bounds::new(-64, 8, 28, 20, EXACT))
        );
    }
}
