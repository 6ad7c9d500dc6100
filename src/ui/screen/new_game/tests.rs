use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::*;
use crate::ui::screen::settings::{Layout, Redraw};
use crate::ui::screen::setup::SetupDefaults;
use crate::ui::screen::theme::Theme;

fn screen(size: (u16, u16)) -> (NewGame, Vec<Effect>) {
    let form = SetupForm::in_pack(
        SetupDefaults::default(),
        vec!["fide".into(), "pt".into()],
        crate::notation::VoicePack::builtin("en"),
    );
    NewGame::new(form, "2026.11.21".into(), size)
}

fn look() -> Look {
    Look {
        layout: Layout::Standard,
        theme: Theme::built_in("high-contrast").unwrap(),
        redraw: Redraw::EverySecond,
        braille: crate::braille::BrailleSettings::default(),
    }
}

fn press(state: &mut NewGame, code: KeyCode) -> Vec<Effect> {
    state.update(Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn draw(state: &NewGame, size: (u16, u16)) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(size.0, size.1)).unwrap();
    terminal.draw(|frame| view(state, frame, &look())).unwrap();
    terminal
}

#[test]
fn the_form_introduces_itself_and_starts_the_game() {
    let (mut state, said) = screen((80, 24));
    assert!(matches!(&said[..], [Effect::Say(intro)] if intro.starts_with("New game")));
    let effects = press(&mut state, KeyCode::F(10));
    let [Effect::Start(setup)] = &effects[..] else {
        panic!("{effects:?}");
    };
    assert_eq!(
        (setup.white.as_str(), setup.black.as_str()),
        ("White", "Black")
    );
    assert_eq!(setup.date, "2026.11.21");
}

#[test]
fn help_opens_speaks_and_closes() {
    let (mut state, _) = screen((80, 24));
    let effects = press(&mut state, KeyCode::F(1));
    assert!(matches!(&effects[..], [Effect::Say(s)] if s.starts_with("Help for the new game")));
    let effects = press(&mut state, KeyCode::Char('s'));
    assert!(matches!(&effects[..], [Effect::Say(s)] if s.contains("F10 starts the game")));
    // Keys meant for the form do nothing while the help is shown.
    assert!(press(&mut state, KeyCode::Tab).is_empty());
    let mut terminal = draw(&state, (80, 24));
    insta::assert_snapshot!(terminal.backend());
    assert_eq!(terminal.get_cursor_position().unwrap(), Position::new(0, 0));
    assert_eq!(
        press(&mut state, KeyCode::Esc),
        vec![Effect::Say("Help closed.".into())]
    );
    assert_eq!(press(&mut state, KeyCode::Esc), vec![Effect::Quit]);
}

#[test]
fn ctrl_q_leaves_from_anywhere() {
    let (mut state, _) = screen((80, 24));
    press(&mut state, KeyCode::F(1));
    let effects = state.update(Msg::Key(KeyEvent::new(
        KeyCode::Char('q'),
        KeyModifiers::CONTROL,
    )));
    assert_eq!(effects, vec![Effect::Quit]);
}

#[test]
fn a_game_that_cannot_start_is_said_and_shown() {
    let (mut state, _) = screen((80, 24));
    let why = "no data directory for saved games".to_string();
    assert_eq!(
        state.update(Msg::Refused(why.clone())),
        vec![Effect::Say(why)]
    );
    let terminal = draw(&state, (80, 24));
    let shown = format!("{}", terminal.backend());
    assert!(
        shown.contains("! no data directory for saved games"),
        "{shown}"
    );
}

#[test]
fn a_window_too_small_is_said_once_and_shown() {
    let (mut state, said) = screen((30, 10));
    assert_eq!(said.len(), 2, "the intro and the size: {said:?}");
    assert!(matches!(&said[1], Effect::Say(s) if s.contains("30 columns and 10 lines")));
    assert!(state.update(Msg::Resize(31, 10)).is_empty(), "said once");
    let mut terminal = draw(&state, (31, 10));
    let shown = format!("{}", terminal.backend());
    assert!(shown.contains("too small"), "{shown}");
    assert_eq!(terminal.get_cursor_position().unwrap(), Position::new(0, 0));
    assert!(state.update(Msg::Resize(80, 24)).is_empty());
    let terminal = draw(&state, (80, 24));
    assert!(format!("{}", terminal.backend()).contains("Start the game"));
}
