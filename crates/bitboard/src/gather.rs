//! PEXT and PDEP (gather the bits under a mask into the low bits, and scatter them back):
//! BMI2 instructions where the target has them, a portable loop everywhere.
//!
//! Table-driven kernels index line tables with a gather. The portable path is always
//! compiled, so the tests can hold the hardware path to it on targets that have both.
//!
//! [`spread_bits`] goes the other way for the reinforcement-learning encodings: a 64-bit set
//! written one byte a bit (an observation plane), by an AVX-512BW masked byte broadcast, by
//! PDEP a row at a time, or by a portable multiply; each path is public for the benches, and
//! the tests hold every compiled one to the portable one.
//!
//! `U64x8` (only where the target has AVX-512F) is eight bitboards in one register, for
//! kernels that work on eight at once; `U64x4` (only where it has AVX2) is four. Every SIMD
//! intrinsic of the workspace is called in this module.

#[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
mod lanes;
#[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
pub use lanes::U64x8;
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod lanes4;
#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub use lanes4::U64x4;

/// PEXT and PDEP on 64 bits, as a type so kernels can be generic over the implementation.
pub trait BitGather {
    /// The bits of `bits` under `mask`, packed into the low bits in mask order.
    fn pext(bits: u64, mask: u64) -> u64;
    /// The low bits of `bits`, scattered to the set bits of `mask` in order.
    fn pdep(bits: u64, mask: u64) -> u64;

    /// The index of the `n`-th (0-based) set bit of `mask`, for drawing a random member of
    /// a set; `n < mask.count_ones()` (otherwise 64). A PDEP of one bit where it is fast;
    /// the portable path halves the word six times by popcount.
    #[inline(always)]
    fn nth_set_bit(mask: u64, n: u32) -> u32 {
        Self::pdep(1u64.checked_shl(n).unwrap_or(0), mask).trailing_zeros()
    }
}

/// The portable emulation: one loop iteration per mask bit.
#[derive(Debug, Clone, Copy, Default)]
pub struct PortableGather;

impl BitGather for PortableGather {
    #[inline]
    fn pext(bits: u64, mut mask: u64) -> u64 {
        let mut out = 0;
        let mut i = 0;
        while mask != 0 {
            let lowest = mask & mask.wrapping_neg();
            out |= u64::from(bits & lowest != 0) << i;
            i += 1;
            mask &= mask - 1;
        }
        out
    }

    #[inline]
    fn pdep(bits: u64, mut mask: u64) -> u64 {
        let mut out = 0;
        let mut i = 0;
        while mask != 0 {
            let lowest = mask & mask.wrapping_neg();
            if bits >> i & 1 != 0 {
                out |= lowest;
            }
            i += 1;
            mask &= mask - 1;
        }
        out
    }

    #[inline]
    fn nth_set_bit(mut mask: u64, mut n: u32) -> u32 {
        if n >= mask.count_ones() {
            return 64;
        }
        let mut base = 0;
        for width in [32u32, 16, 8, 4, 2, 1] {
            let low = mask & ((1u64 << width) - 1);
            let count = low.count_ones();
            if n >= count {
                n -= count;
                mask >>= width;
                base += width;
            } else {
                mask = low;
            }
        }
        base
    }
}

/// The BMI2 instructions (fast on Intel since Haswell and AMD since Zen 3; microcoded and
/// slow on Zen 1 and 2). Compiled only where the target has BMI2.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[derive(Debug, Clone, Copy, Default)]
pub struct Bmi2Gather;

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
impl BitGather for Bmi2Gather {
    #[inline(always)]
    fn pext(bits: u64, mask: u64) -> u64 {
        // SAFETY: BMI2 is enabled for the whole target (`cfg(target_feature = "bmi2")`).
        unsafe { core::arch::x86_64::_pext_u64(bits, mask) }
    }

    #[inline(always)]
    fn pdep(bits: u64, mask: u64) -> u64 {
        // SAFETY: as above.
        unsafe { core::arch::x86_64::_pdep_u64(bits, mask) }
    }
}

