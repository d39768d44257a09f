//! God powers: perft against santorini-ai's move generator for every pair of gods, the
//! notation shared with it, Athena's flag, incremental hashing through god turns, and bad
//! input.

use bitgames_santorini::{Error, God, Move, Position};
use bitgames_search::testing::notation_never_panics;
use bitgames_search::{Game, Outcome, Player, assert_suite};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// santorini-ai's counts (see the file's header for how they were made).
const SUITE: &str = include_str!("data/santorini-gods.perft");

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|err| panic!("{text:?}: {err}"))
}

/// Every count up to five million leaves: every case to depth 2 at least, and depth 3 for
/// all but the largest trees (those, and depth 4, were checked once with the CLI; see the
/// README).
#[test]
fn perft_matches_santorini_ai_for_every_pair_of_gods() {
    let report = assert_suite::<Position>(SUITE, 5_000_000, 2);
    let ids: Vec<&str> = SUITE
        .lines()
        .filter_map(|line| line.strip_prefix("id "))
        .collect();
    assert_eq!(ids.len(), 2 * 121 + 242);
    for id in &ids {
        let depths = report.depths(id);
        assert!(depths.starts_with(&[1, 2]), "{id}: {depths:?}");
    }
    let deep = report.checked.iter().filter(|c| c.depth == 3).count();
    assert!(deep >= 420, "only {deep} depth-3 counts checked");
}

/// The number of Harpies' roots in batch 27.
const HARPIES_IDS: usize = 167;

/// The number of roots in batch 35: Harpies against Medusa, Theseus, Bia, Graeae and
/// Urania, and two hand-made roots.
const HARPIES_LATER_IDS: usize = 36;

/// The number of roots in batch 36: Harpies against Apollo and ApolloV2.
const HARPIES_APOLLO_IDS: usize = 14;

/// The number of roots in batch 37: Harpies against Prometheus and Achilles.
const HARPIES_BUILD_FIRST_IDS: usize = 14;

/// The number of roots in batch 38: Harpies against CharonV2, Charon, Bellerophon and
/// Scylla.
const HARPIES_FLIP_LEAP_DRAG_IDS: usize = 27;

/// The number of roots in batch 39: Harpies against Artemis.
const HARPIES_ARTEMIS_IDS: usize = 8;
/// Batch 51: Proteus against every god in both seats (44 times six roots), against himself
/// (five) and 14 hand-made roots.
const PROTEUS_IDS: usize = 44 * 6 + 5 + 14;

/// The number of roots in batch 45: Morpheus against every god in both seats (264), himself
/// (5), and 15 hand-made roots.
const MORPHEUS_IDS: usize = 284;
/// Aeolus's roots (batch 48): every god in both seats from the start and two middle games,
/// himself from the start and four, 15 hand-made.
const AEOLUS_IDS: usize = 284;

/// The number of roots in batch 42: Selene against every god but Chronus in both seats
/// (263 from the driver's roots) and 16 hand-made roots.
const SELENE_IDS: usize = 263 + 16;

/// Batch 60: Hippolyta against mortal and every god in both seats (48 times six roots),
/// herself (five), 28 hand-made roots and two set-up roots.
const HIPPOLYTA_IDS: usize = 48 * 6 + 5 + 28 + 2;

/// The number of roots in batch 61: Clio against mortal and every god in both seats from
/// the start and two middle games (48 times six), herself from the start and four, 85
/// from playouts to positions where her coins matter and three written by hand.
const CLIO_IDS: usize = 48 * 6 + 5 + 85;

/// Batch 65: the tenth session's gods against each other, six roots a pair (Hippolyta,
/// Clio, Nemesis, Castor and the Stymphalians: nine pairs, Nemesis against Clio banned).
const NEW_AGAINST_NEW_IDS: usize = 9 * 6;

/// The number of roots in batch 63: Castor against every god and the mortal in both seats
/// (48 times six), himself (five), and 22 hand-made roots.
const CASTOR_IDS: usize = 48 * 6 + 5 + 22;

/// The Stymphalians' roots (batch 64): every god in both seats from the start and two middle
/// games (48 times six), themselves from the start and four, 27 hand-made.
const STYMPHALIANS_IDS: usize = 48 * 6 + 5 + 27;

/// The number of roots in batch 62: Nemesis against every god but Aphrodite, Bia, Graeae
/// and Medusa in both seats (264 from the driver's roots), herself (5), and 21 hand-made
/// roots.
const NEMESIS_IDS: usize = 264 + 5 + 21;

/// santorini-ai's counts for the gods beyond the base box (same conventions).
const MORE: &str = include_str!("data/santorini-more-gods.perft");

/// The new gods against every god in both seats: every case to depth 2, depth 3 up to two
/// million leaves (the Hermes and Prometheus roots above that were checked once with the CLI).
#[test]
fn perft_matches_santorini_ai_for_the_gods_beyond_the_base_box() {
    let report = assert_suite::<Position>(MORE, 2_000_000, 2);
    let ids: Vec<&str> = MORE
        .lines()
        .filter_map(|line| line.strip_prefix("id "))
        .collect();
    assert_eq!(
        ids.len(),
        237 + 188
            + 101
            + 107
            + 113
            + 113
            + 6
            + 113
            + 6
            + 1
            + 123
            + 131
            + 6
            + 125
            + 11
            + 12
            + 132
            + 12
            + 143
            + 148
            + 156
            + 24
            + 175
            + 149
            + 155
            + 1
            + 60
            + 187
            + 202
            + 213
            + 219
            + 206
            + 12
            + 203
            + 6
            + 209
            + 7
            + 36
            + 233
            + 237
            + 6
            + 269
            + 264
            + 9
            + HARPIES_IDS
            + HARPIES_LATER_IDS
            + HARPIES_APOLLO_IDS
            + HARPIES_BUILD_FIRST_IDS
            + HARPIES_FLIP_LEAP_DRAG_IDS
            + HARPIES_ARTEMIS_IDS
            + 13
            + 286
            + 6
            + 15
            + 11
            + MORPHEUS_IDS
            + PROTEUS_IDS
            + 6
            + AEOLUS_IDS
            + 12
            + SELENE_IDS
            + 18
            + 7
            + HIPPOLYTA_IDS
            + CLIO_IDS
            + NEW_AGAINST_NEW_IDS
            + CASTOR_IDS
            + STYMPHALIANS_IDS
            + NEMESIS_IDS
    );
    // Polyphemus's roots to depth 2 whatever their size: with his domes unused he has some
    // fifteen thousand turns, so depth 2 reaches millions of leaves (189,636,612 against
    // himself), yet each depth-1 node is one count of legal moves (a second or so in all).
    // Poseidon's likewise: his extra builds give thousands of turns, and Morpheus's with a
    // full card some 130,000.
    let polyphemus = MORE
        .split("\n\n")
        .filter(|block| {
            block.starts_with("id ")
                && (block.contains("polyphemus")
                    || block.contains("poseidon")
                    || block.contains("morpheus"))
        })
        .map(|block| {
            let lines = block.lines().filter(|line| !line.starts_with("perft 3"));
            lines.collect::<Vec<_>>().join("\n")
        })
        .collect::<Vec<_>>()
        .join("\n\n");
    let wide = assert_suite::<Position>(&polyphemus, 200_000_000, 2);
    for id in &ids {
        let mut depths = report.depths(id);
        depths.extend(wide.depths(id));
        depths.sort_unstable();
        depths.dedup();
        assert!(depths.starts_with(&[1, 2]), "{id}");
    }
    let deep = report.checked.iter().filter(|c| c.depth == 3).count();
    assert!(deep >= 200, "only {deep} depth-3 counts checked");
    // Every new god in both seats against every god (Hades and Pan, Aphrodite and Urania,
    // Nike and Hades, Chronus and Atlas, Ares and Ares, Asteria and Hades or Chronus, Chronus
    // and Polyphemus excepted: banned).
    let beyond_the_base_box = God::ALL.iter().position(|&god| god == God::Hera).unwrap();
    for &new in &God::ALL[beyond_the_base_box..] {
        for other in God::ALL {
            let banned = [
                [God::Hades, God::Pan],
                [God::Aphrodite, God::Urania],
                [God::Nike, God::Hades],
                [God::Chronus, God::Atlas],
                [God::Ares, God::Ares],
                [God::Asteria, God::Hades],
                [God::Asteria, God::Chronus],
                [God::Chronus, God::Polyphemus],
                [God::Harpies, God::Hermes],
                [God::Chronus, God::Selene],
                [God::Nemesis, God::Aphrodite],
                [God::Nemesis, God::Bia],
                [God::Nemesis, God::Clio],
                [God::Nemesis, God::Graeae],
                [God::Nemesis, God::Medusa],
            ];
            if banned.contains(&[new, other]) || banned.contains(&[other, new]) {
                continue;
            }
            for id in [
                format!("start-{new}-{other}"),
                format!("start-{other}-{new}"),
            ] {
                assert!(ids.contains(&id.as_str()), "{id} missing");
            }
        }
    }
}

#[test]
fn positions_copy_to_and_from_santorini_ai_notation() {
    for line in SUITE.lines().chain(MORE.lines()) {
        if let Some(text) = line.strip_prefix("position ") {
            let position = pos(text);
            assert_eq!(position.to_string(), text);
            assert_eq!(position.hash(), position.recompute_hash(), "{text}");
        }
    }
    // Case-insensitive god names print lowercase; workers in square order.
    let apollo = pos("0000000000000000000000000/1/Apollo:D3,B3/MINOTAUR:C4,C2");
    assert_eq!(
        apollo.to_string(),
        "0000000000000000000000000/1/apollo:B3,D3/minotaur:C4,C2"
    );
    assert_eq!(apollo.god(Player::First), God::Apollo);
    assert_eq!(apollo.god(Player::Second), God::Minotaur);
    // santorini-ai's older `-` before a god sets the other player's Athena flag.
    let held = pos("0000000000000000000000000/1/-mortal:B3,D3/athena:C4,C2");
    assert!(held.athena_moved_up(Player::Second));
    assert_eq!(
        held.to_string(),
        "0000000000000000000000000/1/mortal:B3,D3/athena[^]:C4,C2"
    );
    // A winner marked with `#` (here Pan, who won by moving down: no level-3 worker).
    let won = pos("2000000000000000000000000/2/#pan:A5,D3/mortal:C4,C2");
    assert_eq!(won.winner(), Some(Player::First));
    assert_eq!(won.outcome(), Outcome::Win(Player::First));
    assert!(won.legal_moves().is_empty());
    assert_eq!(
        won.to_string(),
        "2000000000000000000000000/2/#pan:A5,D3/mortal:C4,C2"
    );
}

#[test]
fn athena_moving_up_stops_the_opponent_climbing_for_one_turn() {
    // Athena on B3 (level 0) next to C3 (level 1); the mortal on C4 (level 0) next to D4
    // (level 1).
    let start = pos("0000000010001000000000000/1/athena:A1,B3/mortal:C4,E1");
    let up = start.parse_move("B3>C3^B2").unwrap();
    let after = start.play_unchecked(up);
    assert!(after.athena_moved_up(Player::First));
    assert_eq!(
        after.to_string(),
        "0000000010001000100000000/2/athena[^]:C3,A1/mortal:C4,E1"
    );
    assert_eq!(after.hash(), after.recompute_hash());
    let err = after.parse_move("C4>D4^D5").unwrap_err().to_string();
    assert!(err.contains("C4>D4^D5"), "{err}");
    assert!(after.legal_moves().iter().all(|&mv| match mv {
        Move::Build { from, to, .. } => after.height(to) <= after.height(from),
        _ => true,
    }));
    // The mortal moves on the flat; then Athena moves without climbing, which clears it.
    let flat = after.play_unchecked(after.parse_move("C4>B4^A4").unwrap());
    assert!(
        flat.athena_moved_up(Player::First),
        "the flag lasts until Athena moves again"
    );
    let level = flat.play_unchecked(flat.parse_move("A1>B1^A1").unwrap());
    assert!(!level.athena_moved_up(Player::First));
    assert!(level.parse_move("B4>C4^C5").is_ok());
    assert!(level.legal_moves().iter().any(|&mv| matches!(mv,
        Move::Build { from, to, .. } if level.height(to) > level.height(from))));
}

#[test]
fn nike_moving_down_stops_the_opponent_climbing_for_one_turn() {
    // Nike on B3 (level 1) next to C3 (level 0); the mortal on C4 (level 0) next to D4
    // (level 1).
    let start = pos("0000000010010000000000000/1/nike:A1,B3/mortal:C4,E1");
    let climb_up = |p: &Position| {
        p.legal_moves()
            .iter()
            .any(|&mv| matches!(mv, Move::Build { from, to, .. } if p.height(to) > p.height(from)))
    };
    // Moving up or on the level leaves the opponent free; moving down holds them.
    let level = start.play_unchecked(start.parse_move("A1>B1^A1").unwrap());
    assert!(!level.athena_moved_up(Player::First) && climb_up(&level));
    let down = start.parse_move("B3>C3^B2").unwrap();
    let after = start.play(down).unwrap();
    assert!(after.athena_moved_up(Player::First));
    assert_eq!(
        after.to_string(),
        "0000000010010000100000000/2/nike[^]:C3,A1/mortal:C4,E1"
    );
    assert_eq!(after.hash(), after.recompute_hash());
    assert_eq!(pos(&after.to_string()), after, "the flag round-trips");
    assert!(after.parse_move("C4>D4^D5").is_err());
    assert!(!climb_up(&after));
    // The flag lasts through the opponent's turn and clears when Nike moves without going
    // down.
    let flat = after.play_unchecked(after.parse_move("C4>B4^A4").unwrap());
    assert!(flat.athena_moved_up(Player::First));
    let cleared = flat.play_unchecked(flat.parse_move("A1>B1^A1").unwrap());
    assert!(!cleared.athena_moved_up(Player::First));
    assert!(climb_up(&cleared));
    // Only Athena and Nike carry the flag.
    let err = "0000000000000000000000000/1/mortal[^]:A1,B3/nike:C4,E1"
        .parse::<Position>()
        .unwrap_err();
    assert!(err.to_string().contains("nike[^]"), "{err}");
}

