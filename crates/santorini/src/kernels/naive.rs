//! The oracle: plain array code, written for clarity.

use super::{DistanceGrid, DistanceLayers, Kernels};
use crate::levels::grid_level;
use crate::{Bitboard, Cell, CellList, LevelGrid, Levels, Square};

bitgames_bitboard::strategy! {
    /// Array code: loop over the eight neighbour offsets with bounds and level checks; BFS with a
    /// queue for distances (a fixed array, not a heap-allocated deque, so the baseline is fair). Its core forms convert bitboards to an array and back.
    pub struct Naive: Naive, "naive", "25-cell array, neighbour offsets with bounds checks, BFS queue";
}

const OFFSETS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// The neighbours of `from` a worker may step to, in row-major order.
fn steps(from: Cell, grid: &LevelGrid) -> CellList {
    let climb_limit = grid_level(grid, from) + 1;
    let mut list = CellList::default();
    for (dr, dc) in OFFSETS {
        let row = from.row() as i8 + dr;
        let col = from.col() as i8 + dc;
        if !(1..=5).contains(&row) || !(1..=5).contains(&col) {
            continue;
        }
        let to = Cell::new(row as u8, col as u8).expect("checked bounds");
        let level = grid_level(grid, to);
        if level <= 3 && level <= climb_limit {
            list.push(to);
        }
    }
    list
}

fn bfs(from: Cell, grid: &LevelGrid) -> DistanceGrid {
    let mut distances = DistanceGrid([None; 25]);
    distances.0[from.index()] = Some(0);
    // Every cell is queued at most once, so a 25-slot array is a big enough queue.
    let mut queue = [from; 25];
    let (mut head, mut tail) = (0, 1);
    while head < tail {
        let cell = queue[head];
        head += 1;
        let next = distances.0[cell.index()].expect("queued cells have a distance") + 1;
        for &to in steps(cell, grid).as_slice() {
            if distances.0[to.index()].is_none() {
                distances.0[to.index()] = Some(next);
                queue[tail] = to;
                tail += 1;
            }
        }
    }
    distances
}

impl Kernels for Naive {
    fn move_to(from: Square, levels: &Levels) -> Bitboard {
        steps(from.into(), &levels.to_grid()).to_bitboard()
    }

    fn distances(from: Square, levels: &Levels) -> DistanceLayers {
        bfs(from.into(), &levels.to_grid()).to_layers()
    }

    fn move_to_cells(from: Cell, grid: &LevelGrid) -> CellList {
        steps(from, grid)
    }

    fn distances_grid(from: Cell, grid: &LevelGrid) -> DistanceGrid {
        bfs(from, grid)
    }
}
