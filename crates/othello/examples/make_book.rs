//! Writes the opening book, `crates/othello/data/othello-book.txt`: run by
//! `cargo xtask book`.
//!
//! ```text
//! cargo run --release -p bitgames-othello --no-default-features --example make_book -- OUT
//! ```
//!
//! Every position reachable in at most [`PLIES`] plies from the start is folded to its
//! canonical form (the least of its 8 symmetric images, see
//! `bitgames_othello::symmetry`) and searched by a fixed-depth ([`DEPTH`] plies) alpha-beta
//! negamax over `bitgames_othello::eval::evaluate` (the trainer's
//! `bitgames_othello::training::label::negamax` with `Model::Hand`). Each line of the output
//! is the canonical position, its best move (in the canonical orientation) and the score
//! (hundredths of a disc for the side to move). Everything is deterministic: no clock, no randomness, ties
//! go to the lowest square, so the same code always writes the same file.
//!
//! Built without the crate's `book` feature, so a broken book file cannot stop its own
//! regeneration.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::process::ExitCode;

use bitgames_othello::eval::MAX_EVAL;
use bitgames_othello::symmetry::canonical;
use bitgames_othello::training::Model;
use bitgames_othello::training::label::negamax;
use bitgames_othello::{Bitboard, Move, Position};
use bitgames_search::Player;

/// Positions up to this many plies from the start are in the book.
const PLIES: u32 = 6;
/// Each is searched this many plies deep.
const DEPTH: u32 = 9;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out] = args.as_slice() else {
        eprintln!("usage: make_book OUT");
        return ExitCode::FAILURE;
    };
    let text = book_text();
    if let Err(err) = std::fs::write(out, text) {
        eprintln!("error: writing {out}: {err}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// The canonical positions of each ply, as sorted sets of (black, white, white to move).
fn positions_by_ply() -> Vec<BTreeSet<(Bitboard, Bitboard, bool)>> {
    let key = |p: &Position| {
        let (black, white) = p.discs();
        (black, white, p.side_to_move() == Player::Second)
    };
    let from_key = |&(black, white, white_to_move): &(Bitboard, Bitboard, bool)| -> Position {
        let side = if white_to_move {
            Player::Second
        } else {
            Player::First
        };
        Position::from_discs(black, white, side).expect("disjoint discs")
    };
    let start = canonical(&Position::start()).0;
    let mut plies = vec![BTreeSet::from([key(&start)])];
    for _ in 0..PLIES {
        let mut next = BTreeSet::new();
        for position in plies.last().expect("ply 0").iter().map(from_key) {
            for mv in position.legal_moves() {
                next.insert(key(&canonical(&position.play_unchecked(mv)).0));
            }
        }
        plies.push(next);
    }
    plies
}

fn book_text() -> String {
    let plies = positions_by_ply();
    let total: usize = plies.iter().map(BTreeSet::len).sum();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "# The bitgames Othello opening book. Written by `cargo xtask book`\n\
         # (crates/othello/examples/make_book.rs); do not edit by hand.\n\
         #\n\
         # Positions: all {total} positions reachable in 0..={PLIES} plies from the start, each\n\
         # folded to its canonical form: the least of its 8 symmetric images as the pair\n\
         # (black bitboard, white bitboard), bit 8 * row + col with a1 = bit 0.\n\
         # Search: fixed-depth alpha-beta negamax, {DEPTH} plies, over\n\
         # bitgames_othello::eval::evaluate (hundredths of a disc, side to move's view).\n\
         #\n\
         # Columns: canonical position (board, side to move), best move in that orientation,\n\
         # score. Ordered by ply, then by (black, white) bitboards."
    );
    for ply in &plies {
        for &(black, white, white_to_move) in ply {
            let side = if white_to_move {
                Player::Second
            } else {
                Player::First
            };
            let position: Position = Position::from_discs(black, white, side).expect("disjoint");
            let (mv, score) = best_move(&position, DEPTH);
            let _ = writeln!(text, "{position} {mv} {score}");
        }
    }
    text
}

/// The best move at `position` by a `depth`-ply search and its score; ties go to the
/// lowest square. Each move is searched by the trainer's alpha-beta over the hand-written
/// evaluation (exact where the game ends, as `eval::evaluate` is); a score that beats the
/// best so far lies inside its window and so is exact whatever order the search tries moves
/// in, which keeps the book deterministic.
fn best_move(position: &Position, depth: u32) -> (Move, i32) {
    let mut moves: Vec<Move> = position.legal_moves().to_vec();
    moves.sort();
    let mut best = (moves[0], -MAX_EVAL - 1);
    for mv in moves {
        let score = -negamax(
            &position.play_unchecked(mv),
            depth - 1,
            -MAX_EVAL - 1,
            -best.1,
            Model::Hand,
        );
        if score > best.1 {
            best = (mv, score);
        }
    }
    best
}
