//! Othello's hot operations as kernels of the shared check-and-time harness
//! ([`bitgames_bitboard::harness`]): the tests, `bitgames compare` and the criterion benches
//! all check and time [`kernels`].

use bitgames_bitboard::harness::black_box;

use crate::random::KernelInstance;
use crate::{Kernels, Naive, StrategyVisitor, for_each_strategy};

bitgames_bitboard::operation! {
    /// The side to move's legal moves.
    LegalMoves<S: Kernels>(KernelInstance) -> u64 = "legal_moves",
    call |i| S::legal_moves(black_box(i.player), black_box(i.opponent)),
    checksum |moves| moves,
}

bitgames_bitboard::operation! {
    /// The discs a move on the instance's square flips.
    Flips<S: Kernels>(KernelInstance) -> u64 = "flips",
    call |i| S::flips(black_box(i.player), black_box(i.opponent), black_box(i.square)),
    checksum |flips| flips,
}

bitgames_bitboard::kernels! {
    instance KernelInstance; strategies Kernels; oracle Naive;
    LegalMoves, Flips,
}
