//! The web app's HTTP bodies: [`bitgames_web::router`] driven without a socket (as
//! `crates/web/tests/api.rs` does), one request per input, on a current-thread runtime.
//!
//! Input: a first byte picking the endpoint (`% 8`), then the request body (or, for the
//! `GET` of `/api/compare`, its query string; for the last choice, a method byte, then a
//! path line and a body). Whatever is sent, the answer must not be a 500, every error must
//! be JSON `{"error": "..."}`, and every answer under `/api/` must be JSON.
//!
//! The endpoints that think are kept fast without skipping their parsers:
//!
//! - `/api/engine-move` runs with `max_time_ms = 0`, so every body is read in full (JSON
//!   shape, game, strategy, position, engine) and then refused for its `time_ms`: no
//!   engine ever thinks;
//! - `/api/compare` runs with `max_compare_instances = 0`: the query is read in full and
//!   then refused for its `instances`;
//! - `/api/kernels` would time every kernel (3 ms a pair) on any body it accepts, so a body
//!   that it would accept (a `KernelsRequest` naming a board game and a position that
//!   parses, or none) is not sent; every body it refuses is;
//! - `/api/towerdefence/replay` reads the directory it names: a body naming an existing
//!   absolute path, or one reaching out with `..`, is not sent (a fuzzer must not walk the
//!   machine's file system); the rest are (missing directories, and relative ones under
//!   the working directory, which holds no recorded game).
//!
//! The body limit is lowered to 2 KiB so that bodies over it (413) are reachable.

#![no_main]

use std::path::{Component, Path};
use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use bitgames::AnyPosition;
use bitgames_fuzz::{selector, text};
use bitgames_web::kernels::KernelsRequest;
use bitgames_web::towerdefence::ReplayRequest;
use bitgames_web::{Limits, play, router};
use libfuzzer_sys::fuzz_target;
use tower::ServiceExt;

const MAX_BODY: usize = 2048;

fn app() -> &'static (tokio::runtime::Runtime, Router) {
    static APP: OnceLock<(tokio::runtime::Runtime, Router)> = OnceLock::new();
    APP.get_or_init(|| {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a runtime");
        let limits = Limits {
            max_thinking: 1,
            queue_wait: Duration::from_secs(5),
            max_time_ms: 0,
            max_body_bytes: MAX_BODY,
            max_compare_instances: 0,
            ..Limits::default()
        };
        (runtime, router(limits))
    })
}

fuzz_target!(|data: &[u8]| {
    let (which, rest) = selector(data);
    let (method, path, body): (&str, String, &[u8]) = match which % 8 {
        0 => ("POST", "/api/position".into(), rest),
        1 => ("POST", "/api/move".into(), rest),
        2 => ("POST", "/api/engine-move".into(), rest),
        3 if kernels_would_run(rest) => return,
        3 => ("POST", "/api/kernels".into(), rest),
        4 if replay_reaches_out(rest) => return,
        4 => ("POST", "/api/towerdefence/replay".into(), rest),
        5 => ("GET", format!("/api/compare?{}", encode(rest)), &[]),
        6 => ("GET", "/api/games".into(), rest),
        _ => {
            let (method, rest) = selector(rest);
            let method = ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"][usize::from(method % 6)];
            let (path, body) = match rest.iter().position(|&b| b == b'\n') {
                Some(end) => (&rest[..end], &rest[end + 1..]),
                None => (rest, &[][..]),
            };
            let path = format!("/{}", encode(path));
            // The replay endpoint reads the file system: only with a body it may have.
            if path.starts_with("/api/towerdefence/replay") && replay_reaches_out(body) {
                return;
            }
            if path.starts_with("/api/kernels") && kernels_would_run(body) {
                return;
            }
            (method, path, body)
        }
    };
    let Ok(request) = Request::builder()
        .method(method)
        .uri(&path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_vec()))
    else {
        return;
    };
    let (runtime, app) = app();
    runtime.block_on(async {
        let response = app
            .clone()
            .oneshot(request)
            .await
            .expect("the router is infallible");
        let status = response.status();
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|value| String::from_utf8_lossy(value.as_bytes()).into_owned());
        let bytes = to_bytes(response.into_body(), 64 << 20)
            .await
            .expect("a body");
        assert_ne!(
            status,
            StatusCode::INTERNAL_SERVER_ERROR,
            "{method} {path} {:?}: {}",
            text(body),
            text(&bytes)
        );
        let json = serde_json::from_slice::<serde_json::Value>(&bytes);
        if status.is_client_error() || status.is_server_error() {
            assert!(
                content_type
                    .as_deref()
                    .is_some_and(|t| t.starts_with("application/json")),
                "{method} {path}: {status} with content type {content_type:?}"
            );
            // An answer to HEAD has the headers of the GET and no body.
            if method == "HEAD" {
                return;
            }
            let Ok(json) = json else {
                panic!(
                    "{method} {path}: {status} answered {:?}, not JSON",
                    text(&bytes)
                );
            };
            assert!(
                json["error"].is_string(),
                "{method} {path}: {status} {json}"
            );
        } else if path.starts_with("/api/") && method != "HEAD" {
            assert!(
                json.is_ok(),
                "{method} {path}: {status} answered {:?}",
                text(&bytes)
            );
        }
    });
});

/// Percent-encodes what may not stand in a URI's path or query as it is; `%`, `&`, `=`,
/// `+`, `/` and `?` are left alone, so that malformed escapes and odd queries reach the
/// router.
fn encode(bytes: &[u8]) -> String {
    let mut out = String::new();
    for &b in bytes {
        if b.is_ascii_alphanumeric() || b"%&=+/?-._~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Whether `/api/kernels` would accept `body` and time every kernel on it.
fn kernels_would_run(body: &[u8]) -> bool {
    if body.len() > MAX_BODY {
        return false;
    }
    let Ok(request) = serde_json::from_slice::<KernelsRequest>(body) else {
        return false;
    };
    let Ok(game) = play::game(&request.game) else {
        return false;
    };
    match request.position.as_deref() {
        Some(text) => AnyPosition::parse(game, text).is_ok(),
        None => AnyPosition::start(game).is_ok(),
    }
}

/// Whether a replay `body` names a directory outside the working directory.
fn replay_reaches_out(body: &[u8]) -> bool {
    let Ok(request) = serde_json::from_slice::<ReplayRequest>(body) else {
        return false;
    };
    let dir = Path::new(&request.dir);
    (dir.is_absolute() && dir.exists())
        || dir
            .components()
            .any(|c| matches!(c, Component::ParentDir | Component::Prefix(_)))
}
