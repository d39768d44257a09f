//! What the web app's API tests share: requests through the router (no socket) and the check
//! of a refusal's JSON message.

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use bitgames_web::{Limits, router};
use serde_json::Value;
use tower::ServiceExt;

/// `METHOD PATH` with `body` through the default router: the status and the JSON answer (a
/// JSON string holding the text when the answer is not JSON).
pub async fn send(method: &str, path: &str, body: impl Into<Body>) -> (StatusCode, Value) {
    send_with(Limits::default(), method, path, body).await
}

/// [`send`] through a router with `limits`.
pub async fn send_with(
    limits: Limits,
    method: &str,
    path: &str,
    body: impl Into<Body>,
) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.into())
        .expect("request");
    let response = router(limits).oneshot(request).await.expect("infallible");
    let status = response.status();
    let bytes = to_bytes(response.into_body(), 10 << 20)
        .await
        .expect("body");
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

/// `POST PATH` with the JSON `body`.
pub async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    send("POST", path, body.to_string()).await
}

/// A 4xx whose JSON `error` contains `needle`.
pub fn refused(answer: &(StatusCode, Value), status: StatusCode, needle: &str) {
    assert_eq!(answer.0, status, "{answer:?}");
    let message = answer.1["error"]
        .as_str()
        .unwrap_or_else(|| panic!("no error: {answer:?}"));
    assert!(message.contains(needle), "{needle:?} not in {message:?}");
}
