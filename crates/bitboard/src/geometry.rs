//! How each game's board is laid out in an integer.

use core::fmt::Debug;
use core::hash::Hash;

use bitgames_tables::{edges, layout};

use crate::{Notation, Word};

/// A rectangular board laid out row-major in a [`Word`], possibly with padding bits.
///
/// The board square at (row, col), both 0-based with row 0 the top row of a diagram, is bit
/// `(row + PAD) * STRIDE + col + PAD`. Bits that are not board squares (padding rows and
/// columns, or a guard column) are never set in a bitboard built through this crate's API;
/// they exist so that plain shifts cannot wrap from one row into the next.
pub trait Geometry: Copy + Eq + Ord + Hash + Default + Debug + Send + Sync + 'static {
    /// The integer the board lives in: the narrowest of `u64`/`u128` that holds the grid
    /// with its padding.
    type Word: Word;
    /// The geometry's name, used in `Debug` output.
    const NAME: &'static str;
    /// Board columns.
    const WIDTH: u32;
    /// Board rows.
    const HEIGHT: u32;
    /// Bits a grid row (board columns plus padding or guard columns).
    const STRIDE: u32;
    /// Padding rows above and padding columns left of the board.
    const PAD: u32;
    /// Number of bit indices a per-square table covers (grid rows times stride).
    const INDICES: u32;
    /// Every board square.
    const VALID: Self::Word;
    /// Per direction: the squares whose neighbour that way is a board square.
    const EDGE_MASKS: [Self::Word; 8];
    /// How squares are named (file letter and rank number), for [`Square`](crate::Square)'s
    /// `Display` and `FromStr`.
    const NOTATION: Notation;

    /// The bit of board square (row, col), or `None` off the board.
    #[inline]
    fn bit(row: u32, col: u32) -> Option<u32> {
        (row < Self::HEIGHT && col < Self::WIDTH)
            .then(|| (row + Self::PAD) * Self::STRIDE + col + Self::PAD)
    }

    /// The board square (row, col) of `bit`, or `None` for a padding bit or one out of range.
    #[inline]
    fn row_col(bit: u32) -> Option<(u32, u32)> {
        if bit >= Self::INDICES {
            return None;
        }
        let (grid_row, grid_col) = (bit / Self::STRIDE, bit % Self::STRIDE);
        let row = grid_row.checked_sub(Self::PAD)?;
        let col = grid_col.checked_sub(Self::PAD)?;
        (row < Self::HEIGHT && col < Self::WIDTH).then_some((row, col))
    }

    /// Whether `bit` is a board square.
    #[inline]
    fn is_square(bit: u32) -> bool {
        bit < Self::Word::BITS && (Self::VALID >> bit) & Self::Word::ONE == Self::Word::ONE
    }
}

macro_rules! geometry {
    (@top top) => { true };
    (@top bottom) => { false };
    ($(
        $(#[$doc:meta])*
        $name:ident: $word:ty, $layout:path, files from $first_file:literal,
        rank 1 at $rank_one:ident; $valid:path, $edges:path;
    )*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        pub struct $name;

        impl Geometry for $name {
            type Word = $word;
            const NAME: &'static str = stringify!($name);
            const WIDTH: u32 = $layout.width;
            const HEIGHT: u32 = $layout.height;
            const STRIDE: u32 = $layout.stride;
            const PAD: u32 = $layout.pad;
            const INDICES: u32 = $layout.indices;
            const VALID: $word = $valid;
            const EDGE_MASKS: [$word; 8] = $edges;
            const NOTATION: Notation = Notation {
                first_file: $first_file,
                rank_one_at_top: geometry!(@top $rank_one),
            };
        }

        const _: () = assert!(<$word>::BITS == $layout.word_bits, "the word is the layout's");
    )*};
}

geometry! {
    /// Santorini's 5x5 board padded to 7x7 in a `u64`: bit `7 * row + col` with rows and
    /// columns numbered 1..=5, so the top-left square is bit 8 and a neighbourhood never wraps.
    Santorini: u64, layout::SANTORINI, files from b'A', rank 1 at bottom;
    edges::SANTORINI_VALID, edges::SANTORINI_EDGE_MASKS;
    /// Othello's 8x8 board in a `u64`: bit `8 * row + col`, a1 (top-left) is bit 0.
    Othello: u64, layout::OTHELLO, files from b'a', rank 1 at top;
    edges::OTHELLO_VALID, edges::OTHELLO_EDGE_MASKS;
    /// The Amazons 10x10 board in a `u128` with a guard column: 11 bits a row, bit
    /// `11 * row + col`, row 0 the top row (rank 10). The guard bits stop horizontal and
    /// diagonal shifts from wrapping without per-direction masks.
    Amazons: u128, layout::AMAZONS, files from b'a', rank 1 at bottom;
    edges::AMAZONS_VALID, edges::AMAZONS_EDGE_MASKS;
    /// One player's 8x8 half of the Tower Defence map in a `u64`: bit `8 * row + col`.
    TowerDefence: u64, layout::TOWER_DEFENCE, files from b'a', rank 1 at top;
    edges::TOWER_DEFENCE_VALID, edges::TOWER_DEFENCE_EDGE_MASKS;
}

