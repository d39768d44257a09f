//! A turn as the steps a player takes to make it: the squares clicked in order, with a
//! [`Step::Power`] where a god's power changes what the next click means. The web page's
//! clicks and the step-by-step reinforcement-learning environment
//! ([`encoding::StepTurn`](crate::encoding::StepTurn)) both read turns this way, so a power's
//! extra steps are defined once, here.
//!
//! | move | steps |
//! |---|---|
//! | `place:B3,D3` | `B3 D3` |
//! | `B3>C3^C4` (also Apollo's swap, Minotaur's push, Artemis's two steps to C3) | `B3 C3 C4` |
//! | `A3>B3#` (a win: no build) | `A3 B3` |
//! | Atlas's dome `B3>C3^C4X`, Hephaestus's double block `B3>C3^^C4` | `B3 C3 power C4` |
//! | Demeter's two builds `B3>C3^C4^D4` (also Hestia's: either order, one position) | `B3 C3 power C4 D4` or `... D4 C4` |
//! | Hestia's two builds on one square `B3>C3^C4^C4` | `B3 C3 power C4 C4` |
//! | Prometheus's build first `^B4 B3>C3^C4` | `B3 power B4 C3 C4` or `B3 power C4 C3 B4` when both orders are legal |
//! | Achilles's build first `^B4 B3>C3^C4` (his move may climb), and his build then winning climb `^C3 B3>C3#` | as Prometheus's; `B3 power C3 C3` |
//! | Bellerophon's leap up two levels `B3>*C3^C4`, `B3>*C3#` | `B3 power C3 C4`, `B3 power C3` |
//! | Hermes's travel `(A1,B1)>(C1,D1)^C2` | `power A1 B1 C1 D1 C2`, the left and reached squares in any order |
//! | Hermes, one worker `A1>C1^C2` (travel), nobody moving `^C2` | `power A1 C1 C2`, `power C2` |
//! | Chronus's fifth tower `B3>C3^C4#` | `B3 C3 C4` |
//! | Chronus's win with five towers standing `#` (his only turn then) | `power` |
//! | Asteria's build and dome after a move down `B3>C3^C4 XD4` | `B3 C3 power C4 D4` |
//! | Polyphemus's build and domes `B3>C3^C4 XD4XE4`, one dome `B3>C3^C4 XD4` | `B3 C3 power C4 D4 E4` or `... E4 D4`, `B3 C3 power C4 D4 D4` |
//! | Poseidon's extra builds `B3>C3^C4 ^D3^D3^E2`, fewer `B3>C3^C4 ^D3` | `B3 C3 power C4 D3 D3 E2` (the extra builds in any order), `B3 C3 power C4 D3 power` |
//! | Theseus's build and removal of a worker `B3>C3^C4 xD4` | `B3 C3 power C4 D4` |
//! | Europa's build and her Talus token put on D4 `B3>C3^C4 TD4` | `B3 C3 power C4 D4` |
//! | Proteus's turn `B3>C3^C4` (the worker on B3 fills the square another left for C3) | `B3 power C3 C4` |
//! | Aeolus's build and the wind set north `B3>C3^C4 w=n` | `B3 C3 power C4 C4` (the square next to C3 in the wind's direction) |
//! | Hydra's build and new worker or worker returned `B3>C3^C4 HD4` | `B3 C3 C4 D4` |
//! | Nemesis's build and trade `B3>C3^C4[D5]`, `B3>C3^C4[D5,E5]`, her other worker's `B3>C3^C4[C3,E5]` | `B3 C3 power C4 D5`, `B3 C3 power C4 D5 E5`, `B3 C3 power C4 C3 E5` (as written: the worker her moved one trades with, or its own square for none, then her other's) |
//! | Ares's build and removal `B3>C3^C4~D4` (his own block back: `B3>C3^C4~C4`) | `B3 C3 power C4 D4` |
//! | Charon's flip, move and build `(C3>A3)B3>B4^B5`, or win `(C3>A3)B3>C3#` | `B3 C3 B4 B5`, `B3 C3 C3` (his worker, the worker flipped, then the move) |
//! | CharonV2's flip `B3(C3>A3)^B2` | `B3 C3 B2` (his worker, the worker flipped, the build) |
//! | Jason's new worker and its build `+A1^B2` | `power A1 B2` |
//! | Morpheus's move without a build `B3>C3` | `B3 C3 power power` |
//! | Morpheus's builds from his card `B3>C3^C4^C4^D4` (two or more; one is `B3>C3^C4`) | `B3 C3 power C4 C4 D4 power`: the builds in square order, the power again to end |
//! | Castor's lone worker moving without a build `B3>C3` | `B3 C3 power power` |
//! | Castor moving both `B3>C3 D3>D4`, his win `C3>B3 D3>C3#` | `B3 C3 D3 D4` (the worker whose end is the other's start second), `C3 B3 D3 C3` |
//! | Castor building with both `^C4^D4`, his lone worker's build `^C4` | `power C4 D4` or `power D4 C4`, `power C4` |
//! | Scylla's drag `(C4>B3)B3>A3^A4` | `B3 A3 power C4 A4`: the worker, where it goes, the power, the worker dragged, the build |
//!
//! A move has one or more paths ([`Move::step_paths`]); the first is its canonical one. Two
//! paths that make the same turn are aliases (the two orders of Demeter's builds), and the
//! paths of a position's legal moves are prefix-free: no path is the start of a longer one,
//! so a turn is complete the moment its last step is taken (`tests/steps.rs` proves it
//! over random positions of every god).

