//! Turns as steps (`bitgames_santorini::steps`) and the step-by-step environment
//! (`encoding::StepTurn`): over positions of every pair of gods, each legal move's paths are
//! its own, none is the start of another, and taking a path's steps plays exactly that move.

use std::collections::HashMap;

use bitgames_santorini::encoding::{
    POWER, POWER_PLANE, STEP_ACTIONS, STEP_GODS as GODS, StepTurn, TOKEN_PLANE, step_action,
};
use bitgames_santorini::steps::StepPath;
use bitgames_santorini::{God, Move, Position};
use bitgames_search::encoding::{Encoding, assert_records_agree_with_the_mask};
use bitgames_search::{Game, Player};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// santorini-ai's perft suite: every ordered pair of gods from two roots, and random
/// positions with levels, domes and Athena's flag.
const SUITE: &str = include_str!("data/santorini-gods.perft");

fn roots() -> Vec<Position> {
    SUITE
        .lines()
        .filter_map(|line| line.strip_prefix("position "))
        .map(|text| text.parse().unwrap())
        .collect()
}

/// Positions of every god: the suite's roots and a few random plies from each.
fn positions() -> Vec<Position> {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(20);
    let mut out = Vec::new();
    for root in roots() {
        let mut position = root;
        for _ in 0..6 {
            out.push(position);
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
        }
    }
    out
}

fn walk(position: Position, path: &StepPath) -> StepTurn {
    let mut turn = StepTurn::new(position);
    for (k, &step) in path.iter().enumerate() {
        assert_eq!(turn.steps_taken().len(), k, "{position}: {path:?}");
        turn.apply(step_action(step))
            .unwrap_or_else(|err| panic!("{position}: {path:?}: {err}"));
    }
    turn
}

/// Checks `position`'s step paths: each legal move's paths are its own, no path is the start
/// of another, and walking about `samples` of them (in order, evenly spaced) plays their move
/// at the last step and only there. Returns each path's move and how many were walked.
fn check_paths(position: Position, samples: usize) -> (HashMap<StepPath, Move>, usize) {
    let mut owner: HashMap<StepPath, Move> = HashMap::new();
    for mv in position.legal_moves() {
        for path in mv.step_paths() {
            if let Some(other) = owner.insert(path.clone(), mv) {
                panic!("{position}: {mv} and {other} share the steps {path:?}");
            }
        }
    }
    for path in owner.keys() {
        for start in 1..path.len() {
            let prefix: StepPath = path[..start].iter().copied().collect();
            assert!(
                !owner.contains_key(&prefix),
                "{position}: {prefix:?} is a move and the start of {path:?}"
            );
        }
    }
    let mut paths: Vec<(&StepPath, &Move)> = owner.iter().collect();
    paths.sort();
    let stride = paths.len() / samples + 1;
    let mut walked = 0;
    for (path, &mv) in paths.into_iter().step_by(stride) {
        let turn = walk(position, path);
        assert!(turn.steps_taken().is_empty(), "{position}: {mv} unfinished");
        assert_eq!(
            turn.position,
            position.play_unchecked(mv),
            "{position}: {path:?}"
        );
        walked += 1;
    }
    (owner, walked)
}

