//! The configuration a user can find and check: `zweibrett config
//! path|show|check`, `--config FILE` and `ZWEIBRETT_CONFIG`, and every
//! subcommand reading the same configuration and naming a misspelt key.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

fn home(name: &str) -> PathBuf {
    let home = common::empty_home(&format!("config-cli-{name}"));
    let _ = std::fs::remove_dir_all(home.join("config"));
    home
}

fn run(home: &Path, args: &[&str], environment: Option<&Path>) -> (Option<i32>, String, String) {
    let mut command = common::quiet_zweibrett(home);
    if let Some(file) = environment {
        command.env("ZWEIBRETT_CONFIG", file);
    } else {
        command.env_remove("ZWEIBRETT_CONFIG");
    }
    let Output {
        status,
        stdout,
        stderr,
    } = command.args(args).output().unwrap();
    (
        status.code(),
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

fn user_file(home: &Path, text: &str) -> PathBuf {
    let dir = home.join("config/zweibrett");
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("config.toml");
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn config_path_names_the_file_and_why_it_is_the_one() {
    let home = home("path");
    let (code, out, _) = run(&home, &["--voice", "en", "config", "path"], None);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("config/zweibrett/config.toml (the per-user file; not there"),
        "{out}"
    );
    // In the configured pack's words, where nothing is chosen.
    let (_, out, _) = run(&home, &["config", "path"], None);
    assert!(
        out.contains("(die Datei des Benutzers; nicht vorhanden"),
        "{out}"
    );
    user_file(&home, "voice = \"en\"\n");
    let (_, out, _) = run(&home, &["config", "path"], None);
    assert!(out.contains("(the per-user file; there)"), "{out}");
    let other = home.join("other.toml");
    let (_, out, _) = run(&home, &["--voice", "en", "config", "path"], Some(&other));
    assert!(
        out.contains("other.toml (named by ZWEIBRETT_CONFIG; not there)"),
        "{out}"
    );
    let (_, out, _) = run(
        &home,
        &[
            "--voice",
            "es",
            "--config",
            "/nowhere/mine.toml",
            "config",
            "path",
        ],
        Some(&other),
    );
    assert_eq!(
        out.trim(),
        "/nowhere/mine.toml (indicado con --config; no existe)"
    );
}

#[test]
fn every_subcommand_reads_the_configured_voice_and_refuses_a_misspelt_key() {
    let home = home("voice");
    let (_, out, _) = run(&home, &["say", "e4"], None);
    assert_eq!(out.trim(), "Eva vier");
    user_file(&home, "voice = \"en\"\n");
    let (_, out, _) = run(&home, &["say", "e4"], None);
    assert_eq!(out.trim(), "Eva four");
    // The command line still wins.
    let (_, out, _) = run(&home, &["say", "--voice", "fide", "e4"], None);
    assert_eq!(out.trim(), "Eva vier");
    let file = user_file(&home, "voice = \"en\"\n[speech]\nrat = 3\n");
    for args in [
        &["say", "e4"][..],
        &["parse", "Eva four"],
        &["score", "/nowhere.pgn"],
        &["config", "check"],
    ] {
        let (code, _, err) = run(&home, args, None);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(
            err.contains(&format!("{}, line 3: unknown key `rat`", file.display()))
                && err.contains("did you mean `rate`?"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_named_file_must_be_there_and_is_shown_merged() {
    let home = home("named");
    let mine = home.join("mine.toml");
    std::fs::write(&mine, "voice = \"es\"\n[clock]\ntime = \"blitz\"\n").unwrap();
    let (code, out, _) = run(&home, &["config", "show"], Some(&mine));
    assert_eq!(code, Some(0));
    // In the file's pack; its values marked as the file's.
    assert!(
        out.starts_with("# la configuración en uso; ")
            && out.contains("\nvoice = \"es\"  # del archivo\n"),
        "{out}"
    );
    assert!(
        out.contains("time = \"blitz\"  # del archivo\n") && out.contains("[speech]"),
        "{out}"
    );
    assert!(
        out.contains("\nrate = 0\n"),
        "a shipped value unmarked: {out}"
    );
    let mine_name = mine.to_str().unwrap();
    let (code, out, _) = run(
        &home,
        &["--voice", "en", "--config", mine_name, "config", "check"],
        None,
    );
    assert_eq!(code, Some(0));
    assert_eq!(
        out.trim(),
        format!("{mine_name}: the configuration can be used")
    );
    let missing = home.join("missing.toml");
    let (code, _, err) = run(&home, &["say", "e4"], Some(&missing));
    assert_eq!(code, Some(1));
    assert!(
        err.contains("missing.toml: cannot read the configuration: No such file"),
        "{err}"
    );
}

#[test]
fn the_shipped_configuration_points_to_a_command_that_exists() {
    let shipped = zweibrett_core::config::DEFAULT_TOML;
    assert!(shipped.contains("`zweibrett config path`"));
    let home = home("shipped");
    let (code, _, err) = run(&home, &["config", "path"], None);
    assert_eq!(code, Some(0), "{err}");
}

/// Where nothing names a pack, the locale picks the one of its language
/// (`LC_ALL` over `LC_MESSAGES` over `LANG`); a configured pack and the
/// command line win over it, and a language no pack speaks keeps the
/// default.
#[test]
fn the_locale_picks_the_pack_unless_one_is_named() {
    let home = home("locale");
    let said = |env: &[(&str, &str)], args: &[&str]| {
        let mut command = common::quiet_zweibrett(&home);
        command.env_remove("ZWEIBRETT_CONFIG");
        for (name, value) in env {
            command.env(name, value);
        }
        let out = command.args(args).output().unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
    };
    // A knight that cannot reach f3 is refused in the pack's language.
    let refused = |env: &[(&str, &str)]| said(env, &["say", "e4", "Nf3"]);
    assert!(refused(&[("LANG", "pt_PT.UTF-8")]).contains("não pode alcançar"));
    assert!(refused(&[("LANG", "es_ES.UTF-8")]).contains("no puede llegar"));
    assert!(refused(&[("LANG", "de_DE.UTF-8")]).contains("kann Felix drei nicht erreichen"));
    assert!(refused(&[("LANG", "en_GB.UTF-8")]).contains("cannot reach"));
    let german = refused(&[("LANG", "C.UTF-8")]);
    assert!(german.contains("nicht erreichen"), "{german}");
    let french = refused(&[("LANG", "fr_FR.UTF-8")]);
    assert!(french.contains("nicht erreichen"), "the default: {french}");
    let over = refused(&[("LANG", "de_DE.UTF-8"), ("LC_ALL", "es_ES.UTF-8")]);
    assert!(over.contains("no puede llegar"), "LC_ALL first: {over}");
    // `config show` says the pack in use.
    let shown = said(&[("LANG", "pt_PT.UTF-8")], &["config", "show"]);
    assert!(shown.contains("voice = \"pt\""), "{shown}");
    // Named, the pack is the one used.
    let named = said(
        &[("LANG", "pt_PT.UTF-8")],
        &["--voice", "en", "say", "e4", "Nf3"],
    );
    assert!(named.contains("cannot reach"), "{named}");
    user_file(&home, "voice = \"en\"\n");
    let configured = refused(&[("LANG", "pt_PT.UTF-8")]);
    assert!(configured.contains("cannot reach"), "{configured}");
}

/// `config init` starts a file where the configuration is read: every
/// setting commented out, so that nothing changes until one is taken in;
/// a file already there is never written over.
#[test]
fn config_init_writes_a_starter_that_changes_nothing_and_never_overwrites() {
    let home = home("init");
    let file = home.join("config/zweibrett/config.toml");
    let (code, out, err) = run(&home, &["--voice", "en", "config", "init"], None);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(
        out.trim(),
        format!(
            "{} written: every setting in it is commented out; remove the # before one to change it",
            file.display()
        )
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with("# zweibrett's configuration, made by zweibrett config init."));
    assert!(
        written.contains("\n# voice = \"en\"\n"),
        "the pack in use: {written}"
    );
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "the user's alone");
    }
    // It is read, and changes nothing: the shown configuration has no
    // value marked as the file's.
    let (code, out, _) = run(&home, &["--voice", "en", "config", "check"], None);
    assert_eq!(code, Some(0), "{out}");
    let (_, shown, _) = run(&home, &["--voice", "en", "config", "show"], None);
    assert!(!shown.contains("# from the file"), "{shown}");
    // Taken in, a setting is the file's.
    std::fs::write(&file, written.replace("# voice = \"en\"", "voice = \"pt\"")).unwrap();
    let (_, shown, _) = run(&home, &["config", "show"], None);
    assert!(shown.contains("voice = \"pt\"  # do ficheiro"), "{shown}");
    // Never over a file that is there.
    let before = std::fs::read_to_string(&file).unwrap();
    let (code, _, err) = run(&home, &["--voice", "en", "config", "init"], None);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("is there already and was left as it is"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // Where it cannot be written, the reason is said.
    let blocked = home.join("blocked");
    std::fs::write(&blocked, "").unwrap();
    let named = blocked.join("config.toml");
    let (code, _, err) = run(&home, &["--voice", "en", "config", "init"], Some(&named));
    assert_eq!(code, Some(1));
    assert!(err.contains("config.toml cannot be written: "), "{err}");
}

/// `config show` refuses what `config check` refuses: a misspelt key or a
/// pack that is not there is never shown as a configuration in use.
#[test]
fn config_show_refuses_what_check_refuses() {
    let home = home("show-refuses");
    for text in ["voice = \"klingon\"\n", "[speech]\nrat = 3\n"] {
        user_file(&home, text);
        let (check, _, refused) = run(&home, &["--voice", "en", "config", "check"], None);
        let (show, out, err) = run(&home, &["--voice", "en", "config", "show"], None);
        assert_eq!((check, show), (Some(1), Some(1)), "{text}: {out}");
        assert!(out.is_empty(), "{out}");
        assert_eq!(err, refused, "the same message");
    }
}
