//! Moves said aloud in a plain-mode game: a recording stands in for the
//! microphone (`--listen-from`), is cut where the speaker pauses, heard
//! against the position's grammar, and the move is announced as if typed;
//! a question is asked when two moves come near, and the answer is heard
//! among the choices. `hear` reads one recording from the command line.

use crate::common;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use common::plain::{
    Running, data_dir, e4_typed_then_quit, nf3_announced_then_quit, until, zweibrett,
};

fn recording(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/hear")
        .join(name)
}

#[test]
fn a_move_said_is_heard_and_announced() {
    let data = data_dir("hear", "said");
    let file = recording("springer-felix-drei.wav");
    let mut game = Running::start(&data, &["play", "--listen-from", file.to_str().unwrap()]);
    until(&game, "answer: Ich höre zu", Duration::from_secs(20));
    let seen = until(&game, "announced:", Duration::from_secs(20));
    assert!(
        seen.iter().any(|l| l == "heard: Springer Felix drei"),
        "{seen:#?}"
    );
    assert_eq!(
        seen.last().unwrap(),
        "announced: 1. Nf3: Springer Felix drei"
    );
    until(&game, "> Schwarz am Zug", Duration::from_secs(5));
    writeln!(game.stdin, "pgn").unwrap();
    let pgn = until(&game, "1. Nf3", Duration::from_secs(5));
    assert!(pgn.last().unwrap().starts_with("1. Nf3"));
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_move_heard_unclearly_is_asked_alone_and_said_again_it_is_taken() {
    // The short form through a muffled microphone (nothing above 3 kHz),
    // then the long form clean: the first is not clear enough to take at
    // once, and the second answers the question.
    let data = data_dir("hear", "asked");
    let file = recording("springer-asked-then-long.wav");
    let mut game = Running::start(&data, &["play", "--listen-from", file.to_str().unwrap()]);
    let seen = until(
        &game,
        "answer: Springer Felix drei?",
        Duration::from_secs(20),
    );
    assert!(
        seen.iter().all(|l| !l.starts_with("announced:")),
        "{seen:#?}"
    );
    assert_eq!(
        seen.last().unwrap(),
        "answer: Springer Felix drei? Bitte ja oder nein sagen."
    );
    // Nothing is played while the question stands.
    let seen = until(&game, "announced:", Duration::from_secs(20));
    assert_eq!(
        seen.last().unwrap(),
        "announced: 1. Nf3: Springer Felix drei"
    );
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

/// A game in its own folder under `name`, listening to the short form
/// and then the long one, once it has asked about the short one alone.
fn asked_alone(name: &str) -> (PathBuf, Running) {
    let file = recording("springer-asked-then-long.wav");
    let data = data_dir("hear", name);
    let game = Running::start(&data, &["play", "--listen-from", file.to_str().unwrap()]);
    until(
        &game,
        "answer: Springer Felix drei?",
        Duration::from_secs(20),
    );
    (data, game)
}

#[test]
fn the_question_about_one_move_is_answered_by_typing_yes_or_no() {
    // Yes enters the move at once, timed when it was typed.
    let (data, mut game) = asked_alone("yes");
    writeln!(game.stdin, "ja").unwrap();
    nf3_announced_then_quit(&data, game, 10);
    // No, with no other move near it, asks for the move once more, which
    // the long form said next then gives.
    let (data, mut game) = asked_alone("no");
    writeln!(game.stdin, "nein").unwrap();
    let seen = until(&game, "answer: Nicht übernommen", Duration::from_secs(10));
    assert!(
        seen.iter().all(|l| !l.starts_with("announced:")),
        "{seen:#?}"
    );
    nf3_announced_then_quit(&data, game, 20);
}

#[test]
fn a_cough_before_the_move_passes_in_silence_while_always_listening() {
    let data = data_dir("hear", "cough");
    std::fs::create_dir_all(&data).unwrap();
    let said =
        zweibrett_core::wav::read(&std::fs::read(recording("springer-felix-drei.wav")).unwrap())
            .unwrap();
    let rate = said.rate as usize;
    // Half a second of quiet, a cough (a burst of noise, quickly up and
    // slowly down, 0.3 s), a second of quiet, then the move.
    let mut state = 99u64;
    let mut samples = vec![0.0; rate / 2];
    samples.extend((0..rate * 3 / 10).map(|i| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let white = ((state >> 33) as f32 / (1u64 << 31) as f32) - 0.5;
        let up = rate as f32 * 0.03;
        let envelope = if (i as f32) < up {
            i as f32 / up
        } else {
            (-(i as f32 - up) / (rate as f32 * 0.08)).exp()
        };
        white * envelope * 0.8
    }));
    samples.extend(vec![0.0; rate]);
    samples.extend(said.samples);
    let file = data.join("cough-then-move.wav");
    let sound = zweibrett_core::wav::Sound {
        rate: said.rate,
        samples,
    };
    zweibrett_core::wav::write(&sound, std::fs::File::create(&file).unwrap()).unwrap();
    let game = Running::start(&data, &["play", "--listen-from", file.to_str().unwrap()]);
    let seen = nf3_announced_then_quit(&data, game, 30);
    assert!(
        seen.iter().all(|l| !l.contains("Nicht verstanden")),
        "the cough was answered: {seen:#?}"
    );
}

#[test]
fn push_to_talk_hears_one_utterance_after_listen() {
    let data = data_dir("hear", "push");
    let file = recording("springer-felix-drei.wav");
    let mut game = Running::start(
        &data,
        &[
            "play",
            "--listen=push",
            "--listen-from",
            file.to_str().unwrap(),
        ],
    );
    until(&game, "answer: Ich höre zu", Duration::from_secs(20));
    // Nothing is heard before the listening command.
    std::thread::sleep(Duration::from_secs(3));
    while let Ok(line) = game.lines.try_recv() {
        assert!(!line.starts_with("heard:"), "{line}");
    }
    writeln!(game.stdin, "zuhören").unwrap();
    until(
        &game,
        "answer: Ich höre: bitte sprechen.",
        Duration::from_secs(5),
    );
    let seen = until(&game, "announced:", Duration::from_secs(20));
    assert!(
        seen.iter().any(|l| l == "heard: Springer Felix drei"),
        "{seen:#?}"
    );
    // One utterance for each push: Black's move is typed.
    writeln!(game.stdin, "listen").unwrap();
    until(
        &game,
        "answer: Ich höre: bitte sprechen.",
        Duration::from_secs(5),
    );
    writeln!(game.stdin, "listen").unwrap();
    until(&game, "answer: Zuhören aus.", Duration::from_secs(5));
    writeln!(game.stdin, "quit").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn listen_in_a_game_without_listening_says_how_to_start_it() {
    let data = data_dir("hear", "without");
    let out = zweibrett(&data)
        .args(["play", "--voice", "es"])
        .write_stdin("escuchar\nquit\n")
        .output()
        .unwrap();
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.contains("answer: Las jugadas dichas en voz alta solo se oyen en una partida iniciada con --listen."),
        "{printed}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_recording_that_cannot_be_read_is_said_and_the_game_goes_on() {
    let data = data_dir("hear", "broken");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("broken.wav");
    std::fs::write(&file, b"RIFF\x10\0\0\0WAVEnot sound").unwrap();
    let mut game = Running::start(&data, &["play", "--listen-from", file.to_str().unwrap()]);
    let seen = until(
        &game,
        "answer: Züge können nicht gehört werden",
        Duration::from_secs(20),
    );
    let cannot = format!(
        "answer: Züge können nicht gehört werden: die Aufnahme {} ist nicht lesbar. Bitte tippen.",
        file.display()
    );
    assert_eq!(seen.last().unwrap(), &cannot, "{seen:#?}");
    // The listening key afterwards says again why, not how to start
    // listening: the game was started to listen.
    use std::io::Write;
    writeln!(game.stdin, "zuhören").unwrap();
    let seen = until(&game, "answer: ", Duration::from_secs(10));
    assert_eq!(seen.last().unwrap(), &cannot, "{seen:#?}");
    e4_typed_then_quit(&data, game);
}

#[test]
fn without_the_recogniser_a_game_says_so_in_its_own_language_and_goes_on() {
    let data = data_dir("hear", "no-recogniser");
    std::fs::create_dir_all(&data).unwrap();
    let file = data.join("silence.wav");
    let silence = zweibrett_core::wav::Sound {
        rate: 16_000,
        samples: vec![0.0; 1_600],
    };
    zweibrett_core::wav::write(&silence, std::fs::File::create(&file).unwrap()).unwrap();
    let game = Running::start_with(
        None,
        &data,
        &[
            "play",
            "--voice",
            "es",
            "--listen-from",
            file.to_str().unwrap(),
        ],
        &[("ZWEIBRETT_POCKETSPHINX", "/nonexistent/libpocketsphinx.so")],
    );
    let seen = until(
        &game,
        "answer: Las jugadas no se pueden oír",
        Duration::from_secs(20),
    );
    // The library's own English ("cannot open shared object file") is
    // not passed on.
    assert!(
        seen.last()
            .unwrap()
            .contains("PocketSphinx no está instalado; en Debian: apt-get install"),
        "{seen:#?}"
    );
    assert!(!seen.last().unwrap().contains("shared object"), "{seen:#?}");
    e4_typed_then_quit(&data, game);
}

#[test]
fn hear_answers_as_parse_with_the_guesses() {
    let data = data_dir("hear", "cli");
    let out = zweibrett(&data)
        .args(["hear", "--json"])
        .arg(recording("springer-felix-drei.wav"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(value["status"], "move");
    assert_eq!(value["uci"], "g1f3");
    assert_eq!(value["san"], "Nf3");
    assert_eq!(value["heard"][0]["words"], "springer felix drei");
    assert!(
        value["heard"][1]["score"].as_i64().unwrap() < value["heard"][0]["score"].as_i64().unwrap()
    );
    // Taken, it led every phrase a word away, each fitted alone ("Springer
    // Felix drei" is one word from "Springer Hector drei", "Bauer Felix
    // drei", …).
    let nearest = &value["nearest_neighbour"];
    assert!(nearest["lead"].as_i64().unwrap() >= 1000, "{value}");
    let phrase = nearest["phrase"].as_str().unwrap();
    assert!(phrase.split(' ').count() >= 2, "{value}");

    // The first utterance alone is a question, exit status 1 as `parse`.
    let out = zweibrett(&data)
        .args(["hear", "--json", "--voice", "fide"])
        .arg(recording("springer-asked-then-long.wav"))
        .output()
        .unwrap();
    let value: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_ne!(value["status"], "move", "{value}");
    assert_eq!(out.status.code(), Some(1));

    // In another position the same words are no legal move.
    let out = zweibrett(&data)
        .args(["hear", "--fen", "8/8/8/4k3/8/8/8/4K3 w - - 0 1"])
        .arg(recording("springer-felix-drei.wav"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");

    // Not a recording: an input that cannot be used, named.
    let out = zweibrett(&data)
        .args(["hear", "/nonexistent/said.wav"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/said.wav"));
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn keep_audio_keeps_what_was_heard_and_nothing_is_kept_without_it() {
    let data = data_dir("hear", "keep");
    let kept = data.join("kept");
    let out = zweibrett(&data)
        .args(["hear", "--keep-audio"])
        .arg(&kept)
        .arg(recording("springer-felix-drei.wav"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let files: Vec<_> = std::fs::read_dir(&kept).unwrap().collect();
    assert_eq!(files.len(), 1);
    let game_files = |dir: &Path| -> usize {
        walk(dir)
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "wav"))
            .count()
    };
    let other = data_dir("hear", "nokeep");
    let mut game = Running::start(
        &other,
        &[
            "play",
            "--listen-from",
            recording("springer-felix-drei.wav").to_str().unwrap(),
        ],
    );
    until(&game, "announced:", Duration::from_secs(20));
    writeln!(game.stdin, "quit").unwrap();
    let out = game.child.wait().unwrap();
    assert!(out.success());
    assert_eq!(game_files(&other), 0);
    let _ = std::fs::remove_dir_all(&data);
    let _ = std::fs::remove_dir_all(&other);
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                found.extend(walk(&p));
            } else {
                found.push(p);
            }
        }
    }
    found
}

/// An own pack's pronunciation dictionary that is not text, or has a bad
/// line, is the user's to mend: named, with exit status 1 (3 is for a
/// recogniser not installed).
#[test]
fn a_broken_own_dictionary_is_named_with_status_1() {
    let data = data_dir("hear", "own-dict");
    let voices = data.join("zweibrett/voices");
    std::fs::create_dir_all(&voices).unwrap();
    let fide = std::fs::read_to_string("voices/fide.toml").unwrap();
    let mine = fide.replacen("id = \"fide\"", "id = \"mine\"", 1);
    std::fs::write(voices.join("mine.toml"), mine).unwrap();
    for (dict, said) in [
        (&b"springer\t\xff\xfe\n"[..], "mine.dict: not UTF-8 text"),
        (&b"springer x y\n"[..], "is no phone of the model"),
    ] {
        std::fs::write(voices.join("mine.dict"), dict).unwrap();
        let out = zweibrett(&data)
            .args(["hear", "--voice", "mine"])
            .arg(recording("springer-felix-drei.wav"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(stderr.contains(said), "{stderr}");
    }
}