#[test]
fn each_power_plays_as_its_rule_says() {
    // Apollo swaps: the opponent worker goes to the square Apollo left.
    let apollo = pos("0000000000000000000000000/1/apollo:B3,E5/mortal:C3,A1");
    let swapped = apollo
        .play(apollo.parse_move("B3<>C3^D3").unwrap())
        .unwrap();
    assert_eq!(
        swapped.to_string(),
        "0000000000000100000000000/2/apollo:E5,C3/mortal:B3,A1"
    );
    // ApolloV2 swaps the same way, but only with a worker no higher than his own.
    let level = pos("0000000000000000000000000/1/apollov2:B3,E5/mortal:C3,A1");
    assert_eq!(
        level
            .play(level.parse_move("B3<>C3^D3").unwrap())
            .unwrap()
            .to_string(),
        "0000000000000100000000000/2/apollov2:E5,C3/mortal:B3,A1"
    );
    let higher = pos("0000000000001000000000000/1/apollov2:B3,E5/mortal:C3,A1");
    assert!(higher.parse_move("B3<>C3^D3").is_err());
    assert!(
        higher
            .legal_moves()
            .iter()
            .all(|mv| !matches!(mv, Move::Swap { .. }))
    );
    let lower = pos("0000000000011000000000000/1/apollov2:B3,E5/mortal:C3,A1");
    assert!(lower.parse_move("B3<>C3^D3").is_ok());
    // CharonV2 flips a neighbouring opponent worker straight across his own instead of
    // moving, then builds next to himself; not onto a dome or off the board. (The child as
    // santorini-ai's generator gives it.)
    let charon = pos("0000000000000000000000000/1/charonv2:B3,E5/mortal:C3,A1");
    let flip = charon.parse_move("B3(C3>A3)^B2").unwrap();
    assert_eq!(flip.to_string(), "B3(C3>A3)^B2");
    assert_eq!(
        charon.play(flip).unwrap().to_string(),
        "0000000000000000100000000/2/charonv2:E5,B3/mortal:A3,A1"
    );
    assert!(charon.parse_move("B3(C3>A4)^B2").is_err());
    let domed = pos("0000000000400000000000000/1/charonv2:B3,E5/mortal:C3,A1");
    assert!(domed.parse_move("B3(C3>A3)^B2").is_err());
    let edge = pos("0000000000000000000000000/1/charonv2:A3,E5/mortal:B3,A1");
    assert!(
        edge.legal_moves()
            .iter()
            .all(|mv| !matches!(mv, Move::Flip { .. }))
    );
    // Charon flips first, then moves and builds (the child as santorini-ai gives it), or
    // wins; never by flipping onto a square he could win on without the flip (B4 here).
    let charon = pos("0000000000000000000000000/1/charon:B3,E5/mortal:C3,A1");
    let flip = charon.parse_move("(C3>A3)B3>A4^A5").unwrap();
    assert_eq!(flip.to_string(), "(C3>A3)B3>A4^A5");
    assert_eq!(
        charon.play(flip).unwrap().to_string(),
        "1000000000000000000000000/2/charon:E5,A4/mortal:A3,A1"
    );
    assert!(charon.parse_move("(C3>A4)B3>A4^A5").is_err());
    assert!(charon.parse_move("(C3>A3)(C3>A3)B3>A4^A5").is_err());
    let high = pos("0000003000023000000000000/1/charon:B3,E5/mortal:C3,A1");
    let mut wins: Vec<String> = high
        .legal_moves()
        .iter()
        .filter(|mv| matches!(mv, Move::Win { .. } | Move::FlipWin { .. }))
        .map(|mv| mv.to_string())
        .collect();
    wins.sort();
    assert_eq!(wins, ["(C3>A3)B3>C3#", "B3>B4#"]);
    // Minotaur pushes one square straight back; not off the board, not onto a worker.
    let minotaur = pos("0000000000000000000000000/1/minotaur:B3,E5/mortal:C3,A1");
    let pushed = minotaur
        .play(minotaur.parse_move("B3>C3(>D3)^B4").unwrap())
        .unwrap();
    assert_eq!(
        pushed.to_string(),
        "0000001000000000000000000/2/minotaur:E5,C3/mortal:D3,A1"
    );
    let edge = pos("0000000000000000000000000/1/minotaur:D3,A5/mortal:E3,A1");
    assert!(edge.parse_move("D3>E3(>F3)^D4").is_err());
    assert!(
        edge.legal_moves()
            .iter()
            .all(|mv| !matches!(mv, Move::Push { .. }))
    );
    // Atlas domes at any level; Hephaestus builds twice on one square; Demeter on two.
    let atlas = pos("0000000000000000000000000/1/atlas:B3,E5/mortal:D1,A1");
    let domed = atlas.play_unchecked(atlas.parse_move("B3>C3^C4X").unwrap());
    assert_eq!(domed.height("C4".parse().unwrap()), 4);
    let hephaestus = pos("0000000000000000000000000/1/hephaestus:B3,E5/mortal:D1,A1");
    let double = hephaestus.play_unchecked(hephaestus.parse_move("B3>C3^^C4").unwrap());
    assert_eq!(double.height("C4".parse().unwrap()), 2);
    let demeter = pos("0000000000000000000000000/1/demeter:B3,E5/mortal:D1,A1");
    let twice = demeter
        .play(demeter.parse_move("B3>C3^D4^C4").unwrap())
        .unwrap();
    assert_eq!(
        twice.to_string(),
        "0000000110000000000000000/2/demeter:E5,C3/mortal:A1,D1"
    );
    // Artemis moves twice; Pan wins by stepping down two levels; Prometheus builds first.
    let artemis = pos("0000000000000000000000000/1/artemis:A3,E5/mortal:D1,A1");
    assert!(artemis.parse_move("A3>C3^C4").is_ok());
    assert!(artemis.parse_move("A3>D3^D4").is_err());
    let pan = pos("0000000000020000000000000/1/pan:C4,E5/mortal:D1,A1");
    assert!(pan.parse_move("C4>C3#").is_err(), "C4 is level 0");
    let pan = pos("0020000000000000000000000/1/pan:C5,E1/mortal:A1,B1");
    let won = pan.play_unchecked(pan.parse_move("C5>C4#").unwrap());
    assert_eq!(won.outcome(), Outcome::Win(Player::First));
    let prometheus = pos("0000000000000000000000000/1/prometheus:B3,E5/mortal:D1,A1");
    // Either order of the two builds names the one turn.
    let first = prometheus
        .play(prometheus.parse_move("^B4 B3>C3^C4").unwrap())
        .unwrap();
    assert_eq!(
        prometheus.parse_move("^B4 B3>C3^C4"),
        prometheus.parse_move("^C4 B3>C3^B4")
    );
    assert_eq!(first.height("B4".parse().unwrap()), 1);
    assert_eq!(first.height("C4".parse().unwrap()), 1);
    // Hermes travels on his level, both workers, then builds.
    let hermes = pos("0000000000000000000000000/1/hermes:A5,E5/mortal:D1,A1");
    let far = hermes
        .play(hermes.parse_move("(A5,E5)>(A2,E2)^B2").unwrap())
        .unwrap();
    assert_eq!(
        far.to_string(),
        "0000000000000000100000000/2/hermes:A2,E2/mortal:A1,D1"
    );
    let one = hermes.play_unchecked(hermes.parse_move("A5>C3^C4").unwrap());
    assert_eq!(one.workers(Player::First).len(), 2);
    assert!(one.workers(Player::First).contains("C3".parse().unwrap()));
    // Hestia builds a second time off the perimeter: on the same square too (a level-2
    // square becomes a dome), never twice on the perimeter nor twice on level 3.
    let hestia = pos("0000000200000000000000000/1/hestia:B3,E5/mortal:D1,A1");
    let domed = hestia.play_unchecked(hestia.parse_move("B3>C3^C4^C4").unwrap());
    assert_eq!(domed.height("C4".parse().unwrap()), 4);
    let edge = hestia.play_unchecked(hestia.parse_move("B3>A3^A4^B4").unwrap());
    assert_eq!(edge.height("A4".parse().unwrap()), 1);
    assert_eq!(edge.height("B4".parse().unwrap()), 1);
    let err = hestia.parse_move("B3>A3^A4^A2").unwrap_err().to_string();
    assert!(err.contains("hestia"), "{err}");
    // Hephaestus's `^^C4` and santorini-ai's Hestia `^C4^C4` name one turn for either god.
    assert_eq!(
        hestia.parse_move("B3>C3^^B4"),
        hestia.parse_move("B3>C3^B4^B4")
    );
    assert_eq!(
        hephaestus.parse_move("B3>C3^C4^C4"),
        hephaestus.parse_move("B3>C3^^C4")
    );
    let tower = pos("0000000300000000000000000/1/hestia:B3,E5/mortal:D1,A1");
    assert!(tower.parse_move("B3>C3^C4^C4").is_err());
    assert!(tower.parse_move("B3>C3^C4^B4").is_ok());
    // Chronus: with four domes standing, his dome on level 3 is the fifth tower and wins
    // (written with `#`; the plain build's text names no legal turn).
    let chronus = pos("4000403000003000012040004/1/chronus:B3,D3/mortal:C4,D2");
    assert!(chronus.parse_move("B3>A3^B4").is_err());
    let towers = chronus
        .play(chronus.parse_move("B3>A3^B4#").unwrap())
        .unwrap();
    assert_eq!(towers.outcome(), Outcome::Win(Player::First));
    assert!(towers.legal_moves().is_empty());
    // The opponent completes the fifth: Chronus's only turn is the win, `#`.
    let before = pos("4000401020003000300040004/1/mortal:B3,D3/chronus:C4,C1");
    let fifth = before.play(before.parse_move("D3>D2^C3").unwrap()).unwrap();
    assert_eq!(fifth.outcome(), Outcome::Ongoing);
    assert_eq!(fifth.legal_moves().as_slice(), [Move::ClaimWin]);
    let claimed = fifth.play(fifth.parse_move("#").unwrap()).unwrap();
    assert_eq!(claimed.outcome(), Outcome::Win(Player::Second));
    assert_eq!(claimed.hash(), claimed.recompute_hash());
    // Four domes and a mortal's build there: no win for the mortal.
    let mortal = pos("4000403000003000012040004/1/mortal:B3,D3/chronus:C4,D2");
    let built = mortal.play(mortal.parse_move("B3>A3^B4").unwrap()).unwrap();
    assert_eq!(built.winner(), None);
    assert_eq!(built.legal_moves().as_slice(), [Move::ClaimWin]);
    // Ares, after his build, may take a block (not a dome) off an unoccupied square next to
    // his worker that did not move: D3 when B3 moves (C4 and A4 level 1, E4 a dome, D2 level
    // 3).
    let sq = |name: &str| name.parse().unwrap();
    let ares = pos("0000010104000000003000000/1/ares:B3,D3/mortal:A1,E1");
    let taken = ares.play(ares.parse_move("B3>B4^A5~C4").unwrap()).unwrap();
    assert_eq!(
        taken.to_string(),
        "1000010004000000003000000/2/ares:B4,D3/mortal:A1,E1"
    );
    assert_eq!(taken.hash(), taken.recompute_hash());
    let lowered = ares.play_unchecked(ares.parse_move("B3>B4^A5~D2").unwrap());
    assert_eq!(lowered.height(sq("D2")), 2);
    // Not a dome, not level 0, not next to the worker that moved only.
    for text in ["B3>B4^A5~E4", "B3>B4^A5~D4", "B3>B4^A5~A4"] {
        let err = ares.parse_move(text).unwrap_err().to_string();
        assert!(err.contains("ares"), "{text}: {err}");
    }
    // His own block taken back, on C3 or C4 (both next to B4 and D3): one move, the board
    // as the move alone left it.
    let back = ares.parse_move("B3>B4^C4~C4").unwrap();
    assert_eq!(ares.parse_move("B3>B4^C3~C3"), Ok(back));
    assert_eq!(
        ares.play_unchecked(back).to_string(),
        "0000010104000000003000000/2/ares:B4,D3/mortal:A1,E1"
    );
    let undos = ares.legal_moves().into_iter().filter(|mv| {
        matches!(*mv, Move::BuildRemove { from, to, build, remove }
            if from == sq("B3") && to == sq("B4") && build == remove)
    });
    assert_eq!(undos.count(), 1);
    // Not on a square his build domed (D2 is level 3), nor where only the mover stands by
    // (D1, not next to C3).
    let domed = pos("0000010104000000003000000/1/ares:C3,E3/mortal:A1,E1");
    assert!(domed.parse_move("E3>E2^D3~D3").is_ok());
    assert!(domed.parse_move("E3>E2^D2~D2").is_err());
    assert!(domed.parse_move("E3>E2^D1~D1").is_err());
    // Another god may not remove a block.
    let err = mortal.parse_move("B3>A3^B4~B4").unwrap_err().to_string();
    assert!(err.contains("ares") && err.contains("mortal"), "{err}");
    // Asteria, having moved down (C3 is level 1), may dome any unoccupied square after her
    // build: far away, or the square she left; not after a level move (C3 to D3), not on a
    // worker.
    let asteria = pos("0000033000001100000000000/1/asteria:C3,E5/mortal:A1,E1");
    let far = asteria
        .play(asteria.parse_move("C3>B3^C4 XE3").unwrap())
        .unwrap();
    assert_eq!(far.height(sq("C4")), 1);
    assert_eq!(far.height(sq("E3")), 4);
    assert_eq!(far.hash(), far.recompute_hash());
    let left = asteria.play_unchecked(asteria.parse_move("C3>B3^C4 XC3").unwrap());
    assert_eq!(left.height(sq("C3")), 4);
    for text in ["C3>D3^C4 XE3", "C3>B3^C4 XE1", "C3>B3^C4 XB3"] {
        let err = asteria.parse_move(text).unwrap_err().to_string();
        assert!(err.contains("asteria"), "{text}: {err}");
    }
    // Her build on one level-3 square and dome on another next to her: one move, either
    // order.
    let both = asteria.parse_move("C3>B3^B4 XA4").unwrap();
    assert_eq!(asteria.parse_move("C3>B3^A4 XB4"), Ok(both));
    let domed = asteria.play_unchecked(both);
    assert_eq!((domed.height(sq("A4")), domed.height(sq("B4"))), (4, 4));
    let orders = asteria.legal_moves().into_iter().filter(|mv| {
        matches!(*mv, Move::BuildDome { to, build, dome, .. }
            if to == sq("B3") && [build, dome].contains(&sq("A4")) && [build, dome].contains(&sq("B4")))
    });
    assert_eq!(orders.count(), 1);
    // Scylla: leaving B3, next to the mortal on C4, she may drag it into B3 (down two
    // levels here: a drag is no move of its own), then build; C4 is free to build on.
    let scylla = pos("0000000200000000000000000/1/scylla:B3,E1/mortal:C4,A1");
    let drag = scylla.parse_move("(C4>B3)B3>B4^C4").unwrap();
    let dragged = scylla.play(drag).unwrap();
    assert!(
        dragged
            .workers(Player::Second)
            .contains("B3".parse().unwrap())
    );
    assert_eq!(dragged.height("C4".parse().unwrap()), 3);
    assert_eq!(dragged.hash(), dragged.recompute_hash());
    // A worker not next to the square she leaves stays; the square left must be named.
    assert!(scylla.parse_move("(A1>B3)B3>B4^C4").is_err());
    assert!(scylla.parse_move("(C4>B4)B3>B4^C4").is_err());
    // Only the worker next to the square she leaves is dragged: C4 from B3 (E1 has no
    // opponent next to it), to each square B3 reaches, or none.
    let moves = scylla.legal_moves();
    let b3: bitgames_santorini::Square = "B3".parse().unwrap();
    let c4: bitgames_santorini::Square = "C4".parse().unwrap();
    assert!(moves.iter().all(|mv| match *mv {
        Move::Drag { from, dragged, .. } => from == b3 && dragged == c4,
        _ => true,
    }));
    assert_eq!(
        moves
            .iter()
            .filter(|mv| matches!(mv, Move::Drag { .. }))
            .count(),
        // B3's plain moves less a build on B3 for each of its seven free neighbours (the
        // dragged worker holds it), plus one on C4 for B4 and C3 (it is free now).
        moves
            .iter()
            .filter(|mv| matches!(mv, Move::Build { from, .. } if *from == b3))
            .count()
            - 7
            + 2
    );
    // No drag with a win: the game is over.
    let win = pos("0000003000020000000000000/1/scylla:B3,E1/mortal:C4,A1");
    let moves = win.legal_moves();
    assert!(moves.contains(&win.parse_move("B3>B4#").unwrap()));
    assert!(
        !moves
            .iter()
            .any(|mv| matches!(mv, Move::Drag { to, .. } if to.to_string() == "B4"))
    );
    // Maenads: B1 to A1 puts the mortal on B2 between her workers (C3 and A1): a win, written
    // with `#` (no build follows), on the perimeter too against Hera.
    for them in ["mortal", "hera"] {
        let maenads = pos(&format!(
            "0000000000000000000000000/1/maenads:C3,B1/{them}:B2,E5"
        ));
        assert!(maenads.parse_move("B1>A1^A2").is_err());
        let flanked = maenads.play(maenads.parse_move("B1>A1#").unwrap()).unwrap();
        assert_eq!(flanked.outcome(), Outcome::Win(Player::First));
    }
    // Against Limus no build can follow on A1 (all in his zone): no turn ends there.
    let limus = pos("0000000000000000003000030/1/maenads:C3,B1/limus:B2,C2");
    assert!(limus.parse_move("B1>A1#").is_err());
    assert!(limus.parse_move("B1>A1^A2").is_err());
    assert!(limus.parse_move("B1>C1#").is_ok());
    // Polyphemus, once a game, after his build: one or two domes anywhere unoccupied, at any
    // level; his power spent is his god flag, `polyphemus[x]`, which does not hold the
    // opponent down.
    let polyphemus = pos("0000000000003000000000000/1/polyphemus:B3,E5/mortal:A1,E1");
    let domed = polyphemus
        .play(polyphemus.parse_move("B3>B2^A2 XE3XA5").unwrap())
        .unwrap();
    assert_eq!(
        domed.to_string(),
        "4000000000003041000000000/2/polyphemus[x]:E5,B2/mortal:A1,E1"
    );
    assert_eq!(domed.hash(), domed.recompute_hash());
    assert!(domed.god_flag(Player::First) && !domed.athena_moved_up(Player::First));
    let one = polyphemus.parse_move("B3>B2^A2 XE3").unwrap();
    assert_eq!(one.to_string(), "B3>B2^A2 XE3");
    let once = polyphemus.play(one).unwrap();
    assert_eq!((once.height(sq("A2")), once.height(sq("E3"))), (1, 4));
    assert_eq!(once.to_string().parse::<Position>(), Ok(once));
    // Spent: the next turn has no domes, and the flag stays.
    let next = once.play(once.parse_move("A1>A2^A3").unwrap()).unwrap();
    assert!(next.parse_move("E5>D5^E4 XA4").is_err());
    let later = next.play(next.parse_move("E5>D5^E4").unwrap()).unwrap();
    assert!(later.god_flag(Player::First));
    // One position, one move: his build on A2 domed with C2, or on C2 domed with A2; a
    // build that domes level-3 C3 and a dome on C2, or a build on C2 domed with C3.
    let both = polyphemus.parse_move("B3>B2^A2 XA2XC2").unwrap();
    assert_eq!(polyphemus.parse_move("B3>B2^C2 XC2XA2"), Ok(both));
    let tower = polyphemus.parse_move("B3>B2^C3 XC2").unwrap();
    assert_eq!(polyphemus.parse_move("B3>B2^C2 XC2XC3"), Ok(tower));
    // The square he left is built on first: the tower domed with B3 is written so.
    let left = polyphemus.parse_move("B3>B2^C3 XB3").unwrap();
    assert_eq!(left.to_string(), "B3>B2^B3 XB3XC3");
    assert_eq!(
        polyphemus.play_unchecked(both),
        polyphemus.play_unchecked(polyphemus.parse_move("B3>B2^A2 XC2XA2").unwrap())
    );
    let mut seen = std::collections::HashSet::new();
    for mv in polyphemus.legal_moves() {
        assert!(
            seen.insert(polyphemus.play_unchecked(mv)),
            "{mv} repeats a position"
        );
    }
    // A dome on a worker, or on the dome his build made, is no turn.
    for text in ["B3>B2^A2 XA1", "B3>B2^C3 XC3", "B3>B2^A2 XB2"] {
        assert!(polyphemus.parse_move(text).is_err(), "{text}");
    }
    // Eros wins by moving onto level 1 next to his other worker on level 1 (no build
    // follows), not against Hera on the perimeter, and not when the other is on level 0.
    let eros = pos("0000000000100000100000000/1/eros:B4,B2/mortal:E5,E1");
    let won = eros.play(eros.parse_move("B4>A3#").unwrap()).unwrap();
    assert_eq!(won.winner(), Some(Player::First));
    assert!(eros.parse_move("B4>A3^A4").is_err());
    let hera = pos("0000000000100000100000000/1/eros:B4,B2/hera:E5,E1");
    assert!(hera.parse_move("B4>A3#").is_err());
    assert!(hera.parse_move("B4>A3^A4").is_ok());
    let low = pos("0000000000100000000000000/1/eros:B4,B2/mortal:E5,E1");
    assert!(low.parse_move("B4>A3#").is_err());
    // He places his workers on opposite edges: 48 set-ups on an empty board, none on a
    // worker, none off the edges.
    let set_up = pos("0000000000000000000000000/1/eros/mortal");
    assert_eq!(set_up.legal_moves().len(), 48);
    assert_eq!(set_up.count_legal_moves(), 48);
    let placed = set_up
        .play(set_up.parse_move("place:A1,E5").unwrap())
        .unwrap();
    assert_eq!(placed.count_legal_moves(), 23 * 22 / 2);
    for text in ["place:A1,A2", "place:B3,B5", "place:A3,C3"] {
        assert!(set_up.parse_move(text).is_err(), "{text}");
    }
    let second = pos("0000000000000000000000000/2/mortal:A5,C2/eros");
    assert!(second.parse_move("place:A5,A1").is_err());
    assert_eq!(second.count_legal_moves(), 39);
    // Achilles, once a game, builds before his move as well as after it, and the move is
    // judged on the heights after the first build: here he builds A3 up to level 2 and
    // climbs onto it from level 1, which Prometheus may not. His power spent is his god flag,
    // `achilles[x]`, and then only plain turns are left.
    let achilles = pos("0000000000112000000000000/1/achilles:B3,E5/mortal:A1,E1");
    let climbed = achilles
        .play(achilles.parse_move("^A3 B3>A3^A4").unwrap())
        .unwrap();
    assert_eq!(
        climbed.to_string(),
        "0000010000212000000000000/2/achilles[x]:E5,A3/mortal:A1,E1"
    );
    assert!(climbed.god_flag(Player::First));
    let prometheus = pos("0000000000112000000000000/1/prometheus:B3,E5/mortal:A1,E1");
    assert!(prometheus.parse_move("^A3 B3>A3^A4").is_err());
    let spent = pos("0000000000112000000000000/1/achilles[x]:B3,E5/mortal:A1,E1");
    assert!(spent.parse_move("^A3 B3>A3^A4").is_err());
    assert!(spent.parse_move("B3>A3^A4").is_ok());
    assert!(
        spent.legal_moves().len() < achilles.legal_moves().len()
            && spent.legal_moves().iter().all(|mv| mv.power().is_none())
    );
    // Both orders of two builds next to where he starts and where he ends: one move.
    assert_eq!(
        achilles.parse_move("^A4 B3>B4^C4"),
        achilles.parse_move("^C4 B3>B4^A4")
    );
    // From level 2, a build on a level-2 square next to him is the win onto it, and never
    // a turn that builds there and goes elsewhere (santorini-ai's reading).
    let high = pos("0000000000022000000000000/1/achilles:B3,E5/mortal:A1,E1");
    let won = high.play(high.parse_move("^C3 B3>C3#").unwrap()).unwrap();
    assert_eq!(won.winner(), Some(Player::First));
    assert!(high.parse_move("^C3 B3>A2^A1").is_err());
    assert!(high.parse_move("^C3 B3>C3^C4").is_err());
    assert_eq!(
        "^C3 B3>C3#".parse::<Move>().unwrap().to_string(),
        "^C3 B3>C3#"
    );
    // Bellerophon, once a game, moves up two levels: from level 1 onto level 3 he wins
    // (not on Hera's perimeter, where he builds instead), from level 0 onto level 2 he
    // builds; a move he could make without it never uses it, and Athena's flag stops it.
    let bellerophon = pos("0000033000012000020000000/1/bellerophon:B3,D1/mortal:E5,E1");
    let won = bellerophon
        .play(bellerophon.parse_move("B3>*B4#").unwrap())
        .unwrap();
    assert_eq!(won.winner(), Some(Player::First));
    assert!(bellerophon.parse_move("B3>*A4^A5").is_err());
    let leapt = bellerophon
        .play(bellerophon.parse_move("D1>*C2^C1").unwrap())
        .unwrap();
    assert_eq!(
        leapt.to_string(),
        "0000033000012000020000100/2/bellerophon[x]:B3,C2/mortal:E5,E1"
    );
    assert!(leapt.god_flag(Player::First));
    assert!(bellerophon.parse_move("B3>*C3^C4").is_err());
    assert!(bellerophon.parse_move("B3>C3^C4").is_ok());
    let hera = pos("0000033000012000020000000/1/bellerophon:B3,D1/hera:E5,E1");
    assert!(hera.parse_move("B3>*A4#").is_err());
    assert!(hera.parse_move("B3>*A4^A5").is_ok());
    let held = pos("0000033000012000020000000/1/bellerophon:B3,D1/athena[^]:E5,E1");
    assert!(held.legal_moves().iter().all(|mv| mv.power().is_none()));
    let spent = pos("0000033000012000020000000/1/bellerophon[x]:B3,D1/mortal:E5,E1");
    assert!(spent.parse_move("B3>*B4#").is_err());
    assert!(spent.legal_moves().iter().all(|mv| mv.power().is_none()));
    for text in ["B3>**B4#", "B3>*B4^C4X", "B3>*(B4,C4)^C5"] {
        assert!(text.parse::<Move>().is_err(), "{text}");
    }
    assert_eq!(
        "B3>*C3^C4".parse::<Move>().unwrap().to_string(),
        "B3>*C3^C4"
    );
    // Poseidon: after the build, his worker that did not move, on the ground, builds one to
    // three more times next to itself (the same square again too), up to a dome.
    let poseidon = pos("0000000030003000000000000/1/poseidon:B3,E5/mortal:A1,E1");
    let more = poseidon
        .play(poseidon.parse_move("B3>B2^A2 ^D5^E4^D5").unwrap())
        .unwrap();
    assert_eq!(
        more.to_string(),
        "0002000031003001000000000/2/poseidon:E5,B2/mortal:A1,E1"
    );
    assert_eq!(more.hash(), more.recompute_hash());
    assert_eq!(
        poseidon
            .parse_move("B3>B2^A2 ^E4^D5^D5")
            .unwrap()
            .to_string(),
        "B3>B2^A2 ^D5^D5^E4"
    );
    assert!(poseidon.parse_move("B3>B2^A2 ^D4").is_ok());
    // A dome ends the builds on its square; a worker's square, a square away from his
    // worker and a fourth extra build are no turn.
    for text in [
        "B3>B2^A2 ^D4^D4",
        "B3>B2^A2 ^E5",
        "B3>B2^A2 ^C5",
        "B3>B2^A2 ^D5^D5^D5^D5",
    ] {
        assert!(poseidon.parse_move(text).is_err(), "{text}");
    }
    // One position, one move: the build on D5 and an extra that domes D4, or the other way
    // round (both squares next to C4 and E5): the build on the first square.
    let shared = poseidon.parse_move("B3>C4^D5 ^D4").unwrap();
    assert_eq!(poseidon.parse_move("B3>C4^D4 ^D5"), Ok(shared));
    assert_eq!(shared.to_string(), "B3>C4^D5 ^D4");
    let mut seen = std::collections::HashSet::new();
    for mv in poseidon.legal_moves() {
        assert!(
            seen.insert(poseidon.play_unchecked(mv)),
            "{mv} repeats a position"
        );
    }
    assert_eq!(
        poseidon.count_legal_moves(),
        poseidon.legal_moves().len() as u64
    );
    // Off the ground his worker builds no more; Limus's zone holds the extra builds too.
    let high = pos("0000100030003000000000000/1/poseidon:B3,E5/mortal:A1,E1");
    assert!(high.parse_move("B3>B2^A2 ^D5").is_err());
    assert!(high.parse_move("B3>B2^A2").is_ok());
    let limus = pos("0000000030003000000000000/1/poseidon:B3,E5/limus:A1,E3");
    assert!(limus.parse_move("B3>C4^C5 ^E4").is_err());
    assert!(limus.parse_move("B3>C4^C5 ^D5").is_ok());
    // Medusa, moving up onto level 1 at C3, turns the worker on level 0 next to her (C4)
    // into a block; the one on her level (D4) stays, and so does the one next to her other
    // worker on E5 (level 0: it stones nothing).
    let medusa = pos("0000000010001000000000000/1/medusa:B3,E5/mortal:C4,D4");
    let stoned = medusa.play(medusa.parse_move("B3>C3^B2").unwrap()).unwrap();
    assert_eq!(
        stoned.to_string(),
        "0000000110001000100000000/2/medusa:E5,C3/mortal:D4"
    );
    assert_eq!(stoned.hash(), stoned.recompute_hash());
    // A plain mortal's same turn removes nothing.
    let mortal = medusa.with_gods([God::Mortal, God::Mortal]);
    let plain = mortal.play(mortal.parse_move("B3>C3^B2").unwrap()).unwrap();
    assert_eq!(plain.workers(Player::Second).len(), 2);
    // Her worker that did not move stones too (E4 on level 2 over D3 and E3 on level 1),
    // every victim judged before any block is added, and a side left with no workers has
    // no turn: it loses, as a stuck side does (it never places again once a block stands).
    let both = pos("0000000002000110000000000/1/medusa:E4,A1/mortal:D3,E3");
    let last = both.play(both.parse_move("A1>A2^A3").unwrap()).unwrap();
    assert_eq!(
        last.to_string(),
        "0000000002100220000000000/2/medusa:E4,A2/mortal"
    );
    assert!(!last.in_set_up());
    assert!(last.legal_moves().is_empty());
    assert_eq!(last.count_legal_moves(), 0);
    assert_eq!(last.outcome(), Outcome::Win(Player::First));
    // A climb onto level 3 wins with no build and stones nothing.
    let climb = pos("0000002300000000000000000/1/medusa:B4,A1/mortal:D4,E1");
    let won = climb.play(climb.parse_move("B4>C4#").unwrap()).unwrap();
    assert_eq!(won.winner(), Some(Player::First));
    assert_eq!(won.workers(Player::Second).len(), 2);
    // Against Hera a climb onto a perimeter level 3 is a plain move: from there she stones
    // a worker on level 2.
    let hera = pos("0300002200000000000000000/1/medusa:B4,E1/hera:C4,D1");
    assert!(hera.parse_move("B4>B5#").is_err());
    let perimeter = hera.play(hera.parse_move("B4>B5^A5").unwrap()).unwrap();
    assert_eq!(perimeter.winner(), None);
    assert_eq!(
        perimeter.to_string(),
        "1300002300000000000000000/2/medusa:B5,E1/hera:D1"
    );
    // Bia, moving from B3 to C3, removes the opponent worker beyond it in the same line
    // (D3) before she builds, so she may build where it stood; her turn is written as a
    // mortal's, the removal following from the position.
    let bia = pos("0000000000000000000000000/1/bia:B3,E1/mortal:D3,A5");
    let removed = bia.play(bia.parse_move("B3>C3^D3").unwrap()).unwrap();
    assert_eq!(
        removed.to_string(),
        "0000000000000100000000000/2/bia:C3,E1/mortal:A5"
    );
    assert_eq!(removed.hash(), removed.recompute_hash());
    assert_eq!(pos(&removed.to_string()), removed);
    // santorini-ai writes the removal, `B3>C3xD3^D3`: the same turn, read only where Bia
    // moves and the worker stands there, and only for the square beyond her move.
    assert_eq!(bia.parse_move("B3>C3xD3^D3"), bia.parse_move("B3>C3^D3"));
    assert!(bia.parse_move("B3>C3xD4^D3").is_err());
    assert!(bia.parse_move("B3>B4xB5^C4").is_err());
    // A mortal may not build on the occupied square, and removes nobody.
    let mortal = bia.with_gods([God::Mortal, God::Mortal]);
    assert!(mortal.parse_move("B3>C3^D3").is_err());
    assert!(mortal.parse_move("B3>C3xD3^C4").is_err());
    let plain = mortal.play(mortal.parse_move("B3>C3^C4").unwrap()).unwrap();
    assert_eq!(plain.workers(Player::Second).len(), 2);
    // Diagonally too (B3 to C4 removes D5); a worker next to her but off the line stays.
    let diagonal = pos("0000000000000000000000000/1/bia:B3,E1/mortal:D5,D4");
    let after = diagonal
        .play(diagonal.parse_move("B3>C4^B5").unwrap())
        .unwrap();
    assert_eq!(after.workers(Player::Second).len(), 1);
    assert!(
        !after
            .workers(Player::Second)
            .contains("D5".parse().unwrap())
    );
    // A winning climb removes nobody.
    let climb = pos("0000000000000000230000000/1/bia:B2,E5/mortal:D2,A5");
    let won = climb.play(climb.parse_move("B2>C2#").unwrap()).unwrap();
    assert_eq!(won.winner(), Some(Player::First));
    assert_eq!(won.workers(Player::Second).len(), 2);
    // Limus's zone goes with his removed worker: next to D3 she may build again.
    let limus = pos("0000000000000000000000000/1/bia:B3,E1/limus:D3,A5");
    assert!(limus.parse_move("B3>C3^D2").is_ok());
    assert!(limus.parse_move("B3>B4^C4").is_err());
    // Her last victim's side has no turn and loses.
    let last = pos("0000000000000000000000001/1/bia:B3,E1/mortal:D3");
    let alone = last.play(last.parse_move("B3>C3^B3").unwrap()).unwrap();
    assert!(alone.legal_moves().is_empty());
    assert_eq!(alone.outcome(), Outcome::Win(Player::First));
    // She places on the perimeter only: 16 squares, 120 pairs; after an opponent's two
    // there, 91.
    let set_up = pos("0000000000000000000000000/1/bia/mortal");
    assert_eq!(set_up.legal_moves().len(), 120);
    assert_eq!(set_up.count_legal_moves(), 120);
    assert!(set_up.parse_move("place:A1,C3").is_err());
    assert!(set_up.parse_move("place:A5,E1").is_ok());
    let second = pos("0000000000000000000000000/2/bia:A1,B1/bia");
    assert_eq!(second.count_legal_moves(), 91);
    assert_eq!(second.legal_moves().len(), 91);
    // As player 2 against another god she places first (santorini-ai's placement
    // priority), the text writing the side as the player who does not place next, as
    // santorini-ai's does; then player 1 places and takes the first turn.
    let bia_first = pos("0000000000000000000000000/1/mortal/bia");
    assert_eq!(bia_first.side_to_move(), Player::Second);
    assert_eq!(bia_first.count_legal_moves(), 120);
    let placed = bia_first
        .play(bia_first.parse_move("place:A5,E1").unwrap())
        .unwrap();
    assert_eq!(placed.side_to_move(), Player::First);
    assert_eq!(
        placed.to_string(),
        "0000000000000000000000000/2/mortal/bia:A5,E1"
    );
    assert_eq!(placed.count_legal_moves(), 253);
    let started = placed
        .play(placed.parse_move("place:B3,D3").unwrap())
        .unwrap();
    assert_eq!(started.side_to_move(), Player::First);
    assert_eq!(
        started.to_string(),
        "0000000000000000000000000/1/mortal:B3,D3/bia:A5,E1"
    );
    for position in [bia_first, placed, started] {
        assert_eq!(position.hash(), position.recompute_hash(), "{position}");
        assert_eq!(pos(&position.to_string()), position);
    }
    // Out of her order, the text is refused, and a change of gods starts set-up again.
    for text in [
        "0000000000000000000000000/2/mortal:A1,C3/bia",
        "0000000000000000000000000/2/mortal/bia",
        "0000000000000000000000000/1/mortal/bia:A5,E1",
    ] {
        assert!(
            matches!(text.parse::<Position>(), Err(Error::SetUp(_))),
            "{text}"
        );
    }
    let half = pos("0000000000000000000000000/2/mortal:A1,C3/mortal");
    assert_eq!(half.with_gods([God::Mortal, God::Bia]), bia_first);
    assert_eq!(
        pos("0000000000000000000000000/1/mortal/mortal").with_gods([God::Mortal, God::Bia]),
        bia_first
    );
    // Graeae has three workers and builds with one that did not move, next to it: B3 to
    // B4, then D5 next to E5 (not next to B4); never next to her mover alone (A4).
    let graeae = pos("0000000000000000000000000/1/graeae:B3,D3,E5/mortal:C4,C2");
    let built = graeae.play(graeae.parse_move("B3>B4^D5").unwrap()).unwrap();
    assert_eq!(built.height("D5".parse().unwrap()), 1);
    assert_eq!(built.workers(Player::First).len(), 3);
    assert_eq!(built.hash(), built.recompute_hash());
    assert_eq!(pos(&built.to_string()), built);
    assert!(graeae.parse_move("B3>A4^A5").is_err());
    // Any still worker builds (B3 on A3 after D3 moves); the square her mover left is free
    // for a still worker next to it (C3 builds on B3), not for one far from it.
    assert!(graeae.parse_move("D3>E3^A3").is_ok());
    assert!(graeae.parse_move("D3>E2^D3").is_err());
    assert!(graeae.parse_move("B3>A3^B3").is_err());
    let left = pos("0000000000000000000000000/1/graeae:B3,C3,E5/mortal:C5,C1");
    assert!(left.parse_move("B3>A2^B3").is_ok());
    // Set-up places all three at once: any three free squares.
    let set_up = pos("0000000000000000000000000/1/graeae/mortal");
    assert_eq!(set_up.legal_moves().len(), 2300);
    assert_eq!(set_up.count_legal_moves(), 2300);
    assert!(set_up.parse_move("place:B3,D3").is_err());
    let placed = set_up
        .play(set_up.parse_move("place:E5,B3,D3").unwrap())
        .unwrap();
    assert_eq!(placed.workers(Player::First).len(), 3);
    assert_eq!(pos(&placed.to_string()), placed);
    assert_eq!(placed.hash(), placed.recompute_hash());
    let second = pos("0000000000000000000000000/2/mortal:B3,D3/graeae");
    assert_eq!(second.count_legal_moves(), 23 * 22 * 21 / 6);
    assert_eq!(second.legal_moves().len(), 23 * 22 * 21 / 6);
    assert!(placed.parse_move("place:A1,A2,A3").is_err());
    // Before anything is built she has three workers or none; never more than three.
    for fen in [
        "0000000000000000000000000/1/graeae:B3,D3/mortal:C4,C2",
        "1000000000000000000000000/1/graeae:B3,D3,E5,A1/mortal:C4,C2",
        "0000000000000000000000000/1/mortal:B3,D3,E5/graeae:C4,C2,A1",
    ] {
        assert!(
            matches!(fen.parse::<Position>(), Err(Error::WorkerCount { .. })),
            "{fen}"
        );
    }
    // Given to a side that placed two before anything was built (the fuzzer's
    // `Position::test_root().with_gods(..)`, whose text did not read back), she sends set-up
    // back to its start; once something is built, the workers stay.
    for gods in [[God::Mortal, God::Graeae], [God::Graeae, God::Mortal]] {
        let restarted = Position::test_root().with_gods(gods);
        assert_eq!(
            restarted.to_string(),
            format!("0000000000000000000000000/1/{}/{}", gods[0], gods[1])
        );
        assert_eq!(pos(&restarted.to_string()), restarted);
        assert_eq!(restarted.hash(), restarted.recompute_hash());
    }
    let mortals = pos("1000000000000000000000000/2/mortal:B3,D3/mortal:C4,C2");
    let kept = mortals.with_gods([God::Graeae, God::Mortal]);
    assert_eq!(kept.workers(Player::First).len(), 2);
    assert_eq!(pos(&kept.to_string()), kept);
    let placed_mortal = Position::test_root().with_gods([God::Bia, God::Mortal]);
    assert_eq!(placed_mortal.workers(Player::First).len(), 2);
    // Left with one worker (Medusa's victims), she has no worker to build with: no turn
    // but a winning climb.
    let alone = pos("1000000000000000000000000/1/graeae:C3/mortal:A5,E1");
    assert!(alone.legal_moves().is_empty());
    let climb = pos("0000000000002300000000000/1/graeae:C3,A1,E1/mortal:A5,E5");
    assert!(
        climb
            .legal_moves()
            .iter()
            .any(|mv| matches!(mv, Move::Win { .. }))
    );
    // Theseus, once a game, after his build removes an opponent worker exactly two levels
    // above a worker of his next to it: here D4 (level 2) next to C3 (level 0), where his
    // worker ends; his power is then spent (`theseus[x]`).
    let theseus = pos("0000000020000000000000000/1/theseus:B3,E1/mortal:D4,A1");
    let slain = theseus
        .play(theseus.parse_move("B3>C3^C4 xD4").unwrap())
        .unwrap();
    assert_eq!(
        slain.to_string(),
        "0000000120000000000000000/2/theseus[x]:C3,E1/mortal:A1"
    );
    assert_eq!(slain.hash(), slain.recompute_hash());
    assert!(slain.god_flag(Player::First));
    assert!(!slain.athena_moved_up(Player::First));
    assert_eq!(pos(&slain.to_string()), slain);
    // The plain turn is legal too; spent, the power gives no removal.
    assert!(theseus.parse_move("B3>C3^C4").is_ok());
    assert_eq!(
        theseus.parse_move("b3>c3^c4 XD4").unwrap().to_string(),
        "B3>C3^C4 xD4"
    );
    let spent = pos("0000000020000000000000000/1/theseus[x]:B3,E1/mortal:D4,A1");
    assert!(spent.parse_move("B3>C3^C4 xD4").is_err());
    assert!(spent.parse_move("B3>C3^C4").is_ok());
    // His worker that did not move counts too: E1 (level 0) under D2 (level 2). santorini-ai
    // misses this one (see `God`).
    let still = pos("0000000000000000002000000/1/theseus:B3,E1/mortal:D2,A5");
    assert!(still.parse_move("B3>B4^A4 xD2").is_ok());
    // Only exactly two levels: not one (D4 on level 1), not three (a Pegasus on level 3,
    // who jumped there without a win).
    let one_up = pos("0000000010000000000000000/1/theseus:B3,E1/mortal:D4,A1");
    assert!(one_up.parse_move("B3>C3^C4 xD4").is_err());
    let three_up = pos("0000000030000000000000000/1/theseus:B3,E1/pegasus:D4,A1");
    assert!(three_up.parse_move("B3>C3^C4 xD4").is_err());
    // Another god's lowercase ` xD4` is Asteria's dome.
    let asteria = pos("0000000100000000000000000/1/asteria:C4,E1/mortal:A5,A1");
    assert_eq!(
        asteria.parse_move("C4>C3^C2 xE5").unwrap(),
        asteria.parse_move("C4>C3^C2 XE5").unwrap()
    );
    // Jason, once a game, instead of his turn: a new worker on a free ground-level
    // perimeter square, which builds next to itself; his power is then spent (`jason[x]`).
    let jason = pos("0000000000000000000000000/1/jason:B3,D3/mortal:C4,C2");
    let placed = jason.play(jason.parse_move("+a1^b2").unwrap()).unwrap();
    assert_eq!(
        placed.to_string(),
        "0000000000000000100000000/2/jason[x]:B3,D3,A1/mortal:C4,C2"
    );
    assert_eq!(placed.hash(), placed.recompute_hash());
    assert!(placed.god_flag(Player::First) && !placed.athena_moved_up(Player::First));
    assert_eq!(pos(&placed.to_string()), placed);
    // Sixteen perimeter squares, each with its free neighbours (santorini-ai's 128 turns).
    let power = |p: &Position| {
        p.legal_moves()
            .iter()
            .filter(|mv| matches!(mv, Move::PlaceBuild { .. }))
            .count()
    };
    assert_eq!(power(&jason), 60);
    assert_eq!(jason.legal_moves().len(), 68 + 60);
    // Spent, or on no ground-level free perimeter square (A5 is level 1, B3 in the middle,
    // E5 taken), or a build off his new worker's side: none.
    assert_eq!(power(&jason.with_gods([God::Jason, God::Mortal])), 60);
    let spent = pos("0000000000000000000000000/1/jason[x]:B3,D3/mortal:C4,C2");
    assert_eq!(power(&spent), 0);
    let raised = pos("1000000000000000000000000/1/jason:B3,D3/mortal:E5,C2");
    for bad in ["+A5^B5", "+B3^B4", "+E5^D5", "+A1^C1", "+A1^A1"] {
        assert!(raised.parse_move(bad).is_err(), "{bad}");
    }
    assert!(raised.parse_move("+A4^A5").is_ok());
    // Another god's power.
    let err = pos("0000000000000000000000000/1/mortal:B3,D3/jason:C4,C2")
        .parse_move("+A1^B2")
        .unwrap_err();
    assert!(err.to_string().contains("jason"), "{err}");
    // A placement is no move: Athena's flag leaves it, Persephone always allows it (with
    // a climb possible, beside the climbs; with none, beside every turn).
    let held = pos("0000000000000000000000000/1/jason:B3,D3/athena[^]:C4,C2");
    assert_eq!(power(&held), 60);
    let flat = pos("0000000000000000000000000/1/jason:B3,D3/persephone:C4,C2");
    assert_eq!(flat.legal_moves().len(), 68 + 60);
    let climb = pos("0000000000001000000000000/1/jason:B3,D3/persephone:C4,C2");
    assert_eq!(power(&climb), 60);
    assert_eq!(climb.legal_moves().len(), 10 + 60);
    // Left with no workers, his power unused, he may still place one; spent, he is stuck.
    let alone = pos("1000000000000000000000000/1/jason/medusa:C4,C2");
    assert!(!alone.legal_moves().is_empty());
    assert_eq!(alone.outcome(), Outcome::Ongoing);
    let stuck = pos("1000000000000000000000000/1/jason[x]/medusa:C4,C2");
    assert_eq!(stuck.outcome(), Outcome::Win(Player::Second));
    // His third worker is his new one: three workers only with his power spent, never four.
    for fen in [
        "1000000000000000000000000/1/jason:B3,D3,A1/mortal:C4,C2",
        "1000000000000000000000000/1/jason[x]:B3,D3,A1,A2/mortal:C4,C2",
        "0000000000000000000000000/1/jason:B3,D3,A1/mortal:C4,C2",
    ] {
        assert!(
            matches!(fen.parse::<Position>(), Err(Error::WorkerCount { .. })),
            "{fen}"
        );
    }
    // Given Jason, a side with three workers (Graeae's) has spent his power.
    let graeae = pos("1000000000000000000000000/1/graeae:B3,D3,A1/mortal:C4,C2");
    let given = graeae.with_gods([God::Jason, God::Mortal]);
    assert!(given.god_flag(Player::First));
    assert_eq!(pos(&given.to_string()), given);
    assert_eq!(power(&given), 0);
    // Europa moves and builds as a mortal, then may put her Talus token next to where her
    // worker ends (`B3>C3^C4 TD4`), kept in the position as `europa[D4]` and hashed; the
    // plain turn stays legal, and the token goes only next to her worker, on no worker.
    let sq = |name: &str| name.parse::<bitgames_santorini::Square>().unwrap();
    let europa = pos("0000000000000000000000000/1/europa:B3,E1/mortal:E5,D2");
    let placed = europa
        .play(europa.parse_move("B3>C3^C4 TD4").unwrap())
        .unwrap();
    assert_eq!(
        placed.to_string(),
        "0000000100000000000000000/2/europa[D4]:C3,E1/mortal:E5,D2"
    );
    assert_eq!(placed.token(Player::First), Some(sq("D4")));
    assert_eq!(placed.token(Player::Second), None);
    assert_eq!(placed.hash(), placed.recompute_hash());
    assert_ne!(
        placed.hash(),
        europa
            .play(europa.parse_move("B3>C3^C4").unwrap())
            .unwrap()
            .hash()
    );
    assert_eq!(pos(&placed.to_string()), placed);
    for bad in ["B3>C3^C4 TD2", "B3>C3^C4 TE1", "B3>C3^C4 TA5"] {
        assert!(europa.parse_move(bad).is_err(), "{bad}");
    }
    // No worker may move onto the token's square nor build there: the mortal beside it.
    for bad in ["E5>D4^E5", "E5>E4^D4", "E5>D5^D4"] {
        assert!(placed.parse_move(bad).is_err(), "{bad}");
    }
    assert!(placed.parse_move("E5>E4^E5").is_ok());
    let err = placed.parse_move("E5>D4^E5").unwrap_err().to_string();
    assert!(err.contains("D4 holds europa's talus token"), "{err}");
    let err = placed.parse_move("E5>E4^D4").unwrap_err().to_string();
    assert!(err.contains("D4 holds europa's talus token"), "{err}");
    assert_eq!(
        placed.count_legal_moves(),
        placed.legal_moves().len() as u64
    );
    // Her next turn moves the token (not onto its own square, and her build never lands
    // where it stood, which it leaves only afterwards); it may go onto her new block.
    let next = placed.play(placed.parse_move("E5>E4^E5").unwrap()).unwrap();
    for bad in ["C3>D3^D4 TE3", "C3>D3^E3 TD4", "C3>D4^E3"] {
        assert!(next.parse_move(bad).is_err(), "{bad}");
    }
    let moved = next.play(next.parse_move("C3>D3^E3 TE3").unwrap()).unwrap();
    assert_eq!(moved.token(Player::First), Some(sq("E3")));
    assert!(moved.parse_move("E4>D4^E5").is_ok());
    assert_eq!(moved.hash(), moved.recompute_hash());
    // Not onto her build's square when the build domes it (C3 on level 3), and on level 2
    // she wins onto level 3 but never onto her own token.
    let dome = pos("0000000200023000000000000/1/europa:B3,E1/mortal:E5,A1");
    assert!(dome.parse_move("B3>B4^C3 TC3").is_err());
    assert!(dome.parse_move("B3>B4^C3 TC4").is_ok());
    assert!(dome.parse_move("B3>B4^C4 TC4").is_ok());
    let own = pos("3000000300023000000000000/1/europa[C3]:B3,E1/mortal:E5,A1");
    assert!(own.parse_move("B3>C3#").is_err());
    assert!(own.parse_move("B3>C4#").is_ok());
    // Every god's forced moves stop at it: Minotaur's push, Charon's flip, Iris's jump,
    // Apollo's swap onto it (here: no worker stands there to swap).
    let minotaur = pos("0000000000000000000000000/1/minotaur:B3,A1/europa[D3]:C3,E5");
    assert!(minotaur.parse_move("B3>C3(>D3)^B4").is_err());
    let freed = minotaur.with_gods([God::Minotaur, God::Europa]);
    assert_eq!(freed.token(Player::Second), None);
    assert!(freed.parse_move("B3>C3(>D3)^B4").is_ok());
    let charon = pos("0000000000000000000000000/1/charon:C3,A1/europa[B3]:D3,E5");
    assert!(charon.parse_move("(D3>B3)C3>C4^C5").is_err());
    let iris = pos("0000000000000130000000000/1/iris:B3,A1/europa[D3]:C3,E5");
    assert!(iris.parse_move("B3>D3#").is_err());
    // Chronus: four domes and the token are no fifth tower; his dome on C3 is.
    let chronus = pos("4000400000003300000040004/1/chronus:B3,D1/europa[D3]:B5,B1");
    assert!(!chronus.legal_moves().contains(&Move::ClaimWin));
    assert!(chronus.parse_move("B3>B4^C3#").is_ok());
    // Harpies: the mortal's step A1>B1 slides on along the first row to E1, written where
    // it ends; a higher square (D1 on level 1) stops it at C1; a worker stops it too.
    let open = pos("0000000000000000000000000/1/mortal:A1,A5/harpies:C3,E5");
    assert!(open.parse_move("A1>E1^D1").is_ok());
    assert!(open.parse_move("A1>B1^C1").is_err());
    let higher = pos("0000000000000000000000010/1/mortal:A1,A5/harpies:C3,E5");
    assert!(higher.parse_move("A1>C1^D1").is_ok());
    assert!(higher.parse_move("A1>E1^D1").is_err());
    let blocked = pos("0000000000000000000000000/1/mortal:A1,A5/harpies:C3,D1");
    assert!(blocked.parse_move("A1>C1^B1").is_ok());
    // A climb onto level 3 wins where it lands, before any slide.
    let win = pos("0000000000000000000023000/1/mortal:A1,A5/harpies:C3,E5");
    assert!(win.parse_move("A1>B1#").is_ok());
    // Athena's flag follows her step up onto B1, though she slid down on to E1.
    let athena = pos("0000000000000000000001000/1/athena:A1,A5/harpies:C3,E4");
    let after = athena.play(athena.parse_move("A1>E1^D1").unwrap()).unwrap();
    assert!(after.to_string().contains("athena[^]"), "{after}");
    // Bia's step A1>B1 removes the worker on C1 beyond it, and she slides on through its
    // square to E1 (santorini-ai's `bia.rs`).
    let bia = pos("0000000000000000000000000/1/bia:A5,A1/harpies:E3,C1");
    let after = bia.play(bia.parse_move("A1>E1^D1").unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000000000000000010/2/bia:A5,E1/harpies:E3"
    );
    // Apollo swaps with the worker on B1 and slides on to E1; it stands on A1.
    let apollo = pos("0000000000000000000000000/1/apollo:A5,A1/harpies:E3,B1");
    let after = apollo
        .play(apollo.parse_move("A1<>E1^D1").unwrap())
        .unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000000000000000010/2/apollo:A5,E1/harpies:E3,A1"
    );
    // Prometheus builds on B1 first, steps onto it and slides on over C1, now no higher,
    // to E1.
    let prometheus = pos("0000000000000000000010100/1/prometheus:A5,A1/harpies:E5,E3");
    let after = prometheus.play(prometheus.parse_move("^B1 A1>E1^D1").unwrap());
    assert_eq!(
        after.unwrap().to_string(),
        "0000000000000000000011110/2/prometheus:A5,E1/harpies:E5,E3"
    );
    // B3 steps down to B2 and slides to B1, between a first build on A2 and a build on B2:
    // the other order would raise B2 before the step, which then climbs (santorini-ai's
    // shortcut drops this turn; see batch 37).
    let start = pos("0000000000000000000000000/1/prometheus:B3,D3/harpies:C4,C2");
    let after = start
        .play(start.parse_move("^A2 B3>B1^B2").unwrap())
        .unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000000001100000000/2/prometheus:D3,B1/harpies:C4,C2"
    );
    // Artemis steps A1>B1, slid to E1, then E1>D1, slid back onto A1: a turn that only
    // builds (her second step itself may not return there).
    let artemis = pos("0000000000000000000000000/1/artemis:E5,A1/harpies:C3,E3");
    let after = artemis
        .play(artemis.parse_move("A1>A1^B1").unwrap())
        .unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000000000000001000/2/artemis:E5,A1/harpies:C3,E3"
    );
    // Urania's wrapped step A1>E1 slides on west, onto the square she left: a turn that
    // only builds, one move whichever way she stepped.
    let urania = pos("0000000000000000000000000/1/urania:C3,A1/harpies:C5,E4");
    let after = urania.play(urania.parse_move("A1>A1^B1").unwrap()).unwrap();
    assert_eq!(
        after.to_string(),
        "0000000000000000000001000/2/urania:C3,A1/harpies:C5,E4"
    );
    // Hydra: with no two of her workers side by side after her move, a new worker on one of
    // the lowest free squares next to the one that moved (its old square too); otherwise
    // one of hers back to the supply, the one that moved too.
    let hydra = pos("0000000000000000000000000/1/hydra:B3,D3/mortal:C4,C2");
    let moves = hydra.legal_moves();
    assert!(moves.iter().all(|mv| matches!(mv, Move::BuildHead { .. })));
    assert_eq!(moves.len(), 272);
    let gained = hydra
        .play(hydra.parse_move("b3>a4^a5 hb3").unwrap())
        .unwrap();
    assert_eq!(
        gained.to_string(),
        "1000000000000000000000000/2/hydra:A4,B3,D3/mortal:C4,C2"
    );
    assert_eq!(gained.hash(), gained.recompute_hash());
    // A5, built on, is no longer among the lowest.
    assert!(hydra.parse_move("B3>A4^A5 HA5").is_err());
    let returned = hydra
        .play(hydra.parse_move("B3>C3^B4 HD3").unwrap())
        .unwrap();
    assert_eq!(
        returned.to_string(),
        "0000001000000000000000000/2/hydra:C3/mortal:C4,C2"
    );
    assert_eq!(returned.hash(), returned.recompute_hash());
    let mv = hydra.parse_move("B3>C3^B4 HC3").unwrap();
    assert_eq!(mv.to_string(), "B3>C3^B4 HC3");
    assert_eq!(
        hydra.play(mv).unwrap().to_string(),
        "0000001000000000000000000/2/hydra:D3/mortal:C4,C2"
    );
    // One turn per position: moving to A4 and placing on B4 is moving to B4 and placing on
    // A4 (the lower square's move is given; santorini-ai's other text names it).
    let given = hydra.parse_move("B3>A4^A5 HB4").unwrap();
    assert!(moves.contains(&given));
    assert!(!moves.iter().any(|mv| mv.to_string() == "B3>B4^A5 HA4"));
    assert_eq!(hydra.parse_move("B3>B4^A5 HA4"), Ok(given));
    // Likewise a worker moving next to another and returning it, and the worker that moved
    // returned whichever square it moved to.
    let side = pos("0000000000000000000000000/1/hydra:B3,C3/mortal:C4,C2");
    let side_moves = side.legal_moves();
    for (text, twin) in [
        ("B3>B4^A5 HC3", "C3>B4^A5 HB3"),
        ("B3>B4^A3 HB4", "B3>B2^A3 HB2"),
    ] {
        let (a, b) = (
            side.parse_move(text).unwrap(),
            side.parse_move(twin).unwrap(),
        );
        assert_eq!(a, b, "{text} {twin}");
        let listed = |t: &str| side_moves.iter().filter(|mv| mv.to_string() == t).count();
        assert_eq!((listed(text), listed(twin)), (1, 0), "{text} {twin}");
    }
    // A text whose own turn is not one of hers names none: B3 moving to A2 stands apart
    // from C3, so she gains there, and returning the worker that moved is no turn of hers.
    assert!(side.parse_move("B3>A2^A3 HA2").is_err());
    assert!(hydra.parse_move("B3>C3^B4 HE5").is_err());
    for fen in [
        "0000000000000000000000000/1/hydra:B3,C3/mortal:C4,C2",
        "0100000000000000000000000/1/hydra:A5,C5,E5,A3,C3,E3,A1,C1,E1/mortal:B4,D2",
    ] {
        let position = pos(fen);
        let moves = position.legal_moves();
        let mut after: Vec<u64> = moves
            .iter()
            .map(|&mv| position.play_unchecked(mv).hash())
            .collect();
        after.sort_unstable();
        after.dedup();
        assert_eq!(after.len(), moves.len(), "{fen}");
    }
    // Nine workers, none side by side: every move puts one next to another, so she
    // returns one. Nine of which B4 can move to C3 to set all apart: she gains a tenth.
    // Up to eleven in the text (santorini-ai's limit), never twelve.
    let apart = pos("0100000000000000000000000/1/hydra:A5,C5,E5,A3,C3,E3,A1,C1,E1/mortal:B4,D2");
    for mv in apart.legal_moves() {
        assert_eq!(
            apart.play_unchecked(mv).workers(Player::First).len(),
            8,
            "{mv}"
        );
    }
    let nine = pos("0100000000000000000000000/1/hydra:A5,C5,E5,B4,A3,E3,A1,C1,E1/mortal:D4,D2");
    let ten = nine.play(nine.parse_move("B4>C3^D3 HB4").unwrap()).unwrap();
    assert_eq!(ten.workers(Player::First).len(), 10);
    pos("0100000000000000000000000/2/mortal:B4,D2/hydra:A5,C5,E5,A3,C3,E3,A1,C1,E1,B1,D1");
    assert!(matches!(
        "0100000000000000000000000/2/mortal:B4,D2/hydra:A5,C5,E5,A3,C3,E3,A1,B1,C1,D1,E1,E2"
            .parse::<Position>(),
        Err(Error::WorkerCount { .. })
    ));
    // Her new worker may stand on level 3: no win.
    let high = pos("2300033000000000000000000/2/hydra:A5,B5/mortal:D2,E1");
    assert_eq!(high.winner(), None);
    // Against Hypnus a lone worker of hers is higher than all her others: it cannot move.
    let alone = pos("0100000000000000000000000/1/hydra:C3/hypnus:B4,D2");
    assert_eq!(alone.outcome(), Outcome::Win(Player::Second));
    assert!(
        !pos("0100000000000000000000000/1/hydra:C3/mortal:B4,D2")
            .legal_moves()
            .is_empty()
    );
    // No free square next to her mover (the square it left domed by her build): no turn.
    let walled = pos("0300044000000000000000000/1/hydra:B5/mortal:D2,E1");
    assert!(walled.parse_move("B5>A5^B5 HB5").is_err());
    assert!(
        walled
            .legal_moves()
            .iter()
            .all(|mv| !matches!(mv, Move::BuildHead { to, .. } if to.to_string() == "A5"))
    );

    // Morpheus: a block on his card each turn; he builds only by spending them, none too.
    // His card is written always (santorini-ai's `morpheus[0]`), and hashed.
    let morpheus = pos("0000000000000000000000000/1/morpheus:B3,D3/mortal:C4,C2");
    assert_eq!(
        morpheus.to_string(),
        "0000000000000000000000000/1/morpheus[0]:B3,D3/mortal:C4,C2"
    );
    assert_eq!(morpheus.card(Player::First), 0);
    // With an empty card: his move alone (the block stays on the card) or one build.
    let kept = morpheus
        .play(morpheus.parse_move("B3>C3").unwrap())
        .unwrap();
    assert_eq!(
        kept.to_string(),
        "0000000000000000000000000/2/morpheus[1]:C3,D3/mortal:C4,C2"
    );
    assert_ne!(
        kept.hash(),
        morpheus
            .play(morpheus.parse_move("B3>A3").unwrap())
            .unwrap()
            .hash()
    );
    let built = morpheus
        .play(morpheus.parse_move("B3>C3^B4").unwrap())
        .unwrap();
    assert_eq!(built.card(Player::First), 0);
    assert!(morpheus.parse_move("B3>C3^B4^B4").is_err());
    // Two blocks: one on his card and this turn's, on one square or two (either order).
    let kept = kept.play(kept.parse_move("C4>C5^B5").unwrap()).unwrap();
    let two = kept.play(kept.parse_move("C3>B3^A4^A4").unwrap()).unwrap();
    assert_eq!(
        two.to_string(),
        "0100020000000000000000000/2/morpheus[0]:B3,D3/mortal:C5,C2"
    );
    assert_eq!(two.hash(), two.recompute_hash());
    let mv = kept.parse_move("C3>B3^B4^A4").unwrap();
    assert_eq!(mv.to_string(), "C3>B3^A4^B4");
    assert!(matches!(mv, Move::BuildBlocks { .. }));
    assert!(kept.parse_move("C3>B3^A4^A4^A4").is_err());
    // A full card: at most twelve blocks a turn, up to a dome on a square, four a square.
    let full = pos("0000000000000000000000000/1/morpheus[30]:B3,D3/mortal:C4,C2");
    let twelve = "B3>A3^A4^A4^A4^A4^B4^B4^B4^B4^A2^A2^A2^A2";
    let domed = full.play(full.parse_move(twelve).unwrap()).unwrap();
    assert_eq!(domed.card(Player::First), 19);
    assert_eq!(domed.to_string()[..25].matches('4').count(), 3);
    assert!(full.parse_move(&format!("{twelve}^B2")).is_err());
    assert!(full.parse_move("B3>A3^A4^A4^A4^A4^A4").is_err());
    // The card stops at 200: a turn without a build leaves it there.
    let most = pos("0000000000000000000000000/1/morpheus[200]:B3,D3/mortal:C4,C2");
    let still = most.play(most.parse_move("B3>C3").unwrap()).unwrap();
    assert_eq!(still.card(Player::First), 200);
    assert_eq!(still.hash(), still.recompute_hash());
    // Every move of his may build nothing.
    let moves = full.legal_moves();
    assert!(moves.iter().all(|&mv| match mv {
        Move::Build { from, to, .. } | Move::BuildBlocks { from, to, .. } => {
            moves.contains(&Move::Step { from, to })
        }
        _ => true,
    }));
    // Proteus: a worker steps, another of his fills the square it left; written as the
    // filler's move to where the step ended.
    let proteus = pos("0000000000000000000000000/1/proteus:B3,D3,E5/mortal:C4,C2");
    let moves = proteus.legal_moves();
    assert_eq!(moves.len(), 124);
    assert!(moves.iter().all(|mv| matches!(mv, Move::Shift { .. })));
    // D3 steps to C3, B3 fills D3: B3 is gone, C3 taken.
    let mv = proteus.parse_move("B3>C3^B4").unwrap();
    assert!(matches!(mv, Move::Shift { .. }));
    assert_eq!(mv.to_string(), "B3>C3^B4");
    let filled = proteus.play(mv).unwrap();
    assert_eq!(
        filled.to_string(),
        "0000001000000000000000000/2/proteus:E5,C3,D3/mortal:C4,C2"
    );
    assert_eq!(filled.hash(), filled.recompute_hash());
    // From anywhere: B3 steps to A4, E5 fills B3.
    let far = proteus
        .play(proteus.parse_move("E5>A4^A5").unwrap())
        .unwrap();
    assert_eq!(
        far.to_string(),
        "1000000000000000000000000/2/proteus:A4,B3,D3/mortal:C4,C2"
    );
    // A square only the worker itself could step onto is no turn: another must fill.
    assert!(proteus.parse_move("E5>D5^C5").is_err());
    // On level 2 next to a level 3 that another of his, on level 3, can step onto: his
    // climb wins; the other stepping there while he fills its square does not.
    let high = pos("0000000000023300000000000/1/proteus:B3,D3,E5/mortal:A1,E1");
    assert_eq!(
        high.parse_move("B3>C3#").unwrap(),
        Move::Win {
            from: sq("B3"),
            to: sq("C3")
        }
    );
    let put = high.play(high.parse_move("B3>C3^B4").unwrap()).unwrap();
    assert_eq!(put.winner(), None);
    assert_eq!(
        put.to_string(),
        "0000001000023300000000000/2/proteus:E5,C3,D3/mortal:A1,E1"
    );
    assert_eq!(pos(&put.to_string()), put);
    assert!(!put.legal_moves().is_empty());
    // With one worker left he moves as a mortal.
    let alone = pos("0000000000000000000000001/1/proteus:C3/mortal:A1,E5");
    assert!(
        alone
            .legal_moves()
            .iter()
            .all(|mv| matches!(mv, Move::Build { .. }))
    );
    assert_eq!(alone.legal_moves().len(), 62);

    // Aeolus moves and builds as a mortal, then sets the wind (`B3>C3^C4 w=n`), kept as
    // `aeolus[n]` and hashed; no worker, the opponent's nor his, may then step north. With
    // a wind blowing he may only keep it or calm it (the plain turn).
    let aeolus = pos("0000000000000000000000000/1/aeolus:B3,E1/mortal:C2,A1");
    let mortal = aeolus.with_gods([God::Mortal, God::Mortal]);
    assert_eq!(aeolus.legal_moves().len(), 9 * mortal.legal_moves().len());
    let blown = aeolus
        .play(aeolus.parse_move("B3>C3^C4 w=n").unwrap())
        .unwrap();
    assert_eq!(
        blown.to_string(),
        "0000000100000000000000000/2/aeolus[n]:C3,E1/mortal:C2,A1"
    );
    assert_eq!(blown.hash(), blown.recompute_hash());
    assert_eq!(pos(&blown.to_string()), blown);
    assert_eq!(
        blown.parse_move("C2>B2^B1").unwrap().to_string(),
        "C2>B2^B1"
    );
    // The mortal on A1 may not step north to A2; the other directions stay open.
    let err = blown.parse_move("A1>A2^A3").unwrap_err().to_string();
    assert!(err.contains("A1>A2^A3"), "{err}");
    for good in ["A1>B2^B3", "C2>B3^B4", "C2>D3^D4"] {
        assert!(blown.parse_move(good).is_ok(), "{good}");
    }
    let next = blown.play(blown.parse_move("A1>B1^A1").unwrap()).unwrap();
    // His own worker is held too; he keeps the wind or calms it, never turns it.
    assert!(next.parse_move("C3>C4^C5 w=n").is_err());
    assert!(next.parse_move("C3>D3^D4 w=e").is_err());
    let kept = next.play(next.parse_move("C3>D3^D4 w=n").unwrap()).unwrap();
    assert_eq!(kept.token(Player::First), blown.token(Player::First));
    let calmed = next.play(next.parse_move("C3>D3^D4 w=-").unwrap()).unwrap();
    assert_eq!(calmed.token(Player::First), None);
    assert_eq!(calmed.hash(), calmed.recompute_hash());
    assert_ne!(calmed.hash(), kept.hash());
    assert!(calmed.to_string().contains("/aeolus:"));
    // A win sets nothing; a bad wind, or a square for one, is refused in the text.
    let win = pos("0000000000000002300000000/1/aeolus[n]:A2,E5/mortal:C2,A5");
    let won = win.play(win.parse_move("A2>B2#").unwrap()).unwrap();
    assert_eq!(won.token(Player::First), win.token(Player::First));
    for bad in ["aeolus[x]", "aeolus[C4]", "aeolus[nn]"] {
        let text = format!("0000000000000000000000000/1/{bad}:B3,E1/mortal:C2,A1");
        assert!(text.parse::<Position>().is_err(), "{bad}");
    }

    // Selene: she places her female worker first (`place:D3,B3` puts her on D3: both
    // orders of every pair are her set-ups), written `selene[D3]` and hashed.
    let sq = |name: &str| name.parse::<bitgames_santorini::Square>().unwrap();
    let set_up = pos("0000000000000000000000000/1/selene/mortal");
    assert_eq!(set_up.legal_moves().len(), 25 * 24);
    // Given workers by a change of gods, her female worker is the first of them.
    let given = pos("0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2")
        .with_gods([God::Mortal, God::Selene]);
    assert_eq!(given.token(Player::Second), Some(sq("C4")));
    assert_eq!(
        given.to_string(),
        "0000000000000000000000000/1/mortal:B3,D3/selene[C4]:C4,C2"
    );
    assert_eq!(given.hash(), given.recompute_hash());
    let placed = set_up
        .play(set_up.parse_move("place:D3,B3").unwrap())
        .unwrap();
    assert_eq!(
        placed.to_string(),
        "0000000000000000000000000/2/selene[D3]:B3,D3/mortal"
    );
    assert_eq!(placed.token(Player::First), Some(sq("D3")));
    assert_ne!(
        placed.hash(),
        set_up
            .play(set_up.parse_move("place:B3,D3").unwrap())
            .unwrap()
            .hash()
    );
    assert_eq!(pos(&placed.to_string()), placed);
    // A mortal's placement reads in either order, as one move.
    let mortal = pos("0000000000000000000000000/1/mortal/selene");
    assert_eq!(mortal.legal_moves().len(), 25 * 24 / 2);
    assert_eq!(
        mortal.parse_move("place:D3,B3").unwrap(),
        mortal.parse_move("place:B3,D3").unwrap()
    );
    // Instead of the build, her female worker domes a square next to her, any level,
    // whichever worker moved: the male moves from D3 and the female on B3 domes A4 (not
    // next to C2) or the level-3 A3; the plain build stays legal.
    let selene = pos("0000000000300000000000000/1/selene[B3]:B3,D3/mortal:E5,E1");
    let domed = selene
        .play(selene.parse_move("D3>C2^A4X").unwrap())
        .unwrap();
    assert_eq!(
        domed.to_string(),
        "0000040000300000000000000/2/selene[B3]:B3,C2/mortal:E5,E1"
    );
    assert!(selene.parse_move("D3>C2^A3X").is_ok());
    assert!(selene.parse_move("D3>C2^B2").is_ok());
    // Not next to her, nor on a worker; her male worker has no dome of his own.
    for bad in ["D3>C2^D1X", "D3>C2^B3X", "D3>E3^E2X"] {
        assert!(selene.parse_move(bad).is_err(), "{bad}");
    }
    // The female moves and domes next to where she ends; the mark goes with her.
    let moved = selene
        .play(selene.parse_move("B3>B4^B5X").unwrap())
        .unwrap();
    assert_eq!(moved.token(Player::First), Some(sq("B4")));
    assert_eq!(moved.hash(), moved.recompute_hash());
    // A level-3 square next to both: the plain build is that dome, one move.
    let both = pos("0000000000000000030000000/1/selene[B3]:B3,D3/mortal:E5,E1");
    assert!(both.parse_move("D3>C3^C2").is_ok());
    assert!(
        !both
            .legal_moves()
            .iter()
            .any(|mv| mv.to_string() == "D3>C3^C2X")
    );
    // Without a female worker (`selene:B3,D3`, as after a removal) she has no dome.
    let none = pos("0000000000300000000000000/1/selene:B3,D3/mortal:E5,E1");
    assert!(none.parse_move("D3>C2^A4X").is_err());
    assert!(
        none.legal_moves()
            .iter()
            .all(|mv| !matches!(mv, Move::Dome { .. }))
    );
    // Apollo swapping her carries the mark; Medusa's stone clears it.
    let apollo = pos("0001000000000000000000000/2/selene[C3]:C3,E1/apollo:C4,A1");
    let swapped = apollo
        .play(apollo.parse_move("C4<>C3^D3").unwrap())
        .unwrap();
    assert_eq!(swapped.token(Player::First), Some(sq("C4")));
    assert_eq!(swapped.hash(), swapped.recompute_hash());
    let medusa = pos("0000000200000001000000000/2/selene[C3]:C3,E1/medusa:C4,A1");
    let stoned = medusa.play(medusa.parse_move("A1>A2^B1").unwrap()).unwrap();
    assert_eq!(stoned.token(Player::First), None);
    assert_eq!(
        stoned.to_string(),
        "0000000200001001000001000/1/selene:E1/medusa:C4,A2"
    );
    assert_eq!(stoned.hash(), stoned.recompute_hash());
    // The mark names one of her workers; Chronus is refused (santorini-ai bans the pair).
    assert!(matches!(
        "0000000000000000000000000/1/selene[C4]:B3,D3/mortal:C4,C2".parse::<Position>(),
        Err(Error::FemaleWorker { .. })
    ));
    assert!(matches!(
        "0000000000000000000000000/1/selene[B3]:B3,D3/chronus:C4,C2".parse::<Position>(),
        Err(Error::UnsupportedMatchup { .. })
    ));

    // Clio: a coin on each of her first three blocks, written `clio[<coins left>|<squares>]`
    // and hashed; her turn is a plain build.
    let clio = pos("0000000000000000000000000/1/clio:B3,D3/mortal:C4,C2");
    let coined = clio.play(clio.parse_move("D3>D4^C5").unwrap()).unwrap();
    assert_eq!(
        coined.to_string(),
        "0010000000000000000000000/2/clio[2|C5]:D4,B3/mortal:C4,C2"
    );
    assert_eq!(coined.coins(Player::First), sq("C5").bitboard());
    assert_eq!(coined.coins_used(Player::First), 1);
    assert_eq!(coined.hash(), coined.recompute_hash());
    assert_ne!(
        coined.hash(),
        pos("0010000000000000000000000/2/clio:D4,B3/mortal:C4,C2").hash()
    );
    // No opponent worker may move onto a coin, nor build there.
    for (bad, role) in [("C4>C5^B5", "destination"), ("C4>B4^C5", "build")] {
        let err = coined.parse_move(bad).unwrap_err().to_string();
        assert!(err.contains("coin") && err.contains(role), "{bad}: {err}");
    }
    assert!(coined.parse_move("C4>B4^A5").is_ok());
    // Her own worker may stand on her coin; her next block gets the next coin.
    let again = pos("0010000000000000000000000/1/clio[2|C5]:D4,B3/mortal:C4,C2");
    let on_coin = again.play(again.parse_move("D4>C5^D5").unwrap()).unwrap();
    assert_eq!(
        on_coin.to_string(),
        "0011000000000000000000000/2/clio[1|C5,D5]:C5,B3/mortal:C4,C2"
    );
    // A block on her coin while she has coins left buries it under a new one; once all
    // three are used, it buries it for good.
    let left = pos("0010000000000000000000000/1/clio[2|C5]:D4,B3/mortal:A1,E1");
    let buried = left.play(left.parse_move("D4>D5^C5").unwrap()).unwrap();
    assert_eq!(
        buried.to_string(),
        "0020000000000000000000000/2/clio[1|C5]:D5,B3/mortal:A1,E1"
    );
    let spent = pos("0010000000000000000000000/1/clio[0|C5]:D4,B3/mortal:A1,E1");
    let gone = spent.play(spent.parse_move("D4>D5^C5").unwrap()).unwrap();
    assert_eq!(
        gone.to_string(),
        "0020000000000000000000000/2/clio[0|]:D5,B3/mortal:A1,E1"
    );
    assert!(gone.coins(Player::First).is_empty());
    assert_eq!(gone.hash(), gone.recompute_hash());
    // A worker of hers on her coin is out of Medusa's reach; the other is stoned.
    let medusa = pos("0110001201021001110011000/1/medusa:B3,D3/clio[0|B5,C4,C2]:A2,C2");
    let stoned = medusa.play(medusa.parse_move("D3>E3^D4").unwrap()).unwrap();
    assert_eq!(
        stoned.to_string(),
        "0110001211021002110011000/2/medusa:B3,E3/clio[0|B5,C4,C2]:C2"
    );
    // Impossible coins are refused: a count above three, more coins down than used, a coin
    // named twice, on level 0 or under an opponent worker, coins used before any build.
    for bad in [
        "0010000000000000000000000/1/clio[4|]:D4,B3/mortal:A1,E1",
        "0011000000000000000000000/1/clio[2|C5,D5]:D4,B3/mortal:A1,E1",
        "0010000000000000000000000/1/clio[1|C5,C5]:D4,B3/mortal:A1,E1",
        "0010000000000000000000000/1/clio[2C5]:D4,B3/mortal:A1,E1",
        "0010000000000000000000000/1/mortal[2|C5]:D4,B3/mortal:A1,E1",
    ] {
        assert!(
            matches!(bad.parse::<Position>(), Err(Error::GodState { .. })),
            "{bad}"
        );
    }
    for bad in [
        "0010000000000000000000000/1/clio[2|D5]:D4,B3/mortal:A1,E1",
        "0010000000000000000000000/1/clio[2|C5]:D4,B3/mortal:C5,E1",
    ] {
        assert!(
            matches!(bad.parse::<Position>(), Err(Error::CoinSquare { .. })),
            "{bad}"
        );
    }
    assert!(matches!(
        "0000000000000000000000000/1/clio[2|]:D4,B3/mortal:A1,E1".parse::<Position>(),
        Err(Error::SetUp(..))
    ));
    // Another god takes her coins off the board.
    assert_eq!(
        coined.with_gods([God::Mortal, God::Mortal]).to_string(),
        "0010000000000000000000000/2/mortal:D4,B3/mortal:C4,C2"
    );
    // Her coins are the position's one field beyond its first 64 bytes (the cache line
    // the base game's perft copies once a move held every other state): 72 bytes in all.
    assert_eq!(std::mem::size_of::<Position>(), 72);

    // Hippolyta: she places her female worker first, as Selene does (`hippolyta[D3]`).
    let set_up = pos("0000000000000000000000000/1/hippolyta/mortal");
    assert_eq!(set_up.legal_moves().len(), 25 * 24);
    // Counted without listing them too (both orders: a bug for Selene until Hippolyta's
    // random games found it).
    assert_eq!(set_up.count_legal_moves(), 25 * 24);
    let selene = pos("0000000000000000000000000/2/mortal:B3,D3/selene");
    assert_eq!(selene.count_legal_moves(), 23 * 22);
    assert_eq!(selene.legal_moves().len(), 23 * 22);
    let placed = set_up
        .play(set_up.parse_move("place:D3,B3").unwrap())
        .unwrap();
    assert_eq!(
        placed.to_string(),
        "0000000000000000000000000/2/hippolyta[D3]:B3,D3/mortal"
    );
    assert_eq!(placed.hash(), placed.recompute_hash());
    // Her female worker (B3) steps any way; her other worker (D3) only diagonally.
    let hippolyta = pos("0000000000000000000000000/1/hippolyta[B3]:B3,D3/mortal:C4,C2");
    for good in ["B3>B4^B5", "B3>A3^A4", "D3>E4^E5", "D3>E2^E1"] {
        assert!(hippolyta.parse_move(good).is_ok(), "{good}");
    }
    for bad in ["D3>D4^D5", "D3>E3^E4", "D3>D2^D1"] {
        assert!(hippolyta.parse_move(bad).is_err(), "{bad}");
    }
    let diagonal = |text: &str| {
        let squares = |from: &str| from.parse::<bitgames_santorini::Square>().unwrap();
        let (from, to) = (squares(&text[..2]), squares(&text[3..5]));
        from.row() != to.row() && from.col() != to.col()
    };
    // Every worker of the opponent's moves only diagonally (a mortal on C4 and C2: 20
    // turns, as santorini-ai counts them).
    let theirs = pos("0000000000000000000000000/2/hippolyta[B3]:B3,D3/mortal:C4,C2");
    let moves = theirs.legal_moves();
    assert_eq!(moves.len(), 20);
    for mv in &moves {
        assert!(diagonal(&mv.to_string()), "{mv}");
    }
    // With no female worker (as after a removal) both of hers move only diagonally.
    let none = pos("0000000000000000000000000/1/hippolyta:B3,D3/mortal:C4,C2");
    assert!(none.parse_move("B3>B4^B5").is_err());
    assert!(
        none.legal_moves()
            .iter()
            .all(|mv| diagonal(&mv.to_string()))
    );
    // Apollo swapping her female worker carries the mark; Medusa's stone clears it.
    let apollo = pos("0000000000000000000000000/2/hippolyta[C3]:C3,E1/apollo:D4,A1");
    let swapped = apollo
        .play(apollo.parse_move("D4<>C3^D3").unwrap())
        .unwrap();
    assert_eq!(swapped.token(Player::First), Some(sq("D4")));
    assert_eq!(swapped.hash(), swapped.recompute_hash());
    // Apollo's own step is held too: no swap straight onto her.
    let straight = pos("0000000000000000000000000/2/hippolyta[C3]:C3,E1/apollo:C4,A1");
    assert!(straight.parse_move("C4<>C3^D3").is_err());
    let medusa = pos("0000000200000001000000000/2/hippolyta[C3]:C3,E1/medusa:C4,A1");
    assert!(medusa.parse_move("A1>A2^B1").is_err());
    let stoned = medusa.play(medusa.parse_move("A1>B2^B1").unwrap()).unwrap();
    assert_eq!(stoned.token(Player::First), None);
    assert_eq!(stoned.hash(), stoned.recompute_hash());
    // The mark names one of her workers.
    assert!(matches!(
        "0000000000000000000000000/1/hippolyta[C4]:B3,D3/mortal:C4,C2".parse::<Position>(),
        Err(Error::FemaleWorker { .. })
    ));
    // Castor: one worker moves and builds, or both move and neither builds, or both build
    // and neither moves (139 turns from the start, as santorini-ai counts them).
    let castor = pos("0000000000000000000000000/1/castor:B3,D3/mortal:C4,C2");
    assert_eq!(castor.legal_moves().len(), 139);
    let both = castor.parse_move("D3>D4 B3>B4").unwrap();
    assert_eq!(both.to_string(), "B3>B4 D3>D4");
    assert!(matches!(both, Move::MoveBoth { .. }));
    let moved = castor.play(both).unwrap();
    assert_eq!(
        moved.to_string(),
        "0000000000000000000000000/2/castor:B4,D4/mortal:C4,C2"
    );
    assert_eq!(moved.hash(), moved.recompute_hash());
    let built = castor.play(castor.parse_move("^E4^A4").unwrap()).unwrap();
    assert_eq!(
        built.to_string(),
        "0000010001000000000000000/2/castor:B3,D3/mortal:C4,C2"
    );
    let twice = castor.play(castor.parse_move("^C3^C3").unwrap()).unwrap();
    assert_eq!(twice.height(sq("C3")), 2);
    assert!(castor.parse_move("^C4^A4").is_err(), "a build on a worker");
    assert!(castor.parse_move("^A4").is_err(), "his lone worker's build");
    assert!(
        castor.parse_move("B3>B4").is_err(),
        "his lone worker's move"
    );
    // One position from two pairings is one move, read from either pairing; a worker
    // may step where the other stood, never swap with it.
    let pair = pos("0000000000000000000000000/1/castor:B3,B2/mortal:D4,D2");
    let one = pair.parse_move("B3>A3 B2>C3").unwrap();
    assert_eq!(pair.parse_move("B3>C3 B2>A3").unwrap(), one);
    assert_eq!(pair.parse_move("B2>A3 B3>C3").unwrap(), one);
    let legal = pair.legal_moves();
    assert_eq!(
        legal
            .iter()
            .filter(|&&mv| pair.play_unchecked(mv) == pair.play_unchecked(one))
            .count(),
        1
    );
    let behind = pair.parse_move("B2>B3 B3>B4").unwrap();
    assert_eq!(
        pair.play(behind).unwrap().to_string(),
        "0000000000000000000000000/2/castor:B4,B3/mortal:D4,D2"
            .parse::<Position>()
            .unwrap()
            .to_string()
    );
    assert!(pair.parse_move("B3>B2 B2>B3").is_err());
    assert!(pair.parse_move("B3>A3 B2>E1").is_err(), "not a step");
    // A win moving both: the first leaves a level 3 the second steps up onto. A step
    // that wins alone is the plain win, never part of a turn moving both.
    let high = pos("0000000000032000000000000/1/castor:B3,C3/mortal:A1,E5");
    let win = high.parse_move("B3>A4 C3>B3#").unwrap();
    assert!(matches!(win, Move::MoveBothWin { .. }));
    assert_eq!(high.play(win).unwrap().winner(), Some(Player::First));
    let tower = pos("0000000300032000000000000/1/castor:B3,C3/mortal:A1,E5");
    assert!(tower.parse_move("C3>C4#").is_ok());
    assert!(tower.parse_move("C3>C4 B3>B2").is_err());
    assert!(
        tower.parse_move("B3>C4 C3>B3#").is_err(),
        "the plain win C3>C4#"
    );
    // Hypnus holds the turn moving both only when one worker is higher.
    let level = pos("0000000000000000000000000/1/castor:B3,D3/hypnus:C4,C2");
    assert!(level.parse_move("B3>B4 D3>D4").is_ok());
    let higher = pos("0000000000010000000000000/1/castor:B3,D3/hypnus:C4,C2");
    assert!(higher.parse_move("B3>B4 D3>D4").is_err());
    assert!(higher.parse_move("^A4^E4").is_ok());
    // His lone worker moves without a build (B3>C3) or builds without a move (^B4).
    let lone = pos("1000000000000000000000000/1/castor:B3/medusa:C4,C2");
    let step = lone.parse_move("B3>C3").unwrap();
    assert_eq!(
        step,
        Move::Step {
            from: sq("B3"),
            to: sq("C3")
        }
    );
    assert_eq!(
        lone.play(step).unwrap().to_string(),
        "1000000000000000000000000/2/castor:C3/medusa:C4,C2"
    );
    let still = lone.parse_move("^B4").unwrap();
    assert_eq!(still.to_string(), "^B4");
    assert_eq!(
        lone.play(still).unwrap().to_string(),
        "1000001000000000000000000/2/castor:B3/medusa:C4,C2"
    );

    // The Stymphalians: three workers placed in one set-up turn, as Graeae's.
    let set_up = pos("0000000000000000000000000/1/stymphalians/mortal");
    assert_eq!(set_up.legal_moves().len(), 25 * 24 * 23 / 6);
    // A worker moves two or three steps, never through a worker, and ends neither on nor
    // next to where it started: B3 reaches D5 through C3 and D4 (C4 is taken), but not B4
    // or A4 (next to it), nor C4 (taken); E5 does not reach A1 (four steps).
    let distance = |a: bitgames_santorini::Square, b: bitgames_santorini::Square| {
        a.row().abs_diff(b.row()).max(a.col().abs_diff(b.col()))
    };
    let birds = pos("0000000000000000000000000/1/stymphalians:B3,D3,E5/mortal:C4,C2");
    let moves = birds.legal_moves();
    assert_eq!(moves.len(), 148);
    for mv in &moves {
        let Move::Build { from, to, .. } = *mv else {
            panic!("{mv}: not a move and build");
        };
        assert!((2..=3).contains(&distance(from, to)), "{mv}");
    }
    let far = birds.play(birds.parse_move("B3>D5^E4").unwrap()).unwrap();
    assert_eq!(
        far.to_string(),
        "0000000001000000000000000/2/stymphalians:D5,E5,D3/mortal:C4,C2"
    );
    for bad in ["B3>B4^B5", "B3>A4^A5", "E5>A1^A2", "B3>C4^C5"] {
        assert!(birds.parse_move(bad).is_err(), "{bad}");
    }
    // A step from level 2 onto level 3 next to the start (A5 to B5) is no win; on along
    // level 3 to C5 the move ends there without one, and the text reads it as no win.
    let high = pos("2330023300000000000000000/1/stymphalians:A5,D1,E1/mortal:E5,A1");
    let walked = high.play(high.parse_move("A5>C5^D5").unwrap()).unwrap();
    assert_eq!(walked.winner(), None);
    assert_eq!(pos(&walked.to_string()), walked);
    assert!(high.parse_move("A5>B5^C5").is_err());
    // A climb from level 2 onto level 3 where the move may end wins there (A5, B5, C5 on
    // levels 1, 2 and 3), and no move ends there otherwise.
    let climb = pos("1230000000000000000000000/1/stymphalians:A5,D1,E1/mortal:E5,A1");
    let won = climb.play(climb.parse_move("A5>C5#").unwrap()).unwrap();
    assert_eq!(won.winner(), Some(Player::First));
    assert!(climb.legal_moves().iter().all(|mv| !matches!(
        mv,
        Move::Build { to, .. } if to.to_string() == "C5"
    )));
    // Against Persephone only the paths that climb, as santorini-ai's test board has it:
    // C1 on level 3 climbs back onto D1 from D2 and goes on to E1, its only end.
    let persephone = pos("0000000000002224442400330/1/stymphalians:A1,B1,C1/persephone:D5,E5");
    let mut from_c1: Vec<String> = persephone
        .legal_moves()
        .iter()
        .map(Move::to_string)
        .filter(|mv| mv.starts_with("C1"))
        .collect();
    from_c1.sort();
    assert_eq!(from_c1, ["C1>E1^D1", "C1>E1^D2"]);
    // santorini-ai's two readings of a square won on at the second step (B3, from A4 on
    // level 2): its generator against Persephone still passes through it from B4 (A5 up
    // onto B4, along level 3 to B3, down to A2); its plain one does not.
    let board = "2440023400434000000000000/1/stymphalians:A5,D1,E1/";
    let through = pos(&format!("{board}persephone:E5,E4"));
    let plain = pos(&format!("{board}mortal:E5,E4"));
    for against in [&through, &plain] {
        assert!(against.parse_move("A5>B3#").is_ok());
    }
    assert!(through.parse_move("A5>A2^A1").is_ok());
    assert!(plain.parse_move("A5>A2^A1").is_err());
    // On a flat board none climbs, so every move is allowed.
    let flat = "0000000000000000000000000/1/stymphalians:A5,C3,E1/";
    assert_eq!(
        pos(&format!("{flat}persephone:E5,A1")).legal_moves().len(),
        pos(&format!("{flat}mortal:E5,A1")).legal_moves().len()
    );

    // Nemesis: after her move and build, with no opponent worker next to hers, both of the
    // mortal's workers take her squares and hers theirs: her worker that moved to B4 goes
    // to E5, her other (D3) to A1. Her workers being alike, either order is the one move.
    let nemesis = pos("0000000000000000000000000/1/nemesis:B3,D3/mortal:E5,A1");
    let traded = nemesis
        .play(nemesis.parse_move("B3>B4^B5[E5,A1]").unwrap())
        .unwrap();
    assert_eq!(
        traded.to_string(),
        "0100000000000000000000000/2/nemesis:E5,A1/mortal:B4,D3"
    );
    assert_eq!(traded.hash(), traded.recompute_hash());
    assert_eq!(
        nemesis.parse_move("B3>B4^B5[A1,E5]"),
        nemesis.parse_move("B3>B4^B5[E5,A1]")
    );
    let trades = |position: &Position| {
        position
            .legal_moves()
            .into_iter()
            .filter(|mv| matches!(mv, Move::Trade { .. }))
            .count()
    };
    // No trade when a worker of hers ends next to one of theirs (D4 next to E5), nor when
    // her other one stands next to one (D4 again, whichever worker moves), nor a single
    // trade while she could trade two.
    for bad in [
        "D3>D4^D5[E5,A1]",
        "B3>B2^B1[A1,E5]",
        "B3>B4^B5[E5]",
        "B3>B4^B5[B4,A1]",
    ] {
        assert!(nemesis.parse_move(bad).is_err(), "{bad}");
    }
    let near = pos("0000000000000000000000000/1/nemesis:B3,D4/mortal:E5,A1");
    assert!(near.parse_move("B3>B4^B5[E5,A1]").is_err());
    assert!(near.parse_move("D4>C4^C5[E5,A1]").is_ok());
    // A win ends her turn with no trade.
    let high = pos("0000000000023000000000000/1/nemesis:B3,D3/mortal:E5,A1");
    assert!(high.parse_move("B3>C3#").is_ok());
    assert!(high.parse_move("B3>C3^C4[E5,A1]").is_err());
    // A lone opponent worker trades with either of hers: `[E5]` with the worker that
    // moved, `[B4,E5]` (santorini-ai's text: the moved worker's own square first) with her
    // other one.
    let hydra = pos("0000000000000010000000000/1/nemesis:B3,D3/hydra:E5");
    let with_moved = hydra
        .play(hydra.parse_move("B3>B4^B5[E5]").unwrap())
        .unwrap();
    assert_eq!(
        with_moved.to_string(),
        "0100000000000010000000000/2/nemesis:E5,D3/hydra:B4"
    );
    let with_other = hydra
        .play(hydra.parse_move("B3>B4^B5[B4,E5]").unwrap())
        .unwrap();
    assert_eq!(
        with_other.to_string(),
        "0100000000000010000000000/2/nemesis:E5,B4/hydra:D3"
    );
    assert_eq!(
        hydra.parse_move("B3>B4^B5[B4,E5]").unwrap().to_string(),
        "B3>B4^B5[B4,E5]"
    );
    // Against three or more (Jason after his power), any two of theirs: three pairs.
    let jason = pos("0000000000000000000000100/1/nemesis:B3,D3/jason[x]:E5,A1,E1");
    let pairs: Vec<String> = jason
        .legal_moves()
        .into_iter()
        .filter(|mv| matches!(mv, Move::Trade { .. }) && mv.to_string().starts_with("B3>B4^B5"))
        .map(|mv| jason.play(mv).unwrap().to_string())
        .collect();
    assert_eq!(
        pairs,
        [
            "0100000000000000000000100/2/nemesis:E5,A1/jason[x]:B4,D3,E1",
            "0100000000000000000000100/2/nemesis:E5,E1/jason[x]:B4,D3,A1",
            "0100000000000000000000100/2/nemesis:A1,E1/jason[x]:E5,B4,D3",
        ]
    );
    // Selene's female worker (on A1) ends where the pairing puts her: both orders are moves.
    let selene = pos("0000000000000000000000000/1/nemesis:B3,D3/selene[A1]:E5,A1");
    let female = |text: &str| {
        let next = selene.play(selene.parse_move(text).unwrap()).unwrap();
        next.token(Player::Second)
    };
    assert_eq!(female("B3>B4^B5[E5,A1]"), Some(sq("D3")));
    assert_eq!(female("B3>B4^B5[A1,E5]"), Some(sq("B4")));
    assert_eq!(trades(&selene), 2 * trades(&nemesis));
    // santorini-ai bans her against Aphrodite, Bia, Graeae and Medusa.
    for other in ["aphrodite", "bia", "graeae", "medusa"] {
        let text = format!("0000000000000000000000000/1/nemesis:B3,D3/{other}:E5,A1");
        assert!(
            matches!(
                text.parse::<Position>(),
                Err(Error::UnsupportedMatchup { .. })
            ),
            "{other}"
        );
    }
}

