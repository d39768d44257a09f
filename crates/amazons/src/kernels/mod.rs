//! The hot operations, declared once in [`Kernels`], and the list of strategies.

use bitgames_bitboard::{Direction, Strategy};

use crate::{Bitboard, DistanceLayers, Position, Square};

pub use table::table_portable_reach;

bitgames_bitboard::strategies! {
    kernels: Kernels;
    naive::Naive,
    shift::Shift,
    galloping::Galloping,
    kogge_stone::KoggeStone,
    table::Table,
}

bitgames_search::game_family!(Position, Kernels, crate::Fastest);

/// Amazons' hot operations on the 11-bits-a-row `u128` board. Every strategy gives identical
/// answers (proven by the tests).
pub trait Kernels: Strategy {
    /// The squares a queen on `from` reaches in one move: along the eight lines, up to the
    /// first occupied square (queen or arrow). Fill strategies answer it as a fill from the
    /// one square (the default); others override it with something cheaper.
    #[inline(always)]
    fn queen_reach(from: Square, occupied: Bitboard) -> Bitboard {
        Self::fill(from.bitboard(), !occupied)
    }

    /// The number of squares [`Kernels::queen_reach`] returns: perft's bulk count of arrow
    /// squares. Strategies may count without building the set.
    #[inline]
    fn queen_mobility(from: Square, occupied: Bitboard) -> u32 {
        Self::queen_reach(from, occupied).len() as u32
    }

    /// Set-wise: every square one queen move from any of `sources`, moving through `empty`
    /// squares only (the sources themselves need not be empty).
    fn fill(sources: Bitboard, empty: Bitboard) -> Bitboard;

    /// Queen-move distances from `sources` over `empty` squares, as layers: layer `k` holds
    /// the empty squares exactly `k` queen moves away (layer 0 is the sources).
    fn min_distances(sources: Bitboard, empty: Bitboard) -> DistanceLayers {
        let mut layers = DistanceLayers::new(sources);
        let mut reached = sources;
        let mut frontier = sources;
        loop {
            frontier = Self::fill(frontier, empty) - reached;
            if frontier.is_empty() {
                return layers;
            }
            reached |= frontier;
            layers.push(frontier);
        }
    }
}

/// One raw step in direction `D` (index into [`Direction::ALL`]); bits that leave a row land
/// on the guard column or beyond the board, so masking with empty squares discards them.
#[inline(always)]
pub(crate) const fn step<const D: usize>(bits: u128, times: u32) -> u128 {
    let offset = Direction::ALL[D].offset(11) * times as i32;
    if offset > 0 {
        bits << offset
    } else {
        bits >> -offset
    }
}

pub(crate) use bitgames_bitboard::all_directions;
