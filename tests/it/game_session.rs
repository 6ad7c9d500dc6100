//! One game session across runs: a journal records what each move was read
//! as, so that a voice pack edited afterwards either rebuilds the same game
//! or is reported with the journal's line, never a different game; and
//! `play` and `resume` read one configuration the same way.

use crate::common;

use std::path::{Path, PathBuf};

fn home(name: &str) -> PathBuf {
    common::plain::data_dir("session", name)
}

/// The program in plain mode, its data in `home/data` and its
/// configuration in `home/config`.
fn zweibrett(home: &Path) -> assert_cmd::Command {
    let mut cmd = common::quiet_zweibrett(home);
    cmd.arg("--plain");
    cmd
}

/// The journal plain mode names when a game starts.
fn journal_of(stdout: &str) -> PathBuf {
    let line = stdout.lines().find_map(|l| l.strip_prefix("journal: "));
    PathBuf::from(line.unwrap())
}

/// The English pack as the user's own pack `mine`, its ranks 3 and 4 named
/// `three` and `four`, with `edit` applied.
fn user_pack(data: &Path, three: &str, four: &str, edit: impl Fn(String) -> String) {
    let dir = data.join("data").join("zweibrett").join("voices");
    std::fs::create_dir_all(&dir).unwrap();
    let shipped = include_str!("../../voices/en.toml")
        .replace("id = \"en\"", "id = \"mine\"")
        .replacen("3 = \"three\"", &format!("3 = \"{three}\""), 1)
        .replacen("4 = \"four\"", &format!("4 = \"{four}\""), 1)
        .replace(
            "ranks.3 = [\"three\", \"tree\"]",
            &format!("ranks.3 = [\"{three}\"]"),
        )
        .replace(
            "ranks.4 = [\"four\", \"for\"]",
            &format!("ranks.4 = [\"{four}\"]"),
        );
    std::fs::write(dir.join("mine.toml"), edit(shipped)).unwrap();
}

/// Plays 1. e4 c5 2. Nf3 in the pack's words; the journal's path.
fn journalled(data: &Path) -> PathBuf {
    user_pack(data, "zork", "blip", |text| text);
    let out = zweibrett(data)
        .args([
            "play",
            "--voice",
            "mine",
            "--repetition",
            "off",
            "--press",
            "auto",
        ])
        .write_stdin("Eva blip\nCesar five\nKnight Felix zork\nquit\n")
        .assert()
        .success();
    let stdout = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(stdout.contains("announced: 2. Nf3"), "{stdout}");
    let path = journal_of(&stdout);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains(r#""cmd":{"move":"Eva blip"},"uci":"e2e4""#),
        "{text}"
    );
    path
}

/// The journal's line that records `text`, counting from 1.
fn line_of(journal: &str, text: &str) -> usize {
    let cmd = format!("{{\"move\":\"{text}\"}}");
    journal.lines().position(|l| l.contains(&cmd)).unwrap() + 1
}

fn resume(data: &Path, path: &Path) -> (bool, String, String) {
    let out = zweibrett(data)
        .arg("resume")
        .arg(path)
        .write_stdin("quit\n")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn an_edited_voice_pack_rebuilds_the_same_game_or_names_the_line() {
    let d = home("pack");
    let path = journalled(&d);
    let untouched = std::fs::read_to_string(&path).unwrap();

    // A change that reads every recorded text as before: the same game.
    user_pack(&d, "zork", "blip", |text| {
        text.replace("Appendix D, English words", "Mine")
    });
    let (ok, stdout, stderr) = resume(&d, &path);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("resumed: 3 half-moves: e4 c5 Nf3"),
        "{stdout}"
    );
    std::fs::write(&path, &untouched).unwrap();

    // The ranks' words swapped: "Eva blip" would now be e3. Refused with the
    // journal's line, and the journal left as it was.
    user_pack(&d, "blip", "zork", |text| text);
    let (ok, stdout, stderr) = resume(&d, &path);
    assert!(!ok, "{stdout}");
    assert!(!stdout.contains("resumed:"), "{stdout}");
    let line = line_of(&untouched, "Eva blip");
    assert!(stderr.contains(&format!("line {line}:")), "{stderr}");
    assert!(
        stderr.contains("\"Eva blip\" was read as e2e4 and now reads as e2e3"),
        "{stderr}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), untouched);

    // "zork" is no word any more: the third move no longer reads.
    user_pack(&d, "quux", "blip", |text| text);
    let (ok, _, stderr) = resume(&d, &path);
    assert!(!ok);
    let line = line_of(&untouched, "Knight Felix zork");
    assert!(stderr.contains(&format!("line {line}:")), "{stderr}");
    assert!(stderr.contains("now reads as no move"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&path).unwrap(), untouched);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_journal_of_text_only_still_resumes() {
    let d = home("old");
    let path = journalled(&d);
    // The first journals recorded the text alone.
    let text = std::fs::read_to_string(&path).unwrap();
    let old: String = text
        .replace("{\"journal\":2,", "{\"journal\":1,")
        .lines()
        .map(|l| match l.find(",\"uci\":") {
            Some(i) => format!("{}}}\n", &l[..i]),
            None => format!("{l}\n"),
        })
        .collect();
    assert!(!old.contains("uci"), "{old}");
    std::fs::write(&path, old).unwrap();
    let (ok, stdout, stderr) = resume(&d, &path);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("resumed: 3 half-moves: e4 c5 Nf3"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn play_and_resume_refuse_the_same_bad_configuration_alike() {
    let d = home("config");
    let path = journalled(&d);
    let config = d.join("config").join("zweibrett");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(config.join("config.toml"), "[clock]\ntime = \"forever\"\n").unwrap();
    let refused = |args: &[&Path]| {
        let out = zweibrett(&d)
            .args(args)
            .write_stdin("quit\n")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        String::from_utf8(out.stderr).unwrap()
    };
    let play = refused(&[Path::new("play")]);
    let resume = refused(&[Path::new("resume"), &path]);
    assert!(play.contains("[clock] time"), "{play}");
    assert_eq!(play, resume);
    let _ = std::fs::remove_dir_all(&d);
}
