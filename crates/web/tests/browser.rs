//! The web app in a real browser: headless Chromium driven over WebDriver by fantoccini.
//!
//! Needs `/usr/bin/chromedriver` and Chromium (Debian: `apt-get install chromium
//! chromium-driver`; `cargo xtask test` installs them when missing). Without them this test
//! fails, on purpose: a browser check that silently skips checks nothing.
//!
//! The static site's test needs the site built first, into `target/web-static` (or the
//! directory `BITGAMES_WEB_STATIC` names): `cargo xtask web-static target/web-static`
//! (`cargo xtask test` does it). Without it, or with one built from other pages, it fails.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener as StdListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bitgames::othello;
use bitgames::search::{Outcome, Player};
use fantoccini::elements::Element;
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{Value, json};

const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Kills chromedriver (and so its Chromium) and removes the profile directory, even when
/// an assertion fails half-way.
struct Driver {
    child: Child,
    profile: PathBuf,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn free_port() -> u16 {
    let listener = StdListener::bind("127.0.0.1:0").expect("a free loopback port");
    listener.local_addr().expect("its address").port()
}

fn start_chromedriver(scratch: &Path) -> (Driver, u16) {
    assert!(
        Path::new(CHROMEDRIVER).exists(),
        "{CHROMEDRIVER} is missing: the browser test needs Chromium and its WebDriver. Install \
         them with `apt-get install -y chromium chromium-driver` (cargo xtask test does it)"
    );
    let port = free_port();
    let profile = scratch.join("chromium-profile");
    std::fs::create_dir_all(&profile).expect("profile directory");
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let driver = Driver { child, profile };
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let start = Instant::now();
    while TcpStream::connect_timeout(&addr, Duration::from_millis(200)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "chromedriver did not listen on {addr}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    (driver, port)
}

async fn connect(port: u16, profile: &Path) -> Client {
    // The machine's network is closed: these flags stop Chromium's background connections.
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1400,1100",
    ];
    let mut args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".to_owned(), json!({ "args": args }));
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("a Chromium session through chromedriver")
}

/// Evaluates `script` (a function body) in the page.
async fn eval(client: &Client, script: &str) -> Value {
    client.execute(script, vec![]).await.expect("script runs")
}

/// Waits until `script` returns something truthy, or fails after `limit`.
async fn wait_until(client: &Client, what: &str, script: &str, limit: Duration) -> Value {
    let start = Instant::now();
    loop {
        let value = eval(client, script).await;
        if !value.is_null() && value != json!(false) && value != json!(0) && value != json!("") {
            return value;
        }
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits up to `seconds` until `selector` matches exactly `count` elements of the page.
async fn wait_for_count(client: &Client, what: &str, selector: &str, count: usize, seconds: u64) {
    let script = format!("return document.querySelectorAll({selector:?}).length === {count}");
    wait_until(client, what, &script, Duration::from_secs(seconds)).await;
}

/// Waits up to ten seconds for the page's error message (`#message` shown as an error) and
/// returns it.
async fn error_message(client: &Client, what: &str) -> Value {
    let script = "const m = document.getElementById('message'); \
                  return m.className === 'error' && m.textContent";
    wait_until(client, what, script, Duration::from_secs(10)).await
}

/// Pastes `text` into the position field (emptied first) and loads it.
async fn load_position(client: &Client, text: &str) {
    let input = by_id(client, "position-input").await;
    input.clear().await.expect("clear");
    input.send_keys(text).await.expect("typing");
    click(client, "load-position").await;
}

/// The element with id `id`, which must be on the page.
async fn by_id(client: &Client, id: &str) -> Element {
    client
        .find(Locator::Id(id))
        .await
        .unwrap_or_else(|err| panic!("no #{id}: {err}"))
}

/// The text of the element with id `id`.
async fn text(client: &Client, id: &str) -> String {
    by_id(client, id).await.text().await.expect("text")
}

/// Chooses `value` in the `<select>` with id `id`.
async fn select(client: &Client, id: &str, value: &str) {
    let choice = by_id(client, id).await.select_by_value(value).await;
    choice.unwrap_or_else(|err| panic!("#{id}: cannot choose {value:?}: {err}"));
}

/// Clicks the element with id `id`.
async fn click(client: &Client, id: &str) {
    let clicked = by_id(client, id).await.click().await;
    clicked.unwrap_or_else(|err| panic!("#{id}: click failed: {err}"));
}

/// Clicks the first board cell matching the CSS selector suffix `which` (`.target`,
/// `[data-square='a1']`).
async fn click_cell(client: &Client, which: &str) {
    click_css(client, &format!("#board .cell{which}")).await;
}

/// Clicks the first element matching `css`. The page redraws the board whenever a reply
/// from the server arrives, so an element found a moment ago may be gone by the time the
/// click reaches it: a stale element is looked up again, for up to five seconds.
async fn click_css(client: &Client, css: &str) {
    let start = Instant::now();
    loop {
        let element = client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|err| panic!("no {css}: {err}"));
        match element.click().await {
            Ok(()) => return,
            Err(err)
                if err.is_stale_element_reference() && start.elapsed() < Duration::from_secs(5) =>
            {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(err) => panic!("{css}: click failed: {err}"),
        }
    }
}

/// Saves a screenshot as `dir/NAME.png`; the docs' ones (`static-*-1280px` and
/// `static-play-390px`) also into the directory `BITGAMES_WEB_SCREENSHOTS` names, when set
/// (`docs/screenshots` refreshes the book's).
async fn screenshot(client: &Client, dir: &Path, name: &str) {
    let png = client.screenshot().await.expect("screenshot");
    assert!(png.starts_with(b"\x89PNG"), "{name}: not a PNG");
    std::fs::write(dir.join(format!("{name}.png")), &png).expect("screenshot saved");
    let docs =
        name.starts_with("static-") && (name.ends_with("-1280px") || name == "static-play-390px");
    if let Some(docs_dir) = std::env::var_os("BITGAMES_WEB_SCREENSHOTS").filter(|_| docs) {
        let docs_dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../..")
            .join(docs_dir);
        std::fs::create_dir_all(&docs_dir).expect("the screenshots' directory");
        std::fs::write(docs_dir.join(format!("{name}.png")), &png).expect("screenshot copied");
    }
}

/// The play page's state, read from the DOM.
const PLAY_STATE: &str = r#"
    const status = document.getElementById('status').textContent;
    return {
        status,
        over: document.getElementById('status').dataset.outcome !== 'ongoing',
        thinking: status.includes('thinking'),
        targets: document.querySelectorAll('#board .cell.target').length,
        pass: !document.getElementById('pass').hidden,
        moves: document.querySelectorAll('#moves li').length,
    };
"#;

/// One browser at a time: each test drives its own Chromium, and the machines are small.
static BROWSER: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// A new scratch directory for the test `name`.
fn scratch_dir(name: &str) -> PathBuf {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("bitgames-web-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("scratch directory");
    scratch
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_app_works_in_headless_chromium() {
    let _browser = BROWSER.lock().await;
    let scratch = scratch_dir("browser");
    let (driver, driver_port) = start_chromedriver(&scratch);

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port for the app");
    let app = listener.local_addr().expect("address");
    // With the static site's engine, so Compare measures in the browser beside the server.
    let router = bitgames_web::router_with_wasm(bitgames_web::Limits::default(), &static_site())
        .expect("the static site's engine");
    tokio::spawn(bitgames_web::serve_app(listener, router));

    let client = connect(driver_port, &driver.profile).await;
    // Driven in its own task so that a failed check still closes the browser session.
    let run = tokio::spawn(drive(client.clone(), app, scratch.clone())).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(err) = run {
        std::panic::resume_unwind(err.into_panic());
    }
    eprintln!("screenshots in {}", scratch.display());
}

async fn drive(client: Client, app: SocketAddr, scratch: PathBuf) {
    let (client, scratch) = (&client, scratch.as_path());
    client
        .goto(&format!("http://{app}/#play"))
        .await
        .expect("the page loads");
    othello_starts_against_random(client).await;
    an_illegal_click_says_why(client).await;
    discs_are_counted_after_a_move(client).await;
    othello_to_the_end(client, scratch).await;
    a_bad_position_says_why(client, scratch).await;
    a_lone_pass_is_played_for_me(client, scratch).await;
    amazons_by_three_clicks(client, scratch).await;
    santorini_gods_by_steps(client, scratch).await;
    engines_and_kernels(client, app, scratch).await;
    compare_charts(client, app, scratch).await;
    towerdefence_replay(client, app, scratch).await;
}

/// Where `cargo xtask web-static` wrote the static site: `BITGAMES_WEB_STATIC`, else
/// `target/web-static`. Fails, saying how to build it, when it is missing or its pages are
/// not this crate's.
fn static_site() -> PathBuf {
    let dir = std::env::var_os("BITGAMES_WEB_STATIC").map_or_else(
        || {
            Path::new(env!("CARGO_TARGET_TMPDIR"))
                .parent()
                .expect("the target directory")
                .join("web-static")
        },
        PathBuf::from,
    );
    let build = format!("build it with `cargo xtask web-static {}`", dir.display());
    for (name, text) in [
        ("app.js", include_str!("../assets/app.js")),
        ("worker.js", include_str!("../assets/worker.js")),
        ("compare.svg", include_str!("../assets/compare.svg")),
    ] {
        let written = std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|err| panic!("no static site in {}: {err}; {build}", dir.display()));
        assert!(
            written == text,
            "the static site's {name} in {} is not crates/web/assets/{name}: {build}",
            dir.display()
        );
    }
    assert!(
        dir.join("bitgames_wasm_bg.wasm").is_file(),
        "the static site in {} has no wasm; {build}",
        dir.display()
    );
    dir
}

/// A plain file server on a loopback port, as a user would put the site on any web host:
/// `GET /NAME` answers the file `root/NAME` (`/` is `index.html`), anything else 404. Every
/// path asked is pushed onto `asked`.
fn serve_files(root: PathBuf, asked: Arc<Mutex<Vec<String>>>) -> SocketAddr {
    let listener = StdListener::bind("127.0.0.1:0").expect("a loopback port for the files");
    let addr = listener.local_addr().expect("address");
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let (root, asked) = (root.clone(), Arc::clone(&asked));
            std::thread::spawn(move || {
                let mut head = Vec::new();
                let mut chunk = [0; 4096];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut chunk) {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&chunk[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&head);
                let target = head.split_whitespace().nth(1).unwrap_or("/");
                let path = target.split(['?', '#']).next().unwrap_or("/").to_owned();
                asked.lock().expect("the list of paths").push(path.clone());
                let name = if path == "/" {
                    "index.html"
                } else {
                    &path[1..]
                };
                let file =
                    (!name.is_empty() && !name.contains(['/', '\\']) && !name.starts_with('.'))
                        .then(|| std::fs::read(root.join(name)).ok())
                        .flatten();
                let kind = match name.rsplit('.').next() {
                    Some("html") => "text/html; charset=utf-8",
                    Some("js") => "text/javascript; charset=utf-8",
                    Some("css") => "text/css; charset=utf-8",
                    Some("wasm") => "application/wasm",
                    Some("svg") => "image/svg+xml",
                    _ => "application/octet-stream",
                };
                let (status, kind, body) = match file {
                    Some(body) => ("200 OK", kind, body),
                    None => ("404 Not Found", "text/plain", b"not found".to_vec()),
                };
                let header = format!(
                    "HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\n\
                     connection: close\r\n\r\n",
                    body.len()
                );
                let _ = stream.write_all(header.as_bytes());
                let _ = stream.write_all(&body);
            });
        }
    });
    addr
}

/// The static site of `cargo xtask web-static`, from a plain file server with no bitgames
/// process: a whole Othello game against alpha-beta running in the page's Web Worker, the
/// disc count shown equal to the final position's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_static_site_plays_a_whole_game_without_a_server() {
    let site = static_site();
    let _browser = BROWSER.lock().await;
    let scratch = scratch_dir("static");
    let asked = Arc::new(Mutex::new(Vec::new()));
    let files = serve_files(site, Arc::clone(&asked));
    let (driver, driver_port) = start_chromedriver(&scratch);
    let client = connect(driver_port, &driver.profile).await;
    let run = tokio::spawn(drive_static(client.clone(), files, scratch.clone())).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(err) = run {
        std::panic::resume_unwind(err.into_panic());
    }
    let asked = asked.lock().expect("the list of paths").clone();
    assert!(
        asked.iter().any(|path| path == "/bitgames_wasm_bg.wasm"),
        "{asked:?}"
    );
    assert!(
        !asked.iter().any(|path| path.starts_with("/api")),
        "the static site asked the file server for the API: {asked:?}"
    );
    eprintln!("screenshots in {}", scratch.display());
}