#[test]
fn every_path_makes_its_move_and_no_path_starts_another() {
    let (mut checked, mut walked) = (0, 0);
    let mut powers_seen = HashMap::new();
    for position in positions() {
        // A sample of each position's paths is walked (walking is a move generation a step,
        // and Hermes has thousands).
        let (owner, sampled) = check_paths(position, 16);
        walked += sampled;
        for mv in position.legal_moves() {
            if let Some(god) = mv.power() {
                *powers_seen.entry(god).or_insert(0) += 1;
            }
        }
        checked += owner.len();
    }
    // Every power's moves were among them.
    for god in &God::ALL[1..] {
        if matches!(
            god,
            God::Athena
                | God::Pan
                | God::Artemis
                | God::Hera
                | God::Hades
                | God::Hypnus
                | God::Urania
                | God::Pegasus
                | God::Iris
                | God::Limus
                | God::Persephone
                | God::Zeus
                | God::Aphrodite
                | God::Nike
                | God::Chronus
                | God::Maenads
                | God::Eros
                | God::Medusa
                | God::Bia
                | God::Graeae
                | God::Harpies
                | God::Clio
                | God::Stymphalians
        ) {
            continue; // Their powers change which plain moves exist, not their steps.
        }
        if matches!(
            god,
            God::Hestia
                | God::Ares
                | God::Asteria
                | God::CharonV2
                | God::Charon
                | God::Scylla
                | God::Polyphemus
                | God::Achilles
                | God::Bellerophon
                | God::Poseidon
                | God::Theseus
                | God::Jason
                | God::Europa
                | God::Hydra
                | God::Morpheus
                | God::Proteus
                | God::Aeolus
                | God::Selene
                | God::Hippolyta
                | God::Castor
                | God::Nemesis
        ) {
            continue; // Not among these positions: see their own tests below.
        }
        if *god == God::ApolloV2 {
            continue; // Its swaps are Apollo's moves ([`Move::power`]), counted under Apollo.
        }
        assert!(
            powers_seen.get(god).copied().unwrap_or(0) > 100,
            "{god}: {powers_seen:?}"
        );
    }
    assert!(
        checked > 500_000 && walked > 20_000,
        "{checked} paths, {walked} walked"
    );
}

/// The legal moves at every root of `santorini-more-gods.perft` where `god` plays
/// (santorini-ai's, against every god), after checking there with [`check_paths`] that the
/// moves' paths are their own, none starts another, and walking one plays its move: the
/// powers whose steps the base box's roots never reach.
fn moves_at_roots_of(god: God) -> Vec<Move> {
    const MORE: &str = include_str!("data/santorini-more-gods.perft");
    let mut moves = Vec::new();
    for text in MORE
        .lines()
        .filter_map(|line| line.strip_prefix("position "))
    {
        let position: Position = text.parse().unwrap();
        if position.god(Player::First) != god && position.god(Player::Second) != god {
            continue;
        }
        check_paths(position, 24);
        moves.extend(position.legal_moves());
    }
    moves
}

/// Hestia's two builds share their steps with Demeter's (and `B3>C3^C4^C4` for one square
/// twice).
#[test]
fn hestias_builds_walk_as_their_steps() {
    let (mut twice, mut same) = (0, 0);
    for mv in moves_at_roots_of(God::Hestia) {
        if let Move::BuildTwice { builds: [a, b], .. } = mv {
            twice += 1;
            same += usize::from(a == b);
        }
    }
    assert!(
        twice > 5_000 && same > 500,
        "{twice} two builds, {same} on one square"
    );
}

/// Ares's removals: `B3 C3 power C4 D4`, his own block back `B3 C3 power C4 C4`.
#[test]
fn ares_removals_walk_as_their_steps() {
    let (mut removals, mut undos) = (0, 0);
    for mv in moves_at_roots_of(God::Ares) {
        if let Move::BuildRemove { build, remove, .. } = mv {
            removals += 1;
            undos += usize::from(build == remove);
        }
    }
    assert!(
        removals > 5_000 && undos > 300,
        "{removals} removals, {undos} builds taken back"
    );
}

/// Asteria's domes after a move down: `B3 C3 power C4 D4`.
#[test]
fn asterias_domes_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Asteria);
    let domes = moves
        .iter()
        .filter(|mv| matches!(mv, Move::BuildDome { .. }))
        .count();
    assert!(domes > 2_000, "{domes} domes");
}

/// Polyphemus's domes: `B3 C3 power C4 D4 E4`, one dome `B3 C3 power C4 D4 D4` (so one
/// dome's path is no prefix of two domes').
#[test]
fn polyphemus_domes_walk_as_their_steps() {
    let (mut one, mut two) = (0, 0);
    for mv in moves_at_roots_of(God::Polyphemus) {
        if let Move::BuildDomes { domes: [a, b], .. } = mv {
            (one, two) = if a == b {
                (one + 1, two)
            } else {
                (one, two + 1)
            };
        }
    }
    assert!(
        one > 10_000 && two > 100_000,
        "{one} single domes, {two} pairs"
    );
}

