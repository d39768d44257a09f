//! The outflank/flip line tables of [`super::Table`], indexed with BMI2 PEXT/PDEP gathers
//! instead of the portable multiply gather: a square's position in a line is its rank among
//! the line's squares, and one instruction gathers or scatters a whole line.

use bitgames_bitboard::gather::{BitGather, Bmi2Gather};

use super::Kernels;
use super::table::{legal_by_lines, line_outflanks, pext_flips};
use crate::Square;

bitgames_bitboard::strategy! {
    /// Outflank/flip tables with BMI2 PEXT/PDEP gathers (x86-64 with BMI2 only).
    pub struct TablePext: Pext, "table-pext", "outflank/flip line tables, BMI2 PEXT/PDEP gather";
}

impl Kernels for TablePext {
    fn legal_moves(player: u64, opponent: u64) -> u64 {
        legal_by_lines(player, opponent, |s, lines| {
            let below = (1u64 << s) - 1;
            lines.iter().any(|&mask| {
                let k = (mask & below).count_ones() as usize;
                let (p, o) = (
                    Bmi2Gather::pext(player, mask),
                    Bmi2Gather::pext(opponent, mask),
                );
                line_outflanks(p, o, k)
            })
        })
    }

    #[inline]
    fn flips(player: u64, opponent: u64, square: Square) -> u64 {
        pext_flips::<Bmi2Gather>(player, opponent, square)
    }
}