use core::fmt;

use bitgames_search::ArrayVec;

use crate::{Move, Square};

/// The most steps a turn takes: Morpheus's twelve builds (his worker, where it goes, the
/// power, the twelve builds, the power that ends them).
pub const MAX_STEPS: usize = 16;

/// The most paths one move has: Poseidon's three extra builds on three squares, in any of
/// their six orders.
pub const MAX_PATHS: usize = 6;

/// One step of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Step {
    /// A square clicked: a worker to move, where it goes, where it builds.
    Square(Square),
    /// The god's power is used for what follows (Atlas's dome, Demeter's second build, ...).
    Power,
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Square(square) => square.fmt(f),
            Step::Power => f.write_str("power"),
        }
    }
}

/// The steps of one way to make a move.
pub type StepPath = ArrayVec<Step, MAX_STEPS>;

impl Move {
    /// Every order of steps that makes this move, the canonical one first (see the
    /// [module docs](self)).
    pub fn step_paths(self) -> ArrayVec<StepPath, MAX_PATHS> {
        use Step::{Power, Square as At};
        let path = |steps: &[Step]| steps.iter().copied().collect::<StepPath>();
        let mut paths = ArrayVec::new();
        match self {
            Move::Place(a, b) => paths.push(path(&[At(a), At(b)])),
            Move::PlaceThree(a, b, c) => paths.push(path(&[At(a), At(b), At(c)])),
            Move::Win { from, to } => paths.push(path(&[At(from), At(to)])),
            Move::Build { from, to, build }
            | Move::Swap { from, to, build }
            | Move::Push { from, to, build }
            | Move::BuildWin { from, to, build } => {
                paths.push(path(&[At(from), At(to), At(build)]));
            }
            Move::ClaimWin => paths.push(path(&[Power])),
            // The power before the build: `B3 C3 C4` is already his plain turn.
            Move::BuildRemove {
                from,
                to,
                build,
                remove,
            } => paths.push(path(&[At(from), At(to), Power, At(build), At(remove)])),
            // Likewise: the power, the build, the dome.
            Move::BuildDome {
                from,
                to,
                build,
                dome,
            } => paths.push(path(&[At(from), At(to), Power, At(build), At(dome)])),
            // Proteus: the worker that fills, the power, where the step ended, the build
            // (his win onto `to` is `from to`, so the power comes before `to`).
            Move::Shift { from, to, build } => {
                paths.push(path(&[At(from), Power, At(to), At(build)]));
            }
            // Hydra: the move, the build, then her new worker's square or the worker she
            // returns (every turn of hers with a build has one, so no power step).
            Move::BuildHead {
                from,
                to,
                build,
                head,
            } => paths.push(path(&[At(from), At(to), At(build), At(head)])),
            // Theseus: the power, the build, the worker removed.
            Move::BuildSlay {
                from,
                to,
                build,
                slain,
            } => paths.push(path(&[At(from), At(to), Power, At(build), At(slain)])),
            // Aeolus: the power, the build, the square next to C3 in the wind's direction
            // (his turn that leaves no wind is a plain build, with no power step).
            Move::BuildWind {
                from,
                to,
                build,
                wind,
            } => paths.push(path(&[At(from), At(to), Power, At(build), At(wind)])),
            // Nemesis: the power, the build, then the squares as santorini-ai writes them:
            // the opponent worker her moved one trades with (its own square for none), then
            // the one her other worker trades with. A position has double trades or single
            // ones, never both, so no path starts another.
            Move::Trade {
                from,
                to,
                build,
                trades: [moved, still],
            } => {
                let mut steps =
                    path(&[At(from), At(to), Power, At(build), At(moved.unwrap_or(to))]);
                if let Some(still) = still {
                    steps.push(At(still));
                }
                paths.push(steps);
            }
            // Europa: the power, the build, the token's new square.
            Move::BuildTalus {
                from,
                to,
                build,
                talus,
            } => paths.push(path(&[At(from), At(to), Power, At(build), At(talus)])),
            // Polyphemus: the power, the build, the domes in either order; one dome is clicked
            // twice (so a path that stops after one dome is no prefix of one with two).
            Move::BuildDomes {
                from,
                to,
                build,
                domes: [a, b],
            } => {
                paths.push(path(&[At(from), At(to), Power, At(build), At(a), At(b)]));
                if a != b {
                    paths.push(path(&[At(from), At(to), Power, At(build), At(b), At(a)]));
                }
            }
            // Poseidon: the power, the build, the extra builds in any order, then the power
            // again to stop before a third (so a path that stops is no prefix of a longer
            // one).
            Move::BuildMore {
                from,
                to,
                build,
                extra,
            } => {
                let extra: ArrayVec<Square, 3> = extra.into_iter().flatten().collect();
                let orders: &[[usize; 3]] = &[
                    [0, 1, 2],
                    [0, 2, 1],
                    [1, 0, 2],
                    [1, 2, 0],
                    [2, 0, 1],
                    [2, 1, 0],
                ];
                let mut seen: ArrayVec<ArrayVec<Square, 3>, 6> = ArrayVec::new();
                for order in orders {
                    let ordered: ArrayVec<Square, 3> = order
                        .iter()
                        .filter(|&&i| i < extra.len())
                        .map(|&i| extra[i])
                        .collect();
                    if seen.contains(&ordered) {
                        continue;
                    }
                    let mut steps = path(&[At(from), At(to), Power, At(build)]);
                    steps.extend(ordered.iter().map(|&square| At(square)));
                    if ordered.len() < 3 {
                        steps.push(Power);
                    }
                    seen.push(ordered);
                    paths.push(steps);
                }
            }
            Move::Flip {
                worker,
                from,
                build,
            } => paths.push(path(&[At(worker), At(from), At(build)])),
            // Morpheus: his worker, where it goes, the power, his builds in square order
            // (one path: twelve builds in every order would be millions), the power again,
            // so that no turn's path starts another's.
            // Castor's lone worker moving without a build reads as Morpheus's.
            Move::Step { from, to } => paths.push(path(&[At(from), At(to), Power, Power])),
            // Castor moving both: each worker and where it ends, the one whose end is the
            // other's start second (his win: the one that moves first, first).
            Move::MoveBoth { from, to } if to[0] == from[1] => {
                paths.push(path(&[At(from[1]), At(to[1]), At(from[0]), At(to[0])]));
            }
            Move::MoveBoth { from, to } | Move::MoveBothWin { from, to } => {
                paths.push(path(&[At(from[0]), At(to[0]), At(from[1]), At(to[1])]));
            }
            // Castor building with both: the power, then the builds in either order.
            Move::BuildBoth { builds: [a, b] } => {
                paths.push(path(&[Power, At(a), At(b)]));
                if a != b {
                    paths.push(path(&[Power, At(b), At(a)]));
                }
            }
            Move::BuildStill { build } => paths.push(path(&[Power, At(build)])),
            Move::BuildBlocks { from, to, blocks } => {
                let mut steps = path(&[At(from), At(to), Power]);
                steps.extend(blocks.builds(to).map(At));
                steps.push(Power);
                paths.push(steps);
            }
            Move::FlipBuild {
                flipped,
                from,
                to,
                build,
            } => paths.push(path(&[At(from), At(flipped), At(to), At(build)])),
            Move::FlipWin { flipped, from, to } => {
                paths.push(path(&[At(from), At(flipped), At(to)]));
            }
            Move::Drag {
                from,
                to,
                dragged,
                build,
            } => paths.push(path(&[At(from), At(to), Power, At(dragged), At(build)])),
            Move::Dome { from, to, build } | Move::BuildDouble { from, to, build } => {
                paths.push(path(&[At(from), At(to), Power, At(build)]));
            }
            Move::BuildTwice {
                from,
                to,
                builds: [a, b],
            } => {
                paths.push(path(&[At(from), At(to), Power, At(a), At(b)]));
                if a != b {
                    paths.push(path(&[At(from), At(to), Power, At(b), At(a)]));
                }
            }
            // Bellerophon: his worker, the power, the leap (and the build).
            Move::Leap { from, to, build } => {
                paths.push(path(&[At(from), Power, At(to), At(build)]));
            }
            Move::LeapWin { from, to } => paths.push(path(&[At(from), Power, At(to)])),
            // Achilles's build and the winning step onto it.
            Move::BuildFirstWin { first, from, to } => {
                paths.push(path(&[At(from), Power, At(first), At(to)]));
            }
            // The squares in the order they are clicked.
            Move::BuildFirst {
                from,
                first,
                to,
                build,
            } => {
                paths.push(path(&[At(from), Power, At(first), At(to), At(build)]));
                // The other order gives the same position when its first build is next to
                // the worker and its second next to the square reached.
                if first != build
                    && from.bitboard().neighbours().contains(build)
                    && to.bitboard().neighbours().contains(first)
                {
                    paths.push(path(&[At(from), Power, At(build), At(to), At(first)]));
                }
            }
            // Jason: the power, his new worker's square, its build.
            Move::PlaceBuild { place, build } => paths.push(path(&[Power, At(place), At(build)])),
            Move::Travel { from, to, build } => {
                if from == to {
                    paths.push(path(&[Power, At(build)]));
                } else if from[0] == from[1] {
                    paths.push(path(&[Power, At(from[0]), At(to[0]), At(build)]));
                } else {
                    for [l0, l1] in [from, [from[1], from[0]]] {
                        for [r0, r1] in [to, [to[1], to[0]]] {
                            paths.push(path(&[Power, At(l0), At(l1), At(r0), At(r1), At(build)]));
                        }
                    }
                }
            }
        }
        paths
    }

