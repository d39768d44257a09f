//! King-move neighbourhood masks, per square, for every geometry.

use anyhow::Result;

use crate::codegen::{SourceFile, array};
use crate::geometry::{ALL, Geometry};

/// The valid squares that are one king step from grid cell `i` (padding cells included, so a
/// table can be indexed by any bit of the grid).
pub fn neighbourhood(geometry: &Geometry, i: usize) -> Vec<usize> {
    let (grid_row, grid_col) = geometry.grid(i);
    let (row, col) = (grid_row - geometry.pad, grid_col - geometry.pad);
    let mut squares = Vec::new();
    for dr in -1..=1 {
        for dc in -1..=1 {
            if (dr, dc) != (0, 0) && geometry.on_board(row + dr, col + dc) {
                squares.push(geometry.index(row + dr, col + dc));
            }
        }
    }
    squares
}

pub fn generate() -> Result<String> {
    let mut file = SourceFile::new(
        "King-move neighbourhoods: for each bit index of a geometry, the board squares one step\n\
         away in any of the eight directions (the open neighbourhood: the square itself is not\n\
         included).",
    );
    for geometry in ALL {
        let entries = (0..geometry.indices)
            .map(|i| geometry.literal(neighbourhood(&geometry, i)))
            .collect::<Vec<_>>();
        file.static_item(
            &format!(
                "{}.\n\n\
                 Entry `i` is the set of board squares adjacent to bit `i`; entries for padding\n\
                 bits hold the board squares adjacent to that padding cell.",
                geometry.description
            ),
            &format!("{}_NEIGHBOURS", geometry.name),
            &format!("[{}; {}]", geometry.word_type(), geometry.indices),
            &array(entries),
        );
    }
    file.finish()
}
