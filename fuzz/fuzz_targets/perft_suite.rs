//! Perft suites, the `*.perft` text format of every game ([`PerftSuite`]'s `FromStr`), and
//! their runner ([`PerftSuite::check`]).
//!
//! Input: a first byte picking the game whose positions the suite holds (`% 3`: Santorini,
//! Othello, Amazons), then the suite's text. A suite that reads must be well formed (every
//! case with a position and counts) and write back as text that reads as the same suite
//! (line numbers aside); it is then checked on the game, counting only the shallow depths
//! (at most 2 plies, 1 for the Amazons, whose 2,176 moves a ply make depth 2 take
//! milliseconds), so that a position that does not read is an error and a wrong count a
//! mismatch, never a panic.

#![no_main]

use bitgames::search::{Game, PerftSuite};
use bitgames::{amazons, othello, santorini};
use bitgames_fuzz::{selector, text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (which, rest) = selector(data);
    let text = text(rest);
    let suite: PerftSuite = match text.parse() {
        Ok(suite) => suite,
        Err(err) => {
            let _ = err.to_string();
            return;
        }
    };
    let mut written = String::new();
    for case in &suite.cases {
        assert!(!case.id.is_empty() && !case.position.is_empty() && !case.counts.is_empty());
        written.push_str(&format!("id {}\nposition {}\n", case.id, case.position));
        for count in &case.counts {
            written.push_str(&format!("perft {} {}\n", count.depth, count.nodes));
        }
    }
    let again: PerftSuite = written
        .parse()
        .unwrap_or_else(|err| panic!("the suite written back does not read: {err}\n{written}"));
    assert_eq!(lines_aside(again), lines_aside(suite.clone()), "{written}");

    match which % 3 {
        0 => check::<santorini::Position>(suite, 2),
        1 => check::<othello::Position>(suite, 2),
        _ => check::<amazons::Position>(suite, 1),
    }
});

fn lines_aside(mut suite: PerftSuite) -> PerftSuite {
    for case in &mut suite.cases {
        case.line = 0;
        for count in &mut case.counts {
            count.line = 0;
        }
    }
    suite
}

fn check<G: Game>(mut suite: PerftSuite, max_depth: u32) {
    for case in &mut suite.cases {
        case.counts.retain(|count| count.depth <= max_depth);
    }
    match suite.check::<G>(u64::MAX, 1) {
        Ok(report) => {
            let _ = report.depths("start");
        }
        Err(err) => {
            let _ = err.to_string();
        }
    }
}