async fn drive_static(client: Client, files: SocketAddr, scratch: PathBuf) {
    let (client, scratch) = (&client, scratch.as_path());
    client
        .goto(&format!(
            "http://{files}/?game=othello&black=human&white=alphabeta&time_ms=40"
        ))
        .await
        .expect("the static page loads");
    wait_until(
        client,
        "the start from the wasm engine",
        "return document.querySelectorAll('#board .cell').length === 64 && \
         document.querySelectorAll('#board .cell.target').length === 4",
        Duration::from_secs(30),
    )
    .await;
    let page = eval(
        client,
        "return [document.documentElement.dataset.backend, \
                 document.getElementById('second-player').value, \
                 document.getElementById('time-ms').value, \
                 !document.querySelector('#page-towerdefence .needs-server').hidden, \
                 document.querySelectorAll('#page-kernels .needs-server, \
                     #page-compare .needs-server').length]",
    )
    .await;
    assert_eq!(page, json!(["wasm", "alphabeta", "40", true, 0]));
    assert_eq!(text(client, "discs").await, "Black 2 \u{2013} White 2");
    hints_value_every_move(client).await;
    othello_to_the_end(client, scratch).await;
    let evaluation = text(client, "evaluation").await;
    assert!(
        evaluation.starts_with("Evaluation for White: "),
        "{evaluation:?}"
    );
    move_list_goes_back(client).await;
    santorini_power_steps(client, files, scratch).await;
    amazons_fit_a_phone(client, files, scratch).await;
    static_kernels_compare_and_replay(client, files, scratch).await;
}

