//! A table for the seats' tests: a game and its seats run in plain mode
//! and typed to line by line, or on two terminals from a shell command
//! line; the user's directories with a runtime directory of their own,
//! and the running game's socket there.

use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use super::plain::lines_of;

/// How long a test waits for what it expects.
pub const LIMIT: Duration = Duration::from_secs(20);

/// The program as a shell command line, its window kept open a while
/// after it ends so that its last screen can be read.
pub fn program(args: &str) -> String {
    format!(
        "{} {args} ; sleep 30",
        env!("CARGO_BIN_EXE_zweibrett").replace(' ', "\\ ")
    )
}

/// The user's directories under `home`, the runtime one (where a game's
/// socket is) the user's alone.
pub fn environment(home: &Path) -> Vec<(&'static str, PathBuf)> {
    let run = home.join("run");
    std::fs::create_dir_all(&run).unwrap();
    std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o700)).unwrap();
    vec![
        ("HOME", home.to_path_buf()),
        ("XDG_CONFIG_HOME", home.join(".config")),
        ("XDG_DATA_HOME", home.join(".local/share")),
        ("XDG_RUNTIME_DIR", run),
    ]
}

/// The socket of the one game running for the user of `home`.
pub fn game_socket(home: &Path) -> PathBuf {
    std::fs::read_dir(home.join("run/zweibrett"))
        .expect("the game's runtime directory")
        .flatten()
        .next()
        .expect("the game's socket")
        .path()
}

/// A fresh home for the test `name`: data, configuration and runtime
/// directories. Short, as a socket's path is bounded.
pub fn home(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("zsj-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("run")).unwrap();
    std::fs::set_permissions(d.join("run"), std::fs::Permissions::from_mode(0o700)).unwrap();
    d
}

pub fn command(home: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_zweibrett"));
    cmd.env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none");
    cmd.env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_RUNTIME_DIR", home.join("run"))
        .args(["--plain", "--speech", "none"]);
    cmd
}

/// A program kept running, typed to line by line, its output read line by
/// line on a thread of its own.
pub struct Running {
    pub child: Child,
    pub stdin: Option<ChildStdin>,
    pub lines: Receiver<String>,
    pub seen: String,
}

impl Running {
    pub fn start(mut cmd: Command) -> Running {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the program starts");
        let stdin = child.stdin.take();
        let lines = lines_of(&mut child);
        Running {
            child,
            stdin,
            lines,
            seen: String::new(),
        }
    }

    pub fn game(home: &Path) -> Running {
        let mut cmd = command(home);
        cmd.args([
            "play",
            "--voice",
            "en",
            "--role",
            "player",
            "--impaired",
            "white",
        ]);
        let mut game = Running::start(cmd);
        game.wait_for("> White to move");
        game
    }

    pub fn seat(home: &Path, role: &str) -> Running {
        let mut cmd = command(home);
        cmd.args(["--voice", "en", "join", "--role", role]);
        Running::start(cmd)
    }

    pub fn type_line(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Waits for a line holding `text`; everything seen up to it is kept.
    pub fn wait_for(&mut self, text: &str) -> String {
        let end = Instant::now() + LIMIT;
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push_str(&line);
                    self.seen.push('\n');
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => panic!("no «{text}» in:\n{}", self.seen),
            }
        }
    }

    /// Ends input and waits for the program to end; its exit status.
    pub fn finish(mut self) -> (i32, String) {
        drop(self.stdin.take());
        let end = Instant::now() + LIMIT;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                while let Ok(line) = self.lines.recv_timeout(Duration::from_millis(200)) {
                    self.seen.push_str(&line);
                    self.seen.push('\n');
                }
                return (status.code().unwrap_or(-1), std::mem::take(&mut self.seen));
            }
            assert!(Instant::now() < end, "still running:\n{}", self.seen);
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
