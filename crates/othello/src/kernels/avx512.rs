//! AVX-512: the eight directions in the eight 64-bit lanes of one register, with
//! Kogge-Stone occluded fills.
//!
//! A shift by direction becomes one lane-wise rotate (`vprolvq`): left shifts rotate by the
//! offset, right shifts by 64 minus it. Rotated-in bits land on squares outside the
//! direction's inner mask (the same masks the scalar strategies use), so masking with the
//! inner opponent discs discards them exactly as a shift would have.

use core::arch::x86_64::{
    __m512i, _mm512_and_si512, _mm512_loadu_si512, _mm512_mask_reduce_or_epi64, _mm512_or_si512,
    _mm512_reduce_or_epi64, _mm512_rolv_epi64, _mm512_set1_epi64, _mm512_test_epi64_mask,
};

use bitgames_bitboard::Direction;

use super::{INNER, Kernels};
use crate::Square;

bitgames_bitboard::strategy! {
    /// The eight directions in SIMD lanes, shifted with lane-wise rotates (x86-64 with AVX-512F
    /// only).
    pub struct Avx512: Simd, "avx512", "eight directions in eight AVX-512 lanes, lane-wise rotates";
}

/// Per lane (direction): the rotate-left count equivalent to one step that way.
const ROTATIONS: [u64; 8] = {
    let mut rotations = [0; 8];
    let mut d = 0;
    while d < 8 {
        rotations[d] = Direction::ALL[d].offset(8).rem_euclid(64) as u64;
        d += 1;
    }
    rotations
};

#[target_feature(enable = "avx512f")]
fn load(lanes: &[u64; 8]) -> __m512i {
    // SAFETY: `lanes` is 64 readable bytes; the load is unaligned.
    unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) }
}

/// The same rotations doubled and quadrupled, for Kogge-Stone strides 2 and 4.
const ROTATIONS_2: [u64; 8] = stride(2);
const ROTATIONS_4: [u64; 8] = stride(4);

const fn stride(steps: u64) -> [u64; 8] {
    let mut rotations = [0; 8];
    let mut d = 0;
    while d < 8 {
        rotations[d] = ROTATIONS[d] * steps % 64;
        d += 1;
    }
    rotations
}

/// Per lane: the run of inner opponent discs reachable from `from` one step away, by a
/// Kogge-Stone occluded fill (strides 1, 2, 4; see the scalar [`KoggeStone`](super::KoggeStone)).
#[target_feature(enable = "avx512f")]
fn runs(from: u64, opponent: u64) -> __m512i {
    let (r1, r2, r4) = (load(&ROTATIONS), load(&ROTATIONS_2), load(&ROTATIONS_4));
    let mut propagator = _mm512_and_si512(_mm512_set1_epi64(opponent as i64), load(&INNER));
    let mut run = _mm512_and_si512(
        propagator,
        _mm512_rolv_epi64(_mm512_set1_epi64(from as i64), r1),
    );
    run = _mm512_or_si512(
        run,
        _mm512_and_si512(propagator, _mm512_rolv_epi64(run, r1)),
    );
    propagator = _mm512_and_si512(propagator, _mm512_rolv_epi64(propagator, r1));
    run = _mm512_or_si512(
        run,
        _mm512_and_si512(propagator, _mm512_rolv_epi64(run, r2)),
    );
    propagator = _mm512_and_si512(propagator, _mm512_rolv_epi64(propagator, r2));
    _mm512_or_si512(
        run,
        _mm512_and_si512(propagator, _mm512_rolv_epi64(run, r4)),
    )
}

#[target_feature(enable = "avx512f")]
fn legal_moves(player: u64, opponent: u64) -> u64 {
    let run = runs(player, opponent);
    let moves = _mm512_reduce_or_epi64(_mm512_rolv_epi64(run, load(&ROTATIONS))) as u64;
    moves & !(player | opponent)
}

#[target_feature(enable = "avx512f")]
fn flips(player: u64, opponent: u64, square: u64) -> u64 {
    let run = runs(square, opponent);
    let beyond = _mm512_rolv_epi64(run, load(&ROTATIONS));
    let outflanked = _mm512_test_epi64_mask(beyond, _mm512_set1_epi64(player as i64));
    _mm512_mask_reduce_or_epi64(outflanked, run) as u64
}

impl Kernels for Avx512 {
    #[inline]
    fn legal_moves(player: u64, opponent: u64) -> u64 {
        // SAFETY: this strategy is compiled only when AVX-512F is enabled for the whole
        // target (`cfg(target_feature = "avx512f")`), so every CPU running it has it.
        unsafe { legal_moves(player, opponent) }
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
        // SAFETY: as above.
        unsafe { flips(player, opponent, square.mask()) }
    }
}
