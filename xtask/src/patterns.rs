//! `cargo xtask patterns [--samples FILE]`: refits the Othello pattern evaluation's weights,
//! `crates/othello/data/othello-patterns.bin`.
//!
//! Like the book, the work needs the Othello crate, so it lives in
//! `crates/othello/examples/train_patterns.rs`, run here as a subprocess. It solves 100,000
//! positions exactly (15 to 25 minutes on two cores), so there is no `--check`: the file is
//! a deterministic function of the trainer's code (the same code writes the same bytes), and
//! `--samples FILE` keeps the solved positions to refit from without solving again.
//!
//! The trainer is built with the crate's default features, so the solver labelling the
//! samples orders its moves with the current weights (the labels are exact either way); if
//! the weights file is ever broken, run the example by hand with `--no-default-features`.

use std::ffi::OsString;

use anyhow::Result;

use crate::book::{run_othello_example, workspace_root};

/// Writes `crates/othello/data/othello-patterns.bin`.
pub fn run(samples: Option<OsString>) -> Result<()> {
    let target = workspace_root().join("crates/othello/data/othello-patterns.bin");
    let mut args = vec![target.clone().into_os_string()];
    args.extend(samples);
    let args: Vec<&std::ffi::OsStr> = args.iter().map(OsString::as_os_str).collect();
    run_othello_example("train_patterns", &[], &args)?;
    eprintln!("wrote {}", target.display());
    Ok(())
}
