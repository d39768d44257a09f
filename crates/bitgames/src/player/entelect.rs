//! An Entelect Challenge 2018 bot directory, run the way the official game runner runs it:
//! each round the runner writes `state.json` (the state rendered for that player, see
//! [`State::to_json_for`]) into the directory, runs the bot's command there (from its
//! `bot.json`) with no input, and reads `command.txt` back (`x,y,t` in the player's own
//! frame; empty or absent: do nothing).
//!
//! `bot.json`'s `botLanguage` picks the command, run in the bot directory:
//!
//! | `botLanguage` | command |
//! |---|---|
//! | `c++`, `golang`, `rust` | `./<botLocation>/<botFileName>` (the built program: build a Rust bot first; the official runner's `rust` kind would build it inside the time limit) |
//! | `python3`, `python2`, `python` | `python3` / `python2` / `python <file>` |
//! | `javascript` | `node <file>` |
//! | `java`, `kotlin`, `scala` | `java -jar <file>` |
//! | `php` | `php <file>` |

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::Fault;
use super::process::run_to_completion;
use crate::towerdefence::{Command, Player, State};

/// The file the runner writes before each round.
pub const STATE_FILE: &str = "state.json";
/// The file the runner reads after each round.
pub const COMMAND_FILE: &str = "command.txt";

/// A bot directory and the command its `bot.json` names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntelectBot {
    dir: PathBuf,
    argv: Vec<String>,
}

impl EntelectBot {
    /// Reads `dir/bot.json`; a missing or unusable file is [`Fault::Start`].
    pub fn open(dir: &Path) -> Result<Self, Fault> {
        let refused = |reason: String| Fault::Start {
            command: format!("entelect:{}", dir.display()),
            reason,
        };
        let path = dir.join("bot.json");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| refused(format!("reading {}: {e}", path.display())))?;
        let json: Value =
            serde_json::from_str(&text).map_err(|e| refused(format!("{}: {e}", path.display())))?;
        let field = |name: &str| json.get(name).and_then(Value::as_str);
        let language = field("botLanguage")
            .ok_or_else(|| refused(format!("{}: no botLanguage", path.display())))?;
        let file_name = field("botFileName")
            .ok_or_else(|| refused(format!("{}: no botFileName", path.display())))?;
        let location = field("botLocation").unwrap_or("").trim_matches('/');
        let file = if location.is_empty() {
            file_name.to_owned()
        } else {
            format!("{location}/{file_name}")
        };
        let with = |program: &[&str]| -> Vec<String> {
            program
                .iter()
                .map(|p| (*p).to_owned())
                .chain([file.clone()])
                .collect()
        };
        let argv = match language.to_ascii_lowercase().as_str() {
            "c++" | "cplusplus" | "golang" | "rust" => vec![format!("./{file}")],
            "python3" => with(&["python3"]),
            "python2" => with(&["python2"]),
            "python" => with(&["python"]),
            "javascript" => with(&["node"]),
            "java" | "kotlin" | "scala" => with(&["java", "-jar"]),
            "php" => with(&["php"]),
            other => {
                return Err(refused(format!(
                    "{}: botLanguage {other:?} is not one the runner knows (c++, golang, rust, \
                     python3, python2, python, javascript, java, kotlin, scala, php)",
                    path.display()
                )));
            }
        };
        Ok(EntelectBot {
            dir: dir.to_owned(),
            argv,
        })
    }

    /// The command line run each round, in the bot directory.
    pub fn command_line(&self) -> &[String] {
        &self.argv
    }

    /// One round: writes `player`'s `state.json`, runs the bot (killed at `limit`), reads
    /// its command. A non-zero exit is [`Fault::Crashed`], an unreadable command
    /// [`Fault::Malformed`]; whether the command is valid is the referee's to judge.
    pub fn command(
        &self,
        state: &State,
        player: Player,
        limit: Duration,
    ) -> Result<Command, Fault> {
        let io = |what: &str, path: &Path, e: std::io::Error| {
            Fault::Failed(format!(
                "the runner could not {what} {}: {e}",
                path.display()
            ))
        };
        let command_path = self.dir.join(COMMAND_FILE);
        match std::fs::remove_file(&command_path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(io("remove", &command_path, e)),
        }
        let state_path = self.dir.join(STATE_FILE);
        std::fs::write(&state_path, state.to_json_for(player))
            .map_err(|e| io("write", &state_path, e))?;
        let status = run_to_completion(&self.argv, &self.dir, Instant::now() + limit, limit)?;
        if !status.success() {
            return Err(Fault::Crashed(format!(
                "{} exited with {status}",
                super::process::show_command(&self.argv)
            )));
        }
        let text = match std::fs::read(&command_path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Command::Nothing),
            Err(e) => return Err(io("read", &command_path, e)),
        };
        if text.len() > 1_000 {
            return Err(Fault::Malformed(format!(
                "{COMMAND_FILE} of {} bytes",
                text.len()
            )));
        }
        let text = String::from_utf8_lossy(&text);
        text.parse::<Command>()
            .map_err(|e| Fault::Malformed(format!("{COMMAND_FILE} {:?}: {e}", text.trim())))
    }
}
