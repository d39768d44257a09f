//! [`Bitboard`]: a set of squares of one [`Geometry`].

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{Direction, Geometry, Word};

/// A set of squares of geometry `G`, one bit a square (see [`Geometry`] for the layout).
///
/// Squares are named by their bit index in `G`'s layout. Set-like methods take and return
/// values (`with`, `without`), operators are set algebra (`&` intersection, `|` union, `^`
/// symmetric difference, `-` difference, `!` complement within the board).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard<G: Geometry>(pub G::Word, PhantomData<G>);

impl<G: Geometry> Bitboard<G> {
    /// No squares.
    pub const EMPTY: Self = Self(G::Word::ZERO, PhantomData);
    /// Every square of the board.
    pub const FULL: Self = Self(G::VALID, PhantomData);

    /// The set with exactly the given bits. Padding bits are kept as given: the caller
    /// promises they are clear (see [`Bitboard::is_on_board`]).
    #[inline(always)]
    pub const fn from_bits(bits: G::Word) -> Self {
        Self(bits, PhantomData)
    }

    /// The raw bits.
    #[inline(always)]
    pub const fn bits(self) -> G::Word {
        self.0
    }

    /// The set holding only `square`.
    ///
    /// # Panics
    /// In debug builds, if `square` is not a board square.
    #[inline(always)]
    pub fn from_square(square: u32) -> Self {
        debug_assert!(
            G::is_square(square),
            "bit {square} is not a {} square",
            G::NAME
        );
        Self::from_bits(G::Word::ONE << square)
    }

    /// Whether every set bit is a board square (no padding bits).
    #[inline]
    pub fn is_on_board(self) -> bool {
        self.0 & !G::VALID == G::Word::ZERO
    }

    /// Whether bit `square` is set; `false` for any square past the word rather than a
    /// shift overflow.
    #[inline(always)]
    pub fn contains(self, square: u32) -> bool {
        square < G::Word::BITS && (self.0 >> square) & G::Word::ONE == G::Word::ONE
    }

    /// The set plus `square`.
    #[inline(always)]
    #[must_use]
    pub fn with(self, square: u32) -> Self {
        self | Self::from_square(square)
    }

    /// The set minus `square`.
    #[inline(always)]
    #[must_use]
    pub fn without(self, square: u32) -> Self {
        Self::from_bits(self.0 & !(G::Word::ONE << square))
    }

    /// Whether no square is set.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == G::Word::ZERO
    }

    /// Whether some square is set: reads better than `!is_empty()` in kernel conditions.
    #[inline(always)]
    pub fn any(self) -> bool {
        !self.is_empty()
    }

    /// Number of squares in the set.
    #[inline(always)]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The lowest square, if any.
    #[inline(always)]
    pub fn first(self) -> Option<u32> {
        self.any().then(|| self.0.trailing_zeros())
    }

    /// Whether the sets share a square.
    #[inline(always)]
    pub fn intersects(self, other: Self) -> bool {
        (self & other).any()
    }

    /// Whether every square of `self` is also in `other`.
    #[inline(always)]
    pub fn is_subset(self, other: Self) -> bool {
        (self - other).is_empty()
    }

    /// The squares in increasing bit order.
    #[inline(always)]
    pub fn iter(self) -> Squares<G> {
        Squares(self)
    }

    /// Every square moved one step in `direction`; squares that would leave the board (or
    /// wrap into another row) are dropped, using the generated per-direction edge masks.
    #[inline(always)]
    #[must_use]
    pub fn shift(self, direction: Direction) -> Self {
        let bits = self.0 & G::EDGE_MASKS[direction.index()];
        let offset = direction.offset(G::STRIDE);
        Self::from_bits(if offset >= 0 {
            bits << offset as u32
        } else {
            bits >> offset.unsigned_abs()
        })
    }

    /// The squares one king step from the set (the open neighbourhood of the whole set; a
    /// square of the set is included only if it is next to another).
    #[must_use]
    pub fn neighbours(self) -> Self {
        Direction::ALL
            .iter()
            .fold(Self::EMPTY, |acc, &d| acc | self.shift(d))
    }
}

impl<G: Geometry> IntoIterator for Bitboard<G> {
    type Item = u32;
    type IntoIter = Squares<G>;

    #[inline(always)]
    fn into_iter(self) -> Squares<G> {
        self.iter()
    }
}

impl<G: Geometry> FromIterator<u32> for Bitboard<G> {
    fn from_iter<I: IntoIterator<Item = u32>>(squares: I) -> Self {
        squares.into_iter().fold(Self::EMPTY, Self::with)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest bit first.
#[derive(Debug, Clone)]
pub struct Squares<G: Geometry>(Bitboard<G>);

impl<G: Geometry> Iterator for Squares<G> {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        let square = self.0.first()?;
        self.0 = Bitboard::from_bits(self.0.0.clear_lowest());
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.0.len(), Some(self.0.len()))
    }
}

