//! Random kernel instances, drawn as the design notes draw them, for tests, benches and
//! `bitgames compare`.
//!
//! Shuffle the 25 spaces; the worker's space gets a level in 0..=2, the next three get level 4
//! (the other workers), and the other 21 draw from `[0, 0, 1, 1, 1, 2, 2, 2, 3, 4]`.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{Cell, LevelGrid, Levels, Square};

/// One `move_to` / `distances` question in both forms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Instance {
    /// The worker's space in list form, as the list-form kernels take it.
    pub from: Cell,
    /// Every space's level in list form, 0-4 (4: a dome, or a space another worker blocks).
    pub grid: LevelGrid,
    /// `from` as a bitboard square.
    pub square: Square,
    /// `grid` as bitboards.
    pub levels: Levels,
}

/// Levels drawn for the 21 free spaces.
const LEVEL_BAG: [u8; 10] = [0, 0, 1, 1, 1, 2, 2, 2, 3, 4];

impl Instance {
    /// Builds the instance for a worker on `from` over `grid`, with both forms filled in.
    pub fn new(from: Cell, grid: LevelGrid) -> Instance {
        Instance {
            from,
            grid,
            square: from.into(),
            levels: Levels::from_grid(&grid),
        }
    }

    /// The kernel question of `position`: its first worker of the side to move (in square
    /// order) over the levels it moves on, where every other worker blocks its square as a
    /// dome does. `None` before that worker is placed.
    pub fn from_position<S: crate::Kernels>(position: &crate::Position<S>) -> Option<Instance> {
        let side = position.side_to_move();
        let from = position.workers(side).first()?;
        let others = (position.workers(side) | position.workers(side.other())).without(from);
        let mut grid = position.levels().to_grid();
        for square in others {
            grid[Cell::from(square).index()] = 4;
        }
        Some(Instance::new(Cell::from(from), grid))
    }

    /// Draws one instance.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Instance {
        let mut spaces: [usize; 25] = core::array::from_fn(|i| i);
        spaces.shuffle(rng);
        let mut grid = [0; 25];
        grid[spaces[0]] = rng.random_range(0..=2);
        for &space in &spaces[1..4] {
            grid[space] = 4;
        }
        for &space in &spaces[4..] {
            grid[space] = LEVEL_BAG[rng.random_range(0..LEVEL_BAG.len())];
        }
        Instance::new(Cell::from_index(spaces[0]), grid)
    }

    /// `count` instances from `seed`; the same arguments always give the same instances.
    pub fn generate(count: usize, seed: u64) -> Vec<Instance> {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
        (0..count).map(|_| Instance::random(&mut rng)).collect()
    }
}

impl core::fmt::Display for Instance {
    /// What the question asks about, for reports.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "worker {}", self.square)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instances_follow_the_design_notes_distribution() {
        let instances = Instance::generate(2_000, 1);
        assert_eq!(
            instances,
            Instance::generate(2_000, 1),
            "seeded runs repeat"
        );
        assert_ne!(instances, Instance::generate(2_000, 2));
        let mut counts = [0usize; 5];
        for instance in &instances {
            assert!(instance.grid[instance.from.index()] <= 2);
            let domes = instance.grid.iter().filter(|&&l| l == 4).count();
            assert!(domes >= 3, "three other workers count as level 4");
            assert_eq!(instance.levels.to_grid(), instance.grid);
            for &level in &instance.grid {
                counts[usize::from(level)] += 1;
            }
        }
        // 21 bag draws per instance: level 1 and 2 are three times as likely as level 3.
        assert!(
            counts[1] > 2 * counts[3] && counts[2] > 2 * counts[3],
            "{counts:?}"
        );
    }
}
