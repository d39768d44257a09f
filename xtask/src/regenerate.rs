//! `cargo xtask regenerate [--check]`: writes or checks every generated file.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::{amazons, edges, neighbours, othello, zobrist};

/// A generator: computes one file's full text.
type Generator = fn() -> Result<String>;

/// Every generated file: its name under `tables/src/generated/` and its generator.
pub const FILES: [(&str, Generator); 5] = [
    ("amazons.rs", amazons::generate),
    ("edges.rs", edges::generate),
    ("neighbours.rs", neighbours::generate),
    ("othello.rs", othello::generate),
    ("zobrist.rs", zobrist::generate),
];

/// `tables/src/generated` of this workspace.
pub fn tables_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tables/src/generated")
}

/// Writes every generated file into `dir`, or with `check` compares instead and fails naming
/// each file that is missing, differs, or is not produced by any generator.
pub fn run(dir: &Path, check: bool) -> Result<()> {
    let stale = stale_files(dir)?;
    if check {
        if stale.is_empty() {
            return Ok(());
        }
        bail!(
            "generated files are out of date, run `cargo xtask regenerate`:\n{}",
            stale
                .iter()
                .map(|s| format!("  {}", s.describe()))
                .collect::<Vec<_>>()
                .join("\n")
        );
    }
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for entry in &stale {
        let path = dir.join(&entry.name);
        match &entry.expected {
            Some(text) => {
                fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
                eprintln!("wrote {}", path.display());
            }
            None => {
                fs::remove_file(&path).with_context(|| format!("removing {}", path.display()))?;
                eprintln!("removed {}", path.display());
            }
        }
    }
    Ok(())
}

/// A file in the generated directory that does not hold what the generators write.
#[derive(Debug)]
pub struct Stale {
    pub name: String,
    /// What the file should hold; `None` for a file no generator writes.
    pub expected: Option<String>,
    /// Whether the file exists now.
    pub exists: bool,
}

impl Stale {
    fn describe(&self) -> String {
        match (&self.expected, self.exists) {
            (Some(_), true) => format!("{} differs from its generator's output", self.name),
            (Some(_), false) => format!("{} is missing", self.name),
            (None, _) => format!("{} is not written by any generator", self.name),
        }
    }
}

pub fn stale_files(dir: &Path) -> Result<Vec<Stale>> {
    let mut stale = Vec::new();
    for (name, generate) in FILES {
        let expected = generate().with_context(|| format!("generating {name}"))?;
        let path = dir.join(name);
        let actual = match fs::read(&path) {
            Ok(bytes) => Some(bytes),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => None,
            Err(err) => return Err(err).with_context(|| format!("reading {}", path.display())),
        };
        if actual.as_deref() != Some(expected.as_bytes()) {
            stale.push(Stale {
                name: name.to_owned(),
                expected: Some(expected),
                exists: actual.is_some(),
            });
        }
    }
    if dir.exists() {
        for entry in fs::read_dir(dir).with_context(|| format!("listing {}", dir.display()))? {
            let name = entry?.file_name().to_string_lossy().into_owned();
            if !FILES.iter().any(|(known, _)| *known == name) {
                stale.push(Stale {
                    name,
                    expected: None,
                    exists: true,
                });
            }
        }
    }
    Ok(stale)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `cargo test` fails on a hand-edited or stale table, not just CI's `--check`.
    #[test]
    fn checked_in_tables_are_fresh() {
        if let Err(err) = run(&tables_dir(), true) {
            panic!("{err:#}");
        }
    }

    fn scratch_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("bitgames-xtask-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn check_names_a_hand_edited_file_and_regenerate_repairs_it() {
        let dir = scratch_dir("edited");
        run(&dir, false).unwrap();
        run(&dir, true).unwrap();

        let path = dir.join("neighbours.rs");
        let text = fs::read_to_string(&path).unwrap();
        let edited = text.replacen("0x", "0x1", 1);
        assert_ne!(text, edited);
        fs::write(&path, edited).unwrap();
        fs::write(dir.join("stray.rs"), "// not generated\n").unwrap();

        let message = format!("{:#}", run(&dir, true).unwrap_err());
        assert!(message.contains("neighbours.rs differs"), "{message}");
        assert!(message.contains("stray.rs is not written"), "{message}");
        assert!(!message.contains("edges.rs"), "{message}");

        run(&dir, false).unwrap();
        run(&dir, true).unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), text);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn check_names_a_missing_file() {
        let dir = scratch_dir("missing");
        run(&dir, false).unwrap();
        fs::remove_file(dir.join("zobrist.rs")).unwrap();
        let message = format!("{:#}", run(&dir, true).unwrap_err());
        assert!(message.contains("zobrist.rs is missing"), "{message}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn every_file_starts_with_the_generated_header() {
        for (name, generate) in FILES {
            let text = generate().unwrap();
            assert!(text.starts_with(crate::codegen::HEADER), "{name}");
        }
    }
}
