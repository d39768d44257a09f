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
}
