//! The example game of the Laws' Appendix C, as the Portuguese text writes
//! it, read move by move with the Portuguese pack (whose language gives the
//! letters R D T B C their meaning) and announced in the FIDE pack (D.2.1).

use shakmaty::{Chess, Position, san::San};
use zweibrett_core::notation::score::read_score;
use zweibrett_core::notation::{Form, Lexicon, VoicePack, say};

/// Appendix C, first form, exactly as printed in the Portuguese Laws.
const PT_SAN: &str = "1.e4 e5 2. Cf3 Cf6 3. d4 exd4 4. e5 Ce4 5. Dxd4 d5 6. exd6 e.p. Cxd6 7. Bg5 Cc6 8. De3+ Be7 9. Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 (=)";
/// The short form the same text gives next.
const PT_SHORT: &str = "1. e4 e5 2. Cf3 Cf6 3. d4 ed4 4. e5 Ce4 5. Dd4 d5 6. ed6 Cd6 7. Bg5 Cc6 8. De3 Be7 9 Cbd2 0-0 10. 0-0-0 Te8 11. Rb1 (=)";
/// The long form the same text gives last. It prints "8. Dd4d3" where the
/// other two forms have De3: read faithfully, that is the queen to d3.
const PT_LONG: &str = "1. e2e4 e7e5 2.Cg1f3 Cg8f6 3. d2d4 e5xd4 4. e4e5 Cf6e4 5. Dd1xd4 d7d5 6. e5xd6 e.p. Ce4xd6 7. Bc1g5 Cb8c6 8. Dd4d3 Bf8e7 9. Cb1d2 0-0 10. 0-0-0 Rf8e8 11. Rb1 (=)";

const ANNOUNCED: [&str; 21] = [
    "Eva vier",
    "Eva fünf",
    "Springer Felix drei",
    "Springer Felix sechs",
    "David vier",
    "Eva schlägt David vier",
    "Eva fünf",
    "Springer Eva vier",
    "Dame schlägt David vier",
    "David fünf",
    "Eva schlägt David sechs en passant",
    "Springer schlägt David sechs",
    "Läufer Gustav fünf",
    "Springer Cesar sechs",
    "Dame Eva drei Schach",
    "Läufer Eva sieben",
    "Springer Bella David zwei",
    "Kurze Rochade",
    "Lange Rochade",
    "Turm Eva acht",
    "König Bella eins",
];

fn announced(text: &str, form: Form) -> (Vec<String>, Vec<String>) {
    let portuguese = VoicePack::builtin("pt");
    let moves = read_score(Lexicon::builtin(), &portuguese, &Chess::default(), text)
        .unwrap_or_else(|e| panic!("{e}"));
    let pack = VoicePack::fide();
    let mut position = Chess::default();
    let mut words = Vec::new();
    let mut sans = Vec::new();
    for m in moves {
        words.push(say(&pack, &position, m, form));
        sans.push(San::from_move(&position, m).to_string());
        position.play_unchecked(m);
    }
    (words, sans)
}

#[test]
fn the_example_game_is_announced_in_full() {
    let (words, sans) = announced(PT_SAN, Form::Short);
    assert_eq!(words, ANNOUNCED);
    assert_eq!(
        sans.join(" "),
        "e4 e5 Nf3 Nf6 d4 exd4 e5 Ne4 Qxd4 d5 exd6 Nxd6 Bg5 Nc6 Qe3 Be7 Nbd2 O-O O-O-O Re8 Kb1"
    );
}

#[test]
fn the_short_form_of_the_text_gives_the_same_game() {
    assert_eq!(announced(PT_SHORT, Form::Short).0, ANNOUNCED);
}

#[test]
fn the_long_form_of_the_text_is_read_as_printed() {
    let (words, sans) = announced(PT_LONG, Form::Long);
    assert_eq!(sans[14], "Qd3", "the printed Dd4d3 is the queen to d3");
    assert_eq!(words[14], "Dame David vier David drei");
    assert_eq!(words[0], "Bauer Eva zwei Eva vier");
    assert_eq!(words[19], "Turm Felix acht Eva acht");
    assert_eq!(words[20], "König Cesar eins Bella eins");
    assert_eq!(sans.len(), 21);
}
