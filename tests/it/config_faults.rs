//! A configuration file with a misspelt section or key, a value of the
//! wrong kind or a number out of range is refused before any game starts,
//! naming the file, the line and the key, and no journal is left behind.

use crate::common;

use std::path::PathBuf;

fn home(name: &str) -> PathBuf {
    common::empty_home(&format!("config-faults-{name}"))
}

/// What `zweibrett --plain play` says on stderr with `text` as the user's
/// configuration, and its exit status.
fn refused(name: &str, text: &str) -> (String, Option<i32>) {
    let d = home(name);
    let dir = d.join("config").join("zweibrett");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("config.toml"), text).unwrap();
    let out = common::quiet_zweibrett(&d)
        .args(["--plain", "play"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let games = d.join("data").join("zweibrett").join("games");
    let journals = std::fs::read_dir(&games).map_or(0, |d| d.count());
    assert_eq!(journals, 0, "a refused start left a journal: {stderr}");
    let _ = std::fs::remove_dir_all(&d);
    (stderr, out.status.code())
}

#[test]
fn each_kind_of_fault_is_named_with_file_line_and_key() {
    let cases = [
        (
            "section",
            "voice = \"en\"\n[speach]\nrate = 10\n",
            "config.toml, line 2: unknown section [speach] (did you mean `speech`?)",
        ),
        (
            "key",
            "[speech]\nrate = 10\nvoise = \"en\"\n",
            "config.toml, line 3: unknown key `voise` in [speech] (did you mean `voice`?); known: backend,",
        ),
        (
            "type",
            "[speech]\nrate = \"x\"\n",
            "config.toml, line 2: [speech] rate: needs a whole number, not the text \"x\"",
        ),
        (
            "syntax",
            "[speech\nrate = 3\n",
            "config.toml: line 1, column 8: unclosed table",
        ),
        (
            "pack",
            "# mine\nvoice = \"klingon\"\n",
            "config.toml, line 2: voice = \"klingon\": no voice pack named \"klingon\"",
        ),
        (
            "range",
            "[speech]\n\nrate = 1000\n",
            "config.toml, line 3: [speech] rate = 1000 is out of range; it may be from -100 to 100",
        ),
        (
            "volume",
            "[speech]\nvolume = 400\n",
            "config.toml, line 2: [speech] volume = 400 is out of range; it may be from 0 to 100",
        ),
        (
            "time",
            "[clock]\ntime = \"0+0\"\n",
            "config.toml, line 2: [clock] time: time control \"0+0\": period 1: no time at all",
        ),
    ];
    for (name, text, expected) in cases {
        let (stderr, code) = refused(name, text);
        assert_eq!(code, Some(1), "{name}: {stderr}");
        assert!(stderr.contains(expected), "{name}: {stderr}");
        // Said as a screen reader reads it: one line, no drawing of the
        // line with a caret, no Rust type, no flag nobody gave.
        assert_eq!(stderr.lines().count(), 1, "{name}: {stderr}");
        for drawn in ["|", "^", "i32", "--voice"] {
            assert!(!stderr.contains(drawn), "{name}: {stderr}");
        }
    }
}

/// `config check` finds every name the file gives that a game would fail
/// on later: a voice pack, a theme, the pieces; each named with its line.
#[test]
fn config_check_finds_the_pack_and_the_theme_a_game_would_fail_on() {
    let cases = [
        (
            "voice = \"klingon\"\n",
            "line 1: voice = \"klingon\": no voice pack named",
        ),
        (
            "[ui]\ntheme = \"nosuch\"\n",
            "line 2: [ui] theme = \"nosuch\": no theme called",
        ),
        (
            "[ui]\npieces = \"big\"\n",
            "line 2: [ui] pieces = \"big\": it can be figurines",
        ),
    ];
    for (text, expected) in cases {
        let d = home("check");
        let dir = d.join("config").join("zweibrett");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("config.toml"), text).unwrap();
        let out = common::quiet_zweibrett(&d)
            .args(["config", "check"])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{text}: {stderr}");
        assert!(stderr.contains(expected), "{text}: {stderr}");
        let _ = std::fs::remove_dir_all(&d);
    }
}

