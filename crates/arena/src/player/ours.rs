//! Our own engines ([`Engine`]) behind the same interface as external programs: the engine
//! keeps its own position on the kernels it was asked for, follows the game by the moves'
//! text, and answers in the game's notation like any other engine.

use std::time::Duration;

use bitgames_search::Evaluate;
use bitgames_search::engine::{Engine, EngineKind};

use super::{BoardEngine, Fault, GameSoFar};

/// One of our engines on the kernels of `G`.
pub(crate) struct Ours<G: Evaluate> {
    engine: Engine<G>,
    /// The engine's copy of the game: the position after the first `seen` moves.
    position: G,
    seen: usize,
    root: G,
}

impl<G: Evaluate> std::fmt::Debug for Ours<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} after {} moves", self.engine, self.seen)
    }
}

impl<G: Evaluate> Ours<G> {
    pub(crate) fn new(kind: EngineKind, root: G, seed: u64) -> Self {
        Ours {
            engine: Engine::new(kind, seed),
            position: root,
            seen: 0,
            root,
        }
    }
}

impl<G: Evaluate> BoardEngine for Ours<G> {
    fn choose(&mut self, game: &GameSoFar<'_>, time: Duration) -> Result<String, Fault> {
        if game.moves.len() < self.seen {
            // Another game, or a take-back: start over from the root.
            self.position = self.root;
            self.seen = 0;
        }
        for mv in &game.moves[self.seen..] {
            let text = mv.to_string();
            let mv = self
                .position
                .parse_move(&text)
                .map_err(|e| Fault::Failed(format!("cannot follow move {text}: {e}")))?;
            self.engine.observe(&self.position, mv);
            self.position = self.position.play(mv);
            self.seen += 1;
        }
        self.engine
            .choose(&self.position, time)
            .map(|choice| choice.mv.to_string())
            .ok_or_else(|| Fault::Failed("found no move in an unfinished game".to_owned()))
    }
}
