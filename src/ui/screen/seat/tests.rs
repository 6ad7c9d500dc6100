//! A seat's screen without a terminal or a socket: views made from a real
//! game, messages and keys fed through channels, snapshots at a few sizes,
//! and every size from 20×5 to 300×80 drawn without a panic and with the
//! last move findable.

use std::sync::mpsc;
use std::time::Duration;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Position;

use super::big::{Part, Shape};
use super::shell::serve;
use super::*;
use crate::clock::Instant;
use crate::driver::Driver;
use crate::game::{Command, Game, Impaired, Press, Repetition, Setup};
use crate::notation::VoicePack;
use crate::session::seat::SeatLink;
use crate::session::wake::{Bell, Wake};

mod offer;

fn game(pack: VoicePack) -> Game {
    let setup = Setup {
        white: "Anna".into(),
        black: "Boris".into(),
        impaired: Impaired::White,
        time: "5400+30".into(),
        repetition: Repetition::Strict,
        press: Press::Separate,
        date: "2026.01.01".into(),
        ..Setup::default()
    };
    Game::new(setup, pack).unwrap()
}

/// The view after `moves`, each announced, pressed and confirmed but the
/// last, which waits for its repetition.
fn view_after(pack: VoicePack, moves: &[&str]) -> SeatView {
    let mut g = game(pack);
    let mut secs = 0;
    let mut at = |step: u64| {
        secs += step;
        Instant::from_secs(secs)
    };
    for (i, m) in moves.iter().enumerate() {
        g.apply(&Command::Move((*m).into()), at(7));
        g.apply(&Command::Press, at(1));
        if i + 1 < moves.len() {
            g.apply(&Command::Confirm, at(2));
        }
    }
    SeatView::of(&g, at(0))
}

const OPENING: [&str; 5] = ["e4", "c5", "Nf3", "d6", "d4"];

fn seat(role: SeatRole, pack: VoicePack, view: Option<SeatView>, size: (u16, u16)) -> SeatScreen {
    let side = match role {
        SeatRole::Opponent => Some(Side::Black),
        _ => None,
    };
    let mut state = SeatScreen::new(role, side, pack, Layout::Standard, Theme::standard(), size);
    if let Some(view) = view {
        update(&mut state, Msg::Game(ToSeat::View(view)));
    }
    state
}

fn key(code: KeyCode) -> Msg {
    Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn typed(state: &mut SeatScreen, text: &str) {
    for c in text.chars() {
        assert!(update(state, key(KeyCode::Char(c))).is_empty());
    }
}

fn draw(state: &SeatScreen, (w, h): (u16, u16)) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|frame| view(state, frame)).unwrap();
    terminal
}

