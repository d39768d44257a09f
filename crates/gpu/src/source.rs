//! The CUDA C++ source the kernels are compiled from, and the tables it reads.
//!
//! The source is the crate's `kernels/` files with a prelude written here from
//! bitgames-tables: the edge masks (Othello), board layout and valid squares (Amazons) and
//! direction offsets as compile-time constants (so the shifts fold), and declarations of the
//! line tables, which live in constant memory and are filled from the same crate after
//! loading ([`othello_constants`], [`amazons_constants`]). So the numbers have one home, the
//! generated tables, on the CPU and the GPU alike. (The Amazons start position comes from
//! bitgames-amazons the same way.)
//!
//! The same text compiles with the host's C++ compiler when [`HOST_EMULATION`] is defined:
//! the tests run every kernel that way on machines without a GPU.

use std::fmt::Write;

use bitgames_amazons::Position as AmazonsPosition;
use bitgames_search::Player;
use bitgames_tables::amazons::{AMAZONS_LINE_REACH, AMAZONS_LINE_SHAPES, AMAZONS_LINES};
use bitgames_tables::edges::{
    AMAZONS_DIRECTION_OFFSETS, AMAZONS_VALID, OTHELLO_DIRECTION_OFFSETS, OTHELLO_EDGE_MASKS,
};
use bitgames_tables::layout::AMAZONS as AMAZONS_LAYOUT;
use bitgames_tables::neighbours::OTHELLO_NEIGHBOURS;
use bitgames_tables::othello::{
    OTHELLO_COLUMN_DEPOSIT, OTHELLO_FLIPPED, OTHELLO_LINES, OTHELLO_OUTFLANK,
};

/// The preprocessor symbol that turns the source into plain C++ for host emulation.
pub const HOST_EMULATION: &str = "BITGAMES_HOST_EMULATION";

const COMMON: &str = include_str!("../kernels/common.cuh");
const OTHELLO: &str = include_str!("../kernels/othello.cu");
const AMAZONS: &str = include_str!("../kernels/amazons.cu");

/// The complete source of the Othello kernels: common helpers, the prelude from
/// bitgames-tables, then `kernels/othello.cu`.
pub fn othello() -> String {
    let mut source = String::from(COMMON);
    source.push_str("\n// ---- Prelude: written by bitgames-gpu from bitgames-tables ----\n");
    source.push_str(&switch_function(
        "u64",
        "othello_edge_mask",
        &OTHELLO_EDGE_MASKS.map(|m| format!("{m:#018x}ull")),
    ));
    source.push_str(&switch_function(
        "int",
        "othello_offset",
        &OTHELLO_DIRECTION_OFFSETS.map(|o| o.to_string()),
    ));
    declare(&mut source, &othello_constants());
    source.push('\n');
    source.push_str(OTHELLO);
    source
}

/// The complete source of the Amazons kernels: common helpers, the prelude from
/// bitgames-tables (the board layout, direction offsets, valid squares, the line tables'
/// declarations) and bitgames-amazons (the start), then `kernels/amazons.cu`.
pub fn amazons() -> String {
    // The kernels rely on the CPU crate's layout: one guard column right of each row, no
    // padding above or left, a 10x10 board in 128 bits.
    const {
        assert!(AMAZONS_LAYOUT.stride == AMAZONS_LAYOUT.width + 1);
        assert!(AMAZONS_LAYOUT.pad == 0 && AMAZONS_LAYOUT.word_bits == 128);
        assert!(AMAZONS_LAYOUT.width == 10 && AMAZONS_LAYOUT.height == 10);
    }
    let mut source = String::from(COMMON);
    source.push_str(
        "\n// ---- Prelude: written by bitgames-gpu from bitgames-tables and bitgames-amazons ----\n",
    );
    let start = AmazonsPosition::start();
    let defines = [
        ("AMAZONS_STRIDE", AMAZONS_LAYOUT.stride.to_string()),
        ("AMAZONS_WIDTH", AMAZONS_LAYOUT.width.to_string()),
        ("AMAZONS_VALID_LO", low_half(AMAZONS_VALID)),
        ("AMAZONS_VALID_HI", high_half(AMAZONS_VALID)),
        (
            "AMAZONS_START_WHITE_LO",
            low_half(start.queens(Player::First).bits()),
        ),
        (
            "AMAZONS_START_WHITE_HI",
            high_half(start.queens(Player::First).bits()),
        ),
        (
            "AMAZONS_START_BLACK_LO",
            low_half(start.queens(Player::Second).bits()),
        ),
        (
            "AMAZONS_START_BLACK_HI",
            high_half(start.queens(Player::Second).bits()),
        ),
    ];
    for (name, value) in defines {
        writeln!(source, "#define {name} {value}").expect("writing to a String");
    }
    source.push_str(&switch_function(
        "int",
        "amazons_offset",
        &AMAZONS_DIRECTION_OFFSETS.map(|o| o.to_string()),
    ));
    declare(&mut source, &amazons_constants());
    source.push('\n');
    source.push_str(AMAZONS);
    source
}

