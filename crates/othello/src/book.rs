//! The opening book: a best move for every position of the first plies, up to symmetry.
//!
//! `cargo xtask book` searches every position reachable in the first few plies from the
//! start (see the header of `data/othello-book.txt` for how many and how deep) and
//! writes one line per position in canonical form ([`crate::symmetry`]: the least of the 8
//! symmetric images). `build.rs` compiles the file into a perfect-hash map ([`phf`]) keyed
//! by the Zobrist hash of the canonical position ([`Game::hash`]); each value keeps the
//! canonical discs, so a different position that happens to share the 64-bit hash is never
//! taken for a book position.
//!
//! A lookup folds the position to its canonical form, finds the entry, and maps the stored
//! move back through the inverse of the symmetry that folded it, so every one of the 8
//! images of a book position gets the corresponding move.
//!
//! ```
//! use bitgames_othello::{Position, book};
//!
//! let start = Position::start();
//! let mv = book::lookup(&start).expect("the start is in the book");
//! assert!(start.legal_moves().contains(&mv));
//! ```

use bitgames_search::Game;

use crate::symmetry::canonical;
use crate::{Bitboard, Kernels, Move, Position, Square};

/// A book entry as compiled: the canonical position and its best move (in that
/// orientation).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// Black's discs in the canonical orientation (bit `8 * row + col`).
    pub black: u64,
    /// White's discs in the canonical orientation.
    pub white: u64,
    /// The side to move, stored apart since equal discs with either side to move are
    /// different entries.
    pub white_to_move: bool,
    /// The best move's square bit, 64 for a pass.
    pub best: u8,
    /// The search score, in hundredths of a disc for the side to move (see
    /// [`crate::eval`]).
    pub score: i32,
}

impl Entry {
    /// The best move, in the canonical orientation.
    pub fn best_move(&self) -> Move {
        Square::from_bit(u32::from(self.best)).map_or(Move::Pass, Move::Play)
    }

    /// The canonical position.
    pub fn position(&self) -> Option<Position> {
        let side = if self.white_to_move {
            bitgames_search::Player::Second
        } else {
            bitgames_search::Player::First
        };
        Position::from_discs(
            Bitboard::from_bits_truncate(self.black),
            Bitboard::from_bits_truncate(self.white),
            side,
        )
    }
}

include!(concat!(env!("OUT_DIR"), "/othello_book.rs"));

/// A book move for `position` and its score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hit {
    /// The best move, in `position`'s own orientation.
    pub mv: Move,
    /// Hundredths of a disc for the side to move (the book search's score).
    pub score: i32,
}

/// The book move for `position`, if it is in the book.
pub fn lookup<S: Kernels>(position: &Position<S>) -> Option<Move> {
    probe(position).map(|hit| hit.mv)
}

/// The book move and its score for `position`, if it is in the book.
pub fn probe<S: Kernels>(position: &Position<S>) -> Option<Hit> {
    let (canon, to_canon) = canonical(position);
    let entry = find(Game::hash(&canon), &canon)?;
    Some(Hit {
        mv: to_canon.inverse().apply_move(entry.best_move()),
        score: entry.score,
    })
}

/// The entry stored under `key`, if it really is `canon` (not another position with the
/// same hash).
fn find<S: Kernels>(key: u64, canon: &Position<S>) -> Option<&'static Entry> {
    let entry = BOOK.get(&key)?;
    let (black, white) = canon.discs();
    let white_to_move = canon.side_to_move() == bitgames_search::Player::Second;
    (entry.black == black.bits()
        && entry.white == white.bits()
        && entry.white_to_move == white_to_move)
        .then_some(entry)
}

/// The number of positions in the book.
pub fn len() -> usize {
    BOOK.len()
}

/// Every entry with its key, in no particular order.
pub fn entries() -> impl Iterator<Item = (u64, &'static Entry)> {
    BOOK.entries().map(|(&key, entry)| (key, entry))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::symmetry::Symmetry;

    /// The checked-in file, read independently of build.rs.
    const FILE: &str = include_str!("../data/othello-book.txt");

    fn file_lines() -> Vec<(Position, Move, i32)> {
        FILE.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                let fields: Vec<&str> = l.split_whitespace().collect();
                let position: Position = format!("{} {}", fields[0], fields[1]).parse().unwrap();
                let mv: Move = fields[2].parse().unwrap();
                (position, mv, fields[3].parse().unwrap())
            })
            .collect()
    }

    #[test]
    fn the_map_holds_every_line_of_the_file() {
        let lines = file_lines();
        assert!(lines.len() > 1000, "{} lines", lines.len());
        assert_eq!(len(), lines.len());
        for (position, mv, score) in lines {
            assert_eq!(
                canonical(&position).0,
                position,
                "{position} is not canonical"
            );
            assert_eq!(probe(&position), Some(Hit { mv, score }), "{position}");
        }
    }

    #[test]
    fn every_book_move_is_legal_in_every_image_of_its_position() {
        for (key, entry) in entries() {
            let position = entry.position().expect("disjoint discs");
            assert_eq!(Game::hash(&position), key);
            for symmetry in Symmetry::all() {
                let image = symmetry.position(&position);
                let mv = lookup(&image).expect("every image is in the book");
                assert!(image.legal_moves().contains(&mv), "{mv} in {image}");
                // The stored move carried over by a symmetry that maps the canonical
                // position onto the image (several do when the position is symmetric).
                let carried = Symmetry::all()
                    .filter(|g| g.position(&position) == image)
                    .any(|g| g.apply_move(entry.best_move()) == mv);
                assert!(carried, "{mv} in {image}");
            }
        }
    }

    #[test]
    fn a_different_position_under_a_book_key_is_not_a_hit() {
        let (key, entry) = entries().next().expect("a non-empty book");
        let real = entry.position().unwrap();
        assert!(find(key, &real).is_some());
        // Same key, other discs or other side to move: rejected.
        let shifted = Bitboard::from_bits_truncate(entry.black << 1);
        let moved =
            Position::<crate::Fastest>::from_discs(shifted, Bitboard::EMPTY, real.side_to_move())
                .unwrap();
        assert_eq!(find(key, &moved), None);
        let other_side = real.play_unchecked(Move::Pass);
        assert_eq!(find(key, &other_side), None);
    }

    #[test]
    fn early_positions_hit_and_late_ones_miss() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(30);
        let book_plies = FILE
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| l.matches(['X', 'O']).count() - 1 - 4)
            .max()
            .unwrap();
        for _ in 0..500 {
            let plies = rng.random_range(0..=book_plies + 3);
            let mut position = Position::start();
            for _ in 0..plies {
                let moves = position.legal_moves();
                position = position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            }
            assert_eq!(
                lookup(&position).is_some(),
                plies <= book_plies,
                "{position}"
            );
        }
    }
}
