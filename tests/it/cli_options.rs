//! The command line as a user meets it: each subcommand's help lists only
//! the options it uses, and the options of screen, speech and voice count
//! for a subcommand whether written before it or after it.

use crate::common;

fn run(args: &[&str], input: &str) -> (Option<i32>, String) {
    let home = common::empty_home("cli-options");
    let out = common::quiet_zweibrett(&home)
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
    )
}

#[test]
fn a_subcommands_help_lists_only_its_own_options() {
    let (code, help) = run(&["say", "--help"], "");
    assert_eq!(code, Some(0));
    for foreign in [
        "--listen",
        "--keep-audio",
        "--theme",
        "--screen-reader",
        "--speech-rate",
    ] {
        assert!(
            !help.contains(foreign),
            "say --help lists {foreign}:\n{help}"
        );
    }
    assert!(help.lines().count() < 25, "{help}");
    let (_, help) = run(&["play", "--help"], "");
    for own in [
        "--listen",
        "--theme",
        "--plain",
        "--system-voice",
        "--voice",
    ] {
        assert!(help.contains(own), "play --help lacks {own}");
    }
    // An option the subcommand has no use for is refused, not ignored.
    let (code, said) = run(&["say", "--listen", "e4"], "");
    assert_eq!(code, Some(2), "{said}");
}

#[test]
fn options_before_or_after_the_subcommand_are_one_command() {
    let pgn = common::empty_home("cli-options-pgn").join("game.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. e4 e5 *\n").unwrap();
    let pgn = pgn.to_str().unwrap();
    let before = run(
        &["--voice", "en", "--plain", "analyse", pgn],
        "next\nquit\n",
    );
    let after = run(
        &["analyse", "--voice", "en", "--plain", pgn],
        "next\nquit\n",
    );
    assert_eq!(before.0, Some(0), "{}", before.1);
    assert!(before.1.contains("Eva four"), "{}", before.1);
    assert_eq!(before, after);
    // Written after the subcommand, an option wins.
    let (_, said) = run(&["--voice", "fide", "say", "--voice", "en", "e4"], "");
    assert_eq!(said.trim(), "Eva four");
    let (_, said) = run(&["--voice", "en", "say", "e4"], "");
    assert_eq!(said.trim(), "Eva four");
}

