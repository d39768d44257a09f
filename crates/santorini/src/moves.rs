//! Moves and their notation: `B3>C3^C4` (move B3 to C3, build on C4), `A3>B3#` (a winning
//! move, no build), `place:B3,D3` (set-up: place both workers), and the god powers' turns in
//! santorini-ai's notation: `B3<>C3^C4` (Apollo swaps), `B3>C3(>D3)^C4` (Minotaur pushes the
//! worker on C3 to D3), `B3>C3^C4X` (Atlas domes), `B3>C3^C4^D4` (Demeter builds twice),
//! `B3>C3^^C4` (Hephaestus builds two blocks), `^B4 B3>C3^C4` (Prometheus builds first;
//! Achilles's power turn reads the same), `^C3 B3>C3#` (Achilles builds, then climbs and wins),
//! `B3>*C3^C4` and `B3>*C3#` (Bellerophon moves up two levels),
//! `^C4`, `(A1,B1)>(C1,D1)^C2` (Hermes travels on his level; `A1>C1^C2` when one worker
//! moves), `B3>C3^C4#` (Chronus's build that completes the fifth tower) and `#` (Chronus
//! finds five towers standing), `B3>C3^C4~D4` (Ares removes a block from D4), `B3>C3^C4 XD4`
//! (Asteria, having moved down, domes D4; Polyphemus's one dome reads the same),
//! `B3>C3^C4 XD4XE4` (Polyphemus domes D4 and E4), `B3>C3^C4 ^D3^D3^E2` (Poseidon's worker
//! that did not move builds twice on D3 and once on E2), `B3>C3^C4 xD4` (Theseus removes the
//! opponent worker on D4; a lowercase `x` and one square), `B3(C3>A3)^B2` (CharonV2 flips the worker on C3
//! across his own to A3 instead of moving), `(C3>A3)B3>B4^B5` and `(C3>A3)B3>C3#` (Charon
//! flips the worker on C3 across his B3 to A3, then moves and builds, or wins) and
//! `(C4>B3)B3>A3^A4` (Scylla's worker leaves B3 for A3 and drags the opponent worker on C4
//! into B3, then builds on A4), `+A1^B2` (Jason places a new worker on A1, which builds on
//! B2), `B3>C3^C4 TD4` (Europa puts her Talus token on D4), `B3>C3^C4 HD4` (Hydra's new
//! worker on D4, or her worker on D4 returned to the supply), `B3>C3` (Morpheus moves and
//! builds nothing), `B3>C3^C4^C4^D4` (Morpheus spends three blocks from his card: two on
//! C4, one on D4; two builds read as Demeter's text, and the position finds his turn),
//! `B3>C3^C4 w=n` (Aeolus sets the wind to the north; santorini-ai's `B3>C3^C4 w=-`, no
//! wind, reads as `B3>C3^C4`) and `B3>C3^C4[D5]`, `B3>C3^C4[C3,D5]`, `B3>C3^C4[D5,E5]`
//! (Nemesis's worker on C3 trades places with the opponent worker on D5; her other worker
//! does; C3 with D5 and her other with E5). santorini-ai's `B3>C3!^C4`
//! (Athena moved up) reads as
//! `B3>C3^C4`, and its `B3>C3xD3^C4` (Bia removes the worker on D3) as Bia's `B3>C3^C4`.

use core::fmt;
use core::str::FromStr;

use crate::{Error, Square};

