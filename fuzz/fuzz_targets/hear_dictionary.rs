//! A pronunciation dictionary of one's own pack, and a recogniser's guesses,
//! as outside text: reading never panics, what is read has only the
//! model's phones and reads back the same, and a guess becomes a move only
//! when it is one of the position's phrases.

#![no_main]

use libfuzzer_sys::fuzz_target;
use shakmaty::Chess;
use zweibrett_core::hearing::dictionary::Dictionary;
use zweibrett_core::hearing::phones::ARPABET;
use zweibrett_core::hearing::{Grammar, Guess, Heard, Margins, Said, decide};
use zweibrett_core::notation::VoicePack;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(dictionary) = Dictionary::read(text) {
        for (_, phones) in dictionary.entries() {
            assert!(phones.split(' ').all(|p| ARPABET.contains(&p)));
        }
        assert_eq!(Dictionary::read(&dictionary.write()).unwrap(), dictionary);
    }
    // Built once: loading the pack is the slow part.
    static GRAMMAR: std::sync::OnceLock<Grammar> = std::sync::OnceLock::new();
    let grammar =
        GRAMMAR.get_or_init(|| Grammar::of_position(&VoicePack::fide(), &Chess::default()));
    let guesses: Vec<Guess> = text
        .lines()
        .enumerate()
        .map(|(i, words)| Guess {
            words: words.to_string(),
            score: -(i as i32) * 700,
            frames: Vec::new(),
            raw: None,
        })
        .collect();
    let margins = Margins {
        take: 1500,
        confirm: 300,
    };
    match decide(grammar, &guesses, margins) {
        Heard::Said(said) => {
            let first = guesses
                .first()
                .and_then(|g| grammar.phrase(&g.words))
                .unwrap();
            assert_eq!(first.said, said);
            if let Said::Move(m) = said {
                assert!(shakmaty::Position::is_legal(&Chess::default(), m));
            }
        }
        Heard::Confirm(said, _) => {
            let first = guesses
                .first()
                .and_then(|g| grammar.phrase(&g.words))
                .unwrap();
            assert_eq!(first.said, said);
        }
        Heard::Ask(choices) => assert!(choices.len() >= 2),
        // A move the grammar holds as illegal is answered so, never played.
        Heard::Illegal(_) | Heard::Nothing => {}
    }
});
