//! `zweibrett doctor`: one line per check, the outcome first; a
//! configuration that cannot be used fails it, what nobody asked for is
//! only a note.

use crate::common;

/// The doctor in the English pack's words, with `args` before it.
fn doctor(home: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    let out = common::quiet_zweibrett(home)
        .args(args)
        .arg("doctor")
        .args(["--voice", "en"])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

#[test]
fn every_check_is_one_line_with_its_outcome_first() {
    let home = common::empty_home("doctor");
    let (code, out) = doctor(&home, &[]);
    let lines: Vec<&str> = out.lines().collect();
    let names: Vec<&str> = lines
        .iter()
        .map(|l| l.split(": ").nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        names,
        [
            "configuration",
            "voice pack",
            "sound",
            "speech",
            "screen reader",
            "braille display",
            "listening",
            "adaptation",
            "second opinion",
            "microphone",
            "engine",
            "games folder",
            "electronic board"
        ],
        "{out}"
    );
    for line in &lines {
        assert!(
            ["ok: ", "note: ", "FAILS: "]
                .iter()
                .any(|o| line.starts_with(o)),
            "{line}"
        );
    }
    assert!(out.contains("ok: speech: switched off"), "{out}");
    assert!(out.contains("ok: games folder: "), "{out}");
    // Nothing was asked for that cannot work: notes only.
    assert_eq!(code, Some(0), "{out}");
}

#[test]
fn a_configuration_that_cannot_be_used_fails_the_doctor() {
    let home = common::empty_home("doctor-config");
    let dir = home.join("config/zweibrett");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), "[speech]\nvoise = \"x\"\n").unwrap();
    let (code, out) = doctor(&home, &[]);
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("FAILS: configuration: ") && out.contains("line 2: unknown key `voise`"),
        "{out}"
    );
    // Every other check still runs, on the shipped defaults.
    assert_eq!(out.lines().count(), 13, "{out}");
    assert!(out.contains("ok: games folder: "), "{out}");
}

#[test]
fn a_voice_pack_that_cannot_be_had_fails_its_line_and_the_rest_runs() {
    let home = common::empty_home("doctor-pack");
    let out = common::quiet_zweibrett(&home)
        .args(["doctor", "--voice", "klingon"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 13, "{stdout}");
    // In the default pack's words, naming the pack asked for.
    assert!(
        lines[1].starts_with("FEHLER: Sprachpaket: ") && lines[1].contains("klingon"),
        "{stdout}"
    );
    assert!(
        lines[11].starts_with("in Ordnung: Partienordner: "),
        "{stdout}"
    );
}

#[test]
fn listening_asked_before_or_after_the_subcommand_makes_its_parts_required() {
    let home = common::empty_home("doctor-listen");
    for args in [&["--listen"][..], &["doctor", "--listen"][..]] {
        let mut command = common::quiet_zweibrett(&home);
        command.args(args);
        if args[0] != "doctor" {
            command.arg("doctor");
        }
        command.args(["--voice", "en"]);
        let out = command.output().unwrap();
        let out = String::from_utf8_lossy(&out.stdout).into_owned();
        for part in ["listening", "microphone"] {
            let line = out
                .lines()
                .find(|l| l.split(": ").nth(1) == Some(part))
                .unwrap_or_else(|| panic!("{args:?}: no {part} line in {out}"));
            assert!(!line.starts_with("note: "), "{args:?}: {line}");
        }
    }
}

#[test]
fn the_doctor_speaks_the_packs_language() {
    let home = common::empty_home("doctor-fide");
    let out = common::quiet_zweibrett(&home)
        .args(["doctor", "--voice", "fide"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    let names: Vec<&str> = out
        .lines()
        .map(|l| l.split(": ").nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        names,
        [
            "Konfiguration",
            "Sprachpaket",
            "Ton",
            "Sprachausgabe",
            "Bildschirmleser",
            "Braillezeile",
            "Zuhören",
            "Anpassung",
            "zweite Meinung",
            "Mikrofon",
            "Schachprogramm",
            "Partienordner",
            "elektronisches Brett"
        ],
        "{out}"
    );
    assert!(
        out.contains("in Ordnung: Sprachausgabe: ausgeschaltet (--speech none)"),
        "{out}"
    );
    for line in out.lines() {
        assert!(
            ["in Ordnung: ", "Hinweis: ", "FEHLER: "]
                .iter()
                .any(|o| line.starts_with(o)),
            "{line}"
        );
    }
}

/// `--version` names the commit and the optional parts this machine has,
/// one line each, for a bug report; `-V` the version alone.
#[test]
fn the_long_version_names_the_commit_and_the_optional_parts() {
    let home = common::empty_home("doctor-version");
    let out = common::quiet_zweibrett(&home)
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5, "{stdout}");
    let commit = lines[0]
        .strip_prefix(&format!("zweibrett {} (commit ", env!("CARGO_PKG_VERSION")))
        .and_then(|rest| rest.strip_suffix(')'))
        .unwrap_or_else(|| panic!("{stdout}"));
    // A checkout names its commit; a published crate says it does not know.
    assert!(
        commit == "unknown"
            || (commit.len() == 12 && commit.chars().all(|c| c.is_ascii_hexdigit())),
        "{stdout}"
    );
    for (line, part) in
        lines[1..]
            .iter()
            .zip(["system speech: ", "braille: ", "listening: ", "engine: "])
    {
        assert!(line.starts_with(part), "{stdout}");
    }
    let short = common::quiet_zweibrett(&home).arg("-V").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&short.stdout),
        format!("zweibrett {}\n", env!("CARGO_PKG_VERSION"))
    );
}

