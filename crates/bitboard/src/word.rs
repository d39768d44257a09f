//! The integer types a bitboard can live in.

use core::fmt::{Debug, LowerHex};
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An unsigned integer used as a bit set: `u64` for boards up to 64 bits, `u128` beyond.
pub trait Word:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + LowerHex
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The empty set (generic code cannot write the literal `0`).
    const ZERO: Self;
    /// Bit 0 alone, shifted to make single-square sets.
    const ONE: Self;
    /// The width of the word in bits: the most squares a board in it can have.
    const BITS: u32;

    /// The number of set bits (squares in the set), `popcnt` where the target has it.
    fn count_ones(self) -> u32;
    /// The index of the lowest set bit, `BITS` when none is set: the first square of a set.
    fn trailing_zeros(self) -> u32;
    /// `self` with its lowest set bit cleared.
    fn clear_lowest(self) -> Self;
}

macro_rules! impl_word {
    ($($t:ty),*) => {$(
        impl Word for $t {
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;

            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }

            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }

            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
        }
    )*};
}

impl_word!(u64, u128);
