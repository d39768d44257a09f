//! AVX-512: the eight directions in the eight 64-bit lanes of one register. Legal moves by
//! Kogge-Stone occluded fills; flips by one carry or leading-zero count per ray where the
//! target has AVX-512CD (fills otherwise).
//!
//! A shift by direction becomes one lane-wise rotate (`vprolvq`): left shifts rotate by the
//! offset, right shifts by 64 minus it. Rotated-in bits land on squares outside the
//! direction's inner mask (the same masks the scalar strategies use), so masking with the
//! inner opponent discs discards them exactly as a shift would have.

use bitgames_bitboard::Direction;
use bitgames_bitboard::gather::{FastestGather, U64x8};

use super::{Children, INNER, Kernels, ray};
use crate::{Bitboard, Square};

bitgames_bitboard::strategy! {
    /// The eight directions in SIMD lanes: fills shifted with lane-wise rotates, flips by
    /// carries and leading-zero counts (x86-64 with AVX-512F only).
    pub struct Avx512: Simd, "avx512", "eight directions in eight AVX-512 lanes: rotated fills, carry/lzcnt flips";
}

/// Per lane (direction): the rotate-left count equivalent to one step that way.
const ROTATIONS: [u64; 8] = stride(1);
/// The same rotations doubled and quadrupled, for Kogge-Stone strides 2 and 4.
const ROTATIONS_2: [u64; 8] = stride(2);
const ROTATIONS_4: [u64; 8] = stride(4);

/// Per lane (direction): the rotate-left count of `steps` steps that way.
const fn stride(steps: i32) -> [u64; 8] {
    let mut rotations = [0; 8];
    let mut d = 0;
    while d < 8 {
        rotations[d] = (Direction::ALL[d].offset(8) * steps).rem_euclid(64) as u64;
        d += 1;
    }
    rotations
}

/// Per lane: the run of inner opponent discs reachable from `from` one step away, by a
/// Kogge-Stone occluded fill (strides 1, 2, 4; see the scalar [`KoggeStone`](super::KoggeStone)).
#[inline(always)]
fn runs(from: u64, opponent: u64) -> U64x8 {
    let (r1, r2, r4) = (
        U64x8::from_array(&ROTATIONS),
        U64x8::from_array(&ROTATIONS_2),
        U64x8::from_array(&ROTATIONS_4),
    );
    let mut propagator = U64x8::splat(opponent) & U64x8::from_array(&INNER);
    let mut run = propagator & U64x8::splat(from).rotate_left(r1);
    run = run | (propagator & run.rotate_left(r1));
    propagator = propagator & propagator.rotate_left(r1);
    run = run | (propagator & run.rotate_left(r2));
    propagator = propagator & propagator.rotate_left(r2);
    run | (propagator & run.rotate_left(r4))
}

#[inline(always)]
fn legal_moves(player: u64, opponent: u64) -> u64 {
    let run = runs(player, opponent);
    let moves = run.rotate_left(U64x8::from_array(&ROTATIONS)).reduce_or();
    moves & !(player | opponent)
}

