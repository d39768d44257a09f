//! How each game's board sits in an integer: the one definition of the board geometries.
//!
//! The table generator (`cargo xtask regenerate`) computes every table from these numbers,
//! and `bitgames-bitboard` builds its `Geometry` types from them, so the two can never
//! disagree about a layout. (xtask includes this file by path rather than depending on this
//! crate, so that a broken generated table never stops the generator from building.)

/// A rectangular board laid out row-major in an integer, possibly with padding.
///
/// The board square at (row, col), both 0-based with row 0 the top row of a diagram, is bit
/// `(row + pad) * stride + col + pad`. Grid cells outside the board are padding ("guard")
/// bits that are never set in a position, so plain shifts cannot wrap between rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Prefix of the generated constant names, e.g. `SANTORINI`.
    pub name: &'static str,
    /// What the layout is, for doc comments.
    pub description: &'static str,
    /// Board columns.
    pub width: u32,
    /// Board rows.
    pub height: u32,
    /// Bits a grid row (board columns plus padding or guard columns).
    pub stride: u32,
    /// Padding rows above and padding columns left of the board.
    pub pad: u32,
    /// Number of bit indices a per-square table covers (grid rows times stride).
    pub indices: u32,
    /// Bits in the integer the board lives in (`u64` or `u128`).
    pub word_bits: u32,
}

/// Santorini's 5x5 board padded to 7x7 in a `u64`.
pub const SANTORINI: Layout = Layout {
    name: "SANTORINI",
    description: "Santorini: 5x5 board padded to 7x7 in a u64, bit 7*row + col with rows and \
                  columns 1..=5 (so the top-left square is bit 8)",
    width: 5,
    height: 5,
    stride: 7,
    pad: 1,
    indices: 49,
    word_bits: 64,
};

/// Othello's 8x8 board in a `u64`.
pub const OTHELLO: Layout = Layout {
    name: "OTHELLO",
    description: "Othello: 8x8 board in a u64, bit 8*row + col, a1 (top-left) is bit 0",
    width: 8,
    height: 8,
    stride: 8,
    pad: 0,
    indices: 64,
    word_bits: 64,
};

/// The Amazons' 10x10 board in a `u128` with a guard column.
pub const AMAZONS: Layout = Layout {
    name: "AMAZONS",
    description: "Amazons: 10x10 board in a u128 with a guard column, 11 bits a row, bit \
                  11*row + col with row 0 the top row (rank 10); column 10 is the guard",
    width: 10,
    height: 10,
    stride: 11,
    pad: 0,
    indices: 110,
    word_bits: 128,
};

/// One player's 8x8 half of the Tower Defence map in a `u64`.
pub const TOWER_DEFENCE: Layout = Layout {
    name: "TOWER_DEFENCE",
    description: "Tower Defence: one player's 8x8 half of the map in a u64, bit 8*row + col",
    // The same 8x8 board in a u64 as Othello's.
    ..OTHELLO
};
