//! The openings games start from: a fixed set per game, each played with both colours.

use std::collections::HashSet;

use bitgames_search::{Evaluate, Game, PositionTask};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::othello::{self, book, symmetry};
use crate::{AnyMove, AnyPosition, Error};

/// The balance an Othello opening must have: its book score (a 9-ply search, hundredths
/// of a disc for the side to move) within this of zero.
pub const BALANCED_CENTIDISCS: i32 = 100;

/// How many random openings are drawn for each pair of games in Santorini and the Amazons,
/// the most balanced of them played.
pub const RANDOM_CANDIDATES: u64 = 8;

/// The most plies the opening book covers (its header: positions reachable in 0..=6 plies).
const BOOK_PLIES: u32 = 6;

/// The random opening of game `index` of a match seeded `seed`: up to `plies` uniformly
/// random moves from `root` (fewer if the game ends), the same for games `2k` and `2k + 1`
/// so that each opening is played once with each colour.
pub fn random_opening<G: Evaluate>(root: G, seed: u64, plies: u32, index: u64) -> Vec<G::Move> {
    let opening_seed = seed.wrapping_mul(1_000_003).wrapping_add(index / 2);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(opening_seed);
    let mut position = root;
    let mut moves = Vec::new();
    for _ in 0..plies {
        match position.random_move(&mut rng) {
            Some(mv) => {
                moves.push(mv);
                position = position.play(mv);
            }
            None => break,
        }
    }
    moves
}

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
            walk(position.play_unchecked(mv), line, plies, seen, found);
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
/// - otherwise (Santorini, the Amazons, another root): of [`RANDOM_CANDIDATES`] openings
///   of `plies` uniformly random moves seeded by `seed`, the draw and `k`
///   ([`random_opening`]), the one whose end our static evaluation (the game's
///   [`Evaluate`], the side to move's view) finds closest to even; ties go to the earlier
///   draw.
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
        fn run<G: Evaluate>(self, root: G) -> Vec<String> {
            let Random(seed, plies, index) = self;
            // Of a few random openings, the one our evaluation finds closest to even; a
            // finished game (not that any comes this early) is never balanced.
            let line = (0..RANDOM_CANDIDATES)
                .map(|draw| {
                    let seed = seed.wrapping_add(draw.wrapping_mul(0x9e37_79b9_7f4a_7c15));
                    let line = random_opening(root, seed, plies, index);
                    let end = line.iter().fold(root, |position, &mv| position.play(mv));
                    let imbalance = if end.outcome().is_over() {
                        u32::MAX
                    } else {
                        end.evaluate().unsigned_abs()
                    };
                    (imbalance, draw, line)
                })
                .min_by_key(|(imbalance, draw, _)| (*imbalance, *draw))
                .map(|(_, _, line)| line)
                .unwrap_or_default();
            line.iter().map(ToString::to_string).collect()
        }
    }
    let texts = root.run(
        bitgames::AnyStrategy::fastest(root.game()),
        Random(seed, plies, index),
    )?;
    let mut position = *root;
    let mut moves = Vec::with_capacity(texts.len());
    for text in texts {
        let mv = position.parse_move(&text)?;
        position = position.play(mv)?;
        moves.push(mv);
    }
    Ok(moves)
}
