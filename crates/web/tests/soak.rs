//! A short soak over a real socket (127.0.0.1 only): while clients keep the compare lane
//! busy and queued, small requests (a position, a 1 ms engine move) stay quick. Issue 22:
//! compares held the thinking slots, so a 1 ms engine move waited 30 s and got a 503.
//!
//! Bounded in time: a few seconds of load, then the compares in flight finish.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::thread;
use std::time::{Duration, Instant};

use bitgames_web::{Limits, serve};
use serde_json::{Value, json};

const OTHELLO_START: &str = "---------------------------OX------XO--------------------------- X";

/// How long the load runs.
const SOAK: Duration = Duration::from_secs(4);

/// One HTTP/1.1 request on a fresh connection (blocking, from a client thread): the status
/// and the body.
fn request(address: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .expect("timeout");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).expect("write");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("read");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let body = answer
        .split_once("\r\n\r\n")
        .map_or(String::new(), |(_, b)| b.to_owned());
    (status, body)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

/// A client asking for compares of `game` back to back until `until`: how many were
/// answered (a 503 is the lane's refusal, allowed under this load).
fn compare_client(
    address: SocketAddr,
    game: &'static str,
    until: Instant,
) -> thread::JoinHandle<usize> {
    thread::spawn(move || {
        let mut answered = 0;
        while Instant::now() < until {
            let path = format!("/api/compare?game={game}&instances=200");
            let (status, body) = request(address, "GET", &path, "");
            assert!(status == 200 || status == 503, "compare: {status} {body}");
            answered += usize::from(status == 200);
        }
        answered
    })
}

/// Client number `client` of small requests until `until`, a position and a 1 ms engine move
/// in turn (the two clients out of step): each one's latency.
fn small_client(
    address: SocketAddr,
    client: usize,
    until: Instant,
) -> thread::JoinHandle<Vec<Duration>> {
    thread::spawn(move || {
        let mut latencies = Vec::new();
        let mut n = 0usize;
        while Instant::now() < until {
            let (path, body) = if (n + client).is_multiple_of(2) {
                ("/api/position", json!({"game": "othello"}))
            } else {
                (
                    "/api/engine-move",
                    json!({"game": "othello", "position": OTHELLO_START,
                           "engine": "alphabeta", "time_ms": 1}),
                )
            };
            let started = Instant::now();
            let (status, answer) = request(address, "POST", path, &body.to_string());
            latencies.push(started.elapsed());
            assert_eq!(status, 200, "{path}: {answer}");
            let answer: Value = serde_json::from_str(&answer).expect("JSON");
            assert!(answer.is_object(), "{path}: {answer}");
            n += 1;
            thread::sleep(Duration::from_millis(2));
        }
        latencies
    })
}

#[test]
fn small_requests_stay_quick_while_compares_run() {
    // The server on its own runtime, as `bitgames serve` runs it; the clients are threads.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .expect("bind");
    let address = listener.local_addr().expect("address");
    // As `bitgames serve` on a 2-core machine: two thinking slots, one compare lane.
    let limits = Limits {
        max_thinking: 2,
        max_comparing: 1,
        ..Limits::default()
    };
    runtime.spawn(serve(listener, limits));

    let until = Instant::now() + SOAK;
    // Two clients asking for compares back to back (about a second each): one runs, the
    // other waits for the lane. Before the lanes, the two held both thinking slots.
    let compares: Vec<_> = ["amazons", "santorini"]
        .into_iter()
        .map(|game| compare_client(address, game, until))
        .collect();
    // Let the first compare start.
    thread::sleep(Duration::from_millis(200));

    // Two clients of small requests, one after another: a position, a 1 ms engine move.
    let small: Vec<_> = (0..2)
        .map(|client| small_client(address, client, until))
        .collect();

    let mut latencies = Vec::new();
    for client in small {
        latencies.extend(client.join().expect("a small-request client"));
    }
    let mut compared = 0;
    for client in compares {
        compared += client.join().expect("a compare client");
    }
    latencies.sort();
    let p50 = percentile(&latencies, 0.50);
    let p99 = percentile(&latencies, 0.99);
    let worst = latencies.last().copied().unwrap_or_default();
    eprintln!(
        "{} small requests: p50 {p50:?}, p99 {p99:?}, worst {worst:?}; {compared} compares answered",
        latencies.len()
    );
    assert!(
        latencies.len() >= 100,
        "only {} small requests",
        latencies.len()
    );
    assert!(compared >= 1, "no compare finished: the load was not there");
    assert!(
        p99 < Duration::from_millis(100),
        "p99 {p99:?} (p50 {p50:?}, worst {worst:?}) over {} small requests",
        latencies.len()
    );
    // The compares in flight end with the clients; nothing is left running.
    runtime.shutdown_timeout(Duration::from_secs(10));
}
