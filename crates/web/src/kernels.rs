//! The Kernels page's API: each registered kernel operation of a game run by every strategy
//! on one position, its answer as highlighted squares (one list per distance layer) or a
//! count, each strategy's time for it, and whether it agrees with the naive oracle.
//!
//! The work is [`bitgames::kernels::run_kernels`]; only the request and reply live here.

use std::time::Duration;

use bitgames::kernels::{OperationRun, random_position, run_kernels};
use bitgames::{AnyPosition, Board};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use serde::{Deserialize, Serialize};

use crate::{ApiError, play};

/// `POST /api/kernels`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KernelsRequest {
    /// `othello`, `santorini` or `amazons`.
    pub game: String,
    /// The position; when absent a random one (from `seed`) that asks the kernels a
    /// question ([`bitgames::kernels::random_position`]).
    pub position: Option<String>,
    /// Seed for the random position (1 when absent).
    pub seed: Option<u64>,
}

/// What `POST /api/kernels` answers.
#[derive(Debug, Clone, Serialize)]
pub struct KernelsReply {
    /// The game's name.
    pub game: &'static str,
    /// The position the kernels ran on.
    pub position: String,
    /// Its board, to draw each answer on.
    pub board: Board,
    /// Each operation, with its answer and every strategy's time.
    pub operations: Vec<OperationRun>,
}

/// How long each (operation, strategy) pair is timed: short, the page waits for all of them.
const TIMING: Duration = Duration::from_millis(3);

/// Runs every operation of every strategy on the requested position.
pub fn run(request: &KernelsRequest) -> Result<KernelsReply, ApiError> {
    let game = play::game(&request.game)?;
    let position = match request.position.as_deref() {
        Some(text) => AnyPosition::parse(game, text)?,
        None => {
            let mut rng = Xoshiro256PlusPlus::seed_from_u64(request.seed.unwrap_or(1));
            random_position(game, &mut rng)?
        }
    };
    Ok(KernelsReply {
        game: game.name(),
        position: position.to_string(),
        board: position.board(),
        operations: run_kernels(&position, TIMING),
    })
}
