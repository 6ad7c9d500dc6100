//! The program in plain mode as the game tests drive it: a data directory
//! of its own for each test, the command with speech off, a game kept
//! running and fed line by line, and the files a game writes.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command as Process, Stdio};
use std::sync::mpsc::{self, Receiver};

use assert_cmd::Command;

/// A fresh data directory for the test `name` of a test file whose
/// directories start with `prefix`; whatever an earlier run left is gone.
pub fn data_dir(prefix: &str, name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("zweibrett-{prefix}-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

/// The program in plain mode without speech, keeping its games and reading
/// its configuration under `data`.
pub fn zweibrett(data: &Path) -> Command {
    let mut cmd = Command::cargo_bin("zweibrett").unwrap();
    cmd.env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none");
    cmd.env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .args(["--plain", "--speech", "none"]);
    cmd
}

/// The program in plain mode kept running: its input is typed line by
/// line, and what it prints comes line by line on `lines`, read on a
/// thread of its own, so that a test can wait for a line with a time limit
/// and tell a program that ended from one that is still thinking.
pub struct Running {
    pub child: Child,
    pub stdin: ChildStdin,
    pub lines: Receiver<String>,
}

/// Where the program's standard error goes: appended to `stderr.log` in
/// `data`, or nowhere when it cannot be opened.
fn stderr_log(data: &Path) -> Stdio {
    let _ = std::fs::create_dir_all(data);
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(data.join("stderr.log"))
        .map_or_else(|_| Stdio::null(), Stdio::from)
}

impl Running {
    /// The program in plain mode without speech, keeping its games and
    /// reading its configuration under `data`, started with `args`.
    pub fn start(data: &Path, args: &[&str]) -> Running {
        Running::start_under(None, data, args)
    }

    /// The same, run by `wrapper` when given (strace injecting faults,
    /// say): the program's path and arguments follow the wrapper's own.
    pub fn start_under(wrapper: Option<Process>, data: &Path, args: &[&str]) -> Running {
        Running::start_with(wrapper, data, args, &[])
    }

    /// The same, with `env` set for the program besides.
    pub fn start_with(
        wrapper: Option<Process>,
        data: &Path,
        args: &[&str],
        env: &[(&str, &str)],
    ) -> Running {
        let program = env!("CARGO_BIN_EXE_zweibrett");
        let mut command = match wrapper {
            Some(mut wrapper) => {
                wrapper.arg(program);
                wrapper
            }
            None => Process::new(program),
        };
        let mut child = command
            .env("ZWEIBRETT_LABELS", "english")
            .env("ZWEIBRETT_SCREEN_READER", "none")
            .args(["--plain", "--speech", "none"])
            .args(args)
            .env("XDG_DATA_HOME", data)
            .env("XDG_CONFIG_HOME", data.join("config"))
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Kept beside the games, for a test to say why a run ended.
            .stderr(stderr_log(data))
            .spawn()
            .expect("the program starts");
        let stdin = child.stdin.take().unwrap();
        let lines = lines_of(&mut child);
        Running {
            child,
            stdin,
            lines,
        }
    }
}

/// What `child` prints, line by line, read on a thread of its own.
pub fn lines_of(child: &mut Child) -> Receiver<String> {
    let stdout = child.stdout.take().expect("the output is piped");
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

/// Whether strace can trace here; when not, [`super::cannot_run`] says so
/// (and fails under CI).
pub fn has_strace() -> bool {
    let found = Process::new("strace")
        .args(["-o", "/dev/null", "true"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        super::cannot_run("strace is missing or cannot trace here");
    }
    found
}

/// What the program in plain mode printed, run under `data` with `args`
/// and fed `input` as typed lines; fails the test unless it ends well,
/// or if it is still running after a minute.
pub fn fed(data: &Path, args: &[&str], input: impl Into<Vec<u8>>) -> String {
    stdout_of(
        zweibrett(data)
            .args(args)
            .write_stdin(input)
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .success(),
    )
}

/// The journal a game printed it writes to.
pub fn journal_of(stdout: &str) -> PathBuf {
    let line = stdout
        .lines()
        .find_map(|l| l.strip_prefix("journal: "))
        .unwrap_or_else(|| panic!("no journal line: {stdout}"));
    PathBuf::from(line)
}

/// What a finished run printed.
pub fn stdout_of(assert: assert_cmd::assert::Assert) -> String {
    String::from_utf8(assert.get_output().stdout.clone()).unwrap()
}

/// A game under the arbiter's whole protocol (`play --role arbiter`), in
/// `voice`'s words.
pub fn arbiter_game(data: &Path, voice: &str) -> Command {
    let mut cmd = zweibrett(data);
    cmd.args(["play", "--role", "arbiter", "--voice", voice]);
    cmd
}

/// Fails, showing all that was printed, unless `printed` holds `text`.
pub fn holds(printed: &str, text: &str) {
    assert!(printed.contains(text), "no «{text}» in:\n{printed}");
}

/// Fails, showing all that was printed, unless `stdout` has `line` whole.
pub fn has(stdout: &str, line: &str) {
    assert!(
        stdout.lines().any(|l| l == line),
        "no «{line}» in:\n{stdout}"
    );
}

/// The lines `game` printed until one starts with `prefix` (included),
/// within `limit`; the test fails, showing them, when none does.
pub fn until(game: &Running, prefix: &str, limit: std::time::Duration) -> Vec<String> {
    let started = std::time::Instant::now();
    let mut seen = Vec::new();
    while started.elapsed() < limit {
        if let Ok(line) = game
            .lines
            .recv_timeout(std::time::Duration::from_millis(100))
        {
            let done = line.starts_with(prefix);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
    panic!("no line starting {prefix:?} within {limit:?}; saw {seen:#?}");
}

/// Types e4, waits for it to be announced, quits and removes `data`: a
/// game that goes on by keyboard whatever happened before.
pub fn e4_typed_then_quit(data: &Path, mut game: Running) {
    use std::io::Write;
    writeln!(game.stdin, "e4").unwrap();
    until(&game, "announced: 1. e4", std::time::Duration::from_secs(5));
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(data);
}

/// Waits up to `seconds` for Nf3 ("Springer Felix drei") to be announced,
/// then ends the game and removes its folder; the lines seen until then.
pub fn nf3_announced_then_quit(data: &Path, mut game: Running, seconds: u64) -> Vec<String> {
    use std::io::Write;
    let seen = until(&game, "announced:", std::time::Duration::from_secs(seconds));
    assert_eq!(
        seen.last().unwrap(),
        "announced: 1. Nf3: Springer Felix drei",
        "{seen:#?}"
    );
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(data);
    seen
}
