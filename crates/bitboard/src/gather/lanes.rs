//! [`U64x8`]: eight 64-bit words in one AVX-512 register, as a safe value type.
//!
//! Kernels that work on eight bitboards at once (the eight directions of one board, or
//! eight positions) use this instead of calling intrinsics, so every `unsafe` block of the
//! workspace's SIMD lives here. It is compiled only where the target has AVX-512F, so every
//! CPU that runs it has the instructions: that is the safety argument of every block below.
//! Benchmark that justifies it: Othello's `Avx512` strategy against `Hybrid` in
//! `benches/benches/othello.rs` and `bitgames compare` (see the README).

use core::arch::x86_64::{
    __m512i, _mm512_add_epi64, _mm512_and_si512, _mm512_andnot_si512, _mm512_loadu_si512,
    _mm512_mask_add_epi64, _mm512_mask_blend_epi64, _mm512_mask_or_epi64,
    _mm512_mask_reduce_or_epi64, _mm512_maskz_loadu_epi64, _mm512_max_epu64, _mm512_or_si512,
    _mm512_reduce_add_epi64, _mm512_reduce_or_epi64, _mm512_rolv_epi64, _mm512_set1_epi64,
    _mm512_setzero_si512, _mm512_sllv_epi64, _mm512_srlv_epi64, _mm512_storeu_si512,
    _mm512_sub_epi64, _mm512_test_epi64_mask, _mm512_xor_si512,
};
use core::ops::{BitAnd, BitOr, BitXor};

use crate::{Bitboard, Geometry};

/// Eight `u64` lanes in one AVX-512 register. Operators and methods act lane by lane unless
/// their name says they reduce; a `u8` lane mask has bit `i` for lane `i`.
#[derive(Clone, Copy, Debug)]
pub struct U64x8(__m512i);

impl U64x8 {
    /// Every lane zero.
    #[inline(always)]
    pub fn zero() -> Self {
        // SAFETY: the target has AVX-512F (this module's `cfg`).
        Self(unsafe { _mm512_setzero_si512() })
    }

