//! The bitgames web app: a Play page (Othello, Santorini and Amazons against any engine of
//! `bitgames play`, or engine against engine), a Kernels page, a Compare page (the
//! `bitgames compare` chart) and a Tower Defence replay page, served by axum from assets
//! embedded in the binary, over a small JSON API under `/api/`.
//!
//! The crate is a thin skin: rules, parsers, kernels and engines all live in the game crates,
//! reached through the [`bitgames`] facade. Every request body is treated as hostile input:
//! size-limited, parsed strictly, answered with a 4xx and `{"error": "..."}` when wrong.
//! Every error has that JSON body, a wrong method (405) and anything the router itself
//! refuses included.
//!
//! Work is bounded in two lanes of blocking threads, so a slow request never holds up a
//! quick one of the other lane:
//!
//! - the thinking lane: engine moves, kernel drawings and Tower Defence replays, at most
//!   [`Limits::max_thinking`] at once, an engine for at most [`Limits::max_time_ms`], and
//!   each answered within [`Limits::work_time`] (a 503 past it);
//! - the compare lane: `bitgames compare` runs, at most [`Limits::max_comparing`] at once,
//!   on at most [`Limits::max_compare_instances`] instances (a few seconds of work), each
//!   answered within [`Limits::compare_time`].
//!
//! A request waits at most [`Limits::queue_wait`] for a slot in its lane (a 503 after).
//! Work past its deadline cannot be interrupted (the kernels and engines do not poll for
//! cancellation), so it keeps its slot until it ends: the lanes stay bounded, and the caps
//! on instances and thinking time keep that short. Positions and moves are answered on the
//! async threads directly; their work is bounded by the body limit (microseconds).
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! bitgames_web::serve(listener, bitgames_web::Limits::default()).await
//! # }
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod board;
pub mod compare;
mod error;
pub mod kernels;
pub mod play;
#[cfg(feature = "server")]
mod server;
pub mod towerdefence;

pub use board::{Board, Cell};
pub use error::ApiError;
#[cfg(feature = "server")]
pub use server::{Limits, WASM_FILES, router, router_with_wasm, serve, serve_app};