/// The Kernels, Compare and Tower Defence pages of the static site, with no server: a
/// random position's kernels on open, measured in the browser; the latest chart on open,
/// then a compare of the four games measured in the browser; the bundled replay on open.
async fn static_kernels_compare_and_replay(client: &Client, files: SocketAddr, scratch: &Path) {
    client
        .goto(&format!("http://{files}/#kernels"))
        .await
        .expect("the static Kernels page");
    wait_for_count(
        client,
        "Othello's kernels on open",
        "#kernel-results .card",
        4,
        30,
    )
    .await;
    let page = text(client, "kernel-results").await;
    assert!(
        page.contains("legal_moves") && !page.contains("DIFFERENT"),
        "{page}"
    );
    screenshot(client, scratch, "static-kernels").await;

    client
        .goto(&format!("http://{files}/#compare"))
        .await
        .expect("the static Compare page");
    latest_chart_on_open(client).await;
    let instances = by_id(client, "compare-instances").await;
    instances.clear().await.expect("clear");
    instances.send_keys("20").await.expect("type");
    click(client, "compare-run").await;
    wait_for_count(
        client,
        "four charts from the browser",
        "#compare-charts svg",
        4,
        120,
    )
    .await;
    let message = text(client, "compare-message").await;
    assert!(message.starts_with("done in this browser"), "{message}");
    screenshot(client, scratch, "static-compare").await;

    client
        .goto(&format!("http://{files}/#towerdefence"))
        .await
        .expect("the static replay page");
    bundled_replay_on_open(client).await;
    // The arrow keys step through the rounds, End and Home jump to the ends.
    for (key, label) in [
        ("ArrowRight", "Round 31 (32 of 77)"),
        ("ArrowLeft", "Round 30 (31 of 77)"),
        ("End", "Round 76 (77 of 77)"),
        ("Home", "Round 0 (1 of 77)"),
    ] {
        press(client, key).await;
        assert_eq!(text(client, "td-round-label").await, label, "after {key}");
    }
    screenshot(client, scratch, "static-towerdefence").await;
    every_page_fits(client, files, scratch).await;
}

/// A real key press (`key` as KeyboardEvent.key names it: ArrowLeft, End, u) on the page.
async fn press(client: &Client, key: &str) {
    let key = match key {
        "ArrowLeft" => fantoccini::key::Key::Left.to_string(),
        "ArrowRight" => fantoccini::key::Key::Right.to_string(),
        "Home" => fantoccini::key::Key::Home.to_string(),
        "End" => fantoccini::key::Key::End.to_string(),
        "Escape" => fantoccini::key::Key::Escape.to_string(),
        other => other.to_owned(),
    };
    eval(
        client,
        "if (document.activeElement) document.activeElement.blur()",
    )
    .await;
    let body = client.find(Locator::Css("body")).await.expect("the body");
    body.send_keys(&key).await.expect("a key press");
}

