//! A screen reader running for the user is found by its process, and the
//! program leaves the speaking to it: line mode prints bare lines, no
//! prompt, and the program's own voice stays silent. A process named
//! `orca` (a copy of `sleep`) stands for Orca; nothing else runs in this
//! test binary, so no other test sees it.

use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

use common::Sandbox;

#[test]
fn a_running_orca_makes_the_program_print_for_it_and_stay_silent() {
    let sandbox = Sandbox::new("reader-found");
    let orca = sandbox.home.join("orca");
    std::fs::copy("/bin/sleep", &orca).unwrap();
    let mut reader = Command::new(&orca).arg("60").spawn().unwrap();
    let out = sandbox
        .command(&["--plain", "play", "--voice", "en", "--role", "player"])
        .env_remove("ZWEIBRETT_SCREEN_READER")
        .env_remove("SSH_CONNECTION")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            let mut stdin = child.stdin.take().unwrap();
            // The help a part at a time, to the part that lists `help`.
            let help = format!("help\n{}", "more\n".repeat(11));
            stdin.write_all(format!("e4\ne5\ntime\nscore\n{help}quit\n").as_bytes())?;
            drop(stdin);
            child.wait_with_output()
        })
        .unwrap();
    let _ = reader.kill();
    let _ = reader.wait();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{stdout}");
    for line in stdout.lines() {
        assert!(!line.starts_with("> "), "a prompt for the reader: {stdout}");
        for label in [
            "announced: ",
            "clock: ",
            "clocks: ",
            "answer: ",
            "journal: ",
        ] {
            assert!(!line.starts_with(label), "a label for the reader: {stdout}");
        }
    }
    assert!(stdout.lines().any(|l| l == "Eva four"), "{stdout}");
    // The score and the help, shown line by line and said in one breath,
    // are printed once: their lines, never also the whole in one line.
    let mut seen = std::collections::BTreeSet::new();
    for line in stdout.lines().filter(|l| *l != "Go on with more.") {
        assert!(seen.insert(line), "printed twice: {line}\n{stdout}");
    }
    assert!(
        stdout.lines().any(|l| l.starts_with("help: this help")),
        "{stdout}"
    );
    let heard = std::fs::metadata(sandbox.capture()).map_or(0, |m| m.len());
    assert!(heard <= 44, "the built-in voice played {heard} bytes");

    // Without it, the same game is labelled and prompted.
    let out = sandbox
        .command(&["--plain", "--speech", "none", "play", "--voice", "en"])
        .args(["--role", "player"])
        .env_remove("ZWEIBRETT_SCREEN_READER")
        .env_remove("SSH_CONNECTION")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child.stdin.take().unwrap().write_all(b"e4\nquit\n")?;
            child.wait_with_output()
        })
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.lines().any(|l| l.starts_with("> ")), "{stdout}");
}
