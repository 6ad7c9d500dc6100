//! The game screen without a terminal: keys to effects, the journalled
//! round trip, overlays, and snapshots of every screen drawn on a test
//! backend, each with the cursor on the input line at the typing point.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Position;

use super::*;
use crate::clock::schedule::ClockSettings;
use crate::game::{Command, Press, Repetition, Setup, Side};
use crate::notation::VoicePack;
use crate::ui::screen::theme::Theme;

fn game() -> Game {
    let setup = Setup {
        white: "Anna".into(),
        black: "Boris".into(),
        time: "5400+30".into(),
        repetition: Repetition::Strict,
        press: Press::Separate,
        date: "2026.01.01".into(),
        ..Setup::default()
    };
    Game::new(setup, VoicePack::fide()).unwrap()
}

fn screen(layout: Layout, size: (u16, u16)) -> GameScreen {
    screen_of(game(), layout, size)
}

thread_local! {
    /// What the screen's host said in this test.
    static HEARD: std::cell::RefCell<crate::speech::Recorder> = Default::default();
}

/// The screen of `game`, not yet opened, its files kept in a directory of
/// the test's own, and what its host says.
fn unopened(game: Game, layout: Layout, size: (u16, u16)) -> (GameScreen, crate::speech::Recorder) {
    let heard = crate::speech::Recorder::default();
    let mut state = GameScreen::new(
        game,
        (layout, Theme::standard()),
        ClockSettings::default(),
        Instant::ZERO,
        size,
        Some(Box::new(heard.clone())),
    );
    let dir = std::env::temp_dir().join(format!(
        "zweibrett-screen-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    state.host.keep_files_in(&dir);
    (state, heard)
}

/// The screen of `game`, opened, what it says from then on recorded for
/// [`said`].
fn screen_of(game: Game, layout: Layout, size: (u16, u16)) -> GameScreen {
    let (mut state, heard) = unopened(game, layout, size);
    HEARD.with(|h| *h.borrow_mut() = heard);
    state.host.open(false);
    deliver(&mut state, 0);
    said();
    state
}

/// What the host said since the last look.
fn said() -> Vec<String> {
    HEARD.with(|h| h.borrow().texts())
}

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn ctrl(c: char) -> Msg {
    Msg::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL))
}

fn typed(state: &mut GameScreen, text: &str) {
    for c in text.chars() {
        assert!(update(state, key(KeyCode::Char(c))).is_empty());
    }
}

/// The computer's clock when the game's time line stands at `secs`.
fn moment(state: &GameScreen, secs: u64) -> std::time::Instant {
    state
        .host
        .session()
        .time_line()
        .moment(Instant::from_secs(secs))
}

/// Hands what the host shows to the screen, as the shell does.
fn deliver(state: &mut GameScreen, secs: u64) -> Vec<Effect> {
    let mut rest = Vec::new();
    loop {
        let shown = state.host.take_shown();
        if shown.is_empty() {
            return rest;
        }
        let effects = update(state, Msg::Shown(shown));
        rest.extend(as_shell(state, effects, secs));
    }
}

/// Carries out `effects` as the shell would, at `secs` on the game's
/// time line; what only the shell itself acts on (leaving) is returned.
fn as_shell(state: &mut GameScreen, effects: Vec<Effect>, secs: u64) -> Vec<Effect> {
    let mut rest = Vec::new();
    for effect in effects {
        match effect {
            Effect::Speak(utterance) => state.host.say(utterance),
            Effect::Request(request) => {
                let at = moment(state, secs);
                state.host.request(request, at);
                rest.extend(deliver(state, secs));
            }
            Effect::Stay => {
                state.host.stay();
                rest.extend(deliver(state, secs));
            }
            other => rest.push(other),
        }
    }
    rest
}

/// Enters `line` and carries it out at `secs`: what was said.
fn enter(state: &mut GameScreen, line: &str, secs: u64) -> Vec<String> {
    typed(state, line);
    let effects = update(state, key(KeyCode::Enter));
    as_shell(state, effects, secs);
    said()
}

/// The screen's own sentences among `effects`.
fn spoken(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Speak(u) => Some(u.text.clone()),
            _ => None,
        })
        .collect()
}