/// Every page at 1280 and 390 px wide: nothing wider than the window (no sideways
/// scrolling), what the page shows on open drawn, and no JavaScript error on the page
/// (app.js records every uncaught one in `window.bitgamesErrors`). A screenshot of each.
async fn every_page_fits(client: &Client, files: SocketAddr, scratch: &Path) {
    let pages = [
        ("play", "#board .cell.target"),
        ("kernels", "#kernel-results .card"),
        ("compare", "#compare-latest:not([hidden]) img"),
        ("towerdefence", "#td-map .building, #td-map > div"),
    ];
    for width in [1280, 390] {
        client
            .set_window_size(width, 900)
            .await
            .expect("the window's width");
        for (page, shown) in pages {
            client
                .goto(&format!("http://{files}/?w={width}#{page}"))
                .await
                .expect("the page");
            let what = format!("{page} at {width} px");
            let script = format!("return document.querySelectorAll({shown:?}).length > 0");
            wait_until(client, &what, &script, Duration::from_secs(30)).await;
            if page == "kernels" {
                a_full_board_asks_nothing_and_fits(client, &what).await;
            }
            let sizes = eval(
                client,
                "return [document.documentElement.clientWidth, \
                         document.documentElement.scrollWidth, window.bitgamesErrors]",
            )
            .await;
            let [inner, scroll] = [0, 1].map(|i| sizes[i].as_u64().expect("a width"));
            assert!(
                inner <= u64::from(width) && scroll <= inner,
                "{what}: wider than the window: {sizes}"
            );
            assert_eq!(sizes[2], json!([]), "{what}: JavaScript errors");
            screenshot(client, scratch, &format!("static-{page}-{width}px")).await;
        }
    }
    client
        .set_window_size(1400, 1100)
        .await
        .expect("the window back");
}

/// A full Othello board pasted on the Kernels page: no card, a message saying the position
/// asks nothing, and its 64 characters with no break opportunity (no `-` for an empty
/// square) wrapped to the window, which once overflowed a 390 px phone.
async fn a_full_board_asks_nothing_and_fits(client: &Client, what: &str) {
    const FULL: &str = "OOOOOXXXOXXOXXXXOXOOOXOXOOXOXOXXOOOOOOXXOOXOOOXXOOOXXXXXOOOOOOOO X";
    select(client, "kernel-game", "othello").await;
    let input = by_id(client, "kernel-position").await;
    input.clear().await.expect("clear");
    input.send_keys(FULL).await.expect("typing");
    click(client, "kernel-run").await;
    let script = "return document.querySelectorAll('#kernel-results .card').length === 0 && \
                  document.getElementById('kernel-message').textContent";
    let message = wait_until(client, what, script, Duration::from_secs(30)).await;
    assert!(
        message
            .as_str()
            .is_some_and(|m| m.contains(FULL) && m.contains("asks the kernels nothing")),
        "{what}: {message}"
    );
}

/// The Compare page opens on the latest chart of the project's results (compare.svg).
async fn latest_chart_on_open(client: &Client) {
    wait_until(
        client,
        "the latest chart",
        "const img = document.getElementById('compare-latest-chart'); \
         return !document.getElementById('compare-latest').hidden && img.complete && \
             img.naturalWidth > 0",
        Duration::from_secs(10),
    )
    .await;
}

/// The replay page opens on the bundled official game: its 77 rounds, the map drawn, and
/// buildings standing by round 30.
async fn bundled_replay_on_open(client: &Client) {
    wait_until(
        client,
        "the bundled game",
        "return document.getElementById('td-message').textContent \
             .startsWith('The bundled official game') && \
             document.querySelectorAll('#td-map > div').length === 128",
        Duration::from_secs(20),
    )
    .await;
    assert_eq!(text(client, "td-round-label").await, "Round 0 (1 of 77)");
    for _ in 0..30 {
        click(client, "td-next").await;
    }
    assert_eq!(text(client, "td-round-label").await, "Round 30 (31 of 77)");
    let buildings = eval(
        client,
        "return document.querySelectorAll('#td-map .building').length",
    )
    .await;
    assert!(
        buildings.as_u64().is_some_and(|n| n > 0),
        "no buildings by round 30"
    );
}

/// Hints on request: each of the four opening moves gets a value in discs on its square.
async fn hints_value_every_move(client: &Client) {
    click(client, "hints").await;
    let values = wait_until(
        client,
        "four hints",
        "const v = [...document.querySelectorAll('#board .cell.target .hint-value')]; \
         return v.length === 4 && \
             document.getElementById('message').textContent.startsWith('Hints: each') && \
             v.map(e => e.textContent)",
        Duration::from_secs(20),
    )
    .await;
    for value in values.as_array().expect("a list") {
        let value = value.as_str().expect("text");
        let number = value.trim_start_matches('=').parse::<f64>();
        // An engine's guess after one opening move: within a few discs of even.
        assert!(number.is_ok_and(|n| n.abs() < 20.0), "hint {value:?}");
    }
}

/// A click on the second move of the list goes back to the position after it: two moves
/// played, six discs, my turn again.
async fn move_list_goes_back(client: &Client) {
    click_css(client, "#moves li:nth-child(2) .move").await;
    wait_until(
        client,
        "the position after move 2",
        "return document.querySelectorAll('#moves li').length === 2 && \
         document.querySelectorAll('#board .piece').length === 6 && \
         document.getElementById('status').dataset.outcome === 'ongoing' && \
         document.querySelectorAll('#board .cell.target').length > 0",
        Duration::from_secs(10),
    )
    .await;
    // Each of the first two moves flips one disc.
    assert_eq!(text(client, "discs").await, "Black 3 \u{2013} White 3");
}

/// At 390 px (a phone), the Amazons' 10 columns fit: nothing wider than the window less its
/// scroll bar (no sideways scrolling).
async fn amazons_fit_a_phone(client: &Client, files: SocketAddr, scratch: &Path) {
    client
        .set_window_size(390, 844)
        .await
        .expect("a phone's window");
    client
        .goto(&format!(
            "http://{files}/?game=amazons&first=human&second=random"
        ))
        .await
        .expect("the Amazons by a link");
    wait_for_count(client, "the Amazons' board", "#board .cell.target", 4, 30).await;
    let sizes = eval(
        client,
        "return [document.documentElement.clientWidth, document.documentElement.scrollWidth, \
                 Math.ceil(document.getElementById('board').getBoundingClientRect().right)]",
    )
    .await;
    let [inner, scroll, board] = [0, 1, 2].map(|i| sizes[i].as_u64().expect("a width"));
    assert!(inner <= 400, "the window did not shrink: {sizes}");
    assert!(
        scroll <= inner && board <= inner,
        "wider than the phone: {sizes}"
    );
    screenshot(client, scratch, "static-amazons-390px").await;
    client
        .set_window_size(1400, 1100)
        .await
        .expect("the window back");
}

