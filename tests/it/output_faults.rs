//! Standard output that cannot be written (a full disk: `/dev/full`) ends
//! the program with a message on standard error and exit status 74, never
//! a panic's backtrace; a game played so keeps its journal.

use crate::common;

use std::fs::File;
use std::process::Stdio;

fn home() -> std::path::PathBuf {
    common::empty_home("output-faults")
}

/// The program in its own `home`, silent, its labels in English.
fn program(home: &std::path::Path) -> std::process::Command {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_zweibrett"));
    command
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .args(["--speech", "none"]);
    command
}

/// `args` run with standard output on `/dev/full` and `input` piped in:
/// the exit status and what standard error said.
fn to_full_disk(args: &[&str], input: &str) -> (Option<i32>, String) {
    use std::io::Write as _;
    let full = File::options()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let mut child = program(&home())
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

/// Reads from the terminal's `master` side until `wanted` has come.
fn read_until(master: &mut File, wanted: &str) -> String {
    use std::io::Read as _;
    let mut seen = String::new();
    let mut buffer = [0u8; 4096];
    while !seen.contains(wanted) {
        let n = master.read(&mut buffer).expect("the game's terminal");
        assert!(n > 0, "the terminal closed before {wanted:?}:\n{seen}");
        seen.push_str(&String::from_utf8_lossy(&buffer[..n]));
    }
    seen
}

#[test]
fn a_terminal_that_vanishes_mid_game_ends_the_program_with_the_game_kept() {
    vanish_mid_game("vanished-line", &["--plain"], "> ", b"e4\n", "Eva four");
    // The full screen: no abort while the terminal is given back.
    vanish_mid_game("vanished-screen", &[], "White to move", b"e4\r", "Eva four");
}

/// Plays 1. e4 on a pseudo-terminal with `mode`'s options, waiting for
/// `ready` before the move is typed as `keys` and for `played` after,
/// then closes the terminal: the program must end by itself, without a
/// panic or an abort, its journal holding the move.
fn vanish_mid_game(name: &str, mode: &[&str], ready: &str, keys: &[u8], played: &str) {
    use std::io::Write as _;
    use std::os::fd::{FromRawFd, OwnedFd};
    let (mut master, slave) = {
        let (mut master, mut slave) = (0, 0);
        // SAFETY: openpty writes two descriptors it opened; no name, termios
        // or window size is asked for.
        let done = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
            )
        };
        assert_eq!(done, 0, "a pseudo-terminal is needed here");
        // The program must not inherit the master side, or its terminal
        // would never vanish.
        for fd in [master, slave] {
            // SAFETY: fcntl on a descriptor just opened.
            assert_eq!(
                unsafe { libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC) },
                0
            );
        }
        let size = libc::winsize {
            ws_row: 40,
            ws_col: 120,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: sets the window size of a terminal just opened.
        assert_eq!(unsafe { libc::ioctl(slave, libc::TIOCSWINSZ, &size) }, 0);
        // SAFETY: both descriptors were just opened and are owned here alone.
        unsafe { (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
    };
    let home = common::empty_home(name);
    let mut child = program(&home)
        .env("TERM", "xterm-256color")
        .args(mode)
        .args(["play", "--voice", "en"])
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave))
        .spawn()
        .unwrap();
    read_until(&mut master, ready);
    master.write_all(keys).unwrap();
    read_until(&mut master, played);
    // The terminal goes: every later read and write of the program fails.
    drop(master);
    let mut status = None;
    for _ in 0..200 {
        status = child.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let Some(status) = status else {
        let _ = child.kill();
        panic!("{name}: the program went on without its terminal for 10 s");
    };
    assert!(
        matches!(status.code(), Some(0 | 74)),
        "{name}: a vanished terminal ended the program with {status}"
    );
    let games = home.join("data/zweibrett/games");
    let journal = std::fs::read_dir(&games)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .expect("the game's journal");
    let loaded = zweibrett_session::journal::load(&journal).unwrap();
    let game = zweibrett_session::journal::replay(&journal, &loaded, None).unwrap();
    assert_eq!(
        game.moves().len(),
        1,
        "the move before the terminal vanished"
    );
}
