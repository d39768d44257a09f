//! The openings games start from: a fixed set per game, each played with both colours.

use std::collections::HashSet;

use bitgames_search::{Evaluate, Game, PositionTask};

use crate::match_game::random_opening;
use crate::othello::{self, book, symmetry};
use crate::{AnyMove, AnyPosition, Error};

/// The balance an Othello opening must have: its book score (a 9-ply search, hundredths
/// of a disc for the side to move) within this of zero.
pub const BALANCED_CENTIDISCS: i32 = 100;

/// The most plies the opening book covers (its header: positions reachable in 0..=6 plies).
const BOOK_PLIES: u32 = 6;

/// Every balanced Othello opening of `plies` plies from the start, derived from the
/// opening book: the move sequences whose final position's book score is within
/// [`BALANCED_CENTIDISCS`] of zero, one per position up to the board's 8 symmetries (the
/// first sequence in move-generation order), sorted by |score| and then by the moves'
/// text. Empty past the book's depth (6 plies).
pub fn othello_book_openings(plies: u32) -> Vec<Vec<othello::Move>> {
    fn walk(
        position: othello::Position,
        line: &mut Vec<othello::Move>,
        plies: u32,
        seen: &mut HashSet<u64>,
        found: &mut Vec<(i32, String, Vec<othello::Move>)>,
    ) {
        if line.len() == plies as usize {
            let (canonical, _) = symmetry::canonical(&position);
            if let Some(hit) = book::probe(&position)
                && hit.score.abs() <= BALANCED_CENTIDISCS
                && seen.insert(Game::hash(&canonical))
            {
                let text: Vec<String> = line.iter().map(ToString::to_string).collect();
                found.push((hit.score.abs(), text.join(" "), line.clone()));
            }
            return;
        }
        for mv in position.legal_moves() {
            line.push(mv);
            walk(position.play(mv), line, plies, seen, found);
            line.pop();
        }
    }
    if plies > BOOK_PLIES {
        return Vec::new();
    }
    let mut found = Vec::new();
    walk(
        othello::Position::start(),
        &mut Vec::new(),
        plies,
        &mut HashSet::new(),
        &mut found,
    );
    found.sort();
    found.into_iter().map(|(_, _, line)| line).collect()
}

/// The opening of game `index` (games `2k` and `2k + 1` share one, played with the colours
/// swapped):
///
/// - Othello from the start, `plies` at most 6: opening `k mod n` of
///   [`othello_book_openings`] (`n` of them);
/// - otherwise (Santorini, the Amazons, another root): `plies` uniformly random moves
///   seeded by `seed` and `k` ([`random_opening`]), the same as `bitgames match` has
///   always played.
pub fn opening(
    root: &AnyPosition,
    seed: u64,
    plies: u32,
    index: u64,
) -> Result<Vec<AnyMove>, Error> {
    if let AnyPosition::Othello(position) = root
        && *position == othello::Position::start()
    {
        let book = othello_book_openings(plies);
        if !book.is_empty() {
            let line = &book[((index / 2) % book.len() as u64) as usize];
            return Ok(line.iter().map(|&mv| AnyMove::Othello(mv)).collect());
        }
    }
    struct Random(u64, u32, u64);
    impl PositionTask for Random {
        type Output = Vec<String>;
        fn run<G: Evaluate>(self, root: G, _: &'static str) -> Vec<String> {
            random_opening(root, self.0, self.1, self.2)
                .iter()
                .map(ToString::to_string)
                .collect()
        }
    }
    let texts = root.run(None, Random(seed, plies, index))?;
    let mut position = *root;
    let mut moves = Vec::with_capacity(texts.len());
    for text in texts {
        let mv = position.parse_move(&text)?;
        position = position.play(mv)?;
        moves.push(mv);
    }
    Ok(moves)
}
