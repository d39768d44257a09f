//! GTP responses as external Othello engines send them to the match referee
//! ([`gtp::parse_response`], [`gtp::parse_reply`], [`gtp::parse_move`]): what
//! `bitgames match --a gtp:...` reads.
//!
//! Input: text, read whole as one response, and each blank-line-separated block and each
//! line as a response and as a `genmove` answer. A response that reads must print back
//! (`=`/`?`, the id, the text) to one that reads the same; a move that reads must be
//! `pass`, `resign` or a lower-case vertex that reads as itself, and a vertex our Othello
//! notation knows must be that square. Nothing may panic.

#![no_main]

use bitgames::othello::Square;
use bitgames_arena::player::gtp::{self, GtpMove, GtpReply};
use bitgames_fuzz::text;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = text(data);
    check(&text);
    for block in text.split("\n\n") {
        check(block);
    }
    for line in text.lines() {
        check(line);
    }
});

fn check(text: &str) {
    // Skipping noise lines never changes a response that starts with its status.
    let response = gtp::parse_response(text);
    if let Ok(reply) = gtp::parse_reply(text) {
        assert_eq!(response, Ok(reply), "{text:?}");
    }
    match gtp::parse_reply(text) {
        Ok(reply) => {
            let printed = print(&reply);
            let again = gtp::parse_reply(&printed)
                .unwrap_or_else(|err| panic!("{text:?} prints {printed:?}: {err}"));
            assert_eq!(again, reply, "{text:?} -> {printed:?}");
            check_move(&reply.text);
        }
        Err(err) => {
            let _ = err.to_string();
        }
    }
    check_move(text);
}

fn print(reply: &GtpReply) -> String {
    let status = if reply.success { '=' } else { '?' };
    let id = reply.id.map(|id| id.to_string()).unwrap_or_default();
    format!("{status}{id} {}", reply.text)
}

fn check_move(text: &str) {
    match gtp::parse_move(text) {
        Ok(GtpMove::Pass) => assert!(text.trim().eq_ignore_ascii_case("pass"), "{text:?}"),
        Ok(GtpMove::Resign) => assert!(text.trim().eq_ignore_ascii_case("resign"), "{text:?}"),
        Ok(GtpMove::Vertex(vertex)) => {
            assert!(vertex.len() <= 3, "{text:?} -> {vertex:?}");
            assert!(
                vertex.starts_with(|c: char| c.is_ascii_lowercase()),
                "{vertex:?}"
            );
            assert_eq!(
                gtp::parse_move(&vertex),
                Ok(GtpMove::Vertex(vertex.clone())),
                "{text:?}"
            );
            if let Ok(square) = vertex.parse::<Square>() {
                assert_eq!(square.to_string(), vertex, "{text:?}");
            }
        }
        Err(err) => {
            let _ = err.to_string();
        }
    }
}
