//! The program in plain mode as the game tests drive it: a data directory
//! of its own for each test, the command with speech off, and the files a
//! game writes.

use std::path::{Path, PathBuf};

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
    cmd.env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .args(["--plain", "--speech", "none"]);
    cmd
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

/// Fails, showing all that was printed, unless `stdout` has `line` whole.
pub fn has(stdout: &str, line: &str) {
    assert!(
        stdout.lines().any(|l| l == line),
        "no «{line}» in:\n{stdout}"
    );
}
