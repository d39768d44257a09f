//! God powers: each player plays as a god (or [`God::Mortal`], the base game), whose power
//! adds to the move generator and the win check.
//!
//! The ten gods of the base box are implemented with the action semantics of the
//! santorini-ai engine (JPricey/santorini-ai), so that positions copy between the two
//! programs and perft counts agree (see `tests/data/santorini-gods.perft`):
//!
//! - one move is one whole turn, and each distinct resulting position is one move: Artemis's
//!   two steps are keyed by the final square, Hermes's travel by the final worker squares,
//!   Demeter's two builds by the unordered pair, Prometheus's build-move-build by the
//!   resulting position (santorini-ai's own generator drops some of Prometheus's legal turns;
//!   we generate them, as its one-line fix does);
//! - a winning move has no build;
//! - a worker displaced by Apollo or Minotaur is not "moving": it never wins and Athena's
//!   flag never stops it;
//! - Athena's flag (she moved up on her last turn) is part of the position, written
//!   `athena[^]`, and only her own moves set or clear it; Nike's (she moved down) likewise,
//!   `nike[^]`, with the same effect.
//!
//! Beyond the base box, santorini-ai's gods are added in batches, each cross-checked the same
//! way (`tests/data/santorini-more-gods.perft`). The first batch limits the opponent and has
//! no state: Hera (no win on the perimeter: such a climb is a plain move with a build, for
//! Pan's fall too), Hades (no step down, Artemis's second step and Prometheus's move
//! included; santorini-ai refuses Hades against Pan, as the rule book bans it, so that pair
//! is not cross-checked) and Hypnus (santorini-ai's reading: from level 3 down to 1, the
//! first level at or above which any worker stands holds that worker back if it is alone
//! there; Hermes's travel then moves the other worker alone, which builds).
//!
//! The second batch has no state either: Urania (her moves and builds wrap around the
//! board, so every square has eight neighbours) and Pegasus (a move may climb any number of
//! levels, within Athena's flag and Hades; only a climb from level 2 to 3 wins, so a worker
//! that jumped onto level 3 from lower stays without a win) and Iris (she may also jump
//! over one neighbouring worker, either player's, to the square straight beyond, up or down
//! any number of levels within Athena's flag and Hades; any move onto level 3 from lower
//! wins, the jump included). Limus limits the opponent's builds: none next to his workers
//! (where they stand before the opponent's turn, or where Apollo or Minotaur displaced them)
//! unless on level 3, for Demeter's, Hephaestus's, Hermes's and both of Prometheus's builds
//! too (Prometheus's second build is judged on the levels before his first); as in
//! santorini-ai, Atlas's dome ignores him.
//!
//! The third batch: Persephone's opponent must climb if any of their turns climbs (a move
//! whose worker ends higher than it started, Artemis's either step, Pegasus's and Iris's
//! leaps up; never Hermes's travel or Prometheus's build first); only when none does may
//! they take any turn.
//!
//! Zeus (santorini-ai's `zeus.rs`): after a move that does not win, the worker may build
//! under itself instead of next to it, if it stands below level 3 (no dome under a worker);
//! it rises with the block, which never wins (only a move up onto level 3 does), and next
//! turn moves from the new level. The turn is written `B3>C3^C3`, santorini-ai's notation, a
//! [`crate::Move::Build`] whose build is its destination. Limus's zone forbids it as any
//! build; for Persephone it climbs only if the move itself went up.
//!
//! Aphrodite (santorini-ai's `aphrodite.rs`) moves as a mortal; an opponent worker that
//! starts its turn on or next to one of her workers must end its move on or next to one of
//! the squares her workers stood on when the turn began (santorini-ai's reading of the rule
//! book's "neighbouring one of your workers": the squares at the start, so a worker Apollo
//! swaps or Minotaur pushes does not carry the zone; a win must obey it too). Only the
//! move's end counts: Artemis's middle square, Hermes's path, Prometheus's first build are
//! free. For Hermes's travel each worker is judged by where it started, and two workers
//! that share one region may end on `{x, y}` if either assignment is legal (one position).
//! santorini-ai at 4e76fe84 drops the pair whose only legal assignment sends the first
//! worker (in square order) to `y` while it may also end on `x`: a bug, since the rule book
//! allows that travel. We follow the rules; the counts with Hermes against Aphrodite come
//! from santorini-ai with that loop fixed (see `santorini-more-gods.perft`). santorini-ai bans
//! Aphrodite against Urania (its Urania ignores the zone), so that pair is not
//! cross-checked; here Urania obeys the zone like every god, judged on the plain board.
//!
//! Hestia (santorini-ai's `hestia.rs`): after a move that does not win, she may build a second
//! time, off the perimeter, on the same square too (up to a dome: a level-2 square becomes a
//! dome; a square domed by the first build takes no second). Limus's zone holds both builds,
//! judged on the levels before the turn (as santorini-ai does). Her turn with two builds is
//! a [`crate::Move::BuildTwice`], written `B3>C3^C4^D4`, or `B3>C3^C4^C4` on one square
//! (santorini-ai's notation); each distinct pair of builds is one move.
//! Chronus (santorini-ai's `chronus.rs`) moves and builds as a mortal and also wins when five
//! complete towers stand. As in santorini-ai, the towers are counted on his own turn: his
//! build that completes the fifth (a dome on level 3 with four domes standing) wins at once,
//! written `B3>C3^C4#` ([`crate::Move::BuildWin`]); when the opponent completed the fifth,
//! his whole turn is the win, written `#` ([`crate::Move::ClaimWin`], his only legal turn,
//! even with no worker able to move), so the game ends before the opponent moves again, as
//! the rule book's "you also win when" asks. Hera's perimeter does not stop a tower win (it
//! is no move onto a square); Persephone's demand does (a climbing turn comes first, the
//! claim excepted); Limus allows it (a dome on level 3). The board keeps no record of the
//! level a dome was built on, here as in santorini-ai, so every dome counts as a complete
//! tower: Atlas's dome on a lower level counts too, where the rule book counts only a dome
//! on three blocks. santorini-ai bans Chronus against Atlas for that reason, so that pair is
//! not cross-checked.
//!
//! Ares (santorini-ai's `ares.rs`): after his build he may remove one block, not a dome, from
//! an unoccupied square next to his worker that did not move (the square his worker left
//! included; his own new block too, unless it made a dome). Limus's zone limits his build,
//! not the removal. The turn is a [`crate::Move::BuildRemove`], written `B3>C3^C4~D4` as santorini-ai
//! writes it. Building a block and removing it leaves the board as the move alone left it,
//! whichever square it was on, so all those turns are one move, written with the first such
//! square in square order (`B3>C3^C4~C4`; any of those squares reads as it). santorini-ai's
//! generator lists that turn once per square, so its counts for Ares were taken with each
//! node's children deduplicated by position. santorini-ai bans Ares against Ares (its search
//! loops), so that pair is not cross-checked.
//!
//! Asteria (santorini-ai's `asteria.rs`): after a move down (her worker ends lower than it
//! started) and her build, she may build a dome on any unoccupied square without one, the
//! square her worker left and her own build's square included (unless the build domed it).
//! As in santorini-ai, Limus's zone limits her build, not that dome (as for Atlas's). The
//! turn is a [`crate::Move::BuildDome`], written `B3>C3^C4 XD4` as santorini-ai writes it.
//! Her build on one level-3 square and her dome on another give the position of the other
//! order when both are next to her worker: one move, written with the build on the first
//! square in square order (either order reads as it). santorini-ai's generator lists both
//! orders, so its counts for Asteria were taken with each node's children deduplicated by
//! position. santorini-ai bans Asteria against Hades (as the rule book does) and against
//! Chronus (its domes count as towers), so those pairs are not cross-checked.
//! Scylla (santorini-ai's `scylla.rs`): when her worker moves away from a square next to an
//! opponent worker, she may drag that worker into the square hers left, then build (next
//! to where she stands, the square the dragged worker left included). Each dragged worker
//! gives its own move ([`crate::Move::Drag`], written `(C4>B3)B3>A3^A4`, santorini-ai's
//! notation); the drag is no move of the dragged worker: it may go up or down any number of
//! levels, never wins, and leaves Athena's and Nike's flags as they were. A winning move
//! has no drag (the game is over). Limus's zone follows a worker she drags, as it follows
//! one Apollo swaps. Against Aphrodite, as in santorini-ai, only Scylla's plain moves must
//! end in the zone: a drag brings an Aphrodite worker next to where Scylla ends, and a
//! worker that could win outside the zone could drag one in too, so her drags and wins are
//! free of it. Persephone's demand counts her move's climb, not the dragged worker's.
//!
//! Maenads (santorini-ai's `maenads.rs`): at the end of her turn, if her two workers stand on
//! both sides of an opponent worker (on a line through it: a row, a column or a diagonal),
//! she wins. Only the worker that moves changes the lines, so as in santorini-ai a move that
//! ends on such a square is the win, written as a win with no build (`B3>C3#`), provided a
//! build could follow (the turn must be complete); with no build there it is no turn at all.
//! Hera's perimeter does not stop it (it is no move up), as in santorini-ai; Persephone's
//! demand does (her move must climb when one can). santorini-ai at 4e76fe84 lists a worker's
//! flanking wins once for each of its flanking squares that has a build (so twice or more
//! when there are two), and a flanking square without a build among them: bugs, as the rule
//! book's win comes at the end of a whole turn. We follow the rules; the counts with Maenads
//! come from santorini-ai with that loop fixed (see `santorini-more-gods.perft`).
//!
//! ApolloV2 and CharonV2 are santorini-ai's revised Apollo and Charon (`apollov2.rs`,
//! `charon_v2.rs`; their names hold a digit, which the notation allows). ApolloV2 swaps
//! only with an opponent worker no higher than his own. CharonV2 may, instead of moving,
//! flip a neighbouring opponent worker to the square straight across his worker (any level,
//! not a dome, on the board) and then build next to it ([`crate::Move::Flip`],
//! `B3(C3>A3)^B2`); a worker Hypnus holds still may still flip, and a flip is no climb for
//! Persephone. Charon (`charon.rs`) may flip the same way before he moves
//! ([`crate::Move::FlipBuild`], [`crate::Move::FlipWin`], `(C3>A3)B3>B4^B5`); as
//! santorini-ai has it, a flip never ends on a square he could have won on without one (the
//! plain win is the turn there). Against Aphrodite and Limus their zones are taken after the
//! flip.
//!
//! Polyphemus (santorini-ai's `polyphemus.rs`): once a game, at the end of a turn that
//! builds (a win has no build, so no domes), he may build one or two domes on any squares
//! without a worker or a dome, at any level, anywhere on the board (the square his worker
//! left and his own build's included, unless the build domed it); Limus's zone limits his
//! build, not those domes, as santorini-ai reads it. One dome is a
//! [`crate::Move::BuildDome`] (`B3>C3^C4 XD4`, as Asteria's), two a
//! [`crate::Move::BuildDomes`] (`B3>C3^C4 XD4XE4`, santorini-ai's notation). Having used
//! his power is state that lasts the rest of the game, kept in the position's per-player
//! god flag (Athena's and Nike's, which only their own moves rewrite) and written
//! `polyphemus[x]`, as santorini-ai writes it. Several turns give one position (his build
//! on a square he then domes and a build on the other dome's square; a build that domes a
//! level-3 square and a dome on another he could have built on): one move each, the one
//! whose build is on the first square in square order that can give it, and any other
//! reads as it. santorini-ai's generator lists them all, so its counts for Polyphemus were
//! taken with each node's children deduplicated by position. santorini-ai bans Chronus
//! against Polyphemus (his domes count as towers), so that pair is not cross-checked.
//!
//! Eros (santorini-ai's `eros.rs`): he also wins when a worker of his moves onto a level-1
//! square next to his other worker standing on level 1 (a [`crate::Move::Win`], `B3>C3#`),
//! whether that move climbs or not. The win is a win like a climb to level 3: Hera's
//! perimeter stops it, Athena's flag and Hades's rule stop the step itself, and Persephone
//! demands a climb when one can be made. He places his workers on opposite edges of the
//! perimeter (santorini-ai's `PlacementType::PerimeterOpposite`): one on the top row and one
//! on the bottom row, or one in the left column and one in the right column, so 48 set-ups
//! on an empty board. santorini-ai lists the corners A1 and E5 twice (one position, counted
//! once here: its counts from a set-up root are perftd's), and lets his first worker onto an
//! edge square an opponent worker holds (a bug: a worker needs a free square); here both
//! squares must be free.
//!
//! Achilles (santorini-ai's `achilles.rs`): once a game he may build before his move as
//! well as after it: a build next to his worker, a move (up too: the step is judged on the
//! heights after the first build, so he may build on a square of his level and climb onto
//! it), a build next to where he ends ([`crate::Move::BuildFirst`], `^C4 B3>C3^D4`, written
//! as Prometheus's; both builds may be on one square, unless the first domed it). From level
//! 2, a first build that raises a level-2 square he may step onto to level 3 is only ever
//! the win onto it ([`crate::Move::BuildFirstWin`], `^C3 B3>C3#`), and a step onto level 3
//! after a first build elsewhere is the plain win: the build before a win changes nothing,
//! and santorini-ai lists neither (nor, from level 2, a first build on such a square
//! followed by a move elsewhere: its `achilles.rs` leaves that out on purpose, and so does
//! this generator, to keep its counts). Two builds that could be made in either order (each
//! next to where the worker starts and where it ends) are one move, the one whose first
//! build is the later square. Having used his power lasts the rest of the game, kept in the
//! per-player god flag and written `achilles[x]`. Against Persephone the turn must climb
//! when a turn without the power climbs (a power turn that climbs then counts too); when
//! only his power could climb, he need not use it, as santorini-ai reads it. santorini-ai's
//! generator drops a pair of builds when the first is not next to where the worker ends
//! (the other order is then illegal), and against Persephone lists a step from level 2 onto
//! level 3 after a first build as a turn that builds instead of the win: both bugs, fixed
//! in the build its counts were taken with.
//!
//! Bellerophon (santorini-ai's `bellerophon.rs`): once a game his move may go up two
//! levels, from level 0 onto level 2 or from level 1 onto level 3 ([`crate::Move::Leap`],
//! `B3>*C3^C4`, and [`crate::Move::LeapWin`], `B3>*C3#`, santorini-ai's notation); a move he
//! could make without the power never uses it. Athena's flag stops the leap like any climb,
//! Hera's perimeter its win (the leap onto level 3 there builds instead), Aphrodite's zone
//! binds it as any move. Having used his power lasts the rest of the game, kept in the
//! per-player god flag and written `bellerophon[x]`. Against Persephone the turn must climb
//! when a turn without the power climbs (a leap then counts too); when only a leap could
//! climb, he need not leap, as santorini-ai reads it.
//!
//! Poseidon (santorini-ai's `poseidon.rs`): after his moved worker builds, his worker that
//! did not move, if it stands on the ground (level 0), may build one to three more times on
//! squares next to it without a worker or a dome, the same square again too (a build that
//! domes a square ends the builds there), as a [`crate::Move::BuildMore`]
//! (`B3>C3^C4 ^D3^D3^E2`, santorini-ai's notation). Limus's zone holds those builds as it
//! holds any (only a dome on level 3 there). Several turns give one position (the same
//! blocks, the moved worker's build on another square both workers reach): one move each,
//! the one whose moved worker builds on the first square in square order that can give it,
//! its extra builds in square order, and any other reads as it. santorini-ai's generator
//! lists a position once per order of the extra builds, so its counts for Poseidon were
//! taken with each node's children deduplicated by position.
//! Medusa (santorini-ai's `medusa.rs`) moves and builds as a mortal; at the end of a turn
//! with a build, every opponent worker next to one of her workers and on a lower level is
//! removed from the game and a block is built on its square (one level up: never a dome, as
//! she stands on level 3 at most). Her turn is still written `B3>C3^C4`: the stoning follows
//! from the position. A winning climb has no build and stones nothing. Every worker of hers
//! counts, the one that did not move too, and every victim is judged before any block is
//! added. Limus's zone limits her build, not the stones, which are no build of hers. A side
//! left with no workers has no turn and loses, as a stuck side does; set-up ends with the
//! first build (santorini-ai's `get_starting_placement_state`), so it never places again.
//! Hermes left with one worker travels it alone, as when Hypnus holds his other one.
//!
//! Theseus (santorini-ai's `theseus.rs`): once a game, at the end of a turn with a build, he
//! may remove from the game one opponent worker standing exactly two levels above a worker
//! of his next to it (the one that moved, where it ends, or the other), as the rule book
//! says. The turn is a [`crate::Move::BuildSlay`], written `B3>C3^C4 xD4` as santorini-ai
//! writes it; a win has no build and removes nobody. Having used his power is kept in the
//! per-player god flag, written `theseus[x]`, as for Polyphemus. santorini-ai at 4e76fe84
//! judges his worker that did not move one level off (from level 0 it reaches only an
//! opponent on level 3, from level 1 none) and the moving one as "at least" two levels
//! (from level 0 an opponent on level 3 too): bugs against the rule book's "exactly 2
//! levels below" and its own moving worker. We follow the rules; the counts with Theseus
//! come from santorini-ai with those masks made exact (see `santorini-more-gods.perft`).
//!
//! Bia (santorini-ai's `bia.rs`) moves and builds as a mortal; when her worker moves and the
//! next square in the same direction holds an opponent worker, that worker is removed from
//! the game before she builds (so she may build where it stood). The removal is forced and
//! follows from the move, so her turn is still written `B3>C3^C4`; santorini-ai's
//! `B3>C3xD3^C4` reads as it where she moves and a worker of the opponent stands on D3. A
//! winning climb removes nobody. Limus's zone is judged without his removed worker. She
//! places her workers on the perimeter, and first when she is player 2 against another god
//! (santorini-ai's placement priority, [`God::first_to_place`]); player 1 still takes the
//! first turn (cross-checked on set-up roots whose placements santorini-ai's driver counts).
//! Graeae (santorini-ai's `graeae.rs`): she has three workers, placed in one set-up turn
//! (`place:B3,D3,E5`, any three free squares, as santorini-ai's `ThreeWorkerPlacement`).
//! A turn moves one worker as a mortal's would; the build is then made by one of her other
//! workers, on a square next to it without a worker or a dome (the square the mover left is
//! free). A position is one move whichever of her still workers builds, so the turn is still
//! written `B3>C3^C4`. A move after which no still worker can build is no turn; a winning
//! climb needs no build. santorini-ai bans her against Nemesis, so that pair is refused here.
//!
//! Jason (santorini-ai's `jason.rs`) places two workers and plays as a mortal; once a game,
//! instead of his normal turn, he may place a new worker on an unoccupied ground-level
//! (level 0) perimeter square, and that worker then builds next to itself (a square
//! without a worker or a dome; Limus's zone holds it as any build). The turn is a
//! [`crate::Move::PlaceBuild`], written `+A1^B2` as santorini-ai writes it; from then on he
//! has three workers. A placement is no move: Athena's flag, Hypnus, Hades and Aphrodite's
//! zone leave it free. Having used his power is kept in the per-player god flag, written
//! `jason[x]` (a Jason with three workers has used it: the text refuses `jason:A1,B1,C1`).
//! Against Persephone, as santorini-ai reads it, his power is always allowed: when some
//! turn climbs, his turns are the climbing ones and his power's; when none climbs, every
//! turn. santorini-ai at 4e76fe84 lists only his power's turns then (with no climb, its
//! climbing pass keeps the power and never falls back to his plain turns): a bug, since
//! Persephone asks for a climb only where one is possible. We follow the rules; the counts
//! with Jason against Persephone come from santorini-ai with that pass fixed (see
//! `santorini-more-gods.perft`). A Jason left with no workers (Medusa's, Theseus's or Bia's
//! victims) may still place his new one while his power is unused.
//!
//! Europa (santorini-ai's `europa.rs`) moves and builds as a mortal; after her build she may
//! put her Talus token on a square next to where her worker ends (the square it left too)
//! without a worker or a dome, moving it from wherever it stood; placing it where it already
//! stands is no change, so not a turn of its own. Her build may be on the token's new square
//! (the token then stands on the new block) unless the build domes it; it may not be on the
//! token's old square, which it leaves only after the build. No worker, hers or the
//! opponent's, may move onto the token's square nor build there, for every god: it is as
//! good as a dome for moves, builds, Artemis's middle square, Hermes's travel, Iris's jump,
//! Minotaur's push, Charon's flip, and the domes of Asteria and Polyphemus, but it is no
//! tower for Chronus and sits on a level that never changes. Limus's zone does not limit the
//! token (it is no build). The turn is a [`crate::Move::BuildTalus`], written
//! `B3>C3^C4 TD4` as santorini-ai writes it; a win places no token. The token's square is
//! kept in the position's per-player token ([`crate::Position::token`]) and written
//! `europa[D4]`, as santorini-ai writes it; before she first places it she writes `europa`.
//! No pair with her is banned.
//!
//! Harpies (santorini-ai's `harpies.rs`): each time an opponent worker moves onto an empty
//! square, it is forced on, square by square in the same direction, while the next square
//! is on the board, free of workers and domes and no higher than the one it leaves. The
//! move is written where it ends (`A1>E1^D1` for the step A1>B1 slid to E1), its build next
//! to that square. A climb onto level 3 (or Pan's fall, Eros's win) wins where the step
//! landed, before any slide; Athena's and Nike's flags follow the step, not the slide, as
//! santorini-ai judges them. Minotaur's push never slides (the pushed worker blocks it).
//! Iris's jump slides on in its direction. Bia's removal follows her step: the worker
//! beyond it is gone before she slides, so she may slide through its square. Urania's
//! wrapped step slides on in its direction without wrapping again, and the square she left
//! blocks nothing: she may slide back onto it, a turn that only builds (one move whichever
//! worker makes it, as each distinct position is).
//! Apollo's and ApolloV2's swaps slide too (the swapped worker stands behind him), written
//! where he ends (`A1<>C1^D1` for the swap with B1 slid to C1). Prometheus's and
//! Achilles's build-first turns slide on the levels after the first build (which may raise
//! the square stepped onto, never one beyond), written where they end (`^B1 A1>E1^D1`);
//! santorini-ai drops a turn whose two builds, swapped, would be illegal (`^A2 B3>B1^B2`:
//! built first, B2 would make the step climb), a bug against the rule book: we keep it, and
//! the counts come from santorini-ai with that shortcut skipped against Harpies.
//! Charon's step after his flip slides (never over the flip's squares, both next to where
//! he started); CharonV2's flip is no move, so nothing slides; Bellerophon's leap slides on
//! from where it landed (`A1>*E1^D1`); Scylla's step slides and the dragged worker still
//! takes the square she left. Artemis's steps each slide, the second from where the first
//! slide ended, never onto the square she started from, though a slide may carry her back
//! there (santorini-ai's `artemis_move_gen_vs_harpies`). Hermes against her is refused where
//! the gods are set ([`God::check_matchup`], [`Error::UnsupportedMatchup`]).
//!
//! Hydra (santorini-ai's `hydra.rs`) places two workers and moves and builds as a mortal; at
//! the end of a turn with a build, if none of her workers (where they stand after the move)
//! is next to another, she gains a new worker on one of the lowest squares (after the
//! build; never a dome) next to the worker that moved that hold no worker (the square it
//! left is free again); otherwise she returns one of her workers to the supply, any one,
//! the one that moved too. The turn is a [`crate::Move::BuildHead`], written
//! `B3>C3^C4 HD4` as santorini-ai writes it (`H` the new worker's square or the removed
//! one's); a win has no build and changes no count. As santorini-ai reads it, a move and
//! build after which she should gain a worker but no square next to the mover is free is
//! no turn. The text allows her up to eleven workers (santorini-ai's limit; ten is the
//! most a game reaches). Against Hypnus a Hydra with one worker cannot move (it is higher
//! than all her others, santorini-ai's reading); no other god plays Hypnus with one worker
//! in santorini-ai, so that rule is hers. Turns that give one position are given once:
//! moving to one square and placing on another is moving to the second and placing on the
//! first; returning the worker that moved is the same whichever square it moved to; a
//! worker that moves next to another and returns that other is the other moving there and
//! returning the first. The turn given is the one that climbs most (Persephone keeps it
//! when any of them climbs), then the lowest square; santorini-ai's texts for the others
//! read as it (`Position::parse_move`). Against Harpies her worker's move ends where the
//! slide ends, and those alternatives are found among slid moves (a worker may end its move
//! further than a step away).
//!
//! Morpheus (santorini-ai's `morpheus.rs`) places two workers and moves as a mortal. At the
//! start of each of his turns a block goes onto his card; he cannot build as normal, but
//! spends any number of the blocks on his card (none too) to build that many times, with
//! the worker that moved, on the squares next to it without a worker or a dome (Limus's
//! zone and Europa's Talus hold as for any build), several times on one square too, up to a
//! dome. santorini-ai spends at most twelve a turn whatever the card holds; we follow it.
//! The blocks on his card between turns (the one he gains at the start of his turn not yet
//! counted) are kept in the position's per-player byte that holds Europa's token for her
//! ([`crate::Position::card`]) and written `morpheus[3]`, as santorini-ai writes them
//! (always, `morpheus[0]` too; `morpheus` alone reads as an empty card). The count saturates
//! at [`MORPHEUS_MOST_BLOCKS`]: with 111 or more on his card no game can tell one count from
//! another (the board takes at most 100 more blocks and he spends at most twelve a turn). A
//! turn with one build is a plain [`crate::Move::Build`] (his card is as it was), with none
//! a [`crate::Move::Step`] (`B3>C3`, one block more on his card), with two or more a
//! [`crate::Move::BuildBlocks`] (`B3>C3^C4^C4^D4`, the builds in square order); a win has
//! no build and leaves the card as it is. No pair with him is banned.
//!
//! Proteus (santorini-ai's `proteus.rs`) has three workers, placed in one set-up turn as
//! Graeae's. One of his workers moves as a mortal's; then another of his workers, any one,
//! must fill the square it left (put there from wherever it stands, so one that Hypnus
//! holds still too). His workers are alike, so the turn gives his workers less the one that
//! filled, plus the step's end: a [`crate::Move::Shift`], written as santorini-ai writes
//! it (its steps `B3 power C3 C4`): `B3>C3^C4` is
//! the worker on B3 gone and one on C3, a square another of his workers stepped onto (under
//! that step's limits: Athena's, Hades's, Aphrodite's zone, Persephone's climb), then the
//! build next to C3. A position is one move whichever worker stepped. A climb onto level 3
//! wins where the step ended, and no worker fills after a win; a step from level 3 onto
//! level 3 does not win. Against Harpies the step slides on first, and the filling
//! worker's square blocks nothing (the slide may end on it: a turn that only builds, one
//! move whichever workers). With one worker left (Medusa's, Theseus's or Bia's victims)
//! he moves as a mortal. No pair with him is banned.
//!
//! Aeolus (santorini-ai's `aeolus.rs`) moves and builds as a mortal, then sets the wind: no
//! worker, the opponent's nor his own, may take a step in the wind's direction (`n`: no step
//! north, to the row above). With no wind blowing he may end his turn with the wind in any
//! of the eight directions or none; with a wind blowing, only keeping it or calming it (so
//! a turn that calms it gives a free choice on his next). A win sets nothing. The wind
//! holds every step of every power that moves a worker on its own (Artemis's two, Hermes's
//! travel, Iris's jump, Pegasus's and Bellerophon's leaps, Urania's wrapped steps, the step
//! after Prometheus's and Achilles's first build, Charon's move), not a worker another
//! power displaces (Apollo's swap, Minotaur's push, Charon's flip, Scylla's drag, the
//! Harpies' slide). The turn that leaves a wind is a [`crate::Move::BuildWind`], written
//! `B3>C3^C4 w=n` as santorini-ai writes it; one that leaves none is a plain
//! [`crate::Move::Build`] (santorini-ai's `w=-` reads as it). The wind is kept in the
//! position's per-player token byte ([`crate::Position::token`]) as the square next to C3
//! in its direction (B4 for `nw`, C4 for `n`, ...), and written `aeolus[n]` as santorini-ai
//! writes it. No pair with him is banned.
//!
//! Selene (santorini-ai's `selene.rs`) has a female worker, chosen as she places her
//! workers: `place:B3,D3` puts the female on B3, the first square, so her set-up has both
//! orders of every pair. She moves and builds as a mortal; instead of the build, her female
//! worker may build a dome on any level next to where she stands after the move, whichever
//! worker moved (a dome on level 3 next to the worker that moved is its plain build, one
//! move). The turn is a [`crate::Move::Dome`], written `B3>C3^D4X` as Atlas's is. As for
//! Atlas's dome, santorini-ai lets Limus's zone not limit it. santorini-ai at 4e76fe84 drops
//! the female's dome on level 3 when her male worker moved and is not next to it (its
//! shortcut against giving the plain build twice), a bug since the rule book's "a dome at any
//! level" allows it: we keep that dome, and the counts with Selene come from santorini-ai
//! with the shortcut fixed (see `santorini-more-gods.perft`). The female's square is kept in
//! the position's per-player token ([`crate::Position::token`]), written `selene[B3]` as
//! santorini-ai writes it; it follows her when she moves, Apollo swaps her, Minotaur pushes,
//! Charon flips or Scylla drags her, and is gone when Medusa, Bia or Theseus removes her
//! (santorini-ai's `oppo_worker_xor` and `oppo_worker_kill`). `selene:B3,D3` (no female, as
//! after a removal) has no dome. santorini-ai bans her against Chronus, so that pair is
//! refused here ([`God::check_matchup`]).
//!
//! Hippolyta (santorini-ai's `hippolyta.rs`) has a female worker, chosen as Selene's is
//! (`place:B3,D3` puts her on B3, so both orders of every pair are her set-ups). Every
//! worker but her female worker, her other worker and every worker of the opponent's, may
//! only move diagonally; otherwise she moves and builds as a mortal (a plain
//! [`crate::Move::Build`]). Her opponent's female worker (Selene's, or the other
//! Hippolyta's) is no exception. As Aeolus's wind, the restriction holds every step of
//! every power that moves a worker on its own (Artemis's two, Hermes's travel, Iris's jump
//! by the square it jumps over, Pegasus's and Bellerophon's leaps, Urania's wrapped steps,
//! diagonal across an edge too, the step after Prometheus's and Achilles's first build,
//! Charon's move), not a worker another power displaces (Apollo's swap, Minotaur's push,
//! Charon's flip, Scylla's drag, the Harpies' slide). The female's square is kept in the
//! position's per-player token ([`crate::Position::token`]), written `hippolyta[B3]` as
//! santorini-ai writes it, and follows her worker or is cleared as Selene's does;
//! `hippolyta:B3,D3` (no female, as after a removal) moves both diagonally. No pair with
//! her is banned.
//! Clio (santorini-ai's `clio.rs`) moves and builds as a mortal, and puts a coin on each of
//! the first three blocks she builds (a dome too, as santorini-ai counts it). No opponent
//! worker may move onto a coin's square (nor be pushed, swapped, flipped, dragged or jump
//! onto it) and no opponent may build there, as Europa's Talus; her own workers may stand on
//! her coins and she may build on them. A worker of hers standing on her coin is out of
//! reach of the opponent's powers that act on it, as santorini-ai leaves it out of every
//! power's targets: Iris cannot jump over it, Bia, Theseus and Medusa cannot remove it, the
//! Maenads cannot flank it, Charon cannot flip it, Scylla cannot drag it (and Apollo,
//! Minotaur cannot swap or push it, as that enters the coin's square). A block she builds on
//! her coin while she has coins left buries it under a new one (the square keeps one coin);
//! once all three are used, a block on her coin buries it for good (santorini-ai toggles the
//! coin: "placing xor over a coin"). The coin is automatic, so her turn is a plain
//! [`crate::Move::Build`], `B3>C3^C4` (santorini-ai's debug text adds `+` when a coin goes
//! down; the move text here does not). The coins are kept per player in the position
//! ([`crate::Position::coins`]), written `clio[1|C4,D2]` as santorini-ai writes them: the
//! coins she has left, then the squares of those on the board (`clio` alone before her first
//! build). santorini-ai bans Nemesis against her, so that pair is refused here.
//!
//! Castor (Castor and Pollux, santorini-ai's `castor.rs`) takes one of three turns: one worker
//! moves and builds as a mortal's; or both his workers move, one after the other in either
//! order, and neither builds ([`crate::Move::MoveBoth`], written `B3>C3 D3>D4` as
//! santorini-ai writes it, the lower square first; the other pairing of the same squares,
//! and either order, reads as the one move); or neither moves and each builds once next to
//! itself, the same square twice too below level 3 ([`crate::Move::BuildBoth`], `^C4^D4`).
//! A lone worker (after Medusa, Bia or Theseus) moves without a build ([`crate::Move::Step`],
//! `B3>C3`, as Morpheus's) or builds without a move ([`crate::Move::BuildStill`], `^C4`).
//! Every limit on a step holds for each of the two (Athena, Hades, Aphrodite's zone, Aeolus's
//! wind, Europa's Talus); Hypnus, holding a worker higher than the other, holds the turn
//! moving both; Harpies slide each worker as it moves (the second sliding with the first
//! where it ended); Persephone asks that either climb. As santorini-ai reads it, a step that
//! wins alone is the plain win and no part of a turn moving both: the only win moving both
//! is the second worker's step up onto the level 3 the first left
//! ([`crate::Move::MoveBothWin`], `C3>B3 D3>C3#`, the worker that moves first first).
//! santorini-ai at 4e76fe84 has four bugs in the turn moving both against the rule book:
//! against Hypnus it lets both move only when both stand on level 2 (the rule holds back
//! only a worker higher than the other); against Harpies it drops the turn where the second
//! worker's slide ends on a square the first slid across, and any step onto level 3;
//! against Persephone it panics with his worker on level 3, keeps both off level 3, and
//! never gives the winning climb onto the square the first left. We follow the rule book,
//! and the counts with those opponents come from santorini-ai with the turn moving both
//! fixed (see `santorini-more-gods.perft`, batch 63). No pair with him is banned.
//!
//! The Stymphalians (santorini-ai's `stymphalians.rs`) have three workers, placed in one
//! set-up turn as Graeae's. A worker moves two or three steps, each an ordinary step (up at
//! most one level, within Athena's or Nike's flag, Hades's, Aeolus's wind), never through a
//! worker, a dome or Europa's Talus, and must end neither on nor next to the square it
//! started from (inside Aphrodite's zone if it started there); it then builds next to where
//! it ended (Limus's zone holds). Each end square is one move, whatever the paths: the text
//! is a mortal's, `B3>D5^E5`, `B3>D5#`, the path unwritten, as santorini-ai writes it. A
//! step from level 2 onto a level 3 where the move may end (off the perimeter against
//! Hera) wins there, as the second step or the third; a step onto level 3 next to the
//! start, or from level 3, is no win, so a worker may end on level 3 without winning.
//! santorini-ai's reading, which we follow: a square the worker can win on is only a win
//! (no move ends there otherwise), and one won on at the second step is not passed through
//! to a third (a path there from level 3 included). Against Persephone the moves are those
//! along a path with some step up (it may come down again after), if any worker has one,
//! else every move, as santorini-ai's `stymphalians_vs_persephone_must_climb` finds them
//! (there a square won on at the second step is passed through when another first step
//! climbs to it). Against Harpies each step slides on, the next from where the slide
//! ended, and may cross the square the worker left; a climb from level 2 onto level 3 wins
//! before any slide. Hypnus holds a worker higher than all the others. No pair with them is
//! banned.
//!
//! Nemesis (santorini-ai's `nemesis.rs`) moves and builds as a mortal; then, if no worker of
//! the opponent stands next to any of hers (where they stand after her move), she may trade
//! places with the opponent: as many of the opponent's workers as possible take her
//! workers' squares, and hers take theirs. With two workers each, both pairs trade; with
//! one opponent worker left it trades with either of hers; against three or more
//! (Proteus, Jason after his power, Hydra) any two of theirs trade with her two; a lone
//! worker of hers (after Theseus) trades with any one of theirs. The traded workers are put,
//! not moved: no win, no Harpies' slide, no limit on steps. A win ends her turn with no
//! trade. The turn is a [`crate::Move::Trade`], written as santorini-ai writes it:
//! `B3>C3^C4[D5]` (her worker on C3 trades with the one on D5), `B3>C3^C4[C3,D5]` (her
//! other worker trades with D5), `B3>C3^C4[D5,E5]` (C3 with D5, her other worker with E5).
//! Her workers being alike, the two orders of a double trade are one position, one move
//! (in square order), unless the opponent is Selene or Hippolyta and her female worker is traded: then
//! where the female ends is the difference, and both are moves. santorini-ai bans her
//! against Aphrodite, Bia, Clio, Graeae and Medusa, so those pairs are refused here.

