//! The god powers' move generation and play (see [`God`] for the powers and the conventions,
//! which follow santorini-ai). The base game's moves of a mortal not held down by Athena
//! never come here: they stay on the kernels' path in `position`.

use bitgames_tables::neighbours::SANTORINI_NEIGHBOURS;
use bitgames_tables::zobrist::{SANTORINI_HEIGHT, SANTORINI_WORKER};

use bitgames_search::ArrayVec;

use crate::moves::Blocks;
use crate::{Bitboard, God, Kernels, MORPHEUS_MOST_SPENT, Move, Position, Square};

/// The squares next to `square`.
#[inline(always)]
fn neighbours(square: Square) -> Bitboard {
    Bitboard::from_bits_truncate(SANTORINI_NEIGHBOURS[square.bit() as usize])
}

/// The squares next to `square` on Urania's board, whose opposite edges meet: always eight.
fn wrapping_neighbours(square: Square) -> Bitboard {
    let (row, col) = (square.row(), square.col());
    let mut around = Bitboard::EMPTY;
    for dr in [4, 0, 1] {
        for dc in [4, 0, 1] {
            if (dr, dc) != (0, 0) {
                let next = Square::new((row + dr) % 5, (col + dc) % 5).expect("on the board");
                around = around.with(next);
            }
        }
    }
    around
}

/// The squares next to C3, which stand for the eight winds of Aeolus
/// ([`Move::BuildWind`]).
#[inline]
fn winds_around_c3() -> Bitboard {
    Square::new(2, 2).map_or(Bitboard::EMPTY, neighbours)
}

/// Whether `square` is off the perimeter (where Hera's opponent may still win, and Bia may
/// not place).
#[inline(always)]
pub(crate) fn in_middle(square: Square) -> bool {
    let index = square.index();
    (1..4).contains(&(index / 5)) && (1..4).contains(&(index % 5))
}

/// The perimeter: the sixteen squares off the middle (where Bia places her workers and
/// Jason his new one).
#[inline]
pub(crate) fn perimeter() -> Bitboard {
    Bitboard::FULL
        .iter()
        .filter(|&square| !in_middle(square))
        .fold(Bitboard::EMPTY, Bitboard::with)
}

/// A worker's step after a first build (Prometheus's, Achilles's power), as
/// [`Position::each_build_after_first`] ends the turn.
#[derive(Clone, Copy)]
struct FirstBuildStep {
    /// Where the worker starts.
    from: Square,
    /// Where it steps.
    to: Square,
    /// The first build.
    first: Square,
    /// Every first build the worker could have made from `from`.
    firsts: Bitboard,
    /// The domes once the first build stands.
    domes_after: Bitboard,
}

/// What the opponent's god forbids the side to move this turn: climbing (Athena's flag),
/// winning on the perimeter (Hera), moving down (Hades), building next to Limus, leaving
/// Aphrodite's side.
#[derive(Clone, Copy)]
struct Limits {
    /// 1 if a step may go up one level, 0 under Athena's flag.
    up: u8,
    /// Hades: no step may go down.
    no_down: bool,
    /// Hera: a win must end off the perimeter.
    hera: bool,
    /// Limus: the squares next to his workers, but level 3 (a dome completes a tower there).
    unbuildable: Bitboard,
    /// Aphrodite: the squares on or next to her workers at the start of the turn (empty
    /// against any other god); a worker that starts in it must end its move in it.
    zone: Bitboard,
    /// Aeolus: the winds that hold this turn's steps, the opponent's and the mover's own
    /// (his wind holds his workers too), each as its step's (row, column) offset modulo 5
    /// (so that Urania's wrapped steps compare too); `None` where no wind blows.
    winds: [Option<(u32, u32)>; 2],
    /// Hippolyta: the squares a step from which must be diagonal (across an edge of
    /// Urania's board too). Every square when the opponent is Hippolyta (her power holds
    /// every worker of the opponent's, a female one too); when the mover is Hippolyta, her
    /// workers but her female worker (she moves one step only, so the start square tells
    /// the worker); else none.
    diagonal: Bitboard,
}

impl Limits {
    /// Whether one step from level `from` to level `to` is allowed.
    #[inline(always)]
    fn step(self, from: u8, to: u8) -> bool {
        to <= (from + self.up).min(3) && !(self.no_down && to < from)
    }

    /// Whether Pegasus's step from level `from` to level `to` is allowed: up any number of
    /// levels (none under Athena's flag).
    #[inline(always)]
    fn leap(self, from: u8, to: u8) -> bool {
        (to <= from || self.up == 1) && !(self.no_down && to < from)
    }

    /// Whether a worker that started on `from` may end its move on `to` (Aphrodite).
    #[inline(always)]
    fn may_end(self, from: Square, to: Square) -> bool {
        !self.zone.contains(from) || self.zone.contains(to)
    }

    /// Whether a win may end on `to`.
    #[inline(always)]
    fn may_win_on(self, to: Square) -> bool {
        !self.hera || in_middle(to)
    }

    /// Whether one step from `from` to the neighbouring `to` (on Urania's board, across an
    /// edge too) goes against no wind of Aeolus's and is diagonal where Hippolyta's power
    /// holds the step ([`Limits::diagonal`]; a jump, Iris's, is judged by its first
    /// square).
    #[inline(always)]
    fn calm(self, from: Square, to: Square) -> bool {
        if self.diagonal.contains(from) && (from.row() == to.row() || from.col() == to.col()) {
            return false;
        }
        if self.winds == [None, None] {
            return true;
        }
        let step = (
            (to.row() + 5 - from.row()) % 5,
            (to.col() + 5 - from.col()) % 5,
        );
        !self.winds.contains(&Some(step))
    }

    /// The squares one calm step from any of `reached` (see [`Limits::calm`]).
    fn calm_neighbours(self, reached: Bitboard) -> Bitboard {
        if self.winds == [None, None] && self.diagonal.is_empty() {
            return reached.neighbours();
        }
        let mut around = Bitboard::EMPTY;
        for from in reached {
            for to in neighbours(from) {
                if self.calm(from, to) {
                    around = around.with(to);
                }
            }
        }
        around
    }
}

impl<S: Kernels> Position<S> {
    /// The squares no worker of the side to move may move onto (nor be pushed, swapped,
    /// flipped, dragged or jump onto) and none may build or dome: the domes and
    /// [`Position::frozen`].
    #[inline]
    fn blocked(&self) -> Bitboard {
        self.levels.domes() | self.frozen()
    }

    /// The squares santorini-ai freezes for the side to move: Europa's Talus
    /// ([`Position::talus`]), whichever god moves, as santorini-ai puts her token into every
    /// god's blocking masks, and the coins of an opponent Clio ([`Position::frozen_coins`];
    /// never her own). A worker of the opponent's on a frozen square (Clio's on her coin)
    /// may not be jumped over (Iris), removed (Bia, Theseus, Medusa), flanked (Maenads),
    /// flipped (Charon) or dragged (Scylla): santorini-ai leaves those workers out of every
    /// power's targets (`!domes_and_frozen`).
    #[inline]
    fn frozen(&self) -> Bitboard {
        self.talus() | self.frozen_coins(self.side.index())
    }

