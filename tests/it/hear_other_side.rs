//! A move said again after it was played (the opponent repeating the
//! announcement, D.2.1, or its player saying it twice) is a move of the
//! side not to move. In a game it is heard as that repetition, or not at
//! all: never taken as a move, and never asked about as a move of the
//! side to move that nobody said. Over many positions the move just made
//! is said by espeak-ng in voices no corpus uses, in both forms, and
//! heard against the grammar a game hears with after it.
//! `HEAR_OTHER_SIDE` sets how many positions per pack (16 unless set).

use crate::common;

use common::hear_corpus::positions;
use common::room_corpus::{Voice, read, synthesize};
use zweibrett::hearing::Recogniser;
use zweibrett_core::hearing::{Grammar, Heard, Said};
use zweibrett_core::notation::VoicePack;

#[test]
fn a_move_said_again_after_it_was_played_is_heard_as_its_repetition() {
    let dir = std::env::temp_dir().join(format!("zweibrett-other-side-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let count = std::env::var("HEAR_OTHER_SIDE")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(16);
    let (mut said, mut repeated, mut offered) = (0, 0, 0);
    let (mut questions, mut taken) = (Vec::new(), Vec::new());
    for (pack_id, voices) in [
        ("fide", ["de+m2", "de+f4"]),
        ("en", ["en-us+m2", "en-gb+f4"]),
    ] {
        let pack = VoicePack::builtin(pack_id);
        let mut recogniser = Recogniser::for_pack(&pack).expect("the recogniser is installed");
        for (i, (position, m)) in positions(count, 0x0de5 + pack_id.len() as u64)
            .into_iter()
            .enumerate()
        {
            let mut after = position.clone();
            shakmaty::Position::play_unchecked(&mut after, m);
            let grammar = Grammar::of_position_after(&pack, &after, Some((&position, m)));
            // The short form in even positions, the long one in odd.
            let mut phrases: Vec<_> = Grammar::of_position(&pack, &position)
                .phrases()
                .iter()
                .filter(|p| p.said == Said::Move(m))
                .cloned()
                .collect();
            phrases.sort_by_key(|p| p.words.len());
            let Some(phrase) = phrases.get(i % 2).or(phrases.last()) else {
                continue;
            };
            if grammar.phrase(&phrase.words.join(" ")).map(|p| p.said) != Some(Said::Repetition) {
                // Also a move of the side to move: not a repetition alone.
                continue;
            }
            said += 1;
            let voice = Voice::Espeak {
                voice: voices[i % 2],
                pitch: 40 + (i as u32 * 7) % 30,
                speed: 145 + (i as u32 * 11) % 30,
            };
            let wav = dir.join(format!("{pack_id}-{i}.wav"));
            synthesize(&voice, &pack.pronounced(&phrase.text), &wav);
            let samples = zweibrett::hearing::samples_of(&read(&wav));
            let hearing = recogniser.hear_in(&after, &grammar, &samples).unwrap();
            let line = format!(
                "{pack_id} \"{}\" ({voice:?}): {:?}; guesses {:?}",
                phrase.text,
                hearing.heard,
                hearing
                    .guesses
                    .iter()
                    .map(|g| (&g.words, g.score))
                    .collect::<Vec<_>>()
            );
            match hearing.heard {
                Heard::Said(Said::Repetition) => repeated += 1,
                Heard::Confirm(Said::Repetition, _) => offered += 1,
                Heard::Ask(ref choices) if choices.contains(&Said::Repetition) => offered += 1,
                Heard::Said(Said::Move(_)) => taken.push(line),
                Heard::Confirm(..) | Heard::Ask(_) => questions.push(line),
                // Not heard, or answered as a move not legal here:
                // nothing is played and the player says it again.
                _ => eprintln!("otherwise: {line}"),
            }
        }
    }
    eprintln!(
        "{said} moves said again after they were played: {repeated} heard as the repetition, {offered} asked about with the repetition offered, {} asked about as other moves only, {} taken",
        questions.len(),
        taken.len()
    );
    assert!(said * 10 >= 2 * count * 9, "too few moves said: {said}");
    assert!(taken.is_empty(), "taken as a move:\n{taken:#?}");
    assert!(
        questions.is_empty(),
        "asked about as other moves only:\n{questions:#?}"
    );
    assert!(
        (repeated + offered) * 4 >= said * 3,
        "only {repeated} of {said} heard as the repetition, and {offered} asked about"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
