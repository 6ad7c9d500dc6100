//! The doctor's speech check against real speech-dispatcher servers: it
//! says "ok" only when the server said its test sentence to the end, and
//! it ends within a few seconds either way.

use std::process::Output;
use std::time::{Duration, Instant};

use crate::common::{Sandbox, capture::SpeechServer};

/// The doctor in English with the system speech of `server`; fails the
/// test if it takes longer than a few seconds.
fn doctor(sandbox: &Sandbox, server: &SpeechServer) -> (Output, Duration) {
    let started = Instant::now();
    let (key, value) = server.env();
    let out = sandbox.run_with(
        &["--speech", "system", "doctor", "--voice", "en"],
        Duration::from_secs(60),
        &[(key, &value)],
    );
    (out, started.elapsed())
}

fn speech_line(out: &Output) -> String {
    let stdout = String::from_utf8_lossy(&out.stdout);
    stdout
        .lines()
        .find(|l| l.split(": ").nth(1) == Some("speech"))
        .unwrap_or_else(|| panic!("no speech line in {stdout}"))
        .to_string()
}

#[test]
fn a_server_that_takes_texts_and_plays_none_fails_the_check_within_seconds() {
    let sandbox = Sandbox::new("doctor-mute");
    let server = SpeechServer::start_mute(&sandbox);
    let (out, took) = doctor(&sandbox, &server);
    let line = speech_line(&out);
    assert!(
        line.starts_with("FAILS: speech: ")
            && line.contains("did not say it to its end within 4 seconds: nothing is heard"),
        "{line}"
    );
    assert_eq!(out.status.code(), Some(1), "{line}");
    // The time the server has to answer (3 s), the test sentence (4 s) and
    // the speech thread's ending; nothing is said after a check that was
    // not heard.
    assert!(took < Duration::from_secs(10), "the doctor took {took:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("ALSA lib"), "{stderr}");
}

#[test]
fn a_server_that_plays_is_ok_and_says_every_line() {
    let sandbox = Sandbox::new("doctor-plays");
    let server = SpeechServer::start(&sandbox);
    let (out, _) = doctor(&sandbox, &server);
    let line = speech_line(&out);
    assert!(
        line.starts_with("ok: speech: ") && line.contains("said a test sentence to its end in"),
        "{line}"
    );
    // The test sentence and the eleven lines, played into the server's
    // file: far more than the test sentence alone (about a second).
    let heard = server.heard_when_quiet(Duration::from_secs(2), Duration::from_secs(60));
    let seconds = heard.len() as f64 / f64::from(crate::common::capture::ESPEAK_RATE);
    assert!(seconds > 20.0, "{seconds:.1} s played");
}

#[test]
fn the_built_in_voice_is_ok_when_the_sound_device_played_its_test_sentence() {
    let sandbox = Sandbox::new("doctor-builtin");
    let out = sandbox.run(
        &["--speech", "builtin", "doctor", "--voice", "en"],
        Duration::from_secs(60),
    );
    let line = speech_line(&out);
    assert!(
        line.starts_with("ok: speech: the built-in voice said a test sentence to its end in"),
        "{line}"
    );
    let (played, rate) = crate::common::capture::read_wav_samples(&sandbox.capture());
    let seconds = played.len() as f64 / f64::from(rate);
    assert!(seconds > 20.0, "{seconds:.1} s played");
}

#[test]
fn no_server_at_all_fails_the_check_within_seconds() {
    let sandbox = Sandbox::new("doctor-no-server");
    let nowhere = sandbox.home.join("no-speechd");
    let address = std::path::PathBuf::from(format!("unix_socket:{}", nowhere.display()));
    let started = Instant::now();
    let out = sandbox.run_with(
        &["--speech", "system", "doctor", "--voice", "en"],
        Duration::from_secs(60),
        &[("SPEECHD_ADDRESS", &address)],
    );
    let took = started.elapsed();
    let line = speech_line(&out);
    assert!(line.starts_with("FAILS: speech: "), "{line}");
    assert_eq!(out.status.code(), Some(1), "{line}");
    assert!(took < Duration::from_secs(10), "the doctor took {took:?}");
}