/// The eight compass directions, in the order of the generated edge-mask tables. North is
/// towards row 0, the top row of a diagram.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// One row up (towards row 0).
    North,
    /// One row up, one column right.
    NorthEast,
    /// One column right.
    East,
    /// One row down, one column right.
    SouthEast,
    /// One row down.
    South,
    /// One row down, one column left.
    SouthWest,
    /// One column left.
    West,
    /// One row up, one column left.
    NorthWest,
}

impl Direction {
    /// Every direction in table order (clockwise from north), for loops over all eight.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// Index into per-direction tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// (row step, column step).
    #[inline(always)]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (-1, 0),
            Direction::NorthEast => (-1, 1),
            Direction::East => (0, 1),
            Direction::SouthEast => (1, 1),
            Direction::South => (1, 0),
            Direction::SouthWest => (1, -1),
            Direction::West => (0, -1),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// The bit offset of one step this way on a board `stride` bits a row.
    #[inline(always)]
    pub const fn offset(self, stride: u32) -> i32 {
        let (dr, dc) = self.delta();
        dr * stride as i32 + dc
    }

    /// The direction back: half a turn round, four places on in [`Direction::ALL`].
    #[inline(always)]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }
}

/// Calls `$f::<D>($args)` for the eight directions `D` (indices into [`Direction::ALL`]) and
/// ORs the results: the eight directions unrolled, so each call's shifts and masks are
/// constants. Kernels of every game use it for their per-direction fills.
///
/// ```
/// use bitgames_bitboard::all_directions;
/// fn bit<const D: usize>(base: u32) -> u32 {
///     1 << (base + D as u32)
/// }
/// assert_eq!(all_directions!(bit(2)), 0b11_1111_1100);
/// ```
#[macro_export]
macro_rules! all_directions {
    ($f:ident($($arg:expr),*)) => {
        $f::<0>($($arg),*)
            | $f::<1>($($arg),*)
            | $f::<2>($($arg),*)
            | $f::<3>($($arg),*)
            | $f::<4>($($arg),*)
            | $f::<5>($($arg),*)
            | $f::<6>($($arg),*)
            | $f::<7>($($arg),*)
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recomputes a geometry's masks from (row, col) arithmetic and compares every entry
    /// with the generated tables.
    fn check_tables<G: Geometry>() {
        let mut valid = G::Word::ZERO;
        for row in 0..G::HEIGHT {
            for col in 0..G::WIDTH {
                let bit = G::bit(row, col).unwrap();
                assert_eq!(G::row_col(bit), Some((row, col)));
                valid |= G::Word::ONE << bit;
            }
        }
        assert_eq!(G::VALID, valid, "{} valid mask", G::NAME);
        for direction in Direction::ALL {
            let (dr, dc) = direction.delta();
            let mut mask = G::Word::ZERO;
            for row in 0..G::HEIGHT as i32 {
                for col in 0..G::WIDTH as i32 {
                    let (r, c) = (row + dr, col + dc);
                    if (0..G::HEIGHT as i32).contains(&r) && (0..G::WIDTH as i32).contains(&c) {
                        mask |= G::Word::ONE << G::bit(row as u32, col as u32).unwrap();
                    }
                }
            }
            assert_eq!(
                G::EDGE_MASKS[direction.index()],
                mask,
                "{} {direction:?}",
                G::NAME
            );
        }
        for bit in 0..G::Word::BITS {
            assert_eq!(
                G::is_square(bit),
                G::row_col(bit).is_some(),
                "{} bit {bit}",
                G::NAME
            );
        }
    }

    #[test]
    fn generated_masks_match_row_col_arithmetic() {
        check_tables::<Santorini>();
        check_tables::<Othello>();
        check_tables::<Amazons>();
        check_tables::<TowerDefence>();
    }

    #[test]
    fn santorini_layout_is_the_design_notes_layout() {
        // The design notes: (1,1) is bit 8 and the valid mask is 2147077824256.
        assert_eq!(Santorini::bit(0, 0), Some(8));
        assert_eq!(Santorini::VALID, 2_147_077_824_256);
        assert_eq!(Santorini::bit(4, 4), Some(40));
    }

    #[test]
    fn direction_offsets_match_the_generated_offsets() {
        use bitgames_tables::edges;
        let offsets = Direction::ALL.map(|d| d.offset(7));
        assert_eq!(offsets, edges::SANTORINI_DIRECTION_OFFSETS);
        assert_eq!(
            Direction::ALL.map(|d| d.offset(8)),
            edges::OTHELLO_DIRECTION_OFFSETS
        );
        assert_eq!(
            Direction::ALL.map(|d| d.offset(11)),
            edges::AMAZONS_DIRECTION_OFFSETS
        );
        for d in Direction::ALL {
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(d.opposite().offset(11), -d.offset(11));
        }
    }
}
