//! Santorini text sent to the web app under hostile use (issue 38): a long move is a 422
//! with a short message, never a crashed server, and the gods of `/api/position` are
//! written into the position text.

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};

use common::post;

/// A 4xx whose JSON `error` contains `needle` and is short.
fn refused(answer: &(StatusCode, Value), status: StatusCode, needle: &str) {
    common::refused(answer, status, needle);
    let message = answer.1["error"].as_str().unwrap_or_default();
    assert!(
        message.len() < 1000,
        "{} bytes: {message:.300}",
        message.len()
    );
}

const PROMETHEUS: &str = "0000000000000000000000000/1/prometheus:B3,D3/mortal:C4,C2";

/// The reproducer: one 24 KB move of leading `^A1 ` overflowed the parser's stack
/// and took the whole server down. Also at the body limit's size.
#[tokio::test]
async fn a_long_build_first_move_is_refused_not_a_crashed_server() {
    for prefixes in [6_000, 15_000] {
        let hostile = format!("{}B3>B4^B3", "^A1 ".repeat(prefixes));
        let answer = post(
            "/api/move",
            json!({"game": "santorini", "position": PROMETHEUS, "move": hostile}),
        )
        .await;
        refused(
            &answer,
            StatusCode::UNPROCESSABLE_ENTITY,
            &format!(
                "{} bytes long, but no move is longer than 64",
                hostile.len()
            ),
        );
    }
    // The server still answers, and Prometheus's one build first is a move.
    let (status, state) = post(
        "/api/move",
        json!({"game": "santorini", "position": PROMETHEUS, "move": "^A2 B3>B4^B3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        state["position"],
        json!("0000000000010001000000000/2/prometheus:B4,D3/mortal:C4,C2")
    );
}

/// `gods` dropped `athena[^]` and kept a win decided under the text's own gods; a marker
/// inside a god's name was read as a marker.
#[tokio::test]
async fn gods_are_written_into_the_position_and_names_are_exact() {
    let held = "0000000000001000000000000/1/mortal:B3,D3/athena[^]:C4,C2";
    let (status, state) = post(
        "/api/position",
        json!({"game": "santorini", "position": held, "gods": ["apollo", "athena"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        state["position"],
        json!("0000000000001000000000000/1/apollo:B3,D3/athena[^]:C4,C2")
    );
    let moves = state["legal_moves"].as_array().expect("moves");
    assert!(
        !moves
            .iter()
            .any(|m| m.as_str().unwrap().starts_with("B3>C3"))
    );
    // Player 2 on level 3 after its move: no win with Apollo in the game.
    let on_three = "0000000300000000000000000/1/mortal:B3,D3/mortal:C4,C2";
    let (status, state) = post(
        "/api/position",
        json!({"game": "santorini", "position": on_three, "gods": ["apollo", "mortal"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert!(!state["legal_moves"].as_array().expect("moves").is_empty());
    refused(
        &post(
            "/api/position",
            json!({"game": "santorini", "position": "0000000000000000000000000/1/ath#ena:B3,D3/mortal:C4,C2"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "\"ath#ena\" is not a god's name",
    );
}
