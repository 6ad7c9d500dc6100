//! The full screen of a game in one language, driven through tmux: with
//! `--voice fide`, `pt` and `es`, every screen captured along the way (the
//! help and its read-aloud, the keys that put a word on the input line,
//! the quit and resign questions, moves, a move that cannot be read, the
//! time) and the transcript of what was said are checked for English words
//! that are no words of the pack's language.

use crate::common;

use std::path::Path;
use std::time::Duration;

use common::Sandbox;
use common::tmux::Tmux;

const WAIT: Duration = Duration::from_secs(20);

/// English words that are no words of German, Portuguese or Spanish.
fn english() -> impl Iterator<Item = &'static str> {
    include_str!("../data/english_words_game.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The English words of [`english`] in `text`, leaving out the words the
/// pack's language shares with English.
fn english_words(id: &str, text: &str) -> Vec<String> {
    let shared: &[&str] = match id {
        "fide" => &["in", "so", "pause"],
        // Portuguese keyboards name the key Enter.
        "pt" => &["a", "no", "enter"],
        "es" => &["a", "no"],
        _ => &[],
    };
    // Paths name the test's own directories and files.
    text.split_whitespace()
        .filter(|w| !w.contains('/'))
        .flat_map(|w| w.split(|c: char| !c.is_alphabetic()))
        .map(str::to_lowercase)
        .filter(|w| english().any(|e| e == w.as_str()) && !shared.contains(&w.as_str()))
        .collect()
}

/// What the test waits for in each language.
struct Language {
    id: &'static str,
    /// The title of White's board.
    board: &'static str,
    /// The start of the help's title.
    help: &'static str,
    /// The words F5, F6 and F10 put on the input line.
    square: &'static str,
    correct: &'static str,
    claim: &'static str,
    /// The pack's word for repeating the opponent's move.
    repeat: &'static str,
    /// The quit and resign questions, as the input line shows them.
    quit: &'static str,
    resign: &'static str,
    /// The letter that answers yes.
    yes: &'static str,
    /// The clocks line's label.
    clocks: &'static str,
    /// What is printed once the screen is left.
    kept: &'static str,
}

const LANGUAGES: [Language; 3] = [
    Language {
        id: "fide",
        board: "Brett von Anna",
        help: "Hilfe: Tasten",
        square: "Feld",
        correct: "berichtigen",
        claim: "beanspruchen",
        repeat: "wiederholen",
        quit: "Partie verlassen?",
        resign: "aufgeben? (j/n)",
        yes: "j",
        clocks: "Uhren:",
        kept: "Die Partie liegt in",
    },
    Language {
        id: "pt",
        board: "Tabuleiro de Anna",
        help: "Ajuda: teclas",
        square: "casa",
        correct: "corrigir",
        claim: "reclamar",
        repeat: "repetir",
        quit: "Sair da partida?",
        resign: "Abandonar por",
        yes: "s",
        clocks: "Relógios:",
        kept: "A partida está guardada em",
    },
    Language {
        id: "es",
        board: "Tablero de Anna",
        help: "Ayuda: teclas",
        square: "casilla",
        correct: "corregir",
        claim: "reclamar",
        repeat: "repetir",
        quit: "¿Salir de la partida?",
        resign: "¿Abandonar por",
        yes: "s",
        clocks: "Relojes:",
        kept: "La partida está guardada en",
    },
];

/// The screens seen so far, each checked when the test ends.
struct Seen<'a> {
    tmux: &'a Tmux,
    screens: Vec<String>,
}

