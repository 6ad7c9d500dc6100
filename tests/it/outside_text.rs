//! Text from outside the program (a PGN file, a player's name, a note, a
//! mistyped move) never reaches the terminal as control characters, a
//! name never breaks a PGN's tag section, and a closed standard output
//! ends the program quietly.

use crate::common;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::plain::{data_dir, fed, holds, stdout_of, zweibrett};

/// A PGN whose tags and comment try to retitle the window and clear it.
const HOSTILE_PGN: &str = "[Event \"Open\u{1b}]0;pwned\u{07}\u{1b}[2J\"]\n\
[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n\
[White \"Eve\u{1b}[31m\"]\n[Black \"Bob\u{9b}2J\"]\n[Result \"*\"]\n\n\
1. e4 {nice\u{1b}]0;x\u{07} move} e5 {\u{202E}reversed} 2. Nf3 *\n";

/// Fails unless `text` holds no escape, bell, C1 control or bidi override.
fn printable(text: &str, what: &str) {
    let bad: Vec<char> = text
        .chars()
        .filter(|&c| (c.is_control() && c != '\n') || ('\u{202A}'..='\u{202E}').contains(&c))
        .collect();
    assert!(bad.is_empty(), "{what} printed {bad:?}:\n{text}");
}

fn hostile_pgn(dir: &Path) -> PathBuf {
    std::fs::create_dir_all(dir).unwrap();
    let path = dir.join("hostile.pgn");
    std::fs::write(&path, HOSTILE_PGN).unwrap();
    path
}

