//! Adapting to one voice: a voice the corpus never uses says the 20
//! enrolment moves; the transform made from them by the training tools is
//! measured on the moves of other positions said by the same voice, with
//! and without it: 24 in German (`HEAR_ENROLMENT_POSITIONS`), where the
//! gain is asserted, and 12 in English (`HEAR_ENROLMENT_POSITIONS_EN`),
//! where only wrong moves are looked for; 40 each under `make test-long`.
//! No move may be heard as another either way; in the German pack, where
//! the US English model fits the voice worst, the adapted recogniser must
//! take more moves at once than the plain one. `HEAR_ENROLMENT_SECOND_OPINION=on`
//! hears each with Whisper too, in rows of their own.

use crate::common;

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use common::hear_corpus::{positions, uci};
use zweibrett::hearing::adapt::{Recorded, adapt, missing_tools, says};
use zweibrett::hearing::{Recogniser, samples_of};
use zweibrett_core::hearing::enrolment::{prompts, prompts_grammar};
use zweibrett_core::hearing::{Grammar, Heard, Said};
use zweibrett_core::notation::VoicePack;
use zweibrett_core::notation::say::{Form, say};

/// The voice of each pack: espeak-ng variants the corpus does not use.
fn voice(pack: &str) -> &'static str {
    match pack {
        "en" => "en-us+klatt3",
        _ => "de+klatt3",
    }
}

const SPEED: &str = "150";

fn said(dir: &Path, name: &str, pack: &VoicePack, text: &str) -> Vec<i16> {
    let wav = dir.join(format!("{name}.wav"));
    let status = Command::new("espeak-ng")
        .args(["-v", voice(&pack.id), "-s", SPEED, "-w"])
        .arg(&wav)
        .arg(pack.pronounced(text))
        .status()
        .expect("espeak-ng runs");
    assert!(status.success(), "espeak-ng failed on {text}");
    let sound = zweibrett_core::wav::read(&std::fs::read(&wav).unwrap()).unwrap();
    samples_of(&sound)
}

/// Whether Whisper is asked too, as `HEAR_ENROLMENT_SECOND_OPINION` says.
fn second_opinion() -> bool {
    match std::env::var("HEAR_ENROLMENT_SECOND_OPINION").as_deref() {
        Ok("on") => true,
        Ok("off") | Err(_) => false,
        Ok(other) => panic!("HEAR_ENROLMENT_SECOND_OPINION is on or off, not {other:?}"),
    }
}

/// Right at once, asked with the move offered, not heard, wrong.
fn outcome(heard: &Heard, m: shakmaty::Move) -> usize {
    match heard {
        Heard::Said(Said::Move(h)) if *h == m => 0,
        Heard::Said(Said::Move(_)) => 3,
        Heard::Ask(choices) if choices.contains(&Said::Move(m)) => 1,
        Heard::Confirm(said, _) if *said == Said::Move(m) => 1,
        _ => 2,
    }
}

