//! [`U64x4`]: four 64-bit words in one AVX2 register, as a safe value type.
//!
//! The AVX2 counterpart of `U64x8`, for kernels that work on four bitboards at once
//! (four directions of one board) on CPUs without AVX-512. It is compiled only where the
//! target has AVX2, so every CPU that runs it has the instructions: that is the safety
//! argument of every block below. Benchmark that justifies it: Othello's `Avx2` strategy
//! against `Hybrid` in `benches/benches/othello.rs` and `bitgames compare` (see the README).

use core::arch::x86_64::{
    __m256i, _mm_cvtsi128_si64, _mm_or_si128, _mm_unpackhi_epi64, _mm256_add_epi64,
    _mm256_and_si256, _mm256_andnot_si256, _mm256_castsi256_si128, _mm256_cmpeq_epi64,
    _mm256_extracti128_si256, _mm256_loadu_si256, _mm256_or_si256, _mm256_set1_epi64x,
    _mm256_setzero_si256, _mm256_sllv_epi64, _mm256_srlv_epi64, _mm256_storeu_si256,
    _mm256_sub_epi64,
};
use core::ops::{BitAnd, BitOr};

/// Four `u64` lanes in one AVX2 register. Operators and methods act lane by lane unless
/// their name says they reduce.
#[derive(Clone, Copy, Debug)]
pub struct U64x4(__m256i);

impl U64x4 {
    /// Every lane zero.
    #[inline(always)]
    pub fn zero() -> Self {
        // SAFETY: the target has AVX2 (this module's `cfg`).
        Self(unsafe { _mm256_setzero_si256() })
    }

    /// Every lane `word`.
    #[inline(always)]
    pub fn splat(word: u64) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_set1_epi64x(word as i64) })
    }

    /// Lane `i` is `words[i]`.
    #[inline(always)]
    pub fn from_array(words: &[u64; 4]) -> Self {
        // SAFETY: `words` is 32 readable bytes and the load is unaligned; the target has AVX2.
        Self(unsafe { _mm256_loadu_si256(words.as_ptr().cast()) })
    }

    /// The lanes as an array.
    #[inline(always)]
    pub fn to_array(self) -> [u64; 4] {
        let mut words = [0; 4];
        // SAFETY: `words` is 32 writable bytes and the store is unaligned; the target has
        // AVX2.
        unsafe { _mm256_storeu_si256(words.as_mut_ptr().cast(), self.0) };
        words
    }

    /// `!self & other` in each lane.
    #[inline(always)]
    pub fn and_not(self, other: Self) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_andnot_si256(self.0, other.0) })
    }

    /// Each lane shifted left by the matching lane of `counts` (zero for 64 or more).
    #[inline(always)]
    pub fn shift_left_by(self, counts: Self) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_sllv_epi64(self.0, counts.0) })
    }

    /// Each lane shifted right (logically) by the matching lane of `counts` (zero for 64 or
    /// more).
    #[inline(always)]
    pub fn shift_right_by(self, counts: Self) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_srlv_epi64(self.0, counts.0) })
    }

    /// `self + other` in each lane, wrapping.
    #[inline(always)]
    pub fn wrapping_add(self, other: Self) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_add_epi64(self.0, other.0) })
    }

    /// `self - other` in each lane, wrapping.
    #[inline(always)]
    pub fn wrapping_sub(self, other: Self) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_sub_epi64(self.0, other.0) })
    }

    /// All ones in the lanes that are zero, zero in the others.
    #[inline(always)]
    pub fn is_zero(self) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_cmpeq_epi64(self.0, _mm256_setzero_si256()) })
    }

    /// The OR of the four lanes.
    #[inline(always)]
    pub fn reduce_or(self) -> u64 {
        // SAFETY: the target has AVX2.
        unsafe {
            let halves = _mm_or_si128(
                _mm256_castsi256_si128(self.0),
                _mm256_extracti128_si256::<1>(self.0),
            );
            _mm_cvtsi128_si64(_mm_or_si128(halves, _mm_unpackhi_epi64(halves, halves))) as u64
        }
    }
}

impl BitAnd for U64x4 {
    type Output = Self;

    #[inline(always)]
    fn bitand(self, other: Self) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_and_si256(self.0, other.0) })
    }
}

impl BitOr for U64x4 {
    type Output = Self;

    #[inline(always)]
    fn bitor(self, other: Self) -> Self {
        // SAFETY: the target has AVX2.
        Self(unsafe { _mm256_or_si256(self.0, other.0) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lanes_act_one_by_one_and_reduce() {
        let a = U64x4::from_array(&[1, 2, 0, u64::MAX]);
        let b = U64x4::from_array(&[3, 3, 5, 1]);
        assert_eq!((a & b).to_array(), [1, 2, 0, 1]);
        assert_eq!((a | b).to_array(), [3, 3, 5, u64::MAX]);
        assert_eq!(a.and_not(b).to_array(), [2, 1, 5, 0]);
        assert_eq!(a.wrapping_add(b).to_array(), [4, 5, 5, 0]);
        assert_eq!(
            a.wrapping_sub(b).to_array(),
            [u64::MAX - 1, u64::MAX, u64::MAX - 4, u64::MAX - 1]
        );
        assert_eq!(a.is_zero().to_array(), [0, 0, u64::MAX, 0]);
        let counts = U64x4::from_array(&[1, 63, 64, 8]);
        assert_eq!(a.shift_left_by(counts).to_array(), [2, 0, 0, u64::MAX << 8]);
        assert_eq!(
            a.shift_right_by(counts).to_array(),
            [0, 0, 0, u64::MAX >> 8]
        );
        assert_eq!(b.reduce_or(), 7);
        assert_eq!(U64x4::splat(9).to_array(), [9; 4]);
        assert_eq!(U64x4::zero().reduce_or(), 0);
    }
}
