//! `bitgames towerdefence bot` as an Entelect Challenge 2018 runner drives it: the binary
//! runs in a bot directory holding `state.json` and must leave a legal `command.txt` there.
//!
//! Every state of every official-engine game in the towerdefence crate's archive is given to
//! the real binary; its command is read back and checked against the rules
//! (shared/reference/towerdefence/RULES.md, "Perspective and commands") straight from the
//! raw JSON, without the crate's parser or command type.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The games the official engine v3.0.2 played (see crates/towerdefence/tests/data).
fn archive_states() -> BTreeMap<PathBuf, String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../towerdefence/tests/data/official-engine-games.tar.gz");
    let file = std::fs::File::open(&path).expect("the checked-in archive");
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut states = BTreeMap::new();
    for entry in archive.entries().expect("a tar archive") {
        let mut entry = entry.expect("a tar entry");
        let path = entry.path().expect("a path").into_owned();
        if path.file_name().and_then(|n| n.to_str()) != Some("state.json") {
            continue;
        }
        let mut text = String::new();
        entry.read_to_string(&mut text).expect("UTF-8 text");
        states.insert(path, text);
    }
    states
}

/// A fresh, empty directory under Cargo's temporary directory for integration tests.
fn fresh_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("towerdefence-bot-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

/// Runs the bot as the runner does: in `dir`, no arguments but the thinking time.
fn run_bot_in(dir: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bitgames"))
        .args(["towerdefence", "bot", "--time-ms", "20", "--threads", "1"])
        .args(extra)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

fn command_file(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("command.txt")).expect("command.txt exists")
}

/// Only `state.json` and `command.txt`: no temporary file left behind.
fn assert_only_the_runner_files(dir: &Path) {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("the directory")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    names.sort();
    names.retain(|n| n != "state.json");
    assert_eq!(names, ["command.txt"], "{}", dir.display());
}

/// A command as the runner reads it: `x,y,t` with whole numbers, or nothing.
#[derive(Debug, PartialEq, Eq)]
enum Parsed {
    Nothing,
    Command { x: i64, y: i64, t: i64 },
}

fn parse_command(text: &str) -> Result<Parsed, String> {
    if text.is_empty() {
        return Ok(Parsed::Nothing);
    }
    let numbers: Vec<i64> = text
        .split(',')
        .map(|part| {
            part.parse::<i64>()
                .map_err(|_| format!("{text:?}: {part:?}"))
        })
        .collect::<Result<_, _>>()?;
    match numbers[..] {
        [x, y, t] => Ok(Parsed::Command { x, y, t }),
        _ => Err(format!("{text:?}: expected x,y,t")),
    }
}

/// Player A's entry of `players` (a state.json is rendered for A).
fn player_a(state: &Value) -> &Value {
    state["players"]
        .as_array()
        .and_then(|players| players.iter().find(|p| p["playerType"] == "A"))
        .expect("player A")
}

fn int(value: &Value) -> i64 {
    value
        .as_i64()
        .unwrap_or_else(|| panic!("a number: {value}"))
}

/// The game is over: a base at 0 health, or past the last round (RULES.md).
fn is_over(state: &Value) -> bool {
    let rounds_over = int(&state["gameDetails"]["round"]) > int(&state["gameDetails"]["maxRounds"]);
    let fallen = state["players"]
        .as_array()
        .expect("players")
        .iter()
        .any(|p| int(&p["health"]) <= 0);
    rounds_over || fallen
}

/// The buildings on map cell (x, y).
fn buildings_at(state: &Value, x: i64, y: i64) -> &Vec<Value> {
    let row = &state["gameMap"][y as usize];
    let cell = row
        .as_array()
        .and_then(|cells| cells.iter().find(|c| int(&c["x"]) == x))
        .unwrap_or_else(|| panic!("no cell ({x}, {y})"));
    cell["buildings"].as_array().expect("a building list")
}

/// Why `command` is not a valid command for A in `state`, if it is not (RULES.md: an
/// invalid command would silently do nothing, which a bot must not rely on).
fn illegality(state: &Value, command: &Parsed) -> Option<String> {
    let Parsed::Command { x, y, t } = *command else {
        return None;
    };
    let a = player_a(state);
    let energy = int(&a["energy"]);
    let own_cell = (0..8).contains(&x) && (0..8).contains(&y);
    let kind = match t {
        0 => "DEFENSE",
        1 => "ATTACK",
        2 => "ENERGY",
        4 => "TESLA",
        3 => {
            return (!own_cell || buildings_at(state, x, y).is_empty())
                .then(|| format!("deconstruct at ({x}, {y}): not a building of A's"));
        }
        5 => {
            let available = a["ironCurtainAvailable"].as_bool().expect("a flag");
            let active = int(&a["activeIronCurtainLifetime"]) >= 1;
            return (!available || energy < 100 || active).then(|| {
                format!("iron curtain: available {available}, energy {energy}, active {active}")
            });
        }
        _ => return Some(format!("type {t} is not a command type")),
    };
    if !own_cell {
        return Some(format!("({x}, {y}) is not on A's half"));
    }
    if !buildings_at(state, x, y).is_empty() {
        return Some(format!("({x}, {y}) is occupied"));
    }
    let price = int(&state["gameDetails"]["buildingPrices"][kind]);
    if energy < price {
        return Some(format!("{kind} costs {price}, A has {energy}"));
    }
    if kind == "TESLA" {
        let teslas = state["gameMap"]
            .as_array()
            .expect("rows")
            .iter()
            .flat_map(|row| row.as_array().expect("cells"))
            .flat_map(|cell| cell["buildings"].as_array().expect("buildings"))
            .filter(|b| b["playerType"] == "A" && b["buildingType"] == "TESLA")
            .count();
        if teslas >= 2 {
            return Some(format!("A already has {teslas} teslas"));
        }
    }
    None
}

#[test]
fn the_legality_check_refuses_what_the_rules_refuse() {
    // Round 0 of a real game: A has 20 energy and an empty half.
    let states = archive_states();
    let (_, text) = states
        .iter()
        .find(|(path, _)| path.to_string_lossy().contains("Round 000"))
        .expect("a round 0");
    let state: Value = serde_json::from_str(text).expect("JSON");
    assert_eq!(int(&player_a(&state)["energy"]), 20);
    let ok = |text: &str| illegality(&state, &parse_command(text).unwrap());
    assert_eq!(ok(""), None);
    assert_eq!(ok("0,0,2"), None);
    assert_eq!(ok("7,7,2"), None);
    for refused in [
        "0,0,0", "0,0,1", "0,0,4", "8,0,2", "0,8,2", "-1,0,2", "0,0,3", "0,0,5",
    ] {
        assert!(ok(refused).is_some(), "{refused}");
    }
    assert!(parse_command("1,2").is_err());
    assert!(parse_command("1,2,x").is_err());
    assert!(parse_command("1,2,3\n").is_err());
}

#[test]
fn every_official_state_gets_a_legal_command() {
    let states = archive_states();
    assert!(states.len() > 700, "{} states", states.len());
    let dir = fresh_dir("official");
    let (mut commands, mut finished) = (0, 0);
    for (path, text) in &states {
        let state: Value = serde_json::from_str(text).expect("JSON");
        // The runner deletes the last command and writes the new state before each run.
        let _ = std::fs::remove_file(dir.join("command.txt"));
        std::fs::write(dir.join("state.json"), text).expect("write state.json");
        let output = run_bot_in(&dir, &[]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(output.status.success(), "{}: {stderr}", path.display());
        let written = command_file(&dir);
        let command = parse_command(&written).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if let Some(why) = illegality(&state, &command) {
            panic!("{}: {written:?} is illegal: {why}", path.display());
        }
        if is_over(&state) {
            finished += 1;
            assert_eq!(command, Parsed::Nothing, "{}", path.display());
        } else if command != Parsed::Nothing {
            commands += 1;
        }
        assert_only_the_runner_files(&dir);
    }
    // The official games end with a finished state each; the bot plays (not only waits).
    assert!(finished >= 9, "{finished} finished states");
    assert!(
        commands * 4 > states.len(),
        "only {commands} of {} states got a command other than nothing",
        states.len()
    );
}

#[test]
fn dir_names_the_bot_directory() {
    let states = archive_states();
    let text = states.values().nth(10).expect("a state");
    let dir = fresh_dir("dir-option");
    std::fs::write(dir.join("state.json"), text).expect("write state.json");
    let elsewhere = fresh_dir("dir-option-cwd");
    let dir_arg = dir.to_str().expect("a UTF-8 path");
    let output = run_bot_in(&elsewhere, &["--dir", dir_arg]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let state: Value = serde_json::from_str(text).expect("JSON");
    let command = parse_command(&command_file(&dir)).expect("a command");
    assert_eq!(illegality(&state, &command), None);
    assert!(!elsewhere.join("command.txt").exists());
}

/// A bad state: the empty command replaces whatever was there, the exit is non-zero and
/// stderr says why in one line.
fn assert_do_nothing_with_reason(dir: &Path, reason: &str) {
    // A stale command from an earlier round must not survive.
    std::fs::write(dir.join("command.txt"), "1,1,1").expect("write a stale command");
    let output = run_bot_in(dir, &[]);
    assert!(!output.status.success(), "{}", dir.display());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(reason), "{reason}: {stderr}");
    assert_eq!(command_file(dir), "");
}

#[test]
fn a_missing_state_writes_the_do_nothing_command_and_fails() {
    let dir = fresh_dir("missing");
    assert_do_nothing_with_reason(&dir, "state.json");
    assert_only_the_runner_files(&dir);
}

#[test]
fn a_malformed_state_writes_the_do_nothing_command_and_fails() {
    let states = archive_states();
    let good = states.values().nth(20).expect("a state");
    let cases = [
        ("not-json", "{\"players\": ".to_owned()),
        ("empty", String::new()),
        ("wrong-shape", "[1, 2, 3]".to_owned()),
        // Valid JSON, impossible numbers: a building on a cell beyond the map.
        (
            "bad-cell",
            good.replacen("\"x\":0,\"y\":0", "\"x\":99,\"y\":0", 1),
        ),
    ];
    for (name, text) in cases {
        if name == "bad-cell" {
            assert_ne!(&text, good, "the replacement must change the state");
        }
        let dir = fresh_dir(&format!("malformed-{name}"));
        std::fs::write(dir.join("state.json"), &text).expect("write state.json");
        assert_do_nothing_with_reason(&dir, "invalid state file");
        assert_only_the_runner_files(&dir);
    }
}

/// `bitgames towerdefence bot ARGS` in `dir`, under a 1 GB address-space limit and killed
/// after 20 s: a bot that hangs or reads without end fails the test, not the machine.
fn run_bot_limited(dir: &Path, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(r#"ulimit -v 1000000; exec timeout -s KILL 20 "$0" "$@""#)
        .arg(env!("CARGO_BIN_EXE_bitgames"))
        .args(["towerdefence", "bot", "--time-ms", "20", "--threads", "1"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("sh runs")
}

fn mkfifo(path: &Path) {
    let made = Command::new("mkfifo").arg(path).status().expect("mkfifo");
    assert!(made.success());
}

/// `--state /dev/zero` and `--state FIFO`: a one-line error at once, not a read until
/// memory runs out and not a wait for a writer.
#[test]
fn a_state_that_is_not_a_regular_file_is_a_clear_error() {
    let dir = fresh_dir("state-not-regular");
    let fifo = dir.join("fifo.json");
    mkfifo(&fifo);
    for (state, needle) in [
        (
            Path::new("/dev/zero"),
            "/dev/zero: is a character device, not a regular file",
        ),
        (fifo.as_path(), "fifo.json: is a FIFO, not a regular file"),
        (dir.as_path(), "is a directory, not a regular file"),
    ] {
        let output = run_bot_limited(&dir, &["--state", &state.display().to_string()]);
        assert!(!output.status.success(), "{}", state.display());
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.starts_with("error: ") && stderr.contains(needle),
            "{stderr}"
        );
    }
}

/// A bot directory whose `state.json` is a FIFO or a link to `/dev/zero`: the do-nothing
/// command and a one-line error, at once.
#[test]
fn a_bot_directory_state_that_is_not_a_regular_file_is_refused() {
    let dir = fresh_dir("dir-fifo");
    mkfifo(&dir.join("state.json"));
    let output = run_bot_limited(&dir, &["--dir", "."]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.contains("state.json: is a FIFO"), "{stderr}");
    assert_eq!(command_file(&dir), "");

    let dir = fresh_dir("dir-link");
    std::os::unix::fs::symlink("/dev/zero", dir.join("state.json")).expect("symlink");
    let output = run_bot_limited(&dir, &[]);
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("state.json: is a symbolic link"),
        "{stderr}"
    );
    assert_eq!(command_file(&dir), "");
}
