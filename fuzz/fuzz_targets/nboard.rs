//! The NBoard engine protocol as `bitgames nboard` reads it: the session of
//! `bitgames_arena::server::nboard` served the input as its standard input, every line a
//! command (`nboard`, `set depth|game|contempt`, `move`, `go`, `hint`, `ping`, `learn`,
//! `quit`, protocol-1 bare moves, and anything else).
//!
//! One session serves every input (its search and solver tables take tens of megabytes to
//! build); before each input it is reset to a fresh session's position, clock and depth
//! ([`Session::reset`]), and its time limit is zero, so `go` and `hint` run their whole path
//! (budget from the game clock, book, solver, alpha-beta) but search only the one ply
//! alpha-beta always completes: what they do with the parsed input, not how well they think.
//! The transposition tables carry over between inputs, which can change a searched move but
//! not a parse. Even so a search costs far more than a parse, so an input keeps only its
//! first `go` or `hint` line (later ones are dropped before the session reads it).
//! Nothing may panic and the session must end without an I/O error.

#![no_main]

use std::sync::Mutex;
use std::time::Duration;

use bitgames_arena::server::nboard::Session;
use libfuzzer_sys::fuzz_target;

/// The session every input is served on, reset to a fresh session's state first.
fn serve(input: &[u8]) {
    static SESSION: Mutex<Option<Session>> = Mutex::new(None);
    let mut guard = SESSION
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let session = guard.get_or_insert_with(|| Session::new(8, Duration::ZERO));
    session.reset(8, Duration::ZERO);
    let mut out = Vec::new();
    let mut errors = Vec::new();
    session
        .serve(input, &mut out, &mut errors)
        .expect("serving from memory into memory");
}

fuzz_target!(|data: &[u8]| {
    let mut thinking = 0;
    let input: Vec<u8> = data
        .split_inclusive(|&b| b == b'\n')
        .filter(|line| {
            let line = String::from_utf8_lossy(line);
            let command = line.split_whitespace().next().unwrap_or_default();
            if matches!(command, "go" | "hint") {
                thinking += 1;
            }
            thinking <= 1 || !matches!(command, "go" | "hint")
        })
        .flatten()
        .copied()
        .collect();
    serve(&input);
});
