//! An utterance heard while it is said, fed 10 ms at a time as the
//! microphone gives it, is heard as the same utterance heard whole: the
//! same meaning, the same guesses and scores of every search. Needs PocketSphinx and espeak-ng (`scripts/setup`).

use crate::common;

use std::collections::BTreeMap;

use common::hear_corpus::generate;
use zweibrett::hearing::{Recogniser, samples_of};
use zweibrett_core::hearing::Grammar;
use zweibrett_core::notation::VoicePack;

#[test]
fn heard_as_said_is_heard_as_whole() {
    let dir = std::env::temp_dir().join(format!("zweibrett-hear-streamed-{}", std::process::id()));
    let recordings = generate(&dir, 6, 0x57ea);
    // One recogniser each way and pack, fed the same utterances in the
    // same order: each carries the room's average sound over from the
    // utterances before.
    let mut whole: BTreeMap<&str, Recogniser> = BTreeMap::new();
    let mut streamed: BTreeMap<&str, Recogniser> = BTreeMap::new();
    for r in &recordings {
        let pack = VoicePack::builtin(r.pack);
        let load = || Recogniser::for_pack(&pack).expect("the recogniser is installed");
        let sound = zweibrett_core::wav::read(&std::fs::read(&r.wav).unwrap()).unwrap();
        let samples = samples_of(&sound);
        let grammar = Grammar::of_position(&pack, &r.position);
        let at_once = whole
            .entry(r.pack)
            .or_insert_with(load)
            .hear_in(&r.position, &grammar, &samples)
            .unwrap();
        let recogniser = streamed.entry(r.pack).or_insert_with(load);
        recogniser.begin(Some(&r.position), &grammar).unwrap();
        // All but the last block fed while said; the last comes with the
        // end, as when the detector of speech ends the utterance.
        let cut = samples.len().saturating_sub(100);
        for block in samples[..cut].chunks(160) {
            recogniser.feed(block).unwrap();
        }
        let as_said = recogniser.end(&samples).unwrap();
        assert_eq!(
            as_said.heard, at_once.heard,
            "{:?} heard differently",
            r.text
        );
        let scores = |h: &zweibrett::hearing::Hearing| {
            let guesses: Vec<_> = h
                .guesses
                .iter()
                .map(|g| (g.words.clone(), g.score))
                .collect();
            let any_move = h.any_move.as_ref().map(|g| (g.words.clone(), g.score));
            (guesses, any_move, h.any_speech)
        };
        assert_eq!(scores(&as_said), scores(&at_once), "{:?}", r.text);
        assert!(!recogniser.is_hearing());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_utterance_let_go_is_not_heard() {
    let dir = std::env::temp_dir().join(format!("zweibrett-hear-let-go-{}", std::process::id()));
    let recordings = generate(&dir, 1, 0x1e7);
    let r = &recordings[0];
    let pack = VoicePack::builtin(r.pack);
    let mut recogniser = Recogniser::for_pack(&pack).expect("the recogniser is installed");
    let sound = zweibrett_core::wav::read(&std::fs::read(&r.wav).unwrap()).unwrap();
    let samples = samples_of(&sound);
    let grammar = Grammar::of_position(&pack, &r.position);
    recogniser.begin(Some(&r.position), &grammar).unwrap();
    recogniser.feed(&samples[..samples.len() / 2]).unwrap();
    recogniser.let_go();
    assert!(!recogniser.is_hearing());
    // Ended without a beginning: nothing heard, and the recogniser still
    // hears the next utterance whole.
    let nothing = recogniser.end(&samples).unwrap();
    assert!(nothing.guesses.is_empty());
    let whole = recogniser.hear_in(&r.position, &grammar, &samples).unwrap();
    assert!(!whole.guesses.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
