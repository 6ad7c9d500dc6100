//! The journal on a slow, failing or full disk, in plain mode: a command
//! is charged at the instant it was typed however long the disk takes, a
//! write that takes long is said, and a command the disk refuses is
//! neither announced nor resumed, and ends the program with a non-zero
//! status. The disk is slowed and failed with strace's fault injection,
//! and filled on a small tmpfs; each test is skipped, with a note, where
//! it cannot be set up.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use crate::common;

use common::plain::{Running, has_strace};

use zweibrett_core::game::Command;
use zweibrett_core::record::journal::{Entry, read};

/// A fresh data directory for the test `name`.
fn data_dir(name: &str) -> PathBuf {
    common::plain::data_dir("journal-faults", name)
}

/// The program in plain mode, under strace injecting `inject` when given.
struct Run {
    running: Running,
    /// Everything printed so far.
    seen: Vec<String>,
}

const GAME: [&str; 10] = [
    "play",
    "--role",
    "arbiter",
    "--time",
    "600",
    "--press",
    "separate",
    "--repetition",
    "quick",
    "--voice",
];

fn spawn(data: &Path, inject: Option<&str>, args: &[&str]) -> Run {
    let strace = inject.map(|inject| {
        let mut c = Process::new("strace");
        c.args(["-f", "-o", "/dev/null", "-e", "trace=fdatasync", "-e"])
            .arg(inject);
        c
    });
    Run {
        running: Running::start_under(strace, data, args),
        seen: Vec::new(),
    }
}

impl Run {
    /// Reads up to the next prompt; `None` when the program has ended.
    fn prompt(&mut self) -> Option<String> {
        loop {
            match self.running.lines.recv_timeout(Duration::from_secs(20)) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.starts_with("> ") {
                        return Some(line);
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no prompt in 20 s: {:?}", self.seen),
                Err(RecvTimeoutError::Disconnected) => return None,
            }
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.running.stdin, "{line}").unwrap();
    }

    /// Closes the input and waits for the program to end: its status, and
    /// everything it printed.
    fn end(mut self) -> (Option<i32>, Vec<String>) {
        let Running {
            mut child,
            stdin,
            lines,
        } = self.running;
        drop(stdin);
        while let Ok(line) = lines.recv_timeout(Duration::from_secs(30)) {
            self.seen.push(line);
        }
        let status = child.wait().unwrap();
        (status.code(), self.seen)
    }
}

/// The one journal in `data`.
fn journal_in(data: &Path) -> PathBuf {
    let games = data.join("zweibrett").join("games");
    std::fs::read_dir(&games)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .expect("a journal")
}

fn entries(journal: &Path) -> Vec<Entry> {
    let bytes = std::fs::read(journal).unwrap();
    let loaded = read(&bytes, journal).unwrap();
    assert!(!loaded.torn, "a whole last line");
    loaded.entries
}

fn t_ms(entries: &[Entry], command: &Command, nth: usize) -> u64 {
    entries
        .iter()
        .filter(|e| e.cmd == *command)
        .nth(nth)
        .unwrap_or_else(|| panic!("no {command:?} number {nth}"))
        .t_ms
}

