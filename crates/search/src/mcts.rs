//! Monte Carlo tree search (UCT) with random playouts, seeded; the tree is kept between moves.
//! A game whose evaluation knows more than random play scores the leaves with it instead
//! ([`Mcts::with_evaluated_leaves`], [`Evaluate::win_chance`]).
//!
//! # Memory
//!
//! The tree lives in one arena and grows by one node an iteration, which left alone is tens of
//! megabytes a second (every node keeps its untried moves: about 9 KB for an Amazons node near
//! the start). A searcher therefore has a memory budget, [`DEFAULT_MEMORY_BUDGET`] (256 MiB)
//! unless set with [`Mcts::with_memory_budget`] or [`Mcts::set_memory_budget`]. Each node's
//! bytes are counted as it is made (the node in the arena, its lists of untried moves and
//! children); before an expansion the searcher checks that the node, and the arena's growth it
//! may cause, fit the budget. Once the tree is full it **stops growing but keeps searching**:
//! an iteration that would expand a node plays out from that node instead, so the statistics
//! of the existing tree keep improving until the time or iteration limit, and the search still
//! answers the best move it knows. The check is a comparison per expansion.
//!
//! [`Mcts::advance`] copies the kept subtree into a fresh arena, so it briefly holds both.
//!
//! # Stopping
//!
//! A search ends at its time or iteration limit, or when another thread sets the searcher's
//! stop flag ([`Mcts::with_stop`]); either way it answers from the tree so far.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use web_time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{Evaluate, Game, Outcome, Player, random_playout};

/// UCT's exploration constant (√2, the textbook value for rewards in [0, 1]).
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Playouts longer than this are scored as a draw.
const MAX_PLAYOUT_PLIES: u32 = 1_000;

/// The memory budget of a searcher made with [`Mcts::new`]: 256 MiB.
pub const DEFAULT_MEMORY_BUDGET: usize = 256 << 20;

#[derive(Debug, Clone)]
struct Node<G: Game> {
    position: G,
    /// The move that led here (`None` at the root).
    mv: Option<G::Move>,
    children: Vec<usize>,
    untried: Vec<G::Move>,
    visits: u32,
    /// Rewards (1 win, ½ draw) for the player who made `mv`, summed over visits.
    reward: f64,
}

/// The result of a search.
#[derive(Debug, Clone)]
pub struct MctsResult<M> {
    /// The most-visited root move; `None` when the root has no legal move.
    pub best_move: Option<M>,
    /// Iterations run (selection, expansion, one playout, backup), for reports and
    /// iterations-per-second figures.
    pub iterations: u64,
    /// Wall-clock time the search took.
    pub seconds: f64,
    /// The root's expected reward for the side to move, in [0, 1].
    pub value: f64,
    /// Whether the stop flag ([`Mcts::with_stop`]) ended the search before its limits (the
    /// answer is then the tree's so far).
    pub stopped: bool,
}

/// A UCT searcher that owns its tree.
#[derive(Debug)]
pub struct Mcts<G: Game> {
    nodes: Vec<Node<G>>,
    rng: Xoshiro256PlusPlus,
    /// The most bytes the tree may take (see the module's documentation).
    budget: usize,
    /// The bytes the nodes' own lists take (untried moves and children), summed.
    heap_bytes: usize,
    /// Scores a leaf that is not over for its side to move, in place of a random playout
    /// (`None`, or an answer of `None`: play out).
    leaf_value: Option<fn(&G) -> Option<f64>>,
    /// Set from another thread to stop the search ([`Mcts::with_stop`]).
    stop: Option<Arc<AtomicBool>>,
}

impl<G: Game> Mcts<G> {
    /// A tree holding only `root`; `seed` seeds the expansion order and the playouts, so a search
    /// with an iteration limit is reproducible.
    /// The tree may take [`DEFAULT_MEMORY_BUDGET`] bytes.
    pub fn new(root: G, seed: u64) -> Self {
        Self::with_memory_budget(root, seed, DEFAULT_MEMORY_BUDGET)
    }

    /// As [`Mcts::new`], with a tree of at most about `bytes` (the root is always kept, however
    /// small the budget).
    pub fn with_memory_budget(root: G, seed: u64, bytes: usize) -> Self {
        let mut tree = Mcts {
            nodes: vec![Self::leaf(root, None)],
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            budget: bytes,
            heap_bytes: 0,
            leaf_value: None,
            stop: None,
        };
        tree.heap_bytes = Self::heap_bytes_of(&tree.nodes[0]);
        tree
    }

    /// The searcher, stopped by `stop` as by a limit: once another thread sets it, a search
    /// returns within moments (it is read with the clock, every 16 iterations) with the
    /// tree's answer so far and [`MctsResult::stopped`]. The searcher never clears it.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Sets the budget for the growth to come; a tree already larger keeps its nodes and
    /// stops growing.
    pub fn set_memory_budget(&mut self, bytes: usize) {
        self.budget = bytes;
    }

