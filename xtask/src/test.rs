//! `cargo xtask test`: every test of the project, Rust then Python, on a machine that has
//! only Rust and Python 3.
//!
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

/// The whole test suite; see the module docs.
pub fn run_all() -> Result<()> {
    let root = workspace_root();
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
