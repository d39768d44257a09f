//! `cargo xtask train-eval [--smoke] [OPTIONS]`: trains the learned Othello evaluation,
//! `crates/othello/data/othello-eval.bin`, and writes its manifest beside it
//! (`othello-eval.json`: the data, seeds, commit and held-out error per phase).
//!
//! The pipeline is `bitgames_othello::training`; like the book it needs the Othello crate,
//! so it runs as the crate's `train_eval` example in a subprocess (see `book.rs` for why
//! xtask does not depend on the game crates). Other options (`--games N`, `--seed S`,
//! `--from-scratch`, ...) go to the example; `--help` there lists them.
//!
//! Exact labels are kept in `target/xtask/train-eval-cache.bin` (outside the repository) and
//! reused by later runs, which then solve only the positions they have not seen.
//!
//! `--smoke` trains from scratch on tiny data in about a minute and writes to
//! `target/xtask/train-eval-smoke/`, never over the checked-in weights; it fails unless the
//! fitted weights beat untrained ones on its held-out positions. `cargo xtask test` runs it.

use std::ffi::OsString;
use std::process::Command;

use anyhow::Result;

use crate::book::{run_othello_example, workspace_root};

/// Runs the trainer; see the module docs.
pub fn run(smoke: bool, rest: &[OsString]) -> Result<()> {
    let root = workspace_root();
    let dir = if smoke {
        root.join("target/xtask/train-eval-smoke")
    } else {
        root.join("crates/othello/data")
    };
    let commit = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(&root)
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| String::from_utf8_lossy(&out.stdout).trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    let mut args: Vec<OsString> = vec![
        "--weights".into(),
        dir.join("othello-eval.bin").into(),
        "--manifest".into(),
        dir.join("othello-eval.json").into(),
        "--commit".into(),
        commit.into(),
        // Positions from games we did not play, with published exact scores.
        "--ffo".into(),
        root.join("crates/othello/tests/data/ffo-40-59.obf").into(),
    ];
    if smoke {
        args.push("--smoke".into());
    } else {
        // Exact scores are facts about positions: keep them for the next run.
        args.push("--cache".into());
        args.push(root.join("target/xtask/train-eval-cache.bin").into());
    }
    args.extend(rest.iter().cloned());
    let args: Vec<&std::ffi::OsStr> = args.iter().map(OsString::as_os_str).collect();
    run_othello_example("train_eval", &[], &args)
}