#[test]
fn bad_god_input_is_an_error_naming_the_choices() {
    let err = "0000000000000000000000000/1/notagod:B3,D3/mortal:C4,C2"
        .parse::<Position>()
        .unwrap_err();
    assert!(matches!(err, Error::UnknownGod { .. }), "{err}");
    let text = err.to_string();
    assert!(
        text.contains("notagod") && text.contains("hermes"),
        "{text}"
    );
    // A state the god does not have, or a malformed one.
    for bad in [
        "0000000000000000000000000/1/apollo[^]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/athena[x]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/polyphemus[^]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/mortal[x]:B3,D3/polyphemus:C4,C2",
        "0000000000000000000000000/1/nike[x]:B3,D3/polyphemus:C4,C2",
        "0000000000000000000000000/1/achilles[^]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/bellerophon[^]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/theseus[^]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/athena[^:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/mortal[C3]:B3,D3/europa:C4,C2",
        "0000000100000000000000000/1/europa[Z9]:B3,D3/mortal:C4,C2",
        "0000000100000000000000000/1/europa[^]:B3,D3/mortal:C4,C2",
        "0000000100000000000000000/1/europa[B3]:B3,D3/mortal:C4,C2",
        "0000000100000000000000000/1/europa[C4]:B3,D3/mortal:C4,C2",
        "4000000100000000000000000/1/europa[A5]:B3,D3/mortal:C4,C2",
        "0000000100000000000000000/1/europa[A5]:B3,D3/europa[A5]:C4,C2",
        "0000000000000000000000000/2/europa[A5]:B3,D3/mortal",
        // Morpheus's card: a decimal count up to 200, and none before set-up ends.
        "0000000000000000000000000/1/morpheus[201]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/morpheus[x]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/morpheus[+3]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/morpheus[-1]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/morpheus[C3]:B3,D3/mortal:C4,C2",
        "0000000000000000000000000/1/mortal[3]:B3,D3/morpheus:C4,C2",
        "0000000000000000000000000/2/morpheus[1]:B3,D3/mortal",
        "0000000000000000000000000/1/#mortal:B3,D3/#mortal:C4,C2",
    ] {
        assert!(bad.parse::<Position>().is_err(), "{bad}");
    }
    // A power the god does not have.
    let mortal = pos("0000000000000000000000000/1/mortal:B3,E5/apollo:C3,A1");
    let err = mortal.parse_move("B3<>C3^D3").unwrap_err().to_string();
    assert!(err.contains("apollo") && err.contains("mortal"), "{err}");
    for god in God::ALL {
        assert!(!god.rule().is_empty());
    }
}

