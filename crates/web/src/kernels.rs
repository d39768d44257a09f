//! The Kernels page's API: each kernel operation of a game run by every strategy on one
//! position, its result as highlighted squares, and each strategy's time for it.

use serde::{Deserialize, Serialize};

use crate::ApiError;

/// `POST /api/kernels`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelsRequest {
    /// `othello`, `santorini` or `amazons`.
    pub game: String,
    /// The position; a random one (from `seed`) when absent.
    pub position: Option<String>,
    /// Seed for the random position.
    pub seed: Option<u64>,
}

/// What `POST /api/kernels` answers.
#[derive(Debug, Clone, Serialize)]
pub struct KernelsReply {
    /// The position the kernels ran on.
    pub position: String,
}

/// Runs every operation of every strategy on the requested position.
pub fn run(request: &KernelsRequest) -> Result<KernelsReply, ApiError> {
    Err(ApiError::BadRequest(format!(
        "kernels of {} are not drawn yet",
        request.game
    )))
}