/// Othello, a person first against the random engine: a new game draws its start.
async fn othello_starts_against_random(client: &Client) {
    // Othello, a person first against the random engine.
    wait_for_count(client, "the start position", "#board .cell", 64, 10).await;
    select(client, "second-player", "random").await;
    // Marks the board drawn so far, so that the wait below sees the new game's board and not
    // the one on the page before the server answered.
    eval(
        client,
        "document.querySelectorAll('#board .cell').forEach(c => c.dataset.before = '1')",
    )
    .await;
    click(client, "new-game").await;
    wait_until(
        client,
        "four legal moves in the new game",
        "return !document.querySelector('#board .cell[data-before]') && \
         document.querySelectorAll('#board .cell.target').length === 4",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(text(client, "discs").await, "Black 2 \u{2013} White 2");
    // The page declares its icon inline, so the browser asks the server for no
    // /favicon.ico (which would be a 404 in the console).
    let icon = eval(
        client,
        "const l = document.querySelector(\"link[rel='icon']\"); return l && l.href",
    )
    .await;
    assert!(
        icon.as_str()
            .is_some_and(|href| href.starts_with("data:image/svg+xml,")),
        "{icon}"
    );
}

/// After my move and the engine's, the disc counts match the board.
async fn discs_are_counted_after_a_move(client: &Client) {
    click_cell(client, ".target").await;
    wait_until(
        client,
        "my move and the engine's",
        &format!(
            "const s = (() => {{ {PLAY_STATE} }})(); return !s.thinking && s.moves === 2 && s.targets > 0"
        ),
        Duration::from_secs(10),
    )
    .await;
    let discs = eval(
        client,
        "return [document.querySelectorAll('#board .piece.first').length, \
                 document.querySelectorAll('#board .piece.second').length]",
    )
    .await;
    let [black, white] = [0, 1].map(|i| discs[i].as_u64().expect("a count"));
    assert_eq!(black + white, 6, "two moves add two discs to the four");
    assert_eq!(
        text(client, "discs").await,
        format!("Black {black} \u{2013} White {white}")
    );
}

/// An illegal Othello click is refused with the rules' reason.
async fn an_illegal_click_says_why(client: &Client) {
    // An illegal click (a1, empty and flanking nothing) is refused with the rules' reason.
    click_cell(client, "[data-square='a1']").await;
    let refusal = error_message(client, "the refusal").await;
    let refusal = refusal.as_str().unwrap_or_default().to_owned();
    assert!(
        refusal.starts_with("Illegal") && refusal.contains("a1"),
        "{refusal}"
    );
    assert_eq!(
        eval(
            client,
            "return document.querySelectorAll('#moves li').length"
        )
        .await,
        json!(0)
    );
}

/// A whole Othello game by clicks, and the page names the right winner.
async fn othello_to_the_end(client: &Client, scratch: &Path) {
    // A complete game, clicking the first highlighted square (or Pass) every turn.
    let start = Instant::now();
    let mut clicks = 0;
    loop {
        let state = wait_until(
            client,
            "my turn or the end",
            &format!(
                "const s = (() => {{ {PLAY_STATE} }})(); \
                 return !s.thinking && (s.over || s.targets > 0 || s.pass) ? s : null;"
            ),
            Duration::from_secs(30),
        )
        .await;
        if state["over"] == json!(true) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(240),
            "the game took too long"
        );
        let before = state["moves"].as_u64().expect("move count");
        if state["pass"] == json!(true) {
            click_css(client, "#pass").await;
        } else {
            click_cell(client, ".target").await;
        }
        clicks += 1;
        wait_until(
            client,
            "the move to be played",
            &format!("return document.querySelectorAll('#moves li').length > {before}"),
            Duration::from_secs(30),
        )
        .await;
    }
    assert!(clicks >= 20, "only {clicks} moves of mine in a whole game");

    // The page's final position really is finished, and the page names the right winner.
    let position = client
        .find(Locator::Id("position"))
        .await
        .expect("position field")
        .prop("value")
        .await
        .expect("value")
        .expect("a position");
    let finished: othello::Position = position.parse().expect("the page shows a valid position");
    let status = text(client, "status").await;
    let count = |disc| position[..64].chars().filter(|&c| c == disc).count();
    let (black, white) = (count('X'), count('O'));
    let expected = match finished.outcome() {
        Outcome::Win(Player::First) => format!("Black wins {black}-{white}"),
        Outcome::Win(Player::Second) => format!("White wins {white}-{black}"),
        Outcome::Draw => format!("Draw {black}-{white}"),
        Outcome::Ongoing => panic!("the page says {status:?} but {position} is not finished"),
    };
    assert_eq!(status, expected);
    assert_eq!(
        text(client, "discs").await,
        format!("Black {black} \u{2013} White {white}")
    );
    let moves = eval(
        client,
        "return document.querySelectorAll('#moves li').length",
    )
    .await;
    assert!(
        moves.as_u64().is_some_and(|n| n >= 2 * clicks as u64 - 1),
        "{moves}"
    );
    screenshot(client, scratch, "play-othello-finished").await;
}

/// A malformed pasted position shows the parser's error.
async fn a_bad_position_says_why(client: &Client, scratch: &Path) {
    // A malformed pasted position shows the parser's error.
    load_position(client, "XXOO-- Z").await;
    let error = error_message(client, "the parser's error").await;
    let error = error.as_str().unwrap_or_default();
    assert!(error.contains("invalid othello position"), "{error}");
    screenshot(client, scratch, "play-bad-position").await;
}

