//! A child process the referee talks to, which can never block it: stdout is read by a
//! thread of its own into a bounded channel ([`QUEUED_LINES`] lines of at most
//! [`MAX_LINE`] bytes), every read has a deadline that holds however much the engine
//! writes (the clock is looked at before a queued line is taken), stdin is written by
//! another thread (an engine that stops reading cannot stall the referee on a full pipe),
//! and the child is killed and reaped on a timeout and whenever the value is dropped.
//!
//! An engine that floods its output fills the channel and then its pipe, and waits there:
//! the referee's memory stays bounded (about `QUEUED_LINES * MAX_LINE` bytes an engine at
//! worst) and the deadline still passes.
//!
//! On Unix every engine starts in a process group of its own, whose id (the child's pid)
//! is remembered at spawn, and killing it kills the whole group, whether or not the
//! leader still lives: an engine started through a shell script or a launcher (a bot's
//! `bot.json` run command, `sh -c '... & exit 0'`) leaves no grandchild behind still
//! running, still holding the output pipe open or the bot's files. A bot run to completion
//! (the Entelect way) has its group killed after every run, so nothing it started in the
//! background survives into the next round.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender};
use std::time::{Duration, Instant};

use super::{Clock, Fault, Interrupt};

/// The longest line an engine may write: a longer one is a malformed reply, so a hostile or
/// broken engine cannot make the referee buffer without bound.
pub(crate) const MAX_LINE: usize = 1 << 16;

/// The most lines read ahead of the referee: past that the reader thread (and then the
/// engine, on its full pipe) waits, so a flooding engine cannot grow our memory.
pub(crate) const QUEUED_LINES: usize = 256;

/// How often a read waiting for its line looks whether the match was interrupted.
const INTERRUPT_POLL: Duration = Duration::from_millis(50);

/// What the reader thread hands over.
enum Line {
    Text(String),
    TooLong,
}

/// An external board engine's process with the clock of its match: what the engine of every
/// text protocol holds once started, and the one way each reads the answer to a move.
#[derive(Debug)]
pub(crate) struct Piped {
    pub(crate) process: EngineProcess,
    pub(crate) clock: Clock,
}

impl Piped {
    /// Reads lines until `wanted` picks one (its answer returned), the lines before it
    /// skipped: one deadline, `time` plus the grace from now, for the whole answer however
    /// many lines come before it. An engine that overruns it is killed.
    pub(crate) fn answer<T>(
        &mut self,
        time: Duration,
        wanted: impl Fn(&str) -> Option<T>,
    ) -> Result<T, Fault> {
        let allowed = time + self.clock.grace;
        self.process
            .read_until(Instant::now() + allowed, allowed, wanted)
    }

    /// The process id, as [`super::BoardEngine::pid`] reports it.
    pub(crate) fn pid(&self) -> Option<u32> {
        Some(self.process.pid())
    }
}

/// A running engine with piped stdin and stdout (stderr is discarded: engines log freely
/// there, and an unread pipe would eventually block them).
#[derive(Debug)]
pub(crate) struct EngineProcess {
    command: String,
    child: Child,
    /// The child's process group (its pid, taken at spawn); `None` once killed (the id
    /// is then signalled no more: it may be another group's some day).
    group: Option<Group>,
    /// Lines for the writer thread; `None` once the input is closed.
    stdin: Option<Sender<String>>,
    lines: Receiver<Line>,
    /// Set when the match is being stopped: a waiting read gives up.
    interrupt: Interrupt,
}

/// The process group of a child started by [`spawn_in_own_group`]: the child's pid,
/// remembered at spawn, so that the group is killed even after the leader has exited (a
/// launcher that leaves its engine running in the background).
#[derive(Debug, Clone, Copy)]
struct Group(u32);

impl Group {
    fn of(child: &Child) -> Self {
        Group(child.id())
    }

    /// SIGKILL to every process of the group (Unix; nothing elsewhere). A group that has
    /// gone (`ESRCH`) is no error: there is nothing left to kill.
    fn kill(self) {
        #[cfg(unix)]
        if let Some(group) = i32::try_from(self.0)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
    }
}

impl std::fmt::Debug for Line {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Line::Text(text) => write!(f, "{text:?}"),
            Line::TooLong => f.write_str("(too long)"),
        }
    }
}

/// For [`EngineProcess::read_until`]: a line that is `text` (surrounding white space
/// ignored).
pub(crate) fn line_is(text: &str) -> impl Fn(&str) -> Option<()> + '_ {
    move |line| (line.trim() == text).then_some(())
}

