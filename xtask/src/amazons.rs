//! Amazons line-segment reachability: for a line of up to 10 squares, an origin on it and the
//! occupancy of the line, the squares a queen on the origin reaches along the line.

use anyhow::Result;

use crate::codegen::{SourceFile, array};
use crate::geometry::AMAZONS;

/// The squares reachable from position `k` of a 10-square line whose occupied positions are
/// the set bits of `occupied` (bit `k` itself is ignored): the empty runs on both sides.
pub fn line_reach(k: usize, occupied: u16) -> u16 {
    let mut reach = 0u16;
    for step in [-1i32, 1] {
        let mut i = k as i32 + step;
        while (0..10).contains(&i) && occupied & (1 << i) == 0 {
            reach |= 1 << i;
            i += step;
        }
    }
    reach
}

/// The board squares on the line through (row, col) in direction (dr, dc), in bit order.
fn line(row: i32, col: i32, dr: i32, dc: i32) -> Vec<usize> {
    let mut squares = vec![AMAZONS.index(row, col)];
    for sign in [-1, 1] {
        let (mut r, mut c) = (row + sign * dr, col + sign * dc);
        while AMAZONS.on_board(r, c) {
            squares.push(AMAZONS.index(r, c));
            r += sign * dr;
            c += sign * dc;
        }
    }
    squares.sort_unstable();
    squares
}

pub fn generate() -> Result<String> {
    let mut file = SourceFile::new(
        "Amazons line tables (bit 11*row + col, row 0 = rank 10, column 10 the guard).\n\n\
         A line through a square is read as a 10-bit word, bit `i` its `i`-th square in bit\n\
         order; a line shorter than 10 squares is padded with occupied positions above its\n\
         length, so one table serves every line length.",
    );
    let lines: Vec<String> = (0..AMAZONS.indices)
        .map(|i| match AMAZONS.square(i) {
            Some((row, col)) => array(
                [(0, 1), (1, 0), (1, 1), (1, -1)]
                    .iter()
                    .map(|&(dr, dc)| AMAZONS.literal(line(row, col, dr, dc))),
            ),
            None => array((0..4).map(|_| AMAZONS.literal([]))),
        })
        .collect();
    file.static_item(
        "The four lines through each square: entry `[s][d]` is the set of board squares on the\n\
         line through bit `s` in direction `d` (0 row, 1 column, 2 diagonal towards\n\
         higher rows and columns, 3 anti-diagonal towards higher rows and lower columns), `s`\n\
         included; entries for guard bits are empty.",
        "AMAZONS_LINES",
        &format!("[[u128; 4]; {}]", AMAZONS.indices),
        &array(lines),
    );
    let shapes: Vec<String> = (0..AMAZONS.indices)
        .map(|i| match AMAZONS.square(i) {
            Some((row, col)) => array([(0, 1), (1, 0), (1, 1), (1, -1)].iter().map(|&(dr, dc)| {
                let squares = line(row, col, dr, dc);
                let k = squares
                    .iter()
                    .position(|&s| s == i)
                    .expect("on its own line");
                let low = squares.iter().filter(|&&s| s < 64).count();
                format!("0x{:04x}", k | low << 4 | squares.len() << 8)
            })),
            None => array((0..4).map(|_| "0x0000".to_owned())),
        })
        .collect();
    file.static_item(
        "Line shapes: entry `[s][d]` describes the line `AMAZONS_LINES[s][d]`: bits 0..4 hold\n\
         the position of `s` on the line, bits 4..8 how many of the line's squares are in the\n\
         low 64 bits of the board, bits 8..12 the line's length.",
        "AMAZONS_LINE_SHAPES",
        &format!("[[u16; 4]; {}]", AMAZONS.indices),
        &array(shapes),
    );
    let reach: Vec<String> = (0..10)
        .map(|k| array((0..1024u16).map(|occupied| format!("0x{:03x}", line_reach(k, occupied)))))
        .collect();
    file.static_item(
        "Line reach: entry `[k][o]` is the set of line positions a queen on position `k` reaches\n\
         when the positions in `o` (10 bits) are occupied: the empty runs on either side of\n\
         `k` (bit `k` of `o` is ignored).",
        "AMAZONS_LINE_REACH",
        "[[u16; 1024]; 10]",
        &array(reach),
    );
    file.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_reach_by_hand() {
        // Origin 4, walls at 1 and 7: reaches 2, 3, 5, 6.
        assert_eq!(line_reach(4, 0b00_1000_0010), 0b00_0110_1100);
        assert_eq!(line_reach(0, 0), 0b11_1111_1110);
        assert_eq!(line_reach(9, 1 << 8), 0);
        assert_eq!(
            line(0, 0, 1, 1),
            (0..10).map(|i| i * 12).collect::<Vec<_>>()
        );
    }
}
