//! `cargo xtask test`: every test of the project, Rust then Python, on a machine that has
//! only Rust and Python 3.
//!
//! 0. when `/usr/bin/chromedriver` is missing, `apt-get update` and
//!    `apt-get install -y chromium chromium-driver` (through `sudo` when not root): the web
//!    app's browser test drives headless Chromium and fails without it;
//! 1. the web app's static site into `target/web-static` (`cargo xtask web-static`, which
//!    the browser test serves from a plain file server), then `cargo test --workspace`,
//!    then `cargo xtask wasm-test` (the engines and the solver at a clock on wasm32, under
//!    Node; installs wasm-bindgen-cli into `target/tools` once),
//!    then `cargo xtask train-eval --smoke` (the Othello evaluation's training pipeline end
//!    to end on tiny data, about a minute);
//! 2. the Python package as the abi3 manylinux wheel users install (`cargo xtask wheel`,
//!    `wheel.rs`);
//! 3. a fresh virtual environment at `target/xtask/test-venv` (removed and made again with
//!    `python3 -m venv` every run), into which pip installs that wheel with its `test`
//!    extras, as a user without Rust would: the Rust toolchain is taken off `PATH` (every
//!    directory holding `cargo`, `rustc` or `rustup`) and out of the environment (`CARGO*`,
//!    `RUSTUP*`, `RUSTC*`), so nothing can be built from source on the way;
//! 4. a check that `import bitgames` finds the installed wheel, not the source tree, then
//!    `pytest crates/python/tests` in the same environment.
//!
//! Each step's output goes straight to the terminal; the first failing step stops the run
//! with an error naming it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
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
    eprintln!("== The web app's static site for its browser test: cargo xtask web-static");
    crate::web_static::run(&crate::web_static::target_dir(&root).join("web-static"))?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    run(
        "Rust tests: cargo test --workspace",
        &root,
        Command::new(&cargo).args(["test", "--workspace"]),
    )?;
    eprintln!("== wasm32 tests under Node: cargo xtask wasm-test");
    crate::wasm_test::run()?;
    eprintln!(
        "== The Othello evaluation's training pipeline, end to end: cargo xtask train-eval --smoke"
    );
    crate::train_eval::run(true, &[])?;
    python_tests(&root)
}

/// Steps 2 to 4 of the module docs: the wheel, installed into a fresh environment with no
/// Rust toolchain in reach, and the pytest suite against it.
pub fn python_tests(root: &Path) -> Result<()> {
    let wheel = crate::wheel::build(None)?;
    let venv = root.join("target/xtask/test-venv");
    if venv.exists() {
        std::fs::remove_dir_all(&venv).with_context(|| format!("removing {}", venv.display()))?;
    }
    let path = path_without_rust()?;
    let no_rust = |program: &Path| {
        let mut command = Command::new(program);
        for (name, _) in std::env::vars_os() {
            let name = name.to_string_lossy();
            if ["CARGO", "RUSTUP", "RUSTC"]
                .iter()
                .any(|prefix| name.starts_with(prefix))
            {
                command.env_remove(&*name);
            }
        }
        command.env("PATH", &path);
        command
    };
    run(
        "Python: a fresh virtual environment, target/xtask/test-venv",
        root,
        no_rust(Path::new("python3"))
            .args(["-m", "venv"])
            .arg(&venv),
    )?;
    let python = venv.join("bin/python");
    let mut requirement = OsString::from(wheel.as_os_str());
    requirement.push("[test]");
    run(
        "Python: installing the wheel with its test extras (no cargo on PATH)",
        root,
        crate::wheel::pip_install(&mut no_rust(&python))
            .args(["--only-binary", ":all:"])
            .arg(&requirement),
    )?;
    run(
        "Python: `import bitgames` finds the installed wheel",
        root,
        no_rust(&python).args([
            "-c",
            "import bitgames, sys; f = bitgames.__file__; print(f); \
             sys.exit(0 if f.startswith(sys.prefix) else f'imported from {f}, not {sys.prefix}')",
        ]),
    )?;
    run(
        "Python tests: pytest crates/python/tests (against the installed wheel)",
        root,
        // -rs: every skipped test with its reason ("no CUDA device" is the only one).
        no_rust(&python).args(["-m", "pytest", "-q", "-rs", "crates/python/tests"]),
    )
}

/// `PATH` without the directories that hold a Rust toolchain (`cargo`, `rustc`, `rustup`).
fn path_without_rust() -> Result<OsString> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let kept: Vec<PathBuf> = std::env::split_paths(&path)
        .filter(|dir| {
            !["cargo", "rustc", "rustup"]
                .iter()
                .any(|tool| dir.join(tool).exists())
        })
        .collect();
    std::env::join_paths(kept).context("joining PATH")
}
