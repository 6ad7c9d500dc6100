//! The built-in voice's rate changes how fast the words go, not their
//! pitch: one sentence rendered at the rates -50, 0, +50 and +100, its
//! length and its voice's pitch measured.
//!
//!     cargo nextest run -E 'test(/^builtin_rate::/)' --no-capture

use zweibrett::speech::clips::{ClipVoice, VOICE_RATE};
use zweibrett::speech::output::render;
use zweibrett::speech::{Priority, SpeechSettings, Utterance};
use zweibrett_core::notation::VoicePack;

const SENTENCE: &str = "Springer Gustav eins Felix drei, Läufer schlägt Eva sechs, Schach";

/// The median pitch of the voiced stretches of a sound, in Hz: for each
/// 40 ms frame that is loud enough and clearly periodic, the lag of the
/// strongest autocorrelation between 70 and 350 Hz.
fn median_pitch(samples: &[f32]) -> f32 {
    let rate = VOICE_RATE as usize;
    let frame = rate / 25;
    let lags = rate / 350..=rate / 70;
    let mut pitches = Vec::new();
    for chunk in samples.chunks_exact(frame) {
        let energy: f32 = chunk.iter().map(|s| s * s).sum();
        if energy / (frame as f32) < 1e-3 {
            continue;
        }
        let r = |lag: usize| -> f32 { chunk.iter().zip(&chunk[lag..]).map(|(a, b)| a * b).sum() };
        let (lag, best) = lags
            .clone()
            .map(|lag| (lag, r(lag)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        if best > 0.5 * energy {
            pitches.push(VOICE_RATE as f32 / lag as f32);
        }
    }
    assert!(pitches.len() >= 5, "{} voiced frames", pitches.len());
    pitches.sort_by(f32::total_cmp);
    pitches[pitches.len() / 2]
}

#[test]
fn the_rate_changes_the_speed_and_keeps_the_pitch() {
    let pack = VoicePack::fide();
    let clips = ClipVoice::builtin_for(&pack);
    let utterance = Utterance::new(SENTENCE, Priority::Move);
    let measure = |rate: i32| {
        let settings = SpeechSettings {
            rate,
            earcons: false,
            ..SpeechSettings::default()
        };
        let sound = render(&utterance, &clips, &settings, VOICE_RATE);
        (sound.duration().as_secs_f64(), median_pitch(&sound.samples))
    };
    let (normal, normal_pitch) = measure(0);
    println!("\"{SENTENCE}\" in the built-in fide voice:");
    for rate in [-50, 0, 50, 100] {
        let (seconds, pitch) = measure(rate);
        println!(
            "rate {rate:>4}: {seconds:.2} s ({:.2}x as fast as rate 0), median pitch {pitch:.0} Hz",
            normal / seconds
        );
        assert!(
            (pitch / normal_pitch - 1.0).abs() < 0.1,
            "rate {rate}: pitch {pitch:.0} Hz, at rate 0 {normal_pitch:.0} Hz"
        );
        let speedup = normal / seconds;
        let wanted = match rate {
            -50 => 0.55..0.7,
            0 => 0.99..1.01,
            50 => 1.5..1.9,
            _ => 2.4..3.1,
        };
        assert!(wanted.contains(&speedup), "rate {rate}: {speedup:.2}x");
    }
}