#[test]
fn on_a_slow_disk_a_command_is_charged_when_typed_and_the_wait_is_said() {
    if !has_strace() {
        return;
    }
    let data = data_dir("slow");
    // Every sync of the journal's writer after its first (the press that
    // starts the clock) takes 1.5 s; strace counts each thread's calls.
    let inject = "inject=fdatasync:delay_exit=1500000:when=2+";
    let mut run = spawn(&data, Some(inject), &[&GAME[..], &["en"]].concat());
    run.prompt().expect("the first prompt");
    run.send("press");
    run.prompt().expect("the clock runs");
    let started = Instant::now();
    std::thread::sleep(Duration::from_millis(700));
    let e4_typed = started.elapsed();
    run.send("e4");
    // The press comes 0.2 s after the move, while the move's line is
    // still on its way to the disk.
    std::thread::sleep(Duration::from_millis(200));
    run.send("press");
    run.prompt().expect("e4 announced");
    let announced = started.elapsed();
    run.prompt().expect("the press");
    let (status, seen) = run.end();
    assert_eq!(status, Some(0), "{seen:?}");
    let slow = "note: The game is still being saved …";
    assert!(seen.iter().any(|l| l == slow), "{seen:?}");
    assert!(
        seen.iter().any(|l| l.starts_with("announced: 1. e4")),
        "{seen:?}"
    );
    assert!(
        announced >= e4_typed + Duration::from_millis(1400),
        "announced after the sync: {announced:?}"
    );
    let journal = entries(&journal_in(&data));
    let start = t_ms(&journal, &Command::Press, 0);
    let e4 = t_ms(&journal, &Command::Move("e4".into()), 0);
    let press = t_ms(&journal, &Command::Press, 1);
    let charged = press - e4;
    assert!(
        (150..=400).contains(&charged),
        "the press 0.2 s after the move is recorded {charged} ms after it"
    );
    let thought = (e4 - start) as i64 - e4_typed.as_millis() as i64;
    assert!(
        thought.abs() <= 250,
        "the move was typed {e4_typed:?} after the clock started, recorded {} ms after",
        e4 - start
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// Plays the clock's start, e4 and its press and confirmation in `run`.
fn up_to_e4_confirmed(run: &mut Run) {
    run.prompt().expect("the first prompt");
    for line in ["press", "e4", "press", "confirm"] {
        run.send(line);
        run.prompt().expect("a prompt");
    }
}

/// Fails unless a run ended as one whose e5 the disk refused for `why`:
/// a non-zero status, the reason said, the move neither announced nor in
/// `journal`.
fn e5_refused(status: Option<i32>, seen: &[String], journal: &Path, why: &str) {
    assert_ne!(status, Some(0), "{seen:?}");
    let error = seen
        .iter()
        .find(|l| l.starts_with("error: "))
        .expect("an error");
    assert!(
        error.starts_with(&format!("error: cannot record e5: {why}")),
        "{error}"
    );
    assert!(
        !seen.iter().any(|l| l.starts_with("announced: 1... e5")),
        "{seen:?}"
    );
    assert!(
        !entries(journal)
            .iter()
            .any(|e| e.cmd == Command::Move("e5".into())),
        "the refused move is not in the journal"
    );
}

/// Fails unless the game in `data` resumes with e4 alone.
fn resumes_with_e4_alone(data: &Path) {
    let (status, seen) = spawn(data, None, &["resume"]).end();
    assert_eq!(status, Some(0), "{seen:?}");
    assert!(
        seen.iter().any(|l| l == "resumed: 1 half-move: e4"),
        "{seen:?}"
    );
}

#[test]
fn a_command_the_disk_fails_is_said_not_announced_and_not_resumed() {
    if !has_strace() {
        return;
    }
    let data = data_dir("eio");
    // strace counts each thread's calls: the journal's writer syncs the
    // press, e4, the press, the confirmation, then e5.
    let inject = "inject=fdatasync:error=EIO:when=5";
    let mut run = spawn(&data, Some(inject), &[&GAME[..], &["en"]].concat());
    up_to_e4_confirmed(&mut run);
    run.send("e5");
    let (status, seen) = run.end();
    e5_refused(status, &seen, &journal_in(&data), "system error 5");
    resumes_with_e4_alone(&data);
    let _ = std::fs::remove_dir_all(&data);
}

/// Fills the disk holding `dir` with a file of its own: its path.
fn fill(dir: &Path) -> PathBuf {
    let path = dir.join("filler");
    let mut file = std::fs::File::create(&path).unwrap();
    let chunk = vec![0u8; 4096];
    while file.write_all(&chunk).is_ok() {}
    while file.write_all(&[0]).is_ok() {}
    path
}

#[test]
fn on_a_full_disk_a_move_is_refused_by_name_and_the_game_resumes_without_it() {
    let data = data_dir("full");
    let Some(_disk) = common::Tmpfs::mount(&data, "512k") else {
        return;
    };
    let mut run = spawn(&data, None, &[&GAME[..], &["en"]].concat());
    up_to_e4_confirmed(&mut run);
    let journal = journal_in(&data);
    let size = || std::fs::metadata(&journal).unwrap().len();
    // The journal's last page is filled up to a few bytes with notes of a
    // touched piece, so that e5's line needs a page the full disk has not.
    let before = size();
    run.send("touched a");
    run.prompt().expect("a prompt");
    let bare = size() - before - 1;
    let page = 4096;
    let target = (size() + 2 * bare + 100).div_ceil(page) * page - 8;
    while size() < target {
        let left = target - size();
        let note = if left > 2 * bare + 201 {
            200
        } else {
            left - bare
        };
        run.send(&format!("touched {}", "a".repeat(note as usize)));
        run.prompt().expect("a prompt");
    }
    assert!(target.abs_diff(size()) <= 1, "{} against {target}", size());
    let filler = fill(&data);
    run.send("e5");
    let (status, seen) = run.end();
    e5_refused(status, &seen, &journal, "the disk is full");
    std::fs::remove_file(filler).unwrap();
    resumes_with_e4_alone(&data);
}

#[test]
fn a_running_clock_is_not_synced_at_every_reading() {
    if !has_strace() {
        return;
    }
    let data = data_dir("syncs");
    let counts = data.join("syncs");
    std::fs::create_dir_all(&data).unwrap();
    let mut strace = Process::new("strace");
    strace
        .args(["-f", "-c", "-e", "trace=fsync,fdatasync", "-o"])
        .arg(&counts);
    let Running {
        mut child,
        mut stdin,
        // Kept, so that what the program prints is still read.
        lines: _lines,
    } = Running::start_under(Some(strace), &data, &[&GAME[..], &["en"]].concat());
    std::thread::sleep(Duration::from_secs(1));
    writeln!(stdin, "press").unwrap();
    // Ten readings of the running clock.
    std::thread::sleep(Duration::from_secs(5));
    drop(stdin);
    assert!(child.wait().unwrap().success());
    let text = std::fs::read_to_string(&counts).unwrap();
    let syncs: u64 = text
        .lines()
        .filter(|l| l.ends_with("fsync") || l.ends_with("fdatasync"))
        .filter_map(|l| l.split_whitespace().nth(3)?.parse::<u64>().ok())
        .sum();
    // The header and its directory, the press, and the pause on leaving;
    // every reading synced would be ten more.
    assert!((3..=5).contains(&syncs), "{syncs} syncs:\n{text}");
    let journal = entries(&journal_in(&data));
    let readings = journal.iter().filter(|e| e.cmd == Command::Tick).count();
    assert!(readings >= 8, "{readings} readings of the clock");
    let _ = std::fs::remove_dir_all(&data);
}

/// A games folder the user may not make ends the start as a file fault
/// (status 1, as for any input that cannot be used), in the pack's words,
/// not as a wrong command line (status 2) with the system's number.
#[test]
fn a_games_folder_that_cannot_be_made_is_a_file_fault_said_in_words() {
    if !has_strace() {
        return;
    }
    let data = data_dir("no-games-folder");
    let out = Process::new("strace")
        .args(["-f", "-o", "/dev/null", "-e", "trace=mkdir,mkdirat"])
        .args(["-e", "inject=mkdir,mkdirat:error=EACCES"])
        .arg(env!("CARGO_BIN_EXE_zweibrett"))
        .args(["--plain", "--speech", "none", "play", "--voice", "en"])
        .env("ZWEIBRETT_LABELS", "english")
        .env("ZWEIBRETT_SCREEN_READER", "none")
        .env("XDG_DATA_HOME", &data)
        .env("XDG_CONFIG_HOME", data.join("config"))
        .stdin(Stdio::null())
        .output()
        .expect("strace runs the program");
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("no permission"), "{said}");
    assert!(!said.contains("os error"), "{said}");
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_journal_deleted_or_replaced_during_the_game_is_said_at_once_and_loses_no_move() {
    for (name, displace, says) in [
        (
            "deleted",
            (|journal: &Path| std::fs::remove_file(journal).unwrap()) as fn(&Path),
            "note: The game's file ",
        ),
        (
            "replaced",
            // A sync tool's older copy renamed over the journal.
            |journal: &Path| {
                let copy = journal.with_extension("sync");
                let header = std::fs::read_to_string(journal).unwrap();
                std::fs::write(&copy, header.lines().next().unwrap()).unwrap();
                std::fs::rename(&copy, journal).unwrap();
            },
            "note: Another file took the place of the game's file ",
        ),
    ] {
        let data = data_dir(name);
        let mut run = spawn(&data, None, &[&GAME[..], &["en"]].concat());
        up_to_e4_confirmed(&mut run);
        let journal = journal_in(&data);
        displace(&journal);
        run.send("e5");
        run.prompt().expect("a prompt");
        let said: Vec<&String> = run.seen.iter().filter(|l| l.starts_with(says)).collect();
        assert_eq!(said.len(), 1, "{name}: said once at once: {:#?}", run.seen);
        assert!(said[0].contains(&journal.display().to_string()), "{said:?}");
        for line in ["press", "confirm", "Nf3", "press", "confirm"] {
            run.send(line);
            run.prompt().expect("a prompt");
        }
        let (status, seen) = run.end();
        assert_eq!(status, Some(0), "{seen:#?}");
        assert_eq!(
            seen.iter().filter(|l| l.starts_with(says)).count(),
            1,
            "{name}: said once: {seen:#?}"
        );
        let moves: Vec<Command> = entries(&journal)
            .into_iter()
            .map(|e| e.cmd)
            .filter(|c| matches!(c, Command::Move(_)))
            .collect();
        assert_eq!(
            moves,
            ["e4", "e5", "Nf3"].map(|m| Command::Move(m.into())),
            "{name}"
        );
        let (status, seen) = spawn(&data, None, &["resume"]).end();
        assert_eq!(status, Some(0), "{seen:?}");
        assert!(
            seen.iter().any(|l| l == "resumed: 3 half-moves: e4 e5 Nf3"),
            "{name}: {seen:#?}"
        );
        let _ = std::fs::remove_dir_all(&data);
    }
}
