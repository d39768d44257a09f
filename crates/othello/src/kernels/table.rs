//! Line lookups in the generated outflank/flip tables.
//!
//! For each of the four lines through a square (row, column, diagonal, anti-diagonal) the
//! line's discs are gathered into an 8-bit word, the generated `OTHELLO_OUTFLANK` table gives
//! the squares that would outflank a run of opponent discs, `OTHELLO_FLIPPED` the discs in
//! between, and the result is scattered back onto the board.
//!
//! Two gathers are implemented:
//! - portable ([`Table`]): rows are a shift; diagonals a mask and a multiply by
//!   `0x0101010101010101` (each square of a diagonal is in its own column, so the top byte
//!   collects them by column); columns a multiply by `0x0102040810204080` (which moves row `i`
//!   of the a-file to bit `56 + i` without carries) and the generated column-deposit table.
//! - PEXT/PDEP ([`TablePext`], only where the target has BMI2): one instruction each way.
//!   A square's position in a line is then its rank among the line's squares.

use bitgames_bitboard::gather::{BitGather, PortableGather};
use bitgames_tables::neighbours::OTHELLO_NEIGHBOURS;
use bitgames_tables::othello::{
    OTHELLO_COLUMN_DEPOSIT, OTHELLO_FLIPPED, OTHELLO_LAST_FLIPS, OTHELLO_LINES, OTHELLO_OUTFLANK,
};

use super::Kernels;
use crate::{Bitboard, Square};

bitgames_bitboard::strategy! {
    /// Outflank/flip tables with a portable multiply gather.
    pub struct Table: Table, "table", "outflank/flip line tables, multiply gather";
}

/// The flips along one line, given the line's words and the square's position in it.
#[inline(always)]
fn line_flips(player_line: u64, opponent_line: u64, k: usize) -> u64 {
    let outflank = OTHELLO_OUTFLANK[k][((opponent_line >> 1) & 63) as usize] & player_line as u8;
    u64::from(OTHELLO_FLIPPED[k][outflank as usize])
}

/// Whether a move on position `k` outflanks anything along the line.
#[inline(always)]
pub(super) fn line_outflanks(player_line: u64, opponent_line: u64, k: usize) -> bool {
    OTHELLO_OUTFLANK[k][((opponent_line >> 1) & 63) as usize] & player_line as u8 != 0
}

const A_FILE: u64 = 0x0101_0101_0101_0101;
const COLUMN_GATHER: u64 = 0x0102_0408_1020_4080;
const BYTE_SPREAD: u64 = 0x0101_0101_0101_0101;

#[inline(always)]
fn gather_row(bits: u64, row: u32) -> u64 {
    (bits >> (8 * row)) & 0xff
}

#[inline(always)]
fn gather_column(bits: u64, col: u32) -> u64 {
    ((bits >> col) & A_FILE).wrapping_mul(COLUMN_GATHER) >> 56
}

#[inline(always)]
fn gather_diagonal(bits: u64, mask: u64) -> u64 {
    (bits & mask).wrapping_mul(BYTE_SPREAD) >> 56
}

/// The four lines' gathered words for `bits` and a square at (row, col).
#[inline(always)]
fn portable_lines(bits: u64, row: u32, col: u32, lines: &[u64; 4]) -> [u64; 4] {
    [
        gather_row(bits, row),
        gather_column(bits, col),
        gather_diagonal(bits, lines[2]),
        gather_diagonal(bits, lines[3]),
    ]
}