/// Achilles's power turns: his build first walks as Prometheus's (`B3 power B4 C3 C4`, the
/// move may climb), his build then winning step as `B3 power C3 C3`.
#[test]
fn achilles_builds_walk_as_their_steps() {
    let (mut first, mut wins) = (0, 0);
    for mv in moves_at_roots_of(God::Achilles) {
        match mv {
            Move::BuildFirst { .. } => first += 1,
            Move::BuildFirstWin { first, to, .. } => {
                assert_eq!(first, to);
                wins += 1;
            }
            _ => {}
        }
    }
    assert!(
        first > 10_000 && wins > 5,
        "{first} builds first, {wins} wins"
    );
}

/// Bellerophon's leap: `B3 power C3 C4`, its win `B3 power C3`.
#[test]
fn bellerophons_leaps_walk_as_their_steps() {
    let (mut leaps, mut wins) = (0, 0);
    for mv in moves_at_roots_of(God::Bellerophon) {
        match mv {
            Move::Leap { .. } => leaps += 1,
            Move::LeapWin { .. } => wins += 1,
            _ => {}
        }
    }
    assert!(leaps > 300 && wins > 5, "{leaps} leaps, {wins} wins");
}

/// Poseidon's extra builds: `B3 C3 power C4 D3 D3 E2` (three, in any order), fewer closed by
/// the power again (`B3 C3 power C4 D3 power`), so a path that stops is no prefix of a longer
/// one.
#[test]
fn poseidons_extra_builds_walk_as_their_steps() {
    let mut counts = [0; 3];
    for mv in moves_at_roots_of(God::Poseidon) {
        if let Move::BuildMore { extra, .. } = mv {
            counts[extra.iter().flatten().count() - 1] += 1;
        }
    }
    assert!(counts.iter().all(|&n| n > 10_000), "{counts:?}");
}

/// CharonV2's flip is his worker, the worker flipped, the build (`B3 C3 B2`; a move's
/// `B3 C3` never reaches an opponent's square).
#[test]
fn charonv2s_flips_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::CharonV2);
    let flips = moves
        .iter()
        .filter(|mv| matches!(mv, Move::Flip { .. }))
        .count();
    assert!(flips > 500, "{flips} flips");
}

/// Charon's flip before his move is his worker, the worker flipped, then the move and the
/// build (`B3 C3 B4 B5`, a win `B3 C3 C3`).
#[test]
fn charons_flips_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Charon);
    let flips = moves
        .iter()
        .filter(|mv| matches!(mv, Move::FlipBuild { .. } | Move::FlipWin { .. }))
        .count();
    assert!(flips > 2_000, "{flips} flips");
}

/// Scylla's drags: `B3 A3 power C4 A4`, the worker dragged after the power.
#[test]
fn scyllas_drags_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Scylla);
    let drags = moves
        .iter()
        .filter(|mv| matches!(mv, Move::Drag { .. }))
        .count();
    assert!(drags > 1_000, "{drags} drags");
}

#[test]
fn the_mask_holds_exactly_the_next_steps_of_legal_moves() {
    for position in positions().into_iter().step_by(7) {
        let mut turn = StepTurn::new(position);
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(position.hash());
        while !turn.position.outcome().is_over() {
            let taken = turn.steps_taken();
            let mut expected = [false; STEP_ACTIONS];
            for mv in turn.position.legal_moves() {
                for path in mv.step_paths() {
                    if path.starts_with(&taken) && path.len() > taken.len() {
                        expected[step_action(path[taken.len()])] = true;
                    }
                }
            }
            let mut mask = [false; STEP_ACTIONS];
            turn.legal_mask(&mut mask);
            assert_eq!(mask, expected, "{} after {taken:?}", turn.position);
            for action in 0..STEP_ACTIONS + 3 {
                let mut copy = turn;
                let result = copy.apply(action);
                assert_eq!(result.is_ok(), mask.get(action) == Some(&true), "{action}");
                if result.is_err() {
                    assert_eq!(copy, turn, "a refused action changes nothing");
                }
            }
            let before = turn.position;
            turn.apply(turn.random_action(&mut rng)).unwrap();
            if turn.position != before {
                assert!(turn.steps_taken().is_empty());
                assert!(
                    before
                        .legal_moves()
                        .iter()
                        .any(|&m| before.play_unchecked(m) == turn.position)
                );
            }
        }
    }
}

