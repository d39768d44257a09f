//! Line-segment reachability tables.
//!
//! For each of the four lines through the queen's square, the line's occupancy is gathered
//! into a 10-bit word (positions past a short line's end are padded as occupied), the
//! generated `AMAZONS_LINE_REACH[k][occupancy]` gives the reachable positions, and they are
//! scattered back onto the board. The gather and scatter are PEXT and PDEP on the two 64-bit
//! halves of the board: hardware instructions where the target has BMI2, a portable bit
//! loop elsewhere (always compiled, and cross-checked by the tests on every target).

use bitgames_bitboard::gather::{BitGather, FastestGather, PortableGather};
use bitgames_tables::amazons::{AMAZONS_LINE_REACH, AMAZONS_LINE_SHAPES, AMAZONS_LINES};

use super::Kernels;
use crate::{Bitboard, Square};

bitgames_bitboard::strategy! {
    /// Line-segment reachability tables with PEXT/PDEP gathers.
    pub struct Table: Table, "table", "line-segment reach tables, PEXT/PDEP gather";
}

#[inline(always)]
fn reach<G: BitGather>(from: Square, occupied: u128) -> u128 {
    let s = from.bit() as usize;
    // The row is contiguous: a shift gathers and scatters it.
    let row_start = 11 * from.row();
    let row = (occupied >> row_start) as u64 & 0x3ff;
    let mut reach = u128::from(AMAZONS_LINE_REACH[from.col() as usize][row as usize]) << row_start;
    for d in 1..4 {
        let line = AMAZONS_LINES[s][d];
        let shape = AMAZONS_LINE_SHAPES[s][d];
        let (k, low_len, length) = (shape & 0xf, u32::from(shape >> 4 & 0xf), shape >> 8);
        let (line_lo, line_hi) = (line as u64, (line >> 64) as u64);
        let gathered = G::pext(occupied as u64, line_lo)
            | G::pext((occupied >> 64) as u64, line_hi) << low_len;
        let padded = gathered | (0x3ff & (0x3ff << length));
        let along = u64::from(AMAZONS_LINE_REACH[usize::from(k)][padded as usize]);
        reach |= u128::from(G::pdep(along, line_lo))
            | u128::from(G::pdep(along >> low_len, line_hi)) << 64;
    }
    reach
}

/// The number of squares [`reach`] would return: the four lines are disjoint apart from the
/// origin, which is never reached, so the count is the sum of the lines' counts and nothing
/// needs scattering back.
#[inline(always)]
fn mobility<G: BitGather>(from: Square, occupied: u128) -> u32 {
    let s = from.bit() as usize;
    let row = (occupied >> (11 * from.row())) as u64 & 0x3ff;
    let mut count = AMAZONS_LINE_REACH[from.col() as usize][row as usize].count_ones();
    for d in 1..4 {
        let line = AMAZONS_LINES[s][d];
        let shape = AMAZONS_LINE_SHAPES[s][d];
        let (k, low_len, length) = (shape & 0xf, u32::from(shape >> 4 & 0xf), shape >> 8);
        let gathered = G::pext(occupied as u64, line as u64)
            | G::pext((occupied >> 64) as u64, (line >> 64) as u64) << low_len;
        let padded = gathered | (0x3ff & (0x3ff << length));
        count += AMAZONS_LINE_REACH[usize::from(k)][padded as usize].count_ones();
    }
    count
}

/// [`Table`]'s queen reach through the portable PEXT/PDEP emulation, whatever the target:
/// lets the tests cross-check the fallback where the hardware path is the one compiled in.
pub fn table_portable_reach(from: Square, occupied: Bitboard) -> Bitboard {
    Bitboard::from_bits_truncate(reach::<PortableGather>(from, occupied.bits()))
}

impl Kernels for Table {
    #[inline]
    fn queen_reach(from: Square, occupied: Bitboard) -> Bitboard {
        Bitboard::from_bits_truncate(reach::<FastestGather>(from, occupied.bits()))
    }

    #[inline]
    fn queen_mobility(from: Square, occupied: Bitboard) -> u32 {
        mobility::<FastestGather>(from, occupied.bits())
    }

    /// One table lookup per source.
    #[inline]
    fn fill(sources: Bitboard, empty: Bitboard) -> Bitboard {
        let occupied = !empty.bits();
        let mut reached = 0;
        for source in sources {
            reached |= reach::<FastestGather>(source, occupied);
        }
        Bitboard::from_bits_truncate(reached & empty.bits())
    }
}
