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
}
