//! Speech and sound as a user meets them: `zweibrett speak` run in a sandbox
//! whose ALSA default device writes a WAV file, so what the program played
//! can be measured.

use crate::common;

use std::time::Duration;

use common::{Sandbox, audible_span};
use zweibrett::speech::clips::ClipVoice;
use zweibrett::speech::{Earcon, SpeechSettings, earcon};
use zweibrett_core::wav;

const LIMIT: Duration = Duration::from_secs(30);

fn captured(sandbox: &Sandbox) -> wav::Sound {
    let bytes = std::fs::read(sandbox.capture()).expect("the sound device wrote a file");
    wav::read(&bytes).expect("the capture is a 16-bit WAV file")
}

#[test]
fn the_builtin_voice_plays_an_announcement_as_long_as_its_clips() {
    let sandbox = Sandbox::new("builtin");
    let text = "Springer Gustav eins Felix drei";
    let out = sandbox.run(
        &["speak", "--speech", "builtin", "--no-earcons", text],
        LIMIT,
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), text);
    assert!(stderr.contains("eingebauten Stimme"), "{stderr}");

    let sound = captured(&sandbox);
    let settings = SpeechSettings::default();
    let expected = ClipVoice::embedded("fide")
        .unwrap()
        .render(text, settings.word_gap())
        .sound
        .duration()
        .as_secs_f64();
    let (span, peak) = audible_span(&sound.samples, sound.rate, 0.01);
    assert!(peak > 0.2, "the capture is silent (peak {peak})");
    assert!(
        span > expected * 0.8 && span < expected * 1.1,
        "played {span:.3} s of sound, the clips last {expected:.3} s"
    );
}

#[test]
fn an_earcon_is_played_alone() {
    let sandbox = Sandbox::new("earcon");
    let out = sandbox.run(
        &["speak", "--speech", "builtin", "--earcon", "flag-fall", ""],
        LIMIT,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let sound = captured(&sandbox);
    let expected = earcon::sound(Earcon::FlagFall, 16_000)
        .duration()
        .as_secs_f64();
    let (span, peak) = audible_span(&sound.samples, sound.rate, 0.01);
    assert!(peak > 0.2, "the capture is silent (peak {peak})");
    assert!(
        span > expected * 0.9 && span < expected * 1.1,
        "played {span:.3} s, the flag-fall earcon lasts {expected:.3} s"
    );
}

#[test]
fn speech_switched_off_plays_nothing_but_prints_every_announcement() {
    let sandbox = Sandbox::new("none");
    let out = sandbox.run(
        &["speak", "--speech", "none", "Eva vier", "Eva fünf"],
        LIMIT,
    );
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout), "Eva vier\nEva fünf\n");
    let played = std::fs::read(sandbox.capture())
        .map(|b| wav::read(&b).map(|s| s.samples.len()).unwrap_or(0))
        .unwrap_or(0);
    assert_eq!(played, 0, "nothing may sound");
}

#[test]
fn the_configured_backend_is_used_and_the_command_line_overrides_it() {
    let sandbox = Sandbox::new("config");
    sandbox.config("[speech]\nbackend = \"none\"\n");
    let out = sandbox.run(&["speak", "Eva vier"], LIMIT);
    assert!(out.status.success());
    assert!(!sandbox.capture().exists() || captured(&sandbox).samples.is_empty());
    let out = sandbox.run(&["speak", "--speech", "builtin", "Eva vier"], LIMIT);
    assert!(out.status.success());
    assert!(!captured(&sandbox).samples.is_empty());
}

#[test]
fn a_broken_configuration_is_refused_as_any_input_that_cannot_be_used() {
    let sandbox = Sandbox::new("badconfig");
    sandbox.config("[speech]\nbackend = \"loud\"\n");
    let out = sandbox.run(&["speak", "Eva vier"], LIMIT);
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("[speech]"), "{stderr}");
}

/// The program's own use: announcing returns at once, however much is
/// announced, and the text feed receives everything in order.
#[test]
fn announcing_never_waits_and_the_text_feed_gets_everything() {
    use zweibrett::speech::{Announce, Backend, Priority, SpeechOutput, SpeechSettings, Utterance};
    use zweibrett_core::notation::VoicePack;
    let settings = SpeechSettings {
        backend: Backend::None,
        ..SpeechSettings::default()
    };
    let (speech, text) = SpeechOutput::start(settings, &VoicePack::fide());
    let started = std::time::Instant::now();
    for i in 0..10_000 {
        let priority = [Priority::Routine, Priority::Move, Priority::Urgent][i % 3];
        speech.announce(Utterance::new(format!("Zug {i}"), priority));
    }
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "announcing took {:?}",
        started.elapsed()
    );
    let received: Vec<String> = text.try_iter().map(|u| u.text).collect();
    assert_eq!(received.len(), 10_000);
    assert_eq!(received[9_999], "Zug 9999");
    assert!(speech.wait_until_quiet(Duration::from_secs(10)));
}

#[test]
fn finishing_with_speech_off_waits_for_nothing() {
    use zweibrett::speech::{Announce, Backend, Priority, SpeechOutput, SpeechSettings, Utterance};
    use zweibrett_core::notation::VoicePack;
    let settings = SpeechSettings {
        backend: Backend::None,
        ..SpeechSettings::default()
    };
    let (speech, _text) = SpeechOutput::start(settings, &VoicePack::fide());
    for text in ["Eva vier", "Eva fünf", "Springer Felix drei"] {
        speech.announce(Utterance::new(text, Priority::Answer));
    }
    let started = std::time::Instant::now();
    assert!(speech.finish(Duration::from_secs(30)), "all was said");
    // Nothing sounds, so nothing is waited for; the bound only allows for
    // a loaded machine.
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "finishing took {:?}",
        started.elapsed()
    );
}

#[test]
fn speech_options_are_checked_and_global() {
    let sandbox = Sandbox::new("options");
    for bad in [
        vec!["speak", "--speech-rate", "150", "x"],
        vec!["speak", "--speech-volume", "101", "x"],
        vec!["speak", "--speech", "loud", "x"],
        vec!["speak", "--earcon", "bell", "x"],
    ] {
        let out = sandbox.run(&bad, LIMIT);
        assert_eq!(out.status.code(), Some(2), "{bad:?}");
    }
    let out = sandbox.run(
        &[
            "--speech",
            "none",
            "--speech-rate",
            "-40",
            "--speech-voice",
            "German",
            "speak",
            "--no-earcons",
            "Eva vier",
        ],
        LIMIT,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_talking_clock_speaks_through_the_builtin_voice() {
    let sandbox = Sandbox::new("clock-voice");
    let out = sandbox.run(
        &["--speech", "builtin", "clock", "--plain", "--time", "300+3"],
        LIMIT,
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(!stdout.trim().is_empty(), "the greeting is printed");
    let sound = captured(&sandbox);
    let (span, peak) = audible_span(&sound.samples, sound.rate, 0.01);
    assert!(peak > 0.2, "the clock said nothing aloud (peak {peak})");
    assert!(span > 0.5, "only {span:.3} s of speech for: {stdout}");
}
