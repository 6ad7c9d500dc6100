//! A move is never taken from part of what was said. Over many positions,
//! a legal phrase that holds another legal move's phrase as its tail
//! ("Läufer Anna drei" and "Anna drei", "Dame Eva vier" and "Eva vier") is
//! said by espeak-ng, then its first word is cut short or damped, as a
//! late push to talk, a turned head or a narrow line would leave it; the
//! recording must never be heard as the shorter phrase's move.
//! `HEAR_LOST_PAIRS` sets how many pairs per pack (6, or 24 under `make
//! test-long`).

use crate::common;

use common::hear_corpus::{positions, uci};
use common::room_corpus::{RATE, Room, Voice, in_room, read, synthesize, write};
use shakmaty::Move;
use zweibrett::hearing::Recogniser;
use zweibrett_core::hearing::{Grammar, Heard, Said};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::wav::Sound;

/// A phrase whose tail is another move's phrase, in one position.
struct Pair {
    position: shakmaty::Chess,
    long: (String, Said),
    short: Said,
}

fn pairs(pack: &VoicePack, count: usize, seed: u64) -> Vec<Pair> {
    let mut found = Vec::new();
    for (position, _) in positions(count * 40, seed) {
        let grammar = Grammar::of_position(pack, &position);
        let phrases = grammar.phrases();
        let pair = phrases.iter().find_map(|long| {
            phrases.iter().find_map(|short| {
                let tail = long.words.len() > short.words.len()
                    && long.words.ends_with(&short.words)
                    && long.said != short.said
                    && matches!((long.said, short.said), (Said::Move(_), Said::Move(_)));
                tail.then(|| Pair {
                    position: position.clone(),
                    long: (long.text.clone(), long.said),
                    short: short.said,
                })
            })
        });
        if let Some(pair) = pair {
            found.push(pair);
        }
        if found.len() == count {
            break;
        }
    }
    found
}

/// The frames of 10 ms the first word takes, as the recogniser places it
/// when told the phrase.
fn first_word(
    recogniser: &mut Recogniser,
    grammar: &Grammar,
    said: Said,
    samples: &[i16],
) -> (usize, usize) {
    let only = grammar.only(&[said]);
    let hearing = recogniser.hear(&only, samples).unwrap();
    let guess = hearing.guesses.first().expect("the phrase alone is heard");
    let pad = zweibrett::hearing::PAD_BEFORE / 160;
    let (first, last) = guess.frames[0];
    (first.saturating_sub(pad), last.saturating_sub(pad))
}

/// `samples` with the frames `from..=to` multiplied by `gain`, or cut
/// away from the start up to `cut_to` (a push to talk that came late).
fn changed(samples: &[i16], from: usize, to: usize, gain: f32, cut_to: Option<usize>) -> Vec<i16> {
    let (a, b) = (from * 160, ((to + 1) * 160).min(samples.len()));
    let mut out: Vec<i16> = samples.to_vec();
    for s in &mut out[a..b] {
        *s = (f32::from(*s) * gain) as i16;
    }
    match cut_to {
        Some(cut) => out[(cut * 160).min(out.len())..].to_vec(),
        None => out,
    }
}

#[test]
fn a_phrase_with_its_first_word_lost_is_never_taken_for_its_tail() {
    let dir = std::env::temp_dir().join(format!("zweibrett-lost-words-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    common::lowest_priority();
    let count = common::sample("HEAR_LOST_PAIRS", 6, 24);
    let mut tried = 0;
    let mut taken_whole = 0;
    let mut wrong = Vec::new();
    for (pack_id, voices) in [("fide", ["de", "de+m3"]), ("en", ["en-us", "en-us+f2"])] {
        let pack = VoicePack::builtin(pack_id);
        let mut recogniser = Recogniser::for_pack(&pack).expect("the recogniser is installed");
        for (i, pair) in pairs(&pack, count, 0x1057 + pack_id.len() as u64)
            .into_iter()
            .enumerate()
        {
            let grammar = Grammar::of_position(&pack, &pair.position);
            let voice = Voice::Espeak {
                voice: voices[i % 2],
                pitch: 50,
                speed: 160,
            };
            let clean = dir.join(format!("{pack_id}-{i}.wav"));
            synthesize(&voice, &pack.pronounced(&pair.long.0), &clean);
            let sound = read(&clean);
            let samples = zweibrett::hearing::samples_of(&sound);
            let whole = recogniser
                .hear_in(&pair.position, &grammar, &samples)
                .unwrap();
            if whole.heard == Heard::Said(pair.long.1) {
                taken_whole += 1;
            } else {
                eprintln!(
                    "{pack_id} \"{}\" whole: {:?} {:?}",
                    pair.long.0, whole.heard, whole.guesses
                );
            }
            let (from, to) = first_word(&mut recogniser, &grammar, pair.long.1, &samples);
            let cut_at = from + (to - from) * 6 / 10;
            let mut variants: Vec<(&str, Vec<i16>)> = vec![
                (
                    "first word damped 20 dB",
                    changed(&samples, from, to, 0.1, None),
                ),
                (
                    "first word damped 30 dB",
                    changed(&samples, from, to, 0.03, None),
                ),
                (
                    "first word's start cut",
                    changed(&samples, from, to, 1.0, Some(cut_at)),
                ),
            ];
            // The same damping through a narrow 8 kHz line.
            let damped = dir.join(format!("{pack_id}-{i}-damped.wav"));
            let narrow = dir.join(format!("{pack_id}-{i}-narrow.wav"));
            let as_sound = |s: &[i16]| Sound {
                rate: RATE,
                samples: s.iter().map(|&v| f32::from(v) / 32768.0).collect(),
            };
            write(&damped, &as_sound(&changed(&samples, from, to, 0.25, None)));
            in_room(&damped, Room::Band8k, &narrow, i as u64);
            variants.push((
                "first word damped 12 dB, 8 kHz",
                zweibrett::hearing::samples_of(&read(&narrow)),
            ));
            for (how, heard_samples) in variants {
                tried += 1;
                let hearing = recogniser
                    .hear_in(&pair.position, &grammar, &heard_samples)
                    .unwrap();
                if hearing.heard == Heard::Said(pair.short) {
                    let m: Move = match pair.long.1 {
                        Said::Move(m) => m,
                        _ => unreachable!(),
                    };
                    wrong.push(format!(
                        "{pack_id} \"{}\" ({}) {how}: {:?} {:?}",
                        pair.long.0,
                        uci(&pair.position, m),
                        hearing.heard,
                        hearing.guesses
                    ));
                }
            }
        }
    }
    eprintln!(
        "{tried} recordings with the first word lost; the whole phrases taken at once: {taken_whole}"
    );
    assert!(
        tried >= 4 * count,
        "too few pairs found: {tried} recordings"
    );
    assert!(
        wrong.is_empty(),
        "taken for the shorter phrase:\n{wrong:#?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
