//! The web app without a server: the same JSON requests and answers as `bitgames serve`'s
//! `/api/games`, `/api/position`, `/api/move`, `/api/engine-move` and `/api/hints`
//! ([`bitgames_web::play`]), `/api/kernels` ([`bitgames_web::kernels`]), `/api/compare`
//! ([`bitgames_web::compare`]: measured in the browser) and `/api/towerdefence/sample`
//! (the bundled replay, [`bitgames_web::towerdefence::sample`]), computed in the browser
//! through wasm-bindgen. Only the replay of a directory on disk needs the server.
//!
//! `cargo xtask web-static DIR` builds this crate for `wasm32-unknown-unknown`, runs
//! `wasm-bindgen --target no-modules` on it and writes the site beside it: the page's
//! `app.js` sends its requests to `worker.js`, a Web Worker that calls [`api`], so an
//! engine thinking for seconds never freezes the page.
//!
//! The engines keep time with the browser's clock (web-time), so alpha-beta and MCTS stop at
//! their budget, capped at [`MAX_TIME_MS`] like the server's default limit.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

use bitgames_web::ApiError;
use bitgames_web::compare::{Compare, CompareReply, CompareRequest};
use bitgames_web::play::{self, EngineRequest, HintsRequest, MoveRequest, PositionRequest};
use bitgames_web::{kernels, towerdefence};
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::wasm_bindgen;

/// The longest thinking time a request may ask for, in milliseconds (the server's default).
pub const MAX_TIME_MS: u64 = 10_000;

/// The most instances a compare may ask for (the server's default limit).
pub const MAX_COMPARE_INSTANCES: usize = 10_000;

/// Answers the request `body` (JSON) to the API endpoint `path` (`/api/games`,
/// `/api/position`, `/api/move`, `/api/engine-move`, `/api/hints`, `/api/kernels`,
/// `/api/compare` or `/api/towerdefence/sample`) with the JSON the server would send, or the
/// server's error message. `/api/compare` takes the server's query fields as a JSON body
/// (`{"game": "othello", "instances": 200, "format": "svg"}`) and answers the SVG chart as a
/// JSON string.
///
/// # Errors
///
/// The message the server would put in its `{"error": ...}` answer: an unknown path, a
/// malformed body, an illegal move, an unknown engine, a finished game.
#[wasm_bindgen]
pub fn api(path: &str, body: &str) -> Result<String, String> {
    answer(path, body).map_err(|err| err.to_string())
}

/// [`api`] with the error as the server's type.
pub fn answer(path: &str, body: &str) -> Result<String, ApiError> {
    let json = match path {
        "/api/games" => play::games(),
        "/api/position" => to_json(play::show(read::<PositionRequest>(body)?)?),
        "/api/move" => to_json(play::play(read::<MoveRequest>(body)?)?),
        "/api/engine-move" => {
            let think = play::Think::new(read::<EngineRequest>(body)?, MAX_TIME_MS)?;
            to_json(think.run()?)
        }
        "/api/hints" => {
            let hints = play::Hints::new(read::<HintsRequest>(body)?, MAX_TIME_MS)?;
            to_json(hints.run()?)
        }
        "/api/kernels" => to_json(kernels::run(&read(body)?)?),
        "/api/compare" => {
            let compare = Compare::new(&read::<CompareRequest>(body)?, MAX_COMPARE_INSTANCES)?;
            match compare.run()? {
                CompareReply::Report(report) => to_json(report),
                CompareReply::Svg(svg) => serde_json::Value::String(svg),
            }
        }
        "/api/towerdefence/sample" => to_json(towerdefence::sample()?),
        _ => {
            return Err(ApiError::NotFound(format!(
                "no such endpoint in the browser's engine: {path} (opening a Tower Defence \
                 game directory needs `bitgames serve`)"
            )));
        }
    };
    Ok(json.to_string())
}

fn read<T: DeserializeOwned>(body: &str) -> Result<T, ApiError> {
    serde_json::from_str(body).map_err(|err| ApiError::Json(err.to_string()))
}

fn to_json(value: impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(value)
        .unwrap_or_else(|err| serde_json::json!({ "error": err.to_string() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_starts_and_an_engine_answers() {
        let start: serde_json::Value =
            serde_json::from_str(&api("/api/position", r#"{"game":"othello"}"#).unwrap()).unwrap();
        assert_eq!(start["legal_moves"].as_array().map(Vec::len), Some(4));
        let body = serde_json::json!({
            "game": "othello", "position": start["position"], "engine": "alphabeta", "time_ms": 20,
        });
        let reply: serde_json::Value =
            serde_json::from_str(&api("/api/engine-move", &body.to_string()).unwrap()).unwrap();
        let mv = reply["move"].as_str().unwrap();
        assert!(["c4", "d3", "e6", "f5"].contains(&mv), "{mv}");
        assert_eq!(reply["state"]["side_to_move"], "second");
    }

    #[test]
    fn kernels_compare_and_the_bundled_replay_answer() {
        let reply: serde_json::Value =
            serde_json::from_str(&api("/api/kernels", r#"{"game":"othello"}"#).unwrap()).unwrap();
        assert_eq!(reply["board"]["cells"].as_array().map(Vec::len), Some(64));
        assert!(
            reply["operations"]
                .as_array()
                .is_some_and(|ops| !ops.is_empty())
        );
        let body = r#"{"game":"amazons","instances":20,"format":"svg"}"#;
        let svg: serde_json::Value =
            serde_json::from_str(&api("/api/compare", body).unwrap()).unwrap();
        assert!(
            svg.as_str().is_some_and(|svg| svg.starts_with("<svg")),
            "{svg}"
        );
        let rounds: serde_json::Value =
            serde_json::from_str(&api("/api/towerdefence/sample", "").unwrap()).unwrap();
        assert_eq!(rounds.as_array().map(Vec::len), Some(77));
    }

    #[test]
    fn refusals_carry_the_servers_messages() {
        let err = api(
            "/api/move",
            r#"{"game":"othello","position":"nonsense","move":"d3"}"#,
        )
        .unwrap_err();
        assert!(err.contains("invalid othello position"), "{err}");
        let err = api("/api/towerdefence/replay", r#"{"dir":"/tmp"}"#).unwrap_err();
        assert!(err.contains("bitgames serve"), "{err}");
        let err = api("/api/compare", r#"{"game":"othello","instances":0}"#).unwrap_err();
        assert!(
            err.contains("instances must be between 1 and 10000"),
            "{err}"
        );
        let body = r#"{"game":"amazons","position":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w","engine":"mcts","time_ms":100000}"#;
        let err = api("/api/engine-move", body).unwrap_err();
        assert!(err.contains("time_ms must be between 1 and 10000"), "{err}");
    }
}
