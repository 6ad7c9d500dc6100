//! Going through games is one session whichever view shows it: the same
//! typed lines, read by line mode and typed into the full screen's input
//! line, hand the voice the same words, in English and in the German
//! pack's command words, with no engine to be found. The help differs by
//! design (the full screen's names its keys), as does a copied FEN (line
//! mode prints it), so neither is in the script.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::analysis::session::Session;
use crate::analysis::words::AnalysisWords;
use crate::notation::Lexicon;
use crate::record::pgn_index::GameIndex;
use crate::session::analysis::{AnalysisSession, EngineSettings, Shown};
use crate::speech::{Priority, Recorder};
use crate::ui::line::analysis::{answer, show_as};
use crate::ui::screen::analysis::shell::{Carried, carry_out};
use crate::ui::screen::analysis::{AnalysisState, Layout, Msg, update};

/// The second game of the club file, with an engine that is not there.
fn session(pack: &str) -> (AnalysisSession, Vec<String>) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/club.pgn");
    let index = GameIndex::build(&file).unwrap();
    let (session, first) = Session::open(index, AnalysisWords::builtin(pack), Some(2)).unwrap();
    let engine = EngineSettings {
        path: Some(PathBuf::from("/nonexistent/engine")),
        think: Duration::from_millis(100),
        grace: Duration::from_millis(100),
        ..EngineSettings::default()
    };
    (AnalysisSession::new(session, engine), first)
}

/// What line mode hands the voice for `script`.
fn line_mode(pack: &str, script: &[&str]) -> Vec<String> {
    let (mut session, first) = session(pack);
    let heard = Recorder::default();
    let opening = first.into_iter().map(Shown::Say).collect();
    assert!(show_as(&heard, opening, Priority::Answer).is_none());
    let lexicon = Lexicon::with_pack(&session.words().pack);
    for line in script {
        let shown = answer(&mut session, &lexicon, line, Instant::now());
        assert!(show_as(&heard, shown, Priority::Answer).is_none());
    }
    heard.texts()
}

/// What the full screen hands the voice for `script`, typed key by key.
fn full_screen(pack: &str, script: &[&str]) -> Vec<String> {
    let (session, first) = session(pack);
    let heard = Recorder::default();
    let (mut state, opening) = AnalysisState::new(session, first, Some(2), Layout::Standard);
    assert_ne!(carry_out(&mut state, opening, &heard), Carried::Quit);
    let key = |code| Msg::Key(KeyEvent::new(code, KeyModifiers::NONE));
    for line in script {
        let mut effects = Vec::new();
        for c in line.chars() {
            effects.extend(update(&mut state, key(KeyCode::Char(c))));
        }
        effects.extend(update(&mut state, key(KeyCode::Enter)));
        assert_ne!(carry_out(&mut state, effects, &heard), Carried::Quit);
    }
    heard.texts()
}

fn assert_alike(pack: &str, script: &[&str]) {
    let line = line_mode(pack, script);
    let screen = full_screen(pack, script);
    assert!(line.len() > script.len(), "{line:#?}");
    assert_eq!(line, screen, "line mode and the full screen said otherwise");
}

#[test]
fn going_through_a_game_in_english_says_the_same_in_both_views() {
    assert_alike(
        "en",
        &[
            "next",
            "next",
            "back",
            "turn",
            "material",
            "last",
            "pieces white",
            "square e4",
            "moves",
            "eval",
            "end",
            "start",
            "tags",
            "summary",
            "clock",
            "game 3",
            "next",
            "xyzzy",
            "square z9",
        ],
    );
}

#[test]
fn going_through_a_game_in_german_command_words_says_the_same_in_both_views() {
    assert_alike(
        "fide",
        &[
            "vor",
            "vor",
            "zurück",
            "am Zug",
            "Material",
            "Figuren weiß",
            "Feld e4",
            "Bewertung",
            "Ende",
            "Anfang",
            "Partiedaten",
            "Partie 3",
            "next",
        ],
    );
}