    /// The canonical steps of this move: the first of [`Move::step_paths`].
    pub fn steps(self) -> StepPath {
        self.step_paths().swap_remove(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(mv: &str) -> Vec<String> {
        paths(mv.parse().unwrap())
    }

    /// A move's paths as text, one string of steps a path.
    fn paths(mv: Move) -> Vec<String> {
        mv.step_paths()
            .iter()
            .map(|p| {
                p.iter()
                    .map(|s| s.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn the_module_table_by_hand() {
        assert_eq!(written("place:B3,D3"), ["B3 D3"]);
        assert_eq!(written("B3>C3^C4"), ["B3 C3 C4"]);
        assert_eq!(written("B3<>C3^C4"), ["B3 C3 C4"]);
        assert_eq!(written("B3>C3(>D3)^C4"), ["B3 C3 C4"]);
        assert_eq!(written("A3>B3#"), ["A3 B3"]);
        assert_eq!(written("B3>C3^C4X"), ["B3 C3 power C4"]);
        assert_eq!(written("B3>C3^^C4"), ["B3 C3 power C4"]);
        assert_eq!(
            written("B3>C3^C4^D4"),
            ["B3 C3 power C4 D4", "B3 C3 power D4 C4"]
        );
        assert_eq!(written("B3>C3^C4^C4"), ["B3 C3 power C4 C4"]);
        // B4 is next to C3 and C4 next to B3: both orders.
        assert_eq!(
            written("^B4 B3>C3^C4"),
            ["B3 power B4 C3 C4", "B3 power C4 C3 B4"]
        );
        // A5 is not next to C3: one order only.
        assert_eq!(written("^A4 B3>C3^C4"), ["B3 power A4 C3 C4"]);
        assert_eq!(
            written("(A1,B1)>(C1,D1)^C2"),
            [
                "power A1 B1 C1 D1 C2",
                "power A1 B1 D1 C1 C2",
                "power B1 A1 C1 D1 C2",
                "power B1 A1 D1 C1 C2"
            ]
        );
        // Hermes's one-worker travel prints like a plain move; its steps start with the power.
        let at = |name: &str| name.parse::<Square>().unwrap();
        let travel = Move::travel([at("A1"), at("B1")], [at("C1"), at("B1")], at("C2"));
        assert_eq!(travel.to_string(), "A1>C1^C2");
        let steps: Vec<String> = travel.steps().iter().map(|s| s.to_string()).collect();
        assert_eq!(steps, ["power", "A1", "C1", "C2"]);
        assert_eq!(written("^C2"), ["power C2"]);
        assert_eq!(written("B3>C3^C4#"), ["B3 C3 C4"]);
        assert_eq!(written("#"), ["power"]);
        assert_eq!(written("B3>C3^C4~D4"), ["B3 C3 power C4 D4"]);
        assert_eq!(written("B3>C3^C4~C4"), ["B3 C3 power C4 C4"]);
        assert_eq!(written("B3>C3^C4 XD4"), ["B3 C3 power C4 D4"]);
        assert_eq!(written("B3>C3^C4[D5]"), ["B3 C3 power C4 D5"]);
        assert_eq!(written("B3>C3^C4[D5,E5]"), ["B3 C3 power C4 D5 E5"]);
        assert_eq!(written("B3>C3^C4[C3,E5]"), ["B3 C3 power C4 C3 E5"]);
        assert_eq!(written("(C4>B3)B3>A3^A4"), ["B3 A3 power C4 A4"]);
        let at = |name: &str| name.parse::<Square>().unwrap();
        let domes = |a: &str, b: &str| Move::BuildDomes {
            from: at("B3"),
            to: at("C3"),
            build: at("C4"),
            domes: [at(a), at(b)],
        };
        assert_eq!(
            paths(domes("D4", "E4")),
            ["B3 C3 power C4 D4 E4", "B3 C3 power C4 E4 D4"]
        );
        assert_eq!(paths(domes("D4", "D4")), ["B3 C3 power C4 D4 D4"]);
        assert_eq!(written("B3>C3^C4 ^D4"), ["B3 C3 power C4 D4 power"]);
        assert_eq!(
            written("B3>C3^C4 ^D4^D4^E4"),
            [
                "B3 C3 power C4 D4 D4 E4",
                "B3 C3 power C4 D4 E4 D4",
                "B3 C3 power C4 E4 D4 D4"
            ]
        );
        assert_eq!(written("B3>C3^C4 ^D3^D4^E4").len(), 6);
    }
}
