//! Valid-square masks and per-direction edge masks for every geometry.

use anyhow::Result;

use crate::codegen::{SourceFile, array};
use crate::geometry::{ALL, DIRECTIONS, Geometry};

/// The board squares whose neighbour in direction (dr, dc) is also a board square: the
/// squares that may shift one step that way without wrapping or leaving the board.
pub fn edge_mask(geometry: &Geometry, dr: i32, dc: i32) -> Vec<usize> {
    geometry
        .squares()
        .filter(|&(_, row, col)| geometry.on_board(row + dr, col + dc))
        .map(|(i, _, _)| i)
        .collect()
}

pub fn generate() -> Result<String> {
    let mut file = SourceFile::new(
        "Board masks: the valid squares of each geometry, and per-direction edge masks.\n\n\
         Directions are indexed north, north-east, east, south-east, south, south-west, west,\n\
         north-west (0..8); north is towards row 0, the top row of a diagram. Shifting a set\n\
         one step in direction `d` is `(set & EDGE[d])` moved by `d`'s bit offset.",
    );
    for geometry in ALL {
        let word = geometry.word_type();
        file.constant(
            &format!(
                "{}.\n\nEvery board square of the geometry.",
                geometry.description
            ),
            &format!("{}_VALID", geometry.name),
            word,
            &geometry.literal(geometry.squares().map(|(i, _, _)| i)),
        );
        let masks = DIRECTIONS
            .iter()
            .map(|&(_, dr, dc)| geometry.literal(edge_mask(&geometry, dr, dc)))
            .collect::<Vec<_>>();
        file.constant(
            &format!(
                "{}.\n\n\
                 Entry `d` holds the board squares whose neighbour in direction `d` is a board\n\
                 square.",
                geometry.description
            ),
            &format!("{}_EDGE_MASKS", geometry.name),
            &format!("[{word}; 8]"),
            &array(masks),
        );
        let offsets = DIRECTIONS
            .iter()
            .map(|&(_, dr, dc)| (dr * geometry.stride + dc).to_string())
            .collect::<Vec<_>>();
        file.constant(
            &format!(
                "{}.\n\nEntry `d` is the bit offset of one step in direction `d`.",
                geometry.description
            ),
            &format!("{}_DIRECTION_OFFSETS", geometry.name),
            "[i32; 8]",
            &array(offsets),
        );
    }
    file.finish()
}