/// `argv` as one line for messages.
pub(crate) fn show_command(argv: &[String]) -> String {
    shlex::try_join(argv.iter().map(String::as_str)).unwrap_or_else(|_| argv.join(" "))
}

fn spawn_error(argv: &[String], reason: impl std::fmt::Display) -> Fault {
    Fault::Start {
        command: show_command(argv),
        reason: reason.to_string(),
    }
}

impl EngineProcess {
    /// Starts `argv` (program and arguments, not through a shell) in `dir` (or ours); a set
    /// `interrupt` makes its reads give up ([`Fault::Interrupted`]).
    pub(crate) fn spawn(
        argv: &[String],
        dir: Option<&Path>,
        interrupt: &Interrupt,
    ) -> Result<Self, Fault> {
        let Some((program, args)) = argv.split_first() else {
            return Err(spawn_error(argv, "empty command line"));
        };
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = spawn_in_own_group(&mut command).map_err(|e| spawn_error(argv, e))?;
        let group = Group::of(&child);
        let (Some(stdout), Some(stdin)) = (child.stdout.take(), child.stdin.take()) else {
            kill_and_reap(&mut child, group);
            return Err(spawn_error(argv, "no pipes to its input and output"));
        };
        let (sender, lines) = mpsc::sync_channel(QUEUED_LINES);
        let reader = std::thread::Builder::new()
            .name("engine-stdout".to_owned())
            .spawn(move || read_lines(stdout, &sender));
        let (to_engine, outgoing) = mpsc::channel();
        let writer = reader.and_then(|_| {
            std::thread::Builder::new()
                .name("engine-stdin".to_owned())
                .spawn(move || write_lines(stdin, &outgoing))
        });
        if let Err(err) = writer {
            kill_and_reap(&mut child, group);
            return Err(spawn_error(argv, err));
        }
        Ok(EngineProcess {
            command: show_command(argv),
            child,
            group: Some(group),
            stdin: Some(to_engine),
            lines,
            interrupt: interrupt.clone(),
        })
    }

    /// The operating system's id of the child.
    pub(crate) fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Queues one line for the engine (never blocks). An input pipe that has closed means
    /// the engine has gone: a crash.
    pub(crate) fn send(&mut self, line: &str) -> Result<(), Fault> {
        let sent = match &self.stdin {
            Some(stdin) => stdin.send(line.to_owned()).is_ok(),
            None => false,
        };
        if sent {
            Ok(())
        } else {
            Err(self.exited("stopped reading its input"))
        }
    }

    /// The next line the engine writes, without its line ending, or the fault that stops
    /// it: [`Fault::Timeout`] (the child is killed) when `deadline` has passed, even with
    /// lines waiting (`allowed` is how long it had, for the message), [`Fault::Crashed`]
    /// when its output ends, [`Fault::Malformed`] for a line over [`MAX_LINE`] bytes,
    /// [`Fault::Interrupted`] (killed) when the match is being stopped.
    ///
    /// A caller that skips lines until the one it wants passes the same `deadline` to
    /// every read of the exchange, so the whole exchange is bounded, not each line.
    pub(crate) fn read_line(
        &mut self,
        deadline: Instant,
        allowed: Duration,
    ) -> Result<String, Fault> {
        loop {
            if self.interrupt.is_set() {
                self.kill();
                return Err(Fault::Interrupted);
            }
            let now = Instant::now();
            if now >= deadline {
                self.kill();
                return Err(Fault::Timeout(allowed.as_millis()));
            }
            let wait = (deadline - now).min(INTERRUPT_POLL);
            match self.lines.recv_timeout(wait) {
                Ok(Line::Text(text)) => return Ok(text),
                Ok(Line::TooLong) => {
                    return Err(Fault::Malformed(format!(
                        "a line longer than {MAX_LINE} bytes"
                    )));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.exited("closed its output"));
                }
            }
        }
    }

    /// Reads lines until `wanted` picks one (its answer returned), the lines before it
    /// skipped, the whole exchange bounded by the one `deadline` ([`Self::read_line`]).
    pub(crate) fn read_until<T>(
        &mut self,
        deadline: Instant,
        allowed: Duration,
        wanted: impl Fn(&str) -> Option<T>,
    ) -> Result<T, Fault> {
        loop {
            if let Some(found) = wanted(&self.read_line(deadline, allowed)?) {
                return Ok(found);
            }
        }
    }

    /// Reads lines until one is `text` (surrounding white space ignored), within `allowed`
    /// from now: a handshake's answer.
    pub(crate) fn wait_for(&mut self, text: &str, allowed: Duration) -> Result<(), Fault> {
        self.read_until(Instant::now() + allowed, allowed, line_is(text))
    }

    /// The fault for an engine whose pipes closed: how it exited, if it has.
    fn exited(&mut self, what: &str) -> Fault {
        let status = wait_briefly(&mut self.child, Duration::from_millis(500));
        self.kill();
        Fault::Crashed(match status {
            Some(status) => format!("{} {what} and exited ({status})", self.command),
            None => format!("{} {what}", self.command),
        })
    }

    /// Kills the child and its process group (whether or not the child has exited), and
    /// reaps it.
    pub(crate) fn kill(&mut self) {
        self.stdin = None;
        if let Some(group) = self.group.take() {
            kill_and_reap(&mut self.child, group);
        }
    }
}

