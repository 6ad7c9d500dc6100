//! What the player heard, read back from the transcript a game writes
//! beside its journal (D.2.6.1, D.2.7): the start and each new step said
//! once, nothing twice, the time after the press as each player and role
//! wants it, whether speech is on or off, in every pack; a resumed game
//! appends, and a transcript that cannot be written stops nothing.

use crate::common;

use std::path::{Path, PathBuf};

use common::plain::{data_dir, journal_of, stdout_of, zweibrett};

/// One line of the transcript, its three fields checked.
#[derive(Debug)]
struct Said {
    /// The game's time line, in tenths of a second.
    tenths: u64,
    text: String,
}

/// The transcript's lines, each checked against the documented format:
/// `H:MM:SS.t`, a tab, `YYYY-MM-DDTHH:MM:SSZ`, a tab, the text.
fn transcript(path: &Path) -> Vec<Said> {
    let written = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("no transcript at {}: {e}", path.display()));
    assert!(written.ends_with('\n'), "every line is finished");
    written
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "three fields: {line:?}");
            let (clock, tenth) = fields[0].split_once('.').expect("tenths");
            let hms: Vec<u64> = clock.split(':').map(|n| n.parse().unwrap()).collect();
            assert_eq!(hms.len(), 3, "{line:?}");
            assert!(hms[1] < 60 && hms[2] < 60 && tenth.len() == 1, "{line:?}");
            let wall = fields[1].as_bytes();
            assert_eq!(wall.len(), 20, "{line:?}");
            assert_eq!(
                (wall[4], wall[10], wall[13], wall[19]),
                (b'-', b'T', b':', b'Z')
            );
            assert!(!fields[2].is_empty(), "{line:?}");
            Said {
                tenths: ((hms[0] * 60 + hms[1]) * 60 + hms[2]) * 10 + tenth.parse::<u64>().unwrap(),
                text: fields[2].to_string(),
            }
        })
        .collect()
}

fn texts(said: &[Said]) -> Vec<&str> {
    said.iter().map(|s| s.text.as_str()).collect()
}

/// The transcript beside the journal a run printed.
fn beside_journal(stdout: &str) -> PathBuf {
    journal_of(stdout).with_extension("transcript")
}

/// `text` is said, starting with `start`, at `index` of `said`.
fn at(said: &[&str], index: usize, start: &str) {
    assert!(
        said.get(index).is_some_and(|s| s.starts_with(start)),
        "line {index} should start with {start:?}: {said:#?}"
    );
}