/// Black, with only a pass, passes without a click; White (alphabeta) takes the last black
/// disc, its forced win shown as exact, and the page gives the final score in words.
async fn a_lone_pass_is_played_for_me(client: &Client, scratch: &Path) {
    select(client, "second-player", "alphabeta").await;
    load_position(client, &format!("OX{} X", "-".repeat(62))).await;
    let status = wait_until(
        client,
        "the pass, White's reply and the end",
        "const s = document.getElementById('status'); \
         return document.querySelectorAll('#moves li').length === 2 && \
         s.dataset.outcome === 'second' && s.textContent",
        Duration::from_secs(20),
    )
    .await;
    assert_eq!(status, json!("White wins 3-0"));
    assert_eq!(text(client, "message").await, "Black has no move: passes");
    let moves = eval(
        client,
        "return [...document.querySelectorAll('#moves li')].map(li => li.textContent)",
    )
    .await;
    assert_eq!(moves, json!(["pass", "c1"]));
    assert_eq!(text(client, "discs").await, "Black 0 \u{2013} White 3");
    assert_eq!(
        text(client, "evaluation").await,
        "Evaluation for White: exact: win"
    );
    screenshot(client, scratch, "play-othello-pass-and-score").await;
    let input = by_id(client, "position-input").await;
    input.clear().await.expect("clear");
    select(client, "second-player", "random").await;
}

/// Santorini and Amazons boards draw; the Amazons by three clicks, a wrong click refused,
/// and undo.
async fn amazons_by_three_clicks(client: &Client, scratch: &Path) {
    // Santorini and Amazons boards draw.
    for (game, cells) in [("santorini", 25), ("amazons", 100)] {
        select(client, "game", game).await;
        wait_until(
            client,
            game,
            &format!("return document.querySelectorAll('#board .cell').length === {cells} && document.querySelectorAll('#board .cell.target').length > 0"),
            Duration::from_secs(10),
        )
        .await;
        screenshot(client, scratch, &format!("play-{game}")).await;
    }

    // Amazons by three clicks (queen, destination, arrow) against random; a click that
    // continues no legal move is refused.
    select(client, "game", "amazons").await;
    wait_until(client, "amazons", "return document.querySelectorAll('#board .cell').length === 100 && document.querySelectorAll('#board .cell.target').length === 4", Duration::from_secs(10)).await;
    click_cell(client, ".target").await;
    click_cell(client, "[data-square='j1']").await;
    let refusal = error_message(client, "the refusal").await;
    assert!(
        refusal
            .as_str()
            .is_some_and(|m| m.contains("does not continue any legal move")),
        "{refusal}"
    );
    for _ in 0..2 {
        click_cell(client, ".target").await;
    }
    wait_for_count(client, "my move and the engine's", "#moves li", 2, 10).await;
    let first = eval(
        client,
        "return document.querySelector('#moves li').textContent",
    )
    .await;
    assert!(
        first
            .as_str()
            .is_some_and(|m| m.contains('-') && m.contains('/')),
        "{first}"
    );

    // Undo takes back the engine's reply and my move: the start again.
    click(client, "undo").await;
    wait_until(client, "the start after undo", "return document.querySelectorAll('#moves li').length === 0 && document.querySelectorAll('#board .cell.target').length === 4", Duration::from_secs(10)).await;
    let position = eval(client, "return document.getElementById('position').value").await;
    assert_eq!(position, json!("3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w"));
}

/// Santorini with gods: Atlas's dome is a step of its own.
async fn santorini_gods_by_steps(client: &Client, scratch: &Path) {
    // Santorini with gods: choosing Atlas shows the gods, and his dome is a step of its own
    // (worker, destination, the power button, the build).
    select(client, "game", "santorini").await;
    let gods = bitgames::santorini::God::ALL.len();
    wait_until(client, "the gods' choice", &format!("return !document.getElementById('gods').hidden && document.querySelectorAll('#first-god option').length === {gods}"), Duration::from_secs(10)).await;
    select(client, "first-god", "atlas").await;
    wait_until(client, "a new game with Atlas", "return document.getElementById('position').value.includes('/atlas/mortal') && document.getElementById('status').textContent.includes('(Atlas)')", Duration::from_secs(10)).await;
    // Every god is listed with its rule, from the API; the chosen ones beside the board.
    let listed = eval(
        client,
        "return [document.querySelectorAll('#god-list dt').length, \
                 document.querySelectorAll('#god-list dd').length, \
                 document.getElementById('god-list').hidden, \
                 document.getElementById('god-powers').textContent]",
    )
    .await;
    assert_eq!(listed[0], json!(gods), "{listed}");
    assert_eq!(listed[1], json!(gods), "{listed}");
    assert_eq!(listed[2], json!(false), "{listed}");
    let atlas = bitgames::santorini::God::ALL
        .iter()
        .find(|god| god.name() == "atlas")
        .expect("atlas")
        .rule();
    assert!(
        listed[3]
            .as_str()
            .is_some_and(|p| p.contains("Player 1: Atlas") && p.contains(atlas)),
        "{listed}"
    );
    // Levels 1, 2 and 3 on A5, B5 and C5 and a dome on D5.
    load_position(
        client,
        "1234000000000000000000000/1/atlas:B3,D3/mortal:C4,C2",
    )
    .await;
    wait_until(client, "the pasted position", "return document.getElementById('position').value.startsWith('1234000000000000000000000/1/atlas:B3,D3') && document.querySelectorAll('#board .cell.target').length === 2", Duration::from_secs(10)).await;
    santorini_heights_are_drawn(client).await;
    for square in ["B3", "B4"] {
        click_cell(client, &format!("[data-square='{square}']")).await;
    }
    // The steps so far, in words and numbered on their squares, and what may come next.
    wait_until(
        client,
        "the power button",
        "return !document.getElementById('power').hidden && [...document.querySelectorAll('#steps li')].map((li) => li.textContent).join('|') === 'worker B3|moves to B4'",
        Duration::from_secs(10),
    )
    .await;
    let badges = eval(
        client,
        "return ['B3', 'B4'].map((s) => document.querySelector(`#board .cell[data-square='${s}'] .step-number`).textContent)",
    )
    .await;
    assert_eq!(badges, json!(["1", "2"]));
    let next = eval(
        client,
        "return document.querySelector('#steps .step-next').textContent",
    )
    .await;
    assert!(
        next.as_str()
            .is_some_and(|n| n.contains("where it builds") && n.contains("the power button")),
        "{next}"
    );
    let power = text(client, "power").await;
    assert_eq!(power, "Use Atlas's power");
    // Escape takes the steps back; p takes the power.
    press(client, "Escape").await;
    wait_until(client, "the steps taken back", "return document.querySelectorAll('#steps li').length === 0 && document.querySelectorAll('#board .cell.selected').length === 0", Duration::from_secs(10)).await;
    for square in ["B3", "B4"] {
        click_cell(client, &format!("[data-square='{square}']")).await;
    }
    press(client, "p").await;
    wait_until(
        client,
        "the power step shown",
        "return [...document.querySelectorAll('#steps li')].map((li) => li.textContent).join('|') === \"worker B3|moves to B4|Atlas's power\"",
        Duration::from_secs(10),
    )
    .await;
    // A dome on A5, a level 1: only Atlas builds one there.
    click_cell(client, "[data-square='A5']").await;
    let first = wait_until(
        client,
        "the dome",
        "const li = document.querySelector('#moves li'); return li && li.textContent",
        Duration::from_secs(10),
    )
    .await;
    assert_eq!(first, json!("B3>B4^A5X"));
    // The dome is drawn as a dome (the random mover's reply leaves it).
    let dome = eval(
        client,
        "const c = document.querySelector(\"#board .cell[data-square='A5']\"); \
         const words = [...c.children].filter((e) => !e.matches('.name, .step-number'))              .map((e) => e.textContent).join('');          return [c.dataset.level, c.querySelectorAll('.dome').length, words]",
    )
    .await;
    assert_eq!(dome, json!(["4", 1, ""]), "no digit, no word: a dome");

    screenshot(client, scratch, "play-santorini-atlas").await;
    select(client, "first-god", "mortal").await;
}

