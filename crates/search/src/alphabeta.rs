//! Negamax alpha-beta (principal-variation search) with iterative deepening, a
//! transposition table and time/node limits.

use std::time::{Duration, Instant};

use crate::tt::{Bound, Entry, TranspositionTable};
use crate::{Evaluate, Game, Outcome, WIN};

/// When to stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration to start.
    pub max_depth: u32,
    /// Stop once this many nodes are searched (the last completed iteration counts).
    pub max_nodes: Option<u64>,
    /// Stop once this much time has passed (the last completed iteration counts).
    pub max_time: Option<Duration>,
}

impl Limits {
    /// Iterate to `depth` plies, however long it takes.
    pub fn depth(depth: u32) -> Self {
        Limits {
            max_depth: depth,
            max_nodes: None,
            max_time: None,
        }
    }

    /// Search about `nodes` nodes: repeatable whatever the machine's load (what tests use).
    pub fn nodes(nodes: u64) -> Self {
        Limits {
            max_depth: 64,
            max_nodes: Some(nodes),
            max_time: None,
        }
    }

    /// Search for about `time` (what players at a clock use).
    pub fn time(time: Duration) -> Self {
        Limits {
            max_depth: 64,
            max_nodes: None,
            max_time: Some(time),
        }
    }
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct SearchResult<M> {
    /// `None` only when the root has no legal move.
    pub best_move: Option<M>,
    /// For the side to move; `±(WIN - plies)` for a forced win or loss.
    pub score: i32,
    /// The deepest iteration completed.
    pub depth: u32,
    /// Nodes searched, all iterations together.
    pub nodes: u64,
    /// Wall-clock time of the whole search.
    pub seconds: f64,
    /// The principal variation of the last completed iteration.
    pub pv: Vec<M>,
}

impl<M> SearchResult<M> {
    /// The search speed.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes as f64 / self.seconds.max(1e-9)
    }
}

/// A reusable alpha-beta searcher (keeps its transposition table between searches).
#[derive(Debug)]
pub struct AlphaBeta<G: Game> {
    tt: TranspositionTable<Entry<G::Move>>,
    nodes: u64,
    stop: bool,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    /// The best root move of the iteration in progress, among those searched to the end.
    root_best: Option<G::Move>,
}

impl<G: Evaluate> Default for AlphaBeta<G> {
    fn default() -> Self {
        AlphaBeta::new(18)
    }
}

impl<G: Evaluate> AlphaBeta<G> {
    /// A searcher with a table of `2^tt_bits` entries.
    pub fn new(tt_bits: u32) -> Self {
        AlphaBeta {
            tt: TranspositionTable::new(tt_bits),
            nodes: 0,
            stop: false,
            deadline: None,
            node_limit: None,
            root_best: None,
        }
    }

    /// Iterative deepening from depth 1 until a limit; the result of the last completed
    /// iteration (at least depth 1 is always completed, so a legal move is always returned).
    pub fn search(&mut self, root: &G, limits: Limits) -> SearchResult<G::Move> {
        let start = Instant::now();
        self.tt.new_search();
        self.nodes = 0;
        self.stop = false;
        self.deadline = limits.max_time.map(|t| start + t);
        self.node_limit = limits.max_nodes;
        let mut result = SearchResult {
            best_move: root.legal_moves().into_iter().next(),
            score: 0,
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
            seconds: 0.0,
        };
        for depth in 1..=limits.max_depth.max(1) {
            self.root_best = None;
            let score = self.negamax(root, depth, 0, -WIN - 1, WIN + 1, depth == 1);
            if self.stop && depth > 1 {
                // The iteration did not finish, but the root moves it searched to the end
                // are known at this depth: the first was the last iteration's best, so a
                // better one found after it is the better choice.
                if let Some(mv) = self.root_best {
                    result.best_move = Some(mv);
                }
                break;
            }
            result.score = score;
            result.depth = depth;
            result.pv = self.principal_variation(root, depth);
            if let Some(&first) = result.pv.first() {
                result.best_move = Some(first);
            }
            if score.abs() >= WIN - MATE_RANGE || self.stop {
                break;
            }
        }
        result.nodes = self.nodes;
        result.seconds = start.elapsed().as_secs_f64();
        result
    }