    /// The most bytes the tree may take.
    pub fn memory_budget(&self) -> usize {
        self.budget
    }

    /// The bytes the tree takes now: the arena (its whole capacity) and every node's lists.
    pub fn memory_used(&self) -> usize {
        self.nodes.capacity() * size_of::<Node<G>>() + self.heap_bytes
    }

    /// The nodes in the tree, the root included.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// A node's lists: its untried moves, and its slot in its parent's list of children
    /// with room to spare (a list of one child has room for four).
    fn heap_bytes_of(node: &Node<G>) -> usize {
        node.untried.capacity() * size_of::<G::Move>() + 4 * size_of::<usize>()
    }

    /// Makes room in the arena for one more node of `heap` bytes of lists, within the
    /// budget; `false` when it does not fit.
    fn reserve_node(&mut self, heap: usize) -> bool {
        let node = size_of::<Node<G>>();
        let len = self.nodes.len();
        if len < self.nodes.capacity() {
            return self.memory_used() + heap <= self.budget;
        }
        // The arena is full: grow it by as much as fits, at most doubling.
        let Some(room) = self.budget.checked_sub(self.heap_bytes + heap) else {
            return false;
        };
        let capacity = (room / node.max(1)).min(len.saturating_mul(2)).max(len);
        if capacity <= len {
            return false;
        }
        self.nodes.reserve_exact(capacity - len);
        true
    }

    fn leaf(position: G, mv: Option<G::Move>) -> Node<G> {
        Node {
            position,
            mv,
            children: Vec::new(),
            untried: position.legal_moves().into_iter().collect(),
            visits: 0,
            reward: 0.0,
        }
    }

    /// The position at the root.
    pub fn root(&self) -> &G {
        &self.nodes[0].position
    }

