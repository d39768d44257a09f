//! `cargo xtask wheel`: the Python package as one abi3 manylinux wheel, for users without
//! Rust (`pip install bitgames-*.whl`).
//!
//! 1. a build environment at `target/xtask/maturin-venv` (made with `python3 -m venv` when
//!    missing) into which pip installs maturin as `crates/python/pyproject.toml` requires it
//!    (`[build-system] requires`, read from the file so there is one pin);
//! 2. `maturin build --profile python --compatibility pypi`: the workspace's `python` profile
//!    (as `[tool.maturin] profile` says), one `cp39-abi3` wheel for every CPython from 3.9,
//!    with the oldest manylinux tag that maturin's auditwheel check finds the library complies
//!    with (the newest glibc symbol version it uses; no library outside the policy);
//! 3. the wheel is written to `target/xtask/wheels/` (older bitgames wheels there are removed
//!    first; maturin's own default, `target/wheels/`, is left to hand-run builds).
//!
//! The tag follows the build machine's glibc: Rust's standard library links the pthread
//! functions glibc 2.34 moved into libc at their 2.34 versions, so on Debian 12 (glibc 2.36)
//! the wheel is `manylinux_2_34_x86_64` (Debian 12, Ubuntu 22.04, RHEL 9 and later). An older
//! tag such as `manylinux2014` (glibc 2.17) needs an older glibc to link against: a build
//! inside a `quay.io/pypa/manylinux2014` container, or `maturin build --zig`.
//!
//! A wheel runs on other machines, so it must not be built for this one: `.cargo/config.toml`
//! asks for `-C target-cpu=native`, which this overrides with the target's default CPU
//! (plain x86-64 on x86_64), or with `--target-cpu` (for example `x86-64-v3` for machines
//! from 2015 on, with popcount, BMI2 and AVX2). The build uses its own target directory,
//! `target/wheel`, so the different flags rebuild nothing of the workspace's own builds.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::book::workspace_root;

/// maturin's `--compatibility`: only tags PyPI accepts, so on Linux a manylinux tag, the
/// oldest the library complies with (see the module docs).
pub const COMPATIBILITY: &str = "pypi";

/// Builds the wheel and returns its path; see the module docs.
pub fn build(target_cpu: Option<&str>) -> Result<PathBuf> {
    let root = workspace_root();
    let maturin = maturin(&root)?;
    let out = root.join("target/xtask/wheels");
    remove_old_wheels(&out)?;

    let mut command = Command::new(&maturin);
    command
        .current_dir(&root)
        .args(["build", "--manifest-path", "crates/python/Cargo.toml"])
        .args(["--profile", "python", "--compatibility", COMPATIBILITY])
        .arg("--out")
        .arg(&out)
        .env("CARGO_TARGET_DIR", root.join("target/wheel"))
        // Set, even when empty, this replaces `build.rustflags` of .cargo/config.toml.
        .env(
            "CARGO_ENCODED_RUSTFLAGS",
            target_cpu.map_or(String::new(), |cpu| format!("-Ctarget-cpu={cpu}")),
        )
        .env_remove("RUSTFLAGS");
    let cpu = target_cpu.unwrap_or("the target's default");
    run(
        &format!("Python wheel: maturin build (abi3, --compatibility {COMPATIBILITY}, CPU {cpu})"),
        &mut command,
    )?;

    let wheels = bitgames_wheels(&out)?;
    match wheels.as_slice() {
        [wheel] => {
            eprintln!("wrote {}", wheel.display());
            Ok(wheel.clone())
        }
        _ => bail!(
            "expected one bitgames wheel in {} after the build, found {}",
            out.display(),
            wheels.len()
        ),
    }
}

/// maturin in the build environment, installed there first when missing or out of range.
fn maturin(root: &Path) -> Result<PathBuf> {
    let venv = root.join("target/xtask/maturin-venv");
    let python = venv.join("bin/python");
    if !python.exists() {
        run(
            "Python wheel: creating the build environment target/xtask/maturin-venv",
            Command::new("python3").args(["-m", "venv"]).arg(&venv),
        )?;
    }
    let requires = build_requires(&root.join("crates/python/pyproject.toml"))?;
    run(
        &format!("Python wheel: pip install {}", requires.join(" ")),
        pip_install(&mut Command::new(&python)).args(&requires),
    )?;
    Ok(venv.join("bin/maturin"))
}

/// The `requires = [...]` list of `[build-system]` in pyproject.toml (one line, as written).
fn build_requires(pyproject: &Path) -> Result<Vec<String>> {
    let text = std::fs::read_to_string(pyproject)
        .with_context(|| format!("reading {}", pyproject.display()))?;
    let mut in_build_system = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_build_system = line == "[build-system]";
        } else if in_build_system && let Some(list) = line.strip_prefix("requires") {
            let list = list.trim_start().trim_start_matches('=').trim();
            let Some(inner) = list.strip_prefix('[').and_then(|l| l.strip_suffix(']')) else {
                break;
            };
            // The quoted strings: every other piece between double quotes.
            let requires: Vec<String> = inner
                .split('"')
                .skip(1)
                .step_by(2)
                .map(str::to_owned)
                .collect();
            if !requires.is_empty() {
                return Ok(requires);
            }
        }
    }
    bail!(
        "{}: no one-line `requires = [...]` under [build-system]",
        pyproject.display()
    )
}

/// The `bitgames-*.whl` files in `dir` (none when it does not exist).
fn bitgames_wheels(dir: &Path) -> Result<Vec<PathBuf>> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(Vec::new());
    };
    let mut wheels = Vec::new();
    for entry in entries {
        let path = entry
            .with_context(|| format!("listing {}", dir.display()))?
            .path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if name.starts_with("bitgames-") && name.ends_with(".whl") {
            wheels.push(path);
        }
    }
    Ok(wheels)
}

fn remove_old_wheels(dir: &Path) -> Result<()> {
    for wheel in bitgames_wheels(dir)? {
        std::fs::remove_file(&wheel).with_context(|| format!("removing {}", wheel.display()))?;
    }
    Ok(())
}

/// `command` (a virtual environment's Python) made `python -m pip install`, quietly and
/// without the version check: how the wheel's build requirements and the wheel itself are
/// installed. The caller adds what to install.
pub(crate) fn pip_install(command: &mut Command) -> &mut Command {
    command.args([
        "-m",
        "pip",
        "install",
        "--quiet",
        "--disable-pip-version-check",
    ])
}

/// Runs `command`, failing with `what` when it cannot start or exits non-zero.
fn run(what: &str, command: &mut Command) -> Result<()> {
    eprintln!("== {what}");
    let status = command
        .status()
        .with_context(|| format!("{what}: could not start {command:?}"))?;
    if !status.success() {
        bail!("{what} failed ({status})");
    }
    Ok(())
}