#[test]
fn an_adapted_model_hears_its_voice_better_and_never_wrongly() {
    let missing = missing_tools();
    if !missing.is_empty() {
        common::cannot_run(&format!("the training tools are missing: {missing:?}"));
        return;
    }
    common::lowest_priority();
    let dir = tempfile::tempdir().unwrap();
    let mut table: BTreeMap<(String, String), [usize; 4]> = BTreeMap::new();
    let mut wrong = Vec::new();
    for pack_id in ["fide", "en"] {
        let pack = VoicePack::builtin(pack_id);
        let enrolment: Vec<Recorded> = prompts(&pack, 20)
            .iter()
            .enumerate()
            .map(|(i, p)| Recorded {
                words: p.words.clone(),
                samples: said(dir.path(), &format!("{pack_id}-enrol-{i}"), &pack, &p.text),
            })
            .collect();
        // Each recording is heard as the move it was asked for, and never
        // as the next one asked for: what enrolment checks before using it.
        let chosen = prompts(&pack, 20);
        let grammar = prompts_grammar(&chosen);
        let mut plain = Recogniser::for_pack(&pack).expect("the recogniser loads");
        let heard_as_asked = enrolment
            .iter()
            .zip(&chosen)
            .filter(|(r, p)| says(&mut plain, &grammar, p, &r.samples))
            .count();
        let heard_as_next = enrolment
            .iter()
            .zip(chosen.iter().cycle().skip(1))
            .filter(|(r, p)| says(&mut plain, &grammar, p, &r.samples))
            .count();
        println!(
            "{pack_id}: enrolment moves heard as asked {heard_as_asked} of 20, as the next {heard_as_next}"
        );
        assert!(
            heard_as_asked >= 18,
            "{pack_id}: {heard_as_asked} of 20 heard as asked"
        );
        assert_eq!(
            heard_as_next, 0,
            "{pack_id}: a move heard as the next one asked for"
        );
        let transform = adapt(&pack, &enrolment).expect("the adaptation is made");
        let kept = dir.path().join(format!("{pack_id}.mllr"));
        std::fs::write(&kept, transform).unwrap();
        let count = match pack_id {
            "fide" => common::sample("HEAR_ENROLMENT_POSITIONS", 24, 40),
            _ => common::sample("HEAR_ENROLMENT_POSITIONS_EN", 12, 40),
        };
        let tests: Vec<_> = positions(count, 0xe7a1)
            .into_iter()
            .enumerate()
            .flat_map(|(i, (position, m))| {
                [Form::Short, Form::Long].map(|form| {
                    let text = say(&pack, &position, m, form);
                    let samples = said(
                        dir.path(),
                        &format!("{pack_id}-test-{i}-{form:?}"),
                        &pack,
                        &text,
                    );
                    (position.clone(), m, text, samples)
                })
            })
            .collect();
        let heard = |adapted: bool, whisper: bool| {
            let transform = adapted.then_some(kept.as_path());
            let mut recogniser =
                Recogniser::adapted(&pack, transform).expect("the recogniser loads");
            if whisper {
                recogniser.set_second_opinion(Some(
                    zweibrett::hearing::second_opinion::SecondOpinion::load(
                        &common::whisper_model(),
                        &pack.language,
                    )
                    .expect("Whisper is installed (scripts/setup)"),
                ));
            }
            tests
                .iter()
                .map(|(position, m, _, samples)| {
                    let grammar = Grammar::of_position(&pack, position);
                    let hearing = recogniser.hear_in(position, &grammar, samples).unwrap();
                    outcome(&hearing.heard, *m)
                })
                .collect::<Vec<usize>>()
        };
        let both = |whisper: bool| {
            std::thread::scope(|s| {
                let plain = s.spawn(|| heard(false, whisper));
                let adapted = heard(true, whisper);
                (plain.join().unwrap(), adapted)
            })
        };
        let (plain, adapted) = both(false);
        let mut rows = vec![("plain", plain), ("adapted", adapted)];
        if second_opinion() {
            let (plain, adapted) = both(true);
            rows.push(("plain with Whisper", plain));
            rows.push(("adapted with Whisper", adapted));
        }
        for (label, outcomes) in &rows {
            for (k, o) in outcomes.iter().enumerate() {
                table
                    .entry((pack_id.to_string(), label.to_string()))
                    .or_default()[*o] += 1;
                if *o == 3 {
                    let (position, m, text, _) = &tests[k];
                    wrong.push(format!(
                        "{pack_id} {label}: \"{text}\" ({})",
                        uci(position, *m)
                    ));
                }
            }
        }
    }
    common::hear_corpus::print_table("model", &table);
    assert!(wrong.is_empty(), "heard as another move: {wrong:#?}");
    let right = |label: &str| table[&("fide".to_string(), label.to_string())][0];
    assert!(
        right("adapted") > right("plain"),
        "adapting to the voice did not help: {} against {} right at once",
        right("adapted"),
        right("plain")
    );
}