#[test]
fn harpies_against_hermes_is_an_error_as_santorini_ai_bans_it() {
    for gods in [[God::Harpies, God::Hermes], [God::Hermes, God::Harpies]] {
        let text = format!(
            "0000000000000000000000000/1/{}:B3,D3/{}:C4,C2",
            gods[0], gods[1]
        );
        let error = Error::UnsupportedMatchup {
            first: gods[0],
            second: gods[1],
            why: "Hermes's travel under the Harpies' slide is not written (santorini-ai bans the pair)",
        };
        let message = error.to_string();
        assert!(message.contains("not supported"), "{message}");
        let refused = Err(error);
        assert_eq!(text.parse::<Position>(), refused, "{text}");
        assert_eq!(Position::parse_with_gods(&text, gods), refused);
        let mortals = pos("0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2");
        assert_eq!(
            Position::parse_with_gods(&mortals.to_string(), gods),
            refused
        );
        assert_eq!(mortals.try_with_gods(gods), refused);
    }
    // Every other pair is one (santorini-ai's other bans still play here).
    for first in God::ALL {
        for second in God::ALL {
            let banned = ([first, second].contains(&God::Harpies)
                && [first, second].contains(&God::Hermes))
                || ([first, second].contains(&God::Selene)
                    && [first, second].contains(&God::Chronus))
                || ([first, second].contains(&God::Nemesis)
                    && [
                        God::Aphrodite,
                        God::Bia,
                        God::Clio,
                        God::Graeae,
                        God::Medusa,
                    ]
                    .iter()
                    .any(|god| [first, second].contains(god)));
            assert_eq!(God::check_matchup([first, second]).is_err(), banned);
        }
    }
    let start = pos("0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2");
    assert!(start.try_with_gods([God::Harpies, God::Artemis]).is_ok());
}

