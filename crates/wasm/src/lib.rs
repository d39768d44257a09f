//! The web app's Play page without a server: the same JSON requests and answers as
//! `bitgames serve`'s `/api/games`, `/api/position`, `/api/move`, `/api/engine-move` and
//! `/api/hints`
//! ([`bitgames_web::play`]), computed in the browser through wasm-bindgen.
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
use bitgames_web::play::{self, EngineRequest, HintsRequest, MoveRequest, PositionRequest};
use serde::de::DeserializeOwned;
use wasm_bindgen::prelude::wasm_bindgen;

/// The longest thinking time a request may ask for, in milliseconds (the server's default).
pub const MAX_TIME_MS: u64 = 10_000;

/// Answers the request `body` (JSON) to the API endpoint `path` (`/api/games`,
/// `/api/position`, `/api/move`, `/api/engine-move` or `/api/hints`) with the JSON the server would
/// send, or the server's error message.
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
        _ => {
            return Err(ApiError::NotFound(format!(
                "no such endpoint in the browser's engine: {path} (the Kernels, Compare and \
                 Tower Defence pages need `bitgames serve`)"
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
    fn refusals_carry_the_servers_messages() {
        let err = api(
            "/api/move",
            r#"{"game":"othello","position":"nonsense","move":"d3"}"#,
        )
        .unwrap_err();
        assert!(err.contains("invalid othello position"), "{err}");
        let err = api("/api/kernels", "{}").unwrap_err();
        assert!(err.contains("bitgames serve"), "{err}");
        let body = r#"{"game":"amazons","position":"3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w","engine":"mcts","time_ms":100000}"#;
        let err = api("/api/engine-move", body).unwrap_err();
        assert!(err.contains("time_ms must be between 1 and 10000"), "{err}");
    }
}
