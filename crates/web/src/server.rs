//! The axum server: routes, the two lanes of blocking threads and the JSON errors (the
//! `server` feature).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::{get, post};
use serde::de::DeserializeOwned;
use tokio::sync::Semaphore;

use crate::{ApiError, compare, kernels, play, towerdefence};

/// How much work the server accepts.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Games thinking at once (each on its own blocking thread); more wait their turn.
    /// Kernel drawings and replays share these slots; compares have their own
    /// ([`Limits::max_comparing`]).
    pub max_thinking: usize,
    /// How long a request waits for a slot in its lane before a 503.
    pub queue_wait: Duration,
    /// The longest thinking time a request may ask for, in milliseconds.
    pub max_time_ms: u64,
    /// How long the work of an engine move, kernel drawing or replay may take once it has
    /// its slot before the request is answered 503 (an engine move gets at least its
    /// thinking time and a second more).
    pub work_time: Duration,
    /// The largest request body, in bytes (a Tower Defence `state.json` is about 30 kB, but
    /// replays are read from disk, so bodies stay small).
    pub max_body_bytes: usize,
    /// Compares running at once, in their own lane apart from the thinking slots, so an
    /// engine move is never refused behind a compare.
    pub max_comparing: usize,
    /// The most random instances a compare request may ask for. A compare times every
    /// (operation, strategy) pair for about 0.2 s whatever the count, plus the checking
    /// and timing passes over the instances: with the default of 10,000 a compare of any
    /// game takes 1.5 to 7 s on a 2-core machine (Othello, 21 kernels, is the slowest).
    pub max_compare_instances: usize,
    /// How long a compare may take once it has its slot before the request is answered
    /// 503.
    pub compare_time: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            // Two cores on the machines this runs on: one game per core thinking.
            max_thinking: std::thread::available_parallelism().map_or(2, |n| n.get()),
            queue_wait: Duration::from_secs(30),
            max_time_ms: 10_000,
            work_time: Duration::from_secs(15),
            max_body_bytes: 64 * 1024,
            max_comparing: 1,
            max_compare_instances: 10_000,
            compare_time: Duration::from_secs(20),
        }
    }
}

/// A pool of blocking-thread slots: the thinking lane or the compare lane.
#[derive(Debug)]
struct Lane {
    /// What runs in it, for the 503 when its work overruns.
    work: &'static str,
    /// The 503 when no slot frees up in time.
    busy: fn(usize) -> ApiError,
    slots: usize,
    semaphore: Arc<Semaphore>,
}

impl Lane {
    fn new(work: &'static str, busy: fn(usize) -> ApiError, slots: usize) -> Lane {
        let slots = slots.max(1);
        Lane {
            work,
            busy,
            slots,
            semaphore: Arc::new(Semaphore::new(slots)),
        }
    }
}

#[derive(Debug)]
struct App {
    limits: Limits,
    thinking: Lane,
    comparing: Lane,
}

type Shared = State<Arc<App>>;

const INDEX_HTML: &str = include_str!("../assets/index.html");
const APP_JS: &str = include_str!("../assets/app.js");
const STYLE_CSS: &str = include_str!("../assets/style.css");
/// The latest compare chart of the project's results: a copy of `docs/compare.svg` (a test
/// keeps the two equal), shown by the Compare page when it opens.
const COMPARE_SVG: &str = include_str!("../assets/compare.svg");

/// The whole app: pages, assets and the JSON API.
pub fn router(limits: Limits) -> Router {
    let app = Arc::new(App {
        limits,
        thinking: Lane::new(
            "the engine move, kernels or replay",
            ApiError::Busy,
            limits.max_thinking,
        ),
        comparing: Lane::new("the compare", ApiError::CompareBusy, limits.max_comparing),
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
        .route(
            "/compare.svg",
            get(|| async { asset("image/svg+xml", COMPARE_SVG) }),
        )
        .route("/api/games", get(games))
        .route("/api/position", post(position))
        .route("/api/move", post(play_move))
        .route("/api/engine-move", post(engine_move))
        .route("/api/hints", post(hints))
        .route("/api/kernels", post(kernels_handler))
        .route("/api/compare", get(compare))
        .route("/api/towerdefence/replay", post(replay))
        .route("/api/towerdefence/sample", get(sample))
        // After the routes: it applies to the routes already added.
        .method_not_allowed_fallback(method_not_allowed)
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(limits.max_body_bytes))
        .layer(axum::middleware::map_response(json_errors))
        .with_state(app)
}

/// The static site's engine files (what `cargo xtask web-static` writes beside the pages)
/// and their content types: [`router_with_wasm`] serves them too.
pub const WASM_FILES: [(&str, &str); 3] = [
    ("worker.js", "text/javascript; charset=utf-8"),
    ("bitgames_wasm.js", "text/javascript; charset=utf-8"),
    ("bitgames_wasm_bg.wasm", "application/wasm"),
];

/// [`router`], also serving the static site's engine ([`WASM_FILES`], read once from `dir`,
/// a directory `cargo xtask web-static` wrote), so the Compare page can measure in the
/// browser beside the server's native figures. The API and its limits are [`router`]'s.
///
/// # Errors
///
/// When a file of [`WASM_FILES`] cannot be read from `dir`.
pub fn router_with_wasm(limits: Limits, dir: &std::path::Path) -> std::io::Result<Router> {
    let mut router = router(limits);
    for (name, content_type) in WASM_FILES {
        let path = dir.join(name);
        let bytes = Bytes::from(std::fs::read(&path).map_err(|err| {
            std::io::Error::new(err.kind(), format!("{}: {err}", path.display()))
        })?);
        router =
            router.route(
                &format!("/{name}"),
                get(move || async move {
                    ([(header::CONTENT_TYPE, content_type)], bytes).into_response()
                }),
            );
    }
    Ok(router)
}

/// Serves `app` ([`router`] or [`router_with_wasm`]) on `listener` until the process ends.
pub async fn serve_app(listener: tokio::net::TcpListener, app: Router) -> std::io::Result<()> {
    axum::serve(listener, app).await
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

/// A known path asked with the wrong method: 405 with the JSON error (axum adds the `Allow`
/// header naming the right one).
async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::MethodNotAllowed {
        method: method.to_string(),
        path: uri.path().to_owned(),
    }
}

/// The last line of defence for "every error is JSON": an error response that is not
/// JSON already (one the router or a layer made itself) gets `{"error": ...}` with its
/// text, or the status's reason when it had none. Headers (such as `Allow`) are kept.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, 4096)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_owned())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_owned()
    } else {
        text
    };
    let body = serde_json::json!({ "error": message }).to_string();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, axum::body::Body::from(body))
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

