//! The Amazons' hot operations as kernels of the shared check-and-time harness
//! ([`bitgames_bitboard::harness`]): the tests, `bitgames compare` and the criterion benches
//! all check and time [`kernels`].

use bitgames_bitboard::harness::{Answer, black_box};

use crate::kernels::{StrategyVisitor, for_each_strategy};
use crate::random::KernelInstance;
use crate::{Bitboard, DistanceLayers, Kernels, Naive};

bitgames_bitboard::operation! {
    /// One queen's reach.
    QueenReach<S: Kernels>(KernelInstance) -> Bitboard = "queen_reach",
    call |i| S::queen_reach(black_box(i.queen), black_box(i.occupied)),
    checksum |reach| reach.bits() as u64,
    answer |reach| Answer::set(*reach),
}

bitgames_bitboard::operation! {
    /// One queen move from all the side to move's queens at once.
    Fill<S: Kernels>(KernelInstance) -> Bitboard = "fill",
    call |i| S::fill(black_box(i.sources), black_box(!i.occupied)),
    checksum |fill| fill.bits() as u64,
    answer |fill| Answer::set(*fill),
}

bitgames_bitboard::operation! {
    /// Queen-move distances from all the side to move's queens.
    MinDistances<S: Kernels>(KernelInstance) -> DistanceLayers = "min_distances",
    call |i| S::min_distances(black_box(i.sources), black_box(!i.occupied)),
    checksum |layers| layers.len() as u64 ^ layers.layer(2).bits() as u64,
    answer |layers| Answer::layers(layers.layers().iter().copied()),
}

bitgames_bitboard::kernels! {
    instance KernelInstance; strategies Kernels; oracle Naive;
    QueenReach, Fill, MinDistances,
}
