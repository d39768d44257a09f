//! `cargo xtask test`: every test of the project, Rust then Python, on a machine that has
//! only Rust and Python 3.
//!
//! 0. when `/usr/bin/chromedriver` is missing, `apt-get update` and
//!    `apt-get install -y chromium chromium-driver` (through `sudo` when not root): the web
//!    app's browser test drives headless Chromium and fails without it;
//! 1. `cargo test --workspace`;
//! 2. a virtual environment at `.venv` (made with `python3 -m venv` when missing), into which
//!    pip installs the Python package from `crates/python` with its `test` extras — pip
//!    fetches maturin, which builds the Rust extension — exactly as a user would;
//! 3. `pytest crates/python/tests`.
//!
//! Each step's output goes straight to the terminal; the first failing step stops the run
//! with an error naming it.

use std::path::Path;
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::book::workspace_root;

/// Runs `command` in `dir`, failing with `what` when it cannot start or exits non-zero.
fn run(what: &str, dir: &Path, command: &mut Command) -> Result<()> {
    eprintln!("== {what}");
    let status = command
        .current_dir(dir)
        .status()
        .with_context(|| format!("{what}: could not start {command:?}"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}

/// Where the web app's browser test (`crates/web/tests/browser.rs`) expects chromedriver.
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// Installs Chromium and its WebDriver with apt when chromedriver is missing.
fn install_browser(root: &Path) -> Result<()> {
    if Path::new(CHROMEDRIVER).exists() {
        return Ok(());
    }
    let root_user = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0");
    let apt = |args: &[&str]| {
        let mut command = if root_user {
            Command::new("apt-get")
        } else {
            let mut sudo = Command::new("sudo");
            sudo.arg("apt-get");
            sudo
        };
        command.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        command
    };
    run(
        "Browser for the web app's test: apt-get update",
        root,
        &mut apt(&["update"]),
    )?;
    run(
        "Browser for the web app's test: apt-get install -y chromium chromium-driver",
        root,
        &mut apt(&["install", "-y", "chromium", "chromium-driver"]),
    )?;
    if !Path::new(CHROMEDRIVER).exists() {
        bail!("apt installed chromium-driver but {CHROMEDRIVER} is still missing");
    }
    Ok(())
}

/// The whole test suite; see the module docs.
pub fn run_all() -> Result<()> {
    let root = workspace_root();
    install_browser(&root)?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    run(
        "Rust tests: cargo test --workspace",
        &root,
        Command::new(&cargo).args(["test", "--workspace"]),
    )?;
    let venv = root.join(".venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        run(
            "Python: creating .venv",
            &root,
            Command::new("python3").args(["-m", "venv"]).arg(&venv),
        )?;
    }
    run(
        "Python: installing crates/python[test] into .venv",
        &root,
        Command::new(&python).args([
            "-m",
            "pip",
            "install",
            "--quiet",
            "--disable-pip-version-check",
            "./crates/python[test]",
        ]),
    )?;
    run(
        "Python tests: pytest crates/python/tests",
        &root,
        Command::new(&python).args(["-m", "pytest", "-q", "crates/python/tests"]),
    )
}