/// `--log FILE` (or the configuration's `log`) writes a debug log: the
/// version and arguments, then what the game host takes and says, each
/// line timed; a file that cannot be opened is said, and nothing else is
/// done.
#[test]
fn a_debug_log_is_written_only_when_asked_for() {
    let home = common::empty_home("debug-log");
    let log = home.join("debug.log");
    let out = common::quiet_zweibrett(&home)
        .args(["say", "e4", "--log"])
        .arg(&log)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let written = std::fs::read_to_string(&log).unwrap();
    let first = written.lines().next().unwrap();
    assert!(first.contains("INFO  zweibrett: zweibrett "), "{written}");
    assert!(first.contains("\"say\", \"e4\""), "{written}");
    assert!(written.contains("DEBUG config: no file"), "{written}");
    // A game's requests and what it says, in order.
    let game = home.join("game.log");
    std::fs::write(
        home.join("config-log.toml"),
        format!("log = {:?}\n", game.display().to_string()),
    )
    .unwrap();
    let out = common::quiet_zweibrett(&home)
        .env("ZWEIBRETT_CONFIG", home.join("config-log.toml"))
        .args(["--plain", "play", "--role", "arbiter", "--press", "auto"])
        .write_stdin("e4\nquit\n")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let written = std::fs::read_to_string(&game).unwrap();
    let request = written.find("DEBUG host: at ").expect(&written);
    let said = written
        .find("DEBUG host: said (Move): \"Eva vier\"")
        .expect(&written);
    assert!(request < said, "{written}");
    for line in written.lines() {
        let seconds = line.split_whitespace().next().unwrap();
        assert!(seconds.parse::<f64>().is_ok(), "timed: {line}");
    }
    // Not asked for, nothing is written.
    let before = std::fs::read_to_string(&log).unwrap();
    let out = common::quiet_zweibrett(&home)
        .args(["say", "e4"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(std::fs::read_to_string(&log).unwrap(), before);
    // A log that cannot be opened is said, in the pack's words.
    let out = common::quiet_zweibrett(&home)
        .args(["say", "e4", "--log", "/nowhere/at/all.log"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("zweibrett: /nowhere/at/all.log: "), "{err}");
    assert!(out.stdout.is_empty(), "nothing else done");
}

/// alsa-lib's own lines never reach the terminal, where a screen reader
/// would read every one: with a sound configuration whose device cannot
/// be found (alsa-lib then prints "ALSA lib confmisc.c: Cannot get card
/// index"), the program says the fault once in the pack's words, and the
/// debug log keeps alsa-lib's lines.
#[test]
fn the_sound_library_s_own_lines_stay_off_the_terminal() {
    let home = common::empty_home("alsa-quiet");
    let config = home.join("asound.conf");
    std::fs::write(
        &config,
        "pcm.!default { type hw card \"nosuchcard\" }\nctl.!default { type hw card \"nosuchcard\" }\n",
    )
    .unwrap();
    let log = home.join("debug.log");
    let out = common::quiet_zweibrett(&home)
        .env("ALSA_CONFIG_PATH", &config)
        .args(["--voice", "en", "speak", "--speech", "builtin", "Eva four"])
        .arg("--log")
        .arg(&log)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("ALSA lib"), "{stderr}");
    assert_eq!(
        stderr.matches("the sound device refused to play").count(),
        1,
        "said once: {stderr}"
    );
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("DEBUG alsa: "), "{logged}");
}

/// A command line the program refuses is said on one line in the voice
/// pack's words, with exit status 2: the configured pack, or the one
/// `--voice` names.
#[test]
fn a_refused_command_line_is_said_in_the_packs_words() {
    let home = common::empty_home("usage-words");
    let refused = |args: &[&str], lang: &str| {
        let out = common::quiet_zweibrett(&home)
            .env("LANG", lang)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(err.lines().count(), 1, "one line: {err}");
        err
    };
    let err = refused(&["play", "--frobnicate"], "de_DE.UTF-8");
    assert_eq!(
        err.trim(),
        "zweibrett: unbekannte Option --frobnicate; zweibrett play --help nennt die Optionen"
    );
    let err = refused(&["plya"], "pt_PT.UTF-8");
    assert_eq!(
        err.trim(),
        "zweibrett: comando desconhecido plya; queria dizer play?"
    );
    let err = refused(&["play", "--role", "king"], "es_ES.UTF-8");
    assert_eq!(
        err.trim(),
        "zweibrett: --role no puede ser king; puede ser player, assistant, arbiter"
    );
    let err = refused(
        &["--voice", "en", "play", "--white", "a", "--white", "b"],
        "de_DE.UTF-8",
    );
    assert_eq!(err.trim(), "zweibrett: --white may be given only once");
    let err = refused(&["--voice", "en", "generate"], "C.UTF-8");
    assert_eq!(err.trim(), "zweibrett: zweibrett generate needs <WHAT>");
}

/// `--help` speaks the pack's language: the locale's, or the one
/// `--voice` names, every heading and text in it; `help play` and a
/// command without its subcommand too.
#[test]
fn the_help_is_said_in_the_packs_language() {
    let home = common::empty_home("help-words");
    let help = |args: &[&str], lang: &str| {
        let out = common::quiet_zweibrett(&home)
            .env("LANG", lang)
            .args(args)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), said)
    };
    let (code, said) = help(&["--help"], "de_DE.UTF-8");
    assert_eq!(code, Some(0), "{said}");
    assert!(said.starts_with("Zwei Bretter, eine Partie"), "{said}");
    assert!(
        said.contains("Aufruf: zweibrett [OPTIONEN] [BEFEHL]"),
        "{said}"
    );
    assert!(said.contains("\nBefehle:\n"), "{said}");
    assert!(
        said.contains("  doctor    Prüfen, was dieser Rechner"),
        "{said}"
    );
    let (code, said) = help(&["doctor", "--help"], "de_DE.UTF-8");
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("Aufruf: zweibrett doctor [OPTIONEN]"),
        "{said}"
    );
    assert!(said.contains("--voice <PAKET>"), "{said}");
    for english in [
        "Usage",
        "Options",
        "Print help",
        "default:",
        "Which voice speaks",
    ] {
        assert!(!said.contains(english), "{english}: {said}");
    }
    let (code, said) = help(&["help", "config"], "de_DE.UTF-8");
    assert_eq!(code, Some(0), "{said}");
    assert!(said.starts_with("Die Konfiguration: `path` sagt"), "{said}");
    // A command that needs its subcommand shows its help, with status 2.
    let (code, said) = help(&["config"], "de_DE.UTF-8");
    assert_eq!(code, Some(2), "{said}");
    assert!(
        said.contains("Aufruf: zweibrett config [OPTIONEN] <BEFEHL>"),
        "{said}"
    );
    let (_, said) = help(&["--voice", "es", "score", "-h"], "de_DE.UTF-8");
    assert!(
        said.contains("Uso: zweibrett score [OPCIONES] <ARCHIVO.pgn>"),
        "{said}"
    );
    assert!(said.contains("[por defecto: 1]"), "{said}");
    let (_, said) = help(&["play", "-h"], "pt_PT.UTF-8");
    assert!(
        said.contains("Utilização: zweibrett play [OPÇÕES]"),
        "{said}"
    );
    let (_, said) = help(&["play", "-h"], "en_GB.UTF-8");
    assert!(said.contains("Usage: zweibrett play [OPTIONS]"), "{said}");
    assert!(said.contains("Which voice speaks"), "{said}");
}
