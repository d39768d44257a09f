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

use bitgames_bitboard::{Strategy, StrategyKind};
use bitgames_tables::neighbours::OTHELLO_NEIGHBOURS;
use bitgames_tables::othello::{
    OTHELLO_COLUMN_DEPOSIT, OTHELLO_FLIPPED, OTHELLO_LINES, OTHELLO_OUTFLANK,
};

use super::Kernels;
use crate::Square;

/// Outflank/flip tables with a portable multiply gather.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Table;

impl Strategy for Table {
    const NAME: &'static str = "table";
    const KIND: StrategyKind = StrategyKind::Table;
    const IDEA: &'static str = "outflank/flip line tables, multiply gather";
}

/// The flips along one line, given the line's words and the square's position in it.
#[inline(always)]
fn line_flips(player_line: u64, opponent_line: u64, k: usize) -> u64 {
    let outflank = OTHELLO_OUTFLANK[k][((opponent_line >> 1) & 63) as usize] & player_line as u8;
    u64::from(OTHELLO_FLIPPED[k][outflank as usize])
}

/// Whether a move on position `k` outflanks anything along the line.
#[inline(always)]
fn line_outflanks(player_line: u64, opponent_line: u64, k: usize) -> bool {
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
    fn legal_moves(player: u64, opponent: u64) -> u64 {
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
        moves
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
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
        row_flips | column_flips | diagonal_flips | anti_flips
    }
}

/// The PEXT/PDEP flips computed with a portable emulation of PEXT and PDEP, so the PEXT
/// index layout (a square's rank within its line) is tested on every target.
pub fn table_pext_portable(player: u64, opponent: u64, square: Square) -> u64 {
    fn pext(bits: u64, mut mask: u64) -> u64 {
        let mut out = 0;
        let mut i = 0;
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            if bits & low != 0 {
                out |= 1 << i;
            }
            i += 1;
            mask &= mask - 1;
        }
        out
    }
    fn pdep(bits: u64, mut mask: u64) -> u64 {
        let mut out = 0;
        let mut i = 0;
        while mask != 0 {
            let low = mask & mask.wrapping_neg();
            if bits >> i & 1 != 0 {
                out |= low;
            }
            i += 1;
            mask &= mask - 1;
        }
        out
    }
    pext_flips(player, opponent, square, pext, pdep)
}

#[inline(always)]
fn pext_flips(
    player: u64,
    opponent: u64,
    square: Square,
    pext: impl Fn(u64, u64) -> u64,
    pdep: impl Fn(u64, u64) -> u64,
) -> u64 {
    let s = square.bit();
    let below = square.mask() - 1;
    OTHELLO_LINES[s as usize].iter().fold(0, |flipped, &mask| {
        let k = (mask & below).count_ones() as usize;
        flipped
            | pdep(
                line_flips(pext(player, mask), pext(opponent, mask), k),
                mask,
            )
    })
}

/// Outflank/flip tables with BMI2 PEXT/PDEP gathers (fast on Intel since Haswell and AMD
/// since Zen 3; microcoded and slow on Zen 1 and 2).
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct TablePext;

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
impl Strategy for TablePext {
    const NAME: &'static str = "table-pext";
    const KIND: StrategyKind = StrategyKind::Table;
    const IDEA: &'static str = "outflank/flip line tables, BMI2 PEXT/PDEP gather";
}

#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
impl Kernels for TablePext {
    fn legal_moves(player: u64, opponent: u64) -> u64 {
        use core::arch::x86_64::_pext_u64;
        let mut candidates = !(player | opponent);
        let mut moves = 0;
        while candidates != 0 {
            let s = candidates.trailing_zeros();
            candidates &= candidates - 1;
            if OTHELLO_NEIGHBOURS[s as usize] & opponent == 0 {
                continue;
            }
            let below = (1u64 << s) - 1;
            let legal = OTHELLO_LINES[s as usize].iter().any(|&mask| {
                let k = (mask & below).count_ones() as usize;
                // SAFETY: `_pext_u64` has no preconditions beyond BMI2, which this item's
                // `cfg(target_feature = "bmi2")` guarantees.
                let (p, o) = unsafe { (_pext_u64(player, mask), _pext_u64(opponent, mask)) };
                line_outflanks(p, o, k)
            });
            if legal {
                moves |= 1 << s;
            }
        }
        moves
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
        use core::arch::x86_64::{_pdep_u64, _pext_u64};
        // SAFETY: as above; BMI2 is enabled for this whole item.
        pext_flips(
            player,
            opponent,
            square,
            |b, m| unsafe { _pext_u64(b, m) },
            |b, m| unsafe { _pdep_u64(b, m) },
        )
    }
}
