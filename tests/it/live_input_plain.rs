//! Live input in plain mode: a line past the bound and a line that is not
//! UTF-8 text are refused in the pack's words, and the game goes on with
//! its clock running; `parse` and `say` refuse an argument past the bound.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common;

use common::plain::{data_dir, fed, holds, stdout_of, zweibrett};

fn data(name: &str) -> PathBuf {
    data_dir("live-input", name)
}

/// The seconds of a clock shown as `H:MM:SS.t`.
fn seconds(shown: &str) -> f64 {
    shown.split(':').fold(0.0, |total, part| {
        total * 60.0 + part.parse::<f64>().unwrap()
    })
}

#[test]
fn a_megabyte_word_is_refused_at_once_and_the_clock_runs_on() {
    let d = data("megabyte");
    let bin = env!("CARGO_BIN_EXE_zweibrett");
    let mut child = Command::new(bin)
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .env("XDG_DATA_HOME", &d)
        .env("XDG_CONFIG_HOME", d.join("config"))
        .args(["--plain", "--speech", "none", "play", "--role", "arbiter"])
        .args(["--voice", "en"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"e4\npress\nconfirm\n").unwrap();
    let started = Instant::now();
    // One word of a megabyte, its line end only after a pause, during
    // which the game's clock must go on.
    stdin.write_all(&vec![b'e'; 1 << 20]).unwrap();
    std::thread::sleep(Duration::from_millis(1200));
    stdin.write_all(b"\ntime\ne5\nquit\n").unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let took = started.elapsed();
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains("answer: A line holds at most 1000 characters; this one was not read."),
        "{}",
        &stdout[..stdout.len().min(4000)]
    );
    holds(&stdout, "announced: 1... e5: ");
    let clocks = stdout
        .lines()
        .find_map(|l| l.strip_prefix("clocks: White "))
        .unwrap_or_else(|| panic!("no clocks line: {stdout}"));
    let shown: Vec<&str> = clocks.split_whitespace().collect();
    let (white, black) = (shown[0], shown[2].trim_end_matches(','));
    assert!(
        seconds(black) <= seconds(white) - 1.0,
        "Black's clock ran while the word was typed: {clocks}"
    );
    println!("a megabyte word and the game after it: {took:?}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_line_that_is_not_text_is_named_and_input_goes_on() {
    let d = data("not-text");
    let mut input = b"e4\npress\nconfirm\n".to_vec();
    input.extend(b"\xff\xfe e5\n");
    input.extend(b"e5\nquit\n");
    let stdout = fed(&d, &["play", "--role", "arbiter", "--voice", "en"], input);
    holds(
        &stdout,
        "answer: Line 4 is not valid UTF-8 text; it was not read.",
    );
    holds(&stdout, "announced: 1... e5: ");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_refusals_are_in_the_packs_words() {
    let d = data("packs");
    let mut input = "a".repeat(1001).into_bytes();
    input.extend(b"\n\xc3\x28\nquit\n");
    let stdout = fed(&d, &["play", "--voice", "pt"], input);
    holds(
        &stdout,
        "answer: Uma linha tem no máximo 1000 caracteres; esta não foi lida.",
    );
    holds(
        &stdout,
        "answer: A linha 2 não é texto UTF-8 válido; não foi lida.",
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn parse_and_say_refuse_an_argument_past_the_bound() {
    let d = data("arguments");
    let long = "e".repeat(1001);
    let out = zweibrett(&d)
        .args(["parse", "--voice", "es", &long])
        .assert()
        .failure();
    assert_eq!(
        stdout_of(out),
        "Una línea admite como máximo 1000 caracteres; esta no se ha leído.\n"
    );
    let out = zweibrett(&d)
        .args(["say", "--voice", "en", "e4", &long])
        .assert()
        .failure();
    let stderr = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    holds(&stderr, "A line holds at most 1000 characters");
    assert!(
        stderr.len() < 300,
        "the argument is not quoted whole: {stderr}"
    );
    // At the bound the text is read as a move would be.
    zweibrett(&d)
        .args(["parse", "--voice", "en", &format!("{}e4", " ".repeat(998))])
        .assert()
        .success();
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn going_through_games_refuses_a_bad_line_and_goes_on() {
    let d = data("analyse");
    let mut input = b"\xff\n".to_vec();
    input.extend("x".repeat(2000).into_bytes());
    input.extend(b"\nquit\n");
    let stdout = fed(
        &d,
        &["analyse", "tests/data/club.pgn", "--voice", "en"],
        input,
    );
    holds(&stdout, "Line 1 is not valid UTF-8 text; it was not read.");
    holds(
        &stdout,
        "A line holds at most 1000 characters; this one was not read.",
    );
    let _ = std::fs::remove_dir_all(&d);
}