    /// Every lane `word`.
    #[inline(always)]
    pub fn splat(word: u64) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_set1_epi64(word as i64) })
    }

    /// Lane `i` is `words[i]`.
    #[inline(always)]
    pub fn from_array(words: &[u64; 8]) -> Self {
        // SAFETY: `words` is 64 readable bytes and the load is unaligned; the target has
        // AVX-512F.
        Self(unsafe { _mm512_loadu_si512(words.as_ptr().cast()) })
    }

    /// The lanes as an array.
    #[inline(always)]
    pub fn to_array(self) -> [u64; 8] {
        let mut words = [0; 8];
        // SAFETY: `words` is 64 writable bytes and the store is unaligned; the target has
        // AVX-512F.
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), self.0) };
        words
    }

    /// The first `n` words of `words` in lanes `0..n`, zeros in the others. Panics if `n`
    /// is over 8 or over `words.len()`.
    #[inline(always)]
    pub fn load_first(words: &[u64], n: usize) -> Self {
        assert!(n <= 8 && n <= words.len());
        // SAFETY: the masked load reads only the first `n` lanes, all inside `words`; the
        // target has AVX-512F.
        Self(unsafe { _mm512_maskz_loadu_epi64(((1u32 << n) - 1) as u8, words.as_ptr().cast()) })
    }

    /// The first `n` sets of `sets` in lanes `0..n` (their raw words), zeros in the others.
    /// Panics if `n` is over 8 or over `sets.len()`.
    #[inline(always)]
    pub fn load_sets<G: Geometry<Word = u64>>(sets: &[Bitboard<G>], n: usize) -> Self {
        assert!(n <= 8 && n <= sets.len());
        // SAFETY: `Bitboard<G>` is `repr(transparent)` over its `u64` word (the other field
        // is a zero-sized `PhantomData`), so the slice is `sets.len()` contiguous `u64`s;
        // the masked load reads only the first `n` of them; the target has AVX-512F.
        Self(unsafe { _mm512_maskz_loadu_epi64(((1u32 << n) - 1) as u8, sets.as_ptr().cast()) })
    }

    /// Writes lane `i` to `sets[i]` for the eight lanes, dropping bits outside the board
    /// (so a set's padding bits stay clear; on a board without padding the mask compiles
    /// away). Panics if `sets` is shorter than 8.
    #[inline(always)]
    pub fn store_sets<G: Geometry<Word = u64>>(self, sets: &mut [Bitboard<G>]) {
        let sets = &mut sets[..8];
        let bits = self & Self::splat(G::VALID);
        // SAFETY: `Bitboard<G>` is `repr(transparent)` over `u64` (see `load_sets`), so
        // `sets` is 64 writable bytes of `u64`s; every lane is a valid set of `G` after the
        // mask; the store is unaligned; the target has AVX-512F.
        unsafe { _mm512_storeu_si512(sets.as_mut_ptr().cast(), bits.0) };
    }

    /// `!self & other` in each lane.
    #[inline(always)]
    pub fn and_not(self, other: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_andnot_si512(self.0, other.0) })
    }

    /// Each lane rotated left by the matching lane of `counts` (mod 64).
    #[inline(always)]
    pub fn rotate_left(self, counts: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_rolv_epi64(self.0, counts.0) })
    }

    /// Each lane shifted left by `bits` (zero for 64 or more).
    #[inline(always)]
    pub fn shift_left(self, bits: u32) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_sllv_epi64(self.0, _mm512_set1_epi64(i64::from(bits))) })
    }

    /// Each lane shifted right (logically) by `bits` (zero for 64 or more).
    #[inline(always)]
    pub fn shift_right(self, bits: u32) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_srlv_epi64(self.0, _mm512_set1_epi64(i64::from(bits))) })
    }

    /// Each lane shifted right (logically) by the matching lane of `counts` (zero for 64 or
    /// more).
    #[inline(always)]
    pub fn shift_right_by(self, counts: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_srlv_epi64(self.0, counts.0) })
    }

    /// `self + other` in each lane, wrapping.
    #[inline(always)]
    pub fn wrapping_add(self, other: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_add_epi64(self.0, other.0) })
    }

    /// `self - other` in each lane, wrapping.
    #[inline(always)]
    pub fn wrapping_sub(self, other: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_sub_epi64(self.0, other.0) })
    }

    /// The number of leading zero bits of each lane (64 for zero; `vplzcntq`, so the target
    /// must also have AVX-512CD).
    #[cfg(target_feature = "avx512cd")]
    #[inline(always)]
    pub fn leading_zeros(self) -> Self {
        // SAFETY: the target has AVX-512CD (this method's `cfg`).
        Self(unsafe { core::arch::x86_64::_mm512_lzcnt_epi64(self.0) })
    }

    /// `other` in the lanes of `lanes`, `self` in the others.
    #[inline(always)]
    pub fn select(self, lanes: u8, other: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_mask_blend_epi64(lanes, self.0, other.0) })
    }

    /// The lanes where `self & other` is not zero.
    #[inline(always)]
    pub fn intersects(self, other: Self) -> u8 {
        // SAFETY: the target has AVX-512F.
        unsafe { _mm512_test_epi64_mask(self.0, other.0) }
    }

    /// `self | other` in the lanes of `lanes`, `self` in the others.
    #[inline(always)]
    pub fn or_in(self, lanes: u8, other: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_mask_or_epi64(self.0, lanes, self.0, other.0) })
    }

    /// `self + other` (wrapping) in the lanes of `lanes`, `self` in the others.
    #[inline(always)]
    pub fn add_in(self, lanes: u8, other: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_mask_add_epi64(self.0, lanes, self.0, other.0) })
    }

    /// The unsigned maximum of each pair of lanes.
    #[inline(always)]
    pub fn max(self, other: Self) -> Self {
        // SAFETY: the target has AVX-512F.
        Self(unsafe { _mm512_max_epu64(self.0, other.0) })
    }

    /// The number of set bits of each lane (`vpopcntq`; the target must also have AVX-512
    /// VPOPCNTDQ).
    #[cfg(target_feature = "avx512vpopcntdq")]
    #[inline(always)]
    pub fn count_ones(self) -> Self {
        // SAFETY: the target has AVX-512 VPOPCNTDQ (this method's `cfg`).
        Self(unsafe { core::arch::x86_64::_mm512_popcnt_epi64(self.0) })
    }

    /// The OR of the eight lanes.
    #[inline(always)]
    pub fn reduce_or(self) -> u64 {
        // SAFETY: the target has AVX-512F.
        unsafe { _mm512_reduce_or_epi64(self.0) as u64 }
    }

    /// The OR of the lanes of `lanes` (zero if none).
    #[inline(always)]
    pub fn reduce_or_in(self, lanes: u8) -> u64 {
        // SAFETY: the target has AVX-512F.
        unsafe { _mm512_mask_reduce_or_epi64(lanes, self.0) as u64 }
    }

    /// The wrapping sum of the eight lanes.
    #[inline(always)]
    pub fn reduce_add(self) -> u64 {
        // SAFETY: the target has AVX-512F.
        unsafe { _mm512_reduce_add_epi64(self.0) as u64 }
    }
}

