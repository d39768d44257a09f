//! The hot operations, declared once in [`Kernels`], and the list of strategies.

use bitgames_bitboard::{Direction, Strategy};

use crate::{Bitboard, DistanceLayers, Position, Square};

mod galloping;
mod kogge_stone;
mod naive;
mod shift;
mod table;

pub use galloping::Galloping;
pub use kogge_stone::KoggeStone;
pub use naive::Naive;
pub use shift::Shift;
pub use table::Table;
pub use table::table_portable_reach;

bitgames_bitboard::strategies! {
    game: "amazons";
    kernels: Kernels;
    fastest: crate::Fastest;
    position: Position, task: bitgames_search::PositionTask;
    Naive,
    Shift,
    Galloping,
    KoggeStone,
    Table,
}

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

    /// Perft's bulk count of arrows: the sum over `destinations` (empty squares) of the
    /// squares a queen there reaches through `occupied` ([`Kernels::queen_mobility`] of
    /// each), `occupied` no longer holding the square the moving queen left. The default
    /// counts all destinations at once, by rays (a few shifts and popcounts per step of
    /// every direction instead of a reach per destination); the naive strategy asks each
    /// destination, which is what the tests hold the default to.
    #[inline]
    fn count_arrows(destinations: Bitboard, occupied: Bitboard) -> u64 {
        count_arrows_by_rays(destinations.bits(), (!occupied).bits())
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

/// [`Kernels::count_arrows`] for all destinations at once, by rays: in each direction,
/// the destinations with at least `k` empty squares in a row that way are
/// `destinations & clear_k`, where `clear_k` (the squares whose next `k` squares that way
/// are empty) is `clear_{k-1}` stepped back once through the empty squares; summing their
/// counts over `k` counts every (destination, arrow square) pair along the direction. A few
/// shifts and popcounts per step replace a reach lookup per destination.
#[inline(always)]
pub(crate) fn count_arrows_by_rays(destinations: u128, empty: u128) -> u64 {
    /// The count along direction `D`, stepping back the opposite way `B`.
    #[inline(always)]
    fn along<const D: usize, const B: usize>(destinations: u128, empty: u128) -> u64 {
        debug_assert_eq!(B, (D + 4) % 8);
        let mut total = 0;
        let mut clear = step::<B>(empty, 1);
        loop {
            let counted = clear & destinations;
            if counted == 0 {
                return total;
            }
            total += u64::from(counted.count_ones());
            clear = step::<B>(clear & empty, 1);
        }
    }
    along::<0, 4>(destinations, empty)
        + along::<1, 5>(destinations, empty)
        + along::<2, 6>(destinations, empty)
        + along::<3, 7>(destinations, empty)
        + along::<4, 0>(destinations, empty)
        + along::<5, 1>(destinations, empty)
        + along::<6, 2>(destinations, empty)
        + along::<7, 3>(destinations, empty)
}
