//! Reading the small files other programs leave for us (a bot's `command.txt`, the runner's
//! `state.json`, a recorded game's rounds) without trusting them: only a regular file is
//! read, it is opened without blocking (a FIFO left in its place cannot stall the reader),
//! and its size is checked before it is read and bounded while it is, so a device such as
//! `/dev/zero` or a file that grows cannot take all memory. Whatever is wrong is a
//! [`FileError`] naming the path.
//!
//! Two ways to open a path:
//!
//! - [`Place::InDirectory`]: a file inside a directory someone else writes to (a bot
//!   directory, a game directory). Its last component must not be a symbolic link, so a
//!   file there cannot lead outside the directory.
//! - [`Place::Named`]: a path the user named (`--state FILE`): links are followed, and what
//!   they lead to must still be a regular file.
//!
//! ```
//! use bitgames_towerdefence::files::{FileError, Place, read_bounded};
//!
//! let dir = std::env::temp_dir().join(format!("files-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("command.txt");
//! std::fs::write(&path, "3,4,1")?;
//! assert_eq!(read_bounded(&path, 1_000, Place::InDirectory)?, b"3,4,1");
//! assert!(matches!(
//!     read_bounded(&path, 3, Place::InDirectory),
//!     Err(FileError::TooLarge { .. })
//! ));
//! # #[cfg(unix)]
//! assert!(matches!(
//!     read_bounded(std::path::Path::new("/dev/zero"), 1_000, Place::Named),
//!     Err(FileError::NotRegular { .. })
//! ));
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fs::{File, FileType};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

/// The most bytes of a `state.json` read (the official engine's are under 30 KB).
pub const MAX_STATE_BYTES: u64 = 1 << 20;

/// The most bytes of a command file read (`command.txt`, a recorded `PlayerCommand.txt`):
/// a command is `x,y,t` or `No Command`.
pub const MAX_COMMAND_BYTES: u64 = 1_000;

/// Where a path comes from, which decides whether a symbolic link may be followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// A file in a directory that another program writes: its last component must not be
    /// a symbolic link.
    InDirectory,
    /// A path the user named: links are followed.
    Named,
}

/// Why a file was not read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FileError {
    /// The file is absent (a missing `command.txt` may mean "do nothing").
    #[error("{}: no such file", path.display())]
    NotFound {
        /// The path.
        path: PathBuf,
    },
    /// The operating system refused to open or read it.
    #[error("{}: {message}", path.display())]
    Io {
        /// The path.
        path: PathBuf,
        /// The operating system's message.
        message: String,
    },
    /// A symbolic link where a file of the directory was expected.
    #[error("{}: is a symbolic link; only a regular file is read here", path.display())]
    Link {
        /// The path.
        path: PathBuf,
    },
    /// A FIFO, a device, a socket or a directory.
    #[error("{}: is {kind}, not a regular file", path.display())]
    NotRegular {
        /// The path.
        path: PathBuf,
        /// What it is (`"a FIFO"`, `"a character device"`, ...).
        kind: &'static str,
    },
    /// More bytes than the reader takes.
    #[error("{}: larger than {cap} bytes", path.display())]
    TooLarge {
        /// The path.
        path: PathBuf,
        /// The most bytes read.
        cap: u64,
    },
}

impl FileError {
    /// The path the error is about.
    pub fn path(&self) -> &Path {
        match self {
            FileError::NotFound { path }
            | FileError::Io { path, .. }
            | FileError::Link { path }
            | FileError::NotRegular { path, .. }
            | FileError::TooLarge { path, .. } => path,
        }
    }
}

/// What a file of `file_type` is, in words, for [`FileError::NotRegular`].
fn kind_of(file_type: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a FIFO";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    if file_type.is_dir() {
        "a directory"
    } else if file_type.is_symlink() {
        "a symbolic link"
    } else {
        "not a file"
    }
}

/// Opens `path` for reading without blocking (`O_NONBLOCK`: a FIFO opens at once instead of
/// waiting for a writer) and, in a directory, without following a link (`O_NOFOLLOW`).
#[cfg(unix)]
fn open(path: &Path, place: Place) -> std::io::Result<File> {
    use rustix::fs::{Mode, OFlags};
    let mut flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC | OFlags::NOCTTY;
    if place == Place::InDirectory {
        flags |= OFlags::NOFOLLOW;
    }
    Ok(File::from(rustix::fs::open(path, flags, Mode::empty())?))
}

#[cfg(not(unix))]
fn open(path: &Path, _: Place) -> std::io::Result<File> {
    File::open(path)
}

