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
    let (code, out, _) = run(&home, &["config", "path"], None);
    assert_eq!(code, Some(0));
    assert!(
        out.contains("config/zweibrett/config.toml (the per-user file; not there"),
        "{out}"
    );
    user_file(&home, "voice = \"en\"\n");
    let (_, out, _) = run(&home, &["config", "path"], None);
    assert!(out.contains("(the per-user file; there)"), "{out}");
    let other = home.join("other.toml");
    let (_, out, _) = run(&home, &["config", "path"], Some(&other));
    assert!(
        out.contains("other.toml (named by ZWEIBRETT_CONFIG; not there)"),
        "{out}"
    );
    let (_, out, _) = run(
        &home,
        &["--config", "/nowhere/mine.toml", "config", "path"],
        Some(&other),
    );
    assert_eq!(
        out.trim(),
        "/nowhere/mine.toml (named with --config; not there)"
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
    assert!(out.starts_with("voice = \"es\"\n"), "{out}");
    assert!(
        out.contains("time = \"blitz\"") && out.contains("[speech]"),
        "{out}"
    );
    let mine_name = mine.to_str().unwrap();
    let (code, out, _) = run(&home, &["--config", mine_name, "config", "check"], None);
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
