//! The eight symmetries of the board (the dihedral group of the square) and the canonical
//! form of a position under them.
//!
//! A symmetry is a composition of three reflections, applied in this order: mirror the
//! columns (a <-> h), flip the rows (1 <-> 8), transpose (swap row and column, the a1-h8
//! diagonal). The eight combinations are the eight symmetries; Othello's rules are
//! invariant under all of them, so a position and its images have the same value and
//! corresponding best moves.
//!
//! The **canonical form** of a position is the image with the smallest `(black, white)`
//! pair of bitboards, compared as unsigned integers (black first, then white), with the side
//! to move unchanged (no symmetry changes who moves). Every image of a position has the
//! same canonical form, so it is the key of the opening book.
//!
//! The bitboard versions use byte swaps, bit reversal and the classic delta-swap transpose
//! (three masked exchanges of 28, 14 and 7 bits; the idea is described on the Chess
//! Programming Wiki, "Flipping Mirroring and Rotating"); the tests check each against a
//! square-by-square mapping.

use crate::{Bitboard, Kernels, Move, Position, Square};

/// One of the eight symmetries: bit 0 mirrors the columns, bit 1 flips the rows, bit 2
/// transposes, applied in that order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Symmetry(u8);

impl Symmetry {
    /// The symmetry that changes nothing (no mirror, flip or transpose).
    pub const IDENTITY: Symmetry = Symmetry(0);
    /// Column a <-> column h (the board seen in a mirror held at its side).
    pub const COLUMN_MIRROR: Symmetry = Symmetry(Self::MIRROR);
    const MIRROR: u8 = 1;
    const FLIP: u8 = 2;
    const TRANSPOSE: u8 = 4;

    /// All eight, the identity first.
    pub fn all() -> impl ExactSizeIterator<Item = Symmetry> + Clone {
        (0..8).map(Symmetry)
    }

    /// The four rotations (the symmetries that keep the board's handedness: none, or two
    /// reflections), the identity first.
    pub fn rotations() -> impl ExactSizeIterator<Item = Symmetry> + Clone {
        [
            0,
            Self::MIRROR | Self::FLIP,
            Self::MIRROR | Self::TRANSPOSE,
            Self::FLIP | Self::TRANSPOSE,
        ]
        .into_iter()
        .map(Symmetry)
    }

    /// The symmetry that undoes this one.
    pub const fn inverse(self) -> Symmetry {
        if self.0 & Self::TRANSPOSE == 0 {
            // Mirror and flip commute and are their own inverses.
            self
        } else {
            // (T F^f M^m)^-1 = M^m F^f T = T F^m M^f: transposing swaps the roles of rows
            // and columns.
            let m = self.0 & Self::MIRROR;
            let f = (self.0 & Self::FLIP) >> 1;
            Symmetry(Self::TRANSPOSE | (m << 1) | f)
        }
    }

    /// The image of a square.
    pub fn square(self, square: Square) -> Square {
        let (mut row, mut col) = (square.row(), square.col());
        if self.0 & Self::MIRROR != 0 {
            col = 7 - col;
        }
        if self.0 & Self::FLIP != 0 {
            row = 7 - row;
        }
        if self.0 & Self::TRANSPOSE != 0 {
            (row, col) = (col, row);
        }
        Square::new(row, col).expect("a symmetry maps the board onto itself")
    }

    /// The image of a move (a pass is its own image).
    pub fn apply_move(self, mv: Move) -> Move {
        match mv {
            Move::Play(square) => Move::Play(self.square(square)),
            Move::Pass => Move::Pass,
        }
    }

    /// The image of a set of squares: every square mapped by [`Symmetry::square`].
    #[inline]
    pub fn bitboard(self, set: Bitboard) -> Bitboard {
        Bitboard::from_bits_truncate(self.word(set.bits()))
    }

    /// [`Symmetry::bitboard`] on a raw word, for the pattern evaluation's word arithmetic
    /// (and its `const` tables).
    #[inline]
    pub(crate) const fn word(self, mut bits: u64) -> u64 {
        if self.0 & Self::MIRROR != 0 {
            bits = mirror_columns(bits);
        }
        if self.0 & Self::FLIP != 0 {
            bits = bits.swap_bytes();
        }
        if self.0 & Self::TRANSPOSE != 0 {
            bits = transpose(bits);
        }
        bits
    }

    /// The image of a position (same side to move).
    pub fn position<S: Kernels>(self, position: &Position<S>) -> Position<S> {
        let (black, white) = position.discs();
        Position::from_colours(
            self.bitboard(black),
            self.bitboard(white),
            position.side_to_move(),
        )
    }
}

/// Column a <-> h, b <-> g, ...: reverse the bits of every byte (row).
#[inline]
const fn mirror_columns(bits: u64) -> u64 {
    bits.reverse_bits().swap_bytes()
}