/// `doctor --report` adds what a bug report needs after the checks: the
/// version and its parts, the system, the terminal, the locale and what
/// the configuration changes, with the home folder written `~`.
#[test]
fn the_report_has_what_a_bug_report_needs_and_hides_the_home_folder() {
    let home = common::empty_home("doctor-report");
    let file = home.join("config/zweibrett/config.toml");
    std::fs::create_dir_all(file.parent().unwrap()).unwrap();
    std::fs::write(&file, "[speech]\nrate = 20\n").unwrap();
    let (code, out) = doctor(&home, &[]);
    assert_eq!(code, Some(0), "{out}");
    assert!(!out.contains("bug report"), "only when asked: {out}");
    let out = common::quiet_zweibrett(&home)
        .env("LANG", "pt_PT.UTF-8")
        .env("TERM", "xterm-256color")
        .args(["doctor", "--report"])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    let report = out
        .split_once("--- bug report ---\n")
        .map(|(checks, report)| {
            // The checks above it, in the locale's pack.
            assert!(checks.contains("bem: pasta de partidas: ~/"), "{checks}");
            report
        })
        .unwrap_or_else(|| panic!("a report: {out}"));
    let home_text = home.display().to_string();
    assert!(!out.contains(&home_text), "the home folder hidden: {out}");
    let starts: Vec<&str> = report
        .lines()
        .map(|l| l.split([' ', ':']).next().unwrap())
        .collect();
    for label in [
        "zweibrett",
        "system",
        "braille",
        "engine",
        "terminal",
        "locale",
        "configuration",
    ] {
        assert!(starts.contains(&label), "{label}: {report}");
    }
    assert!(report.contains(env!("CARGO_PKG_VERSION")), "{report}");
    assert!(report.contains("terminal: TERM=xterm-256color"), "{report}");
    assert!(report.contains("locale: pt_PT.UTF-8"), "{report}");
    assert!(
        report.contains("configuration: voice = \"pt\" (locale); [speech] rate = 20 (file)"),
        "{report}"
    );
}

/// The doctor with `[board] port = PORT` in the configuration.
fn doctor_with_board(name: &str, port: &str) -> (Option<i32>, String) {
    let home = common::empty_home(name);
    let dir = home.join("config/zweibrett");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("config.toml"),
        format!("[board]\nport = \"{port}\"\n"),
    )
    .unwrap();
    doctor(&home, &[])
}

#[test]
fn the_doctor_names_the_configured_board_its_serial_number_and_version() {
    use common::dgt_emulator::{EmulatedBoard, SERIAL};
    use zweibrett_core::electronic_board::{Orientation, Placement};
    let home = common::empty_home("doctor-board");
    let board = EmulatedBoard::new(
        &home.join("dgt"),
        &Placement::of_board(&shakmaty::Board::default()),
        Orientation::Normal,
    );
    let (_, out) = doctor_with_board("doctor-board-conf", &board.path());
    let expected = format!(
        "ok: electronic board: DGT board on {}, serial number {SERIAL}, version 1.07",
        board.path()
    );
    assert!(out.lines().any(|line| line == expected), "{out}");
}

#[test]
fn a_configured_board_that_is_not_there_fails_the_doctor() {
    let (code, out) = doctor_with_board("doctor-no-board", "/dev/ttyUSB-none");
    assert!(
        out.contains(
            "FAILS: electronic board: /dev/ttyUSB-none is not there: unplugged, or named \
             otherwise"
        ),
        "{out}"
    );
    assert_eq!(code, Some(1), "{out}");
}
