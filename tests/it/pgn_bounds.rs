//! A PGN game too long to be one (a text of many megabytes, or more
//! half-moves than any game under the Laws) is refused by `analyse` and
//! `score` naming the game and the bound, before its text is read.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

fn home() -> PathBuf {
    common::empty_home("pgn-bounds")
}

/// A file of a short game, then a game whose comment has `bytes` bytes.
fn file_with_long_game(bytes: usize) -> PathBuf {
    let path = home().join("long.pgn");
    let text = format!(
        "[Event \"Short\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n\
         [Event \"Long\"]\n[White \"C\"]\n[Black \"D\"]\n[Result \"*\"]\n\n1. e4 {{{}}} e5 *\n",
        "x".repeat(bytes)
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// The program with `args` and then `path`, its input empty.
fn run_on(args: &[&str], path: &Path) -> Output {
    common::quiet_zweibrett(&home())
        .args(args)
        .arg(path)
        .write_stdin("")
        .output()
        .unwrap()
}

#[test]
fn analyse_and_score_refuse_a_game_of_too_many_bytes_by_name() {
    let path = file_with_long_game(9 * 1024 * 1024);
    let out = run_on(&["analyse", "--voice", "en", "--game", "2"], &path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("game 2, line 8: the game's text has 9437"),
        "{stderr}"
    );
    assert!(
        stderr.contains("a game is read up to 8388608 bytes"),
        "{stderr}"
    );
    let out = run_on(&["score", "--game", "2"], &path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("the game's text has 9437") && stderr.contains("8388608 bytes"),
        "{stderr}"
    );
    // The other game of the file still opens.
    let out = run_on(&["score", "--game", "1"], &path);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("1. e4 e5"));
}

/// Variations nested 70,000 deep (within the half-move bound) are no
/// annotation: `score` refuses the game naming the bound, `analyse` goes
/// through its main line up to there, and neither runs out of stack.
#[test]
fn variations_nested_past_the_bound_are_refused_without_an_abort() {
    let path = home().join("nested.pgn");
    let depth = 70_000;
    let text = format!(
        "[Event \"Nested\"]\n\n1. e4 {}{} e5 *\n",
        "(1. d4 ".repeat(depth),
        ")".repeat(depth)
    );
    std::fs::write(&path, text).unwrap();
    let out = run_on(&["score"], &path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("game 1, line 3: variations nested more than 200 deep"),
        "{stderr}"
    );
    let out = run_on(&["analyse", "--voice", "en"], &path);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("variations nested more than 200 deep"),
        "{stdout}"
    );
}

#[test]
fn a_score_that_is_a_device_or_a_pipe_is_refused_without_waiting() {
    let fifo = home().join("fifo.pgn");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo is needed here");
    for path in [Path::new("/dev/zero"), fifo.as_path()] {
        for args in [&["score"][..], &["analyse", "--voice", "en"][..]] {
            // A read that waited would be cut off here, and fail.
            let out = common::quiet_zweibrett(&home())
                .args(args)
                .arg(path)
                .write_stdin("")
                .timeout(std::time::Duration::from_secs(20))
                .output()
                .unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?} {stderr}");
            assert!(
                stderr.contains("not a plain file but a device, pipe or folder"),
                "{args:?} {stderr}"
            );
        }
    }
}
