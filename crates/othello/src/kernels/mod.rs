//! The hot operations, declared once in [`Kernels`], and the list of strategies.

use bitgames_bitboard::{Direction, Geometry, Othello, Strategy};

use crate::{Position, Square};

bitgames_bitboard::strategies! {
    kernels: Kernels;
    naive::Naive,
    shift::Shift,
    kogge_stone::KoggeStone,
    table::Table,
    hybrid::Hybrid,
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    table_pext::TablePext,
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
    avx512::Avx512,
}

bitgames_search::game_family!(Position, Kernels, Fastest);

pub use table::table_pext_portable;

/// The strategy positions use unless told otherwise: the one that measured fastest in perft
/// (see the README): [`Avx512`] where the target has AVX-512F, else [`Hybrid`].
#[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
pub type Fastest = Avx512;
/// The strategy positions use unless told otherwise: the one that measured fastest in perft
/// (see the README): `Avx512` where the target has AVX-512F, else [`Hybrid`].
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx512f")))]
pub type Fastest = Hybrid;

/// Othello's hot operations on a pair of bitboards: `player` (the side to move) and
/// `opponent`, bit `8 * row + col` with a1 the top-left. Every strategy gives identical
/// answers (proven by the tests).
pub trait Kernels: Strategy {
    /// The empty squares where the player may move: each outflanks at least one line of
    /// opponent discs.
    fn legal_moves(player: u64, opponent: u64) -> u64;

    /// The opponent discs a player disc placed on `square` would flip (whatever `square`
    /// holds now; for a legal move it is empty).
    fn flips(player: u64, opponent: u64, square: Square) -> u64;
}

/// Per direction: the squares an opponent disc must be on to sit *inside* a run in that
/// direction (it has a neighbour on both sides along it), from the generated edge masks.
/// Masking the opponent with it once stops every shift in the run from wrapping.
pub(crate) const INNER: [u64; 8] = {
    let edges = <Othello as Geometry>::EDGE_MASKS;
    let mut inner = [0; 8];
    let mut d = 0;
    while d < 8 {
        inner[d] = edges[d] & edges[(d + 4) % 8];
        d += 1;
    }
    inner
};

/// One step in direction `d` without any mask (callers mask).
#[inline(always)]
pub(crate) const fn shift(bits: u64, d: Direction) -> u64 {
    let offset = d.offset(8);
    if offset > 0 {
        bits << offset
    } else {
        bits >> -offset
    }
}

/// [`shift`] with the direction a constant (index into [`Direction::ALL`]), so the shift
/// amount and its sign are known at compile time in unrolled code.
#[inline(always)]
pub(crate) const fn shift_by<const D: usize>(bits: u64) -> u64 {
    shift(bits, Direction::ALL[D])
}

pub(crate) use bitgames_bitboard::all_directions;
