//! Othello endgame files in the FFO/Edax `.obf` format ([`ffo::parse`], [`ffo::parse_line`]).
//!
//! Input: the file's text. Every problem that reads must have a position that prints to
//! text that reads back the same, listed moves that are legal and distinct with scores in
//! -64..=64, and write back as an `.obf` line that reads as the same problem; the whole
//! file and its lines read one at a time must agree. Nothing may panic.

#![no_main]

use bitgames::othello::ffo::{self, Problem};
use bitgames::othello::{Move, Position};
use bitgames_fuzz::text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    let lines: Vec<_> = text.lines().map(ffo::parse_line).collect();
    match ffo::parse(&text) {
        Ok(problems) => {
            let read: Vec<_> = lines
                .into_iter()
                .filter_map(|line| line.ok().flatten())
                .collect();
            assert_eq!(read.len(), problems.len());
            for (problem, (position, moves)) in problems.iter().zip(read) {
                assert_eq!((problem.position, &problem.moves), (position, &moves));
                check(problem);
            }
        }
        Err(err) => {
            let _ = err.to_string();
            let first_bad = lines.iter().position(Result::is_err);
            assert_eq!(first_bad, Some(err.line - 1), "{err}");
        }
    }
});

fn check(problem: &Problem) {
    let position: Position = problem.position;
    let printed = position.to_string();
    assert_eq!(
        printed.parse::<Position>().ok(),
        Some(position),
        "{printed:?}"
    );
    let legal = position.legal_moves();
    for (i, &(mv, score)) in problem.moves.iter().enumerate() {
        assert!(legal.as_slice().contains(&mv), "{mv} in {printed}");
        assert!((-64..=64).contains(&score), "{score}");
        assert!(
            problem.moves[..i].iter().all(|&(m, _)| m != mv),
            "{mv} twice"
        );
        assert_eq!(problem.score_of(mv), Some(score));
    }
    let best = problem.best_score();
    for mv in problem.best_moves() {
        assert_eq!(problem.score_of(mv), best);
    }
    let _ = problem.empties();

    let mut line = format!("{printed};");
    for &(mv, score) in &problem.moves {
        let name = match mv {
            Move::Pass => "PS".to_owned(),
            Move::Play(square) => square.to_string().to_ascii_uppercase(),
        };
        line.push_str(&format!(" {name}:{score:+};"));
    }
    let again = ffo::parse_line(&line)
        .unwrap_or_else(|err| panic!("{line:?} written back does not read: {err}"))
        .unwrap_or_else(|| panic!("{line:?} written back reads as a comment"));
    assert_eq!(again, (position, problem.moves.clone()), "{line:?}");
}
