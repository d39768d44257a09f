//! Santorini's hot operations as kernels of the shared check-and-time harness
//! ([`bitgames_bitboard::harness`]): the tests, `bitgames compare` and the criterion benches
//! all check and time [`kernels`].
//!
//! Each operation comes in two forms (see [`Kernels`]): the list form of the design notes
//! (labelled with the strategy's name) and the core bitboard form (`<name>-core`; for
//! [`Naive`], `naive-with-conversions`).

use bitgames_bitboard::harness::black_box;

use crate::instances::Instance;
use crate::{Bitboard, CellList, DistanceGrid, DistanceLayers, Kernels, Naive};
use crate::{StrategyVisitor, for_each_strategy};

bitgames_bitboard::operation! {
    /// `move_to` in list form: cells in, cells out.
    MoveToCells<S: Kernels>(Instance) -> CellList = "move_to",
    call |i| S::move_to_cells(black_box(i.from), black_box(&i.grid)),
    checksum |cells| cells.as_slice().len() as u64,
    label = S::list_form_id(),
}

bitgames_bitboard::operation! {
    /// `move_to` on bitboards.
    MoveTo<S: Kernels>(Instance) -> Bitboard = "move_to",
    call |i| S::move_to(black_box(i.square), black_box(&i.levels)),
    checksum |moves| moves.bits(),
    label = S::core_form_id(),
}

bitgames_bitboard::operation! {
    /// `distances` in list form: a grid of distances.
    DistancesGrid<S: Kernels>(Instance) -> DistanceGrid = "distances",
    call |i| S::distances_grid(black_box(i.from), black_box(&i.grid)),
    checksum |grid| grid.0.iter().map(|d| u64::from(d.unwrap_or(99))).sum(),
    label = S::list_form_id(),
}

bitgames_bitboard::operation! {
    /// `distances` on bitboards, as layers.
    Distances<S: Kernels>(Instance) -> DistanceLayers = "distances",
    call |i| S::distances(black_box(i.square), black_box(&i.levels)),
    checksum |layers| (layers.len() as u64) ^ layers.reachable().bits(),
    label = S::core_form_id(),
}

bitgames_bitboard::kernels! {
    instance Instance; strategies Kernels; oracle Naive;
    MoveToCells, MoveTo, DistancesGrid, Distances,
}