/// Runs `work` on a blocking thread once a slot of `lane` is free (waiting at most
/// [`Limits::queue_wait`]), and answers within `deadline` of starting it. Work past its
/// deadline cannot be stopped: it keeps its slot until it ends, so the lane stays bounded.
async fn blocking<T: Send + 'static>(
    app: &App,
    lane: &Lane,
    deadline: Duration,
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    let permit = tokio::time::timeout(
        app.limits.queue_wait,
        Arc::clone(&lane.semaphore).acquire_owned(),
    )
    .await
    .map_err(|_| (lane.busy)(lane.slots))?
    .map_err(|_| ApiError::Internal(format!("the slots for {} are closed", lane.work)))?;
    let worker = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work()
    });
    tokio::time::timeout(deadline, worker)
        .await
        .map_err(|_| ApiError::TooSlow {
            work: lane.work,
            seconds: deadline.as_secs_f64(),
        })?
        .map_err(|err| ApiError::Internal(format!("a worker thread failed: {err}")))?
}

impl App {
    /// The deadline of work in the thinking lane: [`Limits::work_time`], and for an engine
    /// at least its longest thinking time and a second.
    fn work_time(&self) -> Duration {
        self.limits
            .work_time
            .max(Duration::from_millis(self.limits.max_time_ms) + Duration::from_secs(1))
    }
}

async fn games() -> Json<serde_json::Value> {
    Json(play::games())
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
    Ok(Json(
        blocking(&app, &app.thinking, app.work_time(), move || think.run()).await?,
    ))
}

async fn hints(
    State(app): Shared,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<play::HintsReply>, ApiError> {
    let hints = play::Hints::new(body(bytes)?, app.limits.max_time_ms)?;
    Ok(Json(
        blocking(&app, &app.thinking, app.work_time(), move || hints.run()).await?,
    ))
}

async fn kernels_handler(
    State(app): Shared,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<kernels::KernelsReply>, ApiError> {
    let request: kernels::KernelsRequest = body(bytes)?;
    Ok(Json(
        blocking(&app, &app.thinking, app.work_time(), move || {
            kernels::run(&request)
        })
        .await?,
    ))
}

async fn compare(
    State(app): Shared,
    query: Result<Query<compare::CompareRequest>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|err| ApiError::BadRequest(err.body_text()))?;
    let compare = compare::Compare::new(&query, app.limits.max_compare_instances)?;
    let reply = blocking(&app, &app.comparing, app.limits.compare_time, move || {
        compare.run()
    })
    .await?;
    Ok(match reply {
        compare::CompareReply::Svg(svg) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "image/svg+xml")],
            svg,
        )
            .into_response(),
        compare::CompareReply::Report(report) => Json(report).into_response(),
    })
}

async fn replay(
    State(app): Shared,
    bytes: Result<Bytes, BytesRejection>,
) -> Result<Json<Vec<towerdefence::Round>>, ApiError> {
    let request: towerdefence::ReplayRequest = body(bytes)?;
    Ok(Json(
        blocking(&app, &app.thinking, app.work_time(), move || {
            towerdefence::replay(&request)
        })
        .await?,
    ))
}

async fn sample(State(app): Shared) -> Result<Json<Vec<towerdefence::Round>>, ApiError> {
    Ok(Json(
        blocking(&app, &app.thinking, app.work_time(), towerdefence::sample).await?,
    ))
}
