//! Transposition-merged splitting changes no perft count, with and without symmetry
//! folding, for every board game.

use bitgames::search::{Game, perft, perft_split, split};
use bitgames::{amazons, othello, santorini};

/// Every split depth of every depth up to `max_depth`: the split total equals plain perft,
/// and so does every root move's count.
fn agrees_with_perft<G: Game>(root: &G, max_depth: u32) {
    for depth in 1..=max_depth {
        let plain: Vec<u64> = root
            .legal_moves()
            .into_iter()
            .map(|mv| perft(&root.play(mv), depth - 1))
            .collect();
        for k in 1..=depth {
            for fold in [false, true] {
                let (total, by_move) = perft_split(root, depth, k, fold, 2, |_| {}).unwrap();
                let counts: Vec<u64> = by_move.iter().map(|&(_, n)| n).collect();
                assert_eq!(
                    counts,
                    plain,
                    "{} depth {depth} split {k} fold {fold}",
                    G::NAME
                );
                assert_eq!(total, plain.iter().sum::<u64>());
            }
        }
    }
}

#[test]
fn othello_split_perft_equals_the_published_counts() {
    // Aart Bik's published table: perft 8 = 390,216; perft 9 = 3,005,288.
    let start = othello::Position::start();
    assert_eq!(
        perft_split(&start, 8, 4, true, 2, |_| {}).unwrap().0,
        390_216
    );
    assert_eq!(
        perft_split(&start, 9, 6, true, 2, |_| {}).unwrap().0,
        3_005_288
    );
    assert_eq!(
        perft_split(&start, 9, 6, false, 2, |_| {}).unwrap().0,
        3_005_288
    );
    agrees_with_perft(&start, 6);
}

#[test]
fn othello_folding_merges_symmetric_positions() {
    let start = othello::Position::start();
    // The four first moves are images of one another: one position after folding.
    assert_eq!(split(&start, 1, true).positions.len(), 1);
    assert_eq!(split(&start, 1, false).positions.len(), 4);
    let (plain, folded) = (split(&start, 6, false), split(&start, 6, true));
    assert!(folded.positions.len() * 3 < plain.positions.len());
    assert_eq!(folded.sequences(), plain.sequences());
}

#[test]
fn santorini_and_amazons_split_perft_equals_perft() {
    let santorini_root: santorini::Position =
        "0000000000000000000000000/1/mortal:B3,D3/mortal:C4,C2"
            .parse()
            .unwrap();
    agrees_with_perft(&santorini_root, 3);
    agrees_with_perft(&amazons::Position::start(), 2);
}

#[test]
fn a_finished_root_counts_as_plain_perft_does() {
    // A full board: Othello counts a finished game as one leaf at every depth.
    let full: othello::Position = format!("{} O", "X".repeat(64)).parse().unwrap();
    assert!(full.legal_moves().as_ref().is_empty());
    for k in 1..=3 {
        assert_eq!(perft_split(&full, 3, k, true, 2, |_| {}).unwrap().0, 1);
    }
    assert_eq!(perft(&full, 3), 1);
}