/// One turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Move {
    /// Set-up: place both workers; the squares are distinct and in increasing order, but
    /// for Selene, whose female worker goes on the first (both orders are her moves).
    Place(Square, Square),
    /// Set-up of a side with three workers (Graeae): place all three; the squares are
    /// distinct and in increasing order.
    PlaceThree(Square, Square, Square),
    /// Move a worker from `from` to `to`, then build on `build` with it.
    Build {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to, a neighbour at most one level up.
        to: Square,
        /// The square it builds on: a neighbour of `to` without a dome or a worker (`from`
        /// is free again).
        build: Square,
    },
    /// A winning move (up onto level 3, Pan's move down two levels, or Maenads's move to the
    /// far side of an opponent worker from her other worker); no build. With
    /// Apollo or Minotaur `to` may hold an opponent worker, which is swapped or pushed.
    Win {
        /// The worker's square.
        from: Square,
        /// The square it wins on.
        to: Square,
    },
    /// Apollo: move onto the opponent worker on `to`, which goes to `from`; then build.
    Swap {
        /// Apollo's worker.
        from: Square,
        /// The opponent worker's square.
        to: Square,
        /// The build, next to `to` (not `from`, which the swapped worker now holds).
        build: Square,
    },
    /// Minotaur: move onto the opponent worker on `to`, pushing it to the next square in the
    /// same line; then build.
    Push {
        /// Minotaur's worker.
        from: Square,
        /// The opponent worker's square.
        to: Square,
        /// The build, next to `to` (not the square the pushed worker went to).
        build: Square,
    },
    /// Atlas: move, then build a dome on `build` whatever its level (below 3: a level-3
    /// build is a dome anyway, and is a [`Move::Build`]). Also Selene's turn: move, then her
    /// female worker domes `build`, next to where she stands after the move (on level 3
    /// only where the plain build could not make that dome).
    Dome {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The square domed.
        build: Square,
    },
    /// Demeter: move, then build on two different squares, `builds[0] < builds[1]`. Also
    /// Hestia's two builds, the second off the perimeter: on two squares, or twice on one
    /// (`builds[0] == builds[1]`, written `B3>C3^C4^C4` as santorini-ai writes it).
    BuildTwice {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The two builds, in square order (equal for Hestia's two on one square).
        builds: [Square; 2],
    },
    /// Hephaestus: move, then build two blocks on `build` (level 0 or 1, never a dome).
    BuildDouble {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The square built on twice.
        build: Square,
    },
    /// Prometheus: build on `first`, then move without going up, then build. Achilles's
    /// power turn (once a game) is written the same, and his move may go up.
    BuildFirst {
        /// The build before the move, next to `from`.
        first: Square,
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to, no higher than `from` after the first build.
        to: Square,
        /// The build after the move.
        build: Square,
    },
    /// Achilles, once a game: build on `first`, a level-2 square next to his worker on level
    /// 2, then step up onto it and win (`^C3 B3>C3#`; `first` is `to` in every legal move).
    BuildFirstWin {
        /// The build before the move, next to `from`.
        first: Square,
        /// The square the worker leaves.
        from: Square,
        /// The square it wins on.
        to: Square,
    },
    /// Bellerophon, once a game: move up two levels (`B3>*C3^C4`), then build.
    Leap {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to, two levels above `from`.
        to: Square,
        /// The build, next to `to`.
        build: Square,
    },
    /// Bellerophon, once a game: move up two levels, from level 1 onto level 3, and win
    /// (`B3>*C3#`).
    LeapWin {
        /// The square the worker leaves.
        from: Square,
        /// The square it wins on.
        to: Square,
    },
    /// Hermes: his workers travel any distance on their own levels, then one builds. The
    /// workers leaving `from` end on `to` (as sets, each in square order); a worker that
    /// moves names its square in both when only one moves (`from == [a, a]`), and a turn in
    /// which nobody moves has `from == to == [build, build]`.
    Travel {
        /// The squares left.
        from: [Square; 2],
        /// The squares reached.
        to: [Square; 2],
        /// The build, next to either worker.
        build: Square,
    },
    /// Chronus: move, then build the dome that completes the fifth tower, which wins.
    BuildWin {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The level-3 square domed, with four domes already standing.
        build: Square,
    },
    /// Chronus: five complete towers stand at the start of his turn (the opponent completed
    /// the fifth), so he wins without moving; santorini-ai's empty winning turn.
    ClaimWin,
    /// Ares: move, build, then remove one block (not a dome) from `remove`, an unoccupied
    /// square next to his worker that did not move. `remove == build` takes his own block
    /// back, which leaves the position of the move alone whichever square it was: that turn
    /// is one move, and the legal one names the first such square in square order.
    BuildRemove {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The build, next to `to`.
        build: Square,
        /// The square a block is removed from, next to the worker that did not move.
        remove: Square,
    },
    /// Asteria: move down, build, then build a dome on `dome`, any unoccupied square without
    /// one (`build` too, unless the build domed it). With a build on one level-3 square and
    /// the dome on another that she could have built on, the other order is the same
    /// position: the legal move builds on the first of the two in square order.
    /// Polyphemus's one dome is written the same; his position reads it as his
    /// [`Move::BuildDomes`].
    BuildDome {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to, lower than `from`.
        to: Square,
        /// The build, next to `to`.
        build: Square,
        /// The square domed.
        dome: Square,
    },
    /// Polyphemus, once a game: move, build, then build domes on one or two squares without
    /// a worker or a dome (`build` too, unless the build domed it), anywhere on the board
    /// (`B3>C3^C4 XD4`, `B3>C3^C4 XD4XE4`). Turns that give one position are one move: see
    /// [`God::Polyphemus`](crate::God).
    BuildDomes {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The build, next to `to`.
        build: Square,
        /// The squares domed, in square order; one square twice for one dome.
        domes: [Square; 2],
    },
    /// Poseidon: move, build, then his worker that did not move, standing on the ground,
    /// builds one to three more times on squares next to it without a worker or a dome, the
    /// same square again too (`B3>C3^C4 ^D3^D3^E2`, santorini-ai's notation). Turns that give
    /// one position are one move: see [`God::Poseidon`](crate::God).
    BuildMore {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The moved worker's build, next to `to`.
        build: Square,
        /// The extra builds in square order, a square once per block; `None` after the last.
        extra: [Option<Square>; 3],
    },
    /// Theseus, once a game: move, build, then remove from the game the opponent worker on
    /// `slain`, exactly two levels above one of his workers next to it (`B3>C3^C4 xD4`,
    /// santorini-ai's notation: a lowercase `x`, where Asteria's dome has `X`).
    BuildSlay {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The build, next to `to`.
        build: Square,
        /// The square of the opponent worker removed.
        slain: Square,
    },
    /// Europa: move, build, then put her Talus token on `talus`, next to `to` without a
    /// worker or a dome (`from` too; `build` too unless the build domed it), moving it from
    /// where it stood, if anywhere (`B3>C3^C4 TD4`, santorini-ai's notation).
    BuildTalus {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The build, next to `to` (never where the token stood before the turn).
        build: Square,
        /// The token's new square, next to `to` (never where it stood).
        talus: Square,
    },
    /// Charon: first flip the neighbouring opponent worker on `flipped` to the square
    /// straight across `from` ([`Move::flip_target`]), then move from `from` to `to` and
    /// build on `build`.
    FlipBuild {
        /// The opponent worker's square, next to `from`.
        flipped: Square,
        /// The square Charon's worker leaves.
        from: Square,
        /// The square it moves to (`flipped` itself is free after the flip).
        to: Square,
        /// The build, next to `to`.
        build: Square,
    },
    /// Charon: flip as in [`Move::FlipBuild`], then win by moving onto level 3 (never onto a
    /// square he could have won on without the flip: santorini-ai leaves those turns out).
    FlipWin {
        /// The opponent worker's square, next to `from`.
        flipped: Square,
        /// The square Charon's worker leaves.
        from: Square,
        /// The level-3 square it wins on.
        to: Square,
    },
    /// CharonV2: instead of moving, `worker` flips the neighbouring opponent worker on `from`
    /// to the square straight across it ([`Move::flip_target`]), then builds next to itself.
    Flip {
        /// CharonV2's worker, which stays where it is.
        worker: Square,
        /// The opponent worker's square, next to `worker`.
        from: Square,
        /// The build, next to `worker` (`from` is free again).
        build: Square,
    },
    /// Scylla: move from `from` to `to`, drag the opponent worker on `dragged` (next to
    /// `from`) into `from`, then build.
    Drag {
        /// The square the worker leaves, where the dragged worker ends.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The opponent worker's square, next to `from`; free for the build afterwards.
        dragged: Square,
        /// The build, next to `to` (not `from`, which the dragged worker now holds).
        build: Square,
    },
    /// Jason, once a game, instead of moving: place a new worker on `place`, an unoccupied
    /// ground-level perimeter square, and build next to it (`+A1^B2`).
    PlaceBuild {
        /// The new worker's square.
        place: Square,
        /// The build, next to `place`, without a worker or a dome.
        build: Square,
    },
    /// Hydra: move, build, then either gain a new worker on `head` (when none of her
    /// workers stands next to another: one of the lowest free squares next to the worker
    /// that moved) or return her worker on `head` to the supply (otherwise: any of hers,
    /// the one that moved too). Written `B3>C3^C4 HD4`, as santorini-ai writes it.
    BuildHead {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The build, next to `to`.
        build: Square,
        /// The new worker's square, or the square of the worker removed.
        head: Square,
    },
    /// Aeolus: move, build, then leave the wind blowing towards `wind`'s direction, given
    /// as the square next to C3 in it (B4 north-west, C4 north, D4 north-east, D3 east,
    /// D2 south-east, C2 south, B2 south-west, B3 west: one byte, as the position keeps
    /// it). Written `B3>C3^C4 w=n`, as santorini-ai writes it ([`Move::wind_name`]). His
    /// turn that leaves no wind is a [`Move::Build`].
    BuildWind {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The build, next to `to`.
        build: Square,
        /// The square next to C3 in the wind's direction.
        wind: Square,
    },
    /// Proteus, with two workers or more: another of his workers steps onto `to` and his
    /// worker on `from` fills the square it left; his workers being alike, the worker on
    /// `from` is gone and one stands on `to`, which builds on `build`. Written
    /// `B3>C3^C4` as santorini-ai writes it; its steps start `B3 power C3` (see
    /// [`crate::steps`]), since his worker on a level 2 may also win by stepping onto a
    /// level 3 that another of his, on level 3, steps onto (`B3>C3#`).
    Shift {
        /// The square of the worker that fills the square the step left.
        from: Square,
        /// The square the step ends on (where Harpies slid it).
        to: Square,
        /// The build, next to `to`.
        build: Square,
    },
    /// Nemesis: move, build, then trade places with opponent workers, none of which stands
    /// next to hers: the one on `trades[0]` with her worker on `to` (the one that moved),
    /// the one on `trades[1]` with her other worker; at least one is given. Written as
    /// santorini-ai writes it: `B3>C3^C4[D5]`, `B3>C3^C4[D5,E5]`, and `B3>C3^C4[C3,E5]`
    /// when only her other worker trades (`to` standing for no trade). With both given, the
    /// legal move has them in square order unless the order moves Selene's female worker
    /// (see [`God::Nemesis`](crate::God)).
    Trade {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// The build, next to `to`.
        build: Square,
        /// The opponent workers' squares that her moved and her other worker take.
        trades: [Option<Square>; 2],
    },
    /// Morpheus: move and build nothing, the turn's block staying on his card (`B3>C3`).
    Step {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
    },
    /// Morpheus: move, then spend two or more blocks from his card (at most
    /// [`crate::MORPHEUS_MOST_SPENT`]), building that many times next to `to`, several times
    /// on one square too (`B3>C3^C4^C4^D4`, the builds in square order). His one build is
    /// a [`Move::Build`].
    BuildBlocks {
        /// The square the worker leaves.
        from: Square,
        /// The square it moves to.
        to: Square,
        /// How many blocks go on each square next to `to`.
        blocks: Blocks,
    },
    /// Castor: both his workers move, and neither builds (`B3>C3 D3>D4`, as santorini-ai
    /// writes it): the worker on `from[0]` ends on `to[0]`, the one on `from[1]` on `to[1]`
    /// (against Harpies where their slides end), `from[0] < from[1]`. One of the two
    /// pairings of the squares is the move when both are legal (they give one position).
    MoveBoth {
        /// The squares the workers leave, in square order.
        from: [Square; 2],
        /// Where each ends.
        to: [Square; 2],
    },
    /// Castor: his worker on `from[0]` moves to `to[0]`, then the one on `from[1]` steps up
    /// onto `to[1] == from[0]`, a level 3, and wins (`C3>B3 D3>C3#`): the one win of a turn
    /// moving both that no step alone makes (santorini-ai gives no other).
    MoveBothWin {
        /// The squares the workers leave, the one that moves first first.
        from: [Square; 2],
        /// Where each ends.
        to: [Square; 2],
    },
    /// Castor: instead of moving, each of his two workers builds once next to itself, the
    /// same square too (`^C4^D4`, the builds in square order; santorini-ai writes them in
    /// either).
    BuildBoth {
        /// The two builds, in square order.
        builds: [Square; 2],
    },
    /// Castor with one worker: instead of moving, it builds next to itself (`^C4`, as
    /// santorini-ai writes it; his move without a build is a [`Move::Step`]).
    BuildStill {
        /// The build.
        build: Square,
    },
}

