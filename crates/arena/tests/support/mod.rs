//! What the arena's tests share with the CLI's (`crates/cli/tests/common` includes this file
//! by path): scratch directories, and Entelect bot directories whose bot is a shell script,
//! the hostile bots both suites start.

use std::path::{Path, PathBuf};

/// A fresh, empty directory under the target directory.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch directory");
    dir
}

/// A fresh Entelect bot directory `name` whose bot is the shell script `script` (run with
/// `sh`, declared `c++`).
pub fn entelect_script_dir(name: &str, script: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch(name);
    std::fs::write(dir.join("bot"), format!("#!/bin/sh\n{script}\n")).expect("write bot");
    std::fs::set_permissions(dir.join("bot"), std::fs::Permissions::from_mode(0o755))
        .expect("chmod");
    std::fs::write(
        dir.join("bot.json"),
        r#"{"botLocation": "/", "botFileName": "bot", "botLanguage": "c++"}"#,
    )
    .expect("write bot.json");
    dir
}
