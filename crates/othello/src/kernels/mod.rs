//! The hot operations, declared once in [`Kernels`], and the list of strategies: what
//! someone writing or testing a strategy needs ([`Children`], [`StrategyTask`],
//! [`for_each_strategy`], the portable half of `TablePext`). A user who only plays the game
//! needs the crate root: [`Position`], its default strategy and [`StrategyId`].

use bitgames_bitboard::{Direction, Geometry, Othello, Strategy};

use crate::square::square_at;
use crate::{Bitboard, MAX_MOVES, Position, Square};

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
mod avx2;
#[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
mod avx512;
mod hybrid;
mod kogge_stone;
mod naive;
mod shift;
mod table;
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
mod table_pext;

#[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
pub use avx2::Avx2;
#[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
pub use avx512::Avx512;
pub use hybrid::Hybrid;
pub use kogge_stone::KoggeStone;
pub use naive::Naive;
pub use shift::Shift;
pub use table::Table;
pub use table::table_pext_portable;
#[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
pub use table_pext::TablePext;

bitgames_bitboard::strategies! {
    game: "othello";
    kernels: Kernels;
    fastest: Fastest;
    position: Position, task: bitgames_search::PositionTask;
    Naive,
    Shift,
    KoggeStone,
    Table,
    Hybrid,
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    TablePext,
    #[cfg(all(target_arch = "x86_64", target_feature = "avx2"))]
    Avx2,
    #[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
    Avx512,
}

/// The strategy positions use unless told otherwise: the one that measured fastest in perft
/// (see the README): [`Avx512`] where the target has AVX-512F, else `Avx2` where it has
/// AVX2, else [`Hybrid`].
#[cfg(all(target_arch = "x86_64", target_feature = "avx512f"))]
pub type Fastest = Avx512;
/// The strategy positions use unless told otherwise: the one that measured fastest (see the
/// README): `Avx512` where the target has AVX-512F, else [`Avx2`] where it has AVX2.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    not(target_feature = "avx512f")
))]
pub type Fastest = Avx2;
/// The strategy positions use unless told otherwise: the one that measured fastest in perft
/// (see the README): `Avx512` where the target has AVX-512F, `Avx2` where it has AVX2, else
/// [`Hybrid`].
#[cfg(not(all(target_arch = "x86_64", target_feature = "avx2")))]
pub type Fastest = Hybrid;

/// Othello's hot operations on a pair of disc sets: `player` (the side to move) and
/// `opponent`. Every strategy gives identical answers (proven by the tests).
///
/// The sets are typed ([`Bitboard`]); a strategy computes on their raw words (bit
/// `8 * row + col`, a1 the top-left) between [`Bitboard::bits`] and
/// [`Bitboard::from_bits_truncate`], which cost nothing on a board without padding bits.
pub trait Kernels: Strategy {
    /// The empty squares where the player may move: each outflanks at least one line of
    /// opponent discs.
    fn legal_moves(player: Bitboard, opponent: Bitboard) -> Bitboard;

    /// The opponent discs a player disc placed on `square` would flip (whatever `square`
    /// holds now; for a legal move it is empty).
    fn flips(player: Bitboard, opponent: Bitboard, square: Square) -> Bitboard;

    /// The number of discs a move on `square` flips when `square` is the only empty one:
    /// `player`'s discs are the mover's and every other square the opponent's (whether
    /// `player` holds `square` does not matter). An endgame's last empty square asks
    /// nothing more: the final score follows from this count and the disc counts. The
    /// default counts [`Kernels::flips`]; the table strategies look the four lines up in
    /// the generated `OTHELLO_LAST_FLIPS` (one lookup per line, no flips built).
    #[inline]
    fn count_last_flips(player: Bitboard, square: Square) -> u32 {
        let player = player.without(square);
        Self::flips(player, !player.with(square), square).len() as u32
    }

    /// Perft's last two plies, many moves at once: for each `i`, the number of legal replies
    /// after the side to move of (`players[i]`, `opponents[i]`) plays on the one square of
    /// `squares[i]` (a legal move), a count of zero counting as one (a forced pass is one
    /// move, a finished game one leaf); summed. The three slices have one length. The
    /// children are never built as positions. The default makes each move with
    /// [`Kernels::flips`] and counts with [`Kernels::legal_moves`]; strategies may work on
    /// several moves at once.
    #[inline]
    fn count_replies(players: &[Bitboard], opponents: &[Bitboard], squares: &[Bitboard]) -> u64 {
        count_replies_one_by_one::<Self>(players, opponents, squares)
    }

    /// Makes every move of `moves` (legal moves of `player`), in square order: child `i`
    /// is (`children.movers[i]`, `children.others[i]`), from the side of its mover (the
    /// opponent, who moves next), and `children.moves[i]` is the mover's legal moves there.
    /// Returns the number of children. The default makes each move with
    /// [`Kernels::flips`] and [`Kernels::legal_moves`]; strategies may work on several
    /// moves at once.
    #[inline]
    fn children(
        player: Bitboard,
        opponent: Bitboard,
        moves: Bitboard,
        children: &mut Children,
    ) -> usize {
        children_one_by_one::<Self>(player, opponent, moves, children)
    }
}

