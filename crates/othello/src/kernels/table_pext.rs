//! The outflank/flip line tables of [`super::Table`], indexed with BMI2 PEXT/PDEP gathers
//! instead of the portable multiply gather: a square's position in a line is its rank among
//! the line's squares, and one instruction gathers or scatters a whole line.

use bitgames_bitboard::gather::{BitGather, Bmi2Gather};

use super::Kernels;
use bitgames_tables::othello::OTHELLO_LINES;

use super::table::{candidates_that_outflank, line_outflanks, pext_count_last_flips, pext_flips};
use crate::{Bitboard, Square};

bitgames_bitboard::strategy! {
    /// Outflank/flip tables with BMI2 PEXT/PDEP gathers (x86-64 with BMI2 only).
    pub struct TablePext: Pext, "table-pext", "outflank/flip line tables, BMI2 PEXT/PDEP gather";
}

impl Kernels for TablePext {
    fn legal_moves(player: Bitboard, opponent: Bitboard) -> Bitboard {
        let (player, opponent) = (player.bits(), opponent.bits());
        candidates_that_outflank(player, opponent, |s| {
            let below = (1u64 << s) - 1;
            OTHELLO_LINES[s as usize].iter().any(|&mask| {
                let k = (mask & below).count_ones() as usize;
                let (p, o) = (
                    Bmi2Gather::pext(player, mask),
                    Bmi2Gather::pext(opponent, mask),
                );
                line_outflanks(p, o, k)
            })
        })
    }

    #[inline(always)]
    fn flips(player: Bitboard, opponent: Bitboard, square: Square) -> Bitboard {
        let flipped = pext_flips::<Bmi2Gather>(player.bits(), opponent.bits(), square);
        Bitboard::from_bits_truncate(flipped)
    }

    #[inline(always)]
    fn count_last_flips(player: Bitboard, square: Square) -> u32 {
        pext_count_last_flips::<Bmi2Gather>(player.bits(), square)
    }
}