/// A voice pack, a configuration or a theme that is a pipe nobody writes
/// to is refused at once, never waited on; one that is not text is named.
#[test]
fn a_pipe_or_a_binary_in_place_of_a_file_is_refused_at_once() {
    let d = home("fifo");
    let pack = d.join("pipe.toml");
    let made = std::process::Command::new("mkfifo")
        .arg(&pack)
        .status()
        .unwrap();
    assert!(made.success());
    let started = std::time::Instant::now();
    let out = common::quiet_zweibrett(&d)
        .args(["say", "--voice"])
        .arg(&pack)
        .arg("e2e4")
        .timeout(std::time::Duration::from_secs(10))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("pipe.toml: cannot read the voice pack: not a plain file"),
        "{stderr}"
    );
    assert!(started.elapsed() < std::time::Duration::from_secs(5));
    let config = d.join("config").join("zweibrett");
    std::fs::create_dir_all(&config).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(config.join("config.toml"))
        .status()
        .unwrap();
    assert!(made.success());
    let out = common::quiet_zweibrett(&d)
        .args(["--plain", "play"])
        .write_stdin("quit\n")
        .timeout(std::time::Duration::from_secs(10))
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("not a plain file"), "{stderr}");
    std::fs::remove_file(config.join("config.toml")).unwrap();
    std::fs::write(config.join("config.toml"), b"voice = \"\xff\xfe\"\n").unwrap();
    let out = common::quiet_zweibrett(&d)
        .args(["--plain", "play"])
        .write_stdin("quit\n")
        .output()
        .unwrap();
    let (stderr, code) = (String::from_utf8_lossy(&out.stderr), out.status.code());
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("not UTF-8 text"), "{stderr}");
}

/// In line mode too a theme that does not exist, or a name that is a path
/// out of the themes folder, is refused with exit status 2.
#[test]
fn a_theme_that_cannot_be_used_is_said_in_line_mode_too() {
    let d = home("theme");
    for name in ["nope", "../../etc/passwd"] {
        let out = common::quiet_zweibrett(&d)
            .args(["--plain", "--theme", name, "play"])
            .write_stdin("quit\n")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains(&format!("no theme called \"{name}\"")),
            "{stderr}"
        );
    }
}

/// `--theme list` names every theme, the user's own with its file, and
/// says why one of them cannot be used, without starting anything.
#[test]
fn theme_list_names_the_built_in_themes_and_the_users_own() {
    let d = home("theme-list");
    let themes = d.join("config").join("zweibrett").join("themes");
    std::fs::create_dir_all(&themes).unwrap();
    let standard = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config/themes/standard.toml"),
    )
    .unwrap()
    .lines()
    .map(|line| {
        if line.starts_with("description = ") {
            "description = \"mine: my own squares\""
        } else {
            line
        }
    })
    .collect::<Vec<_>>()
    .join("\n");
    std::fs::write(themes.join("mine.toml"), standard).unwrap();
    std::fs::write(themes.join("broken.toml"), "[colors\n").unwrap();
    for args in [
        &["--theme", "list", "play"][..],
        &["analyse", "--theme", "list", "x.pgn"],
    ] {
        let out = common::quiet_zweibrett(&d).args(args).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}");
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 5, "{args:?}: {stdout}");
        assert!(lines[0].starts_with("standard: "), "{stdout}");
        assert!(
            lines.iter().any(|l| l.starts_with("high-contrast: ")),
            "{stdout}"
        );
        assert!(lines.iter().any(|l| l.starts_with("large: ")), "{stdout}");
        assert!(
            lines[3].starts_with("broken (")
                && lines[3].contains("cannot be used")
                && lines[3].contains("line 1, column 8: "),
            "{stdout}"
        );
        assert!(
            lines[4].starts_with("mine (") && lines[4].ends_with("): my own squares"),
            "{stdout}"
        );
    }
}
