//! The readers of typed text never panic, whatever they are given, and
//! reading never changes the position it reads in: 1,000 cases each, 3,000
//! under `make test-long` (or `PARSER_PROPS_CASES`).

use crate::common;

use proptest::prelude::*;
use shakmaty::{Chess, Position};
use zweibrett_core::notation::pack::BUILTIN;
use zweibrett_core::notation::score::read_score;
use zweibrett_core::notation::{Lexicon, Reading, VoicePack, read_move};

/// Text made of the pieces players type: words of the packs, algebraic
/// fragments, digits, punctuation and arbitrary characters.
fn typed_text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "Springer",
        "Gustav",
        "eins",
        "Felix",
        "drei",
        "Eva",
        "vier",
        "Dame",
        "schlägt",
        "x",
        "O-O",
        "0-0-0",
        "e.p.",
        "Kurze",
        "Rochade",
        "Umwandlung",
        "in",
        "=",
        "+",
        "#",
        "-",
        "Nf3",
        "e4",
        "e7e8q",
        "R",
        "b",
        "1.",
        "12...",
        "(=)",
        "fuf",
        "Springr",
        "ß",
        "é",
        "  ",
        ",",
        "!",
        "?",
        "Bauer",
        "acht",
        "Anna",
        "Hector",
        "nach",
        "a",
        "to",
    ]);
    prop_oneof![
        prop::collection::vec(pieces, 0..12).prop_map(|v| v.join(" ")),
        prop::collection::vec(
            prop_oneof![Just(String::new()), "[a-hA-Z0-9xX=+#.()-]{1,6}"],
            0..8
        )
        .prop_map(|v| v.join(" ")),
        any::<String>(),
    ]
}

fn position_after(plies: &[usize]) -> Chess {
    let mut position = Chess::default();
    for &choice in plies {
        let legal = position.legal_moves();
        if legal.is_empty() {
            break;
        }
        position.play_unchecked(legal[choice % legal.len()]);
    }
    position
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(
        common::sample("PARSER_PROPS_CASES", 1000, 3000) as u32
    ))]

    #[test]
    fn reading_a_move_never_panics(
        text in typed_text(),
        plies in prop::collection::vec(any::<usize>(), 0..30),
        pack in 0..BUILTIN.len(),
    ) {
        let pack = VoicePack::builtin(BUILTIN[pack].0);
        let position = position_after(&plies);
        let before = position.clone();
        let reading = read_move(Lexicon::builtin(), &pack, &position, &text);
        prop_assert_eq!(position, before);
        match reading {
            Reading::Move(m) => prop_assert!(position_after(&plies).is_legal(m)),
            Reading::Ambiguous { candidates, question } => {
                prop_assert!(candidates.len() >= 2);
                prop_assert!(question.ends_with('?'));
            }
            Reading::Illegal { reason, .. } | Reading::Unrecognized { reason } => {
                prop_assert!(!reason.trim().is_empty());
            }
        }
    }

    #[test]
    fn reading_a_score_never_panics(text in typed_text()) {
        let pack = VoicePack::fide();
        let _ = read_score(Lexicon::builtin(), &pack, &Chess::default(), &text);
    }

    #[test]
    fn loading_a_pack_never_panics(text in any::<String>(), cut in any::<usize>()) {
        let _ = VoicePack::from_toml(&text, "arbitrary.toml");
        // A real pack cut short anywhere is refused or loaded, never a panic.
        let real = BUILTIN[0].1;
        let mut end = cut % (real.len() + 1);
        while !real.is_char_boundary(end) {
            end -= 1;
        }
        let _ = VoicePack::from_toml(&real[..end], "cut.toml");
    }
}