/// The request of a key's command for the game.
fn command(c: Command) -> Vec<Effect> {
    vec![Effect::Request(Request::Command(c))]
}

#[test]
fn enter_parses_the_line_and_asks_to_record_it() {
    let mut state = screen(Layout::Standard, (120, 40));
    typed(&mut state, "e4");
    assert_eq!(state.input.text(), "e4");
    let effects = update(&mut state, key(KeyCode::Enter));
    assert_eq!(
        effects,
        vec![Effect::Request(Request::Line(Ok("e4".into())))]
    );
    assert!(state.input.is_empty());
    assert!(
        state.host.game().moves().is_empty(),
        "carried out by the host"
    );
    assert_eq!(
        enter(&mut state, "claim", 1),
        ["beanspruchen braucht dreimalig oder fünfzig"]
    );
}

#[test]
fn recorded_commands_are_applied_logged_and_spoken() {
    let mut state = screen(Layout::Standard, (120, 40));
    let said = enter(&mut state, "e4", 2);
    assert_eq!(state.host.game().moves().len(), 1);
    assert!(said.iter().any(|t| t.contains("Eva vier")), "{said:?}");
    assert!(
        state.log.iter().any(|l| l.starts_with("1. e4: ")),
        "{:?}",
        state.log
    );
    assert_eq!(state.now, Instant::from_secs(2));
}

#[test]
fn keys_become_commands() {
    let mut state = screen(Layout::Standard, (120, 40));
    assert_eq!(
        update(&mut state, key(KeyCode::Char(' '))),
        command(Command::Press),
        "Space on an empty line presses the clock"
    );
    assert_eq!(
        update(&mut state, key(KeyCode::F(7))),
        command(Command::Press)
    );
    assert_eq!(update(&mut state, ctrl('t')), command(Command::Time));
    assert_eq!(
        update(&mut state, key(KeyCode::F(3))),
        command(Command::Again(None))
    );
    assert_eq!(update(&mut state, ctrl('y')), command(Command::Confirm));
    assert_eq!(
        update(&mut state, ctrl('s')),
        vec![Effect::Request(Request::Save)]
    );
    typed(&mut state, "e");
    assert!(
        update(&mut state, key(KeyCode::Char(' '))).is_empty(),
        "Space is typed on a line with text"
    );
    assert_eq!(state.input.text(), "e ");
}

#[test]
fn keys_that_fill_the_line_say_what_to_type() {
    let mut state = screen(Layout::Standard, (120, 40));
    let effects = update(&mut state, key(KeyCode::F(5)));
    assert_eq!(state.input.text(), "Feld ");
    assert_eq!(
        spoken(&effects),
        ["Feld: ein Feld eingeben, dann die Eingabetaste."]
    );
    let said = enter(&mut state, "e2", 1);
    assert_eq!(said.len(), 1);
    assert!(said[0].contains("Eva zwei"), "{said:?}");
    update(&mut state, ctrl('e'));
    assert_eq!(state.input.text(), "berichtigen ");
    let effects = update(&mut state, key(KeyCode::F(10)));
    assert_eq!(
        state.input.text(),
        "beanspruchen ",
        "the command table's word"
    );
    assert_eq!(
        spoken(&effects),
        ["beanspruchen: dreimalig oder fünfzig eingeben, dann die Eingabetaste."]
    );
    // The pack's word is read as the command it stands for.
    let said = enter(&mut state, "50", 2);
    assert!(said[0].contains("50-Züge-Regel"), "{said:?}");
}

#[test]
fn escape_and_ctrl_u_clear_the_line_and_say_so() {
    let mut state = screen(Layout::Standard, (120, 40));
    typed(&mut state, "Nf");
    let effects = update(&mut state, key(KeyCode::Esc));
    assert!(state.input.is_empty());
    assert_eq!(spoken(&effects), ["Gelöscht."]);
    assert_eq!(state.overlay, Overlay::None, "Escape opens nothing");
    // A word put on the line by a key is cleared the same way.
    for k in [KeyCode::F(5), KeyCode::F(6), KeyCode::F(10)] {
        update(&mut state, key(k));
        assert!(!state.input.is_empty());
        assert_eq!(
            spoken(&update(&mut state, key(KeyCode::Esc))),
            ["Gelöscht."]
        );
        assert!(state.input.is_empty(), "{k:?}");
    }
    typed(&mut state, "correct Nc3");
    assert_eq!(spoken(&update(&mut state, ctrl('u'))), ["Gelöscht."]);
    assert!(state.input.is_empty());
    // On an empty line there is nothing to clear: said as such.
    assert_eq!(spoken(&update(&mut state, key(KeyCode::Esc))), ["Leer."]);
    assert!(
        state.log.iter().all(|l| l != "Gelöscht."),
        "the log keeps the game"
    );
}