#[test]
fn records_agree_with_the_masks() {
    assert_records_agree_with_the_mask::<StepTurn>(10, 3);
}

#[test]
fn refused_actions_say_why() {
    let atlas: Position = "0000000000000000000000000/1/atlas:B3,D3/mortal:C4,C2"
        .parse()
        .unwrap();
    let mut turn = StepTurn::new(atlas);
    let a5 = 0;
    let err = turn.apply(a5).unwrap_err();
    assert_eq!(err, "action 0 (A5) does not start a legal turn here");
    assert_eq!(
        turn.apply(26).unwrap_err(),
        "action 26 is out of range 0..26"
    );
    // B3 (row 2, col 1), then B4 (row 1, col 1): the power is next or a build square.
    turn.apply(11).unwrap();
    turn.apply(6).unwrap();
    let mut mask = [false; STEP_ACTIONS];
    turn.legal_mask(&mut mask);
    assert!(mask[POWER], "Atlas may dome");
    let err = turn.apply(24).unwrap_err();
    assert_eq!(
        err,
        "action 24 (E1) does not continue a legal turn after B3 B4"
    );
    // The power, then C5: a dome on C5.
    turn.apply(POWER).unwrap();
    turn.apply(2).unwrap();
    assert_eq!(
        turn.position.to_string(),
        "0040000000000000000000000/2/atlas:B4,D3/mortal:C4,C2"
    );
}

#[test]
fn observations_show_gods_flags_and_the_steps_taken() {
    let position: Position = "0000000000000000000000000/1/demeter:B3,D3/athena[^]:C4,C2"
        .parse()
        .unwrap();
    let mut turn = StepTurn::new(position);
    for action in [11, 12, POWER] {
        turn.apply(action).unwrap(); // B3, C3, the power
    }
    let [planes, rows, cols] = StepTurn::PLANES;
    let plane = rows * cols;
    let mut out = vec![9i8; planes * plane];
    let all_ones = |out: &[i8], index: usize| out[index * plane..][..plane].iter().all(|&b| b == 1);
    let empty = |out: &[i8], index: usize| out[index * plane..][..plane].iter().all(|&b| b == 0);
    turn.observe(0, &mut out);
    // Player 1 (Demeter, rank 5 of God::ALL) sees its god on plane 9 + 4 and Athena
    // (rank 3) on plane 9 + GODS + 2, and the opponent's flag on plane 8.
    // The power plane, sixteen step planes (Morpheus's twelve builds take sixteen steps),
    // the two token planes.
    assert_eq!(planes, POWER_PLANE + 17 + 2);
    assert_eq!(TOKEN_PLANE, POWER_PLANE + 17);
    assert!(all_ones(&out, 13) && all_ones(&out, 9 + GODS + 2) && all_ones(&out, 8));
    assert!(empty(&out, 7) && all_ones(&out, POWER_PLANE));
    assert_eq!(out[(POWER_PLANE + 1) * plane + 11], 1);
    assert_eq!(out[(POWER_PLANE + 2) * plane + 12], 1);
    assert!(empty(&out, POWER_PLANE + 3));
    let ones_in = |out: &[i8], range: std::ops::Range<usize>| {
        out[range.start * plane..range.end * plane]
            .iter()
            .filter(|&&b| b == 1)
            .count()
    };
    assert_eq!(ones_in(&out, 9..POWER_PLANE), 2 * plane);
    turn.observe(1, &mut out);
    assert!(all_ones(&out, 7) && all_ones(&out, 11) && all_ones(&out, 9 + GODS + 4));
    assert_eq!(ones_in(&out, 9..POWER_PLANE), 2 * plane);
    // Mortal against mortal: no god planes at all.
    let mut out = vec![9i8; planes * plane];
    StepTurn::start().observe(0, &mut out);
    assert_eq!(ones_in(&out, 7..planes), 0);
    assert_eq!(StepTurn::start().current_player(), Player::First.index());
}