/// Santorini's buildings drawn as heights: a block per level on levels 1 to 3, and a dome
/// on a dome, never a digit; every level present on the board.
async fn santorini_heights_are_drawn(client: &Client) {
    let drawn = eval(
        client,
        "return [...document.querySelectorAll('#board .cell[data-level]')].map((c) => \
             [Number(c.dataset.level), c.querySelectorAll('.block').length, \
              c.querySelectorAll('.dome').length, c.title])",
    )
    .await;
    let cells = drawn.as_array().expect("cells");
    assert_eq!(cells.len(), 25, "{drawn}");
    let mut seen = [false; 5];
    for cell in cells {
        let level = cell[0].as_u64().expect("a level");
        seen[usize::try_from(level).expect("small")] = true;
        let (blocks, domes) = (cell[1].as_u64(), cell[2].as_u64());
        if level == 4 {
            assert_eq!(
                (domes, cell[3].as_str().map(|t| t.ends_with("a dome"))),
                (Some(1), Some(true)),
                "{cell}"
            );
        } else {
            assert_eq!((blocks, domes), (Some(level), Some(0)), "{cell}");
        }
    }
    assert_eq!(seen, [true; 5], "{drawn}");
}

/// Santorini on the static site, two people: the heights drawn, Demeter's second build
/// taken as a power step, and the move's steps shown as they were taken (the docs'
/// screenshot).
async fn santorini_power_steps(client: &Client, files: SocketAddr, scratch: &Path) {
    client
        .goto(&format!(
            "http://{files}/?game=santorini&first=human&second=human"
        ))
        .await
        .expect("the static Santorini page");
    wait_until(client, "Santorini's start", "return document.querySelectorAll('#board .cell').length === 25 && !document.getElementById('gods').hidden", Duration::from_secs(30)).await;
    load_position(
        client,
        "1234000000000000000000000/1/demeter:B3,D3/mortal:C4,C2",
    )
    .await;
    wait_until(client, "the pasted position", "return document.getElementById('position').value.startsWith('1234000000000000000000000/1/demeter:B3,D3') && document.querySelectorAll('#board .cell.target').length === 2", Duration::from_secs(30)).await;
    santorini_heights_are_drawn(client).await;
    for square in ["B3", "B4"] {
        click_cell(client, &format!("[data-square='{square}']")).await;
    }
    wait_until(
        client,
        "the power offered",
        "return !document.getElementById('power').hidden",
        Duration::from_secs(10),
    )
    .await;
    press(client, "p").await;
    for square in ["A4", "A3"] {
        click_cell(client, &format!("[data-square='{square}']")).await;
    }
    let steps = wait_until(
        client,
        "Demeter's two builds",
        "const items = [...document.querySelectorAll('#steps li')].map((li) => li.textContent); \
         return document.querySelectorAll('#moves li').length === 1 && items.join('|')",
        Duration::from_secs(30),
    )
    .await;
    assert_eq!(
        steps,
        json!("worker B3|moves to B4|Demeter's power|builds on A4|builds on A3")
    );
    let badges = eval(
        client,
        "return ['B3', 'B4', 'A4', 'A3'].map((s) => document.querySelector(`#board .cell[data-square='${s}'] .step-number`).textContent)",
    )
    .await;
    assert_eq!(badges, json!(["1", "2", "4", "5"]));
    let powers = text(client, "god-powers").await;
    assert!(
        powers.contains("Player 1: Demeter") && powers.contains("Player 2: Mortal"),
        "{powers}"
    );
    screenshot(client, scratch, "static-santorini-1280px").await;
    // Every god's steps in words, read from the move's text (the paths of
    // bitgames_santorini::steps' table).
    for (mv, path, words) in [
        (
            "^B4 B3>C3^C4",
            "B3 power B4 C3 C4",
            "worker B3|Prometheus's power|builds on B4|moves to C3|builds on C4",
        ),
        (
            "(A1,B1)>(C1,D1)^C2",
            "power A1 B1 C1 D1 C2",
            "Hermes's power|worker A1|worker B1|moves to C1|moves to D1|builds on C2",
        ),
        (
            "B3>C3^^C4",
            "B3 C3 power C4",
            "worker B3|moves to C3|Hephaestus's power|builds two blocks on C4",
        ),
        ("B3>C3^B3", "B3 C3 B3", "worker B3|moves to C3|builds on B3"),
    ] {
        let god = words
            .split('|')
            .find_map(|w| w.strip_suffix("'s power"))
            .map_or("mortal".to_owned(), str::to_lowercase);
        let script = format!(
            "const path = {path:?}.split(' '); \
             return stepRoles({mv:?}, path).map((role, i) => stepWords(role, path[i], {god:?})).join('|')"
        );
        assert_eq!(eval(client, &script).await, json!(words), "{mv}");
    }
}