    fn principal_variation(&self, root: &G, depth: u32) -> Vec<G::Move> {
        let mut pv = Vec::new();
        let mut position = *root;
        for _ in 0..depth {
            let Some(mv) = self.tt.probe(Game::hash(&position)).and_then(|e| e.best) else {
                break;
            };
            if !position.legal_moves().as_ref().contains(&mv) {
                break;
            }
            pv.push(mv);
            position = position.play(mv);
        }
        pv
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes.is_multiple_of(1024) {
            let over_time = self.deadline.is_some_and(|d| Instant::now() >= d);
            let over_nodes = self.node_limit.is_some_and(|n| self.nodes >= n);
            self.stop |= over_time || over_nodes;
        }
        self.stop
    }

    /// `must_finish`: the first iteration ignores the limits so there is always a move.
    fn negamax(
        &mut self,
        position: &G,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        must_finish: bool,
    ) -> i32 {
        self.nodes += 1;
        if !must_finish && self.out_of_budget() {
            return 0;
        }
        if depth == 0 {
            // A leaf: only the outcome is needed, which games answer without listing moves.
            return match position.outcome() {
                Outcome::Ongoing => position.evaluate(),
                outcome => terminal_score(outcome, position, ply),
            };
        }
        let moves = position.legal_moves();
        if moves.as_ref().is_empty() {
            return terminal_score(position.outcome(), position, ply);
        }
        let key = Game::hash(position);
        let original_alpha = alpha;
        let mut tt_move = None;
        if let Some(entry) = self.tt.probe(key) {
            tt_move = entry.best;
            let score = from_tt(entry.score, ply);
            if u32::from(entry.depth) >= depth && ply > 0 {
                match entry.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        let mut ordered: Vec<(i32, G::Move)> = moves
            .into_iter()
            .map(|mv| {
                let priority = if Some(mv) == tt_move {
                    i32::MAX
                } else {
                    position.move_priority(mv)
                };
                (priority, mv)
            })
            .collect();
        ordered.sort_by_key(|&(priority, _)| core::cmp::Reverse(priority));

        let mut best_score = -WIN - 1;
        let mut best_move = None;
        for (index, (_, mv)) in ordered.into_iter().enumerate() {
            let child = position.play(mv);
            // Principal-variation search: the first move (the table's, or the best by the
            // game's ordering) with the full window; the others with a null window, which
            // only proves them no better, and again with the full window when one is.
            let mut score;
            if index == 0 {
                score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, must_finish);
            } else {
                score = -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, must_finish);
                if score > alpha && score < beta && (must_finish || !self.stop) {
                    score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, must_finish);
                }
            }
            if self.stop && !must_finish {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(
            key,
            Entry {
                depth: depth.min(255) as u8,
                bound,
                score: to_tt(best_score, ply),
                best: best_move,
            },
        );
        best_score
    }
}

/// The score of a finished game for its side to move, `ply` plies from the root.
fn terminal_score<G: Game>(outcome: Outcome, position: &G, ply: u32) -> i32 {
    match outcome {
        Outcome::Win(winner) if winner == position.side_to_move() => WIN - ply as i32,
        Outcome::Win(_) => -(WIN - ply as i32),
        _ => 0,
    }
}

/// Scores within this distance of `WIN` are forced wins or losses, counted in plies.
const MATE_RANGE: i32 = 1000;

/// Win and loss scores count plies from the root; the table stores them counted from the
/// stored position instead, so a hit at another ply reads the right distance.
fn to_tt(score: i32, ply: u32) -> i32 {
    if score > WIN - MATE_RANGE {
        score + ply as i32
    } else if score < -(WIN - MATE_RANGE) {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: u32) -> i32 {
    if score > WIN - MATE_RANGE {
        score - ply as i32
    } else if score < -(WIN - MATE_RANGE) {
        score + ply as i32
    } else {
        score
    }
}
