//! The god powers' move generation and play (see [`God`] for the powers and the conventions,
//! which follow santorini-ai). The base game's moves of a mortal not held down by Athena
//! never come here: they stay on the kernels' path in `position`.

use bitgames_tables::neighbours::SANTORINI_NEIGHBOURS;
use bitgames_tables::zobrist::SANTORINI_HEIGHT;

use crate::{Bitboard, God, Kernels, Move, Position, Square};

/// The squares next to `square`.
#[inline(always)]
fn neighbours(square: Square) -> Bitboard {
    Bitboard::from_bits_truncate(SANTORINI_NEIGHBOURS[square.bit() as usize])
}

impl<S: Kernels> Position<S> {
    /// The number of [`Position::for_each_power_move`]'s moves. Out of line, like the other
    /// entry points here, so the base game's hot path stays small.
    #[inline(never)]
    pub(crate) fn count_power_moves(&self) -> u64 {
        let mut count = 0;
        self.for_each_power_move(&mut |_| count += 1);
        count
    }

    /// Calls `each` with every legal move of the side to move, whose god has a power or who
    /// is held down by Athena. Every call is a distinct resulting position.
    #[inline(never)]
    pub(crate) fn for_each_power_move(&self, each: &mut impl FnMut(Move)) {
        let me = self.side.index();
        let god = self.gods[me];
        let mine = self.workers[me];
        let theirs = self.workers[1 - me];
        let occupied = mine | theirs;
        let domes = self.levels.domes();
        let h = |square: Square| self.height(square);
        // Athena's flag on the opponent's side: no step of this turn may go up.
        let up = u8::from(!self.moved_up[1 - me]);
        let reachable = |from: Square, to: Square| h(to) <= (h(from) + up).min(3);
        let wins = |from: Square, to: Square| {
            (h(from) == 2 && h(to) == 3) || (god == God::Pan && h(from) >= h(to) + 2)
        };

        if god == God::Hermes {
            self.for_each_travel(each);
        }
        if god == God::Prometheus {
            self.for_each_build_first(each);
        }
        if god == God::Artemis {
            for from in mine {
                self.for_each_artemis_move(from, up, each);
            }
            return;
        }
        for from in mine {
            // Apollo and Minotaur may step onto an opponent worker.
            let enterable = match god {
                God::Apollo | God::Minotaur => !occupied | theirs,
                _ => !occupied,
            };
            for to in neighbours(from) & (enterable - domes) {
                if !reachable(from, to) || (god == God::Hermes && h(to) == h(from)) {
                    continue;
                }
                // Where the displaced opponent worker goes, and the occupied squares after.
                let mut after = occupied.without(from).with(to);
                let mut pushed_to = None;
                if theirs.contains(to) {
                    if god == God::Apollo {
                        after = after.with(from);
                    } else {
                        match Move::push_target(from, to) {
                            Some(beyond) if !occupied.contains(beyond) && h(beyond) < 4 => {
                                after = after.with(beyond);
                                pushed_to = Some(beyond);
                            }
                            _ => continue,
                        }
                    }
                }
                if wins(from, to) {
                    each(Move::Win { from, to });
                    continue;
                }
                let buildable = neighbours(to) - after - domes;
                for build in buildable {
                    let plain = match (theirs.contains(to), pushed_to) {
                        (false, _) => Move::Build { from, to, build },
                        (true, None) => Move::Swap { from, to, build },
                        (true, Some(_)) => Move::Push { from, to, build },
                    };
                    each(plain);
                    match god {
                        God::Atlas if h(build) <= 2 => each(Move::Dome { from, to, build }),
                        God::Hephaestus if h(build) <= 1 => {
                            each(Move::BuildDouble { from, to, build });
                        }
                        God::Demeter => {
                            for second in
                                buildable - Bitboard::from_bits_truncate((2u64 << build.bit()) - 1)
                            {
                                each(Move::BuildTwice {
                                    from,
                                    to,
                                    builds: [build, second],
                                });
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// Artemis's moves from `from`: one or two steps, keyed by the final square (never the
    /// starting one); a square reached by any winning path is only a win.
    fn for_each_artemis_move(&self, from: Square, up: u8, each: &mut impl FnMut(Move)) {
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.levels.domes();
        let h = |square: Square| self.height(square);
        let steps = |at: Square| {
            (neighbours(at) - occupied - domes)
                .iter()
                .filter(move |&to| h(to) <= (h(at) + up).min(3))
        };
        let mut wins = Bitboard::EMPTY;
        let mut finals = Bitboard::EMPTY;
        for first in steps(from) {
            if h(from) == 2 && h(first) == 3 {
                wins = wins.with(first);
                continue;
            }
            finals = finals.with(first);
            for second in steps(first) {
                if h(first) == 2 && h(second) == 3 {
                    wins = wins.with(second);
                } else {
                    finals = finals.with(second);
                }
            }
        }
        for to in wins {
            each(Move::Win { from, to });
        }
        for to in finals - wins {
            let after = occupied.without(from).with(to);
            for build in neighbours(to) - after - domes {
                each(Move::Build { from, to, build });
            }
        }
    }

    /// Hermes's travel: both workers move any number of steps on their own levels (through
    /// each other, not through opponents or domes; possibly not at all), then either builds.
    /// Keyed by the final pair of squares.
    fn for_each_travel(&self, each: &mut impl FnMut(Move)) {
        let me = self.side.index();
        let mine = self.workers[me];
        let theirs = self.workers[1 - me];
        let domes = self.levels.domes();
        let (Some(a), Some(b)) = (mine.first(), mine.iter().nth(1)) else {
            return;
        };
        let region = |start: Square| {
            let level = self.levels.at(self.height(start)) - theirs;
            let mut reached = start.bitboard();
            loop {
                let grown = reached | (reached.neighbours() & level);
                if grown == reached {
                    return reached;
                }
                reached = grown;
            }
        };
        let (around_a, around_b) = (region(a), region(b));
        let mut emit = |x: Square, y: Square| {
            let ends = x.bitboard().with(y);
            let builds = (neighbours(x) | neighbours(y)) - ends - theirs - domes;
            for build in builds {
                each(Move::travel([a, b], [x, y], build));
            }
        };
        if around_a.contains(b) {
            for x in around_a {
                for y in around_a - Bitboard::from_bits_truncate((2u64 << x.bit()) - 1) {
                    emit(x, y);
                }
            }
        } else {
            for x in around_a {
                for y in around_b {
                    emit(x, y);
                }
            }
        }
    }

    /// Prometheus's turns that build first: a build next to the worker, a move that does not
    /// go up, a build. Of the two orders of two builds that give one position (each build
    /// could have been the first), only the one whose first build is the later square.
    fn for_each_build_first(&self, each: &mut impl FnMut(Move)) {
        let me = self.side.index();
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.levels.domes();
        for from in self.workers[me] {
            let firsts = neighbours(from) - occupied - domes;
            for first in firsts {
                let raised = self.height(first) + 1;
                let h = |square: Square| {
                    if square == first {
                        raised
                    } else {
                        self.height(square)
                    }
                };
                let domes_after = if raised == 4 {
                    domes.with(first)
                } else {
                    domes
                };
                for to in neighbours(from) - occupied - domes_after {
                    if h(to) > self.height(from) {
                        continue;
                    }
                    let after = occupied.without(from).with(to);
                    for build in neighbours(to) - after - domes_after {
                        let swapped_is_legal =
                            firsts.contains(build) && neighbours(to).contains(first);
                        if build > first && swapped_is_legal {
                            continue;
                        }
                        each(Move::BuildFirst {
                            first,
                            from,
                            to,
                            build,
                        });
                    }
                }
            }
        }
    }

    /// Plays a power move (not `Place`, `Build` or `Win`) of the side that moved in
    /// `before`, onto `self` (a copy of `before` with the side not yet switched).
    #[inline(never)]
    pub(crate) fn play_power(&mut self, before: &Self, mv: Move) {
        let me = before.side.index();
        match mv {
            Move::Swap { from, to, build } | Move::Push { from, to, build } => {
                self.displace(from, to);
                self.move_worker(me, from, to);
                self.raise(build);
            }
            Move::Dome { from, to, build } => {
                self.move_worker(me, from, to);
                while self.height(build) < 4 {
                    self.raise(build);
                }
            }
            Move::BuildTwice {
                from,
                to,
                builds: [a, b],
            } => {
                self.move_worker(me, from, to);
                self.raise(a);
                self.raise(b);
            }
            Move::BuildDouble { from, to, build } => {
                self.move_worker(me, from, to);
                self.raise(build);
                self.raise(build);
            }
            Move::BuildFirst {
                first,
                from,
                to,
                build,
            } => {
                self.raise(first);
                self.move_worker(me, from, to);
                self.raise(build);
            }
            Move::Travel { from, to, build } => {
                if from != to {
                    self.move_worker(me, from[0], to[0]);
                    if from[1] != from[0] {
                        self.move_worker(me, from[1], to[1]);
                    }
                }
                self.raise(build);
            }
            Move::Place(..) | Move::Build { .. } | Move::Win { .. } => {}
        }
    }

    /// Before a move of the side to move from `from` onto `to`: an opponent worker on `to`
    /// is swapped to `from` (Apollo) or pushed one square on (Minotaur).
    #[inline]
    pub(crate) fn displace(&mut self, from: Square, to: Square) {
        let other = self.side.other().index();
        if !self.workers[other].contains(to) {
            return;
        }
        let target = match self.gods[self.side.index()] {
            God::Minotaur => Move::push_target(from, to),
            _ => Some(from),
        };
        if let Some(target) = target {
            self.move_worker(other, to, target);
        }
    }

    /// One more block on `square` (a dome on level 3), keeping the hash.
    #[inline]
    fn raise(&mut self, square: Square) {
        let height = self.height(square);
        if height >= 4 {
            return;
        }
        self.levels = self.levels.raised(square, height);
        let keys = &SANTORINI_HEIGHT[square.bit() as usize];
        self.hash ^= keys[usize::from(height)] ^ keys[usize::from(height) + 1];
    }
}
