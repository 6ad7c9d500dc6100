//! Whisper asked beside the first recogniser, by `zweibrett hear
//! --second-opinion` and in a game (`--second-opinion`, `[hearing]
//! second_opinion`): a German move the first recogniser asks about is
//! taken when Whisper scores it clearly ahead; without the model the
//! command, the game and the doctor say where it was looked for and what
//! installs it.

use crate::common;

use std::path::{Path, PathBuf};
use std::time::Duration;

use common::plain::{Running, data_dir, until, zweibrett};
use common::room_corpus::{Voice, synthesize};
use serde_json::Value;

/// `hear --json` of `wav` in `fen` (the fide pack), with the installed
/// model linked into `home`'s data folder when `second_opinion`.
fn heard(home: &std::path::Path, fen: &str, wav: &std::path::Path, second_opinion: bool) -> Value {
    let mut cmd = common::quiet_zweibrett(home);
    cmd.args(["hear", "--json", "--voice", "fide", "--fen", fen]);
    if second_opinion {
        cmd.arg("--second-opinion");
    }
    let output = cmd.arg(wav).output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    serde_json::from_str(stdout.trim()).unwrap_or_else(|_| {
        panic!(
            "not JSON: {stdout} {}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn a_german_move_asked_about_is_taken_when_whisper_hears_it_clearly_ahead() {
    let home = common::empty_home("hear-second-opinion");
    let models = home.join("data/zweibrett/models");
    std::fs::create_dir_all(&models).unwrap();
    std::os::unix::fs::symlink(common::whisper_model(), models.join("whisper-base")).unwrap();
    let fen = "r1k2qn1/pp3p1r/2n1N1p1/Pp1P1b2/Qb1P1BP1/1PP5/5P1P/R5KR b - - 1 30";
    let wav = home.join("turm.wav");
    let voice = Voice::Espeak {
        voice: "de+m5",
        pitch: 40,
        speed: 165,
    };
    synthesize(&voice, "Turm Hector sechs", &wav);
    let alone = heard(&home, fen, &wav, false);
    assert_ne!(alone["status"], "move", "{alone}");
    assert!(alone.get("second_opinion").is_none(), "{alone}");
    let both = heard(&home, fen, &wav, true);
    assert_eq!(both["status"], "move", "{both}");
    assert_eq!(both["uci"], "h7h6", "{both}");
    assert_eq!(
        both["second_opinion"]["phrase"], "Turm Hector sechs",
        "{both}"
    );
    assert_eq!(both["second_opinion"]["agrees"], true, "{both}");
    assert!(
        both["second_opinion"]["lead"].as_f64().unwrap() >= 0.3,
        "{both}"
    );
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn without_the_model_the_second_opinion_names_the_folder_and_the_setup() {
    let home = common::empty_home("hear-no-whisper");
    let wav = home.join("e4.wav");
    synthesize(&Voice::Flite("slt"), "Eva four", &wav);
    let output = common::quiet_zweibrett(&home)
        .args(["hear", "--voice", "en", "--second-opinion"])
        .arg(&wav)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(3));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("models/whisper-base"), "{stderr}");
    assert!(stderr.contains("scripts/setup"), "{stderr}");
    let _ = std::fs::remove_dir_all(&home);
}

/// "Springer Hector drei" (g1h3 from the start) in a voice the first
/// recogniser, listening in a game, asks about.
fn knight_to_h3(dir: &Path) -> PathBuf {
    let wav = dir.join("springer-hector-drei.wav");
    let voice = Voice::Espeak {
        voice: "de+m3",
        pitch: 40,
        speed: 165,
    };
    synthesize(&voice, "Springer Hector drei", &wav);
    wav
}

/// A game in `data` with `config` as its configuration file, listening
/// to `wav`, with `args` after `play`.
fn game_hearing(data: &Path, config: &str, wav: &Path, args: &[&str]) -> Running {
    let folder = data.join("config/zweibrett");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("config.toml"), config).unwrap();
    let mut all = vec!["play", "--listen-from", wav.to_str().unwrap()];
    all.extend(args);
    Running::start(data, &all)
}

/// What the game says after listening starts, up to its first answer to
/// the move (announced, or a question).
fn first_answer(game: &Running) -> Vec<String> {
    let mut seen = until(game, "answer: Ich höre zu", Duration::from_secs(30));
    loop {
        let more = until(game, "", Duration::from_secs(20));
        let Some(last) = more.last().cloned() else {
            panic!("nothing after {seen:#?}");
        };
        seen.extend(more);
        if last.starts_with("announced:") || last.starts_with("answer:") {
            return seen;
        }
    }
}

#[test]
fn in_a_game_a_move_the_first_recogniser_asks_about_is_taken_with_whisper() {
    let data = data_dir("second-opinion", "game");
    std::fs::create_dir_all(&data).unwrap();
    let wav = knight_to_h3(&data);
    // The model's folder named in the configuration, as a user who keeps
    // it elsewhere names it.
    let config = format!(
        "[hearing]\nmodel = \"{}\"\n",
        common::whisper_model().display()
    );
    let mut alone = game_hearing(&data.join("alone"), &config, &wav, &[]);
    let seen = first_answer(&alone);
    assert_eq!(
        seen.last().unwrap(),
        "answer: Springer Hector drei? Bitte ja oder nein sagen.",
        "{seen:#?}"
    );
    std::io::Write::write_all(&mut alone.stdin, b"quit\n").unwrap();
    assert!(alone.child.wait().unwrap().success());
    let mut both = game_hearing(&data.join("both"), &config, &wav, &["--second-opinion"]);
    let seen = first_answer(&both);
    assert_eq!(
        seen.last().unwrap(),
        "announced: 1. Nh3: Springer Hector drei",
        "{seen:#?}"
    );
    assert!(!seen.iter().any(|l| l.contains("Whisper")), "{seen:#?}");
    std::io::Write::write_all(&mut both.stdin, b"quit\n").unwrap();
    assert!(both.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_game_that_asks_whisper_without_its_model_says_so_once_and_hears_with_one() {
    let data = data_dir("second-opinion", "missing");
    std::fs::create_dir_all(&data).unwrap();
    let wav = knight_to_h3(&data);
    let missing = data.join("no-model-here");
    let config = format!(
        "[hearing]\nsecond_opinion = true\nmodel = \"{}\"\n",
        missing.display()
    );
    let mut game = game_hearing(&data, &config, &wav, &[]);
    let seen = first_answer(&game);
    let told: Vec<&String> = seen.iter().filter(|l| l.contains("Whisper")).collect();
    assert_eq!(
        told,
        [&format!(
            "answer: Whisper wird nicht gefragt: in {} ist kein Modell; scripts/setup installiert es. Züge hört ein Modell allein.",
            missing.display()
        )],
        "{seen:#?}"
    );
    assert_eq!(
        seen.last().unwrap(),
        "answer: Springer Hector drei? Bitte ja oder nein sagen.",
        "{seen:#?}"
    );
    std::io::Write::write_all(&mut game.stdin, b"quit\n").unwrap();
    assert!(game.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn the_doctor_reads_the_model_a_game_would_ask_and_a_relative_folder_is_refused() {
    let data = data_dir("second-opinion", "doctor");
    let folder = data.join("config/zweibrett");
    std::fs::create_dir_all(&folder).unwrap();
    let config = folder.join("config.toml");
    let line_of = |output: &std::process::Output| {
        String::from_utf8_lossy(&output.stdout)
            .lines()
            .find(|l| l.contains("second opinion"))
            .unwrap_or_default()
            .to_string()
    };
    let doctor = || {
        zweibrett(&data)
            .args(["--voice", "en", "doctor"])
            .output()
            .unwrap()
    };
    let model = common::whisper_model();
    std::fs::write(
        &config,
        format!(
            "[hearing]\nsecond_opinion = true\nmodel = \"{}\"\n",
            model.display()
        ),
    )
    .unwrap();
    assert_eq!(
        line_of(&doctor()),
        format!(
            "ok: second opinion: Whisper ({}) is read and asked on every move heard",
            model.display()
        )
    );
    // A model that is no model fails the check, as it would the game.
    let broken = data.join("broken");
    std::fs::create_dir_all(&broken).unwrap();
    std::fs::write(broken.join("model.bin"), b"not a model").unwrap();
    std::fs::write(broken.join("tokenizer.json"), b"{}").unwrap();
    std::fs::write(
        &config,
        format!(
            "[hearing]\nsecond_opinion = true\nmodel = \"{}\"\n",
            broken.display()
        ),
    )
    .unwrap();
    let line = line_of(&doctor());
    assert!(
        line.starts_with(&format!(
            "FAILS: second opinion: asked for, but the model in {} cannot be read (",
            broken.display()
        )),
        "{line}"
    );
    std::fs::write(&config, "[hearing]\nmodel = \"models/whisper\"\n").unwrap();
    let checked = zweibrett(&data).args(["config", "check"]).output().unwrap();
    assert!(!checked.status.success());
    let stderr = String::from_utf8_lossy(&checked.stderr);
    assert!(
        stderr.contains(
            "line 2: [hearing] model = \"models/whisper\": a folder is written from / or from ~/"
        ),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(&data);
}
