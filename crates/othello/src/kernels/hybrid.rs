//! The fastest portable technique for each operation, combined.

use super::{Kernels, Shift, Table};
use crate::{Bitboard, Square};

bitgames_bitboard::strategy! {
    /// [`Shift`] legal moves with [`Table`] flips: each operation from the portable strategy
    /// that measured fastest for it (see the README). The default where AVX-512 is missing.
    pub struct Hybrid: Hybrid, "hybrid", "shift legal moves with table flips (fastest portable of each)";
}

impl Kernels for Hybrid {
    #[inline(always)]
    fn legal_moves(player: Bitboard, opponent: Bitboard) -> Bitboard {
        Shift::legal_moves(player, opponent)
    }

    #[inline(always)]
    fn flips(player: Bitboard, opponent: Bitboard, square: Square) -> Bitboard {
        Table::flips(player, opponent, square)
    }

    #[inline(always)]
    fn count_last_flips(player: Bitboard, square: Square) -> u32 {
        Table::count_last_flips(player, square)
    }
}