#[test]
fn the_transcript_has_the_start_each_new_step_once_and_no_repeated_prompt() {
    let d = data_dir("transcript", "steps");
    let out = stdout_of(
        zweibrett(&d)
            .args(["play", "--role", "arbiter", "--time", "5400+30"])
            .args(["--repetition", "strict", "--press", "separate"])
            .write_stdin("e4\npress\nfoo\ntime\nrepeat e4\nquit\n")
            .assert()
            .success(),
    );
    let said = transcript(&beside_journal(&out));
    let said = texts(&said);
    at(&said, 0, "Bedenkzeit: neunzig Minuten");
    // The start stands for the first prompt, which is not said as well.
    assert_eq!(said[1], "Partie beginnt. Weiß am Zug.");
    // The clock started by the first move is said without whose turn.
    assert_eq!(said[2], "Uhr läuft");
    assert_eq!(said[3], "Eva vier");
    assert_eq!(said[4], "Weiß: Uhr drücken oder den Zug berichtigen");
    // The press: the mover's time, then the next step, each naming one
    // side once.
    at(&said, 5, "Weiß: eine Stunde");
    assert!(!said[5].contains("Schwarz"), "{said:#?}");
    assert_eq!(
        said[6],
        "Schwarz: Zug wiederholen oder bestätigen, dann ziehen"
    );
    // A refused command and an answer: said, and the same step not again.
    assert_eq!(said[7], "Schwarz muss zuerst den Zug Eva vier wiederholen.");
    at(&said, 8, "Weiß: eine Stunde");
    assert!(
        said[8].contains("ein Zug") || said[8].contains("null Züge"),
        "{said:#?}"
    );
    assert_eq!(said[9], "Wiederholt: Eva vier");
    assert_eq!(said[10], "Schwarz am Zug: Zug eingeben");
    // Leaving pauses the clock and says how to come back.
    assert_eq!(said[11], "Uhr angehalten");
    assert_eq!(
        said[12],
        "Die Partie ist gespeichert; zweibrett fortsetzen setzt sie fort."
    );
    assert_eq!(said.len(), 13, "{said:#?}");
    // Everything said was also printed.
    for text in &said {
        assert!(out.contains(text), "{text:?} not printed:\n{out}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn one_text_per_half_move_says_each_thing_once() {
    let d = data_dir("transcript", "once");
    let out = stdout_of(
        zweibrett(&d)
            .args(["play", "--role", "arbiter", "--repetition", "off"])
            .args(["--press", "auto", "--voice", "en", "--time", "600"])
            .write_stdin("e4\ne5\nNf3\n")
            .assert()
            .success(),
    );
    // The written clock line no longer says whose turn: the prompt does.
    assert!(out.contains("clock: Clock running\n"), "{out}");
    assert!(!out.contains("to move)"), "{out}");
    let said = transcript(&beside_journal(&out));
    let said = texts(&said);
    let expected_start = [
        "Time control: ten minutes.",
        "The game begins. White to move.",
        "Clock running",
        "Eva four",
    ];
    assert_eq!(said[..4], expected_start, "{said:#?}");
    at(&said, 4, "White: ten minutes");
    assert_eq!(said[5], "Black to move: enter a move");
    assert_eq!(said[6], "Eva five");
    at(&said, 7, "Black: ten minutes");
    assert_eq!(said[8], "White to move: enter a move");
    assert_eq!(said[9], "Knight Felix three");
    // Whose turn is said once per half-move, by the prompt alone.
    for (i, line) in said.iter().enumerate().skip(2) {
        let next = said.get(i + 1).copied().unwrap_or("");
        assert!(
            !(line.contains("to move") && next.contains("to move")),
            "said twice: {line:?}, {next:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn speech_off_still_writes_it_and_transcript_names_another_file() {
    let d = data_dir("transcript", "named");
    std::fs::create_dir_all(&d).unwrap();
    let file = d.join("heard.txt");
    let out = stdout_of(
        zweibrett(&d)
            .args(["play", "--role", "arbiter", "--voice", "en"])
            .args(["--repetition", "off", "--press", "auto", "--time", "600"])
            .arg("--transcript")
            .arg(&file)
            .write_stdin("e4\n")
            .assert()
            .success(),
    );
    assert!(
        !beside_journal(&out).exists(),
        "no transcript beside the journal"
    );
    let said = transcript(&file);
    assert!(texts(&said).contains(&"Eva four"), "{said:#?}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_resumed_game_appends_to_its_transcript() {
    let d = data_dir("transcript", "resumed");
    let out = stdout_of(
        zweibrett(&d)
            .args(["play", "--role", "arbiter", "--voice", "en"])
            .args(["--repetition", "off", "--press", "auto", "--time", "600"])
            .write_stdin("e4\n")
            .assert()
            .success(),
    );
    let path = beside_journal(&out);
    let before = transcript(&path);
    std::thread::sleep(std::time::Duration::from_millis(300));
    let journal = journal_of(&out);
    let resumed = stdout_of(
        zweibrett(&d)
            .arg("resume")
            .arg(&journal)
            .write_stdin("resume\ne5\n")
            .assert()
            .success(),
    );
    assert!(
        resumed.contains("announced: 1... e5: Eva five"),
        "{resumed}"
    );
    let after = transcript(&path);
    assert_eq!(
        texts(&after[..before.len()]),
        texts(&before),
        "what was written stays"
    );
    let added = texts(&after[before.len()..]);
    // No new start for a resumed game; its step is said, then the move.
    assert!(
        !added.iter().any(|t| t.contains("game begins")),
        "{added:#?}"
    );
    assert!(
        added.contains(&"Black to move: enter a move (the clock is paused: resume restarts it)"),
        "{added:#?}"
    );
    assert!(added.contains(&"Eva five"), "{added:#?}");
    // The game's time line goes on from where the journal left it.
    let last_before = before.last().unwrap().tenths;
    assert!(
        after[before.len()..]
            .iter()
            .all(|s| s.tenths >= last_before)
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_transcript_that_cannot_be_written_does_not_stop_the_game() {
    let d = data_dir("transcript", "unwritable");
    let out = stdout_of(
        zweibrett(&d)
            .args(["play", "--role", "arbiter", "--voice", "en"])
            .args(["--repetition", "off", "--press", "auto", "--time", "600"])
            .args(["--transcript", "/nonexistent-zweibrett-dir/heard.txt"])
            .write_stdin("e4\ne5\n")
            .assert()
            .success(),
    );
    let told = out
        .lines()
        .filter(|l| l.starts_with("error: What is said cannot be written to the transcript"))
        .count();
    assert_eq!(told, 1, "said once:\n{out}");
    assert!(out.contains("the game goes on"), "{out}");
    assert!(out.contains("announced: 1... e5: Eva five"), "{out}");
    let journal = std::fs::read_to_string(journal_of(&out)).unwrap();
    assert!(journal.contains("\"uci\":\"e7e5\""), "{journal}");
    let _ = std::fs::remove_dir_all(&d);
}

/// A pipe nobody reads (or `/dev/stdout`, a symbolic link) named as the
/// transcript is refused at once, named, and the game starts and goes on:
/// before, the game waited on the pipe for ever and never gave a prompt.
#[test]
fn a_pipe_or_a_link_as_transcript_is_refused_at_once_and_the_game_goes_on() {
    let d = data_dir("transcript", "fifo");
    std::fs::create_dir_all(&d).unwrap();
    let fifo = d.join("heard.fifo");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    for (name, said) in [
        (fifo.to_str().unwrap(), "is not a plain file"),
        ("/dev/stdout", "is a symbolic link"),
    ] {
        let out = stdout_of(
            zweibrett(&d)
                .args(["play", "--role", "arbiter", "--voice", "en"])
                .args(["--repetition", "off", "--press", "auto", "--time", "600"])
                .args(["--transcript", name])
                .write_stdin("e4\ne5\n")
                .timeout(std::time::Duration::from_secs(60))
                .assert()
                .success(),
        );
        assert!(out.contains(said), "{name}:\n{out}");
        assert!(
            out.contains("announced: 1... e5: Eva five"),
            "{name}:\n{out}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_start_and_the_steps_are_said_in_portuguese_and_spanish() {
    for (voice, begins, step) in [
        (
            "pt",
            "A partida começa. Jogam as Brancas.",
            "Jogam as Pretas: introduza um lance",
        ),
        (
            "es",
            "Comienza la partida. Juegan las Blancas.",
            "Juegan las Negras: introduzca una jugada",
        ),
    ] {
        let d = data_dir("transcript", voice);
        let out = stdout_of(
            zweibrett(&d)
                .args(["play", "--role", "arbiter", "--voice", voice])
                .args(["--repetition", "off", "--press", "auto", "--time", "600"])
                .write_stdin("e4\n")
                .assert()
                .success(),
        );
        let said = transcript(&beside_journal(&out));
        let said = texts(&said);
        assert_eq!(said[1], begins, "{voice}: {said:#?}");
        assert!(said.contains(&step), "{voice}: {said:#?}");
        let _ = std::fs::remove_dir_all(&d);
    }
}

#[test]
fn the_assistant_hears_the_time_only_on_request_unless_configured() {
    // D.2.10.4: for the assistant the time after the press is off by
    // default; `time` always answers.
    let d = data_dir("transcript", "assistant");
    let out = stdout_of(
        zweibrett(&d)
            .args(["play", "--role", "assistant", "--voice", "en"])
            .args(["--repetition", "off", "--press", "auto", "--time", "600"])
            .write_stdin("e4\ne5\ntime\n")
            .assert()
            .success(),
    );
    let said = transcript(&beside_journal(&out));
    let said = texts(&said);
    let pressed = |side: &str| {
        let start = format!("{side}: ");
        said.iter()
            .any(|t| t.starts_with(&start) && !t.contains(", used "))
    };
    assert!(!pressed("White") && !pressed("Black"), "{said:#?}");
    let asked = said.iter().filter(|t| t.contains(", used ")).count();
    assert_eq!(asked, 1, "the time on request: {said:#?}");
    let _ = std::fs::remove_dir_all(&d);

    // The configuration decides per player: White's on, Black's off.
    let d = data_dir("transcript", "configured");
    std::fs::create_dir_all(d.join("config/zweibrett")).unwrap();
    std::fs::write(
        d.join("config/zweibrett/config.toml"),
        "[clock.white]\nafter_press = true\n[clock.black]\nafter_press = false\n",
    )
    .unwrap();
    for role in ["assistant", "arbiter"] {
        let out = stdout_of(
            zweibrett(&d)
                .args(["play", "--role", role, "--voice", "en"])
                .args(["--repetition", "off", "--press", "auto", "--time", "600"])
                .write_stdin("e4\ne5\n")
                .assert()
                .success(),
        );
        let said = transcript(&beside_journal(&out));
        let said = texts(&said);
        assert!(
            said.iter().any(|t| t.starts_with("White: ten minutes")),
            "{role}: {said:#?}"
        );
        assert!(
            !said.iter().any(|t| t.starts_with("Black: ten minutes")),
            "{role}: {said:#?}"
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_new_game_without_a_subcommand_takes_transcript_too() {
    let d = data_dir("transcript", "new-game");
    std::fs::create_dir_all(&d).unwrap();
    let file = d.join("new.transcript");
    zweibrett(&d)
        .arg("--transcript")
        .arg(&file)
        .write_stdin("quit\n")
        .assert()
        .success();
    let said = transcript(&file);
    assert!(
        texts(&said)
            .iter()
            .any(|t| t.starts_with("Partie beginnt.")),
        "{said:#?}"
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// `save brf` onto a pipe nobody reads, mid-game: refused at once in the
/// pack's words, and the next move is announced; before, the game waited
/// on the pipe for ever and `quit` did nothing.
#[test]
fn save_brf_onto_a_pipe_nobody_reads_is_refused_at_once_and_the_game_goes_on() {
    let d = data_dir("save-brf", "fifo");
    std::fs::create_dir_all(&d).unwrap();
    let fifo = d.join("score.brf");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(status.success());
    let started = std::time::Instant::now();
    let out = stdout_of(
        zweibrett(&d)
            .args(["play", "--role", "arbiter", "--voice", "en"])
            .args(["--repetition", "off", "--press", "auto", "--time", "600"])
            .write_stdin(format!("e4\nsave brf {}\ne5\nquit\n", fifo.display()))
            .timeout(std::time::Duration::from_secs(60))
            .assert()
            .success(),
    );
    assert!(
        out.contains("nothing reads from it (a pipe or a device whose reader takes nothing)"),
        "{out}"
    );
    assert!(out.contains("announced: 1... e5: Eva five"), "{out}");
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    let _ = std::fs::remove_dir_all(&d);
}