/// Morpheus's builds around the square his worker reached: how many blocks go on each of
/// its eight neighbours, 0 to 4, three bits a direction in three bytes (so [`Move`] stays
/// small and byte-aligned).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Blocks([u8; 3]);

/// The eight directions from a square, (row, column) steps, in the order of the squares
/// they reach (row by row, A5 first).
const DIRECTIONS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

impl Blocks {
    /// No builds.
    pub const NONE: Blocks = Blocks([0; 3]);

    fn bits(self) -> u32 {
        u32::from(self.0[0]) | u32::from(self.0[1]) << 8 | u32::from(self.0[2]) << 16
    }

    fn from_bits(bits: u32) -> Blocks {
        Blocks([bits as u8, (bits >> 8) as u8, (bits >> 16) as u8])
    }

    /// The direction from `to` to `square`, if they are neighbours.
    fn direction(to: Square, square: Square) -> Option<usize> {
        let step = (
            square.row() as i32 - to.row() as i32,
            square.col() as i32 - to.col() as i32,
        );
        DIRECTIONS.iter().position(|&d| d == step)
    }

    /// The square `direction` leads to from `to`, if on the board.
    fn neighbour(to: Square, direction: usize) -> Option<Square> {
        let (dr, dc) = DIRECTIONS[direction];
        let row = u32::try_from(to.row() as i32 + dr).ok()?;
        let col = u32::try_from(to.col() as i32 + dc).ok()?;
        Square::new(row, col)
    }

    /// The blocks going on `square`, a neighbour of `to` (0 for any other square).
    pub fn on(self, to: Square, square: Square) -> u8 {
        Blocks::direction(to, square).map_or(0, |d| (self.bits() >> (3 * d)) as u8 & 7)
    }

    /// One more block on `square`, a neighbour of `to` with fewer than four; `None` for any
    /// other square.
    pub fn with(self, to: Square, square: Square) -> Option<Blocks> {
        let d = Blocks::direction(to, square)?;
        if self.on(to, square) >= 4 {
            return None;
        }
        Some(Blocks::from_bits(self.bits() + (1 << (3 * d))))
    }

    /// How many blocks in all.
    pub fn total(self) -> u32 {
        (0..8).map(|d| (self.bits() >> (3 * d)) & 7).sum()
    }

    /// Each build around `to`, a square once per block, in square order.
    pub fn builds(self, to: Square) -> impl Iterator<Item = Square> {
        (0..8).flat_map(move |d| {
            let count = (self.bits() >> (3 * d)) as usize & 7;
            Blocks::neighbour(to, d)
                .into_iter()
                .flat_map(move |square| core::iter::repeat_n(square, count))
        })
    }
}

/// The wind's directions in santorini-ai's order and names, each with the square next to C3
/// that stands for it ([`Move::BuildWind`]).
const WINDS: [(&str, &str); 8] = [
    ("nw", "B4"),
    ("n", "C4"),
    ("ne", "D4"),
    ("e", "D3"),
    ("se", "D2"),
    ("s", "C2"),
    ("sw", "B2"),
    ("w", "B3"),
];

impl Move {
    /// The longest move text (surrounding whitespace aside) that `str::parse` reads: the
    /// longest move, Hermes's `(A1,B1)>(C1,D1)^C2`, is 18 characters; the rest leaves room
    /// for spaces after Prometheus's `^B4` and santorini-ai's `!`. Anything longer is
    /// [`Error::MoveTooLong`].
    pub const MAX_TEXT: usize = 64;

    /// How much of an over-long move text [`Error::MoveTooLong`] quotes.
    const SHOWN_TEXT: usize = 24;

