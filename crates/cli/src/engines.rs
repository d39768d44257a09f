//! The players `bitgames play` and `bitgames match` can seat: a person at the terminal, a
//! random mover, alpha-beta and MCTS, over any game with an evaluation.

use std::io::{BufRead, Write};
use std::time::Duration;

use anyhow::{Result, bail};
use bitgames_search::{AlphaBeta, Evaluate, Game, Limits, Mcts};
use clap::ValueEnum;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    /// A person typing moves at the terminal.
    Human,
    /// Uniformly random legal moves.
    Random,
    /// Iterative-deepening alpha-beta with a transposition table.
    Alphabeta,
    /// UCT Monte Carlo tree search with random playouts.
    Mcts,
}

impl EngineKind {
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::Human => "human",
            EngineKind::Random => "random",
            EngineKind::Alphabeta => "alphabeta",
            EngineKind::Mcts => "mcts",
        }
    }
}

/// One seat at the table, with whatever state its engine keeps between moves.
pub enum Engine<G: Game> {
    Human,
    Random(Xoshiro256PlusPlus),
    AlphaBeta(Box<AlphaBeta<G>>),
    Mcts(Option<Mcts<G>>, u64),
}

impl<G: Evaluate> Engine<G> {
    pub fn new(kind: EngineKind, seed: u64) -> Self {
        match kind {
            EngineKind::Human => Engine::Human,
            EngineKind::Random => Engine::Random(Xoshiro256PlusPlus::seed_from_u64(seed)),
            EngineKind::Alphabeta => Engine::AlphaBeta(Box::new(AlphaBeta::new(18))),
            EngineKind::Mcts => Engine::Mcts(None, seed),
        }
    }

    /// Picks a move for the side to move (the game must not be over), with a one-line
    /// report of the search.
    pub fn choose(
        &mut self,
        position: &G,
        time: Duration,
        input: &mut dyn BufRead,
        output: &mut dyn Write,
    ) -> Result<(G::Move, String)> {
        match self {
            Engine::Human => loop {
                write!(output, "your move: ")?;
                output.flush()?;
                let mut line = String::new();
                if input.read_line(&mut line)? == 0 {
                    bail!("input ended before the game did");
                }
                match position.parse_move(line.trim()) {
                    Ok(mv) => return Ok((mv, String::new())),
                    Err(err) => writeln!(output, "{err}; try again")?,
                }
            },
            Engine::Random(rng) => {
                let mv = position.random_move(rng).expect("the game is not over");
                Ok((mv, "random".to_owned()))
            }
            Engine::AlphaBeta(searcher) => {
                if let Some(mv) = position.book_move() {
                    return Ok((mv, "alphabeta: book move".to_owned()));
                }
                let result = searcher.search(position, Limits::time(time));
                let mv = result.best_move.expect("the game is not over");
                let info = format!(
                    "alphabeta: depth {}, score {}, {} nodes, {:.0} nodes/s",
                    result.depth,
                    result.score,
                    result.nodes,
                    result.nodes_per_second()
                );
                Ok((mv, info))
            }
            Engine::Mcts(tree, seed) => {
                if tree.as_ref().is_none_or(|t| t.root() != position) {
                    *tree = Some(Mcts::new(*position, *seed));
                }
                let tree = tree.as_mut().expect("just set");
                let result = tree.search(Some(time), None);
                let mv = result.best_move.expect("the game is not over");
                let info = format!(
                    "mcts: {} iterations, value {:.2}",
                    result.iterations, result.value
                );
                Ok((mv, info))
            }
        }
    }

    /// Tells the engine a move was played from `before` (MCTS keeps the subtree).
    pub fn observe(&mut self, before: &G, mv: G::Move) {
        if let Engine::Mcts(Some(tree), _) = self {
            if tree.root() == before {
                tree.advance(mv);
            } else {
                *self = Engine::Mcts(None, self.seed());
            }
        }
    }

    fn seed(&self) -> u64 {
        match self {
            Engine::Mcts(_, seed) => *seed,
            _ => 0,
        }
    }
}