impl Kernels for Table {
    /// A candidate (an empty square next to an opponent disc) is legal when one of its four
    /// lines has an outflank.
    fn legal_moves(player: Bitboard, opponent: Bitboard) -> Bitboard {
        let (player, opponent) = (player.bits(), opponent.bits());
        let mut candidates = !(player | opponent);
        let mut moves = 0;
        while candidates != 0 {
            let s = candidates.trailing_zeros();
            candidates &= candidates - 1;
            if OTHELLO_NEIGHBOURS[s as usize] & opponent == 0 {
                continue;
            }
            let (row, col) = (s / 8, s % 8);
            let lines = &OTHELLO_LINES[s as usize];
            let p = portable_lines(player, row, col, lines);
            let o = portable_lines(opponent, row, col, lines);
            let k = [col, row, col, col].map(|k| k as usize);
            if (0..4).any(|l| line_outflanks(p[l], o[l], k[l])) {
                moves |= 1 << s;
            }
        }
        Bitboard::from_bits_truncate(moves)
    }

    #[inline(always)]
    fn flips(player: Bitboard, opponent: Bitboard, square: Square) -> Bitboard {
        let (player, opponent) = (player.bits(), opponent.bits());
        let s = square.bit();
        let (row, col) = (s / 8, s % 8);
        let lines = &OTHELLO_LINES[s as usize];
        let p = portable_lines(player, row, col, lines);
        let o = portable_lines(opponent, row, col, lines);
        let (r, c) = (row as usize, col as usize);
        let row_flips = line_flips(p[0], o[0], c) << (8 * row);
        let column_flips = OTHELLO_COLUMN_DEPOSIT[line_flips(p[1], o[1], r) as usize] << col;
        let diagonal_flips = line_flips(p[2], o[2], c).wrapping_mul(BYTE_SPREAD) & lines[2];
        let anti_flips = line_flips(p[3], o[3], c).wrapping_mul(BYTE_SPREAD) & lines[3];
        Bitboard::from_bits_truncate(row_flips | column_flips | diagonal_flips | anti_flips)
    }

    /// Each line's count looked up by the mover's discs on it, gathered portably (a
    /// square's position in each gathered line is its row or column, as for flips).
    #[inline(always)]
    fn count_last_flips(player: Bitboard, square: Square) -> u32 {
        let s = square.bit();
        let (row, col) = (s / 8, s % 8);
        let p = portable_lines(player.bits(), row, col, &OTHELLO_LINES[s as usize]);
        let k = [col, row, col, col];
        (0..4)
            .map(|l| u32::from(OTHELLO_LAST_FLIPS[k[l] as usize][p[l] as usize]))
            .sum()
    }
}

/// The PEXT/PDEP flips computed with the portable emulation of PEXT and PDEP, so the PEXT
/// index layout (a square's rank within its line) is tested on every target.
pub fn table_pext_portable(player: Bitboard, opponent: Bitboard, square: Square) -> Bitboard {
    Bitboard::from_bits_truncate(pext_flips::<PortableGather>(
        player.bits(),
        opponent.bits(),
        square,
    ))
}

/// [`Kernels::count_last_flips`] by `G`'s PEXT: each line's count looked up by the mover's
/// discs on it, a square's position in a line being its rank among the line's squares.
#[cfg_attr(
    not(any(target_feature = "bmi2", target_feature = "avx512f")),
    allow(dead_code)
)]
#[inline(always)]
pub(super) fn pext_count_last_flips<G: BitGather>(player: u64, square: Square) -> u32 {
    let below = square.mask() - 1;
    OTHELLO_LINES[square.bit() as usize]
        .iter()
        .map(|&mask| {
            let k = (mask & below).count_ones() as usize;
            u32::from(OTHELLO_LAST_FLIPS[k][G::pext(player, mask) as usize])
        })
        .sum()
}

/// The flips of a disc on `square`: each of its lines gathered with `G`'s PEXT, looked up,
/// and scattered back with `G`'s PDEP.
#[inline(always)]
pub(super) fn pext_flips<G: BitGather>(player: u64, opponent: u64, square: Square) -> u64 {
    let s = square.bit();
    let below = square.mask() - 1;
    OTHELLO_LINES[s as usize].iter().fold(0, |flipped, &mask| {
        let k = (mask & below).count_ones() as usize;
        flipped
            | G::pdep(
                line_flips(G::pext(player, mask), G::pext(opponent, mask), k),
                mask,
            )
    })
}
