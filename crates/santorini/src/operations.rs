//! Santorini's hot operations as kernels of the shared check-and-time harness
//! ([`bitgames_bitboard::harness`]): the tests, `bitgames compare` and the criterion benches
//! all check and time [`kernels`].
//!
//! Each operation comes in two forms (see [`Kernels`]): the list form of the design notes
//! (labelled with the strategy's name) and the core bitboard form (`<name>-core`; for
//! [`Naive`], `naive-with-conversions`).

use bitgames_bitboard::harness::{Answer, black_box};

use crate::instances::Instance;
use crate::kernels::{StrategyVisitor, for_each_strategy};
use crate::{Bitboard, Cell, CellList, DistanceGrid, DistanceLayers, Kernels, Naive, Square};

bitgames_bitboard::operation! {
    /// `move_to` in list form: cells in, cells out.
    MoveToCells<S: Kernels>(Instance) -> CellList = "move_to",
    call |i| S::move_to_cells(black_box(i.from), black_box(&i.grid)),
    checksum |cells| cells.as_slice().len() as u64,
    answer |cells| Answer::set(cells.as_slice().iter().fold(Bitboard::EMPTY, |set, &cell| {
        set | Bitboard::from(Square::from(cell))
    })),
    label = S::list_form_id(),
}

bitgames_bitboard::operation! {
    /// `move_to` on bitboards.
    MoveTo<S: Kernels>(Instance) -> Bitboard = "move_to",
    call |i| S::move_to(black_box(i.square), black_box(&i.levels)),
    checksum |moves| moves.bits(),
    answer |moves| Answer::set(*moves),
    label = S::core_form_id(),
}

bitgames_bitboard::operation! {
    /// `distances` in list form: a grid of distances.
    DistancesGrid<S: Kernels>(Instance) -> DistanceGrid = "distances",
    call |i| S::distances_grid(black_box(i.from), black_box(&i.grid)),
    checksum |grid| grid.0.iter().map(|d| u64::from(d.unwrap_or(99))).sum(),
    answer |grid| Answer::layers(grid_layers(grid)),
    label = S::list_form_id(),
}

bitgames_bitboard::operation! {
    /// `distances` on bitboards, as layers.
    Distances<S: Kernels>(Instance) -> DistanceLayers = "distances",
    call |i| S::distances(black_box(i.square), black_box(&i.levels)),
    checksum |layers| (layers.len() as u64) ^ layers.reachable().bits(),
    answer |layers| Answer::layers(layers.layers().iter().copied()),
    label = S::core_form_id(),
}

/// A grid of distances as layers: layer `k` holds the cells at distance `k`.
fn grid_layers(grid: &DistanceGrid) -> Vec<Bitboard> {
    let mut layers = Vec::new();
    for (index, distance) in grid.0.iter().enumerate() {
        if let Some(distance) = *distance {
            let k = usize::from(distance);
            if layers.len() <= k {
                layers.resize(k + 1, Bitboard::EMPTY);
            }
            layers[k] |= Bitboard::from(Square::from(Cell::from_index(index)));
        }
    }
    layers
}

bitgames_bitboard::kernels! {
    instance Instance; strategies Kernels; oracle Naive;
    MoveToCells, MoveTo, DistancesGrid, Distances,
}