use core::fmt;
use core::str::FromStr;

use crate::Error;
use bitgames_search::Player;

/// A player's god, or [`God::Mortal`] for the base game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum God {
    /// The base game: move one step (up at most one level), then build next to it.
    #[default]
    Mortal,
    /// May move onto an opponent worker's square, swapping it to the square left.
    Apollo,
    /// May move one extra step, not back to the starting square.
    Artemis,
    /// After she moves up, the opponent cannot move up on their next turn.
    Athena,
    /// May build a dome at any level.
    Atlas,
    /// May build a second time, not on the same square.
    Demeter,
    /// May build a second block on the same square (not a dome).
    Hephaestus,
    /// May move both workers any number of steps on their own level instead of a normal move.
    Hermes,
    /// May move onto an opponent worker's square, pushing it one square straight back.
    Minotaur,
    /// Also wins by moving down two or more levels.
    Pan,
    /// May build before moving, if the worker then does not move up.
    Prometheus,
    /// The opponent cannot win by moving onto a perimeter square.
    Hera,
    /// The opponent's workers cannot move down.
    Hades,
    /// An opponent worker higher than the other cannot move.
    Hypnus,
    /// Moves and builds wrap around the board's edges (opposite edges are neighbours).
    Urania,
    /// May move up any number of levels, but wins only by moving up from level 2.
    Pegasus,
    /// May move by jumping over a neighbouring worker to the square straight beyond, at any
    /// level.
    Iris,
    /// The opponent cannot build next to his workers, except a dome on level 3.
    Limus,
    /// The opponent must move up on their turn if they can.
    Persephone,
    /// May build a block under himself (his worker rises with it; never a win).
    Zeus,
    /// An opponent worker that starts next to hers must end its move next to hers.
    Aphrodite,
    /// After she moves down, the opponent cannot move up on their next turn.
    Nike,
    /// May build once more, off the perimeter (on the same square too).
    Hestia,
    /// Also wins when five complete towers (domes) stand.
    Chronus,
    /// May then remove a block (not a dome) next to his worker that did not move.
    Ares,
    /// After moving down, may also build a dome on any unoccupied square.
    Asteria,
    /// Apollo's swap, but only onto an opponent worker no higher than his own level
    /// (santorini-ai's revised Apollo, `apollov2`).
    ApolloV2,
    /// Instead of moving, may flip a neighbouring opponent worker to the square straight
    /// across his worker, then build (santorini-ai's revised Charon, `charonv2`).
    CharonV2,
    /// Before moving, may flip a neighbouring opponent worker to the square straight across
    /// his worker.
    Charon,
    /// May drag an opponent worker next to the square her worker leaves into that square.
    Scylla,
    /// Also wins when her two workers end her turn on both sides of an opponent worker.
    Maenads,
    /// Once a game, after his build, may build up to two domes on any unoccupied squares.
    Polyphemus,
    /// Also wins when a worker moves onto level 1 next to his other worker on level 1; places
    /// his workers on opposite edges.
    Eros,
    /// Once a game, may build both before and after his move.
    Achilles,
    /// Once a game, may move up two levels.
    Bellerophon,
    /// If his unmoved worker is on the ground, it may build up to three more times.
    Poseidon,
    /// At the end of her turn, opponent workers next to hers on lower levels are removed and
    /// replaced by a block.
    Medusa,
    /// Once a game, after his build, may remove an opponent worker exactly two levels above
    /// a worker of his next to it.
    Theseus,
    /// Places her workers on the perimeter; an opponent worker on the next square beyond
    /// where her worker moved, in the same direction, is removed from the game.
    Bia,
    /// Has three workers; builds with a worker that did not move.
    Graeae,
    /// Once a game, instead of his turn, places a new worker on the ground of the
    /// perimeter, which then builds.
    Jason,
    /// After her build, may put her Talus token next to her worker: no worker may move onto
    /// its square or build there.
    Europa,
    /// Each opponent worker that moves is then forced onward, square by square in the same
    /// direction, until the next square is higher, occupied, domed or off the board.
    Harpies,
    /// At the end of her turn, gains a new worker next to the one that moved when none of
    /// hers stand next to each other; otherwise returns one of hers to the supply.
    Hydra,
    /// Gains a block on his card at the start of his turn; builds by spending any number of
    /// the blocks on his card (none too) instead of building as normal.
    Morpheus,
    /// Has three workers; after his worker moves, another of his workers must take the
    /// square it left.
    Proteus,
    /// After his build, sets the wind (any direction or none while none blows; else keeps or
    /// calms it): no worker may step in its direction.
    Aeolus,
    /// Has a female worker, who may build a dome on any level next to her instead of the
    /// build, whichever worker moved.
    Selene,
    /// Has a female worker; every other worker, hers and the opponent's, may only move
    /// diagonally.
    Hippolyta,
    /// Puts a coin on each of the first three blocks she builds; no opponent worker may move
    /// onto a coin's square or build there.
    Clio,
    /// Each turn moves one worker and builds with it, or moves both and builds nothing, or
    /// builds with both and moves neither.
    Castor,
    /// Has three workers; each moves two or three steps and must end away from where it
    /// started (not on nor next to its square).
    Stymphalians,
    /// At the end of her turn, if no opponent worker neighbours hers, may make as many of
    /// the opponent's workers as possible trade places with hers.
    Nemesis,
}