/// Per square, per lane (direction): the squares from it to the edge that way, itself
/// excluded.
static RAYS: [[u64; 8]; 64] = {
    let mut rays = [[0; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut d = 0;
        while d < 8 {
            rays[square][d] = ray(square, Direction::ALL[d].delta());
            d += 1;
        }
        square += 1;
    }
    rays
};

/// The lanes whose direction runs towards higher bits (a positive offset).
const UPWARD: u8 = {
    let mut lanes = 0;
    let mut d = 0;
    while d < 8 {
        if Direction::ALL[d].offset(8) > 0 {
            lanes |= 1 << d;
        }
        d += 1;
    }
    lanes
};

/// The discs a move on `square` flips, one ray per lane, with no fill: along each ray the
/// first square that is not the opponent's is found in one step, and the move flips what
/// lies before it when it is the player's. Towards higher bits, adding one to the ray's
/// opponent discs (every other bit set) carries up to that square; towards lower bits it is
/// the highest non-opponent square of the ray, by a leading-zero count. The carry and
/// leading-zero formulation is Toshihiko Okuhara's (Edax's AVX flips, `flip_avx512cd.c`);
/// this lane-per-direction code is ours.
#[cfg(target_feature = "avx512cd")]
#[inline(always)]
fn flips(player: u64, opponent: u64, square: u64) -> u64 {
    let ray = U64x8::from_array(&RAYS[square.trailing_zeros() as usize]);
    let opponent = U64x8::splat(opponent);
    let one = U64x8::splat(1);
    // The first non-opponent square along each ray.
    let up = (opponent | ray.and_not(U64x8::splat(!0))).wrapping_add(one);
    let down = U64x8::splat(1 << 63).shift_right_by(opponent.and_not(ray).leading_zeros());
    let outflank = down.select(UPWARD, up) & ray & U64x8::splat(player);
    // The squares strictly between the move and the outflanking disc.
    let below = outflank.wrapping_sub(one);
    let above = U64x8::zero().wrapping_sub(outflank.wrapping_add(outflank));
    (above.select(UPWARD, below) & ray).reduce_or_in(outflank.intersects(outflank))
}

/// The discs a move on `square` flips, by Kogge-Stone fills in the eight lanes (where the
/// target lacks AVX-512CD's leading-zero count).
#[cfg(not(target_feature = "avx512cd"))]
#[inline(always)]
fn flips(player: u64, opponent: u64, square: u64) -> u64 {
    let run = runs(square, opponent);
    let beyond = run.rotate_left(U64x8::from_array(&ROTATIONS));
    let outflanked = beyond.intersects(U64x8::splat(player));
    run.reduce_or_in(outflanked)
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
    use bitgames_bitboard::Direction;
    use bitgames_bitboard::gather::U64x8;

    use super::INNER;
    use crate::kernels::Children;
    use crate::{Bitboard, MAX_MOVES};

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
    fn step<const D: usize>(bits: U64x8, steps: i32) -> U64x8 {
        let offset = OFFSETS[D] * steps;
        if offset > 0 {
            bits.shift_left(offset.unsigned_abs())
        } else {
            bits.shift_right(offset.unsigned_abs())
        }
    }

    /// Per lane: the runs of `propagator` squares reachable from `from` one step away in
    /// direction `d` and in the opposite one (`d + 4`), by fills of stride 1, 1, 2 and 2
    /// (runs of up to six discs), the stride-2 propagator computed once for both ways; the
    /// pairing is the shape of Edax's `get_moves` (abulmo/edax-reversi, `board.c`). The
    /// propagator lies inside the board both ways ([`INNER`]), which stops every shift from
    /// wrapping.
    #[inline(always)]
    fn runs<const D: usize, const E: usize>(from: U64x8, propagator: U64x8) -> [U64x8; 2] {
        let mut a = step::<D>(from, 1) & propagator;
        let mut b = step::<E>(from, 1) & propagator;
        a = a | (propagator & step::<D>(a, 1));
        b = b | (propagator & step::<E>(b, 1));
        let pa = propagator & step::<D>(propagator, 1);
        let pb = step::<E>(pa, 1);
        a = a | (pa & step::<D>(a, 2));
        b = b | (pb & step::<E>(b, 2));
        a = a | (pa & step::<D>(a, 2));
        b = b | (pb & step::<E>(b, 2));
        [a, b]
    }

    /// Per lane: the discs a move on `square` flips in direction `D` and the opposite one
    /// (`E`).
    #[inline(always)]
    fn flips<const D: usize, const E: usize>(
        player: U64x8,
        opponent: U64x8,
        square: U64x8,
    ) -> U64x8 {
        let [a, b] = runs::<D, E>(square, opponent & U64x8::splat(INNER[D]));
        let flipped = U64x8::zero().or_in(step::<D>(a, 1).intersects(player), a);
        flipped.or_in(step::<E>(b, 1).intersects(player), b)
    }

    /// Per lane: the mover's moves in direction `D` and the opposite one (`E`), empty
    /// squares not yet masked.
    #[inline(always)]
    fn moves<const D: usize, const E: usize>(mover: U64x8, other: U64x8) -> U64x8 {
        let [a, b] = runs::<D, E>(mover, other & U64x8::splat(INNER[D]));
        step::<D>(a, 1) | step::<E>(b, 1)
    }

    /// Per lane: the child after the move on `square`, from its mover's side, and the
    /// mover's legal moves there.
    #[inline(always)]
    fn child(player: U64x8, opponent: U64x8, square: U64x8) -> [U64x8; 3] {
        let flipped = (flips::<0, 4>(player, opponent, square)
            | flips::<1, 5>(player, opponent, square))
            | (flips::<2, 6>(player, opponent, square) | flips::<3, 7>(player, opponent, square));
        // The child, from the side of the opponent, who moves next.
        let mover = opponent ^ flipped;
        let other = (player | flipped) | square;
        let mobility = (moves::<0, 4>(mover, other) | moves::<1, 5>(mover, other))
            | (moves::<2, 6>(mover, other) | moves::<3, 7>(mover, other));
        [mover, other, (mover | other).and_not(mobility)]
    }

    pub(super) fn count_replies(
        players: &[Bitboard],
        opponents: &[Bitboard],
        squares: &[Bitboard],
    ) -> u64 {
        let n = players.len().min(opponents.len()).min(squares.len());
        let one = U64x8::splat(1);
        let mut total = U64x8::zero();
        let mut i = 0;
        while i < n {
            let lanes = (n - i).min(8);
            let [_, _, moves] = child(
                U64x8::load_sets(&players[i..], lanes),
                U64x8::load_sets(&opponents[i..], lanes),
                U64x8::load_sets(&squares[i..], lanes),
            );
            // A zero count is one leaf (a pass, or a finished game).
            let replies = moves.count_ones().max(one);
            total = total.add_in(((1u32 << lanes) - 1) as u8, replies);
            i += 8;
        }
        total.reduce_add()
    }

    pub(super) fn children(
        player: Bitboard,
        opponent: Bitboard,
        moves: Bitboard,
        out: &mut Children,
    ) -> usize {
        let mut squares = [0u64; MAX_MOVES];
        let mut n = 0;
        for square in moves.iter().take(MAX_MOVES) {
            squares[n] = square.mask();
            n += 1;
        }
        let (player, opponent) = (U64x8::splat(player.bits()), U64x8::splat(opponent.bits()));
        let mut i = 0;
        while i < n {
            let [mover, other, moves] =
                child(player, opponent, U64x8::load_first(&squares[i..], 8));
            mover.store_sets(&mut out.movers[i..]);
            other.store_sets(&mut out.others[i..]);
            moves.store_sets(&mut out.moves[i..]);
            i += 8;
        }
        n
    }
}

impl Kernels for Avx512 {
    #[cfg(target_feature = "avx512vpopcntdq")]
    #[inline]
    fn count_replies(players: &[Bitboard], opponents: &[Bitboard], squares: &[Bitboard]) -> u64 {
        batched::count_replies(players, opponents, squares)
    }

    #[cfg(target_feature = "avx512vpopcntdq")]
    #[inline]
    fn children(
        player: Bitboard,
        opponent: Bitboard,
        moves: Bitboard,
        children: &mut Children,
    ) -> usize {
        batched::children(player, opponent, moves, children)
    }

    #[inline]
    fn legal_moves(player: Bitboard, opponent: Bitboard) -> Bitboard {
        Bitboard::from_bits_truncate(legal_moves(player.bits(), opponent.bits()))
    }

    #[inline]
    fn flips(player: Bitboard, opponent: Bitboard, square: Square) -> Bitboard {
        Bitboard::from_bits_truncate(flips(player.bits(), opponent.bits(), square.mask()))
    }

    /// Four line lookups by PEXT (the portable gather's on a target without BMI2), not
    /// lanes. In `bitgames compare`'s loop of independent calls the portable gather is
    /// quicker (2.97 against 4.74 ns a count, 2026-11-26), but in the solver, where each
    /// count waits on the move before it, PEXT was: FFO #40-#49 in 31.1 and 32.2 s against
    /// 32.4 and 33.1 s, the two builds run side by side on the two cores, then swapped.
    #[inline]
    fn count_last_flips(player: Bitboard, square: Square) -> u32 {
        super::table::pext_count_last_flips::<FastestGather>(player.bits(), square)
    }
}