#[test]
fn a_key_reads_back_what_is_typed() {
    let mut state = screen(Layout::Standard, (120, 40));
    assert_eq!(spoken(&update(&mut state, key(KeyCode::F(12)))), ["Leer."]);
    typed(&mut state, "Sf3");
    let effects = update(&mut state, key(KeyCode::F(12)));
    assert_eq!(spoken(&effects), ["Eingegeben: Sf3"]);
    assert_eq!(state.input.text(), "Sf3", "reading changes nothing");
    assert_eq!(state.input.cursor(), 3);
    assert_eq!(spoken(&update(&mut state, ctrl('d'))), ["Eingegeben: Sf3"]);
    // Up and Down still go through the lines typed before.
    update(&mut state, key(KeyCode::Esc));
    enter(&mut state, "e4", 1);
    update(&mut state, key(KeyCode::Up));
    assert_eq!(state.input.text(), "e4");
    assert_eq!(spoken(&update(&mut state, ctrl('d'))), ["Eingegeben: e4"]);
    update(&mut state, key(KeyCode::Down));
    assert!(state.input.is_empty());
}

#[test]
fn the_input_line_is_spoken_in_the_games_language() {
    let setup = Setup {
        time: "900+10".into(),
        voice: "pt".into(),
        ..Setup::default()
    };
    let pack = VoicePack::builtin("pt");
    let mut state = screen_of(Game::new(setup, pack).unwrap(), Layout::Standard, (120, 40));
    assert_eq!(spoken(&update(&mut state, ctrl('d'))), ["Nada escrito."]);
    typed(&mut state, "e4");
    assert_eq!(spoken(&update(&mut state, ctrl('d'))), ["Escrito: e4"]);
    assert_eq!(spoken(&update(&mut state, key(KeyCode::Esc))), ["Apagado."]);
}

#[test]
fn overlays_open_speak_and_close() {
    let mut state = screen(Layout::Standard, (120, 40));
    let effects = update(&mut state, key(KeyCode::F(1)));
    assert_eq!(state.overlay, Overlay::Help);
    let first = &spoken(&effects)[0];
    assert!(
        first.starts_with("Hilfe. 27 Tasten. Teil 1 von 5."),
        "{first}"
    );
    assert!(first.ends_with("F1 oder s: der nächste Teil."), "{first}");
    // The keys a part at a time; after the last, the first again.
    for part in 2..=5 {
        let said = spoken(&update(&mut state, key(KeyCode::Char('s'))));
        assert!(
            said[0].starts_with(&format!("Teil {part} von 5.")),
            "{said:?}"
        );
    }
    let again = spoken(&update(&mut state, key(KeyCode::F(1))));
    assert_eq!(&again[0], first);
    assert!(update(&mut state, key(KeyCode::Char('x'))).is_empty());
    assert!(state.input.is_empty(), "keys in help are not typed");
    update(&mut state, key(KeyCode::Esc));
    assert_eq!(state.overlay, Overlay::None);

    let effects = update(&mut state, ctrl('q'));
    assert_eq!(state.overlay, Overlay::Quit);
    assert!(spoken(&effects)[0].contains("zweibrett fortsetzen"));
    update(&mut state, key(KeyCode::Char('n')));
    assert_eq!(state.overlay, Overlay::None);
    update(&mut state, ctrl('q'));
    assert_eq!(
        update(&mut state, key(KeyCode::Char('y'))),
        vec![Effect::Quit],
        "a clock not running needs no pause"
    );

    let mut state = screen(Layout::Standard, (120, 40));
    enter(&mut state, "e4", 1);
    update(&mut state, ctrl('q'));
    assert_eq!(
        update(&mut state, key(KeyCode::Char('y'))),
        vec![Effect::Quit]
    );
    assert!(state.host.leave(std::time::Instant::now()));
    assert!(
        state.host.game().clock().is_paused(),
        "leaving stops the running clock"
    );

    let mut state = screen(Layout::Standard, (120, 40));
    let effects = update(&mut state, ctrl('x'));
    assert_eq!(state.overlay, Overlay::Resign);
    assert!(spoken(&effects)[0].contains("Anna (Weiß)"));
    assert_eq!(
        update(&mut state, key(KeyCode::Char('j'))),
        command(Command::Resign(Some(Side::White))),
        "j for ja answers yes in German"
    );
}

