//! The Compare page's API: `bitgames compare` for one game ([`bitgames::compare`]), as its
//! JSON record or its SVG chart. The server runs it natively (`GET /api/compare`, in the
//! compare lane); the static site's worker runs the same code in the browser, so the page
//! shows the strategies measured there.

use bitgames::GameName;
use bitgames::compare::Report;
use serde::Deserialize;

use crate::ApiError;

/// What to compare: `GET /api/compare?game=&instances=&seed=&format=` on the server, the
/// same fields as a JSON body to the static site's worker.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompareRequest {
    /// `santorini`, `othello`, `amazons` or `towerdefence`.
    pub game: String,
    /// Random instances to check and time on (2,000 when absent).
    pub instances: Option<usize>,
    /// The instances' seed (1 when absent).
    pub seed: Option<u64>,
    /// `json` (the default) or `svg`.
    pub format: Option<String>,
}

/// A checked compare request, ready to [`run`](Compare::run).
#[derive(Debug, Clone, Copy)]
pub struct Compare {
    game: GameName,
    instances: usize,
    seed: u64,
    /// Whether the answer is the SVG chart (else the JSON record).
    pub svg: bool,
}

/// What a compare answers: the JSON record, or the chart.
#[derive(Debug, Clone)]
pub enum CompareReply {
    /// `bitgames compare --json`'s record.
    Report(Report),
    /// The chart of `bitgames compare --svg`.
    Svg(String),
}

impl Compare {
    /// Checks `request`: a known game and format, 1 to `max_instances` instances.
    pub fn new(request: &CompareRequest, max_instances: usize) -> Result<Compare, ApiError> {
        let game: GameName = request
            .game
            .parse()
            .map_err(|err: bitgames::UnknownGame| ApiError::BadRequest(err.to_string()))?;
        let instances = request.instances.unwrap_or(2_000);
        if instances == 0 || instances > max_instances {
            return Err(ApiError::BadRequest(format!(
                "instances must be between 1 and {max_instances}, not {instances}"
            )));
        }
        let svg = match request.format.as_deref() {
            None | Some("json") => false,
            Some("svg") => true,
            Some(other) => {
                return Err(ApiError::BadRequest(format!(
                    "unknown format {other:?}; choose json or svg"
                )));
            }
        };
        Ok(Compare {
            game,
            instances,
            seed: request.seed.unwrap_or(1),
            svg,
        })
    }

    /// Checks every strategy against naive on the instances, then times them (seconds).
    pub fn run(self) -> Result<CompareReply, ApiError> {
        let report = bitgames::compare::compare(self.game, self.instances, self.seed, false)
            .map_err(|err| ApiError::Internal(format!("{err:#}")))?;
        Ok(if self.svg {
            CompareReply::Svg(bitgames::compare::svg::chart(std::slice::from_ref(&report)))
        } else {
            CompareReply::Report(report)
        })
    }
}
