//! The CUDA C++ source the kernels are compiled from, and the tables it reads.
//!
//! The source is the crate's `kernels/` files with a prelude written here from
//! bitgames-tables: the edge masks and direction offsets as compile-time constants (so the
//! shifts fold), and declarations of the line tables, which live in constant memory and are
//! filled from the same crate after loading ([`constants`]). So the numbers have one home,
//! the generated tables, on the CPU and the GPU alike.
//!
//! The same text compiles with the host's C++ compiler when [`HOST_EMULATION`] is defined:
//! the tests run every kernel that way on machines without a GPU.

use std::fmt::Write;

use bitgames_tables::edges::{OTHELLO_DIRECTION_OFFSETS, OTHELLO_EDGE_MASKS};
use bitgames_tables::neighbours::OTHELLO_NEIGHBOURS;
use bitgames_tables::othello::{
    OTHELLO_COLUMN_DEPOSIT, OTHELLO_FLIPPED, OTHELLO_LINES, OTHELLO_OUTFLANK,
};

/// The preprocessor symbol that turns the source into plain C++ for host emulation.
pub const HOST_EMULATION: &str = "BITGAMES_HOST_EMULATION";

const COMMON: &str = include_str!("../kernels/common.cuh");
const OTHELLO: &str = include_str!("../kernels/othello.cu");

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
    for constant in constants() {
        writeln!(
            source,
            "CONSTANT {} {}{};",
            constant.c_type, constant.name, constant.dimensions
        )
        .expect("writing to a String");
    }
    source.push('\n');
    source.push_str(OTHELLO);
    source
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

/// The line tables of the `table` strategy, from bitgames-tables.
pub fn constants() -> Vec<Constant> {
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