#[test]
fn the_end_of_the_game_saves_the_pgn() {
    let mut state = screen(Layout::Standard, (120, 40));
    update(&mut state, ctrl('x'));
    let effects = update(&mut state, key(KeyCode::Char('y')));
    as_shell(&mut state, effects, 3);
    assert!(
        said().iter().any(|t| t == "Gespeichert."),
        "said, without the path"
    );
    let saved = state
        .log
        .iter()
        .find_map(|t| t.strip_prefix("Gespeichert: "));
    let pgn = std::fs::read_to_string(saved.expect("shown where")).unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
}

#[test]
fn the_input_line_saves_the_braille_score_as_brf() {
    let mut state = screen(Layout::Standard, (120, 40));
    let said = enter(&mut state, "save brf", 1);
    assert_eq!(said, ["Gespeichert."], "the path is shown, not said");
    let shown = state.log.last().unwrap();
    assert!(shown.starts_with("Gespeichert: ") && shown.ends_with("game.brf"));
    enter(&mut state, "speichern brf Anna.brf", 1);
    assert!(
        state.log.last().unwrap().ends_with("Anna.brf"),
        "{:?}",
        state.log
    );
    let said = enter(&mut state, "save druck", 1);
    assert_eq!(
        said,
        [
            "speichern: „druck“ ist nicht pgn (die PGN-Datei) oder Punktschrift und vielleicht \
          einen Dateinamen (das Partieformular in Punktschrift)"
        ]
    );
}

#[test]
fn the_input_line_says_the_score_in_the_packs_letters_or_in_figurines() {
    let mut state = screen(Layout::Standard, (120, 40));
    enter(&mut state, "Sf3", 1);
    let english = enter(&mut state, "score", 2);
    assert_eq!(english.len(), 1, "{english:?}");
    assert!(english[0].starts_with("1. Nf3"), "{english:?}");
    let german = enter(&mut state, "Partieformular pack", 2);
    assert!(german[0].starts_with("1. Sf3"), "{german:?}");
    let figurines = enter(&mut state, "score figurine", 2);
    assert!(figurines[0].starts_with("1. ♘f3"), "{figurines:?}");
}

#[test]
fn a_running_clock_is_recorded_twice_a_second() {
    let mut state = screen(Layout::ScreenReader, (80, 20));
    assert_eq!(
        state.host.deadline(),
        None,
        "nothing is due while the clock stands"
    );
    enter(&mut state, "e4", 1);
    let effects = update(&mut state, key(KeyCode::F(7)));
    as_shell(&mut state, effects, 2);
    assert_eq!(
        state.host.deadline(),
        Some(moment(&state, 2) + std::time::Duration::from_millis(500)),
        "the host asks to be woken at the next reading"
    );
    let read = state
        .host
        .game()
        .clock()
        .remaining(Color::White, Instant::from_secs(3));
    state.host.wake(moment(&state, 3));
    assert_eq!(
        state.host.deadline(),
        Some(moment(&state, 3) + std::time::Duration::from_millis(500))
    );
    assert_eq!(
        state
            .host
            .game()
            .clock()
            .remaining(Color::White, Instant::from_secs(3)),
        read
    );
}

