//! The new game form in German (`fide`), Portuguese and Spanish: every word
//! shown and said is in the pack's language, checked against a list of
//! English words that are no words of those languages.

use super::*;
use crate::notation::VoicePack;
use crate::ui::screen::new_game;

/// The English words of the list found in `text`, ignoring case.
pub(crate) fn english_words(text: &str) -> Vec<String> {
    let list: Vec<&str> = include_str!("../../../../../tests/data/english_words.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .collect();
    let mut found: Vec<String> = text
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| list.contains(&w.to_lowercase().as_str()))
        .map(str::to_string)
        .collect();
    found.dedup();
    found
}

/// Everything the form says and shows in `pack`: the intro, every field
/// reached with Tab, every value of every choice, a bad time control, a
/// refused start, the help, and the form drawn.
fn everything_said(id: &str) -> (Vec<String>, String) {
    let pack = VoicePack::builtin(id);
    let defaults = SetupDefaults {
        voice: id.to_string(),
        ..SetupDefaults::default()
    };
    let mut form = SetupForm::in_pack(defaults, packs(), pack);
    let mut said = vec![form.intro()];
    for field in FIELDS {
        if field.kind() == Kind::Choice && field != Field::Voice {
            for _ in 0..4 {
                said.push(super::said(form.key(press(KeyCode::Right), DATE)));
            }
        }
        said.push(super::said(form.key(press(KeyCode::Tab), DATE)));
    }
    // Back on White's name: no name, then a bad time control.
    for _ in 0..10 {
        form.key(press(KeyCode::Backspace), DATE);
    }
    for _ in 0..5 {
        said.push(super::said(form.key(press(KeyCode::Tab), DATE)));
    }
    type_text(&mut form, "90 Minuten plus elf Eier");
    said.push(super::said(form.key(press(KeyCode::Tab), DATE)));
    said.push(super::said(form.key(press(KeyCode::F(10)), DATE)));
    said.extend(new_game::help(form.pack()));
    let terminal = draw(&form, 80, 24);
    (said, format!("{}", terminal.backend()))
}

fn assert_in_pack_language(id: &str) {
    let (said, shown) = everything_said(id);
    for sentence in &said {
        let english = english_words(sentence);
        assert!(
            english.is_empty(),
            "{id}: English {english:?} in: {sentence}"
        );
    }
    let english = english_words(&shown);
    assert!(english.is_empty(), "{id}: English {english:?} on:\n{shown}");
}

#[test]
fn the_form_speaks_and_shows_german_only() {
    assert_in_pack_language("fide");
}

#[test]
fn the_form_speaks_and_shows_portuguese_only() {
    assert_in_pack_language("pt");
}

#[test]
fn the_form_speaks_and_shows_spanish_only() {
    assert_in_pack_language("es");
}

#[test]
fn the_word_check_finds_the_english_form() {
    let (said, shown) = {
        let mut form = form();
        (
            vec![
                form.intro(),
                super::said(form.key(press(KeyCode::Tab), DATE)),
            ],
            {
                let terminal = draw(&form, 80, 24);
                format!("{}", terminal.backend())
            },
        )
    };
    assert!(
        said.iter().all(|s| !english_words(s).is_empty()),
        "{said:?}"
    );
    assert!(!english_words(&shown).is_empty());
}

#[test]
fn snapshot_the_form_in_german() {
    let (_, shown) = everything_said("fide");
    insta::assert_snapshot!(shown);
}

#[test]
fn snapshot_the_form_in_portuguese() {
    let (_, shown) = everything_said("pt");
    insta::assert_snapshot!(shown);
}

#[test]
fn snapshot_the_form_in_spanish() {
    let (_, shown) = everything_said("es");
    insta::assert_snapshot!(shown);
}

#[test]
fn choosing_another_pack_changes_the_forms_language() {
    let mut form = form();
    focus_on(&mut form, "Voice pack");
    // The packs are fide, pt, es, en: from fide, Right chooses pt.
    let said = super::said(form.key(press(KeyCode::Right), DATE));
    assert_eq!(said, "pt.");
    let said = super::said(form.key(press(KeyCode::Tab), DATE));
    assert!(said.starts_with("Voz: a voz do programa."), "{said}");
    let said = super::said(form.key(press(KeyCode::BackTab), DATE));
    assert!(said.starts_with("Pacote de voz: pt."), "{said}");
}

#[test]
fn a_time_control_typed_in_german_is_said_back_in_german() {
    let defaults = SetupDefaults {
        voice: "fide".into(),
        ..SetupDefaults::default()
    };
    let mut form = SetupForm::in_pack(defaults, packs(), VoicePack::builtin("fide"));
    focus_on(&mut form, "Bedenkzeit");
    type_text(&mut form, "90 Minuten plus 30 Sekunden");
    let said = super::said(form.key(press(KeyCode::Tab), DATE));
    assert!(
        said.starts_with("Bedenkzeit: 90 Minuten plus 30 Sekunden. Neunzig Minuten"),
        "{said}"
    );
    let SetupOutcome::Start(setup) = form.key(press(KeyCode::F(10)), DATE) else {
        panic!("the game should start");
    };
    assert_eq!(setup.time, "5400+30");
    assert_eq!(setup.white, "Weiß");
}
