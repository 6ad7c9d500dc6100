//! Enrolment as a player goes through it: the moves given one a line, said
//! back (a recording stands in for the microphone), the adaptation made
//! by the training tools and kept; `hear` then uses it unless told not
//! to, says so when the kept one cannot be used, and `--forget` removes
//! it.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::Sandbox;
use zweibrett_core::wav::{Sound, read, write};

/// The moves said one after another by espeak-ng, 1.3 s of quiet after
/// each, as one WAV file.
fn said_in_turn(dir: &Path, moves: &[String]) -> PathBuf {
    said_in_turn_by(dir, moves, "de+m2")
}

/// [`said_in_turn`] by the espeak-ng voice `voice`.
fn said_in_turn_by(dir: &Path, moves: &[String], voice: &str) -> PathBuf {
    let mut all = Sound {
        rate: 22_050,
        samples: Vec::new(),
    };
    for (i, text) in moves.iter().enumerate() {
        let wav = dir.join(format!("move{i}.wav"));
        let status = Command::new("espeak-ng")
            .args(["-v", voice, "-s", "150", "-w"])
            .arg(&wav)
            .arg(text)
            .status()
            .expect("espeak-ng runs");
        assert!(status.success());
        let sound = read(&std::fs::read(&wav).unwrap()).unwrap();
        assert_eq!(sound.rate, all.rate, "espeak-ng's rate");
        all.samples.extend(sound.samples);
        all.samples
            .extend(std::iter::repeat_n(0.0, 22_050 * 13 / 10));
    }
    let path = dir.join("enrolment.wav");
    write(&all, std::fs::File::create(&path).unwrap()).unwrap();
    path
}

/// Whether the training tools are installed; said by
/// [`common::cannot_run`] when not.
fn tools_here() -> bool {
    let missing = zweibrett::hearing::adapt::missing_tools();
    if !missing.is_empty() {
        common::cannot_run(&format!("the training tools are missing: {missing:?}"));
    }
    missing.is_empty()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The moves `zweibrett enrol --prompts` gives for `pack`, `count` of them.
fn moves_given(sandbox: &Sandbox, pack: &str, count: &str) -> Vec<String> {
    let asked = sandbox.run(
        &["enrol", "--voice", pack, "--count", count, "--prompts"],
        Duration::from_secs(30),
    );
    assert!(asked.status.success());
    text(&asked.stdout).lines().map(str::to_string).collect()
}

/// `zweibrett enrol` for `pack` with `count` moves, silent, hearing `file`.
fn enrol_from(sandbox: &Sandbox, pack: &str, count: &str, file: &Path) -> std::process::Output {
    sandbox.run(
        &[
            "enrol",
            "--voice",
            pack,
            "--count",
            count,
            "--speech",
            "none",
            "--listen-from",
            file.to_str().unwrap(),
        ],
        Duration::from_secs(120),
    )
}

#[test]
fn enrolment_is_made_kept_used_and_forgotten() {
    if !tools_here() {
        return;
    }
    let sandbox = Sandbox::new("enrol");
    let limit = Duration::from_secs(120);
    let moves = moves_given(&sandbox, "fide", "6");
    assert_eq!(moves.len(), 6, "{moves:?}");
    let file = said_in_turn(&sandbox.home, &moves);
    let made = enrol_from(&sandbox, "fide", "6", &file);
    let out = text(&made.stdout);
    assert!(made.status.success(), "{out}{}", text(&made.stderr));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("Anpassung an Ihre Stimme"), "{out}");
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(lines[i + 1], format!("{} von 6: {m}", i + 1));
    }
    assert!(
        out.contains("Das Hören ist an Ihre Stimme angepasst, aus 6 Zügen"),
        "{out}"
    );
    let kept = sandbox
        .home
        .join(".local/share/zweibrett/hearing/fide.mllr");
    assert!(kept.is_file(), "{out}");
    assert!(lines.last().unwrap().ends_with(&kept.display().to_string()));

    let recording =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hear/springer-felix-drei.wav");
    let hear = |extra: &[&str]| {
        let mut args = vec!["hear", "--voice", "fide", "--json"];
        args.extend(extra);
        args.push(recording.to_str().unwrap());
        let output = sandbox.run(&args, limit);
        let json: serde_json::Value =
            serde_json::from_str(text(&output.stdout).trim()).expect("one JSON line");
        (json, text(&output.stderr))
    };
    let (adapted, _) = hear(&[]);
    assert_eq!(adapted["adapted"], true, "{adapted}");
    assert_eq!(adapted["uci"], "g1f3", "{adapted}");
    let (plain, _) = hear(&["--no-adaptation"]);
    assert_eq!(plain["adapted"], false, "{plain}");

    // A kept transform spoilt on disk is not given to the recogniser.
    let good = std::fs::read_to_string(&kept).unwrap();
    std::fs::write(&kept, good.replacen("13", "12", 1)).unwrap();
    let (spoilt, said) = hear(&[]);
    assert_eq!(spoilt["adapted"], false, "{spoilt}");
    assert!(
        said.contains("Die Anpassung an Ihre Stimme wird nicht genutzt"),
        "{said}"
    );
    assert!(said.contains("fide.mllr"), "{said}");

    let forgot = sandbox.run(
        &["enrol", "--voice", "fide", "--forget", "--speech", "none"],
        limit,
    );
    assert!(forgot.status.success());
    assert!(text(&forgot.stdout).starts_with("Die Anpassung an Ihre Stimme ist entfernt"));
    assert!(!kept.exists());
    let again = sandbox.run(
        &["enrol", "--voice", "fide", "--forget", "--speech", "none"],
        limit,
    );
    assert_eq!(
        text(&again.stdout).trim(),
        "Es gab keine Anpassung zu entfernen."
    );
}