/// The low 64 bits of a 128-bit board, as a C constant.
fn low_half(bits: u128) -> String {
    format!("{:#018x}ull", bits as u64)
}

/// The high 64 bits of a 128-bit board, as a C constant.
fn high_half(bits: u128) -> String {
    format!("{:#018x}ull", (bits >> 64) as u64)
}

/// Declares each table of `constants` in constant memory (the host fills them after loading).
fn declare(source: &mut String, constants: &[Constant]) {
    for constant in constants {
        writeln!(
            source,
            "CONSTANT {} {}{};",
            constant.c_type, constant.name, constant.dimensions
        )
        .expect("writing to a String");
    }
}

/// A `switch` from a direction 0..8 to a constant, which the compiler folds in unrolled loops.
fn switch_function(c_type: &str, name: &str, values: &[String]) -> String {
    let mut text = format!("DEVICE {c_type} {name}(int d) {{\n    switch (d) {{\n");
    for (d, value) in values.iter().enumerate() {
        writeln!(text, "    case {d}: return {value};").expect("writing to a String");
    }
    text.push_str("    default: return 0;\n    }\n}\n");
    text
}

/// A table the kernels read from constant memory, as the bytes to copy there.
#[derive(Debug, Clone)]
pub struct Constant {
    /// Its name in the source (and the symbol to fill).
    pub name: &'static str,
    /// Its element type in C.
    pub c_type: &'static str,
    /// Its array dimensions in C (`[8][64]`).
    pub dimensions: &'static str,
    /// Its contents, little-endian, in C's row-major layout.
    pub bytes: Vec<u8>,
}

/// The line tables of the Othello kernels' `table` strategy, from bitgames-tables.
pub fn othello_constants() -> Vec<Constant> {
    fn words<const N: usize>(rows: impl IntoIterator<Item = [u64; N]>) -> Vec<u8> {
        rows.into_iter()
            .flatten()
            .flat_map(u64::to_le_bytes)
            .collect()
    }
    vec![
        Constant {
            name: "OTHELLO_OUTFLANK",
            c_type: "u8",
            dimensions: "[8][64]",
            bytes: OTHELLO_OUTFLANK.iter().flatten().copied().collect(),
        },
        Constant {
            name: "OTHELLO_FLIPPED",
            c_type: "u8",
            dimensions: "[8][256]",
            bytes: OTHELLO_FLIPPED.iter().flatten().copied().collect(),
        },
        Constant {
            name: "OTHELLO_LINES",
            c_type: "u64",
            dimensions: "[64][4]",
            bytes: words(OTHELLO_LINES),
        },
        Constant {
            name: "OTHELLO_COLUMN_DEPOSIT",
            c_type: "u64",
            dimensions: "[256]",
            bytes: words(OTHELLO_COLUMN_DEPOSIT.map(|w| [w])),
        },
        Constant {
            name: "OTHELLO_NEIGHBOURS",
            c_type: "u64",
            dimensions: "[64]",
            bytes: words(OTHELLO_NEIGHBOURS.map(|w| [w])),
        },
    ]
}

/// The line tables of the Amazons kernels' `table` strategy, from bitgames-tables: a 128-bit
/// board as two `u64` halves, low first (its little-endian bytes).
pub fn amazons_constants() -> Vec<Constant> {
    fn halves(boards: impl IntoIterator<Item = u128>) -> Vec<u8> {
        boards.into_iter().flat_map(u128::to_le_bytes).collect()
    }
    fn shorts<'a>(values: impl IntoIterator<Item = &'a u16>) -> Vec<u8> {
        values.into_iter().flat_map(|v| v.to_le_bytes()).collect()
    }
    vec![
        Constant {
            name: "AMAZONS_LINES",
            c_type: "u64",
            dimensions: "[110][4][2]",
            bytes: halves(AMAZONS_LINES.iter().flatten().copied()),
        },
        Constant {
            name: "AMAZONS_LINE_SHAPES",
            c_type: "unsigned short",
            dimensions: "[110][4]",
            bytes: shorts(AMAZONS_LINE_SHAPES.iter().flatten()),
        },
        Constant {
            name: "AMAZONS_LINE_REACH",
            c_type: "unsigned short",
            dimensions: "[10][1024]",
            bytes: shorts(AMAZONS_LINE_REACH.iter().flatten()),
        },
    ]
}
