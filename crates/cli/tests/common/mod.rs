//! What the CLI's integration tests share: running the binary (plainly, or under memory and
//! time limits), reading what it printed, scratch directories, and the scripted fake engines
//! of `crates/arena/tests/engines/`. Each test file uses some of it.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_bitgames");

/// `bitgames ARGS`, run to its end.
pub fn bitgames(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("the binary runs")
}

/// `bitgames ARGS` under a 1 GB address-space limit, killed after `seconds`.
pub fn bitgames_limited(seconds: u32, args: &[&str]) -> Output {
    Command::new("sh")
        .arg("-c")
        .arg(format!(
            r#"ulimit -v 1000000; exec timeout -s KILL {seconds} "$0" "$@""#
        ))
        .arg(BIN)
        .args(args)
        .output()
        .expect("sh runs")
}

/// The standard output of a run that succeeded (its standard error in the failure
/// message otherwise).
pub fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).expect("UTF-8")
}

/// `bitgames ARGS`, which must succeed: its standard output. Short enough that a command
/// line stays one line of a test.
pub fn succeeds(args: &[&str]) -> String {
    stdout(&bitgames(args))
}

/// The standard output of a run that succeeded, as one JSON value.
pub fn json(output: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(output)).expect("one JSON object")
}

/// The standard error of a run that failed with one `error: ...` line.
pub fn one_line_error(output: &Output) -> String {
    assert!(!output.status.success(), "{output:?}");
    let stderr = String::from_utf8(output.stderr.clone()).expect("UTF-8");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(stderr.starts_with("error: "), "{stderr}");
    stderr
}

/// Runs `bitgames ARGS`, which must fail with one `error: ...` line that says each of
/// `needles`; that line.
pub fn fails_saying(args: &[&str], needles: &[&str]) -> String {
    let err = one_line_error(&bitgames(args));
    for needle in needles {
        assert!(err.contains(needle), "{args:?}: {needle:?} not in {err}");
    }
    err
}

/// The arena's test helpers: scratch directories and shell-script Entelect bots.
#[path = "../../../arena/tests/support/mod.rs"]
pub mod arena;

/// A fresh, empty directory under the target directory ([`arena::scratch`]).
pub fn scratch(name: &str) -> PathBuf {
    arena::scratch(name)
}

/// The engine spec of a scripted fake engine (`crates/arena/tests/engines/SCRIPT`, run by
/// Python 3) speaking `protocol` in `mode` (`good`, `crash`, `hang`, `illegal`,
/// `malformed`), writing its process id to `pid_file`.
pub fn fake_engine(protocol: &str, script: &str, mode: &str, pid_file: &Path) -> String {
    let script = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../arena/tests/engines")
        .join(script);
    format!(
        "{protocol}:python3 -B '{}' {mode} '{}'",
        script.display(),
        pid_file.display()
    )
}

/// `match othello --a random --b B REST...`: a match of our random mover against `b`.
pub fn othello_match<'a>(b: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["match", "othello", "--a", "random", "--b", b];
    args.extend_from_slice(rest);
    args
}
