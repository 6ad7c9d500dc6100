//! Hearing a spoken move: from the end of speech to the answer, and the
//! CPU a game spends listening.
//!
//! 1. Spoken moves of 40 random positions (espeak-ng, the `fide` and `en`
//!    packs, both forms) are heard as the game hears them: fed 10 ms at a
//!    time while said, then from the end of speech to the answer (the
//!    searches that are left and the decision). With push-to-talk the
//!    answer follows the key by this much; with the detector of speech,
//!    by this much after its pause (400 ms) has run. The same utterances
//!    heard whole, from their end, for comparison.
//! 2. A listener hears a 31 s recording (silence with six moves said,
//!    heard in the first one's position) at the pace it was recorded: the
//!    process's CPU time over that time is the cost of listening, and
//!    each answer's time after the detector ended its utterance.
//!
//! Run with `cargo bench --bench hearing`; needs espeak-ng and
//! PocketSphinx (`scripts/setup`).

#[path = "../tests/it/common/hear_corpus.rs"]
#[allow(dead_code)]
mod hear_corpus;

use std::time::{Duration, Instant};

use zweibrett::hearing::listen::{ListenPlan, Mode, Source, Told};
use zweibrett::hearing::{Denoise, Recogniser, samples_of};
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

/// Prints the median, 90th percentile and largest of `times`.
fn report(what: &str, times: &mut [Duration], targets: &str) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{what}, end of speech to answer, {} utterances: median {:.1} ms, 90th {:.1} ms, largest {:.1} ms{targets}",
        times.len(),
        ms(percentile(times, 0.5)),
        ms(percentile(times, 0.9)),
        ms(*times.last().unwrap()),
    );
}

fn main() {
    let dir = std::env::temp_dir().join(format!("zweibrett-bench-hearing-{}", std::process::id()));
    let recordings = hear_corpus::generate(&dir, 40, 0xbe4c);
    let mut recognisers = std::collections::BTreeMap::new();
    let mut times = Vec::new();
    let mut as_said = Vec::new();
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
        recogniser.begin(Some(&r.position), &grammar).unwrap();
        for block in samples.chunks(160) {
            recogniser.feed(block).unwrap();
        }
        let ended = Instant::now();
        let _ = recogniser.end(&samples).unwrap();
        as_said.push(ended.elapsed());
    }
    report(
        "heard while said",
        &mut as_said,
        " (targets: median 100 ms, 90th 200 ms)",
    );
    report("heard whole", &mut times, "");
    let speech: f64 = by_length.iter().map(|(s, _)| s).sum();
    let work: f64 = by_length.iter().map(|(_, t)| t.as_secs_f64()).sum();
    println!(
        "decoding: {:.3} × real time ({speech:.0} s of speech)",
        work / speech
    );

    // Listening: silence with six moves, at the pace recorded.
    let said: Vec<_> = recordings
        .iter()
        .filter(|r| r.pack == "fide")
        .take(6)
        .collect();
    let mut samples: Vec<f32> = Vec::new();
    let mut rate = 22_050;
    for r in &said {
        let sound = zweibrett_core::wav::read(&std::fs::read(&r.wav).unwrap()).unwrap();
        rate = sound.rate;
        samples.extend(std::iter::repeat_n(0.0, rate as usize * 3));
        samples.extend(sound.samples);
    }
    samples.extend(std::iter::repeat_n(0.0, rate as usize * 4));
    let long = dir.join("listening.wav");
    let mut file = std::fs::File::create(&long).unwrap();
    zweibrett_core::wav::write(&zweibrett_core::wav::Sound { rate, samples }, &mut file).unwrap();
    let pack = VoicePack::builtin("fide");
    let listener = ListenPlan {
        source: Source::File(long),
        mode: Mode::Always,
        keep_audio: None,
        denoise: Denoise::Auto,
        adapt: false,
        second_opinion: None,
    }
    .start(&pack);
    let position = said[0].position.clone();
    listener.expect_in(Grammar::of_position(&pack, &position), 0, position);
    let (cpu, wall) = (cpu_time(), Instant::now());
    let mut heard = 0;
    let mut answered = Vec::new();
    while wall.elapsed() < Duration::from_secs(31) {
        match listener.try_told() {
            Some(Told::Heard(phrase)) => {
                heard += 1;
                answered.push(phrase.ended.elapsed());
            }
            Some(Told::Unavailable(why)) => panic!("{why:?}"),
            _ => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    let used = cpu_time() - cpu;
    println!(
        "listening: {:.1} % of one core over {:.0} s ({heard} utterances heard)",
        100.0 * used.as_secs_f64() / wall.elapsed().as_secs_f64(),
        wall.elapsed().as_secs_f64()
    );
    answered.sort();
    if let Some(last) = answered.last() {
        println!(
            "listening: the detector's end of an utterance to the answer: median {:.1} ms, largest {:.1} ms (within 20 ms of polling)",
            percentile(&answered, 0.5).as_secs_f64() * 1000.0,
            last.as_secs_f64() * 1000.0
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