impl God {
    /// Every god, [`God::Mortal`] first, then the base box's alphabetically, then the others
    /// in the order they were added (their ranks, and so the step encoding's planes, never
    /// move).
    pub const ALL: [God; 53] = [
        God::Mortal,
        God::Apollo,
        God::Artemis,
        God::Athena,
        God::Atlas,
        God::Demeter,
        God::Hephaestus,
        God::Hermes,
        God::Minotaur,
        God::Pan,
        God::Prometheus,
        God::Hera,
        God::Hades,
        God::Hypnus,
        God::Urania,
        God::Pegasus,
        God::Iris,
        God::Limus,
        God::Persephone,
        God::Zeus,
        God::Aphrodite,
        God::Nike,
        God::Hestia,
        God::Chronus,
        God::Ares,
        God::Asteria,
        God::ApolloV2,
        God::CharonV2,
        God::Charon,
        God::Scylla,
        God::Maenads,
        God::Polyphemus,
        God::Eros,
        God::Achilles,
        God::Bellerophon,
        God::Poseidon,
        God::Medusa,
        God::Theseus,
        God::Bia,
        God::Graeae,
        God::Jason,
        God::Europa,
        God::Harpies,
        God::Hydra,
        God::Morpheus,
        God::Proteus,
        God::Aeolus,
        God::Selene,
        God::Hippolyta,
        God::Clio,
        God::Castor,
        God::Stymphalians,
        God::Nemesis,
    ];