#[test]
fn the_dead_position_search_answers_while_nobody_types() {
    let setup = Setup {
        time: "600".into(),
        repetition: Repetition::Off,
        press: Press::Auto,
        fen: Some("kb6/bpp2p1p/2P5/1P6/8/8/5P1P/5K2 b - - 0 1".into()),
        ..Setup::default()
    };
    let game = Game::new(setup, VoicePack::fide()).unwrap();
    let mut state = screen_of(game, Layout::ScreenReader, (80, 20));
    let (tx, rx) = std::sync::mpsc::channel::<crate::session::wake::Wake<()>>();
    state.host.connect(&crate::session::wake::Bell::on(tx));
    enter(&mut state, "b6", 1);
    assert!(
        state.host.game().outcome().is_none(),
        "announced before the search"
    );
    // The search rings when it has answered, whether anyone types or not;
    // its ruling is entered like any command (5.2.2).
    while state.host.game().outcome().is_none() {
        let rang = rx.recv_timeout(std::time::Duration::from_secs(20));
        assert!(rang.is_ok(), "the search rang");
        state.host.wake(moment(&state, 2));
        deliver(&mut state, 2);
    }
    assert_eq!(
        state.host.game().outcome().map(|o| o.termination),
        Some(crate::game::Termination::DeadPosition)
    );
    assert!(
        state.log.iter().any(|l| l.contains("tote Stellung")),
        "{:?}",
        state.log
    );
}

fn render(state: &GameScreen) -> (Terminal<TestBackend>, Position) {
    let mut terminal = Terminal::new(TestBackend::new(state.size.0, state.size.1)).unwrap();
    terminal.draw(|frame| view(state, frame)).unwrap();
    let cursor = terminal.get_cursor_position().unwrap();
    (terminal, cursor)
}

/// The cursor is on the last line, just after the prompt and the text up
/// to the typing point.
fn assert_cursor_at_typing_point(state: &GameScreen, cursor: Position) {
    assert_eq!(cursor.y, state.size.1 - 1);
    assert_eq!(cursor.x as usize, 2 + state.input.cursor());
}

/// A dialog's question stands on the input line, ending with `question`'s
/// last characters, and the cursor one space after it.
fn assert_cursor_after_question(
    state: &GameScreen,
    terminal: &Terminal<TestBackend>,
    cursor: Position,
    question: &str,
) {
    let y = state.size.1 - 1;
    assert_eq!(cursor.y, y, "the cursor stays on the input line");
    let buffer = terminal.backend().buffer();
    let line: String = (0..state.size.0)
        .map(|x| buffer[(x, y)].symbol().to_string())
        .collect();
    let line = line.trim_end();
    assert!(question.ends_with(line), "{line:?} ends {question:?}");
    assert_eq!(usize::from(cursor.x), line.chars().count() + 1, "{line:?}");
}

#[test]
fn ticks_do_not_change_the_screen_reader_view() {
    let mut state = screen(Layout::ScreenReader, (80, 16));
    enter(&mut state, "e4", 1);
    let effects = update(&mut state, key(KeyCode::F(7)));
    as_shell(&mut state, effects, 2);
    state.changed = false;
    let before = render(&state).0.backend().buffer().clone();
    state.host.wake(moment(&state, 9));
    let effects = update(&mut state, Msg::Tick(Instant::from_secs(9)));
    as_shell(&mut state, effects, 9);
    deliver(&mut state, 9);
    assert!(!state.changed, "a tick asks for no redraw");
    let after = render(&state).0.backend().buffer().clone();
    assert_eq!(before, after);
    let effects = update(&mut state, ctrl('t'));
    state.changed = false;
    as_shell(&mut state, effects, 10);
    assert!(state.changed);
    assert_ne!(render(&state).0.backend().buffer(), &after);
}

/// Mid-game: 1. e4 e5 2. Nf3, and Boris has repeated Nc3 instead.
fn mid_game(layout: Layout, size: (u16, u16)) -> GameScreen {
    let mut state = screen(layout, size);
    let mut t = 0;
    for line in ["e4", "press", "repeat e4", "e5", "press", "repeat e5"] {
        t += 3;
        enter(&mut state, line, t);
    }
    for line in ["Nf3", "press", "repeat Nc3"] {
        t += 3;
        enter(&mut state, line, t);
    }
    assert!(state.host.game().diverging());
    state.now = Instant::from_secs(t + 1);
    typed(&mut state, "align");
    update(&mut state, key(KeyCode::Left));
    state
}

