//! Othello line tables: the lines through every square and the outflank/flip tables that
//! turn a line's occupancy into the discs a move flips along it.
//!
//! A line (row, column, diagonal or anti-diagonal through a square) is read as an 8-bit
//! word: bit `i` is the line's `i`-th square (how the word is gathered is up to the
//! strategy, see the table docs). For a move on position `k` of a line:
//! `flipped = FLIPPED[k][OUTFLANK[k][(opponent >> 1) & 63] & player]`.

use anyhow::Result;

use crate::codegen::{SourceFile, array};
use crate::geometry::OTHELLO;

/// Squares on board (row, col) along the four line directions: row, column, diagonal
/// (down-right), anti-diagonal (down-left).
const LINE_STEPS: [(i32, i32, &str); 4] = [
    (0, 1, "row"),
    (1, 0, "column"),
    (1, 1, "diagonal (a1-h8 direction)"),
    (1, -1, "anti-diagonal (h1-a8 direction)"),
];

/// The bit indices of the line through (row, col) in direction (dr, dc), in increasing bit
/// order.
pub fn line(row: i32, col: i32, dr: i32, dc: i32) -> Vec<usize> {
    let mut squares = vec![OTHELLO.index(row, col)];
    for sign in [-1, 1] {
        let (mut r, mut c) = (row + sign * dr, col + sign * dc);
        while OTHELLO.on_board(r, c) {
            squares.push(OTHELLO.index(r, c));
            r += sign * dr;
            c += sign * dc;
        }
    }
    squares.sort_unstable();
    squares
}

/// The squares just beyond the opponent runs on either side of position `k` of a line
/// whose inner squares 1..=6 hold opponent discs as in `inner` (bit i-1 for square i).
pub fn outflank(k: usize, inner: u8) -> u8 {
    let opponent = |i: usize| (1..=6).contains(&i) && inner & (1 << (i - 1)) != 0;
    let mut candidates = 0u8;
    let mut j = k + 1;
    while j <= 7 && opponent(j) {
        j += 1;
    }
    if j > k + 1 && j <= 7 {
        candidates |= 1 << j;
    }
    let mut j = k as i32 - 1;
    while j >= 0 && opponent(j as usize) {
        j -= 1;
    }
    if j < k as i32 - 1 && j >= 0 {
        candidates |= 1 << j;
    }
    candidates
}

/// The squares strictly between position `k` and every square in `outflank`.
pub fn flipped(k: usize, outflank: u8) -> u8 {
    let mut flips = 0u8;
    for j in 0..8 {
        if outflank & (1 << j) == 0 {
            continue;
        }
        let (low, high) = if j > k { (k + 1, j) } else { (j + 1, k) };
        for i in low..high {
            flips |= 1 << i;
        }
    }
    flips
}

/// The number of discs a move on position `k` flips along a line whose every other square
/// is occupied: the mover's where `player_line` has a bit, the opponent's elsewhere (bit `k`
/// is ignored). Beyond either end of a shorter line the bits are 0, which outflanks nothing.
pub fn last_flips(k: usize, player_line: u8) -> u8 {
    let mine = |j: &usize| player_line >> j & 1 == 1;
    let below = (0..k).rev().find(mine);
    let above = (k + 1..8).find(mine);
    let outflank = below
        .into_iter()
        .chain(above)
        .fold(0u8, |set, j| set | 1 << j);
    flipped(k, outflank).count_ones() as u8
}

