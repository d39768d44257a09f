//! The oracle: array walks and an array BFS.

use bitgames_bitboard::Direction;

use super::Kernels;
use crate::{Bitboard, DistanceLayers, Square};

bitgames_bitboard::strategy! {
    /// A 100-cell array; queen moves walk each direction square by square; distances by BFS
    /// with a queue.
    pub struct Naive: Naive, "naive", "100-cell array walks, BFS with a queue";
}

fn cells(set: Bitboard) -> [bool; 100] {
    core::array::from_fn(|i| {
        let square = Square::from_index(i).expect("i < 100");
        set.contains(square)
    })
}

/// Squares reachable from (row, col) over `open` cells, as row-major indices.
fn walk(open: &[bool; 100], row: i32, col: i32, mut visit: impl FnMut(usize)) {
    for d in Direction::ALL {
        let (dr, dc) = d.delta();
        let (mut r, mut c) = (row + dr, col + dc);
        while (0..10).contains(&r) && (0..10).contains(&c) && open[(r * 10 + c) as usize] {
            visit((r * 10 + c) as usize);
            r += dr;
            c += dc;
        }
    }
}

fn to_bitboard(cells: impl IntoIterator<Item = usize>) -> Bitboard {
    cells
        .into_iter()
        .map(|i| Square::from_index(i).expect("i < 100"))
        .collect()
}

impl Kernels for Naive {
    /// One destination at a time: the sum of each destination's own queen reach.
    fn count_arrows(destinations: Bitboard, occupied: Bitboard) -> u64 {
        destinations
            .into_iter()
            .map(|to| u64::from(Self::queen_mobility(to, occupied)))
            .sum()
    }

    fn queen_reach(from: Square, occupied: Bitboard) -> Bitboard {
        let open = cells(!occupied);
        let mut reached = Vec::new();
        walk(&open, from.row() as i32, from.col() as i32, |i| {
            reached.push(i)
        });
        to_bitboard(reached)
    }

    fn fill(sources: Bitboard, empty: Bitboard) -> Bitboard {
        let open = cells(empty);
        let mut reached = Vec::new();
        for square in sources {
            walk(&open, square.row() as i32, square.col() as i32, |i| {
                reached.push(i)
            });
        }
        to_bitboard(reached)
    }

    fn min_distances(sources: Bitboard, empty: Bitboard) -> DistanceLayers {
        let open = cells(empty);
        let mut distance = [u32::MAX; 100];
        let mut queue = std::collections::VecDeque::new();
        for square in sources {
            let i = square.index();
            distance[i] = 0;
            queue.push_back(i);
        }
        while let Some(i) = queue.pop_front() {
            let next = distance[i] + 1;
            walk(&open, (i / 10) as i32, (i % 10) as i32, |j| {
                if distance[j] == u32::MAX {
                    distance[j] = next;
                    queue.push_back(j);
                }
            });
        }
        DistanceLayers::from_distances(|square| {
            let i = square.index();
            (distance[i] != u32::MAX).then_some(distance[i])
        })
    }
}
