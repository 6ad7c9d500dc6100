//! The game screen in each built-in pack's language: snapshots of the
//! screens, and every text shown or spoken checked for English words that
//! are no words of the pack's language.

use super::*;

/// English words that are no words of German, Portuguese or Spanish.
fn english() -> impl Iterator<Item = &'static str> {
    include_str!("../../../../../tests/data/english_words_game.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

/// The English words of [`english`] in `text`, for a pack in `id`'s
/// language; words the language shares are left out ("in" in German).
pub(super) fn english_words(id: &str, text: &str) -> Vec<String> {
    let shared: &[&str] = match id {
        "fide" => &["in", "so", "pause"],
        // Portuguese keyboards name the key Enter.
        "pt" => &["a", "no", "enter"],
        "es" => &["a", "no"],
        _ => &[],
    };
    text.split(|c: char| !c.is_alphabetic())
        .map(str::to_lowercase)
        .filter(|w| english().any(|e| e == w.as_str()) && !shared.contains(&w.as_str()))
        .collect()
}

fn game_in(id: &str) -> Game {
    let setup = Setup {
        white: "Anna".into(),
        black: "Boris".into(),
        time: "5400+30".into(),
        repetition: Repetition::Strict,
        press: Press::Separate,
        date: "2026.01.01".into(),
        voice: id.into(),
        ..Setup::default()
    };
    Game::new(setup, VoicePack::builtin(id)).unwrap()
}

fn screen_in(id: &str, layout: Layout, size: (u16, u16)) -> GameScreen {
    screen_of(game_in(id), layout, size)
}

/// Mid-game in `id`: 1. e4 e5 2. Nf3, and Boris has repeated Nc3 instead.
fn mid_game_in(id: &str, layout: Layout, size: (u16, u16)) -> GameScreen {
    let mut state = screen_in(id, layout, size);
    let mut t = 0;
    for line in [
        "e4",
        "press",
        "repeat e4",
        "e5",
        "press",
        "repeat e5",
        "Nf3",
        "press",
        "repeat Nc3",
    ] {
        t += 3;
        enter(&mut state, line, t);
    }
    state.now = Instant::from_secs(t + 1);
    state
}

fn screen_text(state: &GameScreen) -> String {
    let (terminal, _) = render(state);
    let buffer = terminal.backend().buffer();
    let width = buffer.area.width as usize;
    let cells: Vec<&str> = buffer.content.iter().map(|c| c.symbol()).collect();
    cells
        .chunks(width)
        .map(|row| row.concat())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Everything the screen shows and says along the way: each overlay, each
/// key that speaks, and the answers of the shell.
fn everything(id: &str) -> Vec<String> {
    let mut texts = Vec::new();
    let mut state = mid_game_in(id, Layout::Standard, (120, 40));
    let press = |state: &mut GameScreen, msg: Msg, texts: &mut Vec<String>| {
        let effects = update(state, msg);
        texts.extend(spoken(&effects));
        as_shell(state, effects, 40);
        texts.extend(said());
        texts.push(screen_text(state));
    };
    texts.push(screen_text(&state));
    press(&mut state, key(KeyCode::F(1)), &mut texts);
    press(&mut state, key(KeyCode::Char('s')), &mut texts);
    press(&mut state, key(KeyCode::Esc), &mut texts);
    for k in [KeyCode::F(2), KeyCode::F(5), KeyCode::Esc, KeyCode::F(6)] {
        press(&mut state, key(k), &mut texts);
    }
    press(&mut state, key(KeyCode::Esc), &mut texts);
    press(&mut state, key(KeyCode::F(10)), &mut texts);
    press(&mut state, key(KeyCode::Esc), &mut texts);
    press(&mut state, ctrl('q'), &mut texts);
    press(&mut state, key(KeyCode::Char('n')), &mut texts);
    press(&mut state, ctrl('x'), &mut texts);
    press(&mut state, key(KeyCode::Esc), &mut texts);
    // The file's own path is no sentence of the pack.
    let saved = enter(&mut state, "save", 40);
    texts.extend(
        saved
            .iter()
            .map(|t| t.split(": ").next().unwrap_or_default().to_string()),
    );
    press(&mut state, Msg::Resize(40, 12), &mut texts);
    texts.push(state.host.session().resumed());
    let mut state = screen_in(id, Layout::ScreenReader, (80, 16));
    texts.push(state.host.session().resumed());
    press(&mut state, key(KeyCode::F(1)), &mut texts);
    texts
}

#[test]
fn no_english_on_the_screen_in_german_portuguese_or_spanish() {
    for id in ["fide", "pt", "es"] {
        for text in everything(id) {
            let found = english_words(id, &text);
            assert!(found.is_empty(), "{id}: {found:?} in\n{text}");
        }
    }
}

#[test]
fn the_english_check_finds_english() {
    let english = everything("en").concat();
    let found = english_words("fide", &english);
    for word in [
        "clocks", "score", "board", "help", "resign", "leave", "saved",
    ] {
        assert!(found.iter().any(|w| w == word), "{word}: {found:?}");
    }
}

#[test]
fn the_answer_letters_are_the_packs_as_well_as_y_and_n() {
    for (id, yes, no) in [
        ("fide", 'j', 'n'),
        ("pt", 's', 'n'),
        ("es", 's', 'n'),
        ("en", 'y', 'n'),
    ] {
        let mut state = screen_in(id, Layout::Standard, (120, 40));
        update(&mut state, ctrl('q'));
        update(&mut state, key(KeyCode::Char(no)));
        assert_eq!(state.overlay, Overlay::None, "{id}");
        update(&mut state, ctrl('q'));
        assert_eq!(
            update(&mut state, key(KeyCode::Char(yes))),
            vec![Effect::Quit],
            "{id}"
        );
        let mut state = screen_in(id, Layout::Standard, (120, 40));
        update(&mut state, ctrl('q'));
        assert_eq!(
            update(&mut state, key(KeyCode::Char('y'))),
            vec![Effect::Quit],
            "{id}: y"
        );
    }
}

#[test]
fn one_move_completed_is_singular() {
    let mut state = screen_in("en", Layout::ScreenReader, (80, 16));
    let lines = ["e4", "press", "repeat e4", "e5", "press", "repeat e5"];
    for (t, line) in lines.into_iter().enumerate() {
        enter(&mut state, line, t as u64 + 1);
    }
    let text = screen_text(&state);
    assert!(text.contains("; 1 move completed"), "{text}");
}

#[test]
fn the_packs_command_words_are_read_as_commands() {
    for (id, line, answer) in [
        ("fide", "Feld e4", "Eva vier"),
        ("fide", "Reihe 4", "vier"),
        ("fide", "Linie e", "Eva"),
        ("pt", "casa e4", "Eva vier"),
        ("pt", "coluna e", "Eva"),
        ("es", "casilla e4", "Eva vier"),
        ("es", "fila 4", "vier"),
        ("en", "square e4", "Eva four"),
    ] {
        let mut state = screen_in(id, Layout::Standard, (120, 40));
        let said = enter(&mut state, line, 1);
        assert!(
            state.host.game().moves().is_empty(),
            "{id}: {line} is no move"
        );
        assert_eq!(said.len(), 1, "{id}: {said:?}");
        assert!(said[0].contains(answer), "{id}: {line}: {said:?}");
    }
}

#[test]
fn a_pack_that_lacks_sentences_says_so_once_and_shows_it() {
    let text = include_str!("../../../../../voices/fide.toml")
        .replacen("help_closed = \"Hilfe geschlossen.\"\n", "", 1)
        .replace("back_to_game = \"Zurück zur Partie.\"\n", "");
    let pack = VoicePack::from_toml(&text, "mine.toml").unwrap();
    let setup = Setup {
        white: "Anna".into(),
        black: "Boris".into(),
        ..Setup::default()
    };
    let (mut state, heard) = unopened(
        Game::new(setup, pack).unwrap(),
        Layout::ScreenReader,
        (100, 16),
    );
    state.host.open(false);
    deliver(&mut state, 0);
    let said = heard.texts();
    assert_eq!(
        said[0],
        "Diesem Sprachpaket fehlen 2 Sätze, sie werden englisch gesagt: \
         screen.help_closed, screen.back_to_game"
    );
    let shown = screen_text(&state);
    assert!(
        shown
            .lines()
            .next()
            .unwrap()
            .contains("(2 Sätze auf Englisch)"),
        "{shown}"
    );
    update(&mut state, key(KeyCode::F(1)));
    assert_eq!(
        spoken(&update(&mut state, key(KeyCode::Esc))),
        ["Help closed."]
    );
}

#[test]
fn a_complete_pack_says_nothing_of_missing_sentences() {
    let (mut state, heard) = unopened(game_in("fide"), Layout::ScreenReader, (100, 16));
    state.host.open(false);
    let said = heard.texts();
    assert!(!said.is_empty());
    assert!(said.iter().all(|t| !t.contains("Sprachpaket")), "{said:?}");
}

#[test]
fn snapshot_pt_standard_layout_mid_game() {
    let state = mid_game_in("pt", Layout::Standard, (120, 40));
    insta::assert_snapshot!(render(&state).0.backend());
}

#[test]
fn snapshot_es_standard_layout_mid_game() {
    let state = mid_game_in("es", Layout::Standard, (120, 40));
    insta::assert_snapshot!(render(&state).0.backend());
}

#[test]
fn snapshot_en_standard_layout_mid_game() {
    let state = mid_game_in("en", Layout::Standard, (120, 40));
    insta::assert_snapshot!(render(&state).0.backend());
}

#[test]
fn snapshot_help_in_every_pack() {
    for id in ["en", "pt", "es"] {
        let mut state = mid_game_in(id, Layout::ScreenReader, (100, 24));
        update(&mut state, key(KeyCode::F(1)));
        let (terminal, cursor) = render(&state);
        assert_cursor_at_typing_point(&state, cursor);
        insta::assert_snapshot!(format!("help_{id}"), terminal.backend());
    }
}

#[test]
fn snapshot_resign_in_every_pack() {
    for id in ["fide", "en", "pt", "es"] {
        let mut state = mid_game_in(id, Layout::ScreenReader, (80, 16));
        update(&mut state, ctrl('x'));
        let (terminal, cursor) = render(&state);
        let who = state.player(Color::White);
        let question = state
            .words()
            .say(ScreenSentence::ResignOnLine, &[("player", &who)]);
        assert_cursor_after_question(&state, &terminal, cursor, &question);
        insta::assert_snapshot!(format!("resign_{id}"), terminal.backend());
    }
}
