//! What a search needs from a game beyond its rules: a static evaluation.

use crate::Game;

/// The score of a won game for the side to move, before the distance-to-mate adjustment.
/// Evaluations stay well inside `±WIN / 2`.
pub const WIN: i32 = 1_000_000;

/// A static evaluation for search.
pub trait Evaluate: Game {
    /// The position's value for the side to move, in the game's own unit (documented by each
    /// game), well inside `±WIN / 2`. Called only on positions that are not over.
    fn evaluate(&self) -> i32;

    /// Orders moves for alpha-beta (higher first), e.g. a capture or a win-in-one. The default
    /// keeps generation order.
    fn move_priority(&self, _mv: Self::Move) -> i32 {
        0
    }

    /// A move from the game's opening book, if it has one for this position. Engines play
    /// it instead of searching.
    fn book_move(&self) -> Option<Self::Move> {
        None
    }

    /// A best move found by the game's own exact means (an endgame solver) within about
    /// `time`, or `None` to search instead: the position is too far from the end, or the
    /// solve did not finish. Engines play it instead of searching; the default has none.
    fn exact_move(&self, time: std::time::Duration) -> Option<(Self::Move, i32)> {
        let _ = time;
        None
    }

    /// Multi-ProbCut's test for a `depth`-ply search of this position, or `None` (the
    /// default) for none. [`crate::AlphaBeta`] then first searches [`ProbCut::depth`]
    /// plies with null windows [`ProbCut::above`] beyond its beta and [`ProbCut::below`]
    /// beyond its alpha, and cuts when the shallow result already lies beyond one. Michael Buro's method
    /// ("Experiments with Multi-ProbCut and a new high-quality evaluation function for
    /// Othello", 1997): a deep search's score is about the shallow one's, with a spread the
    /// game measures, so a shallow score far enough outside the window predicts the deep one
    /// with a known confidence.
    fn probcut(&self, depth: u32) -> Option<ProbCut> {
        let _ = depth;
        None
    }

    /// The chance, in [0, 1], that the side to move wins from this position (a position
    /// that is not over), judged by the static evaluation: what MCTS's leaves score instead
    /// of a random playout ([`crate::Mcts::with_evaluated_leaves`]), or `None` (the default)
    /// to play out. Worth it for a game whose evaluation knows more than random play does.
    fn win_chance(&self) -> Option<f64> {
        None
    }
}

/// One Multi-ProbCut test: see [`Evaluate::probcut`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProbCut {
    /// The shallow search's depth in plies: less than the deep one's, and best of the same
    /// parity (even and odd depths differ in their bias towards the side to move).
    pub depth: u32,
    /// How far, in the evaluation's unit, the shallow score must lie above beta to cut: the
    /// mean shortfall of the deep score below the shallow one plus the spread of the
    /// difference times the confidence wanted.
    pub above: i32,
    /// How far the shallow score must lie below alpha to cut, likewise.
    pub below: i32,
}