/// Spawns `command` as the leader of a new process group (on Unix; elsewhere as it is).
fn spawn_in_own_group(command: &mut Command) -> std::io::Result<Child> {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    command.spawn()
}

/// Kills `child`'s whole process `group` (on Unix), the child itself, and reaps it. The
/// group is signalled unconditionally: a leader that has exited may have left processes
/// in it (a launcher's engine in the background, a bot's helper), and the group lives on
/// with them, so its id is still theirs and no other process's. Safe to call again: a
/// group that has gone is not there to signal, and a reaped child is not waited for twice.
fn kill_and_reap(child: &mut Child, group: Group) {
    group.kill();
    if let Ok(None) = child.try_wait() {
        let _ = child.kill();
    }
    let _ = child.wait();
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The child's exit status if it exits within `limit`.
fn wait_briefly(child: &mut Child, limit: Duration) -> Option<ExitStatus> {
    let deadline = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => {
                std::thread::sleep(Duration::from_millis(5));
            }
            _ => return None,
        }
    }
}

/// The writer thread: each line and a newline, flushed, until the referee hangs up or the
/// pipe breaks (the engine has gone; the reader sees that too).
fn write_lines(mut stdin: ChildStdin, lines: &Receiver<String>) {
    for line in lines {
        let written = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        if written.is_err() {
            return;
        }
    }
}

/// The reader thread: lines (lossily decoded, line endings cut) until the output ends, a
/// line is too long, or nobody listens any more.
fn read_lines(stdout: impl Read, sender: &SyncSender<Line>) {
    let mut reader = BufReader::new(stdout);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let limit = MAX_LINE as u64 + 1;
        match reader.by_ref().take(limit).read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if buffer.last() != Some(&b'\n') && buffer.len() > MAX_LINE {
            let _ = sender.send(Line::TooLong);
            return;
        }
        while matches!(buffer.last(), Some(b'\n' | b'\r')) {
            buffer.pop();
        }
        let text = String::from_utf8_lossy(&buffer).into_owned();
        if sender.send(Line::Text(text)).is_err() {
            return;
        }
    }
}

