//! Othello's hot operations as kernels of the shared check-and-time harness
//! ([`bitgames_bitboard::harness`]): the tests, `bitgames compare` and the criterion benches
//! all check and time [`kernels`].

use bitgames_bitboard::harness::{Answer, black_box};

use crate::random::KernelInstance;
use crate::{Bitboard, Kernels, Naive, StrategyVisitor, for_each_strategy};

bitgames_bitboard::operation! {
    /// The side to move's legal moves.
    LegalMoves<S: Kernels>(KernelInstance) -> u64 = "legal_moves",
    call |i| S::legal_moves(black_box(i.player), black_box(i.opponent)),
    checksum |moves| moves,
    answer |moves| Answer::set(Bitboard::from_bits_truncate(*moves)),
}

bitgames_bitboard::operation! {
    /// The discs a move on the instance's square flips.
    Flips<S: Kernels>(KernelInstance) -> u64 = "flips",
    call |i| S::flips(black_box(i.player), black_box(i.opponent), black_box(i.square)),
    checksum |flips| flips,
    answer |flips| Answer::set(Bitboard::from_bits_truncate(*flips)),
}

bitgames_bitboard::operation! {
    /// Perft's last two plies: the replies after each of the side to move's legal moves.
    CountReplies<S: Kernels>(KernelInstance) -> u64 = "count_replies",
    call |i| count_replies_after_each_move::<S>(black_box(i.player), black_box(i.opponent)),
    checksum |count| count,
    answer |count| Answer::Count(*count),
}

/// [`Kernels::count_replies`] over every legal move of (`player`, `opponent`).
#[inline(always)]
fn count_replies_after_each_move<S: Kernels>(player: u64, opponent: u64) -> u64 {
    let mut squares = [0u64; crate::MAX_MOVES];
    let mut moves = S::legal_moves(player, opponent);
    let mut n = 0;
    while moves != 0 {
        squares[n] = moves & moves.wrapping_neg();
        moves &= moves - 1;
        n += 1;
    }
    let (players, opponents) = ([player; crate::MAX_MOVES], [opponent; crate::MAX_MOVES]);
    S::count_replies(&players[..n], &opponents[..n], &squares[..n])
}

bitgames_bitboard::kernels! {
    instance KernelInstance; strategies Kernels; oracle Naive;
    LegalMoves, Flips, CountReplies,
}
