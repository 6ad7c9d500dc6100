//! Latency of the built-in voice: from a move announcement handed to
//! `announce` to the first audio sample handed to the sound device.
//!
//!     cargo bench --bench announce_latency
//!
//! Without a sound card the default ALSA device is replaced, for this run
//! only, by the `null` device (a temporary HOME with an `.asoundrc`). The
//! null device is not paced by a clock, so the figure is the program's own
//! share; a real card adds up to one period of its buffer. Set
//! `ZWEIBRETT_BENCH_DEVICE=default` to measure on the real default device.

use std::time::{Duration, Instant};

use zweibrett::notation::VoicePack;
use zweibrett::speech::{
    ActiveVoice, Announce, Backend, Earcon, Priority, SpeechOutput, SpeechSettings, Utterance,
};

const ROUNDS: usize = 200;

fn main() {
    let home = std::env::temp_dir().join(format!("zweibrett-bench-{}", std::process::id()));
    if std::env::var("ZWEIBRETT_BENCH_DEVICE").as_deref() != Ok("default") {
        std::fs::create_dir_all(&home).unwrap();
        std::fs::write(
            home.join(".asoundrc"),
            "pcm.!default { type plug; slave.pcm \"null\" }\n",
        )
        .unwrap();
        // SAFETY: no other thread runs yet; alsa-lib reads HOME later.
        unsafe { std::env::set_var("HOME", &home) };
    }
    let settings = SpeechSettings {
        backend: Backend::Builtin,
        ..SpeechSettings::default()
    };
    let (speech, _text) = SpeechOutput::start(settings, &VoicePack::fide());
    let starts = speech.audio_starts();
    assert!(speech.wait_until_quiet(Duration::from_secs(10)));
    if speech.active_voice() != ActiveVoice::Builtin(None) {
        eprintln!("no sound device: {:?}", speech.active_voice());
        std::process::exit(1);
    }
    let mut latencies = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let utterance = Utterance::new("Springer Gustav eins Felix drei", Priority::Move)
            .with_earcon(Earcon::Move);
        let handed_over = Instant::now();
        speech.announce(utterance);
        let first_sample = starts
            .recv_timeout(Duration::from_secs(2))
            .expect("the announcement reached the device");
        latencies.push(first_sample.duration_since(handed_over));
        assert!(speech.wait_until_quiet(Duration::from_secs(10)));
    }
    latencies.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "announce -> first sample at the device, built-in voice, {ROUNDS} moves: \
         median {:.2} ms, 90th percentile {:.2} ms, max {:.2} ms (target: median under 30 ms)",
        ms(latencies[ROUNDS / 2]),
        ms(latencies[ROUNDS * 9 / 10]),
        ms(latencies[ROUNDS - 1]),
    );
    drop(speech);
    let _ = std::fs::remove_dir_all(&home);
}
