//! The API's errors: each becomes a 4xx (or, for a bug, 500) with `{"error": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// Why a request was refused.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// The body could not be read (too large, wrong encoding, cut short).
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
    /// A file the request named could not be read.
    #[error("{0}")]
    NotFound(String),
    /// A bug on our side (an engine thread panicked).
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status this error is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Body { status, .. } => *status,
            ApiError::Json(_) | ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Position { .. } | ApiError::IllegalMove(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({ "error": self.to_string() });
        (self.status(), Json(body)).into_response()
    }
}
