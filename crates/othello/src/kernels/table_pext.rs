//! The outflank/flip line tables of [`super::Table`], indexed with BMI2 PEXT/PDEP gathers
//! instead of the portable multiply gather: a square's position in a line is its rank among
//! the line's squares, and one instruction gathers or scatters a whole line.

use bitgames_bitboard::gather::{BitGather, Bmi2Gather};

use super::Kernels;
use bitgames_tables::neighbours::OTHELLO_NEIGHBOURS;
use bitgames_tables::othello::OTHELLO_LINES;

use super::table::{line_outflanks, pext_count_last_flips, pext_flips};
use crate::{Bitboard, Square};

bitgames_bitboard::strategy! {
    /// Outflank/flip tables with BMI2 PEXT/PDEP gathers (x86-64 with BMI2 only).
    pub struct TablePext: Pext, "table-pext", "outflank/flip line tables, BMI2 PEXT/PDEP gather";
}

impl Kernels for TablePext {
    /// The walk over candidate squares is [`super::Table`]'s, written out again: shared
    /// through an inlined closure it measured 4-10% slower in perft (2026-11-27, a loaded
    /// machine), and the kernels are the hot path.
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
            let below = (1u64 << s) - 1;
            let legal = OTHELLO_LINES[s as usize].iter().any(|&mask| {
                let k = (mask & below).count_ones() as usize;
                let (p, o) = (
                    Bmi2Gather::pext(player, mask),
                    Bmi2Gather::pext(opponent, mask),
                );
                line_outflanks(p, o, k)
            });
            if legal {
                moves |= 1 << s;
            }
        }
        Bitboard::from_bits_truncate(moves)
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