#[test]
fn observations_show_each_sides_token_on_its_own_plane() {
    // Europa (player 2) has her Talus on D4 (index 8); player 1's token plane stays empty.
    let position: Position = "0000000000000000000000000/1/mortal:B3,D3/europa[D4]:C4,C2"
        .parse()
        .unwrap();
    let [planes, rows, cols] = StepTurn::PLANES;
    let plane = rows * cols;
    let ones = |out: &[i8], index: usize| -> Vec<usize> {
        (0..plane)
            .filter(|&k| out[index * plane + k] == 1)
            .collect()
    };
    let mut out = vec![9i8; planes * plane];
    StepTurn::new(position).observe(0, &mut out);
    assert_eq!(ones(&out, TOKEN_PLANE), Vec::<usize>::new());
    assert_eq!(ones(&out, TOKEN_PLANE + 1), vec![8]);
    StepTurn::new(position).observe(1, &mut out);
    assert_eq!(ones(&out, TOKEN_PLANE), vec![8]);
    assert_eq!(ones(&out, TOKEN_PLANE + 1), Vec::<usize>::new());
}

/// Morpheus's card is on his token plane as a count: a one on each of the first `card`
/// squares, 25 at most, so two positions that differ only in his card look different.
#[test]
fn observations_show_morpheus_card_as_a_count() {
    let [planes, rows, cols] = StepTurn::PLANES;
    let plane = rows * cols;
    let card_plane = |text: &str, observer: usize, index: usize| -> Vec<i8> {
        let mut out = vec![9i8; planes * plane];
        StepTurn::new(text.parse::<Position>().unwrap()).observe(observer, &mut out);
        out[index * plane..(index + 1) * plane].to_vec()
    };
    let count = |card: usize| -> Vec<i8> { (0..plane).map(|k| i8::from(k < card)).collect() };
    let board = "0000000000000000000000000/1/";
    let three = format!("{board}morpheus[3]:B3,D3/mortal:C4,C2");
    assert_eq!(card_plane(&three, 0, TOKEN_PLANE), count(3));
    assert_eq!(card_plane(&three, 1, TOKEN_PLANE + 1), count(3));
    assert_eq!(card_plane(&three, 0, TOKEN_PLANE + 1), count(0));
    let empty = format!("{board}morpheus[0]:B3,D3/mortal:C4,C2");
    assert_eq!(card_plane(&empty, 0, TOKEN_PLANE), count(0));
    let full = format!("{board}mortal:B3,D3/morpheus[40]:C4,C2");
    assert_eq!(card_plane(&full, 0, TOKEN_PLANE + 1), count(25));
}

#[test]
fn random_step_games_of_every_god_end() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for &a in &God::ALL {
        for &b in &God::ALL {
            let mut turn = StepTurn::new(Position::empty().with_gods([a, b]));
            let mut actions = 0;
            while turn.returns().is_none() {
                let action = turn.random_action(&mut rng);
                turn.apply(action).unwrap();
                actions += 1;
                assert!(actions < 10_000, "{a} vs {b} never ends");
            }
            assert_eq!(turn.position.god(Player::First), a);
        }
    }
}

/// Medusa's turns are plain ones (`B3 C3 C4`): the stones follow from the position. Her
/// roots' moves (many with a side down to one worker)
/// walk as their steps.
#[test]
fn medusas_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Medusa);
    let lone_travel = moves
        .iter()
        .filter(
            |mv| matches!(mv, Move::Travel { from, to, .. } if from[0] == from[1] && from != to),
        )
        .count();
    assert!(moves.len() > 10_000, "{} moves", moves.len());
    assert!(lone_travel > 0, "no one-worker travel");
}

/// Theseus's removals: `B3 C3 power C4 D4` (the build, then the worker removed).
#[test]
fn theseus_removals_walk_as_their_steps() {
    let removals = moves_at_roots_of(God::Theseus)
        .iter()
        .filter(|mv| matches!(mv, Move::BuildSlay { .. }))
        .count();
    assert!(removals > 50, "{removals} removals");
}

/// Bia's turns are plain ones (`B3 C3 C4`): the removal follows from the position. Her
/// roots' moves, some building where the removed worker stood, walk as their steps.
#[test]
fn bias_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Bia);
    assert!(moves.len() > 10_000, "{} moves", moves.len());
}

