//! Flips with four directions in the four lanes of an AVX2 register, for CPUs without
//! AVX-512 (where `Avx512` takes all eight at once).

use bitgames_bitboard::Direction;
use bitgames_bitboard::gather::U64x4;

use super::{Kernels, Shift, Table, ray};
use crate::{Bitboard, Square};

bitgames_bitboard::strategy! {
    /// Flips in two halves of four lanes each, one lane a direction: towards the higher
    /// squares the first disc that is not the opponent's is the lowest set bit, so a
    /// subtraction isolates it and another marks the run below it; towards the lower
    /// squares a Kogge-Stone fill from the square through the opponent's discs finds the
    /// run, and the square beyond must be the player's. Legal moves are [`Shift`]'s (which
    /// the compiler already vectorises), the last flip counts [`Table`]'s.
    pub struct Avx2: Simd, "avx2", "four directions in four AVX2 lanes, twice: lowest-bit outflanks up, fills down";
}

/// The four directions towards higher squares, one a lane; their opposites go towards lower
/// ones, lane for lane.
const UPWARD: [Direction; 4] = [
    Direction::East,
    Direction::South,
    Direction::SouthWest,
    Direction::SouthEast,
];

/// How many squares (bits) a step of each lane moves: 1, 8, 7 and 9.
const STEPS: [u64; 4] = {
    let mut steps = [0; 4];
    let mut lane = 0;
    while lane < 4 {
        steps[lane] = UPWARD[lane].offset(8) as u64;
        lane += 1;
    }
    steps
};

/// Per square, the rays of `directions`, one a lane.
const fn rays(directions: [Direction; 4]) -> [[u64; 4]; 64] {
    let mut rays = [[0; 4]; 64];
    let mut square = 0;
    while square < 64 {
        let mut lane = 0;
        while lane < 4 {
            rays[square][lane] = ray(square, directions[lane].delta());
            lane += 1;
        }
        square += 1;
    }
    rays
}

/// The rays towards higher squares, per square.
static UP_RAYS: [[u64; 4]; 64] = rays(UPWARD);
/// The rays towards lower squares (the [`UPWARD`] directions' opposites), per square.
static DOWN_RAYS: [[u64; 4]; 64] = rays([
    UPWARD[0].opposite(),
    UPWARD[1].opposite(),
    UPWARD[2].opposite(),
    UPWARD[3].opposite(),
]);

impl Kernels for Avx2 {
    #[inline(always)]
    fn legal_moves(player: Bitboard, opponent: Bitboard) -> Bitboard {
        Shift::legal_moves(player, opponent)
    }

    #[inline(always)]
    fn flips(player: Bitboard, opponent: Bitboard, square: Square) -> Bitboard {
        let s = square.bit() as usize;
        let (player, opponent) = (U64x4::splat(player.bits()), U64x4::splat(opponent.bits()));
        let steps = U64x4::from_array(&STEPS);
        let one = U64x4::splat(1);

        // Up: ray bits grow with the distance, so the nearest non-opponent square is the
        // lowest set bit; the run is every ray square below it, if it is the player's.
        let up = U64x4::from_array(&UP_RAYS[s]);
        let open = opponent.and_not(up);
        let outflank = open & U64x4::zero().wrapping_sub(open) & player;
        let up_flips = outflank.is_zero().and_not(outflank.wrapping_sub(one) & up);

        // Down: fill from the square through the opponent's discs on the ray (1 + 1 + 2 + 4
        // steps cover the longest run, six), then look one step beyond.
        let down = U64x4::from_array(&DOWN_RAYS[s]);
        let from = U64x4::splat(square.mask());
        let run_squares = opponent & down;
        let mut run = from.shift_right_by(steps) & run_squares;
        run = run | (run.shift_right_by(steps) & run_squares);
        let steps_2 = steps.wrapping_add(steps);
        let mut pairs = run_squares & run_squares.shift_right_by(steps);
        run = run | (run.shift_right_by(steps_2) & pairs);
        pairs = pairs & pairs.shift_right_by(steps_2);
        run = run | (run.shift_right_by(steps_2.wrapping_add(steps_2)) & pairs);
        let beyond = (run | from).shift_right_by(steps) & down & player;
        let down_flips = beyond.is_zero().and_not(run);

        Bitboard::from_bits_truncate((up_flips | down_flips).reduce_or())
    }

    #[inline(always)]
    fn count_last_flips(player: Bitboard, square: Square) -> u32 {
        Table::count_last_flips(player, square)
    }
}
