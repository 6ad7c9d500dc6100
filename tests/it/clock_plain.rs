//! `zweibrett clock --plain` driven as a user at a physical board would drive
//! it: a scripted short game of presses, questions and a pause, and a game
//! lost on time, with every printed line checked.

use crate::common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command as Process, Stdio};
use std::thread;
use std::time::Duration;

use assert_cmd::Command;

fn empty_home() -> PathBuf {
    common::empty_home("clock-plain")
}

fn zweibrett() -> Command {
    common::quiet_zweibrett(&empty_home())
}

#[test]
fn a_short_game_of_presses_is_spoken_line_by_line() {
    let script = "\npress\n\n \n\ntime\npause\npress\nresume\nfoo\nhelp\n\nquit\nnever read\n";
    let output = zweibrett()
        .args(["clock", "--plain", "--time", "60+2", "--voice", "en"])
        .write_stdin(script)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "one minute, two seconds per move from move one, for each player. \
             press starts White's clock",
            "Clock running, White to move",
            "White: one minute two seconds",
            "Black: one minute two seconds",
            "White: one minute four seconds",
            "Black: one minute four seconds",
            // White's clock runs again with the increment of move three
            // already added (Glossary "incremento": before each move).
            "White: one minute six seconds, used zero seconds; \
             Black: one minute four seconds, used zero seconds; two moves",
            "Clock paused",
            "Clock paused",
            "Clock running, White to move",
            "Not understood: foo. Help with help",
            "press: press the clock; time: say the time; pause: pause; \
             resume: resume; quit: quit",
            "White: one minute six seconds",
        ]
    );
}

#[test]
fn the_fide_pack_speaks_german_and_periods_are_announced() {
    let output = zweibrett()
        .args(["clock", "--plain", "--time", "1/60:30"])
        .write_stdin("\n\n\ntime\n")
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "Bedenkzeit eine Minute für ein Zug, dann dreißig Sekunden, je Spieler. \
             drücken startet die Uhr von Weiß",
            "Uhr läuft, Weiß am Zug",
            "Weiß: dreißig Sekunden dazu",
            "Weiß: eine Minute dreißig Sekunden",
            "Schwarz: dreißig Sekunden dazu",
            "Schwarz: eine Minute dreißig Sekunden",
            "Weiß: eine Minute dreißig Sekunden, verbraucht null Sekunden; \
             Schwarz: eine Minute dreißig Sekunden, verbraucht null Sekunden; ein Zug",
        ]
    );
}

#[test]
fn a_fallen_flag_is_said_and_the_fallen_clock_stays_at_zero() {
    let home = empty_home();
    let mut child = Process::new(assert_cmd::cargo::cargo_bin("zweibrett"))
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .args([
            "--speech", "none", "clock", "--plain", "--time", "1.5", "--voice", "es",
        ])
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"press\n").unwrap();
    thread::sleep(Duration::from_millis(1_700));
    stdin.write_all(b"press\ntime\n").unwrap();
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(
        lines,
        [
            "Tiempo de reflexión: uno coma cinco segundos, para cada jugador. \
             pulsar pone en marcha el reloj de las blancas",
            "Reloj en marcha, juegan las Blancas",
            // The first number of the countdown names whose clock (D.2.6.1).
            "Blancas: uno",
            "Blancas: tiempo agotado",
            // The press after the flag completes the move (6.9: the flag
            // counts once claimed); White's clock stays at zero.
            "Blancas: cero segundos",
            "Blancas: cero segundos, usado un segundo; \
             Negras: dos segundos, usado cero segundos; cero movimientos",
        ]
    );
}

#[test]
fn a_time_control_typed_in_the_packs_words_is_refused_in_them() {
    let refused = |time: &str| {
        let output = zweibrett()
            .args(["--plain", "play", "--voice", "fide", "--time", time])
            .write_stdin("")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2));
        String::from_utf8(output.stderr).unwrap()
    };
    // "90 Minuten 30 Sekunden" can mean two controls (6.3.1): asked, in
    // German, as the pack's player typed it.
    let stderr = refused("90 Minuten 30 Sekunden");
    assert!(
        stderr.contains("„90 Minuten 30 Sekunden“ kann zweierlei heißen")
            && stderr.contains("„90 Minuten und 30 Sekunden“ schreiben"),
        "{stderr}"
    );
    let stderr = refused("neunzig Äpfel");
    assert!(
        stderr.contains("„neunzig Äpfel“ ist keine Bedenkzeit"),
        "{stderr}"
    );
}

#[test]
fn a_malformed_time_control_is_a_usage_error() {
    let output = zweibrett()
        .args(["clock", "--plain", "--time", "40/90m"])
        .write_stdin("")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.contains("time control \"40/90m\"") && stderr.contains("\"m\" is not understood"),
        "{stderr}"
    );
    assert!(stderr.contains("blitz"), "the presets are listed: {stderr}");
    assert!(output.stdout.is_empty());
}