/// The bytes of the regular file at `path`, at most `cap` of them: anything else (absent,
/// a link in a directory, a FIFO, a device, a directory, more than `cap` bytes) is a
/// [`FileError`]. Never blocks on a FIFO and never reads more than `cap + 1` bytes.
pub fn read_bounded(path: &Path, cap: u64, place: Place) -> Result<Vec<u8>, FileError> {
    let io = |e: std::io::Error| FileError::Io {
        path: path.to_owned(),
        message: e.to_string(),
    };
    if place == Place::InDirectory {
        // Told apart before opening, so that the error says "link" (O_NOFOLLOW would fail
        // too, with a less telling "too many levels of symbolic links").
        match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(FileError::Link {
                    path: path.to_owned(),
                });
            }
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(FileError::NotFound {
                    path: path.to_owned(),
                });
            }
            Err(e) => return Err(io(e)),
        }
    }
    let file = match open(path, place) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(FileError::NotFound {
                path: path.to_owned(),
            });
        }
        Err(e) => return Err(io(e)),
    };
    // The file opened is the one checked (no race with a rename in between).
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(FileError::NotRegular {
            path: path.to_owned(),
            kind: kind_of(meta.file_type()),
        });
    }
    let too_large = || FileError::TooLarge {
        path: path.to_owned(),
        cap,
    };
    if meta.len() > cap {
        return Err(too_large());
    }
    let mut bytes = Vec::new();
    file.take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > cap {
        // It grew while being read.
        return Err(too_large());
    }
    Ok(bytes)
}

/// [`read_bounded`] as UTF-8 text; invalid UTF-8 is a [`FileError::Io`].
pub fn read_bounded_text(path: &Path, cap: u64, place: Place) -> Result<String, FileError> {
    String::from_utf8(read_bounded(path, cap, place)?).map_err(|e| FileError::Io {
        path: path.to_owned(),
        message: format!("not UTF-8 text: {e}"),
    })
}

/// Writes `bytes` to a new file at `path`, first removing whatever another program left
/// under that name (a file, a FIFO, a link: removed, never opened or followed), so the
/// write can neither block on a FIFO nor land where a link points. Meant for a temporary
/// name that is then renamed over the real one, so that a reader sees the file whole.
pub fn write_fresh(path: &Path, bytes: &[u8]) -> Result<(), FileError> {
    let io = |e: std::io::Error| FileError::Io {
        path: path.to_owned(),
        message: e.to_string(),
    };
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(io(e)),
    }
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(io)?;
    file.write_all(bytes)
        .and_then(|()| file.flush())
        .map_err(io)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("td-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch directory");
        dir
    }

    #[test]
    fn a_fresh_write_replaces_a_fifo_or_a_link_without_opening_it() {
        let dir = scratch("fresh");
        let fifo = dir.join("a.tmp");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        write_fresh(&fifo, b"1,2,3").expect("written");
        assert_eq!(std::fs::read(&fifo).expect("read"), b"1,2,3");
        let target = dir.join("target");
        std::fs::write(&target, "keep").expect("write");
        let link = dir.join("b.tmp");
        std::os::unix::fs::symlink(&target, &link).expect("symlink");
        write_fresh(&link, b"new").expect("written");
        assert_eq!(std::fs::read_to_string(&target).expect("read"), "keep");
        assert_eq!(std::fs::read_to_string(&link).expect("read"), "new");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_fifo_is_refused_at_once() {
        let dir = scratch("fifo");
        let fifo = dir.join("state.json");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .expect("mkfifo runs");
        assert!(made.success());
        for place in [Place::InDirectory, Place::Named] {
            let err = read_bounded(&fifo, 1_000, place).expect_err("a FIFO");
            assert_eq!(
                err,
                FileError::NotRegular {
                    path: fifo.clone(),
                    kind: "a FIFO"
                }
            );
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn links_are_refused_in_a_directory_and_followed_when_named() {
        let dir = scratch("links");
        let zero = dir.join("command.txt");
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
        assert!(matches!(
            read_bounded(&zero, 1_000, Place::InDirectory),
            Err(FileError::Link { .. })
        ));
        let err = read_bounded(&zero, 1_000, Place::Named).expect_err("a device");
        assert!(err.to_string().contains("character device"), "{err}");
        let target = dir.join("real.json");
        std::fs::write(&target, "{}").expect("write");
        let link = dir.join("state.json");
        std::os::unix::fs::symlink(&target, &link).expect("symlink");
        assert_eq!(
            read_bounded(&link, 10, Place::Named).as_deref(),
            Ok(&b"{}"[..])
        );
        assert!(matches!(
            read_bounded(&dir, 10, Place::Named),
            Err(FileError::NotRegular {
                kind: "a directory",
                ..
            })
        ));
        assert!(matches!(
            read_bounded(&dir.join("absent"), 10, Place::InDirectory),
            Err(FileError::NotFound { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
