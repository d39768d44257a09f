//! The JSON API over HTTP (through the router, no socket): every hostile body gets a 4xx
//! with a JSON message, and the happy paths answer what the game crates say.

mod common;

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use bitgames_web::{Limits, router};
use serde_json::{Value, json};
use tower::ServiceExt;

use common::{post, refused, send, send_with};

const OTHELLO_START: &str = "---------------------------OX------XO--------------------------- X";

#[tokio::test]
async fn a_move_answers_the_new_position_and_its_legal_moves() {
    let (status, state) = post(
        "/api/move",
        json!({"game": "othello", "position": OTHELLO_START, "move": "d3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        state["position"],
        "-------------------X-------XX------XO--------------------------- O"
    );
    assert_eq!(state["side_to_move"], "second");
    assert_eq!(state["outcome"], "ongoing");
    assert_eq!(state["legal_moves"], json!(["c3", "c5", "e3"]));
    assert_eq!(state["board"]["cells"].as_array().map(Vec::len), Some(64));
    assert_eq!(
        state["board"]["cells"][19],
        json!({"name": "d3", "piece": "first", "level": null})
    );
}

#[tokio::test]
async fn every_game_starts_and_moves_through_its_own_notation() {
    for (game, cells) in [("othello", 64), ("santorini", 25), ("amazons", 100)] {
        let (status, state) = post("/api/position", json!({"game": game})).await;
        assert_eq!(status, StatusCode::OK, "{game}: {state}");
        assert_eq!(
            state["board"]["cells"].as_array().map(Vec::len),
            Some(cells)
        );
        let first = state["legal_moves"][0]
            .as_str()
            .expect("a legal move")
            .to_owned();
        let (status, after) = post(
            "/api/move",
            json!({"game": game, "position": state["position"], "move": first}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{game} {first}: {after}");
        assert_ne!(after["position"], state["position"]);
    }
}

#[tokio::test]
async fn santorini_gods_are_chosen_and_their_powers_are_steps() {
    let (status, state) = post(
        "/api/position",
        json!({"game": "santorini", "gods": ["atlas", "Minotaur"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(
        state["position"],
        json!("0000000000000000000000000/1/atlas/minotaur")
    );
    assert_eq!(state["gods"], json!(["atlas", "minotaur"]));
    let (status, state) = post(
        "/api/position",
        json!({"game": "santorini", "position": "0000000000000000000000000/1/atlas:B3,D3/mortal:C4,C2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    // Each legal move with its clicks; Atlas's dome takes the power before its build.
    let moves = state["legal_moves"].as_array().expect("moves");
    let steps = state["legal_steps"].as_array().expect("steps");
    assert_eq!(moves.len(), steps.len());
    let of = |mv: &str| {
        let i = moves
            .iter()
            .position(|m| m == mv)
            .unwrap_or_else(|| panic!("{mv} missing"));
        steps[i].clone()
    };
    assert_eq!(of("B3>B4^C5X"), json!([["B3", "B4", "power", "C5"]]));
    assert_eq!(of("B3>B4^C5"), json!([["B3", "B4", "C5"]]));
    // Othello and the Amazons: a move's squares; a pass has no steps.
    let (_, othello) = post("/api/position", json!({"game": "othello"})).await;
    assert_eq!(othello["legal_steps"][0], json!([["c4"]]));
    assert!(othello.get("gods").is_none());
    // Gods are Santorini's only, and named from the list.
    refused(
        &post(
            "/api/position",
            json!({"game": "santorini", "gods": ["notagod", "mortal"]}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "unknown god \"notagod\": expected one of mortal, apollo",
    );
    refused(
        &post(
            "/api/position",
            json!({"game": "othello", "gods": ["apollo", "mortal"]}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "othello",
    );
    refused(
        &post(
            "/api/position",
            json!({"game": "santorini", "gods": ["apollo"]}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "invalid length 1",
    );
    // The gods and their rules are listed for the page.
    let (_, games) = send("GET", "/api/games", "").await;
    let santorini = games["games"]
        .as_array()
        .and_then(|g| g.iter().find(|g| g["name"] == "santorini"))
        .expect("santorini");
    let gods = bitgames::santorini::God::ALL;
    assert_eq!(santorini["gods"].as_array().map(Vec::len), Some(gods.len()));
    for (i, god) in gods.iter().enumerate() {
        assert_eq!(santorini["gods"][i]["name"], json!(god.name()));
        assert_eq!(santorini["gods"][i]["rule"], json!(god.rule()));
    }
    assert!(gods.iter().any(|god| god.name() == "atlas"));
}

#[tokio::test]
async fn malformed_bodies_are_refused_with_a_json_message() {
    let cases: &[(&str, StatusCode, &str)] = &[
        ("", StatusCode::BAD_REQUEST, "malformed request"),
        ("{", StatusCode::BAD_REQUEST, "malformed request"),
        ("[1, 2]", StatusCode::BAD_REQUEST, "malformed request"),
        ("null", StatusCode::BAD_REQUEST, "malformed request"),
        ("{\"game\": 7}", StatusCode::BAD_REQUEST, "invalid type"),
        (
            "{\"game\": \"othello\"}",
            StatusCode::BAD_REQUEST,
            "missing field",
        ),
        (
            "\u{0}\u{1}binary",
            StatusCode::BAD_REQUEST,
            "malformed request",
        ),
        (
            "{\"game\": \"othello\", \"position\": \"x\", \"move\": \"d3\", \"evil\": 1}",
            StatusCode::BAD_REQUEST,
            "unknown field",
        ),
    ];
    for &(body, status, needle) in cases {
        for path in [
            "/api/move",
            "/api/position",
            "/api/engine-move",
            "/api/kernels",
        ] {
            let answer = send("POST", path, body.to_owned()).await;
            if body == "{\"game\": \"othello\"}"
                && (path == "/api/position" || path == "/api/kernels")
            {
                continue; // a complete request for these two
            }
            refused(&answer, status, needle);
        }
    }
}

#[tokio::test]
async fn unknown_games_bad_positions_and_illegal_moves_say_why() {
    refused(
        &post(
            "/api/move",
            json!({"game": "chess", "position": "", "move": "e4"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "unknown game \"chess\"",
    );
    refused(
        &post("/api/position", json!({"game": "towerdefence"})).await,
        StatusCode::BAD_REQUEST,
        "simultaneous",
    );
    refused(
        &post(
            "/api/position",
            json!({"game": "othello", "position": "XO- X"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid othello position",
    );
    refused(
        &post(
            "/api/position",
            json!({"game": "santorini", "position": "0000000000000000000000000/1/notagod:B3,D3/mortal:C4,C2"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid santorini position",
    );
    // d4 holds a disc: the rules' reason comes back.
    let illegal = post(
        "/api/move",
        json!({"game": "othello", "position": OTHELLO_START, "move": "a1"}),
    )
    .await;
    refused(&illegal, StatusCode::UNPROCESSABLE_ENTITY, "a1");
    refused(
        &post(
            "/api/move",
            json!({"game": "amazons", "position": "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w", "move": "zz"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "zz",
    );
    refused(
        &post(
            "/api/position",
            json!({"game": "othello", "strategy": "quantum"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "unknown othello strategy \"quantum\"",
    );
}

#[tokio::test]
async fn engine_requests_are_bounded() {
    let think = |engine: &str, time_ms: Value| json!({"game": "othello", "position": OTHELLO_START, "engine": engine, "time_ms": time_ms});
    refused(
        &post("/api/engine-move", think("random", json!(0))).await,
        StatusCode::BAD_REQUEST,
        "time_ms must be between 1 and",
    );
    refused(
        &post("/api/engine-move", think("random", json!(86_400_000))).await,
        StatusCode::BAD_REQUEST,
        "time_ms must be between 1 and",
    );
    refused(
        &post("/api/engine-move", think("random", json!(-5))).await,
        StatusCode::BAD_REQUEST,
        "invalid value",
    );
    refused(
        &post("/api/engine-move", think("random", json!(1e300))).await,
        StatusCode::BAD_REQUEST,
        "malformed request",
    );
    refused(
        &post("/api/engine-move", think("deep-thought", json!(10))).await,
        StatusCode::BAD_REQUEST,
        "unknown engine",
    );
    let (status, reply) = post("/api/engine-move", think("alphabeta", json!(50))).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let mv = reply["move"].as_str().expect("a move");
    assert!(["c4", "d3", "e6", "f5"].contains(&mv), "{reply}");
    assert_eq!(reply["state"]["side_to_move"], "second");
}

#[tokio::test]
async fn engine_replies_carry_the_score_and_whether_it_is_exact() {
    let think = |engine: &str, position: &str| json!({"game": "othello", "position": position, "engine": engine, "time_ms": 200});
    let reply = |(status, reply): (StatusCode, Value)| {
        assert_eq!(status, StatusCode::OK, "{reply}");
        reply
    };
    // Eight empties: solved, the score a final disc difference.
    let endgame = format!(
        "{}{}{}",
        "OOOOOOOOXXXXXXXX".repeat(3),
        "O".repeat(8),
        "-".repeat(8)
    );
    let solved = reply(
        post(
            "/api/engine-move",
            think("alphabeta", &format!("{endgame} X")),
        )
        .await,
    );
    assert!(
        solved["info"]
            .as_str()
            .is_some_and(|i| i.contains("solved")),
        "{solved}"
    );
    assert_eq!(solved["exact"], json!(true), "{solved}");
    assert!(
        solved["score"].as_i64().is_some_and(|s| s.abs() <= 64),
        "{solved}"
    );
    // White takes Black's last disc at c1: a forced win, exact though not a solve.
    let win = reply(
        post(
            "/api/engine-move",
            think("alphabeta", &format!("OX{} O", "-".repeat(62))),
        )
        .await,
    );
    assert_eq!(win["move"], "c1", "{win}");
    assert_eq!(win["exact"], json!(true), "{win}");
    assert!(win["score"].as_i64().is_some_and(|s| s > 500_000), "{win}");
    assert_eq!(win["pv"], json!(["c1"]), "the whole line: the game ends");
    // A position out of the book and too open to solve: a heuristic score.
    let open = OTHELLO_START.replacen('-', "X", 1);
    let searched = reply(post("/api/engine-move", think("alphabeta", &open)).await);
    assert!(
        searched["info"]
            .as_str()
            .is_some_and(|i| i.contains("depth")),
        "{searched}"
    );
    assert_eq!(searched["exact"], json!(false), "{searched}");
    assert!(
        searched["score"]
            .as_i64()
            .is_some_and(|s| s.abs() < 500_000),
        "{searched}"
    );
    // Its principal variation starts with the move played and plays out legally.
    let pv: Vec<&str> = searched["pv"]
        .as_array()
        .expect("a pv")
        .iter()
        .map(|m| m.as_str().expect("a move"))
        .collect();
    // (Empty only when an unfinished iteration found a better first move.)
    assert!(pv.is_empty() || pv[0] == searched["move"], "{searched}");
    play_line(open.clone(), &pv).await;
    // Every engine's line starts with its move and plays out legally: the solve's (perfect
    // play, eight empties solved at once), the book's, MCTS's most-visited line.
    let plays_out = |reply: Value, start: String| async move {
        let pv: Vec<String> = reply["pv"]
            .as_array()
            .expect("a pv")
            .iter()
            .map(|m| m.as_str().expect("a move").to_owned())
            .collect();
        assert_eq!(
            pv.first().map(String::as_str),
            reply["move"].as_str(),
            "{reply}"
        );
        let position = play_line(start, &pv).await;
        (pv.len(), position)
    };
    let (plies, end) = plays_out(solved.clone(), format!("{endgame} X")).await;
    assert!(plies > 1, "{solved}");
    let (status, end) = post("/api/position", json!({"game": "othello", "position": end})).await;
    assert_eq!(status, StatusCode::OK, "{end}");
    assert_ne!(
        end["outcome"], "ongoing",
        "a solved line plays to the end: {solved}"
    );
    let book = reply(post("/api/engine-move", think("alphabeta", OTHELLO_START)).await);
    assert!(
        book["info"].as_str().is_some_and(|i| i.contains("book")),
        "{book}"
    );
    let (plies, _) = plays_out(book.clone(), OTHELLO_START.to_owned()).await;
    assert!(plies > 1, "the book goes on after its first move: {book}");
    let mcts = reply(post("/api/engine-move", think("mcts", OTHELLO_START)).await);
    let (plies, _) = plays_out(mcts.clone(), OTHELLO_START.to_owned()).await;
    assert!(
        plies > 1,
        "200 ms of MCTS visits a reply more than once: {mcts}"
    );
    // The random mover reports no score and no line.
    let random = reply(post("/api/engine-move", think("random", OTHELLO_START)).await);
    assert_eq!(random["score"], Value::Null, "{random}");
    assert_eq!(random["exact"], json!(false), "{random}");
    assert_eq!(random["pv"], json!([]), "{random}");
}

/// Plays the Othello moves of `line` from `start` through `/api/move`, each of which must be
/// legal; the position after the last.
async fn play_line(start: String, line: &[impl AsRef<str>]) -> String {
    let mut position = start;
    for mv in line {
        let mv = mv.as_ref();
        let (status, after) = post(
            "/api/move",
            json!({"game": "othello", "position": position, "move": mv}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{mv} in {position}: {after}");
        position = after["position"].as_str().expect("position").to_owned();
    }
    position
}

#[tokio::test]
async fn a_huge_body_is_refused_before_it_is_read() {
    let limits = Limits {
        max_body_bytes: 1024,
        ..Limits::default()
    };
    let huge = format!(
        "{{\"game\": \"othello\", \"position\": \"{}\", \"move\": \"d3\"}}",
        "X".repeat(1 << 20)
    );
    let answer = send_with(limits, "POST", "/api/move", huge).await;
    refused(&answer, StatusCode::PAYLOAD_TOO_LARGE, "length limit");
}

#[tokio::test]
async fn a_finished_game_has_no_moves_for_anyone() {
    // All black: over, black wins.
    let over = format!("{} O", "X".repeat(64));
    let (status, state) = post(
        "/api/position",
        json!({"game": "othello", "position": over}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["outcome"], "first");
    refused(
        &post(
            "/api/move",
            json!({"game": "othello", "position": over, "move": "pass"}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the game is over",
    );
    refused(
        &post(
            "/api/engine-move",
            json!({"game": "othello", "position": over, "engine": "random", "time_ms": 10}),
        )
        .await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the game is over",
    );
}

#[tokio::test]
async fn unknown_paths_and_bad_queries_are_json_4xx() {
    refused(
        &send("GET", "/api/nothing", "").await,
        StatusCode::NOT_FOUND,
        "/api/nothing",
    );
    refused(
        &send("GET", "/api/compare?game=othello&instances=0", "").await,
        StatusCode::BAD_REQUEST,
        "instances must be between 1 and",
    );
    refused(
        &send("GET", "/api/compare?game=othello&instances=-1", "").await,
        StatusCode::BAD_REQUEST,
        "instances",
    );
    refused(
        &send("GET", "/api/compare?game=go", "").await,
        StatusCode::BAD_REQUEST,
        "unknown game",
    );
    refused(
        &send("GET", "/api/compare?game=othello&format=png", "").await,
        StatusCode::BAD_REQUEST,
        "unknown format",
    );
    refused(
        &post(
            "/api/towerdefence/replay",
            json!({"dir": "/nonexistent/game"}),
        )
        .await,
        StatusCode::NOT_FOUND,
        "not a directory",
    );
}

#[tokio::test]
async fn kernels_draw_every_operation_and_every_strategy_agrees() {
    // Every operation the game crates register, and only those.
    use bitgames::bitboard::harness::operations;
    for (game, operations) in [
        (
            "othello",
            operations(&bitgames::othello::operations::kernels()).len(),
        ),
        (
            "amazons",
            operations(&bitgames::amazons::operations::kernels()).len(),
        ),
        (
            "santorini",
            operations(&bitgames::santorini::operations::kernels()).len(),
        ),
    ] {
        // Seed 38's walk ends with Othello's side to move unable to move, 13's before
        // Santorini's workers are placed: a random position is drawn again until it asks
        // (the page once showed nothing for them).
        for seed in [3, 13, 38] {
            let (status, reply) = post("/api/kernels", json!({"game": game, "seed": seed})).await;
            assert_eq!(status, StatusCode::OK, "{game} {seed}: {reply}");
            let ops = reply["operations"].as_array().expect("operations");
            assert_eq!(ops.len(), operations, "{game} {seed}: {reply}");
            for op in ops {
                let timings = op["timings"].as_array().expect("timings");
                assert!(timings.len() >= 3, "{game}: {op}");
                assert!(timings.iter().all(|t| t["agrees"] == true), "{game}: {op}");
            }
        }
    }
    // From the start, Othello's legal moves are the four the rules say.
    let (_, reply) = post(
        "/api/kernels",
        json!({"game": "othello", "position": OTHELLO_START}),
    )
    .await;
    assert_eq!(
        reply["operations"][0]["layers"],
        json!([["d3", "c4", "f5", "e6"]])
    );
}

#[tokio::test]
async fn compare_answers_json_and_the_svg_chart() {
    let (status, report) = send("GET", "/api/compare?game=othello&instances=50", "").await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["game"], "othello");
    assert!(
        report["results"].as_array().is_some_and(|r| r.len() >= 6),
        "{report}"
    );
    let (status, svg) = send(
        "GET",
        "/api/compare?game=amazons&instances=20&format=svg",
        "",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let svg = svg.as_str().expect("svg text");
    assert!(
        svg.starts_with("<svg") && svg.contains("queen_reach"),
        "{svg}"
    );
}

#[tokio::test]
async fn the_static_sites_engine_is_served_beside_the_pages_when_named() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("api-wasm-files");
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    for (name, _) in bitgames_web::WASM_FILES {
        std::fs::write(dir.join(name), format!("the {name}")).expect("written");
    }
    let app = bitgames_web::router_with_wasm(Limits::default(), &dir).expect("the files read");
    for (name, content_type) in bitgames_web::WASM_FILES {
        let response = app
            .clone()
            .oneshot(
                Request::get(format!("/{name}"))
                    .body(Body::empty())
                    .expect("request"),
            )
            .await
            .expect("response");
        assert_eq!(response.status(), StatusCode::OK, "{name}");
        assert_eq!(
            response.headers()[header::CONTENT_TYPE],
            content_type,
            "{name}"
        );
        let body = to_bytes(response.into_body(), 1 << 20).await.expect("body");
        assert_eq!(body, format!("the {name}").as_bytes(), "{name}");
    }
    // The API is the same router's.
    let response = app
        .oneshot(
            Request::get("/api/games")
                .body(Body::empty())
                .expect("request"),
        )
        .await
        .expect("response");
    assert_eq!(response.status(), StatusCode::OK);
    // Without them the server serves no engine (the page then measures on the server only),
    // and a directory missing one is refused at the start, naming the file.
    let (status, _) = send("GET", "/bitgames_wasm_bg.wasm", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    std::fs::remove_file(dir.join("bitgames_wasm_bg.wasm")).expect("removed");
    let err = bitgames_web::router_with_wasm(Limits::default(), &dir).expect_err("a file missing");
    assert!(err.to_string().contains("bitgames_wasm_bg.wasm"), "{err}");
}

#[tokio::test]
async fn the_pages_are_served() {
    let (status, html) = send("GET", "/", "").await;
    assert_eq!(status, StatusCode::OK);
    // Relative links: the same page works as the static site, from any directory.
    assert!(
        html.as_str()
            .is_some_and(|h| h.contains("src=\"app.js\"") && h.contains("href=\"style.css\"")),
        "{html}"
    );
    let (status, js) = send("GET", "/app.js", "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(js.as_str().is_some_and(|j| j.contains("/api/move")));
    // The Compare page's latest chart is the book's: a copy kept equal to docs/compare.svg.
    let (status, svg) = send("GET", "/compare.svg", "").await;
    assert_eq!(status, StatusCode::OK);
    let docs = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/compare.svg"),
    )
    .expect("docs/compare.svg");
    assert!(
        svg.as_str() == Some(docs.as_str()),
        "crates/web/assets/compare.svg is not docs/compare.svg: copy it \
         (cp docs/compare.svg crates/web/assets/compare.svg)"
    );
}

/// The bundled Tower Defence replay, simulated from its commands, is the official game's
/// recording round for round (every field the page draws).
#[tokio::test]
async fn the_bundled_replay_is_the_official_game() {
    let (status, rounds) = send("GET", "/api/towerdefence/sample", "").await;
    assert_eq!(status, StatusCode::OK, "{rounds}");
    let archive = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../towerdefence/tests/data/official-engine-games.tar.gz");
    let games = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-sample-replay");
    let _ = std::fs::remove_dir_all(&games);
    let file = std::fs::File::open(&archive).expect("the official games archive");
    tar::Archive::new(flate2::read::GzDecoder::new(file))
        .unpack(&games)
        .expect("unpacked");
    let dir = games.join("v300_iron_curtain_with_teslas");
    let (status, recorded) = post(
        "/api/towerdefence/replay",
        json!({"dir": dir.display().to_string()}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{recorded}");
    let [rounds, recorded] = [&rounds, &recorded].map(|r| r.as_array().expect("rounds"));
    assert_eq!(rounds.len(), recorded.len());
    assert_eq!(rounds.len(), 77);
    for (simulated, recorded) in rounds.iter().zip(recorded) {
        assert_eq!(simulated, recorded, "round {}", recorded["round"]);
    }
    assert_eq!(rounds[76]["players"][1]["health"], 0, "B's base falls");
    let _ = std::fs::remove_dir_all(&games);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thinking_games_are_bounded_by_the_semaphore() {
    // One thinking slot and no patience: while one game thinks, a second is turned away.
    let limits = Limits {
        max_thinking: 1,
        queue_wait: std::time::Duration::from_millis(50),
        ..Limits::default()
    };
    let app = router(limits);
    let think = |time_ms: u64| {
        Request::builder()
            .method("POST")
            .uri("/api/engine-move")
            .body(Body::from(
                json!({"game": "othello", "position": OTHELLO_START, "engine": "mcts", "time_ms": time_ms})
                    .to_string(),
            ))
            .expect("request")
    };
    let first = tokio::spawn(app.clone().oneshot(think(800)));
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let second = app.clone().oneshot(think(10)).await.expect("infallible");
    assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body = to_bytes(second.into_body(), 1 << 16).await.expect("body");
    assert!(String::from_utf8_lossy(&body).contains("busy"));
    let first = first.await.expect("task").expect("infallible");
    assert_eq!(first.status(), StatusCode::OK);
    // The slot is free again.
    let third = app.oneshot(think(10)).await.expect("infallible");
    assert_eq!(third.status(), StatusCode::OK);
}

/// `position` and `mv` with one to three random edits (a character removed, doubled,
/// swapped or replaced from `alphabet`), each in the move one time in four.
fn mutate(
    position: &str,
    mv: &str,
    alphabet: &[char],
    next: &mut impl FnMut(usize) -> usize,
) -> (String, String) {
    let mut chars: Vec<char> = position.chars().collect();
    let mut move_chars: Vec<char> = mv.chars().collect();
    for _ in 0..=next(3) {
        let target = if next(4) == 0 {
            &mut move_chars
        } else {
            &mut chars
        };
        if target.is_empty() {
            continue;
        }
        let i = next(target.len());
        match next(4) {
            0 => {
                target.remove(i);
            }
            1 => target.insert(i, target[i]),
            2 => {
                let j = next(target.len());
                target.swap(i, j);
            }
            _ => target[i] = alphabet[next(alphabet.len())],
        }
    }
    (
        chars.into_iter().collect(),
        move_chars.into_iter().collect(),
    )
}

/// Mutated positions and moves (characters swapped, dropped, duplicated, replaced with
/// piece letters): every answer is a 200 or a 4xx with a message, never a 500 or a panic.
/// The release build aborts on panic, so one panic in a parser would stop the server.
#[tokio::test]
async fn mutated_positions_and_moves_never_break_the_server() {
    let starts = [
        ("othello", OTHELLO_START, "d3"),
        (
            "santorini",
            "0120001200001000000000000/2/mortal:B3,D3/mortal:C4,C2",
            "C4>B5^A5",
        ),
        (
            "amazons",
            "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w",
            "d1-d7/d2",
        ),
    ];
    let alphabet: Vec<char> = "XOxo*-./0123456789:,>^#qQwb abcdefghijkmortal\u{e9}\u{0}"
        .chars()
        .collect();
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for (game, position, mv) in starts {
        let (status, body) = post(
            "/api/move",
            json!({"game": game, "position": position, "move": mv}),
        )
        .await;
        assert_eq!(
            status,
            StatusCode::OK,
            "{game}: the unmutated position and move: {body}"
        );
        let mut accepted = 0;
        for round in 0..400 {
            let (position, mv) = mutate(position, mv, &alphabet, &mut next);
            let answers = [
                post("/api/position", json!({"game": game, "position": position})).await,
                post(
                    "/api/move",
                    json!({"game": game, "position": position, "move": mv}),
                )
                .await,
            ];
            for (status, body) in answers {
                accepted += usize::from(status == StatusCode::OK);
                assert!(
                    status == StatusCode::OK
                        || (status.is_client_error() && body["error"].is_string()),
                    "{game} round {round}: {position:?} {mv:?} -> {status} {body}"
                );
            }
            if round % 20 == 0 {
                let (status, body) = post(
                    "/api/engine-move",
                    json!({"game": game, "position": position, "engine": "alphabeta", "time_ms": 5}),
                )
                .await;
                assert!(
                    status == StatusCode::OK || status.is_client_error(),
                    "{game}: {position:?} -> {status} {body}"
                );
            }
        }
        // Mutations that still parse reach the rules and the engine, not only the parser.
        assert!(
            accepted > 40,
            "{game}: only {accepted} of 800 requests accepted"
        );
    }
}

/// Issue 22: a 405 had an empty body. Every wrong method on a known path is a JSON 405 that
/// says what was asked, with the `Allow` header naming the right method.
#[tokio::test]
async fn a_wrong_method_is_a_json_405_with_the_allowed_method() {
    for (method, path, allowed) in [
        ("GET", "/api/move", "POST"),
        ("PUT", "/api/position", "POST"),
        ("DELETE", "/api/engine-move", "POST"),
        ("POST", "/api/compare?game=othello", "GET"),
        ("POST", "/api/games", "GET"),
        ("PATCH", "/", "GET"),
    ] {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::from("{}"))
            .expect("request");
        let response = router(Limits::default())
            .oneshot(request)
            .await
            .expect("infallible");
        assert_eq!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        let allow = response
            .headers()
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        assert!(allow.contains(allowed), "{method} {path}: Allow {allow:?}");
        assert!(
            response
                .headers()
                .get(header::CONTENT_TYPE)
                .is_some_and(|v| v.as_bytes().starts_with(b"application/json")),
            "{method} {path}: {:?}",
            response.headers()
        );
        let bytes = to_bytes(response.into_body(), 1 << 16).await.expect("body");
        let body: Value = serde_json::from_slice(&bytes).expect("a JSON body");
        let message = body["error"].as_str().expect("an error message");
        let bare = path.split('?').next().unwrap_or(path);
        assert!(
            message.contains(&format!("method {method} is not allowed on {bare}")),
            "{method} {path}: {message}"
        );
    }
}

/// Issue 22: `instances=100000` of Amazons held a thinking slot for ~14 s. The instances are
/// capped so that a compare is a few seconds of work, and the cap is said in the error.
#[tokio::test]
async fn compare_instances_are_capped_to_a_few_seconds_of_work() {
    refused(
        &send("GET", "/api/compare?game=amazons&instances=100000", "").await,
        StatusCode::BAD_REQUEST,
        "instances must be between 1 and 10000, not 100000",
    );
    let limits = Limits {
        max_compare_instances: 30,
        ..Limits::default()
    };
    refused(
        &send_with(limits, "GET", "/api/compare?game=othello&instances=31", "").await,
        StatusCode::BAD_REQUEST,
        "between 1 and 30",
    );
}

/// A compare that overruns its time cap is answered 503 at the cap, with the reason.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_compare_past_its_time_cap_is_a_json_503() {
    let limits = Limits {
        compare_time: std::time::Duration::from_millis(100),
        ..Limits::default()
    };
    let started = std::time::Instant::now();
    let answer = send_with(limits, "GET", "/api/compare?game=othello&instances=100", "").await;
    refused(
        &answer,
        StatusCode::SERVICE_UNAVAILABLE,
        "the compare did not finish within",
    );
    // Answered at the cap, not when the compare ends (over a second for Othello).
    assert!(
        started.elapsed() < std::time::Duration::from_secs(1),
        "answered after {:?}",
        started.elapsed()
    );
}

/// Compares run in their own lane: while one runs and another waits for it, engine moves
/// (with a single thinking slot) are answered at once, never refused behind them, and a
/// compare that finds its lane full is the one turned away.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_moves_are_never_refused_behind_compares() {
    let limits = Limits {
        max_thinking: 1,
        max_comparing: 1,
        queue_wait: std::time::Duration::from_millis(300),
        ..Limits::default()
    };
    let app = router(limits);
    let get = |path: &str| {
        Request::builder()
            .method("GET")
            .uri(path)
            .body(Body::empty())
            .expect("request")
    };
    let compare = tokio::spawn(
        app.clone()
            .oneshot(get("/api/compare?game=othello&instances=200")),
    );
    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    // The compare lane is full: a second compare waits 300 ms, then is refused.
    let second = app
        .clone()
        .oneshot(get("/api/compare?game=amazons&instances=10"))
        .await
        .expect("infallible");
    assert_eq!(second.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body = to_bytes(second.into_body(), 1 << 16).await.expect("body");
    assert!(
        String::from_utf8_lossy(&body).contains("compares are already running"),
        "{}",
        String::from_utf8_lossy(&body)
    );
    // The thinking slot is free all along.
    for _ in 0..5 {
        let request = Request::builder()
            .method("POST")
            .uri("/api/engine-move")
            .body(Body::from(
                json!({"game": "othello", "position": OTHELLO_START, "engine": "alphabeta", "time_ms": 1})
                    .to_string(),
            ))
            .expect("request");
        let answer = app.clone().oneshot(request).await.expect("infallible");
        assert_eq!(answer.status(), StatusCode::OK);
    }
    assert!(
        !compare.is_finished(),
        "the compare ended too soon to test anything"
    );
    let first = compare.await.expect("task").expect("infallible");
    assert_eq!(first.status(), StatusCode::OK);
}

/// A game directory whose command file is a FIFO: refused at once with a 400 naming it,
/// every time (the old reader waited for a writer forever, holding a thinking slot for
/// each request, until every engine move got 503).
#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_directory_holding_a_fifo_is_refused_at_once() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-replay-fifo");
    let _ = std::fs::remove_dir_all(&dir);
    let state = bitgames::towerdefence::State::start().to_json();
    for round in ["Round 001", "Round 002"] {
        std::fs::create_dir_all(dir.join(round)).expect("round folder");
        std::fs::write(dir.join(round).join("state.json"), &state).expect("state.json");
    }
    std::fs::write(dir.join("Round 001/OpponentCommand.txt"), "").expect("command");
    let made = std::process::Command::new("mkfifo")
        .arg(dir.join("Round 001/PlayerCommand.txt"))
        .status()
        .expect("mkfifo");
    assert!(made.success());
    let body = json!({"dir": dir.display().to_string()});
    for _ in 0..2 {
        let answer = tokio::time::timeout(
            std::time::Duration::from_secs(10),
            post("/api/towerdefence/replay", body.clone()),
        )
        .await
        .expect("an answer within 10 s");
        refused(
            &answer,
            StatusCode::BAD_REQUEST,
            "PlayerCommand.txt: is a FIFO",
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every endpoint runs on the strategy the request names and says which: `/api/position`
/// and `/api/move` once validated `strategy` and then used the fastest kernels anyway.
#[tokio::test]
async fn every_endpoint_honours_the_strategy() {
    for strategy in ["naive", "shift", "table"] {
        let (status, state) = post(
            "/api/position",
            json!({"game": "othello", "strategy": strategy}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(state["strategy"], json!(strategy), "{state}");
        assert_eq!(state["legal_moves"], json!(["c4", "d3", "e6", "f5"]));

        let (status, state) = post(
            "/api/move",
            json!({"game": "amazons", "position": "3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w", "move": "d1-d7/d2", "strategy": strategy}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{state}");
        assert_eq!(state["strategy"], json!(strategy), "{state}");

        let (status, reply) = post(
            "/api/engine-move",
            json!({"game": "othello", "position": OTHELLO_START, "engine": "random", "time_ms": 5, "strategy": strategy}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        assert_eq!(reply["state"]["strategy"], json!(strategy), "{reply}");
    }
    // With none named, the fastest.
    let (_, state) = post("/api/position", json!({"game": "santorini"})).await;
    assert_eq!(state["strategy"], json!("shift"), "{state}");
    // A strategy of the game, refused on a move as on a position.
    refused(
        &post(
            "/api/move",
            json!({"game": "othello", "position": OTHELLO_START, "move": "d3", "strategy": "galloping"}),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "unknown othello strategy \"galloping\"",
    );
}

#[tokio::test]
async fn hints_value_every_legal_move_from_the_movers_side() {
    // The start: the four moves, sorted, each a search's guess near even for Black.
    let (status, reply) = post(
        "/api/hints",
        json!({ "game": "othello", "position": bitgames::othello::Position::start().to_string(), "time_ms": 200 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let hints = reply["hints"].as_array().expect("hints");
    let moves: Vec<&str> = hints.iter().filter_map(|h| h["move"].as_str()).collect();
    assert_eq!(moves, ["c4", "d3", "e6", "f5"]);
    for hint in hints {
        let score = hint["score"].as_i64().expect("a score");
        assert!(
            score.abs() < 2_000 && hint["exact"] == json!(false),
            "{hint}"
        );
    }
    // Black's only move is a pass, after which White takes the last black disc: a proven
    // loss for Black, whichever way it is found (a solve's margin or a forced loss).
    let position = format!("OX{} X", "-".repeat(62));
    let (status, reply) = post(
        "/api/hints",
        json!({ "game": "othello", "position": position, "time_ms": 200 }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let hints = reply["hints"].as_array().expect("hints");
    assert_eq!(hints.len(), 1, "{reply}");
    assert_eq!(hints[0]["move"], json!("pass"));
    assert_eq!(hints[0]["exact"], json!(true), "{reply}");
    assert!(hints[0]["score"].as_i64().is_some_and(|s| s < 0), "{reply}");
    // Bounded like an engine's time.
    refused(
        &post(
            "/api/hints",
            json!({ "game": "othello", "position": position, "time_ms": 0 }),
        )
        .await,
        StatusCode::BAD_REQUEST,
        "time_ms must be between 1",
    );
}
