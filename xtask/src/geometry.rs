//! The board geometries as the generators use them (loops over rows and columns, from first
//! principles), built from the one layout definition in `tables/src/layout.rs`.

/// A rectangular board laid out row-major in an integer, possibly with padding.
///
/// Bit `i` sits at grid row `i / stride`, grid column `i % stride`; the board square at
/// (row, col) (0-based, row 0 the top row of a diagram) is grid cell (row + pad, col + pad).
/// Grid cells outside the board are padding ("guard") bits that are never set in a position.
#[derive(Debug, Clone, Copy)]
pub struct Geometry {
    /// Prefix of the generated constant names, e.g. `SANTORINI`.
    pub name: &'static str,
    /// What the geometry is used for, for the doc comments.
    pub description: &'static str,
    pub width: i32,
    pub height: i32,
    /// Bits per grid row.
    pub stride: i32,
    /// Padding rows above and padding columns left of the board.
    pub pad: i32,
    /// Number of bit indices a per-square table covers.
    pub indices: usize,
    /// Bits in the integer type (`u64` or `u128`).
    pub word_bits: u32,
}

impl Geometry {
    /// The generator's view of a layout: signed coordinates for stepping off the board.
    const fn from_layout(layout: layout::Layout) -> Geometry {
        Geometry {
            name: layout.name,
            description: layout.description,
            width: layout.width as i32,
            height: layout.height as i32,
            stride: layout.stride as i32,
            pad: layout.pad as i32,
            indices: layout.indices as usize,
            word_bits: layout.word_bits,
        }
    }

    /// Board coordinates of bit `i`, if `i` is a square of the board.
    pub fn square(&self, i: usize) -> Option<(i32, i32)> {
        let (grid_row, grid_col) = self.grid(i);
        let (row, col) = (grid_row - self.pad, grid_col - self.pad);
        self.on_board(row, col).then_some((row, col))
    }

    /// Grid coordinates (including padding) of bit `i`.
    pub fn grid(&self, i: usize) -> (i32, i32) {
        let i = i as i32;
        (i / self.stride, i % self.stride)
    }

    pub fn on_board(&self, row: i32, col: i32) -> bool {
        (0..self.height).contains(&row) && (0..self.width).contains(&col)
    }

    /// Bit index of board square (row, col).
    pub fn index(&self, row: i32, col: i32) -> usize {
        assert!(self.on_board(row, col));
        ((row + self.pad) * self.stride + col + self.pad) as usize
    }

    pub fn word_type(&self) -> &'static str {
        match self.word_bits {
            64 => "u64",
            128 => "u128",
            bits => panic!("unsupported word size {bits}"),
        }
    }

    /// Formats a set of bit indices as a hexadecimal literal of the geometry's word size.
    pub fn literal(&self, bits: impl IntoIterator<Item = usize>) -> String {
        let mut word = 0u128;
        for bit in bits {
            assert!(bit < self.word_bits as usize);
            word |= 1 << bit;
        }
        let digits = self.word_bits as usize / 4;
        format!("0x{word:0digits$x}")
    }

    /// Every board square as (bit index, row, col), in bit order.
    pub fn squares(&self) -> impl Iterator<Item = (usize, i32, i32)> + '_ {
        (0..self.indices).filter_map(|i| self.square(i).map(|(r, c)| (i, r, c)))
    }
}

/// The one definition of the layouts, shared with `bitgames-bitboard` (included by path, so
/// the generator builds even when a generated table it is about to rewrite does not).
#[path = "../../tables/src/layout.rs"]
mod layout;

pub const SANTORINI: Geometry = Geometry::from_layout(layout::SANTORINI);
pub const OTHELLO: Geometry = Geometry::from_layout(layout::OTHELLO);
pub const AMAZONS: Geometry = Geometry::from_layout(layout::AMAZONS);
pub const TOWER_DEFENCE: Geometry = Geometry::from_layout(layout::TOWER_DEFENCE);

pub const ALL: [Geometry; 4] = [SANTORINI, OTHELLO, AMAZONS, TOWER_DEFENCE];

/// The eight compass directions in table order, as (row step, column step); north is up.
pub const DIRECTIONS: [(&str, i32, i32); 8] = [
    ("north", -1, 0),
    ("north-east", -1, 1),
    ("east", 0, 1),
    ("south-east", 1, 1),
    ("south", 1, 0),
    ("south-west", 1, -1),
    ("west", 0, -1),
    ("north-west", -1, -1),
];