    /// The wind's name (`n`, `ne`, ... santorini-ai's) for `wind`, the square next to C3 in
    /// its direction; `None` for any other square.
    pub fn wind_name(wind: Square) -> Option<&'static str> {
        WINDS
            .iter()
            .find(|(_, square)| wind.to_string() == *square)
            .map(|(name, _)| *name)
    }

    /// The square next to C3 that stands for the wind named `name` (either case), if it is
    /// one of the eight.
    pub fn wind_named(name: &str) -> Option<Square> {
        WINDS
            .iter()
            .find(|(wind, _)| wind.eq_ignore_ascii_case(name))
            .and_then(|(_, square)| square.parse().ok())
    }

    /// A placement of two distinct squares, in canonical (increasing) order.
    pub fn place(a: Square, b: Square) -> Option<Move> {
        (a != b).then(|| Move::Place(a.min(b), a.max(b)))
    }

    /// A placement of three distinct squares (Graeae's set-up), in canonical (increasing)
    /// order.
    pub fn place_three(a: Square, b: Square, c: Square) -> Option<Move> {
        let mut squares = [a, b, c];
        squares.sort_unstable();
        let [a, b, c] = squares;
        (a != b && b != c).then_some(Move::PlaceThree(a, b, c))
    }

    /// Hermes's travel from the worker squares `from` to `to` (each a set of two), then a
    /// build, in the canonical form of [`Move::Travel`]: only the squares that change.
    pub fn travel(from: [Square; 2], to: [Square; 2], build: Square) -> Move {
        let left: Vec<Square> = from.iter().copied().filter(|s| !to.contains(s)).collect();
        let reached: Vec<Square> = to.iter().copied().filter(|s| !from.contains(s)).collect();
        let pair = |squares: &[Square]| -> [Square; 2] {
            match *squares {
                [a] => [a, a],
                [a, b] => [a.min(b), a.max(b)],
                _ => [build, build],
            }
        };
        Move::Travel {
            from: pair(&left),
            to: pair(&reached),
            build,
        }
    }

    /// The god whose power this move uses, `None` for the base game's moves (which every god
    /// may also make). Two builds on two squares name Demeter, though Hestia makes them too,
    /// and a swap Apollo, though ApolloV2 makes it too, and a build first Prometheus, though
    /// Achilles makes it too (see [`Move::is_power_of`]).
    pub fn power(self) -> Option<crate::God> {
        use crate::God;
        match self {
            Move::Place(..) | Move::PlaceThree(..) | Move::Build { .. } | Move::Win { .. } => None,
            Move::Swap { .. } => Some(God::Apollo),
            Move::Push { .. } => Some(God::Minotaur),
            Move::Dome { .. } => Some(God::Atlas),
            Move::BuildTwice { builds: [a, b], .. } if a == b => Some(God::Hestia),
            Move::BuildTwice { .. } => Some(God::Demeter),
            Move::BuildDouble { .. } => Some(God::Hephaestus),
            Move::BuildFirst { .. } => Some(God::Prometheus),
            Move::BuildFirstWin { .. } => Some(God::Achilles),
            Move::Leap { .. } | Move::LeapWin { .. } => Some(God::Bellerophon),
            Move::Travel { .. } => Some(God::Hermes),
            Move::BuildWin { .. } | Move::ClaimWin => Some(God::Chronus),
            Move::BuildRemove { .. } => Some(God::Ares),
            Move::BuildDome { .. } => Some(God::Asteria),
            Move::BuildDomes { .. } => Some(God::Polyphemus),
            Move::BuildMore { .. } => Some(God::Poseidon),
            Move::BuildSlay { .. } => Some(God::Theseus),
            Move::BuildTalus { .. } => Some(God::Europa),
            Move::Flip { .. } => Some(God::CharonV2),
            Move::FlipBuild { .. } | Move::FlipWin { .. } => Some(God::Charon),
            Move::Drag { .. } => Some(God::Scylla),
            Move::PlaceBuild { .. } => Some(God::Jason),
            Move::BuildHead { .. } => Some(God::Hydra),
            Move::Step { .. } | Move::BuildBlocks { .. } => Some(God::Morpheus),
            Move::MoveBoth { .. }
            | Move::MoveBothWin { .. }
            | Move::BuildBoth { .. }
            | Move::BuildStill { .. } => Some(God::Castor),
            Move::Shift { .. } => Some(God::Proteus),
            Move::BuildWind { .. } => Some(God::Aeolus),
            Move::Trade { .. } => Some(God::Nemesis),
        }
    }

    /// Whether `god` may make moves of this kind: the base game's moves are every god's, a
    /// power's moves its owner's ([`Move::power`]), two builds on two squares Hestia's as
    /// well as Demeter's, a swap ApolloV2's as well as Apollo's, and a move without a build
    /// Castor's (his lone worker's) as well as Morpheus's.
    pub fn is_power_of(self, god: crate::God) -> bool {
        match self.power() {
            None => true,
            Some(owner) => {
                owner == god
                    || (god == crate::God::Hestia && matches!(self, Move::BuildTwice { .. }))
                    || (god == crate::God::ApolloV2 && matches!(self, Move::Swap { .. }))
                    || (god == crate::God::Achilles && matches!(self, Move::BuildFirst { .. }))
                    || (god == crate::God::Selene && matches!(self, Move::Dome { .. }))
                    || (god == crate::God::Castor && matches!(self, Move::Step { .. }))
            }
        }
    }

    /// Where CharonV2's `worker` flips the opponent worker on `from`: the square straight
    /// across `worker`, if it is on the board.
    pub fn flip_target(worker: Square, from: Square) -> Option<Square> {
        Move::push_target(from, worker)
    }

    /// The square beyond `to` in the line from `from`: where Minotaur pushes a worker.
    pub fn push_target(from: Square, to: Square) -> Option<Square> {
        let row = 2 * to.row() as i32 - from.row() as i32;
        let col = 2 * to.col() as i32 - from.col() as i32;
        if (0..5).contains(&row) && (0..5).contains(&col) {
            Square::new(row as u32, col as u32)
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(a, b) => write!(f, "place:{a},{b}"),
            Move::PlaceThree(a, b, c) => write!(f, "place:{a},{b},{c}"),
            Move::Build { from, to, build } => write!(f, "{from}>{to}^{build}"),
            Move::Win { from, to } => write!(f, "{from}>{to}#"),
            Move::Swap { from, to, build } => write!(f, "{from}<>{to}^{build}"),
            Move::Push { from, to, build } => match Move::push_target(*from, *to) {
                Some(beyond) => write!(f, "{from}>{to}(>{beyond})^{build}"),
                None => write!(f, "{from}>{to}(>?)^{build}"),
            },
            Move::Dome { from, to, build } => write!(f, "{from}>{to}^{build}X"),
            Move::BuildTwice {
                from,
                to,
                builds: [a, b],
            } => write!(f, "{from}>{to}^{a}^{b}"),
            Move::BuildDouble { from, to, build } => write!(f, "{from}>{to}^^{build}"),
            Move::BuildFirst {
                first,
                from,
                to,
                build,
            } => write!(f, "^{first} {from}>{to}^{build}"),
            Move::BuildFirstWin { first, from, to } => write!(f, "^{first} {from}>{to}#"),
            Move::Leap { from, to, build } => write!(f, "{from}>*{to}^{build}"),
            Move::LeapWin { from, to } => write!(f, "{from}>*{to}#"),
            Move::Travel { from, to, build } if from == to => write!(f, "^{build}"),
            Move::Travel { from, to, build } if from[0] == from[1] => {
                write!(f, "{}>{}^{build}", from[0], to[0])
            }
            Move::Travel { from, to, build } => {
                write!(f, "({},{})>({},{})^{build}", from[0], from[1], to[0], to[1])
            }
            Move::BuildWin { from, to, build } => write!(f, "{from}>{to}^{build}#"),
            Move::ClaimWin => f.write_str("#"),
            Move::BuildRemove {
                from,
                to,
                build,
                remove,
            } => write!(f, "{from}>{to}^{build}~{remove}"),
            Move::BuildDome {
                from,
                to,
                build,
                dome,
            } => write!(f, "{from}>{to}^{build} X{dome}"),
            Move::BuildDomes {
                from,
                to,
                build,
                domes: [first, second],
            } if first == second => write!(f, "{from}>{to}^{build} X{first}"),
            Move::BuildDomes {
                from,
                to,
                build,
                domes: [first, second],
            } => write!(f, "{from}>{to}^{build} X{first}X{second}"),
            Move::BuildMore {
                from,
                to,
                build,
                extra,
            } => {
                write!(f, "{from}>{to}^{build} ")?;
                for square in extra.iter().flatten() {
                    write!(f, "^{square}")?;
                }
                Ok(())
            }
            Move::BuildSlay {
                from,
                to,
                build,
                slain,
            } => write!(f, "{from}>{to}^{build} x{slain}"),
            Move::BuildTalus {
                from,
                to,
                build,
                talus,
            } => write!(f, "{from}>{to}^{build} T{talus}"),
            Move::Step { from, to } => write!(f, "{from}>{to}"),
            Move::BuildBlocks { from, to, blocks } => {
                write!(f, "{from}>{to}")?;
                for square in blocks.builds(*to) {
                    write!(f, "^{square}")?;
                }
                Ok(())
            }
            Move::BuildHead {
                from,
                to,
                build,
                head,
            } => write!(f, "{from}>{to}^{build} H{head}"),
            // santorini-ai's text: the position is that of a move from `from` to `to`.
            Move::Shift { from, to, build } => write!(f, "{from}>{to}^{build}"),
            Move::BuildWind {
                from,
                to,
                build,
                wind,
            } => write!(
                f,
                "{from}>{to}^{build} w={}",
                Move::wind_name(*wind).unwrap_or("?")
            ),
            Move::FlipBuild {
                flipped,
                from,
                to,
                build,
            } => match Move::flip_target(*from, *flipped) {
                Some(across) => write!(f, "({flipped}>{across}){from}>{to}^{build}"),
                None => write!(f, "({flipped}>?){from}>{to}^{build}"),
            },
            Move::FlipWin { flipped, from, to } => match Move::flip_target(*from, *flipped) {
                Some(across) => write!(f, "({flipped}>{across}){from}>{to}#"),
                None => write!(f, "({flipped}>?){from}>{to}#"),
            },
            Move::Flip {
                worker,
                from,
                build,
            } => match Move::flip_target(*worker, *from) {
                Some(to) => write!(f, "{worker}({from}>{to})^{build}"),
                None => write!(f, "{worker}({from}>?)^{build}"),
            },
            Move::Drag {
                from,
                to,
                dragged,
                build,
            } => write!(f, "({dragged}>{from}){from}>{to}^{build}"),
            Move::PlaceBuild { place, build } => write!(f, "+{place}^{build}"),
            Move::MoveBoth { from, to } => {
                write!(f, "{}>{} {}>{}", from[0], to[0], from[1], to[1])
            }
            Move::MoveBothWin { from, to } => {
                write!(f, "{}>{} {}>{}#", from[0], to[0], from[1], to[1])
            }
            Move::BuildBoth { builds: [a, b] } => write!(f, "^{a}^{b}"),
            Move::BuildStill { build } => write!(f, "^{build}"),
            Move::Trade {
                from,
                to,
                build,
                trades,
            } => {
                write!(f, "{from}>{to}^{build}[")?;
                match trades {
                    [Some(a), Some(b)] => write!(f, "{a},{b}]"),
                    [Some(a), None] => write!(f, "{a}]"),
                    [None, Some(b)] => write!(f, "{to},{b}]"),
                    [None, None] => f.write_str("]"),
                }
            }
        }
    }
}