#[test]
fn snapshot_standard_layout_mid_game() {
    let state = mid_game(Layout::Standard, (120, 40));
    let (terminal, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
    assert_eq!(state.input.cursor(), 4);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_screen_reader_layout() {
    let state = mid_game(Layout::ScreenReader, (80, 16));
    let (terminal, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_help() {
    let mut state = mid_game(Layout::ScreenReader, (100, 24));
    update(&mut state, key(KeyCode::F(1)));
    let (terminal, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_input_line_cleared_after_f6() {
    let mut state = mid_game(Layout::ScreenReader, (80, 16));
    update(&mut state, key(KeyCode::Esc));
    update(&mut state, key(KeyCode::F(6)));
    typed(&mut state, "Nc3");
    update(&mut state, key(KeyCode::Esc));
    let (terminal, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
    assert_eq!(cursor.x, 2, "the typing point is back at the start");
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_quit_confirmation() {
    let mut state = mid_game(Layout::Standard, (120, 40));
    update(&mut state, ctrl('q'));
    let (terminal, cursor) = render(&state);
    assert_cursor_after_question(&state, &terminal, cursor, "Partie verlassen? (j/n)");
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_too_small() {
    let mut state = screen(Layout::Standard, (120, 40));
    let effects = update(&mut state, Msg::Resize(40, 12));
    assert_eq!(spoken(&effects), [state.too_small_message()]);
    assert!(
        update(&mut state, Msg::Resize(41, 12)).is_empty(),
        "said once"
    );
    typed(&mut state, "e4");
    let (terminal, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn a_position_already_mate_is_said_and_saved_when_the_screen_opens() {
    let setup = Setup {
        fen: Some("7k/6Q1/6K1/8/8/8/8/8 b - - 0 40".into()),
        ..Setup::default()
    };
    let game = Game::new(setup, VoicePack::fide()).unwrap();
    let (mut state, heard) = unopened(game, Layout::Standard, (80, 24));
    state.host.open(false);
    deliver(&mut state, 0);
    let said = heard.texts();
    assert!(said[0].starts_with("Bedenkzeit: "), "{said:?}");
    assert!(said[1].starts_with("Partie beendet"), "{said:?}");
    assert_eq!(said[2], "Gespeichert.", "{said:?}");
    assert!(state.log.iter().any(|l| l.starts_with("Partie beendet")));
    let saved = state
        .log
        .iter()
        .find_map(|l| l.strip_prefix("Gespeichert: "))
        .expect("shown where");
    assert!(std::path::Path::new(saved).exists(), "{saved}");
}

#[test]
fn a_notice_about_the_voice_follows_the_status_line() {
    for layout in [Layout::Standard, Layout::ScreenReader] {
        let mut state = screen(layout, (120, 40));
        let first_line = |state: &GameScreen| {
            let (terminal, _) = render(state);
            let buffer = terminal.backend().buffer().clone();
            (0..buffer.area.width)
                .map(|x| buffer[(x, 0)].symbol().to_string())
                .collect::<String>()
        };
        let status = first_line(&state);
        state.voice_notice = Some("The system voice answers again.".into());
        let shown = first_line(&state);
        assert!(shown.starts_with(status.trim_end()), "{layout:?}: {shown}");
        assert!(
            shown.contains("— The system voice answers again."),
            "{layout:?}: {shown}"
        );
    }
}

mod languages;
mod low_vision;
mod scrolling;

#[test]
fn ctrl_and_the_arrows_set_the_voice_and_plain_arrows_still_recall_lines() {
    let mut state = screen(Layout::Standard, (120, 40));
    let with_ctrl = |code| Msg::Key(KeyEvent::new(code, KeyModifiers::CONTROL));
    for (code, word) in [
        (KeyCode::Up, "louder"),
        (KeyCode::Down, "softer"),
        (KeyCode::Right, "faster"),
        (KeyCode::Left, "slower"),
    ] {
        assert_eq!(
            update(&mut state, with_ctrl(code)),
            vec![Effect::Request(Request::Line(Ok(word.into())))],
            "{code:?}"
        );
    }
    typed(&mut state, "e4");
    update(&mut state, key(KeyCode::Enter));
    update(&mut state, key(KeyCode::Up));
    assert_eq!(state.input.text(), "e4", "Up alone recalls the line");
}