#[test]
fn plain_analyse_shows_tags_and_comments_without_control_characters() {
    let d = data_dir("outside", "analyse");
    let pgn = hostile_pgn(&d);
    let stdout = fed(
        &d,
        &["analyse", pgn.to_str().unwrap(), "--voice", "en"],
        "next\nnext\nnext\nquit\n",
    );
    printable(&stdout, "analyse");
    // Shown, not carried out: the reader hears that something was there.
    holds(&stdout, "Open\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J");
    holds(&stdout, "nice\u{FFFD}]0;x\u{FFFD} move");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn score_shows_comments_without_control_characters() {
    let d = data_dir("outside", "score");
    let pgn = hostile_pgn(&d);
    let out = zweibrett(&d)
        .args(["score", pgn.to_str().unwrap()])
        .assert()
        .success();
    printable(&stdout_of(out), "score");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_name_and_a_touched_note_with_an_escape_are_printed_safely() {
    let d = data_dir("outside", "game");
    let names = [
        "--white",
        "Eve\u{1b}]0;pwned\u{07}",
        "--black",
        "Bob\u{1b}[2J",
    ];
    let stdout = fed(
        &d,
        &[&["play", "--role", "arbiter", "--voice", "en"][..], &names].concat(),
        "e4\ntouched \u{1b}[2J bishop\npgn\nscore\nquit\n",
    );
    printable(&stdout, "the plain game");
    holds(&stdout, "\u{FFFD}[2J bishop");
    holds(&stdout, "[White \"Eve ]0;pwned \"]");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn an_error_quoting_input_shows_no_escape() {
    let d = data_dir("outside", "error");
    let out = zweibrett(&d)
        .args(["say", "--voice", "en", "e4", "zz\u{1b}[2J\u{07}"])
        .assert()
        .code(1);
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    printable(&stderr, "say's error");
    holds(&stderr, "zz\u{FFFD}[2J\u{FFFD}");
    let out = zweibrett(&d)
        .args(["parse", "--voice", "en", "Springer \u{1b}]0;x\u{07} f3"])
        .assert();
    printable(&stdout_of(out), "parse");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_newline_in_a_name_never_breaks_the_pgn_tag_section() {
    let d = data_dir("outside", "tags");
    let name = "A\nB\"]\n[Result \"0-1\"]";
    let stdout = fed(
        &d,
        &[
            "play", "--role", "arbiter", "--voice", "en", "--white", name,
        ],
        "e4\nsave\nquit\n",
    );
    let saved = stdout
        .lines()
        .find_map(|l| l.strip_prefix("saved: "))
        .unwrap_or_else(|| panic!("nothing saved:\n{stdout}"));
    let pgn = std::fs::read_to_string(saved).unwrap();
    let tags: Vec<&str> = pgn.lines().take_while(|l| !l.is_empty()).collect();
    assert!(
        tags.iter()
            .all(|t| t.starts_with('[') && t.ends_with("\"]")),
        "{pgn}"
    );
    assert!(tags.contains(&"[Result \"*\"]"), "{pgn}");
    assert_eq!(tags.iter().filter(|t| t.starts_with("[Result ")).count(), 1);
    // The program's own reader: the name as typed, its line breaks spaces.
    let listed = fed(&d, &["analyse", saved, "--voice", "en"], "quit\n");
    holds(&listed, "A B\"] [Result \"0-1\"] against");
    // python-chess, where it is installed.
    let script = "import sys, chess.pgn\n\
        g = chess.pgn.read_game(open(sys.argv[1]))\n\
        print(g.headers['White']); print(g.headers['Result']); print(len(g.errors))\n";
    match Command::new("python3").args(["-c", script, saved]).output() {
        Ok(out) if out.status.success() => {
            let text = String::from_utf8(out.stdout).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            // Some versions give the value with its escapes as written.
            let white = lines[0].replace("\\\"", "\"").replace("\\\\", "\\");
            assert_eq!(white, "A B\"] [Result \"0-1\"]", "{text}");
            assert_eq!(lines[1], "*", "{text}");
            assert_eq!(lines[2], "0", "{text}");
        }
        _ => common::cannot_run("python3 with python-chess is not installed"),
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Runs the program with `args`, its standard output a pipe closed before
/// it writes: status and standard error.
fn with_stdout_closed(data: &Path, args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_zweibrett"))
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .env("XDG_DATA_HOME", data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .args(["--plain", "--speech", "none"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    (status.code(), stderr)
}

#[test]
fn a_closed_standard_output_ends_quietly() {
    let d = data_dir("outside", "closed");
    let pgn = hostile_pgn(&d);
    let club = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/club.pgn");
    for args in [
        vec!["analyse", club],
        vec!["analyse", pgn.to_str().unwrap()],
        vec!["score", club],
        vec!["say", "e4", "e5", "Nf3"],
    ] {
        let (code, stderr) = with_stdout_closed(&d, &args);
        assert!(
            matches!(code, Some(0 | 141)),
            "{args:?} ended with {code:?}: {stderr}"
        );
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_full_screen_shows_a_hostile_name_without_carrying_it_out() {
    let home = common::empty_home("outside-screen");
    let name = std::ffi::OsString::from("Eve\u{1b}]0;pwned\u{07}\u{1b}[2J");
    let (config, data) = (home.join("config"), home.join("data"));
    let env = [
        ("HOME", home.as_path()),
        ("XDG_CONFIG_HOME", config.as_path()),
        ("XDG_DATA_HOME", data.as_path()),
        ("WHITE", Path::new(&name)),
        ("ZWEIBRETT_SCREEN_READER", Path::new("none")),
    ];
    let command = format!(
        "{} play --speech none --voice en --white \"$WHITE\"; sleep 30",
        env!("CARGO_BIN_EXE_zweibrett")
    );
    let tmux = common::tmux::Tmux::start("outside-screen", 140, 45, &env, &command)
        .expect("tmux is needed for this test; the README's test command installs it");
    let screen = tmux.wait_for("The game begins", std::time::Duration::from_secs(10));
    holds(&screen, "Board of Eve\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J");
    assert_ne!(tmux.format("#{pane_title}"), "pwned");
    tmux.keys(&["C-q"]);
    tmux.type_text("y");
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn an_own_voice_pack_with_control_characters_is_said_printable() {
    let d = data_dir("outside", "pack");
    std::fs::create_dir_all(&d).unwrap();
    let english =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("voices/en.toml"))
            .unwrap();
    // A window title, a bell, a right-to-left override and a zero-width
    // space in the word for the e-file.
    let hostile = english.replacen(
        "e = \"Eva\"",
        "e = \"Eva\\u001b]0;pwned\\u0007\\u202E\\u200B\\u009b2J\"",
        1,
    );
    assert_ne!(hostile, english, "the English pack names the e-file Eva");
    let pack = d.join("hostile.toml");
    std::fs::write(&pack, hostile).unwrap();
    let out = common::quiet_zweibrett(&d)
        .args(["say", "--voice"])
        .arg(&pack)
        .args(["e4", "e5"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(stdout.starts_with("Eva"), "{stdout}");
    printable(&stdout, "say");
    assert!(!stdout.contains('\u{200B}'), "{stdout:?}");
}