    /// The name in the notation (santorini-ai's): lowercase.
    pub const fn name(self) -> &'static str {
        match self {
            God::Mortal => "mortal",
            God::Apollo => "apollo",
            God::Artemis => "artemis",
            God::Athena => "athena",
            God::Atlas => "atlas",
            God::Demeter => "demeter",
            God::Hephaestus => "hephaestus",
            God::Hermes => "hermes",
            God::Minotaur => "minotaur",
            God::Pan => "pan",
            God::Prometheus => "prometheus",
            God::Hera => "hera",
            God::Hades => "hades",
            God::Hypnus => "hypnus",
            God::Urania => "urania",
            God::Pegasus => "pegasus",
            God::Iris => "iris",
            God::Limus => "limus",
            God::Persephone => "persephone",
            God::Zeus => "zeus",
            God::Aphrodite => "aphrodite",
            God::Nike => "nike",
            God::Hestia => "hestia",
            God::Chronus => "chronus",
            God::Ares => "ares",
            God::Asteria => "asteria",
            God::ApolloV2 => "apollov2",
            God::CharonV2 => "charonv2",
            God::Charon => "charon",
            God::Scylla => "scylla",
            God::Maenads => "maenads",
            God::Polyphemus => "polyphemus",
            God::Eros => "eros",
            God::Achilles => "achilles",
            God::Bellerophon => "bellerophon",
            God::Poseidon => "poseidon",
            God::Medusa => "medusa",
            God::Theseus => "theseus",
            God::Bia => "bia",
            God::Graeae => "graeae",
            God::Jason => "jason",
            God::Europa => "europa",
            God::Harpies => "harpies",
            God::Hydra => "hydra",
            God::Morpheus => "morpheus",
            God::Proteus => "proteus",
            God::Aeolus => "aeolus",
            God::Selene => "selene",
            God::Hippolyta => "hippolyta",
            God::Clio => "clio",
            God::Castor => "castor",
            God::Stymphalians => "stymphalians",
            God::Nemesis => "nemesis",
        }
    }

    /// The power in one line, as the README's table and the front ends show it.
    pub const fn rule(self) -> &'static str {
        match self {
            God::Mortal => "no power: move one step (up at most one level), then build",
            God::Apollo => "may move onto an opponent's worker, swapping it to the square left",
            God::Artemis => "may move one extra step, but not back to the starting square",
            God::Athena => "after she moves up, the opponent cannot move up on their next turn",
            God::Atlas => "may build a dome at any level",
            God::Demeter => "may build a second time, on another square",
            God::Hephaestus => "may build a second block on the same square (not a dome)",
            God::Hermes => "may instead move both workers any distance on their own level",
            God::Minotaur => {
                "may move onto an opponent's worker, pushing it one square straight back"
            }
            God::Pan => "also wins by moving down two or more levels",
            God::Prometheus => "may build before moving, if the worker then does not move up",
            God::Hera => "the opponent cannot win by moving onto a perimeter square",
            God::Hades => "the opponent's workers cannot move down",
            God::Hypnus => "an opponent worker higher than the other cannot move",
            God::Urania => "moves and builds wrap around the edges of the board",
            God::Pegasus => {
                "may move up any number of levels, but wins only by moving up from level 2"
            }
            God::Iris => "may jump over a neighbouring worker to the square beyond, at any level",
            God::Limus => "the opponent cannot build next to his workers, except a dome on level 3",
            God::Persephone => "the opponent must move up on their turn if they can",
            God::Zeus => "may build a block under himself after moving (not a dome, never a win)",
            God::Aphrodite => {
                "an opponent worker that starts next to hers must end its move next to hers"
            }
            God::Nike => "after she moves down, the opponent cannot move up on their next turn",
            God::Hestia => "may build a second time, off the perimeter (the same square allowed)",
            God::Chronus => "also wins when at least five complete towers stand on the board",
            God::Ares => {
                "may then remove a block (not a dome) next to his worker that did not move"
            }
            God::Asteria => "after a move down, may also build a dome on any unoccupied square",
            God::ApolloV2 => {
                "may move onto an opponent's worker no higher than his own, swapping it back"
            }
            God::CharonV2 => {
                "instead of moving, may flip a neighbouring opponent worker across his, then build"
            }
            God::Charon => "before moving, may flip a neighbouring opponent worker across his",
            God::Scylla => {
                "may drag an opponent worker next to the square she leaves into that square"
            }
            God::Maenads => {
                "also wins when her two workers end her turn on both sides of an opponent worker"
            }
            God::Polyphemus => {
                "once a game, after his build, may build up to two domes on any unoccupied squares"
            }
            God::Eros => {
                "also wins by moving onto level 1 next to his other worker on level 1; places his workers on opposite edges"
            }
            God::Achilles => "once a game, may build both before and after his move",
            God::Bellerophon => "once a game, may move up two levels",
            God::Poseidon => {
                "if his unmoved worker is on the ground, it may build up to three more times after the build"
            }
            God::Medusa => {
                "at the end of her turn, opponent workers next to hers on lower levels become blocks"
            }
            God::Theseus => {
                "once a game, after his build, may remove an opponent worker next to his and exactly two levels above it"
            }
            God::Bia => {
                "places her workers first, on the perimeter; when her worker moves, an opponent worker on the next space in the same direction is removed"
            }
            God::Graeae => {
                "has three workers; after her move, builds with one of her workers that did not move"
            }
            God::Jason => {
                "once a game, instead of his turn, places a new worker on an unoccupied ground-level perimeter space, which then builds"
            }
            God::Europa => {
                "after her build, may put her Talus token next to her worker; no worker may move onto it or build there"
            }
            God::Harpies => {
                "an opponent worker that moves slides on in the same direction until the next square is higher or blocked"
            }
            God::Hydra => {
                "at the end of her turn, if none of her workers neighbour each other, gains a new worker on one of the lowest unoccupied spaces next to the one that moved; otherwise returns one of her workers to the supply"
            }
            God::Morpheus => {
                "gains a block on his card at the start of his turn; cannot build as normal, but spends any number of the blocks on his card to build that many times"
            }
            God::Proteus => {
                "has three workers; after his worker moves, one of his other workers must take the space it left"
            }
            God::Aeolus => {
                "after his build, sets the wind in any direction or none (while one blows, only keeps or calms it); no worker may move in the wind's direction"
            }
            God::Selene => {
                "has a female worker; instead of her build, the female worker may build a dome at any level next to her, whichever worker moved"
            }
            God::Hippolyta => {
                "has a female worker; all workers but her female worker, the opponent's too, may only move diagonally"
            }
            God::Clio => {
                "places a coin on each of the first three blocks she builds; opponent workers may not move onto or build on a space with a coin"
            }
            God::Castor => {
                "moves one worker and builds with it, or moves both workers without building, or builds with both workers without moving"
            }
            God::Stymphalians => {
                "have three workers; a worker moves two or three steps, ending neither on nor next to where it started"
            }
            God::Nemesis => {
                "at the end of her turn, if none of the opponent's workers neighbour hers, may force as many of the opponent's workers as possible to take the spaces her workers occupy, and hers to take theirs"
            }
        }
    }

    /// Whether `gods` (player 1's first) may play each other here, or
    /// [`Error::UnsupportedMatchup`] saying why not: Harpies against Hermes is banned, as
    /// santorini-ai bans it (her slide would make his travel ambiguous: a slid step reads
    /// as a travel), Selene against Chronus, and Nemesis against Aphrodite, Bia, Clio,
    /// Graeae and Medusa, as santorini-ai bans them (its `matchup.rs`). The position reader and [`crate::Position::try_with_gods`] refuse
    /// those pairs. The other pairs santorini-ai bans (Hades and Pan, Chronus and Atlas,
    /// ...) still play here, as they always have.
    pub fn check_matchup(gods: [God; 2]) -> Result<(), Error> {
        let [first, second] = gods;
        let why = match gods {
            [God::Harpies, God::Hermes] | [God::Hermes, God::Harpies] => {
                "Hermes's travel under the Harpies' slide is not written (santorini-ai bans the pair)"
            }
            [God::Chronus, God::Selene] | [God::Selene, God::Chronus] => {
                "santorini-ai bans Selene against Chronus (her domes on any level would count as his towers)"
            }
            [
                God::Nemesis,
                God::Aphrodite | God::Bia | God::Clio | God::Graeae | God::Medusa,
            ]
            | [
                God::Aphrodite | God::Bia | God::Clio | God::Graeae | God::Medusa,
                God::Nemesis,
            ] => "santorini-ai bans Nemesis against Aphrodite, Bia, Clio, Graeae and Medusa",
            _ => return Ok(()),
        };
        Err(Error::UnsupportedMatchup { first, second, why })
    }

    /// Whether the power limits the opponent's moves (so the opponent's moves, even a
    /// mortal's, come from the powers' generator): Europa's token blocks a square, Aeolus's
    /// wind a direction, Hippolyta every step but a diagonal one, Clio's coins their squares.
    #[inline(always)]
    pub(crate) const fn restricts_opponent(self) -> bool {
        matches!(
            self,
            God::Hera
                | God::Hades
                | God::Hypnus
                | God::Limus
                | God::Persephone
                | God::Aphrodite
                | God::Europa
                | God::Harpies
                | God::Aeolus
                | God::Hippolyta
                | God::Clio
        )
    }

    /// Whether the god keeps a token on a square between turns, written `<god>[<square>]`
    /// ([`crate::Position::token`]): Europa's Talus, Selene's and Hippolyta's female worker.
    pub const fn has_token(self) -> bool {
        matches!(self, God::Europa | God::Selene | God::Hippolyta)
    }

    /// Whether the god marks one of her workers as female as she places them, the first
    /// square of her placement (santorini-ai's `PlacementType::FemaleWorker`): Selene and
    /// Hippolyta. The mark is kept in the token byte and follows that worker whoever moves
    /// it ([`crate::Position::token`]).
    #[inline(always)]
    pub const fn has_female_worker(self) -> bool {
        matches!(self, God::Selene | God::Hippolyta)
    }

    /// How many workers the god's side places: three for Graeae, Proteus and the
    /// Stymphalians, two for every other god.
    #[inline(always)]
    pub const fn workers(self) -> usize {
        if matches!(self, God::Graeae | God::Proteus | God::Stymphalians) {
            3
        } else {
            2
        }
    }

    /// The player who places workers first: player 2 when she is Bia and player 1 is not
    /// (santorini-ai's placement priority: Bia places first), else player 1. Player 1
    /// still takes the first turn once both have placed. santorini-ai's text writes the side
    /// of such a set-up as the player who does not place next (its current player flips
    /// with each placement from player 1), and so does this crate's.
    pub const fn first_to_place(gods: [God; 2]) -> Player {
        if matches!(gods[1], God::Bia) && !matches!(gods[0], God::Bia) {
            Player::Second
        } else {
            Player::First
        }
    }

    /// The most workers the god's side can ever have: those it places, one more for
    /// Jason, whose power places a third, and eleven for Hydra (santorini-ai's limit in its
    /// text: she gains a worker only when none of hers stand next to each other, which at
    /// most nine on the board can do, so ten is the most a game reaches).
    #[inline(always)]
    pub const fn most_workers(self) -> usize {
        match self {
            God::Jason => 3,
            God::Hydra => 11,
            _ => self.workers(),
        }
    }

    /// Whether the god's flag says that a once-a-game power is spent (written `[x]`:
    /// Polyphemus, Achilles, Bellerophon, Theseus, Jason), rather than Athena's or Nike's
    /// last move (`[^]`).
    #[inline(always)]
    pub const fn has_once_a_game_power(self) -> bool {
        matches!(
            self,
            God::Polyphemus | God::Achilles | God::Bellerophon | God::Theseus | God::Jason
        )
    }

    /// The names of every god, for error messages and `--help`.
    pub fn names() -> String {
        God::ALL.map(God::name).join(", ")
    }
}

