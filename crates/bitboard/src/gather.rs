//! PEXT and PDEP (gather the bits under a mask into the low bits, and scatter them back):
//! BMI2 instructions where the target has them, a portable loop everywhere.
//!
//! Table-driven kernels index line tables with a gather. The portable path is always
//! compiled, so the tests can hold the hardware path to it on targets that have both.

/// PEXT and PDEP on 64 bits, as a type so kernels can be generic over the implementation.
pub trait BitGather {
    /// The bits of `bits` under `mask`, packed into the low bits in mask order.
    fn pext(bits: u64, mask: u64) -> u64;
    /// The low bits of `bits`, scattered to the set bits of `mask` in order.
    fn pdep(bits: u64, mask: u64) -> u64;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn portable_gather_by_hand() {
        // Mask bits 1, 3 and 4; bits has 1 and 4 set: packed 0b101.
        assert_eq!(PortableGather::pext(0b1_0010, 0b1_1010), 0b101);
        assert_eq!(PortableGather::pdep(0b101, 0b1_1010), 0b1_0010);
        assert_eq!(PortableGather::pext(u64::MAX, 0), 0);
        assert_eq!(PortableGather::pdep(u64::MAX, 1 << 63), 1 << 63);
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