pub fn generate() -> Result<String> {
    let mut file = SourceFile::new(
        "Othello line tables (bit 8*row + col, a1 = bit 0 top-left, h8 = bit 63).\n\n\
         A line through a square is read as an 8-bit word, bit `i` its `i`-th square; the\n\
         discs a move on position `k` flips along the line are\n\
         `OTHELLO_FLIPPED[k][(OTHELLO_OUTFLANK[k][(opponent_line >> 1) & 63] & player_line) as usize]`.",
    );
    let lines: Vec<String> = (0..64)
        .map(|i| {
            let (row, col) = OTHELLO.square(i).expect("every bit is a square");
            array(
                LINE_STEPS
                    .iter()
                    .map(|&(dr, dc, _)| OTHELLO.literal(line(row, col, dr, dc))),
            )
        })
        .collect();
    file.static_item(
        "The four lines through each square: entry `[s][d]` is the set of squares on the line\n\
         through square `s` in direction `d` (0 row, 1 column, 2 diagonal a1-h8, 3\n\
         anti-diagonal h1-a8), `s` included.",
        "OTHELLO_LINES",
        "[[u64; 4]; 64]",
        &array(lines),
    );
    let outflanks: Vec<String> = (0..8)
        .map(|k| array((0..64u8).map(|inner| format!("0x{:02x}", outflank(k, inner)))))
        .collect();
    file.static_item(
        "Outflank candidates: entry `[k][o]` is the 8-bit set of line squares just beyond the\n\
         runs of opponent discs on either side of position `k`, where bit `i` of `o` says\n\
         whether square `i + 1` of the line holds an opponent disc (squares 0 and 7 can\n\
         never be flipped, so they do not take part in the index). A candidate outflanks when\n\
         it holds a disc of the player to move.",
        "OTHELLO_OUTFLANK",
        "[[u8; 64]; 8]",
        &array(outflanks),
    );
    let flips: Vec<String> = (0..8)
        .map(|k| array((0..=255u8).map(|o| format!("0x{:02x}", flipped(k, o)))))
        .collect();
    file.static_item(
        "Flipped discs: entry `[k][f]` is the 8-bit set of line squares strictly between\n\
         position `k` and each square in the outflank set `f`.",
        "OTHELLO_FLIPPED",
        "[[u8; 256]; 8]",
        &array(flips),
    );
    let last: Vec<String> = (0..8)
        .map(|k| array((0..=255u8).map(|p| last_flips(k, p).to_string())))
        .collect();
    file.static_item(
        "Flips of the last empty square: entry `[k][p]` is the number of discs a move on\n\
         position `k` flips along a line whose other squares are all occupied, the mover's\n\
         where `p` has a bit and the opponent's elsewhere (bit `k` of `p` is ignored; bits\n\
         past the end of a shorter line read 0 and outflank nothing). With one empty square\n\
         a player's discs alone say how many discs a move there flips.",
        "OTHELLO_LAST_FLIPS",
        "[[u8; 256]; 8]",
        &array(last),
    );
    let deposits: Vec<String> = (0..256usize)
        .map(|bits| OTHELLO.literal((0..8).filter(|i| bits & (1 << i) != 0).map(|i| i * 8)))
        .collect();
    file.static_item(
        "Column deposit: entry `[b]` puts bit `i` of `b` on row `i` of the a-file (bit 8*i);\n\
         shift left by the column to reach another file.",
        "OTHELLO_COLUMN_DEPOSIT",
        "[u64; 256]",
        &array(deposits),
    );
    file.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outflank_and_flipped_by_hand() {
        // Line: k=0 empty, opponent on 1 and 2, player on 3: outflank candidate 3, flips 1,2.
        assert_eq!(outflank(0, 0b000011), 0b0000_1000);
        assert_eq!(flipped(0, 0b0000_1000), 0b0000_0110);
        // k=4 with opponents on 3 and 5..6: candidates 2 and 7.
        assert_eq!(outflank(4, 0b110100), 0b1000_0100);
        assert_eq!(flipped(4, 0b1000_0100), 0b0110_1000);
        // The last empty square: k=0, mover on 3 flips 1 and 2; k=4 with the mover on 0
        // and 7 flips 1..3 and 5..6; with no disc of the mover beyond it, nothing that way.
        assert_eq!(last_flips(0, 0b0000_1000), 2);
        assert_eq!(last_flips(4, 0b1000_0001), 5);
        assert_eq!(last_flips(4, 0b1001_0001), 5);
        assert_eq!(last_flips(4, 0b0000_0001), 3);
        assert_eq!(last_flips(4, 0b0010_0000), 0);
        assert_eq!(last_flips(7, 0), 0);
        // No adjacent opponent: no candidate.
        assert_eq!(outflank(3, 0b110000), 0);
        assert_eq!(line(0, 0, 1, 1), (0..8).map(|i| i * 9).collect::<Vec<_>>());
        assert_eq!(
            line(0, 7, 1, -1),
            (1..=8).map(|i| i * 7).collect::<Vec<_>>()
        );
    }
}
