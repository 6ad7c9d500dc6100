//! The screen for going through games in German (`fide`), Portuguese and
//! Spanish: every word shown and said is in the pack's language. The names
//! and events of the file's games are the file's own words; the pack's list
//! of words to type is its `[analysis]` section's.

use std::path::Path;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::*;
use crate::analysis::session::Session;
use crate::analysis::words::{AnalysisSentence, AnalysisWords};
use crate::record::pgn_index::GameIndex;
use crate::ui::screen::setup::tests::languages::english_words;
use crate::ui::screen::theme::Theme;

fn club() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/club.pgn")
}

fn key(state: &mut AnalysisState, code: KeyCode, modifiers: KeyModifiers) -> Vec<Effect> {
    update(state, Msg::Key(KeyEvent::new(code, modifiers)))
}

fn shown(state: &AnalysisState, layout_wide: bool) -> String {
    let (w, h) = if layout_wide { (100, 30) } else { (80, 24) };
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let theme = Theme::built_in("high-contrast").unwrap();
    terminal.draw(|f| view(state, &theme, f)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every screen drawn and every sentence said while going through the
/// club's games in pack `id`: the list, a search, a game, steps, a
/// variation, the flip, the help.
fn everything(id: &str, layout: Layout) -> (Vec<String>, Vec<String>, String) {
    let index = GameIndex::build(&club()).unwrap();
    let (session, first) = Session::open(index, AnalysisWords::builtin(id), None).unwrap();
    let (mut state, effects) = AnalysisState::new(session, first, None, layout);
    let words_to_type = state.session.words().phrase(AnalysisSentence::Help, &[]);
    let mut said: Vec<Effect> = effects;
    let mut screens = vec![shown(&state, true)];
    for c in "Weber".chars() {
        said.extend(key(&mut state, KeyCode::Char(c), KeyModifiers::NONE));
    }
    screens.push(shown(&state, true));
    said.extend(key(&mut state, KeyCode::Esc, KeyModifiers::NONE));
    said.extend(key(&mut state, KeyCode::Down, KeyModifiers::NONE));
    said.extend(key(&mut state, KeyCode::Enter, KeyModifiers::NONE));
    screens.push(shown(&state, true));
    for _ in 0..3 {
        said.extend(key(&mut state, KeyCode::Right, KeyModifiers::NONE));
    }
    screens.push(shown(&state, true));
    said.extend(key(&mut state, KeyCode::Right, KeyModifiers::CONTROL));
    screens.push(shown(&state, true));
    said.extend(key(&mut state, KeyCode::Left, KeyModifiers::CONTROL));
    said.extend(key(&mut state, KeyCode::F(3), KeyModifiers::NONE));
    screens.push(shown(&state, true));
    said.extend(key(&mut state, KeyCode::F(1), KeyModifiers::NONE));
    screens.push(shown(&state, false));
    let said = said
        .into_iter()
        .filter_map(|e| match e {
            Effect::Say(t) | Effect::Step(t) => Some(t),
            _ => None,
        })
        .collect();
    (said, screens, words_to_type)
}

/// The words of the club's file: names, events and comments are its own.
fn file_words() -> Vec<String> {
    std::fs::read_to_string(club())
        .unwrap()
        .split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
        .collect()
}

fn assert_in_pack_language(id: &str) {
    let data = file_words();
    let foreign = |text: &str| -> Vec<String> {
        english_words(text)
            .into_iter()
            .filter(|w| !data.contains(&w.to_lowercase()))
            .collect()
    };
    for layout in [Layout::Standard, Layout::ScreenReader] {
        let (said, screens, words_to_type) = everything(id, layout);
        // The words to type are the pack's too, English ones allowed.
        assert!(!words_to_type.is_empty());
        for sentence in &said {
            let english = foreign(sentence);
            assert!(
                english.is_empty(),
                "{id}: English {english:?} in: {sentence}"
            );
        }
        for screen in &screens {
            let english = foreign(screen);
            assert!(
                english.is_empty(),
                "{id}: English {english:?} on:\n{screen}"
            );
        }
    }
}

#[test]
fn going_through_games_speaks_and_shows_german_only() {
    assert_in_pack_language("fide");
}

#[test]
fn going_through_games_speaks_and_shows_portuguese_only() {
    assert_in_pack_language("pt");
}

#[test]
fn going_through_games_speaks_and_shows_spanish_only() {
    assert_in_pack_language("es");
}

#[test]
fn snapshot_the_help_in_german() {
    let (_, screens, _) = everything("fide", Layout::Standard);
    insta::assert_snapshot!(screens.last().unwrap());
}

#[test]
fn snapshot_a_variation_in_portuguese() {
    let (_, screens, _) = everything("pt", Layout::Standard);
    insta::assert_snapshot!(screens[4]);
}

#[test]
fn snapshot_the_list_in_spanish() {
    let (_, screens, _) = everything("es", Layout::Standard);
    insta::assert_snapshot!(screens[0]);
}
