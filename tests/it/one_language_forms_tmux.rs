//! The new game form and the screen for going through games, driven through
//! tmux in German (`fide`), Portuguese and Spanish: every screen shown and
//! every sentence said (the transcript) is checked against a list of
//! English words that are no words of those languages
//! (`tests/data/english_words.txt`). Names, events and comments of the
//! games are the file's own words, and the `[analysis]` list of words to
//! type is left to that section.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// What each language's screens are waited for by.
struct Language {
    id: &'static str,
    /// The form's title.
    title: &'static str,
    /// The time control's label.
    time: &'static str,
    /// The voice pack's label.
    voice: &'static str,
    /// The key that chooses another pack but English, and the one back.
    other_pack: [&'static str; 2],
    /// The first words of the form's help.
    help: &'static str,
    /// The list of games' title.
    games: &'static str,
    /// The move line of a game.
    moved: &'static str,
}

const GERMAN: Language = Language {
    id: "fide",
    title: "Neue Partie",
    time: "Bedenkzeit",
    voice: "Sprachpaket",
    other_pack: ["Right", "Left"],
    help: "Hilfe zur neuen Partie",
    games: "Partien in",
    moved: "Zug: ",
};

const PORTUGUESE: Language = Language {
    id: "pt",
    title: "Nova partida",
    time: "Controlo de tempo",
    voice: "Pacote de voz",
    other_pack: ["Right", "Left"],
    help: "Ajuda da nova partida",
    games: "Partidas em",
    moved: "Lance: ",
};

const SPANISH: Language = Language {
    id: "es",
    title: "Nueva partida",
    time: "Control de tiempo",
    voice: "Paquete de voz",
    other_pack: ["Left", "Right"],
    help: "Ayuda de la nueva partida",
    games: "Partidas en",
    moved: "Jugada: ",
};

/// Three games with a variation and comments, in no language.
const GAMES: &str = r#"[Event "Zweibrett 2026"]
[Site "Porto"]
[Date "2026.05.01"]
[Round "1"]
[White "Anna"]
[Black "Boris"]
[Result "1-0"]

1. e4 e5 2. Nf3 (2. Bc4 Nf6 3. d3) 2... Nc6 { Ruy Lopez } 3. Bb5 a6 4. Ba4 Nf6 1-0

[Event "Zweibrett 2026"]
[Site "Porto"]
[Date "2026.05.02"]
[Round "2"]
[White "Boris"]
[Black "Clara"]
[Result "1/2-1/2"]

1. d4 d5 2. c4 e6 3. Nc3 Nf6 1/2-1/2

[Event "Zweibrett 2026"]
[Site "Porto"]
[Date "2026.05.03"]
[Round "3"]
[White "Clara"]
[Black "Anna"]
[Result "0-1"]

1. c4 e5 2. Nc3 Nf6 0-1
"#;

/// The English words of the list in `text`.
fn english_words(text: &str) -> Vec<String> {
    let list = include_str!("../data/english_words.txt");
    let list: Vec<&str> = list
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

/// What was said, from a transcript: the text after the two times.
fn transcript(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| l.splitn(3, '\t').nth(2).map(str::to_string))
        .collect()
}

/// The screens seen and what was said, checked at the end.
struct Record {
    language: &'static str,
    screens: Vec<String>,
}

impl Record {
    fn keep(&mut self, screen: String) {
        self.screens.push(screen);
    }

