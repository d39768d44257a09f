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

use super::{Children, INNER, Kernels};
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

/// [`Kernels::count_replies`] with one move (child position) per lane, eight at a time.
///
/// Each lane holds a parent position and a move; each direction is one fixed-count shift of
/// all eight lanes (no horizontal step until the final sum): the flips by Kogge-Stone fills
/// from the lane's square through its opponent discs, then the child's mobility by the same
/// fills, `vpopcntq`, and a zero count raised to one (a pass, or a finished game, is one
/// leaf). Counting the replies without building the child positions is the bulk count of
/// Edax's perft (abulmo/edax-reversi, `perft.c`); the lane-per-child layout is ours.
#[cfg(target_feature = "avx512vpopcntdq")]
mod batched {
    use core::arch::x86_64::{
        __m512i, _mm512_and_si512, _mm512_andnot_si512, _mm512_loadu_si512, _mm512_mask_add_epi64,
        _mm512_mask_or_epi64, _mm512_maskz_loadu_epi64, _mm512_max_epu64, _mm512_or_si512,
        _mm512_popcnt_epi64, _mm512_reduce_add_epi64, _mm512_set1_epi64, _mm512_setzero_si512,
        _mm512_sllv_epi64, _mm512_srlv_epi64, _mm512_storeu_si512, _mm512_test_epi64_mask,
        _mm512_xor_si512,
    };

    use bitgames_bitboard::Direction;

    use super::INNER;
    use crate::{Children, MAX_MOVES};

    // Safe wrappers of the intrinsics used here. They can be `inline(always)` (a function
    // with `#[target_feature]` cannot), so the whole batch is one function body.
    //
    // SAFETY (every wrapper): this module is compiled only when the target has AVX-512F
    // (the `cfg` of the strategy) and AVX-512 VPOPCNTDQ (the `cfg` of the module), so
    // every CPU running it has the instructions.
    macro_rules! wrap {
        ($($name:ident($($arg:ident: $ty:ty),*) -> $out:ty = $intrinsic:ident;)+) => {$(
            #[inline(always)]
            fn $name($($arg: $ty),*) -> $out {
                // SAFETY: see above.
                unsafe { $intrinsic($($arg),*) }
            }
        )+};
    }
    wrap! {
        and(a: __m512i, b: __m512i) -> __m512i = _mm512_and_si512;
        or(a: __m512i, b: __m512i) -> __m512i = _mm512_or_si512;
        xor(a: __m512i, b: __m512i) -> __m512i = _mm512_xor_si512;
        andnot(a: __m512i, b: __m512i) -> __m512i = _mm512_andnot_si512;
        sllv(a: __m512i, count: __m512i) -> __m512i = _mm512_sllv_epi64;
        srlv(a: __m512i, count: __m512i) -> __m512i = _mm512_srlv_epi64;
        splat(word: i64) -> __m512i = _mm512_set1_epi64;
        zero() -> __m512i = _mm512_setzero_si512;
        test(a: __m512i, b: __m512i) -> u8 = _mm512_test_epi64_mask;
        mask_or(src: __m512i, k: u8, a: __m512i, b: __m512i) -> __m512i = _mm512_mask_or_epi64;
        mask_add(src: __m512i, k: u8, a: __m512i, b: __m512i) -> __m512i = _mm512_mask_add_epi64;
        popcount(a: __m512i) -> __m512i = _mm512_popcnt_epi64;
        max(a: __m512i, b: __m512i) -> __m512i = _mm512_max_epu64;
        sum(a: __m512i) -> i64 = _mm512_reduce_add_epi64;
    }

    /// The first eight words of `words`.
    #[inline(always)]
    fn load(words: &[u64]) -> __m512i {
        assert!(words.len() >= 8);
        // SAFETY: `words` has at least 8 elements (64 readable bytes); the load is
        // unaligned; the target has AVX-512F (see above).
        unsafe { _mm512_loadu_si512(words.as_ptr().cast()) }
    }

    /// The first `n` (at most eight) words of `words`, zeros in the other lanes.
    #[inline(always)]
    fn load_first(words: &[u64], n: usize) -> __m512i {
        assert!(n <= 8 && n <= words.len());
        // SAFETY: the masked load reads only the first `n` lanes, all within `words`; the
        // target has AVX-512F (see above).
        unsafe { _mm512_maskz_loadu_epi64(((1u32 << n) - 1) as u8, words.as_ptr().cast()) }
    }

    /// Writes the eight lanes to the first eight words of `words`.
    #[inline(always)]
    fn store(words: &mut [u64], bits: __m512i) {
        assert!(words.len() >= 8);
        // SAFETY: `words` has at least 8 elements (64 writable bytes); the store is
        // unaligned; the target has AVX-512F (see above).
        unsafe { _mm512_storeu_si512(words.as_mut_ptr().cast(), bits) }
    }

    /// Per direction: the bit offset of one step.
    const OFFSETS: [i32; 8] = {
        let mut offsets = [0; 8];
        let mut d = 0;
        while d < 8 {
            offsets[d] = Direction::ALL[d].offset(8);
            d += 1;
        }
        offsets
    };