/// Row and column swapped (bit `8r + c` to bit `8c + r`): delta swaps exchanging the
/// off-diagonal 4x4 blocks, then 2x2 blocks, then single squares.
#[inline]
const fn transpose(mut x: u64) -> u64 {
    let mut t = 0x0f0f_0f0f_0000_0000 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = 0x3333_0000_3333_0000 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = 0x5500_5500_5500_5500 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// The canonical `(black, white)` of a pair of disc sets and the symmetry that maps the
/// given discs onto it (the first such in [`Symmetry::all`] order when several do).
pub fn canonical_discs(black: Bitboard, white: Bitboard) -> (Bitboard, Bitboard, Symmetry) {
    let mut best = (black, white, Symmetry::IDENTITY);
    for symmetry in Symmetry::all().skip(1) {
        let image = (symmetry.bitboard(black), symmetry.bitboard(white));
        if image < (best.0, best.1) {
            best = (image.0, image.1, symmetry);
        }
    }
    best
}

/// The canonical form of a position and the symmetry that maps the position onto it.
pub fn canonical<S: Kernels>(position: &Position<S>) -> (Position<S>, Symmetry) {
    let (black, white) = position.discs();
    let (b, w, symmetry) = canonical_discs(black, white);
    (
        Position::from_colours(b, w, position.side_to_move()),
        symmetry,
    )
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_xoshiro::Xoshiro256PlusPlus;

    use super::*;
    use crate::random::random_position;

    fn naive_bits(symmetry: Symmetry, bits: u64) -> u64 {
        Square::all()
            .filter(|s| bits & s.mask() != 0)
            .fold(0, |acc, s| acc | symmetry.square(s).mask())
    }

    #[test]
    fn bitboard_images_match_square_by_square_mapping() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..2000 {
            let bits: u64 = rng.random();
            for symmetry in Symmetry::all() {
                assert_eq!(
                    symmetry.word(bits),
                    naive_bits(symmetry, bits),
                    "{symmetry:?}"
                );
            }
        }
    }

    #[test]
    fn the_eight_symmetries_are_distinct_and_invertible() {
        let a1 = Square::from_bit(0).unwrap();
        let b1 = Square::from_bit(1).unwrap();
        let mut images: Vec<(Square, Square)> = Symmetry::all()
            .map(|s| (s.square(a1), s.square(b1)))
            .collect();
        images.sort();
        images.dedup();
        assert_eq!(
            images.len(),
            8,
            "the images of a1, b1 tell the symmetries apart"
        );
        for symmetry in Symmetry::all() {
            for square in Square::all() {
                assert_eq!(symmetry.inverse().square(symmetry.square(square)), square);
            }
        }
        // Named cases: mirror sends a1 to h1, flip sends a1 to a8, transpose b1 to a2.
        assert_eq!(Symmetry(1).square(a1).to_string(), "h1");
        assert_eq!(Symmetry(2).square(a1).to_string(), "a8");
        assert_eq!(Symmetry(4).square(b1).to_string(), "a2");
    }

    /// A rotation keeps the turn from the bottom edge to the left edge at a corner: b1 and
    /// a2 (the squares next to a1 along each edge) go, in that order, to squares that are
    /// the next ones clockwise around the image of a1.
    #[test]
    fn the_rotations_are_the_four_that_keep_handedness() {
        let (a1, b1, a2) = (
            Square::from_bit(0).unwrap(),
            Square::from_bit(1).unwrap(),
            Square::from_bit(8).unwrap(),
        );
        let turn = |s: Symmetry| {
            let (c, x, y) = (s.square(a1), s.square(b1), s.square(a2));
            let (dx, dy) = (
                (
                    x.row() as i32 - c.row() as i32,
                    x.col() as i32 - c.col() as i32,
                ),
                (
                    y.row() as i32 - c.row() as i32,
                    y.col() as i32 - c.col() as i32,
                ),
            );
            dx.0 * dy.1 - dx.1 * dy.0
        };
        let identity = turn(Symmetry::IDENTITY);
        let rotations: Vec<Symmetry> = Symmetry::rotations().collect();
        for symmetry in Symmetry::all() {
            assert_eq!(
                turn(symmetry) == identity,
                rotations.contains(&symmetry),
                "{symmetry:?}"
            );
        }
        let corners: std::collections::BTreeSet<Square> =
            rotations.iter().map(|r| r.square(a1)).collect();
        assert_eq!(corners.len(), 4);
    }

    #[test]
    fn symmetric_positions_have_the_same_moves_and_canonical_form() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for _ in 0..500 {
            let position = random_position(&mut rng);
            let (canon, to_canon) = canonical(&position);
            assert_eq!(to_canon.position(&position), canon);
            for symmetry in Symmetry::all() {
                let image = symmetry.position(&position);
                let mut mapped: Vec<Move> = position
                    .legal_moves()
                    .iter()
                    .map(|&mv| symmetry.apply_move(mv))
                    .collect();
                let mut moves: Vec<Move> = image.legal_moves().to_vec();
                mapped.sort();
                moves.sort();
                assert_eq!(mapped, moves, "{position} under {symmetry:?}");
                assert_eq!(canonical(&image).0, canon);
                // The canonical form is the least image.
                let (b, w) = image.discs();
                let (cb, cw) = canon.discs();
                assert!((cb, cw) <= (b, w));
            }
        }
    }
}
