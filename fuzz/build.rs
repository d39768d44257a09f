//! The nboard target fuzzes the NBoard session of the `bitgames` binary, whose code lives in
//! the binary crate (`crates/cli/src/nboard.rs`, a private module: the CLI has no library to
//! depend on). This copies that file into `OUT_DIR` with its inner doc comments (`//!`, which
//! `include!` does not accept) turned into plain comments; the target `include!`s the copy
//! into a module of its own, so it drives the real `Session` with nothing rewritten.

use std::path::PathBuf;

fn main() {
    let source = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/cli/src/nboard.rs");
    println!("cargo::rerun-if-changed={}", source.display());
    let text = std::fs::read_to_string(&source)
        .unwrap_or_else(|err| panic!("reading {}: {err}", source.display()));
    let copied: String = text
        .lines()
        .map(|line| match line.strip_prefix("//!") {
            Some(rest) => format!("//{rest}\n"),
            None => format!("{line}\n"),
        })
        .collect();
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join("nboard.rs");
    std::fs::write(&out, copied).unwrap_or_else(|err| panic!("writing {}: {err}", out.display()));
}
