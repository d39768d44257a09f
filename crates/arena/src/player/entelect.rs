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
//!
//! The directory is the bot's to write, so the runner trusts nothing in it: `state.json`
//! is written to a fresh file and renamed into place (a FIFO or a link left there is
//! replaced, not opened), and `bot.json` and `command.txt` are read only as regular files
//! (not a FIFO, a device or a link), bounded in size before they are read
//! ([`crate::towerdefence::files`]). After each round the bot's whole process group is
//! killed, so nothing it started in the background outlives its round.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::Value;

use super::process::run_to_completion;
use super::{Fault, Interrupt, MAX_QUOTED, shorten};
use crate::towerdefence::files::{
    FileError, MAX_COMMAND_BYTES, Place, read_bounded, read_bounded_text, write_fresh,
};
use crate::towerdefence::{Command, Player, State};

/// The file the runner writes before each round.
pub const STATE_FILE: &str = "state.json";
/// The file the runner reads after each round.
pub const COMMAND_FILE: &str = "command.txt";

/// The most bytes of `bot.json`.
const MAX_BOT_JSON_BYTES: u64 = 64 * 1024;

/// The runner's temporary file for `state.json`, renamed over it once written.
const STATE_TEMPORARY: &str = ".state.json.runner.tmp";

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
        let text = read_bounded_text(&path, MAX_BOT_JSON_BYTES, Place::InDirectory)
            .map_err(|e| refused(format!("reading bot.json: {e}")))?;
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

    /// One round: writes `player`'s `state.json`, runs the bot (killed at `limit`, and
    /// whatever it started killed when it ends), reads its command. A non-zero exit is
    /// [`Fault::Crashed`]; an unreadable command (too long, not a regular file, a link) is
    /// [`Fault::Malformed`]; whether the command is valid is the referee's to judge.
    pub fn command(
        &self,
        state: &State,
        player: Player,
        limit: Duration,
    ) -> Result<Command, Fault> {
        self.command_until(state, player, limit, &Interrupt::default())
    }

    /// [`EntelectBot::command`], the bot killed and [`Fault::Interrupted`] returned as soon
    /// as `interrupt` is set.
    pub fn command_until(
        &self,
        state: &State,
        player: Player,
        limit: Duration,
        interrupt: &Interrupt,
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
        let temporary = self.dir.join(STATE_TEMPORARY);
        write_fresh(&temporary, state.to_json_for(player).as_bytes())
            .map_err(|e| Fault::Failed(format!("the runner could not write: {e}")))?;
        std::fs::rename(&temporary, &state_path).map_err(|e| io("write", &state_path, e))?;
        let status = run_to_completion(
            &self.argv,
            &self.dir,
            Instant::now() + limit,
            limit,
            interrupt,
        )?;
        if !status.success() {
            return Err(Fault::Crashed(format!(
                "{} exited with {status}",
                super::process::show_command(&self.argv)
            )));
        }
        let text = match read_bounded(&command_path, MAX_COMMAND_BYTES, Place::InDirectory) {
            Ok(bytes) => bytes,
            Err(FileError::NotFound { .. }) => return Ok(Command::Nothing),
            Err(FileError::Io { message, .. }) => {
                return Err(Fault::Failed(format!(
                    "the runner could not read {}: {message}",
                    command_path.display()
                )));
            }
            Err(refused) => return Err(Fault::Malformed(refused.to_string())),
        };
        let text = String::from_utf8_lossy(&text);
        // The parser's message quotes the text: at most 1,000 bytes, cut shorter here.
        text.parse::<Command>()
            .map_err(|e| Fault::Malformed(shorten(&format!("{COMMAND_FILE}: {e}"), MAX_QUOTED)))
    }
}
