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
//!
//! `--ray ADDRESS` plays the self-play games on a Ray cluster instead of this machine's
//! cores: `python -m bitgames.distributed train-games` (from the Python package, which must
//! be installed with its `distributed` extra) cuts them into units of game indices, writes
//! them to `target/xtask/train-games.bin` with a journal beside it (a rerun resumes), and
//! the trainer reads that file (`--games-file`) and goes on as if it had played them. The
//! games are the same as a local run's: game `i` depends only on the seed and `i`. The
//! workers play with the weights compiled into their `bitgames` wheel, so build the wheel
//! from this checkout.

use std::ffi::OsString;
use std::process::Command;

use anyhow::{Context, Result, bail};

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
        // The accuracy measure: positions with 20-26 empties from games between
        // other engines, with exact scores (`examples/accuracy_set.rs`).
        "--ffo".into(),
        root.join("crates/othello/tests/data/egaroucid-games-20-26.obf")
            .into(),
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

/// `--ray ADDRESS`: the games on Ray, then the trainer on them; see the module docs.
pub fn run_on_ray(address: &str, python: &std::ffi::OsStr, rest: &[OsString]) -> Result<()> {
    let root = workspace_root();
    let mut rest = rest.to_vec();
    let games = take_option(&mut rest, "--games")?.unwrap_or_else(|| "30000".into());
    let seed = take_option(&mut rest, "--seed")?.unwrap_or_else(|| "1".into());
    let play_depth = take_option(&mut rest, "--play-depth")?;
    let out = root.join("target/xtask/train-games.bin");
    let journal = root.join("target/xtask/train-games.jsonl");
    std::fs::create_dir_all(root.join("target/xtask"))?;
    let mut driver = Command::new(python);
    driver
        .args(["-m", "bitgames.distributed", "train-games", "--games"])
        .arg(&games)
        .arg("--seed")
        .arg(&seed)
        .arg("--out")
        .arg(&out)
        .arg("--journal")
        .arg(&journal);
    if let Some(depth) = play_depth {
        driver.arg("--play-depth").arg(depth);
    }
    // `local`: the driver's own Ray instance on this machine's loopback.
    if address != "local" {
        driver.arg("--address").arg(address);
    }
    eprintln!("== self-play on Ray: {driver:?}");
    let status = driver
        .status()
        .with_context(|| format!("starting {}", python.to_string_lossy()))?;
    if !status.success() {
        bail!(
            "the Ray self-play failed ({status}); its journal {} keeps the finished units",
            journal.display()
        );
    }
    rest.push("--games-file".into());
    rest.push(out.into());
    run(false, &rest)
}

/// Removes `--name VALUE` (or `--name=VALUE`) from `args` and returns the value.
fn take_option(args: &mut Vec<OsString>, name: &str) -> Result<Option<OsString>> {
    let prefix = format!("{name}=");
    for i in 0..args.len() {
        let arg = args[i].to_string_lossy().into_owned();
        if arg == name {
            if i + 1 >= args.len() {
                bail!("{name} needs a value");
            }
            let value = args.remove(i + 1);
            args.remove(i);
            return Ok(Some(value));
        }
        if let Some(value) = arg.strip_prefix(&prefix) {
            let value = value.into();
            args.remove(i);
            return Ok(Some(value));
        }
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_for_the_driver_are_taken_out_of_the_trainers() {
        let mut args: Vec<OsString> = ["--games", "500", "--accuracy", "10", "--seed=7"]
            .into_iter()
            .map(OsString::from)
            .collect();
        assert_eq!(
            take_option(&mut args, "--games").unwrap(),
            Some("500".into())
        );
        assert_eq!(take_option(&mut args, "--seed").unwrap(), Some("7".into()));
        assert_eq!(take_option(&mut args, "--play-depth").unwrap(), None);
        assert_eq!(
            args,
            vec![OsString::from("--accuracy"), OsString::from("10")]
        );
        let mut cut: Vec<OsString> = vec!["--games".into()];
        assert!(take_option(&mut cut, "--games").is_err());
    }
}