impl Seen<'_> {
    /// Waits until the screen shows `text`; keeps the screen.
    fn wait(&mut self, text: &str) {
        let screen = self.tmux.wait_for(text, WAIT);
        self.screens.push(screen);
    }

    /// Sends `keys`, then waits until the screen shows `text`. A pause
    /// first keeps an Escape just sent apart from the next key, which the
    /// terminal would otherwise read as Alt and that key.
    fn keys(&mut self, keys: &[&str], text: &str) {
        std::thread::sleep(Duration::from_millis(300));
        self.tmux.keys(keys);
        self.wait(text);
    }

    /// Sends `keys`, then waits until the screen no longer shows `text`.
    fn keys_until_gone(&mut self, keys: &[&str], text: &str) {
        std::thread::sleep(Duration::from_millis(300));
        self.tmux.keys(keys);
        let start = std::time::Instant::now();
        loop {
            let screen = self.tmux.screen();
            if !screen.contains(text) {
                self.screens.push(screen);
                return;
            }
            assert!(start.elapsed() < WAIT, "{text:?} stays:\n{screen}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Types `line` and Enter, then waits until the screen shows `text`.
    fn enter(&mut self, line: &str, text: &str) {
        std::thread::sleep(Duration::from_millis(300));
        self.tmux.type_text(line);
        self.tmux.keys(&["Enter"]);
        self.wait(text);
    }

    /// Waits until the input line is empty again.
    fn line_empty(&mut self) {
        let start = std::time::Instant::now();
        while self.tmux.cursor() != (2, 44) {
            assert!(start.elapsed() < WAIT, "{}", self.tmux.screen());
            std::thread::sleep(Duration::from_millis(50));
        }
        self.screens.push(self.tmux.screen());
    }
}

/// What the transcript in `home` holds: the text of each line.
fn heard(home: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(home.join("heard.txt")).unwrap_or_default();
    text.lines()
        .filter_map(|l| l.split('\t').nth(2).map(String::from))
        .collect()
}

fn play_in(language: &Language) {
    let sandbox = Sandbox::new(&format!("one-language-{}", language.id));
    let home = sandbox.home.clone();
    let args = format!(
        "--speech none play --transcript {} --voice {} --role arbiter --white Anna --black Boris",
        home.join("heard.txt").display(),
        language.id
    );
    let tmux = Tmux::zweibrett(&format!("one-language-{}", language.id), &home, &args);
    let mut seen = Seen {
        tmux: &tmux,
        screens: Vec::new(),
    };
    seen.wait(language.board);
    // The help, read aloud, closed.
    seen.keys(&["F1"], language.help);
    seen.keys(&["s"], language.help);
    seen.keys_until_gone(&["Escape"], language.help);
    // The keys that put a word on the input line, and a square read.
    seen.keys(&["F5"], &format!("> {}", language.square));
    seen.enter("e4", language.board);
    seen.line_empty();
    seen.keys(&["F6"], &format!("> {}", language.correct));
    seen.keys(&["Escape"], language.board);
    seen.line_empty();
    seen.keys(&["F10"], &format!("> {}", language.claim));
    seen.keys(&["Escape"], language.board);
    seen.line_empty();
    // The quit question, answered no; the resign question, left.
    seen.keys(&["C-q"], language.quit);
    seen.keys_until_gone(&["n"], language.quit);
    seen.keys(&["C-x"], language.resign);
    seen.keys_until_gone(&["Escape"], language.resign);
    // Moves, one that cannot be read, the time.
    seen.enter("e4", "Eva");
    seen.line_empty();
    seen.keys(&["F7"], language.board);
    seen.enter(&format!("{} e4", language.repeat), language.board);
    seen.line_empty();
    seen.enter("Ke9", language.board);
    seen.line_empty();
    seen.keys(&["F2"], language.clocks);
    // Leaving, and what is printed then.
    seen.keys(&["C-q"], language.quit);
    seen.keys(&[language.yes], language.kept);

    let said = heard(&home);
    assert!(said.len() >= 10, "{}: {said:?}", language.id);
    for text in said.iter().chain(&seen.screens) {
        let found = english_words(language.id, text);
        assert!(found.is_empty(), "{}: {found:?} in\n{text}", language.id);
    }
}

#[test]
fn the_game_screen_in_german_has_no_english() {
    play_in(&LANGUAGES[0]);
}

#[test]
fn the_game_screen_in_portuguese_has_no_english() {
    play_in(&LANGUAGES[1]);
}

#[test]
fn the_game_screen_in_spanish_has_no_english() {
    play_in(&LANGUAGES[2]);
}

#[test]
fn the_word_list_finds_the_english_screen() {
    let shown = "Board of Anna, visually impaired\nClocks: Anna (White) 1:30:00";
    let found = english_words("fide", shown);
    assert_eq!(
        found,
        ["board", "of", "visually", "impaired", "clocks", "white"]
    );
}