/// Engine against engine to the end, then the Kernels page.
async fn engines_and_kernels(client: &Client, app: SocketAddr, scratch: &Path) {
    // Engine against engine: Othello, random against random, to the end.
    select(client, "game", "othello").await;
    select(client, "first-player", "random").await;
    click(client, "new-game").await;
    wait_until(client, "an engine game to finish", "return document.getElementById('status').dataset.outcome !== 'ongoing' && document.querySelectorAll('#moves li').length", Duration::from_secs(60)).await;
    select(client, "first-player", "human").await;

    // Kernels: a random Amazons position, every operation drawn, every strategy agreeing.
    client
        .goto(&format!("http://{app}/#kernels"))
        .await
        .expect("kernels page");
    // It opens with a random Othello position's kernels (four operations).
    wait_for_count(
        client,
        "Othello's kernels on open",
        "#kernel-results .card",
        4,
        20,
    )
    .await;
    select(client, "kernel-game", "amazons").await;
    click(client, "kernel-random").await;
    wait_until(
        client,
        "the Amazons' kernel cards",
        "return document.getElementById('kernel-message').textContent.startsWith('amazons: ') && \
         document.querySelectorAll('#kernel-results .card').length === 3",
        Duration::from_secs(20),
    )
    .await;
    let page = text(client, "kernel-results").await;
    assert!(
        page.contains("queen_reach") && !page.contains("DIFFERENT"),
        "{page}"
    );
    screenshot(client, scratch, "kernels").await;
}

/// The Compare page's four charts.
async fn compare_charts(client: &Client, app: SocketAddr, scratch: &Path) {
    // Compare: the four charts.
    client
        .goto(&format!("http://{app}/#compare"))
        .await
        .expect("compare page");
    latest_chart_on_open(client).await;
    let instances = client
        .find(Locator::Id("compare-instances"))
        .await
        .expect("instances");
    instances.clear().await.expect("clear");
    instances.send_keys("50").await.expect("type");
    // The server serves the static site's engine: the same compare runs in the browser
    // too, each game's two charts side by side.
    let choice = eval(
        client,
        "return [!document.getElementById('compare-browser-choice').hidden, \
                 document.getElementById('compare-browser').checked]",
    )
    .await;
    assert_eq!(choice, json!([true, true]));
    click(client, "compare-run").await;
    wait_for_count(
        client,
        "four pairs of charts",
        "#compare-charts .chart-pair svg",
        8,
        240,
    )
    .await;
    let pairs = eval(
        client,
        "return [...document.querySelectorAll('#compare-charts .chart-pair')].map((pair) => \
                 [...pair.querySelectorAll('.chart-where')].map((p) => p.textContent).join(' | '))",
    )
    .await;
    assert_eq!(
        pairs,
        json!(vec![
            "The server (native) | This browser (wasm, one thread)";
            4
        ])
    );
    let message = wait_until(
        client,
        "the compare done",
        "const m = document.getElementById('compare-message').textContent; \
         return m.startsWith('done') && m",
        Duration::from_secs(30),
    )
    .await;
    assert!(
        message
            .as_str()
            .is_some_and(|m| m.contains("on the server (native) and in this browser (wasm)")),
        "{message}"
    );
    screenshot(client, scratch, "compare").await;
}

/// The Tower Defence replay of an official game, and a directory that is not a game.
async fn towerdefence_replay(client: &Client, app: SocketAddr, scratch: &Path) {
    // Tower Defence replay of an official game.
    let games = scratch.join("towerdefence");
    let archive = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../towerdefence/tests/data/official-engine-games.tar.gz");
    let file = std::fs::File::open(&archive).expect("the official games archive");
    tar::Archive::new(flate2::read::GzDecoder::new(file))
        .unpack(&games)
        .expect("unpacked");
    let game = games.join("v300_normal_towers");
    assert!(
        game.is_dir(),
        "{} is missing from the archive",
        game.display()
    );
    client
        .goto(&format!("http://{app}/#towerdefence"))
        .await
        .expect("replay page");
    bundled_replay_on_open(client).await;
    client
        .find(Locator::Id("td-dir"))
        .await
        .expect("dir field")
        .send_keys(&game.display().to_string())
        .await
        .expect("type");
    click(client, "td-open").await;
    wait_until(
        client,
        "the game directory's rounds",
        "return /^[0-9]+ rounds$/.test(document.getElementById('td-message').textContent)",
        Duration::from_secs(20),
    )
    .await;
    let first = text(client, "td-round-label").await;
    assert!(first.starts_with("Round 0 (1 of"), "{first}");
    for _ in 0..30 {
        click(client, "td-next").await;
    }
    let later = text(client, "td-round-label").await;
    assert!(later.starts_with("Round 30 (31 of"), "{later}");
    let buildings = eval(
        client,
        "return document.querySelectorAll('#td-map .building').length",
    )
    .await;
    assert!(
        buildings.as_u64().is_some_and(|n| n > 0),
        "no buildings by round 30"
    );
    screenshot(client, scratch, "towerdefence").await;

    // A directory that is not a game says so.
    let dir = client.find(Locator::Id("td-dir")).await.expect("dir field");
    dir.clear().await.expect("clear");
    dir.send_keys("/nonexistent").await.expect("type");
    click(client, "td-open").await;
    wait_until(client, "the error", "const m = document.getElementById('td-message'); return m.className === 'error' && m.textContent.includes('not a directory')", Duration::from_secs(10)).await;
}