    /// No English word on any screen (above `cut`, when a screen holds
    /// it) nor in any sentence said (without `skip`).
    fn check(&self, said: &[String]) {
        assert!(!said.is_empty(), "{}: nothing was said", self.language);
        for screen in &self.screens {
            let english = english_words(screen);
            assert!(
                english.is_empty(),
                "{}: English {english:?} on the screen:\n{screen}",
                self.language
            );
        }
        for sentence in said {
            let english = english_words(sentence);
            assert!(
                english.is_empty(),
                "{}: English {english:?} said: {sentence}",
                self.language
            );
        }
    }
}

/// Presses `keys` and returns the screen once it has changed and settled.
fn press(tmux: &Tmux, keys: &[&str]) -> String {
    let before = tmux.screen();
    let cursor = tmux.cursor();
    tmux.keys(keys);
    let start = Instant::now();
    while tmux.screen() == before && tmux.cursor() == cursor && start.elapsed() < WAIT / 10 {
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(100));
    tmux.screen()
}

/// The form in `language`: every field, every choice changed, a bad time
/// control, the help read aloud, then the game started.
fn the_form_in(language: &Language) {
    let sandbox = Sandbox::new(&format!("forms-{}", language.id));
    let home = sandbox.home.clone();
    let said = home.join("said.txt");
    let args = format!(
        "--speech none --voice {} --transcript {}",
        language.id,
        said.display()
    );
    let tmux = Tmux::zweibrett(&format!("form-{}", language.id), &home, &args);
    let mut record = Record {
        language: language.id,
        screens: vec![tmux.wait_for(language.title, WAIT)],
    };
    // Every field; every choice changed both ways but the voice pack,
    // which changes the language.
    for _ in 0..14 {
        let line = tmux.cursor_line();
        if line.contains('<') && !line.contains(language.voice) {
            for _ in 0..3 {
                record.keep(press(&tmux, &["Right"]));
            }
            record.keep(press(&tmux, &["Left"]));
        }
        record.keep(press(&tmux, &["Tab"]));
    }
    // The voice pack: another language but English, and back.
    while !tmux.cursor_line().contains(language.voice) {
        press(&tmux, &["Tab"]);
    }
    press(&tmux, &[language.other_pack[0]]);
    record.keep(press(&tmux, &[language.other_pack[1]]));
    // A time control that cannot be read, then the start refused.
    while !tmux.cursor_line().contains(language.time) {
        press(&tmux, &["BTab"]);
    }
    tmux.type_text("elf Eier");
    record.keep(press(&tmux, &["Tab"]));
    record.keep(press(&tmux, &["F10"]));
    // The help, shown and read aloud.
    record.keep(press(&tmux, &["F1"]));
    assert!(tmux.screen().contains(language.help), "{}", tmux.screen());
    press(&tmux, &["s"]);
    record.keep(press(&tmux, &["Escape"]));
    // A time control as people say it, and the game starts.
    assert!(tmux.cursor_line().contains(language.time));
    tmux.type_text("15 plus 10");
    press(&tmux, &["Tab"]);
    let form_said = transcript(&said);
    press(&tmux, &["F10"]);
    let start = Instant::now();
    while tmux.screen().contains(language.title) && start.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(!tmux.screen().contains(language.title), "{}", tmux.screen());
    record.check(&form_said);
    // Every sentence of the form is in the transcript: the intro, each
    // field, the help.
    assert!(form_said[0].starts_with(language.title), "{form_said:#?}");
    assert!(
        form_said.iter().any(|s| s.starts_with(language.help)),
        "{form_said:#?}"
    );
}

/// `analyse` in `language`: the list, a search, a game opened, steps, a
/// variation, the board turned, the help.
fn the_games_in(language: &Language) {
    let sandbox = Sandbox::new(&format!("browse-{}", language.id));
    let home = sandbox.home.clone();
    let pgn = home.join("turnier.pgn");
    std::fs::write(&pgn, GAMES).unwrap();
    let said = home.join("said.txt");
    let args = format!(
        "--speech none analyse {} --voice {} --transcript {} --engine /nonexistent",
        pgn.display(),
        language.id,
        said.display()
    );
    let tmux = Tmux::zweibrett(&format!("browse-{}", language.id), &home, &args);
    let mut record = Record {
        language: language.id,
        screens: vec![tmux.wait_for(language.games, WAIT)],
    };
    tmux.type_text("Clara");
    std::thread::sleep(Duration::from_millis(200));
    record.keep(press(&tmux, &["Down"]));
    record.keep(press(&tmux, &["Escape"]));
    record.keep(press(&tmux, &["Enter"]));
    assert!(tmux.screen().contains(language.moved), "{}", tmux.screen());
    record.keep(press(&tmux, &["Right"]));
    record.keep(press(&tmux, &["Right"]));
    record.keep(press(&tmux, &["C-Right"]));
    record.keep(press(&tmux, &["Right"]));
    record.keep(press(&tmux, &["C-Left"]));
    record.keep(press(&tmux, &["F3"]));
    record.keep(press(&tmux, &["F1"]));
    press(&tmux, &["s"]);
    record.keep(press(&tmux, &["Escape"]));
    record.keep(press(&tmux, &["Escape"]));
    tmux.keys(&["C-q"]);
    let start = Instant::now();
    while transcript(&said).is_empty() && start.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(50));
    }
    let said = transcript(&said);
    assert!(said.len() > 8, "{said:#?}");
    // The words to type are the pack's own too.
    record.check(&said);
}

#[test]
fn the_new_game_form_in_german_has_no_english() {
    the_form_in(&GERMAN);
}

#[test]
fn the_new_game_form_in_portuguese_has_no_english() {
    the_form_in(&PORTUGUESE);
}

#[test]
fn the_new_game_form_in_spanish_has_no_english() {
    the_form_in(&SPANISH);
}

#[test]
fn going_through_games_in_german_has_no_english() {
    the_games_in(&GERMAN);
}

#[test]
fn going_through_games_in_portuguese_has_no_english() {
    the_games_in(&PORTUGUESE);
}

#[test]
fn going_through_games_in_spanish_has_no_english() {
    the_games_in(&SPANISH);
}
