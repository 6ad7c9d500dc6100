//! The built-in voice's latency, from a move handed to `announce` to its
//! first sample at the sound device: shared by the test that holds it to
//! its bounds and the bench that reports it.

use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use zweibrett::speech::{
    Announce, Backend, Earcon, Priority, SpeechOutput, SpeechSettings, TextFeed, Utterance,
};
use zweibrett_core::notation::VoicePack;

/// The built-in voice in `fide`'s words, started on the default device
/// and quiet after its start: the voice, its text (kept for as long as the
/// voice speaks), and when each sound reaches the device.
pub fn quiet_builtin_voice() -> (SpeechOutput, TextFeed, Receiver<Instant>) {
    let settings = SpeechSettings {
        backend: Backend::Builtin,
        ..SpeechSettings::default()
    };
    let (speech, text) = SpeechOutput::start(settings, &VoicePack::fide());
    let starts = speech.audio_starts();
    assert!(speech.wait_until_quiet(Duration::from_secs(10)));
    (speech, text, starts)
}

/// A move's announcement, as a game hands it over.
pub fn a_move() -> Utterance {
    Utterance::new("Springer Gustav eins Felix drei", Priority::Move).with_earcon(Earcon::Move)
}

/// From handing `utterance` over to its first sample at the device.
pub fn latency(
    speech: &SpeechOutput,
    starts: &Receiver<Instant>,
    utterance: Utterance,
) -> Duration {
    // A start left from an earlier sound is not this one's.
    while starts.try_recv().is_ok() {}
    let handed_over = Instant::now();
    speech.announce(utterance);
    let first_sample = starts
        .recv_timeout(Duration::from_secs(2))
        .expect("the announcement reached the device");
    first_sample.duration_since(handed_over)
}
