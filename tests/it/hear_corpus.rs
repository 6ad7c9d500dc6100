//! Spoken moves heard: 24 positions from random games (200 under `make
//! test-long`, or `HEAR_CORPUS_POSITIONS`), each move said by
//! espeak-ng in several voices and speeds, in the `fide` and `en` packs and
//! in both forms. No recording may be heard as another move; the share
//! heard right at once is printed per pack and form.

use crate::common;

use std::collections::BTreeMap;

use common::hear_corpus::{Recording, generate, uci};
use zweibrett::hearing::Recogniser;
use zweibrett_core::hearing::{Grammar, Heard, Said};
use zweibrett_core::notation::VoicePack;

/// What became of one recording.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Outcome {
    Right,
    /// Asked, the move said among the choices.
    AskedWithIt,
    /// Asked without it, heard as a command, or nothing heard.
    NotHeard,
    Wrong,
}

fn hear_all(recordings: &[Recording]) -> Vec<(Outcome, String)> {
    let mut outcomes = vec![(Outcome::NotHeard, String::new()); recordings.len()];
    let chunks: Vec<(usize, &[Recording])> = recordings
        .chunks(recordings.len().div_ceil(2))
        .enumerate()
        .map(|(i, c)| (i * recordings.len().div_ceil(2), c))
        .collect();
    let results: Vec<Vec<(usize, Outcome, String)>> = std::thread::scope(|s| {
        let handles: Vec<_> = chunks
            .iter()
            .map(|&(start, chunk)| {
                s.spawn(move || {
                    let mut recognisers: BTreeMap<&str, Recogniser> = BTreeMap::new();
                    let mut out = Vec::new();
                    for (k, r) in chunk.iter().enumerate() {
                        let pack = VoicePack::builtin(r.pack);
                        let recogniser = recognisers.entry(r.pack).or_insert_with(|| {
                            Recogniser::for_pack(&pack).expect("the recogniser is installed")
                        });
                        let bytes = std::fs::read(&r.wav).unwrap();
                        let sound = zweibrett_core::wav::read(&bytes).unwrap();
                        let samples = zweibrett::hearing::samples_of(&sound);
                        let grammar = Grammar::of_position(&pack, &r.position);
                        let hearing = recogniser.hear_in(&r.position, &grammar, &samples).unwrap();
                        let outcome = match &hearing.heard {
                            Heard::Said(Said::Move(m)) if *m == r.said => Outcome::Right,
                            Heard::Said(Said::Move(_)) => Outcome::Wrong,
                            Heard::Ask(choices) if choices.contains(&Said::Move(r.said)) => {
                                Outcome::AskedWithIt
                            }
                            Heard::Confirm(said, _) if *said == Said::Move(r.said) => {
                                Outcome::AskedWithIt
                            }
                            _ => Outcome::NotHeard,
                        };
                        let detail = format!(
                            "{} [{} {} {}] said \"{}\" ({}) unexplained {}: {:?}",
                            r.wav.display(),
                            r.pack,
                            r.voice,
                            r.speed,
                            r.text,
                            uci(&r.position, r.said),
                            hearing.unexplained,
                            hearing.guesses
                        );
                        out.push((start + k, outcome, detail));
                    }
                    out
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (i, outcome, detail) in results.into_iter().flatten() {
        outcomes[i] = (outcome, detail);
    }
    outcomes
}

#[test]
fn no_recording_is_heard_as_another_move() {
    common::lowest_priority();
    let dir = tempfile_dir();
    let positions = common::sample("HEAR_CORPUS_POSITIONS", 24, 200);
    let recordings = generate(&dir, positions, 0x5a7e);
    let outcomes = hear_all(&recordings);
    let mut table: BTreeMap<(String, String), [usize; 4]> = BTreeMap::new();
    for (r, (outcome, _)) in recordings.iter().zip(&outcomes) {
        let row = table
            .entry((r.pack.to_string(), format!("{:?}", r.form).to_lowercase()))
            .or_default();
        row[*outcome as usize] += 1;
    }
    common::hear_corpus::print_table("form", &table);
    common::hear_corpus::dump_and_refuse_wrong(&outcomes, &Outcome::Wrong, "HEAR_CORPUS_DUMP");
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("zweibrett-hear-corpus-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}
