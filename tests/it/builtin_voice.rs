//! The built-in voice as a user meets it: a pack with a word that has no
//! clip is told at start, and the rate changes how long the words last.

use crate::common;

use std::time::Duration;

use common::{Sandbox, audible_span};
use zweibrett_core::wav;

const LIMIT: Duration = Duration::from_secs(30);

#[test]
fn a_word_without_a_clip_is_told_at_start() {
    let sandbox = Sandbox::new("clipless");
    let pack = std::fs::read_to_string("voices/fide.toml")
        .unwrap()
        .replace("id = \"fide\"", "id = \"eigen\"")
        .replace(
            "name = \"FIDE Appendix D, German words\"",
            "name = \"Eigene Partie mit Quatschwort\"",
        );
    let path = sandbox.home.join("eigen.toml");
    std::fs::write(&path, pack).unwrap();
    let out = sandbox.run(
        &[
            "speak",
            "--voice",
            path.to_str().unwrap(),
            "--speech",
            "builtin",
            "--no-earcons",
            "Eva vier",
        ],
        LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let notes: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("note: the built-in voice leaves out"))
        .collect();
    assert_eq!(notes.len(), 1, "{stderr}");
    assert!(notes[0].contains("1 word of"), "{stderr}");
    assert!(notes[0].contains("\"Quatschwort\""), "{stderr}");
    assert!(!notes[0].contains("\"Eigene\""), "{stderr}");
}

#[test]
fn a_shipped_pack_has_a_clip_for_every_word_and_says_nothing_of_it() {
    for id in ["fide", "pt", "es", "en"] {
        let sandbox = Sandbox::new(&format!("clips-{id}"));
        let out = sandbox.run(
            &[
                "speak",
                "--voice",
                id,
                "--speech",
                "builtin",
                "--no-earcons",
                "1",
            ],
            LIMIT,
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{stderr}");
        assert!(!stderr.contains("leaves out"), "{id}: {stderr}");
    }
}

#[test]
fn the_fastest_rate_says_the_words_in_well_under_half_the_time() {
    let text = "Springer Gustav eins Felix drei";
    let span = |rate: &str| {
        let sandbox = Sandbox::new(&format!("rate{rate}"));
        let out = sandbox.run(
            &[
                "speak",
                "--speech",
                "builtin",
                "--no-earcons",
                "--speech-rate",
                rate,
                text,
            ],
            LIMIT,
        );
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let sound = wav::read(&std::fs::read(sandbox.capture()).unwrap()).unwrap();
        audible_span(&sound.samples, sound.rate, 0.01).0
    };
    let (normal, fastest) = (span("0"), span("100"));
    println!("\"{text}\": {normal:.2} s at rate 0, {fastest:.2} s at rate 100");
    assert!(
        normal / fastest > 2.2,
        "{normal:.2} s at rate 0, {fastest:.2} s at rate 100"
    );
}

#[test]
fn bad_user_recordings_are_named_and_the_words_are_still_said() {
    let said = |name: &str, bad: bool| {
        let sandbox = Sandbox::new(name);
        let clips = sandbox
            .home
            .join(".local/share/zweibrett/voices/fide/clips");
        std::fs::create_dir_all(&clips).unwrap();
        if bad {
            let sound = wav::Sound {
                rate: 16_000,
                samples: vec![0.5; 100_000],
            };
            let mut bytes = Vec::new();
            wav::write(&sound, &mut bytes).unwrap();
            // A rate of zero, and 200 KB at one sample per second.
            let mut zero = bytes.clone();
            zero[24..28].copy_from_slice(&0u32.to_le_bytes());
            std::fs::write(clips.join("eva.wav"), zero).unwrap();
            let mut slow = bytes;
            slow[24..28].copy_from_slice(&1u32.to_le_bytes());
            std::fs::write(clips.join("vier.wav"), slow).unwrap();
        }
        let out = sandbox.run(
            &[
                "speak",
                "--speech",
                "builtin",
                "--no-earcons",
                "Eva vier Dame",
            ],
            LIMIT,
        );
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "{stderr}");
        let sound = wav::read(&std::fs::read(sandbox.capture()).unwrap()).unwrap();
        (
            audible_span(&sound.samples, sound.rate, 0.01).0,
            stderr,
            clips,
        )
    };
    let (normal, _, _) = said("good-clips", false);
    let (span, stderr, clips) = said("bad-clips", true);
    for (file, why) in [
        ("eva.wav", "0 samples per second cannot be played"),
        ("vier.wav", "recorded at 1 samples per second"),
    ] {
        let note = format!(
            "note: the built-in voice does not use {}: ",
            clips.join(file).display()
        );
        assert!(
            stderr
                .lines()
                .any(|l| l.starts_with(&note) && l.contains(why)),
            "{stderr}"
        );
    }
    // The shipped clips said the words instead.
    assert!(
        (span - normal).abs() < 0.05,
        "{span:.2} s against {normal:.2} s"
    );
}
