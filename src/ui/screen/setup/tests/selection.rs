//! Selected defaults, the role and its press, and time controls typed as
//! people say them.

use super::*;

#[test]
fn a_text_fields_default_is_selected_so_typing_replaces_it() {
    let mut form = form();
    assert!(form.intro().contains("White's name: White, selected."));
    type_text(&mut form, "Ana");
    assert_eq!(
        form.white.text(),
        "Ana",
        "the first key replaced the default"
    );
    form.key(press(KeyCode::Tab), DATE);
    // Backspace starts editing instead: one character goes.
    form.key(press(KeyCode::Backspace), DATE);
    assert_eq!(form.black.text(), "Blac");
    type_text(&mut form, "k");
    assert_eq!(form.black.text(), "Black");
    form.key(press(KeyCode::BackTab), DATE);
    // Home, End, Left and Right start editing too.
    for code in [KeyCode::Home, KeyCode::End, KeyCode::Left, KeyCode::Right] {
        form.key(press(KeyCode::Tab), DATE);
        form.key(press(KeyCode::BackTab), DATE);
        assert!(form.selected, "selected again on coming back");
        form.key(press(code), DATE);
        assert!(!form.selected, "{code:?}");
    }
    form.key(press(KeyCode::End), DATE);
    type_text(&mut form, "!");
    assert_eq!(form.white.text(), "Ana!");
    // An empty field has nothing to select.
    focus_on(&mut form, "Start position (FEN)");
    assert!(!form.selected);
}

#[test]
fn the_role_is_chosen_and_the_press_follows_it_unless_chosen() {
    let mut form = form();
    focus_on(&mut form, "Who types (role)");
    assert_eq!(form.focus.position(), 5, "right after the assistant");
    // The shipped configuration: the player alone, the press with the move.
    assert_eq!((form.role, form.press), (Role::Player, Press::Auto));
    let said_assistant = said(form.key(press(KeyCode::Right), DATE));
    assert!(
        said_assistant.starts_with("assistant. You are the assistant: you type both players'"),
        "{said_assistant}"
    );
    assert!(
        !said_assistant.contains("Clock press"),
        "the press stays automatic"
    );
    assert!(said(form.key(press(KeyCode::Right), DATE)).ends_with("Clock press: separate."));
    assert_eq!(form.role, Role::Arbiter);
    let said_player = said(form.key(press(KeyCode::Right), DATE));
    assert_eq!(
        said_player,
        "player. You are the visually impaired player: you type your own move, then your \
         opponent's move as you heard it, one text and Enter each (D.2.1, D.2.7). \
         Clock press: automatic."
    );
    assert_eq!(form.press, Press::Auto);
    // A press chosen by the user stays whatever the role.
    focus_on(&mut form, "Clock press");
    form.key(press(KeyCode::Right), DATE);
    assert_eq!(form.press, Press::Separate);
    focus_on(&mut form, "Who types (role)");
    form.key(press(KeyCode::Right), DATE);
    form.key(press(KeyCode::Right), DATE);
    form.key(press(KeyCode::Right), DATE);
    form.key(press(KeyCode::Left), DATE);
    assert_eq!(form.role, Role::Arbiter);
    form.key(press(KeyCode::Left), DATE);
    assert_eq!((form.role, form.press), (Role::Assistant, Press::Separate));
    let SetupOutcome::Start(setup) = form.key(press(KeyCode::F(10)), DATE) else {
        panic!("the form starts");
    };
    assert_eq!(
        (setup.role, setup.press),
        (Role::Assistant, Press::Separate)
    );
    // So does a press set in the configuration.
    let defaults = SetupDefaults {
        press: Some(Press::Separate),
        role: Role::Player,
        ..SetupDefaults::default()
    };
    let mut form = SetupForm::in_pack(defaults, packs(), english());
    focus_on(&mut form, "Who types (role)");
    form.key(press(KeyCode::Right), DATE);
    assert_eq!(form.press, Press::Separate);
}

#[test]
fn a_time_control_may_be_typed_as_people_say_it() {
    let mut form = form();
    focus_on(&mut form, "Time control");
    type_text(&mut form, "15 plus 10");
    assert_eq!(form.time.text(), "15 plus 10", "the default was replaced");
    assert_eq!(form.fault(Field::Time), None);
    assert!(said(form.key(press(KeyCode::Tab), DATE)).starts_with(
        "Time control: 15 plus 10. Fifteen minutes, ten seconds per move from move one. \
             Voice pack: fide."
    ));
    let SetupOutcome::Start(setup) = form.key(press(KeyCode::F(10)), DATE) else {
        panic!("the form starts");
    };
    assert_eq!(setup.time, "900+10", "kept as its PGN tag");
    // A bare tag keeps its seconds, and is said so.
    focus_on(&mut form, "Time control");
    type_text(&mut form, "15+10");
    assert!(
        said(form.key(press(KeyCode::Tab), DATE))
            .starts_with("Time control: 15+10. Fifteen seconds, ten seconds per move")
    );
}

#[test]
fn a_time_control_that_reads_two_ways_is_refused_once_in_plain_words() {
    let mut form = form();
    focus_on(&mut form, "Time control");
    type_text(&mut form, "15 + 10");
    let fault = form.fault(Field::Time).expect("two readings");
    assert!(
        fault.contains("15 minutes plus 10 seconds per move")
            && fault.contains("15 seconds plus 10 seconds per move"),
        "{fault}"
    );
    let left = said(form.key(press(KeyCode::Tab), DATE));
    assert_eq!(left.matches("two ways").count(), 1, "{left}");
    // Typing says nothing, so the fault is not repeated on each key.
    focus_on(&mut form, "Time control");
    type_text(&mut form, "90 min in parsecs");
    let fault = form.fault(Field::Time).expect("no unit of time");
    assert!(fault.contains("\"parsecs\" is not understood"), "{fault}");
    assert!(fault.contains("such as \"90 min + 30 s\""), "{fault}");
    let start = said(form.key(press(KeyCode::F(10)), DATE));
    assert_eq!(
        start.matches("is written as it is said").count(),
        1,
        "{start}"
    );
}
