//! Monte Carlo tree search (UCT) with random playouts, seeded; the tree is kept between moves.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{Game, Outcome, Player, random_playout};

/// UCT's exploration constant (√2, the textbook value for rewards in [0, 1]).
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// Playouts longer than this are scored as a draw.
const MAX_PLAYOUT_PLIES: u32 = 1_000;

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
}

/// A UCT searcher that owns its tree.
#[derive(Debug)]
pub struct Mcts<G: Game> {
    nodes: Vec<Node<G>>,
    rng: Xoshiro256PlusPlus,
}

impl<G: Game> Mcts<G> {
    /// A tree holding only `root`; `seed` seeds the expansion order and the playouts, so a search
    /// with an iteration limit is reproducible.
    pub fn new(root: G, seed: u64) -> Self {
        Mcts {
            nodes: vec![Self::leaf(root, None)],
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
        }
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
            return;
        };
        // Copy the subtree into a new arena, breadth first, renumbering children.
        let mut kept = Vec::new();
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
        for &old in &order {
            let mut node = self.nodes[old].clone();
            node.children = node.children.iter().map(|&c| new_index[c]).collect();
            kept.push(node);
        }
        kept[0].mv = None;
        self.nodes = kept;
    }

    /// Runs iterations until `time` or `max_iterations` runs out (at least one iteration).
    pub fn search(
        &mut self,
        time: Option<Duration>,
        max_iterations: Option<u64>,
    ) -> MctsResult<G::Move> {
        let start = Instant::now();
        let mut iterations = 0u64;
        loop {
            self.iterate();
            iterations += 1;
            if max_iterations.is_some_and(|n| iterations >= n)
                || (iterations.is_multiple_of(16) && time.is_some_and(|t| start.elapsed() >= t))
            {
                break;
            }
            if time.is_none() && max_iterations.is_none() {
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
        }
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
        // Expand one untried move.
        if !self.nodes[current].untried.is_empty() {
            let untried = &mut self.nodes[current].untried;
            let mv = untried.swap_remove(self.rng.random_range(0..untried.len()));
            let position = self.nodes[current].position.play(mv);
            self.nodes.push(Self::leaf(position, Some(mv)));
            let child = self.nodes.len() - 1;
            self.nodes[current].children.push(child);
            current = child;
            path.push(current);
        }
        let outcome = random_playout(
            &self.nodes[current].position,
            &mut self.rng,
            MAX_PLAYOUT_PLIES,
        )
        .outcome;
        for &node in &path {
            let node = &mut self.nodes[node];
            node.visits += 1;
            // The player who moved into this node is the one not to move in it.
            let mover = node.position.side_to_move().other();
            node.reward += reward(outcome, mover);
        }
    }

    fn uct(&self, child: usize, parent_visits: f64) -> f64 {
        let node = &self.nodes[child];
        let visits = f64::from(node.visits.max(1));
        node.reward / visits + EXPLORATION * (parent_visits.ln() / visits).sqrt()
    }
}

fn reward(outcome: Outcome, player: Player) -> f64 {
    match outcome {
        Outcome::Win(winner) if winner == player => 1.0,
        Outcome::Win(_) => 0.0,
        Outcome::Draw | Outcome::Ongoing => 0.5,
    }
}