/// Jason's new worker and its build: `power A1 B2` (the power first: his other turns start
/// with a worker's square, so none is a prefix of another).
#[test]
fn jasons_new_worker_walks_as_its_steps() {
    let placements = moves_at_roots_of(God::Jason)
        .iter()
        .filter(|mv| matches!(mv, Move::PlaceBuild { .. }))
        .count();
    assert!(placements > 2_500, "{placements} new workers");
}

/// Europa's turns that put her Talus token: `B3 C3 power C4 D4` (the build, then the token's
/// square); her roots' moves walk as their steps.
#[test]
fn europas_talus_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Europa);
    let talus = moves
        .iter()
        .filter(|mv| matches!(mv, Move::BuildTalus { .. }))
        .count();
    assert!(talus > 10_000, "{talus} of {} moves", moves.len());
}

/// Hydra's turns: `B3 C3 C4 D4` (the move, the build, then her new worker's square or the
/// worker she returns; every turn of hers with a build has one, so none is a prefix of
/// another), gaining and returning.
#[test]
fn hydras_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Hydra);
    let heads = moves
        .iter()
        .filter(|mv| matches!(mv, Move::BuildHead { .. }))
        .count();
    assert!(
        heads > 20_000,
        "{heads} turns with a new or returned worker"
    );
}

/// Morpheus's turns: `B3 C3 C4` for one build, `B3 C3 power power` for none, and
/// `B3 C3 power C4 C4 D4 power` for two or more (the builds in square order, the power again
/// to end, so that none is the start of another); his roots' moves walk as their steps,
/// cards of up to twelve blocks spent among them.
#[test]
fn morpheus_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Morpheus);
    let steps = moves
        .iter()
        .filter(|mv| matches!(mv, Move::Step { .. }))
        .count();
    let most = moves
        .iter()
        .filter_map(|mv| match mv {
            Move::BuildBlocks { blocks, .. } => Some(blocks.total()),
            _ => None,
        })
        .max();
    assert!(steps > 1_000, "{steps} moves without a build");
    assert_eq!(most, Some(12));
    let at = |name: &str| name.parse::<bitgames_santorini::Square>().unwrap();
    let written = |mv: Move| {
        mv.steps()
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        written(Move::Step {
            from: at("B3"),
            to: at("C3")
        }),
        "B3 C3 power power"
    );
    let mv: Move = "B3>C3^D4^C4^C4".parse().unwrap();
    assert_eq!(mv.to_string(), "B3>C3^C4^C4^D4");
    assert_eq!(written(mv), "B3 C3 power C4 C4 D4 power");
}

/// Proteus's turns: `B3 power C3 C4` (the worker that fills, the power, where the step
/// ended, the build), distinct from his win `B3 C3` at the roots where both leave B3 for C3
/// (`hand-proteus-win-or-shift`); with one worker left, a mortal's `B3 C3 C4`.
#[test]
fn proteus_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Proteus);
    let shifts = moves
        .iter()
        .filter(|mv| matches!(mv, Move::Shift { .. }))
        .count();
    assert!(shifts > 10_000, "{shifts} turns that fill");
    // The win and the turn that fills from B3 to C3, both legal at one root.
    let at = |name: &str| name.parse::<bitgames_santorini::Square>().unwrap();
    assert!(moves.contains(&Move::Win {
        from: at("B3"),
        to: at("C3")
    }));
    assert!(moves.iter().any(
        |mv| matches!(mv, Move::Shift { from, to, .. } if *from == at("B3") && *to == at("C3"))
    ));
}

/// Aeolus's turns that leave a wind: `B3 C3 power C4 C4` (the build, then the square next to
/// C3 in the wind's direction); those that leave none are plain builds, `B3 C3 C4`.
#[test]
fn aeolus_wind_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Aeolus);
    let winds = moves
        .iter()
        .filter(|mv| matches!(mv, Move::BuildWind { .. }))
        .count();
    let calm = moves
        .iter()
        .filter(|mv| matches!(mv, Move::Build { .. }))
        .count();
    assert!(winds > 20_000 && calm > 5_000, "{winds} winds, {calm} calm");
}