/// The square of the opponent worker that a turn's text says Bia removes, santorini-ai's
/// `B3>C3xD3^C4` (`D3`), if the text names one: `Position::parse_move` checks that Bia moves
/// and a worker of the opponent stands there, since [`Move`] itself does not record it.
pub(crate) fn removal_named(text: &str) -> Option<Square> {
    let (_, rest) = text.trim().split_once('>')?;
    let (moved, _) = rest.split_once('^')?;
    let (_, beyond) = moved.split_once('x')?;
    beyond.parse::<Square>().ok()
}

impl FromStr for Move {
    type Err = Error;

    /// Reads a move, case-insensitively. Checks the syntax only; legality depends on the
    /// position (see `Position::parse_move`).
    ///
    /// A text longer than [`Move::MAX_TEXT`] (after surrounding whitespace) is refused
    /// unread with [`Error::MoveTooLong`]: no move is that long. The parser recurses once at
    /// most (the plain turn after Charon's flip, which may not flip again), so no input can
    /// exhaust the stack.
    fn from_str(text: &str) -> Result<Move, Error> {
        let trimmed = text.trim();
        if trimmed.len() > Move::MAX_TEXT {
            return Err(Error::MoveTooLong {
                start: trimmed.chars().take(Move::SHOWN_TEXT).collect(),
                length: trimmed.len(),
                limit: Move::MAX_TEXT,
            });
        }
        let syntax = |reason: &str| Error::MoveSyntax {
            text: trimmed.to_owned(),
            reason: reason.to_owned(),
        };
        let square = |name: &str| {
            name.parse::<Square>().map_err(|err| Error::MoveSyntax {
                text: trimmed.to_owned(),
                reason: err.to_string(),
            })
        };
        if trimmed == "#" {
            return Ok(Move::ClaimWin);
        }
        if let Some(rest) = trimmed.strip_prefix('+') {
            // Jason's new worker and its build, `+A1^B2`.
            let (place, build) = rest
                .split_once('^')
                .ok_or_else(|| syntax("expected +<place>^<build> (Jason's new worker)"))?;
            return Ok(Move::PlaceBuild {
                place: square(place)?,
                build: square(build)?,
            });
        }
        let Some(rest) = trimmed.strip_prefix('^') else {
            // Castor's move of both workers, `B3>C3 D3>D4` or `C3>B3 D3>C3#`: two moves
            // without a build.
            if let Some((first, second)) = trimmed.split_once(' ')
                && !first.contains(['^', '(', ':', '*', '#'])
                && let Some((a, b)) = first.split_once('>')
            {
                let second = second.trim_start();
                let (second, win) = match second.strip_suffix('#') {
                    Some(second) => (second, true),
                    None => (second, false),
                };
                let (c, d) = second
                    .split_once('>')
                    .ok_or_else(|| syntax("expected <from>><to> <from>><to> (Castor)"))?;
                let (a, b, c, d) = (square(a)?, square(b)?, square(c)?, square(d)?);
                if a == c || b == d {
                    return Err(syntax("Castor's two workers are never on one square"));
                }
                if win {
                    return Ok(Move::MoveBothWin {
                        from: [a, c],
                        to: [b, d],
                    });
                }
                let (from, to) = if a < c {
                    ([a, c], [b, d])
                } else {
                    ([c, a], [d, b])
                };
                return Ok(Move::MoveBoth { from, to });
            }
            return parse_turn(trimmed, trimmed);
        };
        // Prometheus's `^P S>T^B`, or Hermes's `^B` (nobody travels). Only one build comes
        // before the move: the turn after the prefix is read as a plain turn, never as
        // another prefixed one.
        match rest.split_once(' ') {
            Some((first, turn)) => {
                let turn = turn.trim_start();
                if turn.starts_with('^') {
                    return Err(syntax(
                        "only one build comes before the move: expected ^<first> <from>><to>^<build>",
                    ));
                }
                match parse_turn(trimmed, turn)? {
                    Move::Build { from, to, build } => Ok(Move::BuildFirst {
                        first: square(first)?,
                        from,
                        to,
                        build,
                    }),
                    // Achilles's build before his winning step, `^C3 B3>C3#`.
                    Move::Win { from, to } => Ok(Move::BuildFirstWin {
                        first: square(first)?,
                        from,
                        to,
                    }),
                    _ => Err(syntax(
                        "expected ^<first> <from>><to>^<build> or ^<first> <from>><to>#",
                    )),
                }
            }
            None if rest.contains('^') => {
                // Castor's builds with both workers, `^C4^D4` (either order).
                let (a, b) = rest.split_once('^').unwrap_or((rest, rest));
                let (a, b) = (square(a)?, square(b)?);
                Ok(Move::BuildBoth {
                    builds: [a.min(b), a.max(b)],
                })
            }
            None => {
                let build = square(rest)?;
                Ok(Move::Travel {
                    from: [build; 2],
                    to: [build; 2],
                    build,
                })
            }
        }
    }
}

