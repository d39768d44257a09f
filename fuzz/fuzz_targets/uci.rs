//! The UCI-style server as `bitgames uci` runs it: the session and searcher of
//! `bitgames_arena::server::uci` served the input line by line, read with the server's own
//! bounded line reader. The first byte picks the game (Othello, Santorini, Amazons) and the
//! engine (random, alpha-beta, MCTS); the rest is the input: `uci`, `isready`, `ucinewgame`,
//! `position startpos|fen ... [moves ...]`, `go [movetime MS | infinite]`, `stop`, `quit`,
//! lines that are not UTF-8, anything else.
//!
//! Every search is cut to 1 ms and stopped after its first slice, so `go` runs its whole
//! path (the position checked, the engine following the game, a move chosen) but not for
//! long; an input keeps only its first four `go` lines for the same reason. Each input
//! starts on a fresh session and a fresh engine. Nothing may panic, every search must
//! answer a move in the game's notation that is legal (or say why there is none), and the
//! session must end without an I/O error.

#![no_main]

use std::cell::RefCell;
use std::time::Duration;

use bitgames::search::engine::EngineKind;
use bitgames::{AnyPosition, GameName};
use bitgames_arena::server::uci::{
    Action, Line, MAX_LINE, MAX_MOVETIME, Searcher, Session, answer, read_line,
};
use libfuzzer_sys::fuzz_target;

thread_local! {
    /// One searcher per game and engine, made once (engines are not `Send`, and
    /// libFuzzer runs inputs on one thread); each input resets it.
    static SEARCHERS: RefCell<Vec<((GameName, EngineKind), Searcher)>> =
        const { RefCell::new(Vec::new()) };
}

/// Serves `input` to a fresh session of `game` with `kind`'s engine.
fn serve(game: GameName, kind: EngineKind, input: &[u8]) {
    SEARCHERS.with_borrow_mut(|searchers| {
        let start = AnyPosition::start(game).expect("every game starts");
        let index = match searchers.iter().position(|(key, _)| *key == (game, kind)) {
            Some(index) => index,
            None => {
                let searcher = Searcher::new(kind, start, None, 1).expect("our engines start");
                searchers.push(((game, kind), searcher));
                searchers.len() - 1
            }
        };
        let searcher = &mut searchers[index].1;
        searcher.reset(start).expect("a fresh engine");
        serve_on(searcher, game, kind, input);
    });
}

fn serve_on(searcher: &mut Searcher, game: GameName, kind: EngineKind, input: &[u8]) {
    let mut session = Session::new(game, kind).expect("a session");
    let mut reader = input;
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut searches = 0;
    loop {
        let line = match read_line(&mut reader, MAX_LINE).expect("reading from memory") {
            Line::Text(line) => line,
            Line::TooLong => continue,
            Line::End => break,
        };
        match session
            .handle(&line, &mut out, &mut err)
            .expect("writing into memory")
        {
            Action::Nothing => {}
            Action::NewEngine(root) => searcher.reset(root).expect("a checked root"),
            Action::Search(mut job) => {
                searches += 1;
                if searches > 4 {
                    continue;
                }
                assert!(job.time <= MAX_MOVETIME, "{job:?}");
                job.time = Duration::from_millis(1);
                let result = searcher.search(&job, &|| true);
                if let Ok(mv) = &result {
                    assert!(
                        job.position().play_text(mv).is_ok(),
                        "{mv} is not legal in {job:?}"
                    );
                }
                answer(&mut out, &result).expect("writing into memory");
            }
            Action::Quit => break,
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let (selector, input) = bitgames_fuzz::selector(data);
    let game =
        [GameName::Othello, GameName::Santorini, GameName::Amazons][usize::from(selector % 3)];
    let kind = EngineKind::ALL[usize::from(selector / 3 % 3)];
    serve(game, kind, input);
});