macro_rules! lane_op {
    ($trait:ident, $method:ident, $intrinsic:ident) => {
        impl $trait for U64x8 {
            type Output = Self;

            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                // SAFETY: the target has AVX-512F.
                Self(unsafe { $intrinsic(self.0, other.0) })
            }
        }
    };
}

lane_op!(BitAnd, bitand, _mm512_and_si512);
lane_op!(BitOr, bitor, _mm512_or_si512);
lane_op!(BitXor, bitxor, _mm512_xor_si512);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Othello;

    /// Eight varied words (SplitMix64 steps), different on every call with a new `seed`.
    fn words(seed: u64) -> [u64; 8] {
        let mut x = seed;
        core::array::from_fn(|_| {
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            (x ^ (x >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
        })
    }

    /// Every operation against the same operation done lane by lane on `u64`s.
    #[test]
    fn every_operation_is_the_scalar_one_per_lane() {
        for seed in 0..200 {
            let (a, b) = (words(seed), words(seed + 1000));
            let (x, y) = (U64x8::from_array(&a), U64x8::from_array(&b));
            let lanes = (seed * 37) as u8;
            let per_lane = |f: &dyn Fn(u64, u64) -> u64| -> [u64; 8] {
                core::array::from_fn(|i| f(a[i], b[i]))
            };
            let masked = |f: &dyn Fn(u64, u64) -> u64| -> [u64; 8] {
                core::array::from_fn(|i| {
                    if lanes >> i & 1 == 1 {
                        f(a[i], b[i])
                    } else {
                        a[i]
                    }
                })
            };
            assert_eq!(x.to_array(), a);
            assert_eq!(U64x8::zero().to_array(), [0; 8]);
            assert_eq!(U64x8::splat(a[3]).to_array(), [a[3]; 8]);
            assert_eq!((x & y).to_array(), per_lane(&|p, q| p & q));
            assert_eq!((x | y).to_array(), per_lane(&|p, q| p | q));
            assert_eq!((x ^ y).to_array(), per_lane(&|p, q| p ^ q));
            assert_eq!(x.and_not(y).to_array(), per_lane(&|p, q| !p & q));
            assert_eq!(x.max(y).to_array(), per_lane(&|p, q| p.max(q)));
            assert_eq!(
                x.rotate_left(y).to_array(),
                per_lane(&|p, q| p.rotate_left((q % 64) as u32))
            );
            for bits in [0, 1, 7, 63, 64] {
                assert_eq!(
                    x.shift_left(bits).to_array(),
                    per_lane(&|p, _| p.checked_shl(bits).unwrap_or(0))
                );
                assert_eq!(
                    x.shift_right(bits).to_array(),
                    per_lane(&|p, _| p.checked_shr(bits).unwrap_or(0))
                );
            }
            let sparse = U64x8::from_array(&per_lane(&|p, q| p & q & (q >> 17)));
            let expected_test = (0..8).fold(0u8, |m, i| {
                m | (u8::from(a[i] & b[i] & (b[i] >> 17) & a[i] != 0) << i)
            });
            assert_eq!(sparse.intersects(x), expected_test);
            assert_eq!(x.or_in(lanes, y).to_array(), masked(&|p, q| p | q));
            assert_eq!(x.select(lanes, y).to_array(), masked(&|_, q| q));
            assert_eq!(
                x.wrapping_add(y).to_array(),
                per_lane(&|p, q| p.wrapping_add(q))
            );
            assert_eq!(
                x.wrapping_sub(y).to_array(),
                per_lane(&|p, q| p.wrapping_sub(q))
            );
            // Counts 0..=127, so both in-range shifts and the zero of 64 or more.
            let counts = U64x8::from_array(&b.map(|q| q % 128));
            assert_eq!(
                x.shift_right_by(counts).to_array(),
                per_lane(&|p, q| p.checked_shr((q % 128) as u32).unwrap_or(0))
            );
            #[cfg(target_feature = "avx512cd")]
            {
                // Some lanes narrowed or zeroed, so every count from 0 to 64 can occur.
                let narrow =
                    per_lane(&|p, q| p >> (q % 65).min(63) & if q % 9 == 0 { 0 } else { !0 });
                assert_eq!(
                    U64x8::from_array(&narrow).leading_zeros().to_array(),
                    narrow.map(|w| u64::from(w.leading_zeros()))
                );
            }
            assert_eq!(
                x.add_in(lanes, y).to_array(),
                masked(&|p, q| p.wrapping_add(q))
            );
            #[cfg(target_feature = "avx512vpopcntdq")]
            assert_eq!(
                x.count_ones().to_array(),
                a.map(|w| u64::from(w.count_ones()))
            );
            assert_eq!(x.reduce_or(), a.iter().fold(0, |acc, w| acc | w));
            assert_eq!(
                x.reduce_or_in(lanes),
                (0..8)
                    .filter(|i| lanes >> i & 1 == 1)
                    .fold(0, |acc, i| acc | a[i])
            );
            assert_eq!(
                x.reduce_add(),
                a.iter().fold(0u64, |acc, w| acc.wrapping_add(*w))
            );
        }
    }

    #[test]
    fn loads_and_stores_touch_only_their_lanes() {
        let a = words(7);
        for n in 0..=8 {
            let expected: [u64; 8] = core::array::from_fn(|i| if i < n { a[i] } else { 0 });
            assert_eq!(U64x8::load_first(&a[..n], n).to_array(), expected);
            let sets: Vec<Bitboard<Othello>> = a[..n]
                .iter()
                .map(|&w| Bitboard::from_bits_truncate(w))
                .collect();
            assert_eq!(U64x8::load_sets(&sets, n).to_array(), expected);
        }
        let mut sets = [Bitboard::<Othello>::EMPTY; 9];
        U64x8::from_array(&a).store_sets(&mut sets);
        assert_eq!(sets[..8].iter().map(|s| s.bits()).collect::<Vec<_>>(), a);
        assert_eq!(sets[8], Bitboard::EMPTY);
    }

    #[test]
    #[should_panic]
    fn a_load_past_the_slice_panics() {
        U64x8::load_first(&[1, 2, 3], 4);
    }
}
