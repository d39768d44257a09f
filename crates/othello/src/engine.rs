//! The hooks the generic search needs, from [`crate::eval`].

use std::time::Duration;

use bitgames_search::{Evaluate, ProbCut};

use crate::{Kernels, Move, Position};

/// The most empty squares at which engines try the exact solver before searching: about a
/// second's solve at 22 (FFO #41, #42), a few milliseconds at 16.
pub(crate) const EXACT_EMPTIES: usize = 20;

/// Discs of predicted margin per factor of e in the odds of winning, for MCTS's leaves: a
/// 5-disc lead is a 73% chance, 10 discs 88%.
const WIN_CHANCE_SCALE: f64 = 5.0;

/// From the side to move's point of view, in hundredths of a disc: the learned evaluation
/// ([`crate::learned`], weights per phase of the game) everywhere. The hand-written terms
/// ([`crate::eval`]) stay as the named baseline it is measured against.
impl<S: Kernels> Evaluate for Position<S> {
    fn evaluate(&self) -> i32 {
        crate::learned::evaluate(self)
    }

    fn move_priority(&self, mv: Move) -> i32 {
        crate::eval::move_priority(self, mv)
    }

    /// The endgame solver's move (see [`crate::solver`]) from 20 empty
    /// squares on, with the solver's final disc difference; `None` when the solve does not
    /// finish within `time`.
    fn exact_move(&self, time: Duration) -> Option<(Move, i32)> {
        if self.empty_squares().len() > EXACT_EMPTIES {
            return None;
        }
        use crate::solver::{Limits, Options, Solver};
        // A table of 2^18 entries: allocated and cleared in well under a millisecond, and
        // plenty for the few million nodes of a solve from 20 empties.
        let mut solver = Solver::new(Options {
            table_bits: 18,
            ..Options::default()
        });
        let solution = solver.solve(self, Limits::time(time)).ok()?;
        Some((solution.best_move?, solution.score))
    }

    /// Multi-ProbCut with the spreads measured for the learned evaluation
    /// ([`crate::probcut`]).
    fn probcut(&self, depth: u32) -> Option<ProbCut> {
        crate::probcut::probcut(self.empty_squares().len() as u32, depth)
    }

    /// The learned evaluation as a chance of winning for MCTS's leaves: a logistic curve
    /// of the disc margin it predicts, 5 discs to a factor of e in the odds.
    fn win_chance(&self) -> Option<f64> {
        let discs = f64::from(crate::learned::evaluate(self)) / f64::from(crate::eval::DISC);
        Some(1.0 / (1.0 + (-discs / WIN_CHANCE_SCALE).exp()))
    }

    /// The opening book (see [`crate::book`]), when the crate is built with it.
    fn book_move(&self) -> Option<Move> {
        #[cfg(feature = "book")]
        {
            crate::book::lookup(self)
        }
        #[cfg(not(feature = "book"))]
        {
            None
        }
    }
}