#[test]
fn what_is_not_the_move_given_is_left_out_and_the_rest_is_used() {
    if !tools_here() {
        return;
    }
    let sandbox = Sandbox::new("enrol-slips");
    let moves = moves_given(&sandbox, "en", "7");
    assert_eq!(moves.len(), 7, "{moves:?}");
    // The second is chatter near the board; the fifth, another move of
    // the seven said by mistake.
    let mut spoken = moves.clone();
    spoken[1] = "could you speak a little louder please".to_string();
    spoken[4] = moves[0].clone();
    let file = said_in_turn_by(&sandbox.home, &spoken, "en-us");
    let made = enrol_from(&sandbox, "en", "7", &file);
    let out = text(&made.stdout);
    assert!(made.status.success(), "{out}{}", text(&made.stderr));
    let left_out: Vec<&str> = out.lines().filter(|l| l.starts_with("Left out")).collect();
    assert_eq!(
        left_out,
        [
            format!("Left out: {}, not heard as asked.", moves[1]),
            format!("Left out: {}, not heard as asked.", moves[4]),
        ],
        "{out}"
    );
    assert!(
        out.contains("Listening is adapted to your voice, from 5 moves"),
        "{out}"
    );
}

#[test]
fn a_file_that_ends_before_every_move_is_said_makes_nothing() {
    if !tools_here() {
        return;
    }
    let sandbox = Sandbox::new("enrol-short");
    let moves: Vec<String> = moves_given(&sandbox, "en", "5")
        .into_iter()
        .take(2)
        .collect();
    let file = said_in_turn_by(&sandbox.home, &moves, "en-us");
    let made = enrol_from(&sandbox, "en", "5", &file);
    assert_eq!(made.status.code(), Some(1));
    let out = text(&made.stdout);
    assert!(
        out.contains("No adaptation was made: moves heard as asked: 2, fewer than the 5 needed"),
        "{out}"
    );
    assert!(
        !sandbox
            .home
            .join(".local/share/zweibrett/hearing/en.mllr")
            .exists()
    );
}

#[test]
fn a_game_says_when_the_kept_adaptation_is_not_used_and_listens_all_the_same() {
    use common::plain::{Running, data_dir, nf3_announced_then_quit};
    let data = data_dir("enrol", "game");
    let kept = data.join("zweibrett/hearing/fide.mllr");
    std::fs::create_dir_all(kept.parent().unwrap()).unwrap();
    std::fs::write(&kept, "1\n3\n13\nnot a transform\n").unwrap();
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/hear/springer-felix-drei.wav");
    let game = Running::start(&data, &["play", "--listen-from", file.to_str().unwrap()]);
    let seen = nf3_announced_then_quit(&data, game, 30);
    let listening = seen.iter().find(|l| l.starts_with("answer: Ich höre zu"));
    let listening = listening.unwrap_or_else(|| panic!("{seen:#?}"));
    assert!(
        listening.contains("Die Anpassung an Ihre Stimme wird nicht genutzt")
            && listening.contains("fide.mllr"),
        "{listening}"
    );
}
