//! Our own engines ([`Engine`]) behind the same interface as external programs: the engine
//! keeps its own position on the kernels it was asked for, follows the game by the moves'
//! text, and answers in the game's notation like any other engine. A game that is not the
//! one it followed (another line from the same root, as a UCI `position` command may send)
//! is followed again from the root.

use std::time::Duration;

use bitgames::AnyMove;
use bitgames_search::Evaluate;
use bitgames_search::engine::{Engine, EngineKind};

use super::{BoardEngine, Fault, GameSoFar};

/// One of our engines on the kernels of `G`.
pub(crate) struct Ours<G: Evaluate> {
    engine: Engine<G>,
    /// The engine's copy of the game: the position after the moves `followed`.
    position: G,
    followed: Vec<AnyMove>,
    root: G,
}

impl<G: Evaluate> std::fmt::Debug for Ours<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} after {} moves", self.engine, self.followed.len())
    }
}

impl<G: Evaluate> Ours<G> {
    pub(crate) fn new(kind: EngineKind, root: G, seed: u64) -> Self {
        Ours {
            engine: Engine::new(kind, seed),
            position: root,
            followed: Vec::new(),
            root,
        }
    }
}

impl<G: Evaluate> BoardEngine for Ours<G> {
    fn choose(&mut self, game: &GameSoFar<'_>, time: Duration) -> Result<String, Fault> {
        if !game.moves.starts_with(&self.followed) {
            // Another game, a take-back, or another line from the same root: start over.
            self.position = self.root;
            self.followed.clear();
        }
        for &any in &game.moves[self.followed.len()..] {
            let text = any.to_string();
            let mv = self
                .position
                .parse_move(&text)
                .map_err(|e| Fault::Failed(format!("cannot follow move {text}: {e}")))?;
            self.engine.observe(&self.position, mv);
            self.position = self.position.play(mv);
            self.followed.push(any);
        }
        self.engine
            .choose(&self.position, time)
            .map(|choice| choice.mv.to_string())
            .ok_or_else(|| Fault::Failed("found no move in an unfinished game".to_owned()))
    }
}
