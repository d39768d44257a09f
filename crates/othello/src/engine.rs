//! The hooks the generic search needs, from [`crate::eval`].

use bitgames_search::Evaluate;

use crate::{Kernels, Move, Position};

/// From the side to move's point of view, in hundredths of a disc: see [`crate::eval`].
impl<S: Kernels> Evaluate for Position<S> {
    fn evaluate(&self) -> i32 {
        crate::eval::evaluate(self)
    }

    fn move_priority(&self, mv: Move) -> i32 {
        crate::eval::move_priority(self, mv)
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
