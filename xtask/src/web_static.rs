//! `cargo xtask web-static DIR`: the web app as a static site that plays Othello, Santorini
//! and the Amazons against our engines with no bitgames process, from any plain file server.
//!
//! 1. `rustup target add wasm32-unknown-unknown`;
//! 2. `cargo build --locked --release --target wasm32-unknown-unknown -p bitgames-wasm`
//!    (the Play page's API, `crates/wasm`);
//! 3. `wasm-bindgen --target no-modules` on it, with the `wasm-bindgen-cli` of
//!    `cargo xtask wasm-test` (installed into `target/tools/` once, at `Cargo.lock`'s
//!    wasm-bindgen version), writing `bitgames_wasm.js` and `bitgames_wasm_bg.wasm` into DIR;
//! 4. the server's own pages from `crates/web/assets/` (`index.html`, `app.js`, `style.css`,
//!    the latest compare chart `compare.svg`) and the worker that runs the wasm
//!    (`worker.js`); `index.html` gains
//!    `data-backend="wasm"`, so the page sends its requests to the worker without asking a
//!    server first.

use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::book::workspace_root;
use crate::wasm_test::{TARGET, install_runner, locked_version};

/// The assets copied as they are; `index.html` is written with the backend flag.
const ASSETS: [&str; 4] = ["app.js", "style.css", "worker.js", "compare.svg"];

/// Writes the static site into `dir` (made when missing); see the module docs.
pub fn run(dir: &Path) -> Result<()> {
    let root = workspace_root();
    let version = locked_version(&root.join("Cargo.lock"), "wasm-bindgen")?;
    let runner = install_runner(&root, &version)?;
    let bindgen = runner.with_file_name("wasm-bindgen");
    crate::wasm_test::add_target()?;
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    eprintln!("== cargo build --release --target {TARGET} -p bitgames-wasm");
    let status = Command::new(&cargo)
        .current_dir(&root)
        .args(["build", "--locked", "--release", "--target", TARGET])
        .args(["--package", "bitgames-wasm"])
        .status()
        .with_context(|| format!("running {}", cargo.to_string_lossy()))?;
    if !status.success() {
        bail!("building bitgames-wasm for {TARGET} failed ({status})");
    }
    let wasm = target_dir(&root)
        .join(TARGET)
        .join("release/bitgames_wasm.wasm");
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    eprintln!("== wasm-bindgen --target no-modules into {}", dir.display());
    let status = Command::new(&bindgen)
        .args(["--target", "no-modules", "--no-typescript", "--out-dir"])
        .arg(dir)
        .arg(&wasm)
        .status()
        .with_context(|| format!("running {}", bindgen.display()))?;
    if !status.success() {
        bail!("wasm-bindgen failed ({status})");
    }
    let assets = root.join("crates/web/assets");
    for name in ASSETS {
        std::fs::copy(assets.join(name), dir.join(name))
            .with_context(|| format!("copying {name} into {}", dir.display()))?;
    }
    let index = std::fs::read_to_string(assets.join("index.html")).context("reading index.html")?;
    std::fs::write(dir.join("index.html"), static_index(&index)?)
        .with_context(|| format!("writing {}", dir.join("index.html").display()))?;
    eprintln!("== the static site is in {}", dir.display());
    Ok(())
}

/// Cargo's target directory: `CARGO_TARGET_DIR` when set, else the workspace's `target/`.
pub fn target_dir(root: &Path) -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from)
}

/// The server's `index.html` with `data-backend="wasm"` on its `<html>` element.
fn static_index(index: &str) -> Result<String> {
    const TAG: &str = "<html lang=\"en\">";
    if !index.contains(TAG) {
        bail!("crates/web/assets/index.html has no {TAG:?} to mark as the static site's");
    }
    Ok(index.replacen(TAG, "<html lang=\"en\" data-backend=\"wasm\">", 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_static_index_names_the_wasm_backend() {
        let index = std::fs::read_to_string(workspace_root().join("crates/web/assets/index.html"))
            .expect("the app's index.html");
        let marked = static_index(&index).expect("an <html> tag");
        assert!(marked.contains("<html lang=\"en\" data-backend=\"wasm\">"));
        assert!(static_index("<html>").is_err());
    }
}
