//! Othello's hot operations as kernels of the shared check-and-time harness
//! ([`bitgames_bitboard::harness`]): the tests, `bitgames compare` and the criterion benches
//! all check and time [`kernels`].

use bitgames_bitboard::harness::{Answer, black_box};

use crate::kernels::{StrategyVisitor, for_each_strategy};
use crate::random::KernelInstance;
use crate::{Bitboard, Kernels, Naive};

bitgames_bitboard::operation! {
    /// The side to move's legal moves.
    LegalMoves<S: Kernels>(KernelInstance) -> Bitboard = "legal_moves",
    call |i| S::legal_moves(black_box(i.player), black_box(i.opponent)),
    checksum |moves| moves.bits(),
    answer |moves| Answer::set(*moves),
}

bitgames_bitboard::operation! {
    /// The discs a move on the instance's square flips.
    Flips<S: Kernels>(KernelInstance) -> Bitboard = "flips",
    call |i| S::flips(black_box(i.player), black_box(i.opponent), black_box(i.square)),
    checksum |flips| flips.bits(),
    answer |flips| Answer::set(*flips),
}

bitgames_bitboard::operation! {
    /// Perft's last two plies: the replies after each of the side to move's legal moves.
    CountReplies<S: Kernels>(KernelInstance) -> u64 = "count_replies",
    call |i| count_replies_after_each_move::<S>(black_box(i.player), black_box(i.opponent)),
    checksum |count| count,
    answer |count| Answer::Count(*count),
}

bitgames_bitboard::operation! {
    /// The discs a move on the instance's square would flip were it the only empty square
    /// (every other square not the side to move's is the opponent's): the endgame
    /// solver's last ply.
    CountLastFlips<S: Kernels>(KernelInstance) -> u32 = "count_last_flips",
    call |i| S::count_last_flips(black_box(i.player), black_box(i.square)),
    checksum |count| u64::from(count),
    answer |count| Answer::Count(u64::from(*count)),
}

/// [`Kernels::count_replies`] over every legal move of (`player`, `opponent`).
#[inline(always)]
fn count_replies_after_each_move<S: Kernels>(player: Bitboard, opponent: Bitboard) -> u64 {
    let mut squares = [Bitboard::EMPTY; crate::MAX_MOVES];
    let mut n = 0;
    for square in S::legal_moves(player, opponent) {
        squares[n] = square.bitboard();
        n += 1;
    }
    let (players, opponents) = ([player; crate::MAX_MOVES], [opponent; crate::MAX_MOVES]);
    S::count_replies(&players[..n], &opponents[..n], &squares[..n])
}

bitgames_bitboard::kernels! {
    instance KernelInstance; strategies Kernels; oracle Naive;
    LegalMoves, Flips, CountReplies, CountLastFlips,
}
