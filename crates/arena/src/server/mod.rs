//! Our engines behind the protocols external programs speak, served line by line: the
//! Othello engine under NBoard ([`nboard`], `bitgames nboard`) and any of our engines under
//! the UCI-style protocol of `match`'s `uci:` engines ([`uci`], `bitgames uci`).
//!
//! Each is a session (a line in, the answer out) that a front end runs on stdin and stdout
//! and a fuzz target drives from memory: the same code either way.

pub mod nboard;
pub mod uci;
