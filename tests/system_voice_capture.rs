//! The voices heard: a private speech-dispatcher plays into a file, the
//! built-in voice into another, and each announcement of a game is
//! identified in the recording by correlation with a rendering of its text
//! (tests/common/capture.rs).

mod common;

use std::time::Duration;

use common::Sandbox;
use common::capture::{
    ESPEAK_RATE, Identified, NORMAL_WPM, SpeechServer, builtin_heard, espeak, identify_in_order,
    keep_every_opening, read_wav_samples, run_paced,
};

/// The moves of the game, none on the c-file (whose name the packs may
/// spell for the engines in a way of their own).
const MOVES: [&str; 8] = ["e4", "e5", "Nf3", "Nf6", "d4", "exd4", "e5", "Ne4"];

/// The spoken text of every `announced:` line, in order.
fn announced(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .filter_map(|l| l.strip_prefix("announced: "))
        .map(|l| l.split_once(": ").map_or(l, |(_, text)| text).to_string())
        .collect()
}

fn report(found: &[Identified]) -> String {
    found
        .iter()
        .map(|f| {
            format!(
                "{:>6.2} s  {:.3} (others {:.3})  {}\n",
                f.heard.at, f.heard.score, f.best_other, f.heard.text
            )
        })
        .collect()
}

fn assert_each_identified(found: &[Identified]) {
    let table = report(found);
    eprintln!("{table}");
    for f in found {
        assert!(
            f.said_apart(),
            "\"{}\" was not heard apart from the others:\n{table}",
            f.heard.text
        );
    }
}

#[test]
fn the_harness_tells_texts_of_the_system_voice_apart() {
    let sandbox = Sandbox::new("capture-harness");
    let server = SpeechServer::start(&sandbox);
    let texts: Vec<String> = [
        "Springer Felix drei",
        "Eva vier",
        "Springer Felix drei",
        "Turm Anna eins",
        "Eva fünf",
    ]
    .map(String::from)
    .to_vec();
    for text in &texts {
        let status = std::process::Command::new("spd-say")
            .args(["-w", "-l", "de", text])
            .env("SPEECHD_ADDRESS", server.address())
            .status()
            .expect("spd-say is installed with speech-dispatcher");
        assert!(status.success());
    }
    let heard = server.heard_when_quiet(Duration::from_millis(500), Duration::from_secs(10));
    let found = identify_in_order(
        &heard,
        ESPEAK_RATE,
        &texts,
        |t| espeak("de", NORMAL_WPM, t),
        true,
    );
    assert_each_identified(&found);
    // A text that was not said is not found.
    let never = ["Springer Gustav drei".to_string()];
    let found = identify_in_order(
        &heard,
        ESPEAK_RATE,
        &never,
        |t| espeak("de", NORMAL_WPM, t),
        true,
    );
    assert!(found[0].heard.score < 0.8, "{}", report(&found));
}

#[test]
fn every_announcement_of_a_piped_game_is_heard_in_the_system_voice() {
    let sandbox = Sandbox::new("capture-system-game");
    let server = SpeechServer::start(&sandbox);
    let (key, value) = server.env();
    let stdout = run_paced(
        &sandbox,
        &[
            "--plain",
            "--speech",
            "system",
            "--no-earcons",
            "play",
            "--voice",
            "fide",
        ],
        &MOVES,
        // A piped game waits for the system voice before its first line.
        Duration::from_secs(1),
        Duration::from_millis(2500),
        &[(key, value)],
    );
    let texts = announced(&stdout);
    assert_eq!(texts.len(), MOVES.len(), "{stdout}");
    let heard = server.heard_when_quiet(Duration::from_secs(1), Duration::from_secs(20));
    assert!(!heard.is_empty(), "the system voice played nothing");
    // The system voice is handed each text as the pack says to pronounce
    // it ("David" as "Dahwitt").
    let pack = zweibrett::notation::VoicePack::builtin("fide");
    let render = |t: &str| espeak("de", NORMAL_WPM, &pack.pronounced(t));
    let found = identify_in_order(&heard, ESPEAK_RATE, &texts, render, true);
    assert_each_identified(&found);
}

/// The built-in voice's rendering of `text`, as `speak` plays it.
fn builtin_rendering(text: &str) -> Vec<f32> {
    let sandbox = Sandbox::new(&format!("capture-render-{}", text.len()));
    let out = sandbox.run(
        &[
            "speak",
            "--speech",
            "builtin",
            "--no-earcons",
            "--voice",
            "fide",
            text,
        ],
        Duration::from_secs(30),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    read_wav_samples(&sandbox.capture()).0
}

#[test]
fn every_announcement_of_a_piped_game_is_heard_in_the_builtin_voice() {
    let sandbox = Sandbox::new("capture-builtin-game");
    keep_every_opening(&sandbox);
    let stdout = run_paced(
        &sandbox,
        &[
            "--plain",
            "--speech",
            "builtin",
            "--no-earcons",
            "play",
            "--voice",
            "fide",
        ],
        &MOVES,
        Duration::from_millis(1500),
        Duration::from_millis(2500),
        &[],
    );
    let texts = announced(&stdout);
    assert_eq!(texts.len(), MOVES.len(), "{stdout}");
    let heard = builtin_heard(&sandbox);
    let found = identify_in_order(&heard, 16_000, &texts, builtin_rendering, false);
    assert_each_identified(&found);
}