/// Random games with random gods: every position prints and parses back, every legal move's
/// notation reads back as that move, and the incremental hash equals the recomputed one.
#[test]
fn random_god_games_round_trip_and_keep_the_hash() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(20);
    for _ in 0..150 {
        let gods = [0, 1].map(|_| God::ALL[rng.random_range(0..God::ALL.len())]);
        if God::check_matchup(gods).is_err() {
            // Refused pairs: their text does not read back.
            continue;
        }
        // Graeae's three workers come from her set-up: her games start on the empty board.
        let root = if gods.contains(&God::Graeae) {
            Position::empty()
        } else {
            Position::test_root()
        };
        let mut position = root.with_gods(gods);
        for _ in 0..60 {
            assert_eq!(position.hash(), position.recompute_hash(), "{position}");
            assert_eq!(position.to_string().parse::<Position>(), Ok(position));
            let moves = position.legal_moves();
            assert_eq!(position.count_legal_moves(), moves.len() as u64);
            for &mv in moves.iter().step_by(7) {
                assert_eq!(position.parse_move(&mv.to_string()), Ok(mv), "{position}");
            }
            if moves.is_empty() {
                assert_ne!(position.outcome(), Outcome::Ongoing);
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
}

#[test]
fn arbitrary_god_positions_and_moves_never_panic() {
    let valid = "0120030120012100221001230/1/athena[^]:B3,D3/hermes:C4,C2";
    notation_never_panics::<Position>(valid, 7, 60, 20_000, |text| {
        let position = pos(valid);
        let _ = position.parse_move(text);
    });
}

/// Issue 38: `#` and `-` were stripped anywhere in a god's name, so `ath#ena` read as a
/// winning Athena and `mor-tal` set the other player's Athena flag. The markers go before
/// the name, each at most once; the name is letters and digits only.
#[test]
fn god_names_are_exact_and_markers_only_go_before_them() {
    for (part, name) in [
        ("ath#ena:B3,D3", "ath#ena"),
        ("athena#:B3,D3", "athena#"),
        ("mor-tal:B3,D3", "mor-tal"),
        ("mortal-:B3,D3", "mortal-"),
        ("##athena:B3,D3", "#athena"),
        ("--mortal:B3,D3", "-mortal"),
        ("#-#mortal:B3,D3", "#mortal"),
        ("ath ena:B3,D3", "ath ena"),
        ("athena[^]#:B3,D3", ""),
    ] {
        let text = format!("0000000000000000000000000/1/{part}/athena:C4,C2");
        let err = text.parse::<Position>().unwrap_err();
        if name.is_empty() {
            assert!(
                matches!(err, Error::WorkerList { player: 1, .. }),
                "{part}: {err}"
            );
            continue;
        }
        assert_eq!(
            err,
            Error::GodName {
                player: 1,
                name: name.to_owned()
            },
            "{part}"
        );
        let message = err.to_string();
        assert!(
            message.contains("player 1") && message.contains(name),
            "{message}"
        );
    }
    // Both markers, in either order, are still read where the notation puts them.
    for part in ["#-mortal:B3,D3", "-#mortal:B3,D3"] {
        let text = format!("0000000000000000000000003/2/{part}/athena:C4,C2");
        let position = pos(&text);
        assert_eq!(position.winner(), Some(Player::First), "{part}");
        assert!(position.athena_moved_up(Player::Second), "{part}");
    }
}

/// Replaces the god names of a position text's two player parts with `gods`, keeping every
/// marker: what `--gods` means.
fn write_gods(text: &str, gods: [God; 2]) -> String {
    let mut parts: Vec<String> = text.split('/').map(str::to_owned).collect();
    for (part, god) in parts[2..].iter_mut().zip(gods) {
        let start = part.find(|c: char| c.is_ascii_alphabetic()).unwrap();
        let end = part[start..]
            .find(|c: char| !c.is_ascii_alphanumeric())
            .map_or(part.len(), |end| start + end);
        part.replace_range(start..end, god.name());
    }
    parts.join("/")
}

/// Issue 38: `--gods` dropped `athena[^]` and kept a win decided under the original gods.
/// [`Position::parse_with_gods`] is the text with the gods written in, marker for marker.
#[test]
fn parse_with_gods_is_the_text_with_the_gods_written_in() {
    let gods = |a, b| [a, b];
    // Athena's flag stays with Athena.
    let held = "0000000000000000000000000/1/mortal:B3,D3/athena[^]:C4,C2";
    let kept = Position::parse_with_gods(held, gods(God::Apollo, God::Athena)).unwrap();
    assert!(kept.athena_moved_up(Player::Second));
    assert_eq!(
        kept.to_string(),
        "0000000000000000000000000/1/apollo:B3,D3/athena[^]:C4,C2"
    );
    // ... and santorini-ai's `-` sets it when the opponent becomes Athena.
    let marked = "0000000000000000000000000/1/-mortal:B3,D3/mortal:C4,C2";
    let athena = Position::parse_with_gods(marked, gods(God::Mortal, God::Athena)).unwrap();
    assert!(athena.athena_moved_up(Player::Second));
    // A flag the new god cannot have is refused, as `mortal[^]` in the text would be.
    let err = Position::parse_with_gods(held, gods(God::Mortal, God::Mortal)).unwrap_err();
    assert!(
        matches!(
            err,
            Error::GodState {
                player: 2,
                god: God::Mortal,
                ..
            }
        ),
        "{err}"
    );
    // Player 2 just moved onto level 3 at C4: a win between mortals, but Apollo (player 1)
    // may have swapped that worker up there, so not a win with Apollo in the game.
    let on_three = "0000000300000000000000000/1/mortal:B3,D3/mortal:C4,C2";
    assert_eq!(pos(on_three).winner(), Some(Player::Second));
    let apollo = Position::parse_with_gods(on_three, gods(God::Apollo, God::Mortal)).unwrap();
    assert_eq!(apollo.winner(), None);
    assert!(!apollo.legal_moves().is_empty());
    let undecided = "0000000300000000000000000/1/apollo:B3,D3/mortal:C4,C2";
    assert_eq!(pos(undecided).winner(), None);
    let mortals = Position::parse_with_gods(undecided, gods(God::Mortal, God::Mortal)).unwrap();
    assert_eq!(mortals.winner(), Some(Player::Second));
    // A `#` in the text stays whatever the gods.
    let marked_win = "0000000300000000000000000/1/apollo:B3,D3/#mortal:C4,C2";
    let still = Position::parse_with_gods(marked_win, gods(God::Minotaur, God::Pan)).unwrap();
    assert_eq!(still.winner(), Some(Player::Second));
    // The text's own names must still be gods.
    let notagod = "0000000000000000000000000/1/notagod:B3,D3/mortal:C4,C2";
    assert!(matches!(
        Position::parse_with_gods(notagod, gods(God::Mortal, God::Mortal)),
        Err(Error::UnknownGod { .. })
    ));

    // Everywhere: the same as parsing the text with the names written in.
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(38);
    let mut texts: Vec<String> = vec![
        held.into(),
        marked.into(),
        on_three.into(),
        undecided.into(),
    ];
    for _ in 0..200 {
        let start = [0, 1].map(|_| God::ALL[rng.random_range(0..God::ALL.len())]);
        let mut position = Position::test_root().with_gods(start);
        for _ in 0..rng.random_range(0..40) {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
        texts.push(position.to_string());
    }
    for text in &texts {
        for _ in 0..6 {
            let new = [0, 1].map(|_| God::ALL[rng.random_range(0..God::ALL.len())]);
            let written = write_gods(text, new);
            // The same position, or the same refusal (quoting its own text).
            match (
                Position::parse_with_gods(text, new),
                written.parse::<Position>(),
            ) {
                (Ok(with), Ok(parsed)) => assert_eq!(with, parsed, "{text} with {new:?}"),
                (Err(with), Err(parsed)) => assert_eq!(
                    std::mem::discriminant(&with),
                    std::mem::discriminant(&parsed),
                    "{text} with {new:?}: {with} / {parsed}"
                ),
                (with, parsed) => panic!("{text} with {new:?}: {with:?} but {parsed:?}"),
            }
        }
    }
}

/// Issue 38: `perft_until` read its stop flag only more than three plies from the leaves,
/// and three plies under Hermes take minutes, so Python's Ctrl-C went unheard. Each god's
/// count now stops within a moment of the flag, and counts as `perft` does.
#[test]
fn perft_until_stops_within_a_moment_for_every_god() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    for god in God::ALL {
        let root = Position::test_root().with_gods([god, God::Mortal]);
        let never = AtomicBool::new(false);
        assert_eq!(
            bitgames_search::perft_until(&root, 2, &never),
            Ok(bitgames_search::perft(&root, 2)),
            "{god}"
        );
        for gods in [[god, god], [god, God::Hermes]] {
            // From the empty board: two set-up plies, then the gods' turns; no count this
            // deep finishes.
            let start = Position::empty().with_gods(gods);
            let stop = AtomicBool::new(false);
            let (stopped, result) = std::thread::scope(|scope| {
                let counting = scope.spawn(|| bitgames_search::perft_until(&start, 9, &stop));
                std::thread::sleep(Duration::from_millis(150));
                stop.store(true, Ordering::Relaxed);
                let stopped = Instant::now();
                let result = counting.join().unwrap();
                (stopped.elapsed(), result)
            });
            assert_eq!(
                result,
                Err(bitgames_search::PerftStop::Interrupted),
                "{gods:?}"
            );
            assert!(
                stopped < Duration::from_millis(500),
                "{gods:?}: {stopped:?} after the flag"
            );
        }
    }
}

/// Once something is built a side may have one worker or none (Medusa's victims): the
/// notation reads and writes it, the generator, the step environment, the base game's
/// action numbers, the evaluation and both engines take it without panicking, and a side
/// with none to move has lost (no turn, as a stuck side). Before any build, one worker is
/// an error and none is set-up.
#[test]
fn a_side_with_one_worker_or_none_after_the_first_build() {
    use bitgames_santorini::encoding::{StepTurn, action};
    use bitgames_search::encoding::Encoding;
    use bitgames_search::{AlphaBeta, Evaluate, Limits, Mcts, WIN, random_playout};

    let one = "0000000100001000000000000/1/medusa:C3/mortal:D2";
    let none = "0000000002100220000000000/2/medusa:E4,A2/mortal";
    let lone = "0000000100001000000000000/1/mortal/medusa:C3";
    for text in [one, none, lone] {
        let position = pos(text);
        assert_eq!(position.to_string(), text);
        assert_eq!(position.hash(), position.recompute_hash());
        assert!(!position.in_set_up(), "{text}");
        // Every move plays, has a step path the environment walks, and (a plain turn) a
        // number in the base game's action space.
        for mv in position.legal_moves() {
            let next = position.play(mv).unwrap();
            assert_eq!(next.hash(), next.recompute_hash(), "{mv}");
            assert!(action(&position, mv).is_some(), "{mv}");
        }
        let mut turn = StepTurn::new(position);
        let mut mask = vec![false; StepTurn::ACTIONS];
        turn.legal_mask(&mut mask);
        assert_eq!(
            mask.iter().any(|&legal| legal),
            !position.legal_moves().is_empty(),
            "{text}"
        );
        let mut planes = vec![0; StepTurn::PLANES.iter().product()];
        turn.observe(0, &mut planes);
        if let Some(first) = mask.iter().position(|&legal| legal) {
            turn.apply(first).unwrap();
        }
        let _ = position.evaluate();
        let mut alphabeta = AlphaBeta::<Position>::new(12);
        let found = alphabeta.search(&position, Limits::depth(3)).best_move;
        assert_eq!(
            found.is_some(),
            !position.legal_moves().is_empty(),
            "{text}"
        );
        let mut mcts = Mcts::new(position, 3);
        let found = mcts.search(None, Some(100)).best_move;
        assert_eq!(
            found.is_some(),
            !position.legal_moves().is_empty(),
            "{text}"
        );
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(41);
        let end = random_playout(&position, &mut rng, 200);
        assert!(end.outcome.is_over(), "{text}");
    }
    // One worker each: Medusa on level 1 at C3 has 54 turns.
    assert_eq!(pos(one).legal_moves().len(), 54);
    // The side to move has no workers: no turn, lost; the evaluation of a side whose
    // opponent has none sees the win.
    let none = pos(none);
    assert!(none.legal_moves().is_empty());
    assert_eq!(none.outcome(), Outcome::Win(Player::First));
    assert_eq!(pos(lone).outcome(), Outcome::Win(Player::Second));
    assert!(pos(lone).evaluate() <= -WIN / 2);
    assert!(pos("0000000100001000000000000/2/mortal/medusa:C3").evaluate() >= WIN / 2);
    // Before any build: one worker is an error, none is set-up.
    for bad in [
        "0000000000000000000000000/1/medusa:C3/mortal:D2",
        "0000000000000000000000000/2/medusa:C3,B3/mortal:D2",
    ] {
        let err = bad.parse::<Position>().unwrap_err();
        assert!(
            matches!(err, Error::WorkerCount { found: 1, .. }),
            "{bad}: {err}"
        );
    }
    let set_up = pos("0000000000000000000000000/2/medusa:C3,B3/mortal");
    assert!(set_up.in_set_up());
    assert_eq!(set_up.count_legal_moves(), 23 * 22 / 2);
    // More than two workers stays an error.
    assert!(
        "0000000100000000000000000/1/medusa:A1,B1,C1/mortal:D2"
            .parse::<Position>()
            .is_err()
    );
}
