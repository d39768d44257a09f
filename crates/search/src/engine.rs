//! The engines a front end can seat — a random mover, alpha-beta and MCTS — over any game
//! with an evaluation, behind one [`Engine`] value so that `bitgames play`, `bitgames match`,
//! the web app and the Python bindings choose moves the same way.
//!
//! A person at a terminal or in a browser is not an engine: front ends handle their own
//! input and only ask an [`Engine`] when it is the machine's turn.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{AlphaBeta, Evaluate, Game, Limits, Mcts};

/// Which engine to seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EngineKind {
    /// Uniformly random legal moves.
    Random,
    /// Iterative-deepening alpha-beta with a transposition table (and the game's opening
    /// book where it has one).
    AlphaBeta,
    /// UCT Monte Carlo tree search with random playouts.
    Mcts,
}

impl EngineKind {
    /// Every engine, in the order front ends list them.
    pub const ALL: [EngineKind; 3] = [EngineKind::Random, EngineKind::AlphaBeta, EngineKind::Mcts];

    /// The name front ends use: `random`, `alphabeta`, `mcts`.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Random => "random",
            EngineKind::AlphaBeta => "alphabeta",
            EngineKind::Mcts => "mcts",
        }
    }
}

impl fmt::Display for EngineKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An engine name that is not one of [`EngineKind::ALL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownEngine(pub String);

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = EngineKind::ALL.iter().map(|k| k.name()).collect();
        write!(
            f,
            "unknown engine {:?}; choose one of: {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownEngine {}

impl FromStr for EngineKind {
    type Err = UnknownEngine;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        EngineKind::ALL
            .into_iter()
            .find(|kind| kind.name() == s)
            .ok_or_else(|| UnknownEngine(s.to_owned()))
    }
}

/// The move an engine chose, with a one-line report of its search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move to play.
    pub mv: M,
    /// e.g. `alphabeta: depth 9, score 12, 81234 nodes, 5800000 nodes/s`.
    pub info: String,
    /// The line the engine expects, the chosen move first: alpha-beta's principal variation
    /// of its last completed iteration; a book move's line while it stays in the book; a
    /// solve's perfect play as far as the rest of the time solves it; MCTS's most-visited
    /// line ([`Mcts::principal_variation`]). Empty where the engine has no line (the random
    /// mover, a better move found by an unfinished iteration).
    pub pv: Vec<M>,
}

/// One engine with whatever state it keeps between moves (the MCTS tree, the alpha-beta
/// transposition table, the random generator).
pub enum Engine<G: Game> {
    /// See [`EngineKind::Random`].
    Random(Xoshiro256PlusPlus),
    /// See [`EngineKind::AlphaBeta`].
    AlphaBeta(Box<AlphaBeta<G>>),
    /// See [`EngineKind::Mcts`]: the tree (built on first use) and the seed.
    Mcts(Option<Mcts<G>>, u64),
}

impl<G: Game> fmt::Debug for Engine<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kind().name())
    }
}

impl<G: Game> Engine<G> {
    /// Which engine this is.
    pub fn kind(&self) -> EngineKind {
        match self {
            Engine::Random(_) => EngineKind::Random,
            Engine::AlphaBeta(_) => EngineKind::AlphaBeta,
            Engine::Mcts(..) => EngineKind::Mcts,
        }
    }
}

impl<G: Evaluate> Engine<G> {
    /// A fresh engine of `kind`; `seed` makes the random mover and MCTS repeatable.
    pub fn new(kind: EngineKind, seed: u64) -> Self {
        match kind {
            EngineKind::Random => Engine::Random(Xoshiro256PlusPlus::seed_from_u64(seed)),
            EngineKind::AlphaBeta => Engine::AlphaBeta(Box::new(AlphaBeta::new(18))),
            EngineKind::Mcts => Engine::Mcts(None, seed),
        }
    }

    /// Picks a move for the side to move within about `time`, or `None` when the game is
    /// over (there is nothing to choose).
    pub fn choose(&mut self, position: &G, time: Duration) -> Option<Choice<G::Move>> {
        if position.outcome().is_over() {
            return None;
        }
        match self {
            Engine::Random(rng) => {
                let mv = position.random_move(rng)?;
                Some(Choice {
                    mv,
                    info: "random".to_owned(),
                    pv: Vec::new(),
                })
            }
            Engine::AlphaBeta(searcher) => {
                if let Some(mv) = position.book_move() {
                    return Some(Choice {
                        mv,
                        info: "alphabeta: book move".to_owned(),
                        pv: book_line(position, mv),
                    });
                }
                // An exact solve gets half the time; if it does not finish, the search
                // gets what is left.
                let started = web_time::Instant::now();
                if let Some((mv, score)) = position.exact_move(time / 2) {
                    return Some(Choice {
                        mv,
                        info: format!("alphabeta: solved, final margin {score}"),
                        pv: solved_line(position, mv, time.saturating_sub(started.elapsed())),
                    });
                }
                let left = time.saturating_sub(started.elapsed());
                let result = searcher.search(position, Limits::time(left));
                let info = format!(
                    "alphabeta: depth {}, score {}, {} nodes, {:.0} nodes/s",
                    result.depth,
                    result.score,
                    result.nodes,
                    result.nodes_per_second()
                );
                let mv = result.best_move?;
                // A better move found by an unfinished iteration has no line of its own.
                let pv = if result.pv.first() == Some(&mv) {
                    result.pv
                } else {
                    Vec::new()
                };
                Some(Choice { mv, info, pv })
            }
            Engine::Mcts(tree, seed) => {
                if tree.as_ref().is_none_or(|t| t.root() != position) {
                    *tree = Some(Mcts::new(*position, *seed).with_evaluated_leaves());
                }
                let tree = tree.as_mut()?;
                let result = tree.search(Some(time), None);
                let info = format!(
                    "mcts: {} iterations, value {:.2}",
                    result.iterations, result.value
                );
                let mv = result.best_move?;
                let pv = tree.principal_variation(PV_PLIES);
                let pv = if pv.first() == Some(&mv) {
                    pv
                } else {
                    vec![mv]
                };
                Some(Choice { mv, info, pv })
            }
        }
    }

    /// Tells the engine a move was played from `before` (MCTS keeps the subtree).
    pub fn observe(&mut self, before: &G, mv: G::Move) {
        if let Engine::Mcts(tree, seed) = self {
            match tree {
                Some(t) if t.root() == before => t.advance(mv),
                _ => *self = Engine::Mcts(None, *seed),
            }
        }
    }
}

/// The longest line an engine reports, in plies (a book or solve line, MCTS's).
const PV_PLIES: usize = 16;

/// The book's line from `position` after `mv`: the move and the book's replies while the
/// book has one (at most [`PV_PLIES`]).
fn book_line<G: Evaluate>(position: &G, mv: G::Move) -> Vec<G::Move> {
    let mut line = vec![mv];
    let mut next = position.play(mv);
    while line.len() < PV_PLIES && !next.outcome().is_over() {
        let Some(reply) = next.book_move() else { break };
        line.push(reply);
        next = next.play(reply);
    }
    line
}

/// A solve's line from `position` after `mv`: each following position solved in turn
/// within what is left of `time`, until a solve does not finish or the game ends (at most
/// [`PV_PLIES`]; a solve after the first is smaller, so the line usually completes).
fn solved_line<G: Evaluate>(position: &G, mv: G::Move, time: Duration) -> Vec<G::Move> {
    let started = web_time::Instant::now();
    let mut line = vec![mv];
    let mut next = position.play(mv);
    while line.len() < PV_PLIES && !next.outcome().is_over() {
        let left = time.saturating_sub(started.elapsed());
        if left.is_zero() {
            break;
        }
        let Some((reply, _)) = next.exact_move(left) else {
            break;
        };
        line.push(reply);
        next = next.play(reply);
    }
    line
}
