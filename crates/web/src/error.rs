//! The API's errors: each becomes a 4xx (or, for a bug, 500) with `{"error": "..."}`.

#[cfg(feature = "server")]
use axum::{
    Json,
    http::StatusCode,
    response::{IntoResponse, Response},
};

/// Why a request was refused.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body could not be read (too large, wrong encoding, cut short).
    #[cfg(feature = "server")]
    #[error("{message}")]
    Body {
        /// What the body reader said.
        message: String,
        /// The status the body reader chose (413 for a body over the limit).
        status: StatusCode,
    },
    /// The body is not JSON of the expected shape.
    #[error("malformed request: {0}")]
    Json(String),
    /// A field is out of range or names nothing known (game, engine, strategy).
    #[error("{0}")]
    BadRequest(String),
    /// The position text does not parse: the parser's message.
    #[error("invalid {game} position: {message}")]
    Position {
        /// The game whose parser refused it.
        game: String,
        /// The parser's message.
        message: String,
    },
    /// The move does not parse or is not legal here: the game's reason.
    #[error("{0}")]
    IllegalMove(String),
    /// Too many games are thinking already.
    #[error("the server is busy: {0} games are already thinking; try again shortly")]
    Busy(usize),
    /// Too many compares are running already (they have their own slots, apart from the
    /// thinking games').
    #[error("the server is busy: {0} compares are already running; try again shortly")]
    CompareBusy(usize),
    /// The work did not finish within its time cap (it may go on in the background, in its
    /// slot, until it ends).
    #[error(
        "{work} did not finish within {seconds:.1} s; ask for less (fewer instances, a \
         shorter time) or try again shortly"
    )]
    TooSlow {
        /// What was running, e.g. "the compare".
        work: &'static str,
        /// Its time cap, in seconds.
        seconds: f64,
    },
    /// The path exists but not for this method (the `Allow` header says which).
    #[error("method {method} is not allowed on {path} (see the Allow header)")]
    MethodNotAllowed {
        /// The method asked for.
        method: String,
        /// The path asked for.
        path: String,
    },
    /// A file the request named could not be read.
    #[error("{0}")]
    NotFound(String),
    /// A bug on our side (an engine thread panicked).
    #[error("internal error: {0}")]
    Internal(String),
}

#[cfg(feature = "server")]
impl ApiError {
    /// The HTTP status this error is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Body { status, .. } => *status,
            ApiError::Json(_) | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Position { .. } | ApiError::IllegalMove(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::Busy(_) | ApiError::CompareBusy(_) | ApiError::TooSlow { .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

#[cfg(feature = "server")]
impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.to_string() });
        (self.status(), Json(body)).into_response()
    }
}