    /// `player`'s wind if that player is Aeolus and it blows, as [`Limits::winds`] keeps
    /// it: the offset from C3 of the square his token byte holds.
    fn wind(&self, player: usize) -> Option<(u32, u32)> {
        if self.gods[player] != God::Aeolus {
            return None;
        }
        let square = self.token[player].square()?;
        Some(((square.row() + 3) % 5, (square.col() + 3) % 5))
    }

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
        if self.gods[1 - self.side.index()] == God::Persephone
            && self.gods[self.side.index()] == God::Proteus
            && self.workers[self.side.index()].len() >= 2
        {
            // Proteus: the turns whose step climbs, if there are any (the square a worker is
            // put on says nothing of the step: see `for_each_proteus_move`).
            let mut climbs = false;
            let mine = self.workers[self.side.index()];
            self.for_each_proteus_move(mine, self.limits(), true, &mut |_| climbs = true);
            self.for_each_proteus_move(mine, self.limits(), climbs, each);
            return;
        }
        if self.gods[1 - self.side.index()] == God::Persephone
            && self.gods[self.side.index()] == God::Stymphalians
        {
            // The Stymphalians: the moves along a path that climbs, if there are any (a
            // path may climb and come down again: see `for_each_stymphalians_climb`).
            let mut climbs = false;
            for from in self.workers[self.side.index()] {
                self.for_each_stymphalians_climb(from, &mut |_| climbs = true);
            }
            if climbs {
                for from in self.workers[self.side.index()] {
                    self.for_each_stymphalians_climb(from, each);
                }
                return;
            }
            self.for_each_unforced_move(each);
            return;
        }
        if self.gods[1 - self.side.index()] == God::Persephone {
            // Persephone: only the turns that climb, if there are any. Achilles's and
            // Bellerophon's power turns do not count towards whether there are (neither need
            // use his power to climb, as santorini-ai reads it), but count as climbs once
            // there are. Jason's new worker is always allowed (santorini-ai's reading: it
            // is no move), beside the climbs or, with none, beside every turn.
            let mut climbs = false;
            self.for_each_unforced_move(&mut |mv| {
                climbs |= !matches!(
                    mv,
                    Move::BuildFirst { .. }
                        | Move::BuildFirstWin { .. }
                        | Move::Leap { .. }
                        | Move::LeapWin { .. }
                ) && self.climbs(mv);
            });
            if climbs {
                self.for_each_unforced_move(&mut |mv| {
                    if self.climbs(mv) || matches!(mv, Move::PlaceBuild { .. }) {
                        each(mv);
                    }
                });
                return;
            }
        }
        self.for_each_unforced_move(each);
    }

    /// Whether `mv` of the side to move climbs, as Persephone demands (santorini-ai's
    /// reading): its worker ends higher than it started, or for Artemis either step goes up;
    /// Hermes's travel never climbs, a build first when the worker ends higher than it
    /// started after the first build (only Achilles's can).
    fn climbs(&self, mv: Move) -> bool {
        let h = |square: Square| self.height(square);
        let (from, to) = match mv {
            Move::Build { from, to, .. }
            | Move::Swap { from, to, .. }
            | Move::Push { from, to, .. }
            | Move::Dome { from, to, .. }
            | Move::BuildTwice { from, to, .. }
            | Move::BuildDouble { from, to, .. }
            | Move::BuildWin { from, to, .. }
            | Move::FlipBuild { from, to, .. }
            | Move::FlipWin { from, to, .. }
            | Move::BuildRemove { from, to, .. }
            | Move::BuildDome { from, to, .. }
            | Move::BuildDomes { from, to, .. }
            | Move::BuildMore { from, to, .. }
            | Move::BuildSlay { from, to, .. }
            | Move::BuildTalus { from, to, .. }
            | Move::BuildHead { from, to, .. }
            | Move::BuildWind { from, to, .. }
            | Move::Trade { from, to, .. }
            | Move::Drag { from, to, .. }
            | Move::Step { from, to }
            | Move::BuildBlocks { from, to, .. }
            | Move::Win { from, to } => (from, to),
            // Castor's turn moving both climbs if either worker ends higher (the move given
            // of two pairings of the squares is one that climbs, if one does); his win
            // steps up onto level 3.
            Move::MoveBoth { from, to } => {
                return h(to[0]) > h(from[0]) || h(to[1]) > h(from[1]);
            }
            Move::MoveBothWin { .. } => return true,
            Move::BuildBoth { .. } | Move::BuildStill { .. } => return false,
            // Not judged here: Proteus's climb is his step's (`for_each_proteus_move`).
            Move::Shift { .. } => return false,
            Move::BuildFirst {
                first, from, to, ..
            } => {
                return h(to) + u8::from(to == first) > h(from);
            }
            Move::BuildFirstWin { .. } | Move::Leap { .. } | Move::LeapWin { .. } => return true,
            Move::Place(..)
            | Move::PlaceThree(..)
            | Move::Travel { .. }
            | Move::ClaimWin
            | Move::Flip { .. }
            | Move::PlaceBuild { .. } => {
                return false;
            }
        };
        if self.gods[self.side.index()] != God::Artemis {
            return h(to) > h(from);
        }
        if neighbours(from).contains(to) && h(to) == h(from) + 1 {
            return true;
        }
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.blocked();
        // Two steps through a free square, one of them up (not a win on the first).
        ((neighbours(from) & neighbours(to)) - occupied - domes)
            .iter()
            .any(|mid| {
                let (hf, hm, ht) = (h(from), h(mid), h(to));
                hm <= hf + 1 && (hf, hm) != (2, 3) && ht <= hm + 1 && (hm == hf + 1 || ht == hm + 1)
            })
    }

    /// What the opponent's god forbids the side to move this turn.
    fn limits(&self) -> Limits {
        let me = self.side.index();
        let theirs = self.workers[1 - me];
        let them = self.gods[1 - me];
        Limits {
            // Athena's or Nike's flag on the opponent's side: no step of this turn may go up.
            up: u8::from(!self.holds_down(1 - me)),
            no_down: them == God::Hades,
            hera: them == God::Hera,
            unbuildable: if them == God::Limus {
                self.limus_zone(theirs)
            } else {
                Bitboard::EMPTY
            },
            zone: if them == God::Aphrodite {
                theirs.iter().fold(theirs, |zone, w| zone | neighbours(w))
            } else {
                Bitboard::EMPTY
            },
            winds: [self.wind(1 - me), self.wind(me)],
            diagonal: if them == God::Hippolyta {
                Bitboard::FULL
            } else if self.gods[me] == God::Hippolyta {
                match self.token[me].square() {
                    Some(female) => self.workers[me].without(female),
                    None => self.workers[me],
                }
            } else {
                Bitboard::EMPTY
            },
        }
    }

    /// Proteus's turns with two workers or more (santorini-ai's `proteus.rs`): a worker of
    /// `movers` steps as a mortal's would (only up one level when `climb`, Persephone's
    /// demand, which santorini-ai judges on the step), then another of his workers, any
    /// one, fills the square it left. A climb onto level 3 wins first, with no filling. The
    /// position after the others is his workers less the one that filled plus the step's
    /// end, so the turn is the filling worker's [`Move::Shift`] from its square to that end
    /// (there is no step between the two: it is put), the build next to the end; each
    /// square reached by several steps is one move. Against Harpies the step slides on
    /// first, the filling worker's square blocking nothing: a slide ending on it leaves his
    /// workers where they stood, a turn that only builds, given once whichever workers.
    fn for_each_proteus_move(
        &self,
        movers: Bitboard,
        limits: Limits,
        climb: bool,
        each: &mut impl FnMut(Move),
    ) {
        let me = self.side.index();
        let mine = self.workers[me];
        let occupied = mine | self.workers[1 - me];
        let domes = self.blocked();
        let harpies = self.gods[1 - me] == God::Harpies;
        let h = |square: Square| self.height(square);
        // Each mover's steps, its winning climbs given first.
        let mut steps = [Bitboard::EMPTY; 25];
        for from in movers {
            let mut targets = Bitboard::EMPTY;
            for to in neighbours(from) - occupied - domes {
                let allowed = if climb {
                    h(to) == h(from) + 1
                } else {
                    limits.step(h(from), h(to))
                };
                // Aeolus's wind holds the step (the worker that fills is put, not moved).
                if !allowed || !limits.may_end(from, to) || !limits.calm(from, to) {
                    continue;
                }
                if h(from) == 2 && h(to) == 3 && limits.may_win_on(to) {
                    each(Move::Win { from, to });
                } else {
                    targets = targets.with(to);
                }
            }
            steps[from.index()] = targets;
        }
        let mut stayed_builds = Bitboard::EMPTY;
        for filler in mine {
            let others = occupied.without(filler);
            let mut ends = Bitboard::EMPTY;
            for from in movers.without(filler) {
                for to in steps[from.index()] {
                    let end = if harpies {
                        self.harpies_slide(from, to, others)
                    } else {
                        to
                    };
                    if ends.contains(end) {
                        continue;
                    }
                    ends = ends.with(end);
                    let mut builds =
                        neighbours(end) - others.with(end) - domes - limits.unbuildable;
                    if end == filler {
                        builds -= stayed_builds;
                        stayed_builds |= builds;
                    }
                    for build in builds {
                        each(Move::Shift {
                            from: filler,
                            to: end,
                            build,
                        });
                    }
                }
            }
        }
    }

    /// [`Position::for_each_power_move`]'s moves before Persephone's demand.
    fn for_each_unforced_move(&self, each: &mut impl FnMut(Move)) {
        let me = self.side.index();
        let god = self.gods[me];
        let mine = self.workers[me];
        let theirs = self.workers[1 - me];
        let occupied = mine | theirs;
        let domes = self.blocked();
        let h = |square: Square| self.height(square);
        let them = self.gods[1 - me];
        // Chronus: the towers standing at the start of his turn (every dome counts: see `God`;
        // Europa's Talus, in `domes` here, is none).
        let towers = if god == God::Chronus {
            self.levels.domes().len()
        } else {
            0
        };
        if towers >= 5 {
            // The opponent completed the fifth: his whole turn is the win.
            each(Move::ClaimWin);
            return;
        }
        let limits = self.limits();
        // Hypnus: a worker higher than the other stays put; a lone worker of Hydra's is
        // higher than all her others (santorini-ai's reading).
        let movers = if them == God::Hypnus {
            if god == God::Hydra && mine.len() < 2 {
                Bitboard::EMPTY
            } else {
                self.hypnus_movers(mine)
            }
        } else {
            mine
        };
        let reachable = |from: Square, to: Square| {
            if god == God::Pegasus {
                limits.leap(h(from), h(to))
            } else {
                limits.step(h(from), h(to))
            }
        };
        // Urania's board wraps around.
        let around = |square: Square| {
            if god == God::Urania {
                wrapping_neighbours(square)
            } else {
                neighbours(square)
            }
        };
        // Maenads: the squares beyond an opponent worker from one of hers, where a worker of
        // hers that ends her turn flanks it with the other.
        let mut flanks = Bitboard::EMPTY;
        if god == God::Maenads {
            for worker in mine {
                // Not a worker on a frozen square (Clio's on her coin).
                for other in (neighbours(worker) & theirs) - domes {
                    if let Some(beyond) = Move::push_target(worker, other) {
                        flanks = flanks.with(beyond);
                    }
                }
            }
        }
        // Eros: the level-1 squares next to his other worker when it stands on level 1 (the
        // one that does not move).
        let eros_spot = |from: Square, to: Square| {
            god == God::Eros
                && h(to) == 1
                && mine
                    .without(from)
                    .iter()
                    .any(|other| h(other) == 1 && neighbours(other).contains(to))
        };
        let wins = |from: Square, to: Square| {
            ((h(from) == 2 && h(to) == 3)
                || eros_spot(from, to)
                || (god == God::Pan && h(from) >= h(to) + 2)
                || (god == God::Iris && h(from) < 3 && h(to) == 3))
                && limits.may_win_on(to)
        };

        if god == God::Hermes {
            self.for_each_travel(movers, limits, each);
        }
        if god == God::Prometheus {
            self.for_each_build_first(movers, limits, each);
        }
        if god == God::Achilles && !self.god_flag[me] {
            self.for_each_achilles_power(movers, limits, each);
        }
        if god == God::Charon {
            self.for_each_charon_flip(movers, limits, each);
        }
        if god == God::CharonV2 {
            // Every worker may flip, one that Hypnus holds still too: a flip is not a move.
            self.for_each_flip(mine, each);
        }
        if god == God::Jason && !self.god_flag[me] {
            // His new worker, once a game: on the ground of the perimeter, free of every
            // limit on moves (it is no move), then its build, within Limus's zone; never on
            // Europa's Talus (in `domes`), which santorini-ai freezes for every placement.
            for place in perimeter() - occupied - domes {
                if h(place) != 0 {
                    continue;
                }
                for build in neighbours(place) - occupied - domes - limits.unbuildable {
                    each(Move::PlaceBuild { place, build });
                }
            }
        }
        if god == God::Castor {
            self.for_each_castor_power(mine, movers, limits, each);
        }
        if god == God::Proteus && mine.len() >= 2 {
            self.for_each_proteus_move(movers, limits, false, each);
            return;
        }
        if god == God::Stymphalians {
            if them == God::Harpies {
                for from in movers {
                    self.for_each_stymphalians_move_slid(from, each);
                }
            } else {
                for from in movers {
                    self.for_each_stymphalians_move(from, limits, each);
                }
            }
            return;
        }
        if god == God::Artemis && them == God::Harpies {
            self.for_each_artemis_move_slid(movers, limits, each);
            return;
        }
        if god == God::Artemis {
            for from in movers {
                self.for_each_artemis_move(from, limits, each);
            }
            return;
        }
        // The builds of turns whose worker Harpies slid back onto its own square (Urania's
        // wrapped steps): such a turn with either worker is one position, one move.
        let mut stayed_builds = Bitboard::EMPTY;
        for from in movers {
            // Apollo and Minotaur may step onto an opponent worker; ApolloV2 only onto one no
            // higher than his own level.
            let enterable = match god {
                God::Apollo | God::Minotaur => !occupied | theirs,
                God::ApolloV2 => {
                    let no_higher = theirs.into_iter().filter(|&w| h(w) <= h(from));
                    no_higher.fold(!occupied, Bitboard::with)
                }
                _ => !occupied,
            };
            let mut targets = Bitboard::EMPTY;
            for to in around(from) & (enterable - domes) {
                if reachable(from, to)
                    && !(god == God::Hermes && h(to) == h(from))
                    && limits.calm(from, to)
                {
                    targets = targets.with(to);
                }
            }
            if god == God::Iris {
                // Iris also jumps over a neighbouring worker, to any level (within the limits).
                // Not over a worker on a frozen square (Clio's on her coin).
                for over in (neighbours(from) & occupied) - domes {
                    if let Some(beyond) = Move::push_target(from, over)
                        && limits.calm(from, over)
                        && !occupied.contains(beyond)
                        && !domes.contains(beyond)
                        && limits.leap(h(from), h(beyond))
                    {
                        targets = targets.with(beyond);
                    }
                }
            }
            if god == God::Bellerophon && !self.god_flag[me] && limits.up == 1 {
                // His leap, once a game: up two levels, onto level 2 or 3.
                for to in around(from) - occupied - domes {
                    if h(to) != h(from) + 2 || !limits.may_end(from, to) || !limits.calm(from, to) {
                        continue;
                    }
                    if h(to) == 3 && limits.may_win_on(to) {
                        each(Move::LeapWin { from, to });
                        continue;
                    }
                    // Against Harpies his leap slides on from where it landed.
                    let to = if them == God::Harpies {
                        self.harpies_slide(from, to, occupied.without(from))
                    } else {
                        to
                    };
                    let after = occupied.without(from).with(to);
                    for build in around(to) - after - domes - limits.unbuildable {
                        each(Move::Leap { from, to, build });
                    }
                }
            }
            // Where Harpies slid this worker so far (see below).
            let mut slid_to = Bitboard::EMPTY;
            for to in targets {
                // Scylla's wins and drags are free of Aphrodite's zone (see `God`).
                let in_zone = limits.may_end(from, to);
                if !in_zone && god != God::Scylla {
                    continue;
                }
                // Where the displaced opponent worker goes, and the occupied squares after.
                let mut after = occupied.without(from).with(to);
                let mut pushed_to = None;
                if theirs.contains(to) {
                    if matches!(god, God::Apollo | God::ApolloV2) {
                        after = after.with(from);
                    } else {
                        match Move::push_target(from, to) {
                            Some(beyond)
                                if !occupied.contains(beyond) && !domes.contains(beyond) =>
                            {
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
                // Whether the step displaced an opponent worker (Apollo's swap, Minotaur's
                // push), judged before any slide: a slide may end where Bia removed one.
                let onto_theirs = theirs.contains(to);
                // Bia: the opponent worker beyond her step is gone before she builds (her
                // build may land where it stood), and before Harpies slide her on.
                let slain_by_bia = if god == God::Bia {
                    Move::push_target(from, to)
                        .filter(|&beyond| theirs.contains(beyond) && !domes.contains(beyond))
                } else {
                    None
                };
                if let Some(slain) = slain_by_bia {
                    after = after.without(slain);
                }
                // Harpies: a worker that moved slides on (a win stands where the step
                // ended, as santorini-ai judges it first), Apollo's after his swap too
                // (the swapped worker stands behind him); Minotaur's push never does (the
                // pushed worker blocks it). The square it left blocks nothing: Urania's
                // wrapped step may slide back onto it.
                let to = if them == God::Harpies && pushed_to.is_none() {
                    let end = self.harpies_slide(from, to, after.without(to));
                    // Urania's wrapped steps may slide to one square two ways: one move.
                    if slid_to.contains(end) {
                        continue;
                    }
                    slid_to = slid_to.with(end);
                    after = after.without(to).with(end);
                    end
                } else {
                    to
                };
                if flanks.contains(to) {
                    // Maenads flank a worker: a win, if a build could complete the turn.
                    if !(around(to) - after - domes - limits.unbuildable).is_empty() {
                        each(Move::Win { from, to });
                    }
                    continue;
                }
                if god == God::Scylla {
                    self.for_each_drag(from, to, each);
                    if !in_zone {
                        continue;
                    }
                }
                // Limus's zone follows a worker that Apollo or Minotaur displaced, or that
                // Bia removed.
                let unbuildable = if them == God::Limus && onto_theirs {
                    let displaced = theirs.without(to).with(pushed_to.unwrap_or(from));
                    self.limus_zone(displaced)
                } else if let (God::Limus, Some(slain)) = (them, slain_by_bia) {
                    self.limus_zone(theirs.without(slain))
                } else {
                    limits.unbuildable
                };
                // Graeae builds with one of her workers that did not move, next to it (the
                // square her mover left is free again).
                let buildable = if god == God::Graeae {
                    let still = mine.without(from);
                    still.iter().fold(Bitboard::EMPTY, |n, w| n | neighbours(w)) - after - domes
                } else {
                    around(to) - after - domes
                };
                let buildable = if to == from {
                    let fresh = buildable - stayed_builds;
                    stayed_builds |= fresh;
                    fresh
                } else {
                    buildable
                };
                // Theseus, his power unused: the opponent workers he may remove, each
                // exactly two levels above one of his workers next to it (where they stand
                // after his move: his build never lands on a worker).
                let mut slayable = Bitboard::EMPTY;
                if god == God::Theseus && !self.god_flag[me] {
                    for worker in mine.without(from).with(to) {
                        for other in (neighbours(worker) & theirs) - domes {
                            if h(other) == h(worker) + 2 {
                                slayable = slayable.with(other);
                            }
                        }
                    }
                }
                // Ares: the squares he may take a block from, next to his worker that did
                // not move (never a worker's nor a dome's), and whether the turn that takes
                // his own block back (one position, whichever square) was given yet.
                let (removable, mut undone) = if god == God::Ares {
                    let still = mine.without(from);
                    let near = still.iter().fold(Bitboard::EMPTY, |n, w| n | neighbours(w));
                    (near - after - domes, false)
                } else {
                    (Bitboard::EMPTY, true)
                };
                // Nemesis: whether she may trade at the end of this turn, no opponent worker
                // standing next to any of hers (where they stand after the move, and where
                // Harpies slid it).
                let trades = god == God::Nemesis
                    && mine
                        .without(from)
                        .with(to)
                        .iter()
                        .all(|worker| (neighbours(worker) & theirs).is_empty());
                // Morpheus: no build, one, or as many as his card pays for, on the squares
                // he may build on.
                if god == God::Morpheus {
                    self.for_each_morpheus_build(from, to, buildable - unbuildable, each);
                    continue;
                }
                // Zeus builds under himself (below level 3: never a dome under a worker).
                if god == God::Zeus && h(to) < 3 && !unbuildable.contains(to) {
                    each(Move::Build {
                        from,
                        to,
                        build: to,
                    });
                }
                // Selene: instead of the build, her female worker (where she stands after
                // the move) may dome any square next to her without a worker or a dome,
                // whatever its level; Limus's zone does not limit it (santorini-ai's, as for
                // Atlas). A dome on level 3 that the plain build makes is that move.
                if god == God::Selene
                    && let Some(female) = self.token[me].square()
                {
                    let female = if female == from { to } else { female };
                    let plain = buildable - unbuildable;
                    for dome in neighbours(female) - after - domes {
                        if h(dome) < 3 || !plain.contains(dome) {
                            each(Move::Dome {
                                from,
                                to,
                                build: dome,
                            });
                        }
                    }
                }
                for build in buildable {
                    let allowed = !unbuildable.contains(build);
                    let plain = match (onto_theirs, pushed_to) {
                        // Chronus's dome on level 3 that completes the fifth tower wins.
                        (false, _) if towers == 4 && h(build) == 3 => {
                            Move::BuildWin { from, to, build }
                        }
                        (false, _) => Move::Build { from, to, build },
                        (true, None) => Move::Swap { from, to, build },
                        (true, Some(_)) => Move::Push { from, to, build },
                    };
                    // Hydra's every turn with a build gains or loses a worker.
                    if allowed && god != God::Hydra {
                        each(plain);
                    }
                    match god {
                        // santorini-ai lets Atlas's dome ignore Limus.
                        God::Atlas if h(build) <= 2 => each(Move::Dome { from, to, build }),
                        // Ares's removal: a block below a dome (level 1 to 3 before the
                        // build), or his own new block unless it made a dome; that one
                        // once a move, on the first such square.
                        God::Ares if allowed => {
                            for remove in removable {
                                if remove == build {
                                    if h(build) == 3 || undone {
                                        continue;
                                    }
                                    undone = true;
                                } else if h(remove) == 0 {
                                    continue;
                                }
                                each(Move::BuildRemove {
                                    from,
                                    to,
                                    build,
                                    remove,
                                });
                            }
                        }
                        // Asteria, having moved down, domes any square without a worker or a
                        // dome (not her build's if it domed it). A build on one level-3
                        // square and the dome on another she could build on is the other
                        // order's position too: given once, building on the first.
                        God::Asteria if allowed && h(to) < h(from) => {
                            let spots = Bitboard::FULL - after - domes;
                            for dome in spots {
                                let same_as_swapped = h(build) == 3
                                    && h(dome) == 3
                                    && dome < build
                                    && (buildable - unbuildable).contains(dome);
                                if (dome == build && h(build) == 3) || same_as_swapped {
                                    continue;
                                }
                                each(Move::BuildDome {
                                    from,
                                    to,
                                    build,
                                    dome,
                                });
                            }
                        }
                        God::Hydra if allowed => {
                            self.for_each_hydra_head(movers, limits, from, to, build, each);
                        }
                        // Theseus, his power unused: any one of the opponent workers exactly
                        // two levels above a worker of his next to it.
                        God::Theseus if allowed => {
                            for slain in slayable {
                                each(Move::BuildSlay {
                                    from,
                                    to,
                                    build,
                                    slain,
                                });
                            }
                        }
                        // Polyphemus, his power unused: one or two domes anywhere.
                        God::Polyphemus if allowed && !self.god_flag[me] => {
                            let spots = Bitboard::FULL - after - domes;
                            self.for_each_polyphemus_dome(
                                from,
                                to,
                                build,
                                spots,
                                buildable - unbuildable,
                                each,
                            );
                        }
                        // Poseidon: his worker that did not move, on the ground, builds one
                        // to three more times next to itself.
                        God::Poseidon if allowed => {
                            if let Some(standing) = mine.without(from).iter().next()
                                && h(standing) == 0
                            {
                                let spots = neighbours(standing) - after - domes - unbuildable;
                                self.for_each_poseidon_build(
                                    from,
                                    to,
                                    build,
                                    buildable - unbuildable,
                                    spots,
                                    each,
                                );
                            }
                        }
                        // Europa: her Talus to a square next to her worker without a worker, a
                        // dome or a token (so not where it stands), not onto her build's
                        // square if the build domed it.
                        God::Europa if allowed => {
                            for talus in neighbours(to) - after - domes {
                                if talus != build || h(build) < 3 {
                                    each(Move::BuildTalus {
                                        from,
                                        to,
                                        build,
                                        talus,
                                    });
                                }
                            }
                        }
                        // Aeolus: with no wind blowing, any of the eight (none is the plain
                        // build); with one, keeping it (calming it is the plain build).
                        God::Aeolus if allowed => {
                            let winds = match self.token[me].square() {
                                Some(wind) => wind.bitboard(),
                                None => winds_around_c3(),
                            };
                            for wind in winds {
                                each(Move::BuildWind {
                                    from,
                                    to,
                                    build,
                                    wind,
                                });
                            }
                        }
                        God::Nemesis if allowed && trades => {
                            self.for_each_nemesis_trade(from, to, build, each);
                        }
                        God::Hephaestus if allowed && h(build) <= 1 => {
                            each(Move::BuildDouble { from, to, build });
                        }
                        // Hestia's second build: off the perimeter, the same square too
                        // while it is below level 3; a pair of two middle squares once.
                        God::Hestia if allowed => {
                            for second in buildable - unbuildable {
                                if !in_middle(second)
                                    || (in_middle(build) && second < build)
                                    || (second == build && h(build) >= 3)
                                {
                                    continue;
                                }
                                each(Move::BuildTwice {
                                    from,
                                    to,
                                    builds: [build.min(second), build.max(second)],
                                });
                            }
                        }
                        God::Demeter if allowed => {
                            for second in buildable
                                - unbuildable
                                - Bitboard::from_bits_truncate((2u64 << build.bit()) - 1)
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

    /// Castor's turns beside the plain move and build (santorini-ai's `castor.rs`), each
    /// position once. With two workers: both build, each once next to itself (the same
    /// square too, below level 3), neither moving; or both move, neither building
    /// ([`Position::for_each_castor_move_both`]). With one: it moves without a build
    /// ([`Move::Step`]), or builds next to itself without moving.
    fn for_each_castor_power(
        &self,
        mine: Bitboard,
        movers: Bitboard,
        limits: Limits,
        each: &mut impl FnMut(Move),
    ) {
        let me = self.side.index();
        let occupied = mine | self.workers[1 - me];
        let domes = self.blocked();
        let mut workers = mine.iter();
        let (Some(a), second) = (workers.next(), workers.next()) else {
            return;
        };
        let spots = |worker: Square| neighbours(worker) - occupied - domes - limits.unbuildable;
        let Some(b) = second else {
            // His lone worker: a move without a build (a win is the plain one), or a build.
            if movers.contains(a) {
                self.for_each_castor_step(a, occupied, limits, |to, _| {
                    each(Move::Step { from: a, to });
                });
            }
            for build in spots(a) {
                each(Move::BuildStill { build });
            }
            return;
        };
        // Both build: each pair of squares once (two blocks on a square below level 3).
        let mut seen = [0u32; 25];
        for x in spots(a) {
            for y in spots(b) {
                if x == y && self.height(x) >= 3 {
                    continue;
                }
                let (low, high) = (x.min(y), x.max(y));
                let bit = 1u32 << high.index();
                if seen[low.index()] & bit == 0 {
                    seen[low.index()] |= bit;
                    each(Move::BuildBoth {
                        builds: [low, high],
                    });
                }
            }
        }
        // Hypnus holding one worker holds the turn that moves both.
        if movers == mine {
            self.for_each_castor_move_both(a, b, limits, each);
        }
    }

    /// Where Castor's worker on `from` may step with `occupied` (his other worker where it
    /// stands then), each end given with whether the step climbs: not a win (that turn is
    /// the plain one), and against Harpies where the slide ends (the square left blocking
    /// nothing).
    fn for_each_castor_step(
        &self,
        from: Square,
        occupied: Bitboard,
        limits: Limits,
        mut each: impl FnMut(Square, bool),
    ) {
        let h = |square: Square| self.height(square);
        let them = self.gods[1 - self.side.index()];
        for to in neighbours(from) - occupied - self.blocked() {
            if !limits.step(h(from), h(to)) || !limits.calm(from, to) || !limits.may_end(from, to) {
                continue;
            }
            if h(from) == 2 && h(to) == 3 && limits.may_win_on(to) {
                continue;
            }
            let end = if them == God::Harpies {
                self.harpies_slide(from, to, occupied.without(from))
            } else {
                to
            };
            each(end, h(to) > h(from));
        }
    }

    /// Castor's turns moving both workers, from `a` and `b` (`a < b`): one moves (against
    /// Harpies it slides on with the other still standing), then the other (sliding with
    /// the first where it ended), in either order; neither step may win, but for the
    /// second's step up onto level 3 where the first stood, which no step alone makes
    /// (santorini-ai gives no other win: a step that wins alone is the plain win). Each
    /// position once ([`Move::MoveBoth`] keeps the squares in square order), given as a
    /// pairing that climbs if one does (Persephone's demand).
    fn for_each_castor_move_both(
        &self,
        a: Square,
        b: Square,
        limits: Limits,
        each: &mut impl FnMut(Move),
    ) {
        let mut found: ArrayVec<(Move, bool), 160> = ArrayVec::new();
        self.castor_pairings(a, b, limits, &mut |mv, climbs| {
            let same = |other: &Move| match (other, mv) {
                (Move::MoveBoth { to: x, .. }, Move::MoveBoth { to: y, .. }) => {
                    x[0].bitboard().with(x[1]) == y[0].bitboard().with(y[1])
                }
                _ => *other == mv,
            };
            match found.iter_mut().find(|(other, _)| same(other)) {
                Some(slot) => {
                    if climbs && !slot.1 {
                        *slot = (mv, climbs);
                    }
                }
                None => found.push((mv, climbs)),
            }
        });
        for (mv, _) in found {
            each(mv);
        }
    }

    /// Every pairing and order of Castor's turns moving both (see
    /// [`Position::for_each_castor_move_both`]), a position as often as it is reached, each
    /// with whether a step climbs.
    fn castor_pairings(
        &self,
        a: Square,
        b: Square,
        limits: Limits,
        each: &mut impl FnMut(Move, bool),
    ) {
        let h = |square: Square| self.height(square);
        let theirs = self.workers[1 - self.side.index()];
        for (first, second) in [(a, b), (b, a)] {
            self.for_each_castor_step(first, theirs.with(second), limits, |end, up| {
                // The second: a win only onto the square the first left, and not where
                // the first went onto a level 3 that the second could have won on alone
                // (the plain win's position: santorini-ai's too).
                let wins_on = |to: Square| {
                    neighbours(second).contains(to)
                        && h(second) == 2
                        && h(to) == 3
                        && limits.may_win_on(to)
                        && limits.step(2, 3)
                        && limits.calm(second, to)
                        && limits.may_end(second, to)
                };
                if wins_on(first) && !wins_on(end) {
                    let win = Move::MoveBothWin {
                        from: [first, second],
                        to: [end, first],
                    };
                    each(win, true);
                }
                self.for_each_castor_step(second, theirs.with(end), limits, |last, up2| {
                    let (from, to) = if first < second {
                        ([first, second], [end, last])
                    } else {
                        ([second, first], [last, end])
                    };
                    each(Move::MoveBoth { from, to }, up || up2);
                });
            });
        }
    }

    /// Whether Castor's text `written` (a [`Move::MoveBoth`] as read, either pairing of its
    /// squares) is one of his turns here: each written worker reaching its written square in
    /// some order.
    pub(crate) fn castor_written(&self, written: Move) -> bool {
        let Move::MoveBoth { from, .. } = written else {
            return false;
        };
        let limits = self.limits();
        let mut ok = false;
        self.castor_pairings(from[0], from[1], limits, &mut |mv, _| {
            ok |= mv == written;
        });
        ok
    }

    /// Nemesis's trades after her worker moved from `from` to `to` and built on `build`
    /// (santorini-ai's `nemesis.rs`), no opponent worker standing next to hers: as many of
    /// the opponent's workers as possible trade places with hers. A lone worker of hers
    /// trades with any one of theirs; her two with a lone one of theirs, either of hers;
    /// her two with any two of theirs, the pair in square order (her workers are alike),
    /// and in the other order too when a female worker (Selene's or Hippolyta's) is among
    /// them (where she ends is then the difference).
    fn for_each_nemesis_trade(
        &self,
        from: Square,
        to: Square,
        build: Square,
        each: &mut impl FnMut(Move),
    ) {
        let me = self.side.index();
        let theirs = self.workers[1 - me];
        let mine = self.workers[me].without(from).with(to);
        let trade = |trades: [Option<Square>; 2]| Move::Trade {
            from,
            to,
            build,
            trades,
        };
        if mine.len() < 2 || theirs.len() < 2 {
            for square in theirs {
                each(trade([Some(square), None]));
                if mine.len() >= 2 {
                    each(trade([None, Some(square)]));
                }
            }
            return;
        }
        let female = if self.gods[1 - me].has_female_worker() {
            self.token[1 - me].square()
        } else {
            None
        };
        for a in theirs {
            for b in theirs - Bitboard::from_bits_truncate((2u64 << a.bit()) - 1) {
                each(trade([Some(a), Some(b)]));
                if female == Some(a) || female == Some(b) {
                    each(trade([Some(b), Some(a)]));
                }
            }
        }
    }

    /// Where Harpies force a worker that moved from `from` onto `to`: on, square by square
    /// in the same direction (a jump's or a wrapped step's direction, one square at a time,
    /// never wrapping again), while the next square is on the board, free of `blockers` and
    /// domes, and no higher than the one it leaves (santorini-ai's `harpies.rs`).
    fn harpies_slide(&self, from: Square, to: Square, blockers: Bitboard) -> Square {
        // Europa's Talus stops a slide as a worker does (santorini-ai's slide blockers hold
        // its frozen squares).
        Self::harpies_slide_on(from, to, blockers | self.frozen(), |square| {
            self.height(square)
        })
    }

    /// [`Position::harpies_slide`] on the levels `h` (Prometheus's and Achilles's, after
    /// their first build: it may raise the square stepped onto, never one beyond it, which
    /// is two squares from where the worker started).
    fn harpies_slide_on(
        from: Square,
        to: Square,
        blockers: Bitboard,
        h: impl Fn(Square) -> u8,
    ) -> Square {
        let unit = |d: i64| match d {
            0 => 0,
            1 | 2 | -4 => 1,
            _ => -1,
        };
        let dr = unit(i64::from(to.row()) - i64::from(from.row()));
        let dc = unit(i64::from(to.col()) - i64::from(from.col()));
        let mut at = to;
        loop {
            let (r, c) = (i64::from(at.row()) + dr, i64::from(at.col()) + dc);
            let next = match (u32::try_from(r), u32::try_from(c)) {
                (Ok(r), Ok(c)) => Square::new(r, c),
                _ => None,
            };
            match next {
                Some(next) if !blockers.contains(next) && h(next) <= h(at) => {
                    at = next;
                }
                _ => return at,
            }
        }
    }

    /// Charon's turns that flip first, by the workers `movers`: each neighbouring opponent
    /// worker goes to the free square straight across the worker (any level, not a dome),
    /// which then moves and builds as a mortal's would with the flipped worker where it
    /// went (Aphrodite's zone and Limus's as they are after the flip). As santorini-ai's
    /// `charon.rs` has it, a flip never leads to a square the worker could have won on
    /// without one.
    fn for_each_charon_flip(&self, movers: Bitboard, limits: Limits, each: &mut impl FnMut(Move)) {
        let me = self.side.index();
        let mine = self.workers[me];
        let theirs = self.workers[1 - me];
        let domes = self.blocked();
        let them = self.gods[1 - me];
        let h = |square: Square| self.height(square);
        let wins = |from: Square, to: Square| h(from) == 2 && h(to) == 3 && limits.may_win_on(to);
        for from in movers {
            let others = mine.without(from);
            let steps = (neighbours(from) - others - domes)
                .iter()
                .filter(|&to| limits.step(h(from), h(to)) && limits.calm(from, to))
                .fold(Bitboard::EMPTY, Bitboard::with);
            let plain_wins = (steps - theirs)
                .iter()
                .filter(|&to| wins(from, to) && limits.may_end(from, to))
                .fold(Bitboard::EMPTY, Bitboard::with);
            // Not a worker on a frozen square (Clio's on her coin).
            for flipped in (neighbours(from) & theirs) - domes {
                let Some(across) = Move::flip_target(from, flipped) else {
                    continue;
                };
                if (mine | theirs | domes).contains(across) {
                    continue;
                }
                let theirs_after = theirs.without(flipped).with(across);
                let zone = if them == God::Aphrodite {
                    theirs_after
                        .iter()
                        .fold(theirs_after, |zone, w| zone | neighbours(w))
                } else {
                    Bitboard::EMPTY
                };
                let unbuildable = if them == God::Limus {
                    self.limus_zone(theirs_after)
                } else {
                    Bitboard::EMPTY
                };
                for to in steps - theirs_after - plain_wins {
                    if zone.contains(from) && !zone.contains(to) {
                        continue;
                    }
                    if wins(from, to) {
                        each(Move::FlipWin { flipped, from, to });
                        continue;
                    }
                    // Against Harpies the step slides on (never over the flip's squares,
                    // both next to where it started).
                    let to = if them == God::Harpies {
                        self.harpies_slide(from, to, others | theirs_after)
                    } else {
                        to
                    };
                    for build in neighbours(to) - others - theirs_after - domes - unbuildable {
                        each(Move::FlipBuild {
                            flipped,
                            from,
                            to,
                            build,
                        });
                    }
                }
            }
        }
    }

    /// CharonV2's flips by the workers `mine`: each neighbouring opponent worker goes to the
    /// free square straight across the flipping worker (any level, not a dome), which then
    /// builds next to itself where the opponent allows it (Limus's zone as it is after the
    /// flip). santorini-ai's `charon_v2.rs`.
    fn for_each_flip(&self, mine: Bitboard, each: &mut impl FnMut(Move)) {
        let theirs = self.workers[1 - self.side.index()];
        let blocked = mine | theirs | self.blocked();
        let them = self.gods[1 - self.side.index()];
        for worker in mine {
            // Not a worker on a frozen square (Clio's on her coin).
            for from in (neighbours(worker) & theirs) - self.blocked() {
                let Some(to) = Move::flip_target(worker, from) else {
                    continue;
                };
                if blocked.contains(to) {
                    continue;
                }
                let unbuildable = if them == God::Limus {
                    self.limus_zone(theirs.without(from).with(to))
                } else {
                    Bitboard::EMPTY
                };
                let free = neighbours(worker) - blocked.without(from).with(to) - unbuildable;
                for build in free {
                    each(Move::Flip {
                        worker,
                        from,
                        build,
                    });
                }
            }
        }
    }

    /// Scylla's drags for her worker's move from `from` to `to` (not a win): each opponent
    /// worker next to `from` may be dragged into it, then she builds next to `to`, on the
    /// square the dragged worker left too. Limus's zone follows a dragged Limus worker.
    fn for_each_drag(&self, from: Square, to: Square, each: &mut impl FnMut(Move)) {
        let me = self.side.index();
        let theirs = self.workers[1 - me];
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.blocked();
        // Not a worker on a frozen square (Clio's on her coin).
        for dragged in (neighbours(from) & theirs) - domes {
            let after = occupied.without(dragged).with(to);
            let unbuildable = if self.gods[1 - me] == God::Limus {
                self.limus_zone(theirs.without(dragged).with(from))
            } else {
                Bitboard::EMPTY
            };
            for build in neighbours(to) - after - domes - unbuildable {
                each(Move::Drag {
                    from,
                    to,
                    dragged,
                    build,
                });
            }
        }
    }

    /// Artemis's moves from `from`: one or two steps, keyed by the final square (never the
    /// starting one); a square reached by any winning path is only a win.
    fn for_each_artemis_move(&self, from: Square, limits: Limits, each: &mut impl FnMut(Move)) {
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.blocked();
        let h = |square: Square| self.height(square);
        let steps = |at: Square| {
            (neighbours(at) - occupied - domes)
                .iter()
                .filter(move |&to| limits.step(h(at), h(to)) && limits.calm(at, to))
        };
        let wins_on = |at: Square, to: Square| h(at) == 2 && h(to) == 3 && limits.may_win_on(to);
        let mut wins = Bitboard::EMPTY;
        let mut finals = Bitboard::EMPTY;
        for first in steps(from) {
            if wins_on(from, first) {
                wins = wins.with(first);
                continue;
            }
            finals = finals.with(first);
            for second in steps(first) {
                if wins_on(first, second) {
                    wins = wins.with(second);
                } else {
                    finals = finals.with(second);
                }
            }
        }
        // Aphrodite judges only where the move ends.
        for to in wins {
            if limits.may_end(from, to) {
                each(Move::Win { from, to });
            }
        }
        for to in finals - wins {
            if !limits.may_end(from, to) {
                continue;
            }
            let after = occupied.without(from).with(to);
            for build in neighbours(to) - after - domes - limits.unbuildable {
                each(Move::Build { from, to, build });
            }
        }
    }

    /// Artemis's moves against Harpies (santorini-ai's `artemis_move_gen_vs_harpies`): each
    /// step slides on, the second from where the first slide ended, never onto the square
    /// the worker started from (a slide may carry it back there: a turn that only builds,
    /// one move whichever worker makes it). A climb onto level 3 wins where the step landed,
    /// before any slide; a square reached by any winning path is only a win.
    #[inline(never)]
    fn for_each_artemis_move_slid(
        &self,
        movers: Bitboard,
        limits: Limits,
        each: &mut impl FnMut(Move),
    ) {
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.levels.domes();
        let h = |square: Square| self.height(square);
        let wins_on = |at: Square, to: Square| h(at) == 2 && h(to) == 3 && limits.may_win_on(to);
        let mut stayed_builds = Bitboard::EMPTY;
        for from in movers {
            let others = occupied.without(from);
            let steps = |at: Square| {
                (neighbours(at) - others - domes)
                    .iter()
                    .filter(move |&to| limits.step(h(at), h(to)) && limits.calm(at, to))
            };
            let mut wins = Bitboard::EMPTY;
            let mut ends = Bitboard::EMPTY;
            for first in steps(from) {
                if wins_on(from, first) {
                    wins = wins.with(first);
                }
            }
            for first in steps(from) {
                if wins.contains(first) {
                    continue;
                }
                let middle = self.harpies_slide(from, first, others);
                ends = ends.with(middle);
                for second in steps(middle) {
                    if second == from || wins.contains(second) {
                        continue;
                    }
                    if wins_on(middle, second) {
                        wins = wins.with(second);
                        continue;
                    }
                    ends = ends.with(self.harpies_slide(middle, second, others));
                }
            }
            for to in wins {
                each(Move::Win { from, to });
            }
            for to in ends - wins {
                let mut builds = neighbours(to) - others - domes - limits.unbuildable;
                if to == from {
                    builds -= stayed_builds;
                    stayed_builds |= builds;
                }
                for build in builds {
                    each(Move::Build { from, to, build });
                }
            }
        }
    }

    /// One step of a worker from `at` under `limits`: the free squares next to it (no worker,
    /// dome or Talus in `blocked`) within its height rule and Aeolus's wind.
    fn limited_steps(&self, at: Square, blocked: Bitboard, limits: Limits) -> Bitboard {
        let h = self.height(at);
        (neighbours(at) - blocked)
            .iter()
            .filter(|&to| limits.step(h, self.height(to)) && limits.calm(at, to))
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// The squares of `squares` higher than `at`.
    fn higher_than(&self, squares: Bitboard, at: Square) -> Bitboard {
        let h = self.height(at);
        squares
            .iter()
            .filter(|&square| self.height(square) > h)
            .fold(Bitboard::EMPTY, Bitboard::with)
    }

    /// The Stymphalians' build after their worker went from `from` to `to`: next to `to`,
    /// off every worker, dome, Talus and Limus's zone (`from` is never next to `to`).
    fn stymphalians_builds(
        &self,
        from: Square,
        to: Square,
        unbuildable: Bitboard,
        each: &mut impl FnMut(Move),
    ) {
        let occupied = self.workers[0] | self.workers[1];
        for build in neighbours(to) - occupied - self.blocked() - unbuildable {
            each(Move::Build { from, to, build });
        }
    }

    /// The Stymphalians' moves of the worker on `from` (santorini-ai's `stymphalians.rs`):
    /// two or three steps, each within `limits` (Athena's or Nike's flag, Hades's, Aeolus's
    /// wind), never through a worker, a dome or the Talus, ending neither on nor next to
    /// `from` (and in Aphrodite's zone if it starts there). A step from level 2 onto a
    /// level 3 where the move may end (and win, off the perimeter against Hera) wins there,
    /// as the second or the third step; such a square is then only a win: no move ends on it
    /// otherwise and, won on the second step, no third step goes on from it. The squares the
    /// worker reaches in one step are not passed through again (nothing is lost: their
    /// neighbours are reached in two). Each end square is one move (its paths are not
    /// written: `B3>D5^E5`, `B3>D5#`).
    fn for_each_stymphalians_move(
        &self,
        from: Square,
        limits: Limits,
        each: &mut impl FnMut(Move),
    ) {
        let blocked = self.workers[0] | self.workers[1] | self.blocked();
        let near = neighbours(from).with(from);
        let ends = (Bitboard::FULL - blocked - near)
            .iter()
            .filter(|&to| limits.may_end(from, to))
            .fold(Bitboard::EMPTY, Bitboard::with);
        let winnable = (ends & self.levels.at(3))
            .iter()
            .filter(|&to| limits.may_win_on(to))
            .fold(Bitboard::EMPTY, Bitboard::with);
        let first = self.limited_steps(from, blocked, limits);
        // The squares not yet reached in one step, nor won on.
        let mut fresh = Bitboard::FULL - first - from.bitboard();
        let mut wins = Bitboard::EMPTY;
        let mut second = Bitboard::EMPTY;
        for at in first {
            let next = self.limited_steps(at, blocked, limits);
            if self.height(at) == 2 {
                let won = next & winnable & fresh;
                wins |= won;
                fresh -= won;
            }
            second |= next;
        }
        second &= fresh;
        let mut third = Bitboard::EMPTY;
        for at in second {
            let next = self.limited_steps(at, blocked, limits);
            if self.height(at) == 2 {
                let won = next & winnable & fresh;
                wins |= won;
                fresh -= won;
            }
            third |= next;
        }
        for to in wins {
            each(Move::Win { from, to });
        }
        for to in (second | third) & ends & fresh {
            self.stymphalians_builds(from, to, limits.unbuildable, each);
        }
    }

    /// The Stymphalians' moves of the worker on `from` along a path that climbs, as
    /// Persephone demands (santorini-ai's `stymphalians_vs_persephone_must_climb`): some step
    /// of the two or three goes up, and the path may come down again after it. A climb from
    /// level 2 onto a level 3 where the move may end wins there, and no other move ends on
    /// it; a third step may still go on from it. The squares reached by a climb in one step
    /// are not passed through again, nor those reached in one step then on the flat or down
    /// in a second.
    fn for_each_stymphalians_climb(&self, from: Square, each: &mut impl FnMut(Move)) {
        let blocked = self.workers[0] | self.workers[1] | self.blocked();
        let limits = self.limits();
        let steps = |at: Square| self.limited_steps(at, blocked, limits);
        let mut ends = Bitboard::FULL - blocked - neighbours(from).with(from);
        let mut wins = Bitboard::EMPTY;
        // The steps `next` from `at`, less the wins they make (taken off `ends`).
        let mut less_wins = |at: Square, next: Bitboard| {
            if self.height(at) != 2 {
                return next;
            }
            let won = next & ends & self.levels.at(3);
            wins |= won;
            ends -= won;
            next - won
        };
        let first = steps(from);
        let first_up = self.higher_than(first, from);
        let (mut second_up, mut second_flat) = (Bitboard::EMPTY, Bitboard::EMPTY);
        for at in first_up {
            second_up |= less_wins(at, steps(at));
        }
        for at in first - first_up {
            let next = less_wins(at, steps(at));
            let up = self.higher_than(next, at);
            second_up |= up;
            second_flat |= next - up;
        }
        second_up -= first_up.with(from);
        second_flat -= first.with(from) | self.levels.at(3);
        let mut third = Bitboard::EMPTY;
        for at in second_up {
            third |= less_wins(at, steps(at));
        }
        for at in second_flat {
            third |= less_wins(at, self.higher_than(steps(at), at));
        }
        for to in wins {
            each(Move::Win { from, to });
        }
        for to in (second_up | third) & ends {
            self.stymphalians_builds(from, to, Bitboard::EMPTY, each);
        }
    }

    /// The Stymphalians' moves of the worker on `from` against Harpies (santorini-ai's
    /// `stymphalians_move_gen_vs_harpies`): each of the two or three steps slides on, the
    /// next from where the slide ended; a step may cross the square the worker left. A climb
    /// from level 2 onto a level 3 where the move may end wins there, before any slide, and
    /// no other move ends on it; the move ends where the last slide ends, neither on nor next
    /// to `from`.
    fn for_each_stymphalians_move_slid(&self, from: Square, each: &mut impl FnMut(Move)) {
        let limits = self.limits();
        let others = (self.workers[0] | self.workers[1]).without(from);
        let blocked = others | self.blocked();
        let mut ends = Bitboard::FULL - blocked - neighbours(from).with(from);
        let mut wins = Bitboard::EMPTY;
        // Where the steps from `at` end after their slides, less the wins they make from
        // level 2 (taken off `ends`).
        let mut slid_on = |at: Square| {
            let mut next = self.limited_steps(at, blocked, limits);
            if self.height(at) == 2 {
                let won = next & ends & self.levels.at(3);
                wins |= won;
                ends -= won;
                next -= won;
            }
            next.iter().fold(Bitboard::EMPTY, |slid, step| {
                slid.with(self.harpies_slide(at, step, others))
            })
        };
        let mut second = Bitboard::EMPTY;
        for step in self.limited_steps(from, blocked, limits) {
            second |= slid_on(self.harpies_slide(from, step, others));
        }
        let mut third = Bitboard::EMPTY;
        for at in second {
            third |= slid_on(at);
        }
        for to in wins {
            each(Move::Win { from, to });
        }
        for to in (second | third) & ends {
            self.stymphalians_builds(from, to, Bitboard::EMPTY, each);
        }
    }

    /// Hermes's travel: both workers move any number of steps on their own levels (through
    /// each other, not through opponents or domes; possibly not at all), then either builds.
    /// Keyed by the final pair of squares. Only `movers` travel: against Hypnus, a worker
    /// higher than the other stays put, and the one that travels builds.
    fn for_each_travel(&self, movers: Bitboard, limits: Limits, each: &mut impl FnMut(Move)) {
        let me = self.side.index();
        let mine = self.workers[me];
        let theirs = self.workers[1 - me];
        // Only the builds read it: Limus's zone is as good as domed here.
        let domes = self.blocked() | limits.unbuildable;
        let Some(a) = mine.first() else {
            return;
        };
        let pair = mine.iter().nth(1).filter(|_| movers == mine);
        let Some(b) = pair else {
            // One worker travels: the other is held by Hypnus, or Medusa or Theseus removed
            // it (then the lone worker's travel is written from and to itself twice).
            let Some(mover) = movers.first() else {
                return;
            };
            let still = mine.without(mover);
            let level = self.levels.at(self.height(mover)) - theirs - still - self.frozen();
            let mut reached = mover.bitboard();
            loop {
                let grown = reached | (limits.calm_neighbours(reached) & level);
                if grown == reached {
                    break;
                }
                reached = grown;
            }
            for x in reached {
                if !limits.may_end(mover, x) {
                    continue;
                }
                let (from, ends) = match still.first() {
                    None => ([mover, mover], [x, x]),
                    Some(other) if mover < other => ([mover, other], [x, other]),
                    Some(other) => ([other, mover], [other, x]),
                };
                for build in neighbours(x) - theirs - still - domes {
                    each(Move::travel(from, ends, build));
                }
            }
            return;
        };
        let region = |start: Square| {
            let level = self.levels.at(self.height(start)) - theirs - self.frozen();
            let mut reached = start.bitboard();
            loop {
                let grown = reached | (limits.calm_neighbours(reached) & level);
                if grown == reached {
                    return reached;
                }
                reached = grown;
            }
        };
        let (around_a, around_b) = (region(a), region(b));
        // Aphrodite: each worker judged by where it started. Two workers on one region may
        // end on `{x, y}` either way round: one position, legal if either assignment is.
        // (santorini-ai at 4e76fe84 drops the pair when only the second assignment is legal
        // and `x` is a legal end of the first worker; see `God`'s notes.)
        let ends_ok = |x: Square, y: Square| {
            (limits.may_end(a, x) && limits.may_end(b, y))
                || (limits.may_end(a, y) && limits.may_end(b, x))
        };
        let mut emit = |x: Square, y: Square| {
            let ends = x.bitboard().with(y);
            let builds = (neighbours(x) | neighbours(y)) - ends - theirs - domes;
            for build in builds {
                each(Move::travel([a, b], [x, y], build));
            }
        };
        if around_a.contains(b) && around_b.contains(a) {
            // One region (always, with no wind of Aeolus's).
            for x in around_a {
                for y in around_a - Bitboard::from_bits_truncate((2u64 << x.bit()) - 1) {
                    if ends_ok(x, y) {
                        emit(x, y);
                    }
                }
            }
        } else if (around_a & around_b).is_empty() {
            for x in around_a {
                for y in around_b {
                    if limits.may_end(a, x) && limits.may_end(b, y) {
                        emit(x, y);
                    }
                }
            }
        } else {
            // Aeolus's wind makes the regions one-way: they overlap without being one. Two
            // distinct ends, reached either way round, are one position.
            let reach = |x: Square, y: Square| {
                around_a.contains(x)
                    && around_b.contains(y)
                    && limits.may_end(a, x)
                    && limits.may_end(b, y)
            };
            let both = around_a | around_b;
            for x in both {
                for y in both - Bitboard::from_bits_truncate((2u64 << x.bit()) - 1) {
                    if reach(x, y) || reach(y, x) {
                        emit(x, y);
                    }
                }
            }
        }
    }

    /// The heights and the domes once one block more stands on `first`: the board a move
    /// after a build first is judged on (Prometheus's, Achilles's).
    fn after_build_on(&self, first: Square) -> (impl Fn(Square) -> u8 + '_, Bitboard) {
        let raised = self.height(first) + 1;
        let domes = self.blocked();
        let domes_after = if raised == 4 {
            domes.with(first)
        } else {
            domes
        };
        let height = move |square: Square| {
            if square == first {
                raised
            } else {
                self.height(square)
            }
        };
        (height, domes_after)
    }

    /// Prometheus's turns that build first: a build next to the worker, a move that does not
    /// go up, a build. Of the two orders of two builds that give one position (each build
    /// could have been the first), only the one whose first build is the later square.
    fn for_each_build_first(&self, movers: Bitboard, limits: Limits, each: &mut impl FnMut(Move)) {
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.blocked();
        let harpies = self.gods[1 - self.side.index()] == God::Harpies;
        let mut slid = Vec::new();
        for from in movers {
            let firsts = neighbours(from) - occupied - domes - limits.unbuildable;
            for first in firsts {
                let (h, domes_after) = self.after_build_on(first);
                for to in neighbours(from) - occupied - domes_after {
                    if h(to) > self.height(from)
                        || !limits.step(self.height(from), h(to))
                        || !limits.may_end(from, to)
                        || !limits.calm(from, to)
                    {
                        continue;
                    }
                    let step = FirstBuildStep {
                        from,
                        to,
                        first,
                        firsts,
                        domes_after,
                    };
                    self.each_build_after_first(
                        step,
                        &h,
                        limits,
                        harpies.then_some(&mut slid),
                        each,
                    );
                }
            }
        }
        Self::each_build_first_once(slid, each);
    }

    /// The end of a turn that built first (Prometheus's, Achilles's power): the worker's
    /// step `step.from` to `step.to` on the levels `h` after the first build, then each build
    /// next to where it ends. Of the two orders of two builds that give one position (each
    /// build one of `step.firsts`, next to where the worker starts and ends), only the one
    /// whose first build is the later square. Against Harpies (`slid` given) the step
    /// slides on, and the turns are kept in `slid` to be made once each
    /// ([`Position::each_build_first_once`]).
    fn each_build_after_first(
        &self,
        step: FirstBuildStep,
        h: &impl Fn(Square) -> u8,
        limits: Limits,
        slid: Option<&mut Vec<(Square, Square, Square, Square)>>,
        each: &mut impl FnMut(Move),
    ) {
        let FirstBuildStep {
            from,
            to,
            first,
            firsts,
            domes_after,
        } = step;
        let others = (self.workers[0] | self.workers[1]).without(from);
        if let Some(slid) = slid {
            let end = Self::harpies_slide_on(from, to, others | self.frozen(), h);
            for build in neighbours(end) - others.with(end) - domes_after - limits.unbuildable {
                slid.push((from, end, first, build));
            }
            return;
        }
        for build in neighbours(to) - others.with(to) - domes_after - limits.unbuildable {
            let swapped_is_legal = firsts.contains(build) && neighbours(to).contains(first);
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

    /// Against Harpies, the build-first turns `turns` (Prometheus's, Achilles's power: the
    /// worker's square, where it ended, the first build, the build), one move per
    /// position: two that move a worker from one square to one end and build the same two
    /// squares in either order are one move (the one whose first build is the later
    /// square, as without her). The slide makes the usual test of the other order's
    /// legality unreliable (a first build on the square stepped onto changes the slide),
    /// so the turns are compared once made.
    #[inline(never)]
    fn each_build_first_once(
        mut turns: Vec<(Square, Square, Square, Square)>,
        each: &mut impl FnMut(Move),
    ) {
        let same = |&(from, to, first, build): &(Square, Square, Square, Square)| {
            (from, to, first.min(build), first.max(build))
        };
        turns.sort_by_key(|turn| (same(turn), core::cmp::Reverse(turn.2)));
        turns.dedup_by_key(|turn| same(turn));
        for (from, to, first, build) in turns {
            each(Move::BuildFirst {
                first,
                from,
                to,
                build,
            });
        }
    }

    /// Achilles's power turns (see [`God`]): a build next to the worker, a move judged on the
    /// heights after it (so it may climb onto the square just built), a build. From level
    /// 2 a first build on a level-2 square he may step onto is only the win onto it, and a
    /// step onto level 3 is the plain win, never a power turn. Of the two orders of two
    /// builds that give one position (each next to where the worker starts and ends, each a
    /// first build he may make), only the one whose first build is the later square.
    fn for_each_achilles_power(
        &self,
        movers: Bitboard,
        limits: Limits,
        each: &mut impl FnMut(Move),
    ) {
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.blocked();
        let harpies = self.gods[1 - self.side.index()] == God::Harpies;
        let mut slid = Vec::new();
        for from in movers {
            let hf = self.height(from);
            let mut firsts = Bitboard::EMPTY;
            for first in neighbours(from) - occupied - domes - limits.unbuildable {
                let wins_onto = hf == 2
                    && self.height(first) == 2
                    && limits.up == 1
                    && limits.may_win_on(first)
                    && limits.may_end(from, first)
                    && limits.calm(from, first);
                if wins_onto {
                    each(Move::BuildFirstWin {
                        first,
                        from,
                        to: first,
                    });
                } else {
                    firsts = firsts.with(first);
                }
            }
            for first in firsts {
                let (h, domes_after) = self.after_build_on(first);
                for to in neighbours(from) - occupied - domes_after {
                    let ht = h(to);
                    if !limits.step(hf, ht)
                        || !limits.may_end(from, to)
                        || !limits.calm(from, to)
                        || (hf == 2 && ht == 3 && limits.may_win_on(to))
                    {
                        continue;
                    }
                    let step = FirstBuildStep {
                        from,
                        to,
                        first,
                        firsts,
                        domes_after,
                    };
                    self.each_build_after_first(
                        step,
                        &h,
                        limits,
                        harpies.then_some(&mut slid),
                        each,
                    );
                }
            }
        }
        Self::each_build_first_once(slid, each);
    }

    /// The squares Limus's opponent may not build on, his workers on `limus`: those next to
    /// them, but level 3 (a dome that completes a tower).
    fn limus_zone(&self, limus: Bitboard) -> Bitboard {
        let mut zone = Bitboard::EMPTY;
        for worker in limus {
            zone |= neighbours(worker);
        }
        zone - self.levels.at(3)
    }

    /// Hydra's turns after her move from `from` to `to` and build on `build` (a legal
    /// move and build, no win): a new worker on each of the lowest free squares next to
    /// `to` when no two of her workers stand next to each other, otherwise each of her
    /// workers returned to the supply. A turn whose position another of her turns also
    /// gives is left to the one that climbs most, then to the lowest square (see `God`):
    /// Persephone keeps that one whenever she keeps any of them.
    fn for_each_hydra_head(
        &self,
        movers: Bitboard,
        limits: Limits,
        from: Square,
        to: Square,
        build: Square,
        each: &mut impl FnMut(Move),
    ) {
        let h = |square: Square| self.height(square);
        // Whether `a`, reached from the same square as `b`, is preferred to it.
        let preferred = |a: Square, b: Square| h(a) > h(b) || (h(a) == h(b) && a < b);
        let mine = self.workers[self.side.index()];
        let after = mine.without(from).with(to);
        let turn = |head| Move::BuildHead {
            from,
            to,
            build,
            head,
        };
        if let Some(spots) = self.hydra_spots(from, to, build) {
            for head in spots {
                // Moving to `head` and placing on `to` gives this position too.
                let swapped = head != build
                    && preferred(head, to)
                    && self.hydra_builds(movers, limits, from, head, build)
                    && self
                        .hydra_spots(from, head, build)
                        .is_some_and(|other| other.contains(to));
                if !swapped {
                    each(turn(head));
                }
            }
            return;
        }
        // Against Harpies a worker may end its move further than a step away.
        let slides = self.gods[1 - self.side.index()] == God::Harpies;
        for head in after {
            let same = if head == to {
                // Returning the worker that moved: any square it could move to that
                // allows this build and a return gives this position.
                let ends = if slides {
                    neighbours(build)
                } else {
                    neighbours(from) & neighbours(build)
                };
                ends.iter().any(|other| {
                    preferred(other, to)
                        && self.hydra_builds(movers, limits, from, other, build)
                        && self.hydra_spots(from, other, build).is_none()
                })
            } else {
                // `head` moving to `to` and returning the worker from `from` gives this
                // position too (the one from the lower level climbs more).
                (slides || neighbours(to).contains(head))
                    && (h(head) < h(from) || (h(head) == h(from) && head < from))
                    && self.hydra_builds(movers, limits, head, to, build)
                    && self.hydra_spots(head, to, build).is_none()
            };
            if !same {
                each(turn(head));
            }
        }
    }

    /// Whether Hydra's worker on `from` may end its move on `to` without winning and build
    /// on `build` (the turn's first two steps, before she gains or loses a worker): a step
    /// onto `to`, or against Harpies a step that slides on to `to`.
    fn hydra_builds(
        &self,
        movers: Bitboard,
        limits: Limits,
        from: Square,
        to: Square,
        build: Square,
    ) -> bool {
        let h = |square: Square| self.height(square);
        let occupied = self.workers[0] | self.workers[1];
        let domes = self.blocked();
        let after = occupied.without(from).with(to);
        let against_harpies = self.gods[1 - self.side.index()] == God::Harpies;
        let steps = if against_harpies {
            neighbours(from)
        } else {
            Bitboard::EMPTY.with(to)
        };
        let ends_on_to = |step: Square| {
            neighbours(from).contains(step)
                && !occupied.contains(step)
                && !domes.contains(step)
                && limits.step(h(from), h(step))
                && limits.calm(from, step)
                && limits.may_end(from, step)
                && !(h(from) == 2 && h(step) == 3 && limits.may_win_on(step))
                && (!against_harpies
                    || self.harpies_slide(from, step, occupied.without(from)) == to)
        };
        movers.contains(from)
            && steps.iter().any(ends_on_to)
            && neighbours(to).contains(build)
            && !after.contains(build)
            && !domes.contains(build)
            && !limits.unbuildable.contains(build)
    }

    /// Where Hydra may place her new worker after moving from `from` to `to` and building
    /// on `build`: `None` when two of her workers then stand next to each other (she
    /// returns one instead), otherwise the lowest squares next to `to` (after the build)
    /// without a worker or a dome, perhaps none.
    pub(crate) fn hydra_spots(&self, from: Square, to: Square, build: Square) -> Option<Bitboard> {
        let me = self.side.index();
        let mine = self.workers[me].without(from).with(to);
        if mine.iter().any(|worker| (neighbours(worker) & mine).any()) {
            return None;
        }
        let occupied = (self.workers[0] | self.workers[1]).without(from).with(to);
        // Europa's Talus holds no new worker (santorini-ai's frozen squares).
        let free = neighbours(to) - occupied - self.blocked();
        let level = |square: Square| self.height(square) + u8::from(square == build);
        let lowest = free.iter().map(level).filter(|&l| l < 4).min();
        Some(lowest.map_or(Bitboard::EMPTY, |lowest| {
            free.iter()
                .filter(|&square| level(square) == lowest)
                .fold(Bitboard::EMPTY, Bitboard::with)
        }))
    }

    /// The workers of `mine` that may move against Hypnus: all, unless one stands higher
    /// than the others (santorini-ai's reading: from level 3 down to 1, the first level at or
    /// above which any worker stands holds that worker back if it is alone there).
    fn hypnus_movers(&self, mine: Bitboard) -> Bitboard {
        for level in [3, 2, 1] {
            let mut high = Bitboard::EMPTY;
            for worker in mine {
                if self.height(worker) >= level {
                    high = high.with(worker);
                }
            }
            match high.len() {
                0 => {}
                1 => return mine - high,
                _ => return mine,
            }
        }
        mine
    }

    /// Polyphemus's turns with domes after his move to `to` and build on `build`: one or
    /// two domes on `spots` (no worker, no dome: his build's square too, unless the build
    /// domed it). Turns that give one position are given once: a build below level 3 on a
    /// square not domed is the only turn that raises it, so each of those is its own; the
    /// others leave only domes, and of the builds (`builds`, the squares he may build on)
    /// that give the same domes the first in square order is the turn given.
    fn for_each_polyphemus_dome(
        &self,
        from: Square,
        to: Square,
        build: Square,
        spots: Bitboard,
        builds: Bitboard,
        each: &mut impl FnMut(Move),
    ) {
        let h = |square: Square| self.height(square);
        let spots = if h(build) == 3 {
            spots.without(build)
        } else {
            spots
        };
        // Whether the turn leaving `domed` (the squares domed, the build's among them) is
        // given with a build on an earlier square: one on level 3 that the build domes, with
        // one or two domes besides; one below, domed afterwards, with at most one besides.
        let given = |domes: Bitboard| {
            if h(build) < 3 && !domes.contains(build) {
                return true;
            }
            let domed = domes.with(build);
            let n = domed.len();
            !(domed & builds)
                .into_iter()
                .any(|b| b < build && if h(b) == 3 { n >= 2 } else { n <= 2 })
        };
        for first in spots {
            if given(first.bitboard()) {
                each(Move::BuildDomes {
                    from,
                    to,
                    build,
                    domes: [first; 2],
                });
            }
            for second in spots {
                if second > first && given(first.bitboard().with(second)) {
                    each(Move::BuildDomes {
                        from,
                        to,
                        build,
                        domes: [first, second],
                    });
                }
            }
        }
    }

    /// Morpheus's turns after his move from `from` to `to`: no build (`Move::Step`), one on
    /// any of `spots` (the squares next to `to` he may build on), and while his card, with
    /// the block he gains this turn, pays for more (at most [`MORPHEUS_MOST_SPENT`]), every
    /// way to put two or more blocks on `spots`, each square at most up to a dome
    /// (santorini-ai's `generate_morpheus_builds`). Each is a distinct position.
    #[inline(never)]
    fn for_each_morpheus_build(
        &self,
        from: Square,
        to: Square,
        spots: Bitboard,
        each: &mut impl FnMut(Move),
    ) {
        each(Move::Step { from, to });
        for build in spots {
            each(Move::Build { from, to, build });
        }
        let card = u32::from(self.card_of(self.side.index()));
        let spend = (card + 1).min(u32::from(MORPHEUS_MOST_SPENT));
        if spend < 2 {
            return;
        }
        let spots: ArrayVec<Square, 8> = spots.iter().collect();
        // Depth-first over the squares in order: how many blocks on this one, then the rest.
        fn walk(
            position_heights: &[u8],
            spots: &[Square],
            to: Square,
            blocks: Blocks,
            left: u32,
            give: &mut impl FnMut(Blocks),
        ) {
            let Some((&square, rest)) = spots.split_first() else {
                give(blocks);
                return;
            };
            let mut blocks = blocks;
            let room = u32::from(4 - position_heights[0]).min(left);
            for n in 0..=room {
                walk(&position_heights[1..], rest, to, blocks, left - n, give);
                if n < room {
                    blocks = blocks.with(to, square).unwrap_or(blocks);
                }
            }
        }
        let heights: ArrayVec<u8, 8> = spots.iter().map(|&square| self.height(square)).collect();
        walk(&heights, &spots, to, Blocks::NONE, spend, &mut |blocks| {
            if blocks.total() >= 2 {
                each(Move::BuildBlocks { from, to, blocks });
            }
        });
    }

    /// Poseidon's turns with extra builds after his move to `to` and build on `build`: one
    /// to three builds on `spots` (next to his worker that did not move, no worker, no
    /// dome), in square order, each square at most up to a dome with `build`'s block
    /// counted. The same blocks with the moved worker's build on another square of `builds`
    /// (the squares it may build on) are one position: given once, with the build on the
    /// first such square. Moving the build to an extra square `c` keeps the blocks when
    /// `build` is itself a spot, so a turn is given unless `build` is a spot and an extra
    /// square before it is one of `builds`.
    fn for_each_poseidon_build(
        &self,
        from: Square,
        to: Square,
        build: Square,
        builds: Bitboard,
        spots: Bitboard,
        each: &mut impl FnMut(Move),
    ) {
        let swappable = spots.contains(build);
        let mut give = |extra: &[Square]| {
            let blocks = |square: Square| {
                usize::from(square == build) + extra.iter().filter(|&&e| e == square).count()
            };
            if extra
                .iter()
                .any(|&square| usize::from(self.height(square)) + blocks(square) > 4)
            {
                return;
            }
            if swappable && extra.iter().any(|&c| c < build && builds.contains(c)) {
                return;
            }
            let mut slots = [None; 3];
            for (slot, &square) in slots.iter_mut().zip(extra) {
                *slot = Some(square);
            }
            each(Move::BuildMore {
                from,
                to,
                build,
                extra: slots,
            });
        };
        let spots: ArrayVec<Square, 8> = spots.iter().collect();
        for (i, &a) in spots.iter().enumerate() {
            give(&[a]);
            for (j, &b) in spots.iter().enumerate().skip(i) {
                give(&[a, b]);
                for &c in &spots[j..] {
                    give(&[a, b, c]);
                }
            }
        }
    }

    /// Plays a power move (not `Place`, `Build` or `Win`; Chronus's two wins set the winner)
    /// of the side that moved in `before`, onto `self` (a copy of `before` with the side not
    /// yet switched).
    #[inline(never)]
    pub(crate) fn play_power(&mut self, before: &Self, mv: Move) {
        let me = before.side.index();
        match mv {
            Move::PlaceBuild { place, build } => {
                self.workers[me] = self.workers[me].with(place);
                self.hash ^= SANTORINI_WORKER[place.bit() as usize][me];
                self.raise(build);
                // His power is spent for the rest of the game.
                self.set_god_flag(me, true);
            }
            Move::Swap { from, to, build } | Move::Push { from, to, build } => {
                // Against Harpies, Apollo swapped with the worker on his first step and slid
                // on (a push never slides: `first_step` is then `to`).
                self.displace(from, Self::first_step(from, to));
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
                if self.gods[me] == God::Achilles {
                    // His power is spent for the rest of the game.
                    self.set_god_flag(me, true);
                }
            }
            Move::Leap { from, to, build } => {
                self.move_worker(me, from, to);
                self.raise(build);
                // His power is spent for the rest of the game.
                self.set_god_flag(me, true);
            }
            Move::LeapWin { from, to } => {
                self.move_worker(me, from, to);
                self.set_god_flag(me, true);
                self.winner = Some(before.side);
            }
            Move::BuildFirstWin { first, from, to } => {
                self.raise(first);
                self.move_worker(me, from, to);
                self.set_god_flag(me, true);
                self.winner = Some(before.side);
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
            Move::BuildWin { from, to, build } => {
                self.move_worker(me, from, to);
                self.raise(build);
                self.winner = Some(before.side);
            }
            Move::ClaimWin => self.winner = Some(before.side),
            Move::BuildRemove {
                from,
                to,
                build,
                remove,
            } => {
                self.move_worker(me, from, to);
                self.raise(build);
                self.lower(remove);
            }
            Move::BuildDome {
                from,
                to,
                build,
                dome,
            } => {
                self.move_worker(me, from, to);
                self.raise(build);
                while self.height(dome) < 4 {
                    self.raise(dome);
                }
            }
            Move::BuildDomes {
                from,
                to,
                build,
                domes,
            } => {
                self.move_worker(me, from, to);
                self.raise(build);
                for dome in domes {
                    while self.height(dome) < 4 {
                        self.raise(dome);
                    }
                }
                // His power is spent for the rest of the game.
                self.set_god_flag(me, true);
            }
            Move::BuildMore {
                from,
                to,
                build,
                extra,
            } => {
                self.move_worker(me, from, to);
                self.raise(build);
                for square in extra.into_iter().flatten() {
                    self.raise(square);
                }
            }
            Move::Shift { from, to, build } => {
                self.move_worker(me, from, to);
                self.raise(build);
            }
            Move::BuildWind {
                from,
                to,
                build,
                wind,
            } => {
                self.move_worker(me, from, to);
                self.raise(build);
                self.set_token(me, Some(wind));
            }
            Move::BuildHead {
                from,
                to,
                build,
                head,
            } => {
                self.move_worker(me, from, to);
                self.raise(build);
                // A new worker on a free square, or hers on `head` back to the supply.
                self.workers[me] ^= head.bitboard();
                self.hash ^= SANTORINI_WORKER[head.bit() as usize][me];
            }
            Move::BuildSlay {
                from,
                to,
                build,
                slain,
            } => {
                self.move_worker(me, from, to);
                self.raise(build);
                let other = 1 - me;
                if self.workers[other].contains(slain) {
                    self.remove_worker(other, slain);
                }
                // Once a game: his power is spent.
                self.set_god_flag(me, true);
            }
            Move::BuildTalus {
                from,
                to,
                build,
                talus,
            } => {
                self.move_worker(me, from, to);
                self.raise(build);
                self.set_token(me, Some(talus));
            }
            Move::Trade {
                from,
                to,
                build,
                trades: [moved, still],
            } => {
                // Her other worker, where it stood before the trade.
                let other = before.workers[me].without(from).iter().next();
                self.move_worker(me, from, to);
                self.raise(build);
                let them = 1 - me;
                if let Some(square) = moved {
                    self.move_worker(me, to, square);
                    self.move_worker(them, square, to);
                }
                if let (Some(square), Some(other)) = (still, other) {
                    self.move_worker(me, other, square);
                    self.move_worker(them, square, other);
                }
            }
            Move::FlipBuild {
                flipped,
                from,
                to,
                build,
            } => {
                if let Some(across) = Move::flip_target(from, flipped) {
                    self.move_worker(1 - me, flipped, across);
                }
                self.move_worker(me, from, to);
                self.raise(build);
            }
            Move::FlipWin { flipped, from, to } => {
                if let Some(across) = Move::flip_target(from, flipped) {
                    self.move_worker(1 - me, flipped, across);
                }
                self.move_worker(me, from, to);
                self.winner = Some(before.side);
            }
            Move::Flip {
                worker,
                from,
                build,
            } => {
                if let Some(to) = Move::flip_target(worker, from) {
                    self.move_worker(1 - me, from, to);
                }
                self.raise(build);
            }
            Move::Drag {
                from,
                to,
                dragged,
                build,
            } => {
                self.move_worker(me, from, to);
                self.move_worker(1 - me, dragged, from);
                self.raise(build);
            }
            // Morpheus: the turn's block stays on his card, or pays for a build with the
            // blocks taken from it.
            Move::Step { from, to } => {
                self.move_worker(me, from, to);
                // Castor's lone worker moving without a build has no card.
                if before.gods[me] == God::Morpheus {
                    let card = self.card_of(me);
                    self.set_card(me, card.saturating_add(1));
                }
            }
            // Castor: the worker whose end is the other's start moves second.
            Move::MoveBoth { from, to } | Move::MoveBothWin { from, to } => {
                if to[0] == from[1] {
                    self.move_worker(me, from[1], to[1]);
                    self.move_worker(me, from[0], to[0]);
                } else {
                    self.move_worker(me, from[0], to[0]);
                    self.move_worker(me, from[1], to[1]);
                }
                if matches!(mv, Move::MoveBothWin { .. }) {
                    self.winner = Some(before.side);
                }
            }
            Move::BuildBoth { builds: [a, b] } => {
                self.raise(a);
                self.raise(b);
            }
            Move::BuildStill { build } => self.raise(build),
            Move::BuildBlocks { from, to, blocks } => {
                self.move_worker(me, from, to);
                for square in blocks.builds(to) {
                    self.raise(square);
                }
                let card = u32::from(self.card_of(me)) + 1;
                let left = card.saturating_sub(blocks.total());
                self.set_card(me, u8::try_from(left).unwrap_or(u8::MAX));
            }
            Move::Place(..) | Move::PlaceThree(..) | Move::Build { .. } | Move::Win { .. } => {}
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

    /// One block fewer on `square` (Ares's removal: the generator never picks a dome nor
    /// level 0, and neither changes), keeping the hash.
    #[inline]
    fn lower(&mut self, square: Square) {
        let height = self.height(square);
        if !(1..=3).contains(&height) {
            return;
        }
        self.levels = self.levels.lowered(square, height);
        let keys = &SANTORINI_HEIGHT[square.bit() as usize];
        self.hash ^= keys[usize::from(height)] ^ keys[usize::from(height) - 1];
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

    /// Bia's removal (santorini-ai's `bia.rs`), `player` being Bia after her worker moved
    /// from `from` to `to` and built: the opponent worker on the next square beyond `to` in
    /// the same direction, if any, is removed from the game. Her build may have landed on
    /// its square (the worker was gone before it), which changes nothing here: a worker
    /// leaves its square's level as it is.
    #[inline(never)]
    pub(crate) fn bia_removal(&mut self, player: usize, from: Square, to: Square) {
        let other = 1 - player;
        // Not a worker on a frozen square (Clio's on her coin).
        if let Some(slain) = Move::push_target(from, to)
            && self.workers[other].contains(slain)
            && !self.frozen_coins(player).contains(slain)
        {
            self.remove_worker(other, slain);
        }
    }

    /// Medusa's end of turn (santorini-ai's `medusa.rs`), `player` being Medusa after her
    /// move and build: every opponent worker next to one of her workers and on a lower level
    /// is removed, and a block is built on its square. All are judged on the board before
    /// any is turned to stone (a new block never shields or exposes another), and her
    /// worker's own level is unchanged by her build, which never lands on a worker.
    #[inline(never)]
    pub(crate) fn petrify(&mut self, player: usize) {
        let other = 1 - player;
        let mut stones = Bitboard::EMPTY;
        for worker in self.workers[player] {
            let level = self.height(worker);
            // Not a worker on her coin (santorini-ai's `medusa.rs` spares Clio's).
            stones |= ((neighbours(worker) & self.workers[other]) - self.frozen_coins(player))
                .iter()
                .filter(|&victim| self.height(victim) < level)
                .fold(Bitboard::EMPTY, Bitboard::with);
        }
        for stone in stones {
            self.remove_worker(other, stone);
            self.raise(stone);
        }
    }
}