/// Reads `turn`, a move without Prometheus's or Hermes's leading `^`: all of `text` or
/// the part of it after the prefix. Errors quote the whole `text`.
fn parse_turn(text: &str, turn: &str) -> Result<Move, Error> {
    let syntax = |reason: &str| Error::MoveSyntax {
        text: text.to_owned(),
        reason: reason.to_owned(),
    };
    let square = |name: &str| {
        name.parse::<Square>().map_err(|err| Error::MoveSyntax {
            text: text.to_owned(),
            reason: err.to_string(),
        })
    };
    if let Some((first, rest)) = turn
        .strip_prefix('(')
        .and_then(|rest| rest.split_once(')'))
        .filter(|(first, _)| !first.contains(','))
    {
        // `(A>B)` before a plain turn from F: Scylla's drag of the worker on A into F, the
        // square hers left (`(C4>B3)B3>A3^A4`, B == F), or Charon's flip of the worker on A
        // to B, straight across F (`(C3>A3)B3>B4^B5`). The turn after it is read as a plain
        // turn, never as another of these.
        let expected = "expected (<dragged>><from>)<from>><to>^<build> (Scylla) or \
                        (<flipped>><across>)<from>><to>^<build> or # (Charon)";
        let (moved, into) = first.split_once('>').ok_or_else(|| syntax(expected))?;
        let (moved, into) = (square(moved)?, square(into)?);
        if rest.starts_with('(') {
            return Err(syntax(expected));
        }
        let across = |from: Square| Move::flip_target(from, moved) == Some(into);
        return match parse_turn(text, rest)? {
            Move::Build { from, to, build } if from == into => Ok(Move::Drag {
                from,
                to,
                dragged: moved,
                build,
            }),
            Move::Build { from, to, build } if across(from) => Ok(Move::FlipBuild {
                flipped: moved,
                from,
                to,
                build,
            }),
            Move::Win { from, to } if across(from) => Ok(Move::FlipWin {
                flipped: moved,
                from,
                to,
            }),
            Move::Win { from, .. } if from == into => {
                Err(syntax("a winning move drags no worker (Scylla)"))
            }
            Move::Build { .. } | Move::Win { .. } => Err(syntax(
                "Scylla drags a worker into the square hers left; Charon flips one to the \
                 square straight across his worker",
            )),
            _ => Err(syntax(expected)),
        };
    }
    if let Some(rest) = turn.strip_prefix('(') {
        // Hermes's `(A,B)>(C,D)^E`.
        let pair = |text: &str| -> Result<[Square; 2], Error> {
            let (a, b) = text
                .split_once(',')
                .ok_or_else(|| syntax("expected (<square>,<square>)"))?;
            let (a, b) = (square(a)?, square(b)?);
            if a == b {
                return Err(syntax("Hermes's two workers are never on one square"));
            }
            Ok([a, b])
        };
        let (from, rest) = rest
            .split_once(")>(")
            .ok_or_else(|| syntax("expected (<a>,<b>)>(<c>,<d>)^<build>"))?;
        let (to, build) = rest
            .split_once(")^")
            .ok_or_else(|| syntax("expected (<a>,<b>)>(<c>,<d>)^<build>"))?;
        return Ok(Move::travel(pair(from)?, pair(to)?, square(build)?));
    }
    if let Some((from, rest)) = turn.split_once("<>") {
        let (to, build) = rest
            .split_once('^')
            .ok_or_else(|| syntax("expected <from><><to>^<build>"))?;
        return Ok(Move::Swap {
            from: square(from)?,
            to: square(to)?,
            build: square(build)?,
        });
    }
    if let Some((worker, rest)) = turn.split_once('(').filter(|(w, _)| !w.contains('>')) {
        // CharonV2's flip `W(F>T)^B`: the square across is implied by the line, and checked.
        let expected = "expected <worker>(<from>><to>)^<build>";
        let (from, rest) = rest.split_once('>').ok_or_else(|| syntax(expected))?;
        let (to, build) = rest.split_once(")^").ok_or_else(|| syntax(expected))?;
        let (worker, from) = (square(worker)?, square(from)?);
        if Move::flip_target(worker, from) != Some(square(to)?) {
            return Err(syntax(
                "a flip sends the worker to the square straight across the flipping one",
            ));
        }
        return Ok(Move::Flip {
            worker,
            from,
            build: square(build)?,
        });
    }
    if let Some(squares) = strip_prefix_ignore_case(turn, "place:") {
        let expected = "expected place:<square>,<square> or place:<square>,<square>,<square>";
        let (a, rest) = squares.split_once(',').ok_or_else(|| syntax(expected))?;
        // Graeae places three workers: `place:B3,D3,E5`.
        if let Some((b, c)) = rest.split_once(',') {
            return Move::place_three(square(a)?, square(b)?, square(c)?)
                .ok_or_else(|| syntax("two workers placed on one square"));
        }
        // In the order written: Selene's female worker is the first square
        // (`Position::parse_move` reads either order for the other gods).
        let (a, b) = (square(a)?, square(rest)?);
        if a == b {
            return Err(syntax("both workers placed on one square"));
        }
        return Ok(Move::Place(a, b));
    }
    let (from, rest) = turn
        .split_once('>')
        .ok_or_else(|| syntax("expected <from>><to>^<build>, <from>><to># or place:<a>,<b>"))?;
    let from = square(from)?;
    if let Some(leap) = rest.strip_prefix('*') {
        // Bellerophon's leap `B3>*C3^C4` or `B3>*C3#`: the turn without the `*` must be a
        // plain one (read once, so `**` is refused, not recursed into).
        let expected = "expected <from>>*<to>^<build> or <from>>*<to># (Bellerophon)";
        if leap.starts_with('*') {
            return Err(syntax(expected));
        }
        return match parse_turn(text, &format!("{from}>{leap}"))? {
            Move::Build { from, to, build } => Ok(Move::Leap { from, to, build }),
            Move::Win { from, to } => Ok(Move::LeapWin { from, to }),
            _ => Err(syntax(expected)),
        };
    }
    if let Some(to) = rest.strip_suffix('#') {
        // Chronus's `B3>C3^C4#` builds the fifth tower; any other win has no build.
        if let Some((to, build)) = to.split_once('^') {
            return Ok(Move::BuildWin {
                from,
                to: square(to)?,
                build: square(build)?,
            });
        }
        return Ok(Move::Win {
            from,
            to: square(to)?,
        });
    }
    let Some((to, build)) = rest.split_once('^') else {
        // Morpheus's move without a build, `B3>C3` (santorini-ai's `!` after Athena's move
        // up never comes without a build, but is read).
        let to = rest.strip_suffix('!').unwrap_or(rest);
        return square(to)
            .map(|to| Move::Step { from, to })
            .map_err(|_| syntax("expected ^<build> after the destination, or # for a win"));
    };
    // santorini-ai marks Athena's move up with `!`; the position knows it anyway.
    let to = to.strip_suffix('!').unwrap_or(to);
    // santorini-ai writes Bia's removal of the opponent worker beyond her move,
    // `B3>C3xD3^C4`; it follows from the move, so the text is her plain turn, the square
    // checked against the line here and the worker there by `Position::parse_move`.
    let to = match to.split_once('x') {
        Some((to, beyond)) => {
            if Move::push_target(from, square(to)?) != Some(square(beyond)?) {
                return Err(syntax(
                    "a removal (x<square>) is of the next square in the line of the move",
                ));
            }
            to
        }
        None => to,
    };
    if let Some((to, beyond)) = to.split_once("(>") {
        // Minotaur's push: the square beyond is implied by the line, and checked.
        let (from, to) = (from, square(to)?);
        let beyond = beyond
            .strip_suffix(')')
            .ok_or_else(|| syntax("expected (><square>) after the destination"))?;
        if Move::push_target(from, to) != Some(square(beyond)?) {
            return Err(syntax(
                "a push goes to the next square in the line of the move",
            ));
        }
        return Ok(Move::Push {
            from,
            to,
            build: square(build)?,
        });
    }
    let to = square(to)?;
    if let Some((build, traded)) = build.split_once('[') {
        // Nemesis's trade, `[D5]`, `[D5,E5]` or `[<to>,E5]` (santorini-ai's: her worker on
        // `to` trades with the first, her other worker with the second; `to` first when only
        // the other trades).
        let expected =
            "expected [<square>] or [<square>,<square>] after the build (Nemesis's trade)";
        let traded = traded.strip_suffix(']').ok_or_else(|| syntax(expected))?;
        let trades = match traded.split_once(',') {
            None => [Some(square(traded)?), None],
            Some((a, b)) => {
                let (a, b) = (square(a)?, square(b)?);
                if a == b || b == to {
                    return Err(syntax("two trades with one square"));
                }
                [(a != to).then_some(a), Some(b)]
            }
        };
        if trades[0] == Some(to) {
            return Err(syntax(
                "her worker on the square it moved to trades with itself",
            ));
        }
        return Ok(Move::Trade {
            from,
            to,
            build: square(build)?,
            trades,
        });
    }
    if let Some((build, dome)) = build.split_once(' ') {
        // Poseidon's extra builds, ` ^<square>` one to three times (any order).
        if let Some(extra) = dome.trim_start().strip_prefix('^') {
            let mut squares = Vec::with_capacity(3);
            for text in extra.split('^') {
                squares.push(square(text)?);
            }
            if squares.len() > 3 {
                return Err(syntax("at most three extra builds"));
            }
            squares.sort_unstable();
            let mut extra = [None; 3];
            for (slot, square) in extra.iter_mut().zip(squares) {
                *slot = Some(square);
            }
            return Ok(Move::BuildMore {
                from,
                to,
                build: square(build)?,
                extra,
            });
        }
        // Aeolus's wind, ` w=<direction>`, or santorini-ai's ` w=-` for none (his plain
        // move and build).
        let dome_text = dome.trim_start();
        if let Some(wind) = dome_text
            .strip_prefix("w=")
            .or_else(|| dome_text.strip_prefix("W="))
        {
            let build = square(build)?;
            if wind == "-" {
                return Ok(Move::Build { from, to, build });
            }
            let wind = Move::wind_named(wind).ok_or_else(|| {
                syntax("expected a wind after w= (n, ne, e, se, s, sw, w, nw or -)")
            })?;
            return Ok(Move::BuildWind {
                from,
                to,
                build,
                wind,
            });
        }
        // Hydra's new worker or the worker she returns, ` H<square>`.
        if let Some(head) = dome.trim_start().strip_prefix(['H', 'h']) {
            return Ok(Move::BuildHead {
                from,
                to,
                build: square(build)?,
                head: square(head)?,
            });
        }
        // Asteria's or Polyphemus's dome after the build, ` X<square>`, or Polyphemus's
        // two, ` X<square>X<square>` (either order).
        let expected = "expected X<square> or X<square>X<square> after the build (the domes), \
                        x<square> (Theseus's removal) or T<square> (Europa's token)";
        let dome = dome.trim_start();
        // Europa's token, ` T<square>`.
        if let Some(talus) = dome.strip_prefix(['T', 't']) {
            return Ok(Move::BuildTalus {
                from,
                to,
                build: square(build)?,
                talus: square(talus)?,
            });
        }
        // Theseus's removal, ` x<square>`: a lowercase `x` and one square (a position where
        // Asteria or Polyphemus moves reads it as their dome, see `Position::parse_move`).
        if let Some(slain) = dome.strip_prefix('x')
            && !slain.contains(['X', 'x'])
        {
            return Ok(Move::BuildSlay {
                from,
                to,
                build: square(build)?,
                slain: square(slain)?,
            });
        }
        let domes: Vec<&str> = dome.split(['X', 'x']).collect();
        let (build, domes) = match domes.as_slice() {
            ["", one] => (square(build)?, [square(one)?; 2]),
            ["", first, second] => (square(build)?, [square(first)?, square(second)?]),
            _ => return Err(syntax(expected)),
        };
        return match domes {
            [one, other] if one == other && dome.matches(['X', 'x']).count() == 1 => {
                Ok(Move::BuildDome {
                    from,
                    to,
                    build,
                    dome: one,
                })
            }
            [one, other] if one == other => Err(syntax("the two domes are on one square")),
            [a, b] => Ok(Move::BuildDomes {
                from,
                to,
                build,
                domes: [a.min(b), a.max(b)],
            }),
        };
    }
    if let Some((build, remove)) = build.split_once('~') {
        // Ares's removal after his build.
        return Ok(Move::BuildRemove {
            from,
            to,
            build: square(build)?,
            remove: square(remove)?,
        });
    }
    if let Some(build) = build.strip_prefix('^') {
        return Ok(Move::BuildDouble {
            from,
            to,
            build: square(build)?,
        });
    }
    if build.matches('^').count() >= 2 {
        // Morpheus's three or more builds, `B3>C3^C4^C4^D4` (any order; two read as
        // Demeter's or Hestia's text below, and the position finds his turn).
        let mut blocks = Blocks::NONE;
        for name in build.split('^') {
            blocks = blocks.with(to, square(name)?).ok_or_else(|| {
                syntax("Morpheus builds next to his worker, at most four blocks on a square")
            })?;
        }
        return Ok(Move::BuildBlocks { from, to, blocks });
    }
    if let Some((a, b)) = build.split_once('^') {
        // Two builds on one square are Hestia's (Hephaestus writes `^^<square>`; the
        // position reads either for him, see `Position::parse_move`).
        let (a, b) = (square(a)?, square(b)?);
        return Ok(Move::BuildTwice {
            from,
            to,
            builds: [a.min(b), a.max(b)],
        });
    }
    if let Some(dome) = build
        .strip_suffix('X')
        .or_else(|| build.strip_suffix('x'))
        .filter(|b| b.len() == 2)
    {
        return Ok(Move::Dome {
            from,
            to,
            build: square(dome)?,
        });
    }
    Ok(Move::Build {
        from,
        to,
        build: square(build)?,
    })
}