/// [`Kernels`] on raw words, for the code that computes on `u64` disc sets throughout: the
/// endgame solver and the evaluations (quadrant masks, neighbour tables and pattern indices
/// are word arithmetic). Implemented for every strategy; each call is the typed kernel
/// between [`Bitboard::from_bits_truncate`] and [`Bitboard::bits`], which cost nothing on a
/// board without padding bits.
pub(crate) trait KernelsOnWords: Kernels {
    /// [`Kernels::legal_moves`] on words.
    #[inline(always)]
    fn legal_moves_word(player: u64, opponent: u64) -> u64 {
        Self::legal_moves(
            Bitboard::from_bits_truncate(player),
            Bitboard::from_bits_truncate(opponent),
        )
        .bits()
    }

    /// [`Kernels::count_last_flips`] on words.
    #[inline(always)]
    fn count_last_flips_word(player: u64, square: Square) -> u32 {
        Self::count_last_flips(Bitboard::from_bits_truncate(player), square)
    }

    /// [`Kernels::flips`] on words.
    #[inline(always)]
    fn flips_word(player: u64, opponent: u64, square: Square) -> u64 {
        Self::flips(
            Bitboard::from_bits_truncate(player),
            Bitboard::from_bits_truncate(opponent),
            square,
        )
        .bits()
    }
}

impl<S: Kernels> KernelsOnWords for S {}

/// The children of a position ([`Kernels::children`]) as parallel arrays, with room for
/// every move of any position.
#[derive(Debug, Clone)]
pub struct Children {
    /// Each child's side to move's discs (the parent's opponent, after the flips).
    pub movers: [Bitboard; MAX_MOVES],
    /// Each child's other discs (the parent's mover, with the new disc and the flips).
    pub others: [Bitboard; MAX_MOVES],
    /// Each child's legal moves (of `movers[i]`).
    pub moves: [Bitboard; MAX_MOVES],
}

impl Default for Children {
    fn default() -> Self {
        Children {
            movers: [Bitboard::EMPTY; MAX_MOVES],
            others: [Bitboard::EMPTY; MAX_MOVES],
            moves: [Bitboard::EMPTY; MAX_MOVES],
        }
    }
}

/// [`Kernels::children`] one move at a time with `S`'s flips and legal moves.
#[inline(always)]
pub(crate) fn children_one_by_one<S: Kernels>(
    player: Bitboard,
    opponent: Bitboard,
    moves: Bitboard,
    children: &mut Children,
) -> usize {
    let mut n = 0;
    for square in moves.iter().take(MAX_MOVES) {
        let flipped = S::flips(player, opponent, square);
        let (mover, other) = (opponent ^ flipped, player | flipped | square.bitboard());
        children.movers[n] = mover;
        children.others[n] = other;
        children.moves[n] = S::legal_moves(mover, other);
        n += 1;
    }
    n
}

/// [`Kernels::count_replies`] one move at a time with `S`'s flips and legal moves.
#[inline(always)]
pub(crate) fn count_replies_one_by_one<S: Kernels>(
    players: &[Bitboard],
    opponents: &[Bitboard],
    squares: &[Bitboard],
) -> u64 {
    let mut total = 0;
    for ((&player, &opponent), &square) in players.iter().zip(opponents).zip(squares) {
        let flipped = S::flips(player, opponent, square_at(square.bits().trailing_zeros()));
        let replies = S::legal_moves(opponent ^ flipped, player | flipped | square);
        total += replies.len().max(1) as u64;
    }
    total
}

/// The squares from `square` to the edge of the board by steps of `(rows, columns)` (a
/// [`Direction::delta`]), `square` itself excluded: the rays that the vector
/// strategies hold one to a lane.
#[cfg_attr(
    not(all(target_arch = "x86_64", target_feature = "avx2")),
    allow(dead_code)
)]
pub(crate) const fn ray(square: usize, (rows, columns): (i32, i32)) -> u64 {
    let mut ray = 0;
    let (mut row, mut column) = (square as i32 / 8 + rows, square as i32 % 8 + columns);
    while row >= 0 && row < 8 && column >= 0 && column < 8 {
        ray |= 1 << (row * 8 + column);
        row += rows;
        column += columns;
    }
    ray
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

/// Writes the [`Kernels`] impl of a strategy that works one direction at a time (shift,
/// Kogge-Stone): the OR over the eight directions of the functions `moves_towards::<D>(player,
/// opponent, empty)` and `flips_towards::<D>(player, opponent, from)`, on words, that the
/// invoking module defines. The strategies differ only in those fills, so the typed wrapping
/// is written once; it expands to the same unrolled code each strategy wrote out.
macro_rules! kernels_by_direction {
    ($strategy:ty) => {
        impl $crate::kernels::Kernels for $strategy {
            #[inline]
            fn legal_moves(
                player: $crate::Bitboard,
                opponent: $crate::Bitboard,
            ) -> $crate::Bitboard {
                let (player, opponent) = (player.bits(), opponent.bits());
                let empty = !(player | opponent);
                $crate::Bitboard::from_bits_truncate($crate::kernels::all_directions!(
                    moves_towards(player, opponent, empty)
                ))
            }

            #[inline]
            fn flips(
                player: $crate::Bitboard,
                opponent: $crate::Bitboard,
                square: $crate::Square,
            ) -> $crate::Bitboard {
                let (player, opponent) = (player.bits(), opponent.bits());
                $crate::Bitboard::from_bits_truncate($crate::kernels::all_directions!(
                    flips_towards(player, opponent, square.mask())
                ))
            }
        }
    };
}
pub(crate) use kernels_by_direction;