/// The fastest gather this target has: [`Bmi2Gather`] with BMI2, else [`PortableGather`].
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub type FastestGather = Bmi2Gather;
/// The fastest gather this target has: `Bmi2Gather` with BMI2, else [`PortableGather`].
#[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
pub type FastestGather = PortableGather;

/// Writes bit `i` of `bits` as `out[i]` (0 or 1) for `i` in 0..64: the fastest path this
/// target has. With AVX-512BW, `spread_bits_avx512` (the whole board in one masked byte
/// broadcast); else with BMI2, `spread_bits_pdep` (eight squares at a time by PDEP);
/// elsewhere [`spread_bits_portable`] (the CPU-specific paths exist only where the target
/// enables the feature). For writing a board's bit set as one observation plane
/// of bytes (the reinforcement-learning encodings). Panics if `out` is shorter than 64.
#[inline(always)]
pub fn spread_bits(bits: u64, out: &mut [i8]) {
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
    spread_bits_avx512(bits, out);
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "bmi2",
        not(target_feature = "avx512bw")
    ))]
    spread_bits_pdep(bits, out);
    #[cfg(not(all(
        target_arch = "x86_64",
        any(target_feature = "bmi2", target_feature = "avx512bw")
    )))]
    spread_bits_portable(bits, out);
}

/// [`spread_bits`] with AVX-512BW: the whole board is one masked byte broadcast (a 1 in every
/// byte lane whose bit is set), then one 64-byte store. Compiled only where the target has
/// AVX-512BW. Panics if `out` is shorter than 64.
#[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
#[inline(always)]
pub fn spread_bits_avx512(bits: u64, out: &mut [i8]) {
    use core::arch::x86_64::{_mm512_maskz_set1_epi8, _mm512_storeu_si512};
    let out = &mut out[..64];
    // SAFETY: AVX-512BW is enabled for the whole target (this function's `cfg`), so the
    // CPU has the instructions; `out` is 64 writable bytes (the slice above panics
    // otherwise) and the store is unaligned. Benchmark: `spread_bits` in
    // benches/benches/encoding.rs (each path, same run), and the README's vectorized
    // environment figures.
    unsafe {
        let ones = _mm512_maskz_set1_epi8(bits, 1);
        _mm512_storeu_si512(out.as_mut_ptr().cast(), ones);
    }
}

/// [`spread_bits`] with BMI2: eight squares at a time, PDEP depositing a row's eight bits into
/// the low bits of eight bytes in one instruction. Compiled only where the target has BMI2.
/// Panics if `out` is shorter than 64.
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[inline(always)]
pub fn spread_bits_pdep(bits: u64, out: &mut [i8]) {
    spread_rows(bits, out, |byte| Bmi2Gather::pdep(byte, REPLICATE));
}

/// Byte `k` of a word set: one in every byte lane.
const REPLICATE: u64 = 0x0101_0101_0101_0101;

/// [`spread_bits`] without BMI2: each byte of the board is replicated into all eight byte
/// lanes, lane `k` keeps bit `k`, and adding 0x7f to every lane carries a set bit into the
/// lane's top bit (no lane overflows: its value is 0 or a single bit). Always compiled, so
/// the tests hold the other paths to it. Panics if `out` is shorter than 64.
#[inline(always)]
pub fn spread_bits_portable(bits: u64, out: &mut [i8]) {
    const LANE_BITS: u64 = 0x8040_2010_0804_0201;
    spread_rows(bits, out, |byte| {
        let lanes = (byte.wrapping_mul(REPLICATE) & LANE_BITS).wrapping_add(0x7f7f_7f7f_7f7f_7f7f);
        (lanes >> 7) & REPLICATE
    });
}