impl<G: Geometry> ExactSizeIterator for Squares<G> {}
impl<G: Geometry> FusedIterator for Squares<G> {}

macro_rules! set_operator {
    ($trait:ident $method:ident $assign_trait:ident $assign_method:ident, |$a:ident, $b:ident| $e:expr) => {
        impl<G: Geometry> $trait for Bitboard<G> {
            type Output = Self;

            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                let ($a, $b) = (self.0, other.0);
                Self::from_bits($e)
            }
        }

        impl<G: Geometry> $assign_trait for Bitboard<G> {
            #[inline(always)]
            fn $assign_method(&mut self, other: Self) {
                *self = $trait::$method(*self, other);
            }
        }
    };
}

set_operator!(BitAnd bitand BitAndAssign bitand_assign, |a, b| a & b);
set_operator!(BitOr bitor BitOrAssign bitor_assign, |a, b| a | b);
set_operator!(BitXor bitxor BitXorAssign bitxor_assign, |a, b| a ^ b);
set_operator!(Sub sub SubAssign sub_assign, |a, b| a & !b);

impl<G: Geometry> Not for Bitboard<G> {
    type Output = Self;

    /// The complement within the board (padding bits stay clear).
    #[inline(always)]
    fn not(self) -> Self {
        Self::from_bits(!self.0 & G::VALID)
    }
}

#[cfg(test)]
mod tests {
    use quickcheck::{Gen, QuickCheck};

    use super::*;
    use crate::{Amazons, Othello, Santorini, diagram};

    #[test]
    fn set_methods() {
        let b = Bitboard::<Santorini>::EMPTY.with(8).with(40);
        assert!(b.contains(8) && b.contains(40) && !b.contains(9));
        assert_eq!(b.len(), 2);
        assert_eq!(b.without(8).iter().collect::<Vec<_>>(), vec![40]);
        assert!(b.without(8).without(40).is_empty());
        assert_eq!((!Bitboard::<Santorini>::EMPTY).len(), 25);
        assert_eq!((!Bitboard::<Amazons>::EMPTY).len(), 100);
        assert_eq!(Bitboard::<Othello>::FULL.len(), 64);
        assert!(!b.contains(200), "out-of-range squares are simply absent");
    }

    #[test]
    fn shifts_never_wrap_or_leave_the_board() {
        let corner = diagram!(Santorini;
            "*---*"
            "-----"
            "-----"
            "-----"
            "*---*"
        );
        assert_eq!(
            corner.shift(Direction::East),
            diagram!(Santorini;
                "-*---"
                "-----"
                "-----"
                "-----"
                "-*---"
            )
        );
        assert_eq!(
            corner.neighbours(),
            diagram!(Santorini;
                "-*-*-"
                "**-**"
                "-----"
                "**-**"
                "-*-*-"
            )
        );
    }

    /// Shifting by a direction is the same as moving each square by its (row, col) delta.
    fn shift_matches_coordinates<G: Geometry>(bits: Vec<u32>) -> bool {
        let set: Bitboard<G> = bits
            .iter()
            .map(|&b| b % G::INDICES)
            .filter(|&b| G::is_square(b))
            .collect();
        Direction::ALL.iter().all(|&direction| {
            let (dr, dc) = direction.delta();
            let expected: Bitboard<G> = set
                .iter()
                .filter_map(|sq| {
                    let (row, col) = G::row_col(sq)?;
                    let (row, col) = (row as i32 + dr, col as i32 + dc);
                    G::bit(u32::try_from(row).ok()?, u32::try_from(col).ok()?)
                })
                .collect();
            set.shift(direction) == expected
        })
    }

    #[test]
    fn shift_agrees_with_coordinate_arithmetic() {
        let mut qc = QuickCheck::new()
            .rng(Gen::from_size_and_seed(40, 7))
            .tests(2_000);
        qc.quickcheck(shift_matches_coordinates::<Santorini> as fn(Vec<u32>) -> bool);
        qc.quickcheck(shift_matches_coordinates::<Othello> as fn(Vec<u32>) -> bool);
        qc.quickcheck(shift_matches_coordinates::<Amazons> as fn(Vec<u32>) -> bool);
    }

    #[test]
    fn iterator_is_exact_size_and_ordered() {
        let b = Bitboard::<Amazons>::from_bits((1 << 109) | (1 << 11) | 1);
        let mut it = b.iter();
        assert_eq!(it.len(), 3);
        assert_eq!(it.next(), Some(0));
        assert_eq!(it.len(), 2);
        assert_eq!(it.collect::<Vec<_>>(), vec![11, 109]);
    }
}
