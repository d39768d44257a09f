//! `cargo xtask wasm-test`: the game crates' wasm32 tests, run under Node.
//!
//! The engines and the Othello solver stop on a clock, and on wasm32-unknown-unknown std's
//! clock panics; they read web-time's instead. `tests/wasm.rs` in the crates of [`CRATES`]
//! searches and solves with time limits on wasm32 (`wasm-bindgen-test`), and this runs them:
//!
//! 1. `node` must be on `PATH` (the tests run in Node.js, no browser needed);
//! 2. `wasm-bindgen-cli` at exactly the version of `wasm-bindgen` in `Cargo.lock` (the test
//!    runner refuses a module built by another) is installed into `target/tools/` (once:
//!    `cargo install`, a few minutes), without its default features (TLS for the WebDriver
//!    client of browser tests, which Node does not need);
//! 3. `rustup target add wasm32-unknown-unknown`;
//! 4. `cargo test --locked --target wasm32-unknown-unknown -p CRATE --test wasm ...` with
//!    `target/tools/bin/wasm-bindgen-test-runner` as the target's runner.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::book::workspace_root;

/// The crates with a `tests/wasm.rs`.
pub const CRATES: [&str; 2] = ["bitgames-othello", "bitgames-towerdefence"];

/// The target the tests are built for.
pub const TARGET: &str = "wasm32-unknown-unknown";

/// Runs the wasm32 tests; see the module docs.
pub fn run() -> Result<()> {
    let root = workspace_root();
    check_node()?;
    let version = locked_version(&root.join("Cargo.lock"), "wasm-bindgen")?;
    let runner = install_runner(&root, &version)?;
    add_target()?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(&cargo);
    command
        .current_dir(&root)
        .args(["test", "--locked", "--target", TARGET])
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER", &runner);
    for krate in CRATES {
        command.args(["--package", krate]);
    }
    command.args(["--test", "wasm"]);
    eprintln!(
        "== cargo test --target {TARGET} --test wasm of {} (under Node)",
        CRATES.join(", ")
    );
    let status = command
        .status()
        .with_context(|| format!("running {}", cargo.to_string_lossy()))?;
    if !status.success() {
        bail!("the wasm32 tests failed ({status})");
    }
    Ok(())
}

/// Fails with what to do when `node` does not run.
fn check_node() -> Result<()> {
    let output = Command::new("node").arg("--version").output();
    match output {
        Ok(out) if out.status.success() => {
            let version = String::from_utf8_lossy(&out.stdout);
            eprintln!("== node {}", version.trim());
            Ok(())
        }
        _ => bail!(
            "`node --version` failed: the wasm32 tests run under Node.js, which must be on PATH \
             (for example `apt-get install nodejs`)"
        ),
    }
}

/// The version of package `name` in the lock file `lock`; an error unless exactly one.
pub fn locked_version(lock: &Path, name: &str) -> Result<String> {
    let text =
        std::fs::read_to_string(lock).with_context(|| format!("reading {}", lock.display()))?;
    let versions = versions_in_lock(&text, name);
    match versions.as_slice() {
        [version] => Ok(version.clone()),
        [] => bail!("{} has no package {name}", lock.display()),
        _ => bail!(
            "{} has {name} at several versions ({}): the test runner must match the one the \
             tests are built with",
            lock.display(),
            versions.join(", ")
        ),
    }
}

/// Every version of package `name` in a `Cargo.lock`'s text.
fn versions_in_lock(text: &str, name: &str) -> Vec<String> {
    let wanted = format!("name = \"{name}\"");
    let mut versions = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == wanted
            && let Some(version) = lines
                .next()
                .and_then(|next| next.trim().strip_prefix("version = \""))
                .and_then(|rest| rest.strip_suffix('"'))
        {
            versions.push(version.to_owned());
        }
    }
    versions
}

/// `target/tools/bin/wasm-bindgen-test-runner` of `wasm-bindgen-cli` `version`, installed
/// first when missing or of another version.
pub fn install_runner(root: &Path, version: &str) -> Result<PathBuf> {
    let tools = root.join("target/tools");
    let bin = tools.join("bin");
    let runner = bin.join("wasm-bindgen-test-runner");
    // `wasm-bindgen --version` prints "wasm-bindgen 0.2.130"; the runner comes with it.
    let installed = runner.exists()
        && Command::new(bin.join("wasm-bindgen"))
            .arg("--version")
            .output()
            .ok()
            .filter(|out| out.status.success())
            .is_some_and(|out| {
                String::from_utf8_lossy(&out.stdout)
                    .split_whitespace()
                    .nth(1)
                    == Some(version)
            });
    if installed {
        return Ok(runner);
    }
    eprintln!("== installing wasm-bindgen-cli {version} into target/tools (once; a few minutes)");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let install = |locked: bool| {
        let mut command = Command::new(&cargo);
        command
            .current_dir(root)
            .args(["install", "wasm-bindgen-cli", "--version", version])
            .args(["--no-default-features", "--force", "--root"])
            .arg(&tools);
        if locked {
            command.arg("--locked");
        }
        command
            .status()
            .with_context(|| format!("running {}", cargo.to_string_lossy()))
    };
    if !install(true)?.success() {
        // The lock file published with the crate can name a release that the registry in
        // use does not have (a mirror that lags crates.io): resolve its dependencies afresh.
        eprintln!("== cargo install --locked failed; again without --locked");
        let status = install(false)?;
        if !status.success() {
            bail!("cargo install wasm-bindgen-cli {version} failed ({status})");
        }
    }
    if !runner.exists() {
        bail!("{} is missing after the install", runner.display());
    }
    Ok(runner)
}

/// `rustup target add wasm32-unknown-unknown` (a no-op when it is there): the wasm tests and
/// the static site both build for it.
pub(crate) fn add_target() -> Result<()> {
    let status = Command::new("rustup")
        .args(["target", "add", TARGET])
        .status()
        .context("running rustup (the wasm32 target is added with it)")?;
    if !status.success() {
        bail!("rustup target add {TARGET} failed ({status})");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_a_locked_version() {
        let lock = "[[package]]\nname = \"wasm-bindgen\"\nversion = \"0.2.130\"\n\
                    source = \"registry+https://github.com/rust-lang/crates.io-index\"\n\n\
                    [[package]]\nname = \"wasm-bindgen-macro\"\nversion = \"0.2.130\"\n";
        assert_eq!(versions_in_lock(lock, "wasm-bindgen"), ["0.2.130"]);
        assert!(versions_in_lock(lock, "web-time").is_empty());
    }

    #[test]
    fn the_workspace_locks_one_wasm_bindgen() {
        let lock = workspace_root().join("Cargo.lock");
        let version = locked_version(&lock, "wasm-bindgen").expect("one version");
        assert!(version.starts_with("0.2."), "{version}");
    }
}