/// Writes each row (byte) of `bits` as eight bytes of 0 or 1, spread by `spread`.
#[inline(always)]
fn spread_rows(bits: u64, out: &mut [i8], spread: impl Fn(u64) -> u64) {
    for (row, chunk) in out[..64].chunks_exact_mut(8).enumerate() {
        let ones = spread((bits >> (8 * row)) & 0xff);
        for (o, b) in chunk.iter_mut().zip(ones.to_le_bytes()) {
            *o = b as i8;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every compiled path of `spread_bits` (the dispatcher, PDEP rows, AVX-512BW) against
    /// the portable one and against the bits themselves.
    #[test]
    fn spread_bits_writes_one_byte_a_bit() {
        type Path = fn(u64, &mut [i8]);
        let paths: &[(&str, Path)] = &[
            ("fastest", spread_bits),
            #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
            ("pdep", spread_bits_pdep),
            #[cfg(all(target_arch = "x86_64", target_feature = "avx512bw"))]
            ("avx512", spread_bits_avx512),
        ];
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..1_000 {
            // SplitMix64 steps for varied boards.
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let bits = (x ^ (x >> 31)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let mut portable = [7i8; 64];
            spread_bits_portable(bits, &mut portable);
            for (i, &o) in portable.iter().enumerate() {
                assert_eq!(o, (bits >> i & 1) as i8, "bit {i} of {bits:#x}");
            }
            for &(name, path) in paths {
                let mut fast = [7i8; 64];
                path(bits, &mut fast);
                assert_eq!(fast, portable, "{name}: {bits:#x}");
            }
        }
        for &(name, path) in paths
            .iter()
            .chain(&[("portable", spread_bits_portable as Path)])
        {
            for (bits, byte) in [(u64::MAX, 1), (0, 0)] {
                // Only the first 64 bytes are written.
                let mut out = [7i8; 65];
                path(bits, &mut out);
                assert_eq!(out[..64], [byte; 64], "{name}: {bits:#x}");
                assert_eq!(out[64], 7, "{name}");
            }
        }
    }

    #[test]
    #[should_panic]
    fn spread_bits_refuses_a_short_plane() {
        spread_bits(1, &mut [0; 63]);
    }

    #[test]
    fn portable_gather_by_hand() {
        // Mask bits 1, 3 and 4; bits has 1 and 4 set: packed 0b101.
        assert_eq!(PortableGather::pext(0b1_0010, 0b1_1010), 0b101);
        assert_eq!(PortableGather::pdep(0b101, 0b1_1010), 0b1_0010);
        assert_eq!(PortableGather::pext(u64::MAX, 0), 0);
        assert_eq!(PortableGather::pdep(u64::MAX, 1 << 63), 1 << 63);
    }

    #[test]
    fn nth_set_bit_agrees_with_clearing_low_bits() {
        let masks = [
            u64::MAX,
            1,
            1 << 63,
            0x8040_2010_0804_0201,
            0xdead_beef_0123_4567,
            0xffff_0000_0000_ffff,
        ];
        for mask in masks {
            let mut rest = mask;
            for n in 0..mask.count_ones() {
                let expected = rest.trailing_zeros();
                rest &= rest - 1;
                assert_eq!(
                    FastestGather::nth_set_bit(mask, n),
                    expected,
                    "{mask:#x} {n}"
                );
                assert_eq!(
                    PortableGather::nth_set_bit(mask, n),
                    expected,
                    "{mask:#x} {n}"
                );
            }
            let past = mask.count_ones();
            assert_eq!(FastestGather::nth_set_bit(mask, past), 64, "{mask:#x}");
            assert_eq!(PortableGather::nth_set_bit(mask, past), 64, "{mask:#x}");
        }
    }

    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    #[test]
    fn hardware_gather_equals_portable_gather() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..100_000 {
            // SplitMix64 steps for arbitrary bits and masks.
            x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let (bits, mask) = (
                x.rotate_left(17) ^ x >> 7,
                x.wrapping_mul(0xbf58_476d_1ce4_e5b9),
            );
            assert_eq!(
                Bmi2Gather::pext(bits, mask),
                PortableGather::pext(bits, mask)
            );
            assert_eq!(
                Bmi2Gather::pdep(bits, mask),
                PortableGather::pdep(bits, mask)
            );
        }
    }
}
