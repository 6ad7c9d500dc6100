//! Hearing a spoken move: from the end of speech to the answer, and the
//! CPU a game spends listening.
//!
//! 1. Spoken moves of 40 random positions (espeak-ng, the `fide` and `en`
//!    packs, both forms) are heard as the game hears them once the
//!    speaker has stopped: both passes of the recogniser and the decision.
//!    With push-to-talk the answer follows the key by this much; with the
//!    detector of speech, by this much after its pause (400 ms) has run.
//! 2. A listener hears a 30 s recording (silence with three moves said)
//!    at the pace it was recorded; the process's CPU time over that time
//!    is the cost of listening.
//!
//! Run with `cargo bench --bench hearing`; needs espeak-ng and
//! PocketSphinx (`scripts/setup`).

#[path = "../tests/common/hear_corpus.rs"]
#[allow(dead_code)]
mod hear_corpus;

use std::time::{Duration, Instant};

use zweibrett::hearing::listen::{Listener, Mode, Source, Told};
use zweibrett::hearing::{Recogniser, samples_of};
use zweibrett_core::hearing::Grammar;
use zweibrett_core::notation::VoicePack;

fn cpu_time() -> Duration {
    // SAFETY: getrusage fills the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    tv(usage.ru_utime) + tv(usage.ru_stime)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn main() {
    let dir = std::env::temp_dir().join(format!("zweibrett-bench-hearing-{}", std::process::id()));
    let recordings = hear_corpus::generate(&dir, 40, 0xbe4c);
    let mut recognisers = std::collections::BTreeMap::new();
    let mut times = Vec::new();
    let mut by_length: Vec<(f64, Duration)> = Vec::new();
    for r in &recordings {
        let pack = VoicePack::builtin(r.pack);
        let recogniser = recognisers
            .entry(r.pack)
            .or_insert_with(|| Recogniser::for_pack(&pack).expect("the recogniser is installed"));
        let sound = zweibrett_core::wav::read(&std::fs::read(&r.wav).unwrap()).unwrap();
        let samples = samples_of(&sound);
        let started = Instant::now();
        let grammar = Grammar::of_position(&pack, &r.position);
        let _ = recogniser.hear_in(&r.position, &grammar, &samples).unwrap();
        let took = started.elapsed();
        times.push(took);
        by_length.push((samples.len() as f64 / 16_000.0, took));
    }
    times.sort();
    println!(
        "end of speech to answer, {} utterances: median {:.1} ms, 90th {:.1} ms, largest {:.1} ms (target: under 200 ms)",
        times.len(),
        percentile(&times, 0.5).as_secs_f64() * 1000.0,
        percentile(&times, 0.9).as_secs_f64() * 1000.0,
        times.last().unwrap().as_secs_f64() * 1000.0
    );
    let speech: f64 = by_length.iter().map(|(s, _)| s).sum();
    let work: f64 = by_length.iter().map(|(_, t)| t.as_secs_f64()).sum();
    println!(
        "decoding: {:.3} × real time ({speech:.0} s of speech)",
        work / speech
    );

    // Listening: silence with three moves, at the pace recorded.
    let said: Vec<_> = recordings
        .iter()
        .filter(|r| r.pack == "fide")
        .take(3)
        .collect();
    let mut samples: Vec<f32> = Vec::new();
    let mut rate = 22_050;
    for r in &said {
        let sound = zweibrett_core::wav::read(&std::fs::read(&r.wav).unwrap()).unwrap();
        rate = sound.rate;
        samples.extend(std::iter::repeat_n(0.0, rate as usize * 8));
        samples.extend(sound.samples);
    }
    samples.extend(std::iter::repeat_n(0.0, rate as usize * 4));
    let long = dir.join("listening.wav");
    let mut file = std::fs::File::create(&long).unwrap();
    zweibrett_core::wav::write(&zweibrett_core::wav::Sound { rate, samples }, &mut file).unwrap();
    let pack = VoicePack::builtin("fide");
    let listener = Listener::start(pack.clone(), Source::File(long), Mode::Always, None);
    listener.expect(Grammar::of_position(&pack, &said[0].position), 0);
    let (cpu, wall) = (cpu_time(), Instant::now());
    let mut heard = 0;
    while wall.elapsed() < Duration::from_secs(31) {
        match listener.try_told() {
            Some(Told::Heard(_)) => heard += 1,
            Some(Told::Unavailable(why)) => panic!("{why}"),
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    let used = cpu_time() - cpu;
    println!(
        "listening: {:.1} % of one core over {:.0} s ({heard} utterances heard)",
        100.0 * used.as_secs_f64() / wall.elapsed().as_secs_f64(),
        wall.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}