fn strip_prefix_ignore_case<'a>(text: &'a str, prefix: &str) -> Option<&'a str> {
    let head = text.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &text[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn notation_round_trips_and_is_case_insensitive() {
        let cases = [
            (
                "B3>C3^C4",
                Move::Build {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                },
            ),
            (
                "A3>B3#",
                Move::Win {
                    from: sq("A3"),
                    to: sq("B3"),
                },
            ),
            ("place:B3,D3", Move::Place(sq("B3"), sq("D3"))),
            (
                "B3<>C3^C4",
                Move::Swap {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                },
            ),
            (
                "B3>C3(>D3)^C4",
                Move::Push {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                },
            ),
            (
                "B3>C3^C4X",
                Move::Dome {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                },
            ),
            (
                "B3>C3^C4^D4",
                Move::BuildTwice {
                    from: sq("B3"),
                    to: sq("C3"),
                    builds: [sq("C4"), sq("D4")],
                },
            ),
            (
                "B3>C3^C4^C4",
                Move::BuildTwice {
                    from: sq("B3"),
                    to: sq("C3"),
                    builds: [sq("C4"), sq("C4")],
                },
            ),
            (
                "B3>C3^^C4",
                Move::BuildDouble {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                },
            ),
            (
                "^B4 B3>C3^C4",
                Move::BuildFirst {
                    first: sq("B4"),
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                },
            ),
            (
                "^C4",
                Move::Travel {
                    from: [sq("C4"); 2],
                    to: [sq("C4"); 2],
                    build: sq("C4"),
                },
            ),
            (
                "(A1,B1)>(C1,D1)^C2",
                Move::Travel {
                    from: [sq("A1"), sq("B1")],
                    to: [sq("C1"), sq("D1")],
                    build: sq("C2"),
                },
            ),
            (
                "B3>C3^C4#",
                Move::BuildWin {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                },
            ),
            ("#", Move::ClaimWin),
            (
                "B3>C3^C4~D4",
                Move::BuildRemove {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    remove: sq("D4"),
                },
            ),
            (
                "B3>C3^C4 XD4",
                Move::BuildDome {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    dome: sq("D4"),
                },
            ),
            (
                "B3>C3^C4 xD4",
                Move::BuildSlay {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    slain: sq("D4"),
                },
            ),
            (
                "+A1^B2",
                Move::PlaceBuild {
                    place: sq("A1"),
                    build: sq("B2"),
                },
            ),
            (
                "B3>C3",
                Move::Step {
                    from: sq("B3"),
                    to: sq("C3"),
                },
            ),
            (
                "B3>C3^C4^C4^D4",
                Move::BuildBlocks {
                    from: sq("B3"),
                    to: sq("C3"),
                    blocks: [sq("C4"), sq("D4"), sq("C4")]
                        .into_iter()
                        .try_fold(Blocks::NONE, |b, s| b.with(sq("C3"), s))
                        .unwrap(),
                },
            ),
            (
                "B3>C3^C4 TD4",
                Move::BuildTalus {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    talus: sq("D4"),
                },
            ),
            (
                "B3>C3^C4 w=ne",
                Move::BuildWind {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    wind: sq("D4"),
                },
            ),
            (
                "B3>C3^C4[D5]",
                Move::Trade {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    trades: [Some(sq("D5")), None],
                },
            ),
            (
                "B3>C3^C4[C3,D5]",
                Move::Trade {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    trades: [None, Some(sq("D5"))],
                },
            ),
            (
                "B3>C3^C4[E5,D5]",
                Move::Trade {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    trades: [Some(sq("E5")), Some(sq("D5"))],
                },
            ),
            (
                "B3>C3^C4 HD4",
                Move::BuildHead {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    head: sq("D4"),
                },
            ),
            (
                "B3>C3^C4 XA5XD4",
                Move::BuildDomes {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    domes: [sq("A5"), sq("D4")],
                },
            ),
            (
                "B3>C3^C4~C4",
                Move::BuildRemove {
                    from: sq("B3"),
                    to: sq("C3"),
                    build: sq("C4"),
                    remove: sq("C4"),
                },
            ),
            (
                "(C4>B3)B3>A3^A4",
                Move::Drag {
                    from: sq("B3"),
                    to: sq("A3"),
                    dragged: sq("C4"),
                    build: sq("A4"),
                },
            ),
            (
                "(C3>A3)B3>B4^B5",
                Move::FlipBuild {
                    flipped: sq("C3"),
                    from: sq("B3"),
                    to: sq("B4"),
                    build: sq("B5"),
                },
            ),
            (
                "(C3>A3)B3>C3#",
                Move::FlipWin {
                    flipped: sq("C3"),
                    from: sq("B3"),
                    to: sq("C3"),
                },
            ),
            (
                "B3(C3>A3)^B2",
                Move::Flip {
                    worker: sq("B3"),
                    from: sq("C3"),
                    build: sq("B2"),
                },
            ),
        ];
        for (text, mv) in cases {
            assert_eq!(text.parse::<Move>(), Ok(mv));
            // Case matters in one place: Asteria's dome ` XD4` in lowercase is Theseus's
            // removal ` xD4` (santorini-ai's two notations); a position reads either as the
            // turn of the god to move (`Position::parse_move`).
            if !matches!(mv, Move::BuildDome { .. }) {
                assert_eq!(text.to_lowercase().parse::<Move>(), Ok(mv));
            }
            assert_eq!(mv.to_string(), text);
        }
        // Nemesis trades with squares, never with her own worker's or twice with one.
        for bad in [
            "B3>C3^C4[C3]",
            "B3>C3^C4[D5,D5]",
            "B3>C3^C4[D5,C3]",
            "B3>C3^C4[D5",
            "B3>C3^C4[]",
            "B3>C3^C4[D5,E5,A1]",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        // Demeter's builds in square order; Athena's `!` is dropped.
        assert_eq!(
            "B3>C3^D4^C4".parse::<Move>().unwrap().to_string(),
            "B3>C3^C4^D4"
        );
        assert_eq!("B3>C3!^C4".parse::<Move>().unwrap().to_string(), "B3>C3^C4");
        // Morpheus's builds in square order.
        assert_eq!(
            "B3>C3^D4^C4^B4^C4".parse::<Move>().unwrap().to_string(),
            "B3>C3^B4^C4^C4^D4"
        );
        // Poseidon's extra builds in square order.
        assert_eq!(
            "B3>C3^C4 ^E4^D4^D4".parse::<Move>().unwrap().to_string(),
            "B3>C3^C4 ^D4^D4^E4"
        );
        // Polyphemus's two domes in square order.
        assert_eq!(
            "B3>C3^C4 xD4xA5".parse::<Move>().unwrap().to_string(),
            "B3>C3^C4 XA5XD4"
        );
        // Placement squares read in the order written (Selene's female worker first;
        // `Position::parse_move` takes either order as the one placement of other gods).
        assert_eq!(
            "PLACE:d3,b3".parse::<Move>().unwrap().to_string(),
            "place:D3,B3"
        );
        assert_eq!(
            Move::place(sq("D3"), sq("B3")).map(|mv| mv.to_string()),
            Some("place:B3,D3".to_owned())
        );
    }

    #[test]
    fn malformed_moves_are_errors_naming_the_problem() {
        for (text, needle) in [
            ("", "expected"),
            ("B3C3", "expected"),
            ("B3>", "^<build>"),
            ("B3>C3^C4^C4^E5", "next to his worker"),
            ("B3>C3^C4^C4^C4^C4^C4", "at most four blocks on a square"),
            ("B3>C3^C4^C4^Z9", "\"Z9\" is not a square"),
            ("B3>C3^", "is not a square"),
            ("B3>F3^C4", "\"F3\" is not a square"),
            ("Z9>C3#", "\"Z9\" is not a square"),
            ("place:B3", "place:<square>,<square>"),
            ("place:B3,B3", "one square"),
            ("place:B3,B6", "\"B6\" is not a square"),
            ("B3>C3(>D3^C4", "(><square>)"),
            ("B3>C3(>E3)^C4", "next square in the line"),
            ("(A1,B1>(C1,D1)^C2", "expected (<a>,<b>)"),
            ("^B4 B3>C3^C4X", "expected ^<first>"),
            ("^A1 ^B4 B3>C3^C4", "only one build comes before the move"),
            ("^A1  ^B4", "only one build comes before the move"),
            // Found by the santorini_move fuzz target: it printed as a plain move.
            ("(C2,C2)>(A5,E5)^D4", "never on one square"),
            ("(A1,B1)>(C1,C1)^C2", "never on one square"),
            ("B3>C3^C9#", "\"C9\" is not a square"),
            ("##", "expected"),
            ("B3>C3^C4~D9", "\"D9\" is not a square"),
            ("B3>C3^^C4~D4", "\"^C4\" is not a square"),
            ("B3>C3^C4~D4~E4", "is not a square"),
            ("B3>C3^C4 D4", "expected X<square>"),
            ("B3>C3^C4 XD4XD4", "one square"),
            ("+A1", "expected +<place>^<build>"),
            ("+A1^B9", "\"B9\" is not a square"),
            ("+A1>B1^B2", "\"A1>B1\" is not a square"),
            ("B3>C3^C4 ^D4^D4^D4^D4", "at most three"),
            ("B3>C3^C4 ^", "\"\" is not a square"),
            ("B3>C3^C4 XD4XE4XA1", "expected X<square>"),
            ("B3>C3^C4 XD4E4", "\"D4E4\" is not a square"),
            ("B3>C3^C4 XD9", "\"D9\" is not a square"),
            ("B3>C3^C4 TD9", "\"D9\" is not a square"),
            ("B3>C3^C4 w=x", "expected a wind after w="),
            ("B3>C3^C4 w=", "expected a wind after w="),
            ("B3>C3^C4 TD4TE4", "\"D4TE4\" is not a square"),
            ("B3>C3^C4 T", "\"\" is not a square"),
            ("B3>C3^C4X XD4", "\"C4X\" is not a square"),
            ("(C4>B2)B3>A3^A4", "the square hers left"),
            ("(C4>B3)B3>A3#", "drags no worker"),
            ("(C3>A4)B3>A4^A5", "straight across his worker"),
            ("(C3>A3)(C3>A3)B3>A4^A5", "(<flipped>><across>)"),
            ("(C4>B3)(C4>B3)B3>A3^A4", "expected (<dragged>><from>)"),
            ("(C4>B3)B3>A3^A4^A5", "expected (<dragged>><from>)"),
            ("(C9>B3)B3>A3^A4", "\"C9\" is not a square"),
        ] {
            let err = text.parse::<Move>().unwrap_err().to_string();
            assert!(err.contains(needle), "{text:?}: {err}");
        }
    }

    /// Issue 38: the parser recursed once per leading `^<square> `, so a long run of them
    /// overflowed the stack. It is refused by length now, quoting only its start; and a
    /// run short enough to be read is refused as more than one build before the move.
    #[test]
    fn a_long_run_of_build_first_prefixes_is_refused_without_recursing() {
        let hostile = format!("{}B3>B4^B3", "^A1 ".repeat(30_000));
        let err = hostile.parse::<Move>().unwrap_err();
        assert_eq!(
            err,
            Error::MoveTooLong {
                start: "^A1 ".repeat(6),
                length: hostile.len(),
                limit: Move::MAX_TEXT,
            }
        );
        let message = err.to_string();
        assert!(message.contains("120008 bytes long"), "{message}");
        assert!(message.len() < 200, "{message}");
        // Surrounding whitespace does not count; anything longer than the cap is refused.
        let spaced = format!("{}^B4 B3>C3^C4{}", " ".repeat(10_000), "\n".repeat(10_000));
        assert!(spaced.parse::<Move>().is_ok());
        let longest = format!("^B4{}B3>C3^C4", " ".repeat(Move::MAX_TEXT - 11));
        assert_eq!(longest.len(), Move::MAX_TEXT);
        assert!(longest.parse::<Move>().is_ok());
        let too_long = format!("^B4{}B3>C3^C4", " ".repeat(Move::MAX_TEXT - 10));
        assert!(matches!(
            too_long.parse::<Move>(),
            Err(Error::MoveTooLong { length: 65, .. })
        ));
        // Every move's canonical text fits with room to spare.
        assert!("(A1,B1)>(C1,D1)^C2".len() * 2 < Move::MAX_TEXT);
    }

    /// The parser is iterative for every length under the cap, and runs on a small stack.
    #[test]
    fn every_prefix_run_under_the_cap_parses_on_a_small_stack() {
        std::thread::Builder::new()
            .stack_size(64 << 10)
            .spawn(|| {
                for n in 0..=16 {
                    let text = format!("{}B3>B4^B3", "^A1 ".repeat(n));
                    let parsed = text.parse::<Move>();
                    match n {
                        0 | 1 => assert!(parsed.is_ok(), "{text}: {parsed:?}"),
                        _ => assert!(parsed.is_err(), "{text}"),
                    }
                }
            })
            .unwrap()
            .join()
            .unwrap();
    }
}
