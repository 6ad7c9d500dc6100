//! The game's files kept safe: one process plays a game at a time, `save`
//! never destroys the PGN it replaces, `resume` without a file finds the
//! newest unfinished game or says why it cannot, a refused start leaves
//! no journal, and a journal's voice names a pack, never a file.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use common::plain::{Running, data_dir, fed, journal_of, zweibrett};
use common::tmux::Tmux;

const LIMIT: Duration = Duration::from_secs(30);

impl Running {
    /// The first line from now on that starts with `prefix`.
    fn wait_for(&self, prefix: &str) -> String {
        let mut seen = Vec::new();
        loop {
            match self.lines.recv_timeout(LIMIT) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(line) => seen.push(line),
                Err(e) => panic!("no line starting {prefix:?} ({e}); seen: {seen:#?}"),
            }
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    fn quit(mut self) {
        let _ = writeln!(self.stdin, "quit");
        drop(self.stdin);
        let _ = self.child.wait();
    }
}

/// A game played to `e4 e5` and left unfinished; its journal.
fn unfinished_game(data: &Path, voice: &str) -> PathBuf {
    journal_of(&fed(data, &["play", "--voice", voice], "e4\ne5\nquit\n"))
}

/// `resume`, of `journal` when given, fed `input`, however it ends:
/// whether it ended well, what it printed, and what it said on standard
/// error.
fn resume(data: &Path, journal: Option<&Path>, input: &str) -> (bool, String, String) {
    let out = zweibrett(data)
        .arg("resume")
        .args(journal)
        .write_stdin(input)
        .timeout(LIMIT)
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `resume` refused: fails unless it ends in failure, says `why` and
/// resumes nothing. What it said on standard error.
fn resume_refused(data: &Path, journal: Option<&Path>, input: &str, why: &str) -> String {
    let (ok, stdout, stderr) = resume(data, journal, input);
    assert!(!ok, "{stdout}{stderr}");
    assert!(stderr.contains(why), "{stderr}");
    assert!(!stdout.contains("resumed:"), "{stdout}");
    stderr
}

fn games_dir(data: &Path) -> PathBuf {
    data.join("zweibrett/games")
}

fn files_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[test]
fn a_second_process_resuming_the_same_journal_is_refused_and_told_who_plays_it() {
    let d = data_dir("files", "one-writer");
    let journal = unfinished_game(&d, "fide");
    let first = Running::start(&d, &["resume"]);
    first.wait_for("clocks:");
    let before = std::fs::read(&journal).unwrap();
    let pid = first.child.id();
    let who = format!(
        "{}: Diese Partie wird schon von Prozess {pid} gespielt.",
        journal.display()
    );
    resume_refused(&d, Some(&journal), "d4\nd5\nquit\n", &who);
    assert_eq!(std::fs::read(&journal).unwrap(), before);
    first.quit();
    // Once the first has left, the game can be resumed again.
    let out = fed(&d, &["resume"], "quit\n");
    assert!(out.contains("resumed: 2 Halbzüge: e4 e5"), "{out}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_lock_of_a_killed_game_is_taken_over_without_a_word() {
    let d = data_dir("files", "killed-holder");
    let journal = unfinished_game(&d, "en");
    let mut first = Running::start(&d, &["resume"]);
    first.wait_for("clocks:");
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    assert!(journal.with_extension("lock").exists());
    let (ok, stdout, stderr) = resume(&d, None, "quit\n");
    assert!(ok, "{stdout}{stderr}");
    assert!(stdout.contains("resumed: 2 half-moves: e4 e5"), "{stdout}");
    assert!(!stderr.contains("process"), "{stderr}");
    assert!(!journal.with_extension("lock").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_journal_copied_in_and_resumed_by_name_is_found_without_it_afterwards() {
    let d = data_dir("files", "copied-in");
    let elsewhere = data_dir("files", "copied-from");
    let journal = unfinished_game(&elsewhere, "en");
    // The index exists already: a finished game made it.
    fed(&d, &["play", "--voice", "en"], "resign white\ny\n");
    let copied = games_dir(&d).join(journal.file_name().unwrap());
    std::fs::copy(&journal, &copied).unwrap();
    for args in [vec!["resume", copied.to_str().unwrap()], vec!["resume"]] {
        let out = fed(&d, &args, "quit\n");
        assert!(
            out.contains(&format!("journal: {}", copied.display())),
            "{out}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

#[test]
fn a_damaged_newest_journal_is_named_and_no_older_game_is_resumed() {
    let d = data_dir("files", "damaged");
    let _older = unfinished_game(&d, "en");
    std::thread::sleep(Duration::from_millis(50));
    let newer = unfinished_game(&d, "en");
    let text = std::fs::read_to_string(&newer).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 3, "{text}");
    lines[1] = "{\"t_ms\":";
    std::fs::write(&newer, lines.join("\n") + "\n").unwrap();
    // The journal cannot name its pack: said in the configured one's.
    let where_ = format!(
        "{}, Zeile 2: keine Zeile eines Partieprotokolls",
        newer.display()
    );
    let stderr = resume_refused(&d, None, "quit\n", &where_);
    assert!(stderr.contains("kann nicht fortgesetzt werden"), "{stderr}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_start_refused_by_the_configuration_leaves_no_journal_for_resume() {
    let home = common::empty_home("files-refused-start");
    let tmux = Tmux::zweibrett(
        "files-refused",
        &home,
        "--speech none --theme no-such-theme play",
    );
    tmux.wait_for("no-such-theme", LIMIT);
    let data = home.join(".local/share");
    assert_eq!(files_in(&games_dir(&data)), Vec::<String>::new());
    let (ok, _, stderr) = resume(&data, None, "quit\n");
    assert!(!ok, "{stderr}");
    // In the configured pack's words, with the next step.
    assert!(
        stderr.contains("keine unbeendete Partie") && stderr.contains("zweibrett play"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_journal_whose_voice_is_a_path_is_refused_and_the_file_is_not_read() {
    let d = data_dir("files", "voice-path");
    let journal = unfinished_game(&d, "en");
    // A pack that would load, where each path would lead.
    let pack = std::fs::read_to_string("voices/en.toml").unwrap();
    std::fs::write(d.join("x.toml"), &pack).unwrap();
    std::fs::create_dir_all(d.join("zweibrett/voices")).unwrap();
    let absolute = d.join("x.toml").display().to_string();
    let text = std::fs::read_to_string(&journal).unwrap();
    for voice in ["../../x", absolute.as_str()] {
        let (header, rest) = text.split_once('\n').unwrap();
        let mut header: serde_json::Value = serde_json::from_str(header).unwrap();
        header["setup"]["voice"] = voice.into();
        std::fs::write(&journal, format!("{header}\n{rest}")).unwrap();
        let why = format!(
            "{}: die Stimme \"{voice}\" ist nicht der Name eines Sprachpakets",
            journal.display()
        );
        resume_refused(&d, Some(&journal), "quit\n", &why);
        // And the file the voice names is never opened.
        let trace = d.join("opened.trace");
        let traced = Command::new("strace")
            .args(["-f", "-e", "trace=open,openat", "-o"])
            .arg(&trace)
            .arg(env!("CARGO_BIN_EXE_zweibrett"))
            .env("ZWEIBRETT_LABELS", "english")
            .env("ZWEIBRETT_SCREEN_READER", "none")
            .env("XDG_DATA_HOME", &d)
            .env("XDG_CONFIG_HOME", d.join("config"))
            .args(["--plain", "--speech", "none", "resume"])
            .arg(&journal)
            .stdin(Stdio::null())
            .output();
        match traced {
            Ok(out) if !out.status.success() && trace.exists() => {
                let opened = std::fs::read_to_string(&trace).unwrap();
                assert!(opened.contains(".jsonl"), "{opened}");
                assert!(!opened.contains("x.toml"), "{opened}");
            }
            _ => common::cannot_run("the trace of opened files needs strace"),
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// Fills the file system holding `dir` to the last byte.
fn fill(dir: &Path) {
    let mut file = std::fs::File::create(dir.join("filler")).unwrap();
    let block = vec![0u8; 4096];
    while file.write_all(&block).is_ok() {}
    while file.write_all(&[0]).is_ok() {}
}

#[test]
fn save_on_a_full_disk_fails_by_name_and_keeps_the_earlier_pgn() {
    let d = data_dir("files", "full-disk");
    let Some(_disk) = common::Tmpfs::mount(&d, "256k") else {
        return;
    };
    let mut game = Running::start(&d, &["play", "--voice", "en", "--transcript", "/dev/null"]);
    let journal = PathBuf::from(game.wait_for("journal: ").trim_start_matches("journal: "));
    game.send("e4");
    game.send("save");
    let saved = game.wait_for("saved: ");
    let pgn = journal.with_extension("pgn");
    assert_eq!(saved, format!("saved: {}", pgn.display()));
    assert!(!std::fs::read(&pgn).unwrap().is_empty());
    // A long note on the next move makes the next PGN larger than the
    // page the old one frees when it is cut to nothing.
    let note = "the pawn was lifted out of its hole and put back ".repeat(120);
    game.send(&format!("touched {note} e7"));
    game.send("e5");
    game.wait_for("announced: 1... e5");
    // The live PGN beside the journal follows every move: the earlier
    // PGN is the one with the note and e5.
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let good = loop {
        let now = std::fs::read_to_string(&pgn).unwrap_or_default();
        if now.contains("e5") {
            break now.into_bytes();
        }
        assert!(
            std::time::Instant::now() < until,
            "the live PGN has no e5: {now}"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    fill(&d);
    game.send("save");
    let failed = game.wait_for("error: ");
    assert!(failed.contains(&pgn.display().to_string()), "{failed}");
    assert!(failed.contains("the disk is full"), "{failed}");
    game.quit();
    let now = std::fs::read(&pgn).unwrap();
    assert!(
        now == good,
        "the PGN changed: {} bytes, was {}",
        now.len(),
        good.len()
    );
    let left: Vec<String> = files_in(journal.parent().unwrap())
        .into_iter()
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}
