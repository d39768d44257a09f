//! The nboard and uci targets fuzz the NBoard and UCI sessions of the `bitgames` binary,
//! whose code lives in the binary crate (`crates/cli/src/nboard.rs` and `uci.rs`, private
//! modules: the CLI has no library to depend on). This copies those files into `OUT_DIR`
//! with their inner doc comments (`//!`, which `include!` does not accept) turned into plain
//! comments; each target `include!`s its copy into a module of its own, so it drives the
//! real session with nothing rewritten.

use std::path::PathBuf;

fn main() {
    for name in ["nboard.rs", "uci.rs"] {
        let source = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../crates/cli/src")
            .join(name);
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
        let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR")).join(name);
        std::fs::write(&out, copied)
            .unwrap_or_else(|err| panic!("writing {}: {err}", out.display()));
    }
}
