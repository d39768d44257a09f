//! What the fuzz targets share: turning the fuzzer's bytes into text and choices, and the
//! checks of moves that every target reaching positions makes.

use std::borrow::Cow;
use std::fmt::{Debug, Display};

/// The input as text: parsers take `&str`, so bytes that are not UTF-8 are replaced (a
/// front end reading a file or a socket does the same, or refuses the input earlier).
pub fn text(data: &[u8]) -> Cow<'_, str> {
    String::from_utf8_lossy(data)
}

/// Splits off the first byte as a selector (which game, which endpoint): `(0, [])` for an
/// empty input.
pub fn selector(data: &[u8]) -> (u8, &[u8]) {
    match data.split_first() {
        Some((&first, rest)) => (first, rest),
        None => (0, &[]),
    }
}

/// A small deterministic stream of choices drawn from the input (a splitmix64 seeded with
/// the input's FNV-1a hash), for picking commands or moves where the input is text that
/// the parser under test reads in full.
#[derive(Debug, Clone)]
pub struct Choices(u64);

impl Choices {
    /// Choices seeded from `data`.
    pub fn new(data: &[u8]) -> Choices {
        let mut hash = 0xcbf2_9ce4_8422_2325_u64;
        for &byte in data {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
        Choices(hash)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        if n == 0 { 0 } else { (z % n as u64) as usize }
    }
}

/// Asserts that the text of each legal move in `moves` reads back, through `parse`, as that
/// move: all of them when few, else a spread of about 16. `printed` is the position's text,
/// for the failure message. Every target that reaches positions checks this.
pub fn moves_read_back<M, E>(moves: &[M], printed: &str, parse: impl Fn(&str) -> Result<M, E>)
where
    M: Copy + Display + PartialEq + Debug,
    E: Display,
{
    let step = (moves.len() / 16).max(1);
    for &mv in moves.iter().step_by(step) {
        let name = mv.to_string();
        let again = parse(&name).unwrap_or_else(|err| {
            panic!("legal move {name:?} of {printed:?} does not parse: {err}")
        });
        assert_eq!(again, mv, "{name:?} in {printed:?}");
    }
}

/// Asserts what a move that a position's parser accepted must satisfy, and evaluates to the
/// position after it: `$mv` (read from the input `$line`) is one of `$position`'s legal
/// moves, its text reads back through the position's `parse_move` as the same move, and its
/// `play` plays it. A macro rather than a function because the registry's `AnyPosition` and
/// Santorini's `Position` share these inherent methods but no trait that has them all; both
/// targets that play moves from the input check each accepted one this way.
#[macro_export]
macro_rules! accepted_move_plays {
    ($position:expr, $line:expr, $mv:expr) => {{
        let (position, line, mv) = (&$position, $line, $mv);
        assert!(
            position.legal_moves().contains(&mv),
            "{line:?} parsed to {mv}, not a legal move of {position}"
        );
        let printed = mv.to_string();
        let again = position
            .parse_move(&printed)
            .unwrap_or_else(|err| panic!("{mv} (from {line:?}) printed {printed:?}: {err}"));
        assert_eq!(again, mv, "{line:?} -> {printed:?} in {position}");
        position.play(mv).unwrap_or_else(|err| {
            panic!("{mv} (from {line:?}) parsed in {position} but does not play: {err}")
        })
    }};
}