    /// Moves the root to the child reached by `mv`, keeping its subtree (node reuse); a move
    /// not yet in the tree starts a fresh tree.
    pub fn advance(&mut self, mv: G::Move) {
        let child = self.nodes[0]
            .children
            .iter()
            .copied()
            .find(|&c| self.nodes[c].mv == Some(mv));
        let Some(child) = child else {
            let next = self.nodes[0].position.play(mv);
            self.nodes = vec![Self::leaf(next, None)];
            self.heap_bytes = Self::heap_bytes_of(&self.nodes[0]);
            return;
        };
        // Copy the subtree into a new arena, breadth first, renumbering children.
        let mut order = vec![child];
        let mut i = 0;
        while i < order.len() {
            let old = order[i];
            order.extend(self.nodes[old].children.iter().copied());
            i += 1;
        }
        let mut new_index = vec![usize::MAX; self.nodes.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        let mut kept = Vec::with_capacity(order.len());
        for &old in &order {
            let mut node = self.nodes[old].clone();
            node.children = node.children.iter().map(|&c| new_index[c]).collect();
            kept.push(node);
        }
        kept[0].mv = None;
        self.heap_bytes = kept.iter().map(Self::heap_bytes_of).sum();
        self.nodes = kept;
    }

    /// Runs iterations until `time` or `max_iterations` runs out, or the stop flag is set
    /// (at least one iteration).
    /// A full tree stops growing and the search goes on (see the module's documentation);
    /// it also ends when the root's visit count would overflow.
    pub fn search(
        &mut self,
        time: Option<Duration>,
        max_iterations: Option<u64>,
    ) -> MctsResult<G::Move> {
        let start = Instant::now();
        let mut iterations = 0u64;
        let mut stopped = false;
        loop {
            self.iterate();
            iterations += 1;
            if max_iterations.is_some_and(|n| iterations >= n) {
                break;
            }
            if iterations.is_multiple_of(16) {
                stopped = (self.stop.as_ref()).is_some_and(|f| f.load(Ordering::Relaxed));
                if stopped || time.is_some_and(|t| start.elapsed() >= t) {
                    break;
                }
            }
            if time.is_none() && max_iterations.is_none() || self.nodes[0].visits == u32::MAX {
                break;
            }
        }
        let root = &self.nodes[0];
        let best = root
            .children
            .iter()
            .copied()
            .max_by_key(|&c| self.nodes[c].visits);
        let value = best.map_or(0.5, |c| {
            self.nodes[c].reward / f64::from(self.nodes[c].visits.max(1))
        });
        MctsResult {
            best_move: best
                .and_then(|c| self.nodes[c].mv)
                .or_else(|| root.untried.first().copied()),
            iterations,
            seconds: start.elapsed().as_secs_f64(),
            value,
            stopped,
        }
    }

    /// The line the tree expects, at most `plies` long: from the root, the most-visited
    /// child, then its most-visited child, and so on while the next node has been visited
    /// more than once (a node seen once is one random guess, not an expectation).
    pub fn principal_variation(&self, plies: usize) -> Vec<G::Move> {
        let mut line = Vec::new();
        let mut current = 0;
        while line.len() < plies {
            let best = self.nodes[current]
                .children
                .iter()
                .copied()
                .max_by_key(|&c| self.nodes[c].visits);
            let Some(best) = best else { break };
            let node = &self.nodes[best];
            if node.visits < 2 && !line.is_empty() {
                break;
            }
            let Some(mv) = node.mv else { break };
            line.push(mv);
            current = best;
        }
        line
    }

    /// Selection, expansion, a random playout, backpropagation.
    fn iterate(&mut self) {
        let mut path = vec![0];
        let mut current = 0;
        // Select through fully expanded nodes by UCT.
        while self.nodes[current].untried.is_empty() && !self.nodes[current].children.is_empty() {
            let parent_visits = f64::from(self.nodes[current].visits.max(1));
            current = *self.nodes[current]
                .children
                .iter()
                .max_by(|&&a, &&b| {
                    self.uct(a, parent_visits)
                        .total_cmp(&self.uct(b, parent_visits))
                })
                .expect("children exist");
            path.push(current);
        }
        // Expand one untried move, if the tree has room for its node (a full tree plays out
        // from `current` itself).
        if !self.nodes[current].untried.is_empty() {
            let untried = &self.nodes[current].untried;
            let index = self.rng.random_range(0..untried.len());
            let mv = untried[index];
            let position = self.nodes[current].position.play(mv);
            let leaf = Self::leaf(position, Some(mv));
            let heap = Self::heap_bytes_of(&leaf);
            if !self.reserve_node(heap) {
                return self.playout_and_backup(&path, current);
            }
            self.nodes[current].untried.swap_remove(index);
            self.nodes.push(leaf);
            self.heap_bytes += heap;
            let child = self.nodes.len() - 1;
            self.nodes[current].children.push(child);
            current = child;
            path.push(current);
        }
        self.playout_and_backup(&path, current);
    }

    /// The value of `current` (the leaf's evaluation, or a random playout's outcome),
    /// added to every node of `path`.
    fn playout_and_backup(&mut self, path: &[usize], current: usize) {
        let leaf = &self.nodes[current].position;
        // The chance that the first player wins.
        let first_wins = match self
            .leaf_value
            .and_then(|value| (!leaf.outcome().is_over()).then(|| value(leaf)).flatten())
        {
            Some(to_move) if leaf.side_to_move() == Player::First => to_move,
            Some(to_move) => 1.0 - to_move,
            None => reward(
                random_playout(leaf, &mut self.rng, MAX_PLAYOUT_PLIES).outcome,
                Player::First,
            ),
        };
        for &node in path {
            let node = &mut self.nodes[node];
            node.visits = node.visits.saturating_add(1);
            // The player who moved into this node is the one not to move in it.
            node.reward += match node.position.side_to_move().other() {
                Player::First => first_wins,
                Player::Second => 1.0 - first_wins,
            };
        }
    }

    fn uct(&self, child: usize, parent_visits: f64) -> f64 {
        let node = &self.nodes[child];
        let visits = f64::from(node.visits.max(1));
        node.reward / visits + EXPLORATION * (parent_visits.ln() / visits).sqrt()
    }
}

impl<G: Evaluate> Mcts<G> {
    /// Scores the leaves with the game's [`Evaluate::win_chance`] instead of random playouts,
    /// where the game has one (the engines' MCTS does this). Othello's learned evaluation
    /// judges a position better than one random game from it does.
    pub fn with_evaluated_leaves(mut self) -> Self {
        self.leaf_value = Some(|position: &G| position.win_chance());
        self
    }
}

fn reward(outcome: Outcome, player: Player) -> f64 {
    match outcome {
        Outcome::Win(winner) if winner == player => 1.0,
        Outcome::Win(_) => 0.0,
        Outcome::Draw | Outcome::Ongoing => 0.5,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alphabeta::tests::{PROMPTLY, Wide, flag_set_after};

    #[test]
    fn a_flag_set_from_another_thread_stops_a_search() {
        let (stop, setter) = flag_set_after(Duration::from_millis(50));
        let started = Instant::now();
        // The clock only ends the search if the flag fails to.
        let result = Mcts::new(Wide::start(), 1)
            .with_stop(stop)
            .search(Some(Duration::from_secs(60)), None);
        let took = started.elapsed();
        setter.join().unwrap();
        assert!(result.stopped, "{result:?}");
        assert!(took < PROMPTLY, "{took:?}");
        assert!(result.iterations > 0);
        assert!(result.best_move.is_some());
    }

    #[test]
    fn an_unset_flag_changes_nothing() {
        let mut plain = Mcts::new(Wide::start(), 7);
        let mut flagged = Mcts::new(Wide::start(), 7).with_stop(Arc::new(AtomicBool::new(false)));
        let (a, b) = (
            plain.search(None, Some(2_000)),
            flagged.search(None, Some(2_000)),
        );
        assert!(!a.stopped && !b.stopped);
        assert_eq!(
            (a.best_move, a.iterations, a.value.to_bits()),
            (b.best_move, b.iterations, b.value.to_bits())
        );
        assert_eq!(plain.node_count(), flagged.node_count());
    }
}
