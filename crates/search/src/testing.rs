//! Property-test support shared by the game crates' tests (feature `testing`).
//!
//! Every game's tests draw quickcheck inputs the same way — a random reachable position from
//! a quickcheck-chosen seed, so the distribution is the game's own and the run is fixed by
//! quickcheck's seed — and fuzz their notation parsers the same way.

use std::panic::{AssertUnwindSafe, catch_unwind};

use quickcheck::{Arbitrary, Gen, QuickCheck};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

use crate::{Game, RandomPosition};

/// A quickcheck input: a random reachable position of `G`.
#[derive(Debug, Clone)]
pub struct Reachable<G>(pub G);

impl<G: RandomPosition> Arbitrary for Reachable<G> {
    fn arbitrary(g: &mut Gen) -> Self {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(u64::arbitrary(g));
        Reachable(G::random_position(&mut rng))
    }
}

/// A quickcheck runner with a fixed seed that runs exactly `tests` cases.
pub fn quickcheck(seed: u64, tests: u64) -> QuickCheck {
    QuickCheck::new()
        .rng(Gen::from_size_and_seed(100, seed))
        .tests(tests)
        .max_tests(tests)
}

/// Feeds `tests` arbitrary strings (of quickcheck size `size`, from `seed`) to the notation
/// parsers — as a position, as a move in the valid position `valid`, to `also` (for the
/// game's other parsers), and spliced into `valid` at an arbitrary point, which is also
/// tried truncated there — and fails naming the first input that panics. Every parse may
/// fail; none may panic.
pub fn notation_never_panics<G: Game>(
    valid: &str,
    seed: u64,
    size: usize,
    tests: u64,
    also: impl Fn(&str),
) {
    let mut g = Gen::from_size_and_seed(size, seed);
    let position: G = match valid.parse() {
        Ok(position) => position,
        Err(err) => panic!(
            "{}: the valid position {valid:?} does not parse: {err}",
            G::NAME
        ),
    };
    for _ in 0..tests {
        let text = String::arbitrary(&mut g);
        let cut = usize::arbitrary(&mut g) % (valid.len() + 1);
        let cut = (0..=cut)
            .rev()
            .find(|&c| valid.is_char_boundary(c))
            .unwrap_or(0);
        let spliced = format!("{}{text}{}", &valid[..cut], &valid[cut..]);
        let parsed = catch_unwind(AssertUnwindSafe(|| {
            let _ = text.parse::<G>();
            let _ = position.parse_move(&text);
            also(&text);
            let _ = valid[..cut].parse::<G>();
            let _ = spliced.parse::<G>();
        }));
        assert!(
            parsed.is_ok(),
            "{}: parsing {text:?} (or {spliced:?}) panicked",
            G::NAME
        );
    }
}
