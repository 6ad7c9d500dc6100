//! Standard output that cannot be written (a full disk: `/dev/full`) ends
//! the program with a message on standard error and exit status 74, never
//! a panic's backtrace; a game played so keeps its journal.

mod common;

use std::fs::File;
use std::process::Stdio;

fn home() -> std::path::PathBuf {
    common::empty_home("output-faults")
}

/// `args` run with standard output on `/dev/full` and `input` piped in:
/// the exit status and what standard error said.
fn to_full_disk(args: &[&str], input: &str) -> (Option<i32>, String) {
    use std::io::Write as _;
    let full = File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let home = home();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_zweibrett"))
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .args(["--speech", "none"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::from(full))
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may end before reading it all.
    let _ = child.stdin.take().unwrap().write_all(input.as_bytes());
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_full_disk_on_standard_output_is_said_not_panicked() {
    let pgn = home().join("game.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n").unwrap();
    let (code, stderr) = to_full_disk(&["score", pgn.to_str().unwrap()], "");
    assert_eq!(code, Some(74), "{stderr}");
    assert!(
        stderr.contains("cannot write to standard output: No space left on device"),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
    let (code, stderr) = to_full_disk(&["--plain", "play", "--voice", "en"], "e4\nquit\n");
    assert_eq!(code, Some(74), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
