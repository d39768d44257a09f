//! Turns the checked-in opening book, `data/othello-book.txt`, into a `phf::Map`
//! (written to `$OUT_DIR/othello_book.rs`, included by `src/book.rs`).
//!
//! Key: the Zobrist hash of the canonical position, computed with the same keys
//! (`bitgames_tables::zobrist`) and the same rule as `Position::recompute_hash`: the disc key
//! of every disc by square and colour, and the side key when white is to move. Value: the
//! canonical discs and side (so a lookup can reject a different position with the same
//! hash), the move and the score.
//!
//! Only with the `book` feature; without it nothing is read and no map is written, which
//! is how `cargo xtask book` builds the generator even when the book file is broken. The
//! book does not depend on the CPU, so the target's features (`build_helper::target`) play
//! no part here.

use std::fmt::Write as _;
use std::path::Path;
use std::process::ExitCode;

use bitgames_tables::zobrist::{OTHELLO_DISC, OTHELLO_SIDE_TO_MOVE};

fn main() -> ExitCode {
    build_helper::rerun_if_changed("build.rs");
    if !build_helper::cargo::features::enabled("book") {
        return ExitCode::SUCCESS;
    }
    let path = build_helper::cargo::manifest::dir().join("data/othello-book.txt");
    build_helper::rerun_if_changed(&path);
    match generate(&path) {
        Ok(code) => {
            let out = build_helper::out_dir().join("othello_book.rs");
            if let Err(err) = std::fs::write(&out, code) {
                eprintln!("error: writing {}: {err}", out.display());
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(err) => {
            eprintln!(
                "error: {}: {err}\n(run `cargo xtask book` to regenerate it)",
                path.display()
            );
            ExitCode::FAILURE
        }
    }
}

/// One line of the book.
struct Line {
    black: u64,
    white: u64,
    white_to_move: bool,
    /// Square bit, or 64 for a pass.
    best: u8,
    score: i32,
}

fn generate(path: &Path) -> Result<String, String> {
    let text = std::fs::read_to_string(path).map_err(|err| err.to_string())?;
    let mut lines: Vec<(usize, u64, Line)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let line = parse_line(trimmed).map_err(|err| format!("line {}: {err}", i + 1))?;
        let key = zobrist(&line);
        if let Some((other, _, _)) = lines.iter().find(|(_, k, _)| *k == key) {
            return Err(format!(
                "lines {other} and {} have the same hash {key:#018x} (the same position?)",
                i + 1
            ));
        }
        lines.push((i + 1, key, line));
    }
    let mut map = phf_codegen::Map::new();
    for (_, key, line) in &lines {
        map.entry(
            *key,
            format!(
                "Entry {{ black: {:#018x}, white: {:#018x}, white_to_move: {}, best: {}, score: {} }}",
                line.black, line.white, line.white_to_move, line.best, line.score
            ),
        );
    }
    let mut code = String::new();
    let _ = writeln!(
        code,
        "/// The book: Zobrist hash of the canonical position -> entry ({} positions).",
        lines.len()
    );
    let _ = writeln!(code, "static BOOK: phf::Map<u64, Entry> = {};", map.build());
    Ok(code)
}

/// `BOARD SIDE MOVE SCORE`: the 64-character board (`X`, `O`, `-`), `X` or `O`, a square
/// (`d3`) or `pass`, and a whole number.
fn parse_line(text: &str) -> Result<Line, String> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let &[board, side, mv, score] = fields.as_slice() else {
        return Err(format!(
            "expected 4 fields (board, side, move, score), found {}",
            fields.len()
        ));
    };
    if board.chars().count() != 64 {
        return Err(format!(
            "board: expected 64 squares, found {}",
            board.chars().count()
        ));
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, c) in board.chars().enumerate() {
        match c {
            'X' => black |= 1 << i,
            'O' => white |= 1 << i,
            '-' => {}
            other => return Err(format!("board: {other:?} at square {i} is not X, O or -")),
        }
    }
    let white_to_move = match side {
        "X" => false,
        "O" => true,
        other => return Err(format!("side to move {other:?}: expected X or O")),
    };
    let best = match mv.as_bytes() {
        b"pass" => 64,
        &[file @ b'a'..=b'h', row @ b'1'..=b'8'] => (row - b'1') * 8 + (file - b'a'),
        _ => return Err(format!("move {mv:?}: expected a square a1..h8 or pass")),
    };
    if best < 64 && (black | white) >> best & 1 == 1 {
        return Err(format!("move {mv}: the square is occupied"));
    }
    let score = score
        .parse()
        .map_err(|_| format!("score {score:?}: expected a whole number"))?;
    Ok(Line {
        black,
        white,
        white_to_move,
        best,
        score,
    })
}

fn zobrist(line: &Line) -> u64 {
    let mut hash = 0;
    for (square, keys) in OTHELLO_DISC.iter().enumerate() {
        if line.black >> square & 1 == 1 {
            hash ^= keys[0];
        }
        if line.white >> square & 1 == 1 {
            hash ^= keys[1];
        }
    }
    if line.white_to_move {
        hash ^= OTHELLO_SIDE_TO_MOVE;
    }
    hash
}