    /// Every lane `steps` steps in direction `D` (a constant shift, so an immediate one).
    #[inline(always)]
    fn step<const D: usize>(bits: __m512i, steps: i32) -> __m512i {
        let offset = OFFSETS[D] * steps;
        if offset > 0 {
            sllv(bits, splat(i64::from(offset)))
        } else {
            srlv(bits, splat(i64::from(-offset)))
        }
    }

    /// Per lane: the runs of `propagator` squares reachable from `from` one step away in
    /// direction `d` and in the opposite one (`d + 4`), by fills of stride 1, 1, 2 and 2
    /// (runs of up to six discs), the stride-2 propagator computed once for both ways; the
    /// pairing is the shape of Edax's `get_moves` (abulmo/edax-reversi, `board.c`). The
    /// propagator lies inside the board both ways ([`INNER`]), which stops every shift from
    /// wrapping.
    #[inline(always)]
    fn runs<const D: usize, const E: usize>(from: __m512i, propagator: __m512i) -> [__m512i; 2] {
        let mut a = and(step::<D>(from, 1), propagator);
        let mut b = and(step::<E>(from, 1), propagator);
        a = or(a, and(propagator, step::<D>(a, 1)));
        b = or(b, and(propagator, step::<E>(b, 1)));
        let pa = and(propagator, step::<D>(propagator, 1));
        let pb = step::<E>(pa, 1);
        a = or(a, and(pa, step::<D>(a, 2)));
        b = or(b, and(pb, step::<E>(b, 2)));
        a = or(a, and(pa, step::<D>(a, 2)));
        b = or(b, and(pb, step::<E>(b, 2)));
        [a, b]
    }

    /// Per lane: the discs a move on `square` flips in direction `D` and the opposite one
    /// (`E`).
    #[inline(always)]
    fn flips<const D: usize, const E: usize>(
        player: __m512i,
        opponent: __m512i,
        square: __m512i,
    ) -> __m512i {
        let [a, b] = runs::<D, E>(square, and(opponent, splat(INNER[D] as i64)));
        let flipped = mask_or(zero(), test(step::<D>(a, 1), player), zero(), a);
        mask_or(flipped, test(step::<E>(b, 1), player), flipped, b)
    }

    /// Per lane: the mover's moves in direction `D` and the opposite one (`E`), empty
    /// squares not yet masked.
    #[inline(always)]
    fn moves<const D: usize, const E: usize>(mover: __m512i, other: __m512i) -> __m512i {
        let [a, b] = runs::<D, E>(mover, and(other, splat(INNER[D] as i64)));
        or(step::<D>(a, 1), step::<E>(b, 1))
    }

    /// Per lane: the child after the move on `square`, from its mover's side, and the
    /// mover's legal moves there.
    #[inline(always)]
    fn child(player: __m512i, opponent: __m512i, square: __m512i) -> [__m512i; 3] {
        let flipped = or(
            or(
                flips::<0, 4>(player, opponent, square),
                flips::<1, 5>(player, opponent, square),
            ),
            or(
                flips::<2, 6>(player, opponent, square),
                flips::<3, 7>(player, opponent, square),
            ),
        );
        // The child, from the side of the opponent, who moves next.
        let mover = xor(opponent, flipped);
        let other = or(or(player, flipped), square);
        let mobility = or(
            or(moves::<0, 4>(mover, other), moves::<1, 5>(mover, other)),
            or(moves::<2, 6>(mover, other), moves::<3, 7>(mover, other)),
        );
        [mover, other, andnot(or(mover, other), mobility)]
    }

    pub(super) fn count_replies(players: &[u64], opponents: &[u64], squares: &[u64]) -> u64 {
        let n = players.len().min(opponents.len()).min(squares.len());
        let one = splat(1);
        let mut total = zero();
        let mut i = 0;
        while i < n {
            let lanes = (n - i).min(8);
            let [_, _, moves] = child(
                load_first(&players[i..], lanes),
                load_first(&opponents[i..], lanes),
                load_first(&squares[i..], lanes),
            );
            // A zero count is one leaf (a pass, or a finished game).
            let replies = max(popcount(moves), one);
            total = mask_add(total, ((1u32 << lanes) - 1) as u8, total, replies);
            i += 8;
        }
        sum(total) as u64
    }

    pub(super) fn children(player: u64, opponent: u64, moves: u64, out: &mut Children) -> usize {
        let mut squares = [0u64; MAX_MOVES];
        let mut n = 0;
        let mut rest = moves;
        while rest != 0 && n < MAX_MOVES {
            squares[n] = rest & rest.wrapping_neg();
            rest &= rest - 1;
            n += 1;
        }
        let (player, opponent) = (splat(player as i64), splat(opponent as i64));
        let mut i = 0;
        while i < n {
            let [mover, other, moves] = child(player, opponent, load(&squares[i..]));
            store(&mut out.movers[i..], mover);
            store(&mut out.others[i..], other);
            store(&mut out.moves[i..], moves);
            i += 8;
        }
        n
    }
}

impl Kernels for Avx512 {
    #[cfg(target_feature = "avx512vpopcntdq")]
    #[inline]
    fn count_replies(players: &[u64], opponents: &[u64], squares: &[u64]) -> u64 {
        batched::count_replies(players, opponents, squares)
    }

    #[cfg(target_feature = "avx512vpopcntdq")]
    #[inline]
    fn children(player: u64, opponent: u64, moves: u64, children: &mut Children) -> usize {
        batched::children(player, opponent, moves, children)
    }

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
