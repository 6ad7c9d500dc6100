//! The second opinion on a spoken move: what Whisper adds to hearing one
//! utterance (the sound encoded once, the phrases in doubt scored), and
//! what loading the model takes.
//!
//! Spoken moves of 40 random positions (espeak-ng, the `fide` and `en`
//! packs, both forms) are heard whole, by the recogniser alone and with
//! the second opinion; the difference is the opinion's. Target: 1 s at
//! the 90th percentile on two cores.
//!
//! Run with `cargo bench --bench second_opinion`; needs espeak-ng,
//! PocketSphinx and Whisper (`scripts/setup`).

#[path = "../tests/it/common/hear_corpus.rs"]
#[allow(dead_code)]
mod hear_corpus;

use std::time::{Duration, Instant};

use zweibrett::hearing::second_opinion::{SecondOpinion, installed_model_dir};
use zweibrett::hearing::{Recogniser, samples_of};
use zweibrett_core::hearing::Grammar;
use zweibrett_core::notation::VoicePack;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let dir = std::env::temp_dir().join(format!("zweibrett-bench-opinion-{}", std::process::id()));
    let recordings = hear_corpus::generate(&dir, 40, 0xbe4c);
    let model = installed_model_dir().expect("a home folder");
    let mut alone = std::collections::BTreeMap::new();
    let mut with = std::collections::BTreeMap::new();
    let mut loads = Vec::new();
    let mut added: std::collections::BTreeMap<&str, Vec<Duration>> = Default::default();
    for r in &recordings {
        let pack = VoicePack::builtin(r.pack);
        let first = alone
            .entry(r.pack)
            .or_insert_with(|| Recogniser::for_pack(&pack).expect("the recogniser is installed"));
        let sound = zweibrett_core::wav::read(&std::fs::read(&r.wav).unwrap()).unwrap();
        let samples = samples_of(&sound);
        let grammar = Grammar::of_position(&pack, &r.position);
        let started = Instant::now();
        let _ = first.hear_in(&r.position, &grammar, &samples).unwrap();
        let by_one = started.elapsed();
        let both = with.entry(r.pack).or_insert_with(|| {
            let mut recogniser = Recogniser::for_pack(&pack).expect("the recogniser is installed");
            let loading = Instant::now();
            let opinion = SecondOpinion::load(&model, &pack.language)
                .expect("Whisper is installed (scripts/setup)");
            loads.push(loading.elapsed());
            recogniser.set_second_opinion(Some(opinion));
            recogniser
        });
        let started = Instant::now();
        let heard = both.hear_in(&r.position, &grammar, &samples).unwrap();
        let by_two = started.elapsed();
        if heard.second_opinion.is_some() {
            added
                .entry(r.pack)
                .or_default()
                .push(by_two.saturating_sub(by_one));
        }
    }
    for (pack, times) in &mut added {
        times.sort();
        let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
        println!(
            "second opinion, {pack}, added to hearing an utterance whole, {} utterances asked about it: median {:.1} ms, 90th {:.1} ms, largest {:.1} ms (target: 90th 1000 ms)",
            times.len(),
            ms(at(0.5)),
            ms(at(0.9)),
            ms(*times.last().unwrap()),
        );
    }
    for load in loads {
        println!("loading Whisper base: {:.0} ms", ms(load));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