/// Runs `argv` in `dir` to completion with no input and its output discarded (how the
/// Entelect runner runs a bot each round): the exit status, or [`Fault::Timeout`] when it
/// is still running at `deadline` ([`Fault::Interrupted`] when `interrupt` is set
/// first). Either way its process group is killed at the end, so nothing it started
/// outlives the run.
pub(crate) fn run_to_completion(
    argv: &[String],
    dir: &Path,
    deadline: Instant,
    allowed: Duration,
    interrupt: &Interrupt,
) -> Result<ExitStatus, Fault> {
    let Some((program, args)) = argv.split_first() else {
        return Err(spawn_error(argv, "empty command line"));
    };
    let mut command = Command::new(program);
    command
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    let mut child = spawn_in_own_group(&mut command).map_err(|e| spawn_error(argv, e))?;
    let group = Group::of(&child);
    let ran = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Ok(status),
            Ok(None) if interrupt.is_set() => break Err(Fault::Interrupted),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(2)),
            Ok(None) => break Err(Fault::Timeout(allowed.as_millis())),
            Err(err) => break Err(Fault::Crashed(format!("could not be waited for: {err}"))),
        }
    };
    kill_and_reap(&mut child, group);
    ran
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    /// An engine that never reads its input and never answers: a megabyte of commands
    /// is queued without blocking, the read times out, and the process is killed.
    #[test]
    fn a_deaf_silent_engine_blocks_nothing_and_is_killed() {
        let argv = ["sleep".to_owned(), "30".to_owned()];
        let mut process =
            EngineProcess::spawn(&argv, None, &Interrupt::default()).expect("sleep starts");
        let pid = process.pid();
        let started = Instant::now();
        let line = "x".repeat(1_000);
        for _ in 0..1_000 {
            process.send(&line).expect("queued");
        }
        let allowed = Duration::from_millis(200);
        let read = process.read_line(Instant::now() + allowed, allowed);
        assert_eq!(read, Err(Fault::Timeout(200)));
        assert!(started.elapsed() < Duration::from_secs(10));
        assert!(
            !is_running(&pid.to_string()),
            "process {pid} is still running"
        );
        // Once killed, a send is a crash, not a hang.
        assert!(matches!(process.send("go"), Err(Fault::Crashed(_))));
    }

    fn is_running(pid: &str) -> bool {
        Command::new("kill")
            .args(["-0", pid])
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// An engine behind a launcher: a shell that starts the real engine in the background
    /// and waits. A timeout kills the engine too, not only the shell the referee started.
    #[test]
    fn a_timeout_kills_what_the_engine_started() {
        let script = "sleep 300 & echo $!; wait";
        let argv = ["sh".to_owned(), "-c".to_owned(), script.to_owned()];
        let mut process =
            EngineProcess::spawn(&argv, None, &Interrupt::default()).expect("sh starts");
        let long = Duration::from_secs(10);
        let grandchild = process
            .read_line(Instant::now() + long, long)
            .expect("the background pid");
        assert!(is_running(&grandchild), "sleep {grandchild} did not start");
        let allowed = Duration::from_millis(100);
        let read = process.read_line(Instant::now() + allowed, allowed);
        assert_eq!(read, Err(Fault::Timeout(100)));
        // SIGKILL is delivered at once, but the killed sleep is a zombie until its parent
        // (killed too) is gone and init reaps it: wait for that, a few seconds at most.
        let deadline = Instant::now() + Duration::from_secs(5);
        while is_running(&grandchild) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let state = std::fs::read_to_string(format!("/proc/{grandchild}/stat")).unwrap_or_default();
        assert!(
            !is_running(&grandchild) || state.split_whitespace().nth(2) == Some("Z"),
            "the engine's child {grandchild} is still running: {state}"
        );
    }

    /// The same for a bot run to completion each round (the Entelect way).
    #[test]
    fn a_bot_that_overruns_is_killed_with_what_it_started() {
        let dir = std::env::temp_dir().join(format!("bitgames-group-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch directory");
        let script = "sleep 300 & echo $! > grandchild; wait";
        let argv = ["sh".to_owned(), "-c".to_owned(), script.to_owned()];
        let allowed = Duration::from_millis(300);
        let ran = run_to_completion(
            &argv,
            &dir,
            Instant::now() + allowed,
            allowed,
            &Interrupt::default(),
        );
        assert_eq!(ran.err(), Some(Fault::Timeout(300)));
        let grandchild = std::fs::read_to_string(dir.join("grandchild")).expect("pid file");
        let grandchild = grandchild.trim();
        let deadline = Instant::now() + Duration::from_secs(5);
        while is_running(grandchild) && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        let state = std::fs::read_to_string(format!("/proc/{grandchild}/stat")).unwrap_or_default();
        let _ = std::fs::remove_dir_all(&dir);
        assert!(
            !is_running(grandchild) || state.split_whitespace().nth(2) == Some("Z"),
            "the bot's child {grandchild} is still running: {state}"
        );
    }

    /// Output that ends (an engine that exits) is a crash with the exit status.
    #[test]
    fn an_engine_that_exits_has_crashed() {
        let argv = [
            "sh".to_owned(),
            "-c".to_owned(),
            "echo hello; exit 3".to_owned(),
        ];
        let mut process =
            EngineProcess::spawn(&argv, None, &Interrupt::default()).expect("sh starts");
        let deadline = Instant::now() + Duration::from_secs(10);
        assert_eq!(
            process
                .read_line(deadline, Duration::from_secs(10))
                .as_deref(),
            Ok("hello")
        );
        let err = process
            .read_line(deadline, Duration::from_secs(10))
            .expect_err("the output ends");
        assert!(
            matches!(&err, Fault::Crashed(why) if why.contains("exit status: 3")),
            "{err}"
        );
    }
}
