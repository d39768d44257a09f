//! The bitgames web app: a Play page (Othello, Santorini and Amazons against any engine of
//! `bitgames play`, or engine against engine), a Kernels page, a Compare page (the
//! `bitgames compare` chart) and a Tower Defence replay page, served by axum from assets
//! embedded in the binary, over a small JSON API under `/api/`.
//!
//! The crate is a thin skin: rules, parsers, kernels and engines all live in the game crates,
//! reached through the [`bitgames`] facade. Every request body is treated as hostile input:
//! size-limited, parsed strictly, answered with a 4xx and `{"error": "..."}` when wrong.
//! Engine work runs on blocking threads, at most [`Limits::max_thinking`] at once, each for
//! at most [`Limits::max_time_ms`].
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! bitgames_web::serve(listener, bitgames_web::Limits::default()).await
//! # }
//! ```

#![warn(missing_docs)]

mod board;
mod error;
pub mod kernels;
pub mod play;
pub mod towerdefence;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{StatusCode, Uri, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
use bitgames::GameName;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use tokio::sync::Semaphore;

pub use board::{Board, Cell};
pub use error::ApiError;

/// How much work the server accepts.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Games thinking at once (each on its own blocking thread); more wait their turn.
    pub max_thinking: usize,
    /// How long a request waits for a thinking slot before a 503.
    pub queue_wait: Duration,
    /// The longest thinking time a request may ask for, in milliseconds.
    pub max_time_ms: u64,
    /// The largest request body, in bytes (a Tower Defence `state.json` is about 30 kB, but
    /// replays are read from disk, so bodies stay small).
    pub max_body_bytes: usize,
    /// The most random instances a compare request may ask for.
    pub max_compare_instances: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            // Two cores on the machines this runs on: one game per core thinking.
            max_thinking: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue_wait: Duration::from_secs(30),
            max_time_ms: 10_000,
            max_body_bytes: 64 * 1024,
            max_compare_instances: 100_000,
        }
    }
}

#[derive(Debug)]
struct App {
    limits: Limits,
    thinking: Arc<Semaphore>,
}

type Shared = State<Arc<App>>;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");

/// The whole app: pages, assets and the JSON API.
pub fn router(limits: Limits) -> Router {
    let app = Arc::new(App {
        limits,
        thinking: Arc::new(Semaphore::new(limits.max_thinking.max(1))),
    });
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .route("/api/games", get(games))
        .route("/api/position", post(position))
        .route("/api/move", post(play_move))
        .route("/api/engine-move", post(engine_move))
        .route("/api/kernels", post(kernels_handler))
        .route("/api/compare", get(compare))
        .route("/api/towerdefence/replay", post(replay))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits.max_body_bytes))
        .with_state(app)
}

/// Serves [`router`] on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, limits: Limits) -> std::io::Result<()> {
    axum::serve(listener, router(limits)).await
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

async fn not_found(uri: Uri) -> ApiError {
    ApiError::NotFound(format!("no such page or endpoint: {}", uri.path()))
}

/// Reads a JSON body strictly: a body too large, not UTF-8 JSON, or of the wrong shape is
/// a 4xx with the reason.
fn body<T: DeserializeOwned>(bytes: Result<Bytes, BytesRejection>) -> Result<T, ApiError> {
    let bytes = bytes.map_err(|rejection| ApiError::Body {
        message: rejection.body_text(),
        status: rejection.status(),
    })?;
    serde_json::from_slice(&bytes).map_err(|err| ApiError::Json(err.to_string()))
}

/// Runs `work` on a blocking thread once a thinking slot is free.
async fn blocking<T: Send + 'static>(
    app: &App,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = tokio::time::timeout(
        app.limits.queue_wait,
        Arc::clone(&app.thinking).acquire_owned(),
    )
    .await
    .map_err(|_| ApiError::Busy(app.limits.max_thinking))?
    .map_err(|_| ApiError::Internal("the thinking slots are closed".to_owned()))?;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    })
    .await
    .map_err(|err| ApiError::Internal(format!("a worker thread failed: {err}")))?
}

async fn games() -> Json<serde_json::Value> {
    let games: Vec<serde_json::Value> = GameName::ALL
        .into_iter()
        .map(|game| {
            let strategies: Vec<&str> = bitgames::strategies(game).iter().map(|s| s.name).collect();
            let start = (game != GameName::TowerDefence)
                .then(|| {
                    play::show(play::PositionRequest {
                        game: game.name().to_owned(),
                        position: None,
                        strategy: None,
                    })
                    .ok()
                    .map(|s| s.position)
                })
                .flatten();
            serde_json::json!({ "name": game.name(), "strategies": strategies, "start": start })
        })
        .collect();
    let engines: Vec<&str> = bitgames::search::engine::EngineKind::ALL
        .iter()
        .map(|k| k.name())
        .collect();
    Json(serde_json::json!({ "games": games, "engines": engines }))
}

async fn position(bytes: Result<Bytes, BytesRejection>) -> Result<Json<play::GameState>, ApiError> {
    Ok(Json(play::show(body(bytes)?)?))
}

async fn play_move(
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<play::GameState>, ApiError> {
    Ok(Json(play::play(body(bytes)?)?))
}

async fn engine_move(
    State(app): Shared,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<play::EngineReply>, ApiError> {
    let think = play::Think::new(body(bytes)?, app.limits.max_time_ms)?;
    Ok(Json(blocking(&app, move || think.run()).await?))
}

async fn kernels_handler(
    State(app): Shared,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<kernels::KernelsReply>, ApiError> {
    let request: kernels::KernelsRequest = body(bytes)?;
    Ok(Json(blocking(&app, move || kernels::run(&request)).await?))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CompareQuery {
    game: String,
    instances: Option<usize>,
    seed: Option<u64>,
    format: Option<String>,
}

async fn compare(
    State(app): Shared,
    query: Result<Query<CompareQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|err| ApiError::BadRequest(err.body_text()))?;
    let game: GameName = query
        .game
        .parse()
        .map_err(|err: bitgames::UnknownGame| ApiError::BadRequest(err.to_string()))?;
    let instances = query.instances.unwrap_or(2_000);
    let max = app.limits.max_compare_instances;
    if instances == 0 || instances > max {
        return Err(ApiError::BadRequest(format!(
            "instances must be between 1 and {max}, not {instances}"
        )));
    }
    let svg = match query.format.as_deref() {
        None | Some("json") => false,
        Some("svg") => true,
        Some(other) => {
            return Err(ApiError::BadRequest(format!(
                "unknown format {other:?}; choose json or svg"
            )));
        }
    };
    let seed = query.seed.unwrap_or(1);
    let report = blocking(&app, move || {
        bitgames::compare::compare(game, instances, seed, false)
            .map_err(|err| ApiError::Internal(format!("{err:#}")))
    })
    .await?;
    Ok(if svg {
        (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "image/svg+xml")],
            bitgames::compare::svg::chart(std::slice::from_ref(&report)),
        )
            .into_response()
    } else {
        Json(report).into_response()
    })
}

async fn replay(
    State(app): Shared,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<Vec<towerdefence::Round>>, ApiError> {
    let request: towerdefence::ReplayRequest = body(bytes)?;
    Ok(Json(
        blocking(&app, move || towerdefence::replay(&request)).await?,
    ))
}
