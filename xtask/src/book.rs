//! `cargo xtask book [--check]`: regenerates the Othello opening book,
//! `crates/othello/data/othello-book.txt`.
//!
//! The book search needs the Othello rules and evaluation, but xtask must not depend on
//! the game crates at compile time (a broken generated table would then stop xtask from
//! building, and so from repairing it). So the search lives in
//! `crates/othello/examples/make_book.rs`, and this runs it as a subprocess:
//! `cargo run --release -p bitgames-othello --no-default-features --example make_book -- OUT`
//! (without the `book` feature, the crate does not read the book file at all).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

/// `crates/othello/data/othello-book.txt` of this workspace.
pub fn book_path() -> PathBuf {
    workspace_root().join("crates/othello/data/othello-book.txt")
}

/// Runs `crates/othello/examples/NAME.rs` in release mode from the workspace root with
/// `cargo_flags` (such as `--no-default-features`) and the program arguments `args`.
pub fn run_othello_example(name: &str, cargo_flags: &[&str], args: &[&OsStr]) -> Result<()> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = Command::new(&cargo)
        .current_dir(workspace_root())
        .args(["run", "--release", "--package", "bitgames-othello"])
        .args(cargo_flags)
        .args(["--example", name, "--"])
        .args(args)
        .status()
        .with_context(|| format!("running {}", cargo.to_string_lossy()))?;
    if !status.success() {
        bail!("the {name} example failed ({status})");
    }
    Ok(())
}

pub fn workspace_root() -> PathBuf {
    let xtask = Path::new(env!("CARGO_MANIFEST_DIR"));
    xtask.parent().unwrap_or(xtask).to_path_buf()
}

/// Writes the book, or with `check` writes it to a scratch file and fails if the checked-in
/// one differs.
pub fn run(check: bool) -> Result<()> {
    let target = book_path();
    let out = if check {
        std::env::temp_dir().join(format!("bitgames-book-{}.txt", std::process::id()))
    } else {
        target.clone()
    };
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    run_othello_example("make_book", &["--no-default-features"], &[out.as_os_str()])?;
    if check {
        let written = std::fs::read(&out).with_context(|| format!("reading {}", out.display()));
        let _ = std::fs::remove_file(&out);
        let checked_in = std::fs::read(&target).ok();
        if checked_in.as_deref() != Some(written?.as_slice()) {
            bail!(
                "{} is out of date, run `cargo xtask book`",
                target.display()
            );
        }
    } else {
        eprintln!("wrote {}", target.display());
    }
    Ok(())
}