impl fmt::Display for God {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for God {
    type Err = Error;

    /// A god by name, case-insensitively.
    fn from_str(text: &str) -> Result<God, Error> {
        God::ALL
            .into_iter()
            .find(|god| god.name().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| Error::UnknownGod {
                name: text.to_owned(),
                choices: God::names(),
            })
    }
}

/// The next SplitMix64 output from `state` (Steele, Lea and Flood, 2014), advancing it: the
/// generator of the god, token and card Zobrist keys below, fixed at compile time.
const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Zobrist keys of the gods (a position's hash covers who plays which god, so a table shared
/// between games never confuses them) and of Athena's flag: SplitMix64 outputs, fixed at
/// compile time.
pub(crate) const GOD_KEYS: [[u64; 2]; God::ALL.len()] = {
    let mut keys = [[0; 2]; God::ALL.len()];
    let mut state = 0x005e_ed0f_0a7e_u64;
    let mut i = 0;
    while i < 2 * God::ALL.len() {
        let z = splitmix64(&mut state);
        // Mortal contributes nothing, so base-game hashes are unchanged.
        keys[i / 2][i % 2] = if i < 2 { 0 } else { z };
        i += 1;
    }
    keys
};

/// The Zobrist key of a player's god flag: Athena's (she moved up on her last turn), Nike's
/// (she moved down), Polyphemus's (he has used his domes): one flag a player, since a player
/// has one god.
pub(crate) const GOD_FLAG_KEY: u64 = 0x6a09_e667_f3bc_c909;

/// The most blocks Morpheus's card holds ([`crate::Position::card`]); a turn that would put
/// more on it leaves it there. One byte a player keeps the count; with 111 or more on his card
/// no game can tell one count from another (the board takes at most 100 more blocks and he
/// spends at most [`MORPHEUS_MOST_SPENT`] a turn), so the cap changes no game, and the text
/// refuses a count above it.
pub const MORPHEUS_MOST_BLOCKS: u8 = 200;

/// The most blocks Morpheus spends in one turn, however many his card holds (santorini-ai's
/// cap in `morpheus_move_gen`).
pub const MORPHEUS_MOST_SPENT: u8 = 12;

/// The Zobrist keys of the blocks on Morpheus's card, one per count and player; the empty
/// card's are zero, so a new game's hash is as before. SplitMix64 outputs from another seed.
pub(crate) const CARD_KEYS: [[u64; 2]; MORPHEUS_MOST_BLOCKS as usize + 1] = {
    let mut keys = [[0; 2]; MORPHEUS_MOST_BLOCKS as usize + 1];
    let mut state = 0x3c6e_f372_fe94_f82b_u64;
    let mut i = 2;
    while i < 2 * (MORPHEUS_MOST_BLOCKS as usize + 1) {
        keys[i / 2][i % 2] = splitmix64(&mut state);
        i += 1;
    }
    keys
};

/// The Zobrist keys of a player's token on each square (Europa's Talus): SplitMix64 outputs
/// from another seed than [`GOD_KEYS`], fixed at compile time.
pub(crate) const TOKEN_KEYS: [[u64; 2]; 25] = {
    let mut keys = [[0; 2]; 25];
    let mut state = 0x7a1e_5e0f_e0a0_u64;
    let mut i = 0;
    while i < 50 {
        keys[i / 2][i % 2] = splitmix64(&mut state);
        i += 1;
    }
    keys
};

/// The Zobrist keys of Clio's coin on each square, per player
/// ([`crate::Position::coins`]): SplitMix64 outputs from another seed.
pub(crate) const COIN_KEYS: [[u64; 2]; 25] = {
    let mut keys = [[0; 2]; 25];
    let mut state = 0xc110_c015_u64;
    let mut i = 0;
    while i < 50 {
        keys[i / 2][i % 2] = splitmix64(&mut state);
        i += 1;
    }
    keys
};

/// The Zobrist keys of how many coins Clio has used, per count and player; none used is
/// zero, so a new game's hash is as before. SplitMix64 outputs from another seed.
pub(crate) const COINS_USED_KEYS: [[u64; 2]; 4] = {
    let mut keys = [[0; 2]; 4];
    let mut state = 0xc110_05ed_u64;
    let mut i = 2;
    while i < 8 {
        keys[i / 2][i % 2] = splitmix64(&mut state);
        i += 1;
    }
    keys
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_gods_list_the_choices() {
        for god in God::ALL {
            assert_eq!(god.name().parse::<God>(), Ok(god));
            assert_eq!(god.name().to_uppercase().parse::<God>(), Ok(god));
            assert_eq!(god.to_string(), god.name());
        }
        let err = "notagod".parse::<God>().unwrap_err().to_string();
        assert!(
            err.contains("\"notagod\"") && err.contains("apollo") && err.contains("prometheus")
        );
    }

    #[test]
    fn god_keys_are_distinct_and_mortal_is_zero() {
        assert_eq!(GOD_KEYS[0], [0, 0]);
        let mut keys: Vec<u64> = GOD_KEYS[1..].iter().flatten().copied().collect();
        keys.push(GOD_FLAG_KEY);
        keys.extend(TOKEN_KEYS.iter().flatten());
        assert_eq!(CARD_KEYS[0], [0, 0]);
        keys.extend(CARD_KEYS[1..].iter().flatten());
        keys.extend(COIN_KEYS.iter().flatten());
        assert_eq!(COINS_USED_KEYS[0], [0, 0]);
        keys.extend(COINS_USED_KEYS[1..].iter().flatten());
        let n = keys.len();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), n);
        assert!(keys.iter().all(|&k| k != 0));
    }
}
