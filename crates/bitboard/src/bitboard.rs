//! [`Bitboard`]: a set of squares of one [`Geometry`].

use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{Direction, Geometry, Square, Word};

/// A set of squares of geometry `G`, one bit a square (see [`Geometry`] for the layout).
///
/// Squares are typed ([`Square<G>`]), so a padding bit or a bit past the word cannot be
/// named, and the word is private: every constructor keeps the padding bits clear, which is
/// what lets `!`, [`len`](Bitboard::len) and the iterator trust the bits. Set-like methods
/// take and return values (`with`, `without`), operators are set algebra (`&` intersection,
/// `|` union, `^` symmetric difference, `-` difference, `!` complement within the board).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Bitboard<G: Geometry>(pub(crate) G::Word, pub(crate) PhantomData<G>);

impl<G: Geometry> Bitboard<G> {
    /// No squares.
    pub const EMPTY: Self = Self(G::Word::ZERO, PhantomData);
    /// Every square of the board.
    pub const FULL: Self = Self(G::VALID, PhantomData);

    /// The set with exactly the given bits, or `None` if a padding bit (or a bit past the
    /// board) is set.
    #[inline]
    pub fn from_bits(bits: G::Word) -> Option<Self> {
        (bits & !G::VALID == G::Word::ZERO).then_some(Self(bits, PhantomData))
    }

    /// The set of the board squares among the given bits: padding bits are dropped. For
    /// kernels computing on the raw word; on a board without padding (Othello, Tower
    /// Defence) the mask compiles away.
    #[inline(always)]
    pub fn from_bits_truncate(bits: G::Word) -> Self {
        Self(bits & G::VALID, PhantomData)
    }

    /// The raw bits (padding bits always clear).
    #[inline(always)]
    pub const fn bits(self) -> G::Word {
        self.0
    }

    /// Whether `square` is in the set.
    #[inline(always)]
    pub fn contains(self, square: Square<G>) -> bool {
        self.intersects(square.into())
    }

    /// The set plus `square`.
    #[inline(always)]
    #[must_use]
    pub fn with(self, square: Square<G>) -> Self {
        self | square.into()
    }

    /// The set minus `square`.
    #[inline(always)]
    #[must_use]
    pub fn without(self, square: Square<G>) -> Self {
        self - square.into()
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

    /// The lowest square (in bit order), if any.
    #[inline(always)]
    pub fn first(self) -> Option<Square<G>> {
        self.any()
            .then(|| Square::from_set_bit(self.0.trailing_zeros()))
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
        // The edge masks keep every shifted bit on the board: no truncation needed.
        Self(
            if offset >= 0 {
                bits << offset as u32
            } else {
                bits >> offset.unsigned_abs()
            },
            PhantomData,
        )
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
    type Item = Square<G>;
    type IntoIter = Squares<G>;

    #[inline(always)]
    fn into_iter(self) -> Squares<G> {
        self.iter()
    }
}

impl<G: Geometry> FromIterator<Square<G>> for Bitboard<G> {
    fn from_iter<I: IntoIterator<Item = Square<G>>>(squares: I) -> Self {
        squares.into_iter().fold(Self::EMPTY, Self::with)
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest bit first.
#[derive(Debug, Clone)]
pub struct Squares<G: Geometry>(Bitboard<G>);

impl<G: Geometry> Iterator for Squares<G> {
    type Item = Square<G>;

    #[inline(always)]
    fn next(&mut self) -> Option<Square<G>> {
        let square = self.0.first()?;
        self.0 = Bitboard(self.0.0.clear_lowest(), PhantomData);
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
                // Set algebra of two boards' squares never sets a padding bit.
                Self($e, PhantomData)
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
        Self::from_bits_truncate(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use quickcheck::{Gen, QuickCheck};

    use super::*;
    use crate::{Amazons, Othello, Santorini, diagram};

    fn sq<G: Geometry>(name: &str) -> Square<G> {
        name.parse().unwrap()
    }

    #[test]
    fn set_methods() {
        let (b3, c3) = (sq::<Santorini>("B3"), sq::<Santorini>("C3"));
        let b = Bitboard::<Santorini>::EMPTY.with(b3).with(sq("E1"));
        assert!(b.contains(b3) && b.contains(sq("E1")) && !b.contains(c3));
        assert_eq!(b.len(), 2);
        assert_eq!(b.without(b3).iter().collect::<Vec<_>>(), vec![sq("E1")]);
        assert!(b.without(b3).without(sq("E1")).is_empty());
        assert_eq!(
            b.without(c3),
            b,
            "removing an absent square changes nothing"
        );
        assert_eq!((!Bitboard::<Santorini>::EMPTY).len(), 25);
        assert_eq!((!Bitboard::<Amazons>::EMPTY).len(), 100);
        assert_eq!(Bitboard::<Othello>::FULL.len(), 64);
    }

    #[test]
    fn padding_bits_cannot_get_in() {
        // Bit 0 of Santorini's padded layout and bit 10 (the guard column) of the Amazons'
        // are not squares: the checked constructor refuses them, truncation drops them.
        assert_eq!(Bitboard::<Santorini>::from_bits(1), None);
        assert_eq!(
            Bitboard::<Santorini>::from_bits_truncate(1),
            Bitboard::EMPTY
        );
        assert_eq!(Bitboard::<Amazons>::from_bits(1 << 10), None);
        let a10 = sq::<Amazons>("a10");
        assert_eq!(Bitboard::<Amazons>::from_bits(1), Some(a10.bitboard()));
        assert_eq!(
            Bitboard::<Amazons>::from_bits_truncate(0b111_1111_1111).len(),
            10
        );
        assert_eq!(
            Bitboard::<Othello>::from_bits(u64::MAX),
            Some(Bitboard::FULL)
        );
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
            .filter_map(|&b| Square::from_bit(b % G::INDICES))
            .collect();
        Direction::ALL.iter().all(|&direction| {
            let (dr, dc) = direction.delta();
            let expected: Bitboard<G> = set.iter().filter_map(|sq| sq.offset(dr, dc)).collect();
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
        let b = Bitboard::<Amazons>::from_bits((1 << 108) | (1 << 11) | 1).unwrap();
        let mut it = b.iter();
        assert_eq!(it.len(), 3);
        assert_eq!(it.next(), Some(sq("a10")));
        assert_eq!(it.len(), 2);
        assert_eq!(it.collect::<Vec<_>>(), vec![sq("a9"), sq("j1")]);
    }
}