/// Selene's domes by her female worker: `B3 C3 power D4` (the move, the power, the dome next
/// to the female, which may be another square than the plain build could reach).
#[test]
fn selenes_domes_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Selene);
    let domes = moves
        .iter()
        .filter(|mv| matches!(mv, Move::Dome { .. }))
        .count();
    assert!(domes > 5_000, "{domes} of {} moves", moves.len());
}

/// Hippolyta's turns are plain builds (her power only narrows steps): every one walks as
/// its steps, and her roots give plenty of them.
#[test]
fn hippolytas_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Hippolyta);
    let builds = moves
        .iter()
        .filter(|mv| matches!(mv, Move::Build { .. }))
        .count();
    assert!(builds > 5_000, "{builds} of {} moves", moves.len());
}

/// Clio's turns, with her coins down on both sides (her own she may enter, the opponent's
/// no one else may): the base game's steps `B3 C3 C4`, her coin going down with no step of
/// its own, and no opponent move or build on a coin.
#[test]
fn clios_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Clio);
    assert!(
        moves.iter().all(|mv| mv.power() != Some(God::Clio)),
        "Clio has no move of her own"
    );
    assert!(moves.len() > 50_000, "{} moves", moves.len());
}

/// Castor's turns: both moving `B3 C3 D3 D4` (the worker whose end is the other's start
/// second), his win moving both `C3 B3 D3 C3`, both building `power C4 D4` (or `power D4
/// C4`), his lone worker's move without a build `B3 C3 power power` and build `power C4`;
/// his roots' moves walk as their steps.
#[test]
fn castors_turns_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Castor);
    let count = |f: fn(&Move) -> bool| moves.iter().filter(|mv| f(mv)).count();
    let both = count(|mv| matches!(mv, Move::MoveBoth { .. }));
    let wins = count(|mv| matches!(mv, Move::MoveBothWin { .. }));
    let builds = count(|mv| matches!(mv, Move::BuildBoth { .. }));
    let lone = count(|mv| matches!(mv, Move::Step { .. } | Move::BuildStill { .. }));
    assert!(
        both > 4_000 && wins > 5 && builds > 5_000 && lone > 10,
        "{both} moving both, {wins} wins, {builds} building with both, {lone} lone"
    );
    let written = |mv: Move| {
        mv.steps()
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mv: Move = "D3>D4 B3>B4".parse().unwrap();
    assert_eq!(mv.to_string(), "B3>B4 D3>D4");
    assert_eq!(written(mv), "B3 B4 D3 D4");
    let mv: Move = "C3>D3 D3>E3".parse().unwrap();
    assert_eq!(written(mv), "D3 E3 C3 D3");
    let mv: Move = "C3>B3 D3>C3#".parse().unwrap();
    assert_eq!(written(mv), "C3 B3 D3 C3");
    let mv: Move = "^D4^C4".parse().unwrap();
    assert_eq!(mv.to_string(), "^C4^D4");
    assert_eq!(written(mv), "power C4 D4");
}

/// The Stymphalians' moves: `B3 D5 E5` (the worker, where its two or three steps end, the
/// build) and `B3 D5` (a win), as a mortal's, never ending on or next to the worker's square.
#[test]
fn stymphalians_moves_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Stymphalians);
    let far = moves
        .iter()
        .filter(|mv| match mv {
            Move::Build { from, to, .. } | Move::Win { from, to } => {
                from.row()
                    .abs_diff(to.row())
                    .max(from.col().abs_diff(to.col()))
                    >= 2
            }
            _ => false,
        })
        .count();
    assert!(far > 20_000, "{far} of {} moves", moves.len());
}

/// Nemesis's trades: `B3 C3 power C4 D5` and `B3 C3 power C4 D5 E5` (the squares as
/// santorini-ai writes them), her other worker's `B3 C3 power C4 C3 D5`.
#[test]
fn nemesis_trades_walk_as_their_steps() {
    let moves = moves_at_roots_of(God::Nemesis);
    let (mut doubles, mut singles) = (0, 0);
    for mv in &moves {
        if let Move::Trade { trades, .. } = mv {
            match trades {
                [Some(_), Some(_)] => doubles += 1,
                _ => singles += 1,
            }
        }
    }
    assert!(
        doubles > 2_000 && singles > 300,
        "{doubles} double trades, {singles} single of {} moves",
        moves.len()
    );
}