fn text_of(buffer: &Buffer) -> String {
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            (0..area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn snapshot_the_opponent_asked_to_repeat() {
    let state = seat(
        SeatRole::Opponent,
        VoicePack::fide(),
        Some(view_after(VoicePack::fide(), &OPENING)),
        (100, 30),
    );
    let terminal = draw(&state, (100, 30));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_the_opponent_in_a_small_window() {
    let state = seat(
        SeatRole::Opponent,
        VoicePack::fide(),
        Some(view_after(VoicePack::fide(), &OPENING)),
        (40, 12),
    );
    let terminal = draw(&state, (40, 12));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_the_opponent_in_the_smallest_window() {
    let state = seat(
        SeatRole::Opponent,
        VoicePack::fide(),
        Some(view_after(VoicePack::fide(), &OPENING)),
        (20, 5),
    );
    let terminal = draw(&state, (20, 5));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_the_opponent_in_english() {
    let pack = VoicePack::builtin("en");
    let state = seat(
        SeatRole::Opponent,
        pack.clone(),
        Some(view_after(pack, &OPENING[..2])),
        (80, 24),
    );
    let terminal = draw(&state, (80, 24));
    insta::assert_snapshot!(terminal.backend());
}

/// The boards diverge: Black repeats d4 for the announced e4 (D.2.9).
fn diverged() -> SeatView {
    let mut g = game(VoicePack::fide());
    g.apply(&Command::Move("e4".into()), Instant::from_secs(5));
    g.apply(&Command::Press, Instant::from_secs(6));
    g.apply(&Command::Repeat("d4".into()), Instant::from_secs(9));
    let view = SeatView::of(&g, Instant::from_secs(10));
    assert!(view.diverging, "{view:?}");
    view
}

#[test]
fn snapshot_the_arbiter_with_diverging_boards() {
    let mut state = seat(
        SeatRole::Arbiter,
        VoicePack::fide(),
        Some(diverged()),
        (100, 40),
    );
    update(
        &mut state,
        Msg::Game(ToSeat::Said {
            text: "Die Bretter weichen ab.".into(),
        }),
    );
    let terminal = draw(&state, (100, 40));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_the_arbiter_without_room_for_boards() {
    let state = seat(
        SeatRole::Arbiter,
        VoicePack::fide(),
        Some(view_after(VoicePack::fide(), &OPENING)),
        (60, 14),
    );
    let terminal = draw(&state, (60, 14));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn snapshot_the_assistant_with_one_board() {
    let state = seat(
        SeatRole::Assistant,
        VoicePack::builtin("es"),
        Some(view_after(VoicePack::builtin("es"), &OPENING)),
        (80, 30),
    );
    let terminal = draw(&state, (80, 30));
    insta::assert_snapshot!(terminal.backend());
}

#[test]
fn every_size_draws_and_shows_the_last_move() {
    let view = view_after(VoicePack::fide(), &OPENING);
    let label = view.last.as_ref().unwrap().label.clone();
    let widths = (20..=300).step_by(19).chain([21, 299, 300]);
    for w in widths {
        for h in (5..=80).step_by(5).chain([6, 7, 79, 80]) {
            for role in [SeatRole::Opponent, SeatRole::Arbiter, SeatRole::Assistant] {
                let state = seat(role, VoicePack::fide(), Some(view.clone()), (w, h));
                let terminal = draw(&state, (w, h));
                let text = text_of(terminal.backend().buffer());
                if role != SeatRole::Opponent {
                    continue;
                }
                let plan = view::opponent_plan(&state, w, h - 1);
                let (_, san) = plan
                    .iter()
                    .find(|(part, _)| *part == Part::San)
                    .unwrap_or_else(|| panic!("no move at {w}×{h}"));
                match san {
                    Shape::Big(_, rows) => assert_eq!(rows.join(" "), label, "{w}×{h}"),
                    Shape::Plain(_) => assert!(text.contains(&label), "{w}×{h}:\n{text}"),
                }
                let total: u16 = plan.iter().map(|(_, s)| s.height()).sum();
                assert!(total < h, "{w}×{h}: {plan:?}");
            }
        }
    }
}

#[test]
fn the_screen_reader_layout_shows_the_move_as_text_not_block_letters() {
    let view = view_after(VoicePack::fide(), &OPENING);
    let mut state = seat(SeatRole::Opponent, VoicePack::fide(), Some(view), (100, 30));
    let standard = text_of(draw(&state, (100, 30)).backend().buffer());
    assert!(standard.contains('█'), "{standard}");
    state.layout = Layout::ScreenReader;
    let read = text_of(draw(&state, (100, 30)).backend().buffer());
    assert!(!read.contains(['█', '▀', '▄']), "{read}");
    assert!(read.contains("3. d4"), "{read}");
}

#[test]
fn the_running_clock_is_said_in_words_and_runs_on() {
    let view = view_after(VoicePack::fide(), &OPENING);
    let mut state = seat(SeatRole::Opponent, VoicePack::fide(), Some(view), (100, 30));
    let before = text_of(draw(&state, (100, 30)).backend().buffer());
    assert!(
        before.contains("Boris (Schwarz) 1:31:10 ▶ läuft"),
        "{before}"
    );
    state.changed = false;
    update(&mut state, Msg::Tick(Duration::from_millis(400)));
    assert!(!state.changed, "nothing new to show within the second");
    update(&mut state, Msg::Tick(Duration::from_millis(1000)));
    assert!(state.changed, "the running clock is drawn again");
    let after = text_of(draw(&state, (100, 30)).backend().buffer());
    assert!(after.contains("Boris (Schwarz) 1:31:09 ▶ läuft"), "{after}");
    // The screen-reader layout shows the clocks as read, never on its own.
    state.layout = Layout::ScreenReader;
    state.changed = false;
    update(&mut state, Msg::Tick(Duration::from_millis(2100)));
    assert!(!state.changed);
}

#[test]
fn enter_on_an_empty_line_confirms_the_move_to_repeat() {
    let view = view_after(VoicePack::fide(), &OPENING);
    let mut state = seat(
        SeatRole::Opponent,
        VoicePack::fide(),
        Some(view.clone()),
        (80, 24),
    );
    let effects = update(&mut state, key(KeyCode::Enter));
    assert_eq!(
        effects,
        vec![Effect::Send(ToGame::Line {
            text: "bestätigen".into()
        })]
    );
    let hint = text_of(draw(&state, (100, 30)).backend().buffer());
    assert!(
        hint.contains("Die Eingabetaste bei leerer Zeile bestätigt 3. d4."),
        "{hint}"
    );
    // Once confirmed, Black is to move: an empty line sends nothing.
    let mut moved = view;
    moved.step = zweibrett_core::seat::SeatStep::Enter;
    update(&mut state, Msg::Game(ToSeat::View(moved)));
    assert!(update(&mut state, key(KeyCode::Enter)).is_empty());
}

#[test]
fn typed_lines_go_to_the_game_and_quit_leaves() {
    let mut state = seat(SeatRole::Opponent, VoicePack::fide(), None, (80, 24));
    typed(&mut state, "Sf6");
    assert_eq!(
        update(&mut state, key(KeyCode::Enter)),
        vec![Effect::Send(ToGame::Line { text: "Sf6".into() })]
    );
    assert_eq!(state.log.last().unwrap(), "> Sf6");
    typed(&mut state, "beenden");
    assert_eq!(
        update(&mut state, key(KeyCode::Enter)),
        vec![Effect::Send(ToGame::Leave), Effect::Quit]
    );
}

#[test]
fn escape_asks_on_the_input_line_and_n_stays() {
    let mut state = seat(
        SeatRole::Arbiter,
        VoicePack::fide(),
        Some(diverged()),
        (80, 24),
    );
    typed(&mut state, "Prü");
    update(&mut state, key(KeyCode::Esc));
    assert_eq!(state.overlay, Overlay::Leave);
    let mut terminal = draw(&state, (80, 24));
    let text = text_of(terminal.backend().buffer());
    assert!(text.contains("Diesen Platz verlassen?"), "{text}");
    let cursor = terminal.get_cursor_position().unwrap();
    assert_eq!(cursor.y, 23, "the question is where the cursor is");
    update(&mut state, key(KeyCode::Char('n')));
    assert_eq!(state.overlay, Overlay::None);
    terminal.draw(|frame| view(&state, frame)).unwrap();
    assert_eq!(
        terminal.get_cursor_position().unwrap(),
        Position::new(5, 23)
    );
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    update(&mut state, Msg::Key(ctrl_c));
    assert_eq!(
        update(&mut state, key(KeyCode::Char('j'))),
        vec![Effect::Send(ToGame::Leave), Effect::Quit]
    );
}

#[test]
fn a_closed_seat_shows_why_and_ends_after_a_key_or_three_seconds() {
    let mut state = seat(
        SeatRole::Arbiter,
        VoicePack::fide(),
        Some(diverged()),
        (80, 24),
    );
    let reason = "Die Partie ist beendet.".to_string();
    let said = update(&mut state, Msg::Game(ToSeat::Closed { reason }));
    assert!(matches!(&said[..], [Effect::Speak(_)]), "{said:?}");
    let text = text_of(draw(&state, (80, 24)).backend().buffer());
    assert!(
        text.contains("Der Platz ist geschlossen: Die Partie ist beendet."),
        "{text}"
    );
    assert!(update(&mut state, Msg::Tick(Duration::from_secs(2))).is_empty());
    assert_eq!(
        update(&mut state, Msg::Tick(Duration::from_secs(3))),
        vec![Effect::Quit]
    );
    let mut gone = seat(SeatRole::Opponent, VoicePack::fide(), None, (80, 24));
    update(&mut gone, Msg::Gone);
    assert_eq!(
        update(&mut gone, key(KeyCode::Char('x'))),
        vec![Effect::Quit]
    );
}

/// A link whose other ends the test holds.
fn link(role: SeatRole) -> (SeatLink, mpsc::Receiver<ToGame>, mpsc::Sender<ToSeat>) {
    let (to_game, from_seat) = mpsc::channel();
    let (to_seat, from_game) = mpsc::channel();
    let link = SeatLink {
        role,
        side: Some(Side::Black),
        voice: "fide".into(),
        to_game,
        from_game,
        waker: Default::default(),
    };
    (link, from_seat, to_seat)
}

fn press(keys: &mpsc::Sender<Wake<Event>>, code: KeyCode) {
    let key = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    keys.send(Wake::Input(key, std::time::Instant::now()))
        .unwrap();
}

#[test]
fn the_shell_shows_what_the_game_sends_and_sends_what_is_typed() {
    let (link, from_seat, to_seat) = link(SeatRole::Opponent);
    let (keys_tx, keys) = mpsc::channel();
    to_seat
        .send(ToSeat::View(view_after(VoicePack::fide(), &OPENING)))
        .unwrap();
    to_seat
        .send(ToSeat::Said {
            text: "Bauer d vier".into(),
        })
        .unwrap();
    for c in "Sf6".chars() {
        press(&keys_tx, KeyCode::Char(c));
    }
    press(&keys_tx, KeyCode::Enter);
    press(&keys_tx, KeyCode::Esc);
    press(&keys_tx, KeyCode::Char('j'));
    let mut state = seat(SeatRole::Opponent, VoicePack::fide(), None, (80, 24));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut driver = Driver::on(keys, Bell::on(keys_tx));
    serve(&mut terminal, &mut driver, &link, &mut state, None).unwrap();
    let sent: Vec<ToGame> = from_seat.try_iter().collect();
    assert_eq!(
        sent,
        vec![ToGame::Line { text: "Sf6".into() }, ToGame::Leave]
    );
    assert!(
        state.log.contains(&"Bauer d vier".to_string()),
        "{:?}",
        state.log
    );
    assert!(state.view.is_some());
}

#[test]
fn the_shell_ends_the_seat_when_the_game_is_gone() {
    let (link, from_seat, to_seat) = link(SeatRole::Arbiter);
    let (keys_tx, keys) = mpsc::channel();
    drop(to_seat);
    let mut state = seat(SeatRole::Arbiter, VoicePack::fide(), None, (80, 24));
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    let mut driver = Driver::on(keys, Bell::on(keys_tx.clone()));
    let feeder = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        press(&keys_tx, KeyCode::Char('x'));
        keys_tx
    });
    serve(&mut terminal, &mut driver, &link, &mut state, None).unwrap();
    drop(feeder.join());
    let text = text_of(terminal.backend().buffer());
    assert!(
        text.contains("Die Partie ist nicht mehr erreichbar."),
        "{text}"
    );
    assert!(
        from_seat.try_iter().next().is_none(),
        "nothing to say to a game that is gone"
    );
}

#[test]
fn the_help_scrolls_in_a_short_window_and_shows_every_line() {
    let pack = VoicePack::fide();
    let size = (40, 10);
    let mut state = seat(SeatRole::Arbiter, pack, Some(diverged()), size);
    update(
        &mut state,
        Msg::Key(KeyEvent::new(KeyCode::F(1), KeyModifiers::NONE)),
    );
    assert_eq!(state.overlay, Overlay::Help);
    let limit = super::view::help_scroll_limit(&state);
    assert!(
        limit > 0,
        "the help fits in 40×10; the test wants it longer"
    );
    let mut seen = String::new();
    let first = text_of(draw(&state, size).backend().buffer());
    assert!(first.contains("/"), "the title says which lines: {first}");
    seen.push_str(&first);
    for _ in 0..=limit {
        update(&mut state, key(KeyCode::Down));
        seen.push_str(&text_of(draw(&state, size).backend().buffer()));
    }
    assert_eq!(
        state.help_scroll, limit,
        "Down stops at the help's last line"
    );
    update(&mut state, key(KeyCode::Home));
    assert_eq!(state.help_scroll, 0);
    update(&mut state, key(KeyCode::End));
    assert_eq!(state.help_scroll, limit);
    update(&mut state, key(KeyCode::PageUp));
    assert!(state.help_scroll < limit);
    // Every word of the help was on the screen at some scroll.
    let squeezed: String = seen.split_whitespace().collect();
    for line in super::update::help_lines(&state) {
        for word in line.split_whitespace() {
            assert!(squeezed.contains(word), "{word:?} never shown");
        }
    }
    update(&mut state, key(KeyCode::Esc));
    assert_eq!(state.overlay, Overlay::None);
}

#[test]
fn a_resignation_typed_at_the_seat_is_asked_about_first() {
    // 5.1.2: a game is lost by a word; the seat asks as the main keyboard
    // does, and only a clear yes sends it.
    let view = view_after(VoicePack::fide(), &OPENING);
    let mut state = seat(SeatRole::Opponent, VoicePack::fide(), Some(view), (80, 24));
    typed(&mut state, "aufgeben");
    let asked = update(&mut state, key(KeyCode::Enter));
    assert!(
        !asked.iter().any(|e| matches!(e, Effect::Send(_))),
        "{asked:?}"
    );
    assert!(
        state.log.last().unwrap().contains("(j/n)"),
        "{:?}",
        state.log
    );
    typed(&mut state, "n");
    let back = update(&mut state, key(KeyCode::Enter));
    assert!(
        !back.iter().any(|e| matches!(e, Effect::Send(_))),
        "{back:?}"
    );
    typed(&mut state, "aufgeben");
    update(&mut state, key(KeyCode::Enter));
    typed(&mut state, "j");
    assert_eq!(
        update(&mut state, key(KeyCode::Enter)),
        vec![Effect::Send(ToGame::Line {
            text: "aufgeben".into()
        })]
    );
}
