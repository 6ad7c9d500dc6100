//! The analysis screen driven key by key, and drawn on a test terminal.

use std::path::Path;

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Position as Cursor;
use shakmaty::{Color, Position, Square};

use super::view::minimum_size;
use super::*;
use crate::analysis::session::Session;
use crate::analysis::words::AnalysisWords;
use crate::record::pgn_index::GameIndex;
use crate::session::analysis::Came;
use crate::ui::screen::theme::Theme;

fn open(wanted: Option<usize>, layout: Layout) -> (AnalysisState, Vec<Effect>) {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/club.pgn");
    let index = GameIndex::build(&file).unwrap();
    let (session, first) = Session::open(index, AnalysisWords::builtin("en"), wanted).unwrap();
    AnalysisState::new(session, first, wanted, layout)
}

fn press(state: &mut AnalysisState, code: KeyCode) -> Vec<Effect> {
    update(state, Msg::Key(KeyEvent::new(code, KeyModifiers::NONE)))
}

fn ctrl(state: &mut AnalysisState, code: KeyCode) -> Vec<Effect> {
    update(state, Msg::Key(KeyEvent::new(code, KeyModifiers::CONTROL)))
}

fn type_line(state: &mut AnalysisState, text: &str) -> Vec<Effect> {
    let mut effects = Vec::new();
    for c in text.chars() {
        effects.extend(press(state, KeyCode::Char(c)));
    }
    effects.extend(press(state, KeyCode::Enter));
    effects
}

fn said(effects: &[Effect]) -> Vec<&str> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Say(t) | Effect::Step(t) => Some(t.as_str()),
            _ => None,
        })
        .collect()
}

fn draw(state: &AnalysisState, w: u16, h: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let theme = Theme::built_in("high-contrast").unwrap();
    terminal.draw(|f| view(state, &theme, f)).unwrap();
    terminal
}

fn screen_lines(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buf = terminal.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect()
}

#[test]
fn arrows_step_through_the_game_and_each_step_is_said_and_logged() {
    let (mut state, first) = open(Some(2), Layout::Standard);
    assert_eq!(state.screen, Screen::Game);
    assert_eq!(
        said(&first),
        [
            "the file holds five games",
            "game 2: Müller, Klaus against Weber, Jana; Club Championship; on the second of November twenty twenty-three; draw",
            "comment: A quiet Italian."
        ]
    );
    let effects = press(&mut state, KeyCode::Right);
    assert_eq!(effects, [Effect::Step("one, White: Eva four".into())]);
    assert_eq!(state.log.last().unwrap(), "one, White: Eva four");
    press(&mut state, KeyCode::Right);
    assert_eq!(state.session.replay().played(), 2);
    let back = press(&mut state, KeyCode::Left);
    assert_eq!(said(&back), ["back to one, White: Eva four"]);
    press(&mut state, KeyCode::End);
    assert_eq!(state.session.replay().played(), 24);
    press(&mut state, KeyCode::Home);
    assert_eq!(state.session.replay().played(), 0);
    // Enter on an empty line is the next move, as in the line mode.
    assert_eq!(
        said(&press(&mut state, KeyCode::Enter)),
        ["one, White: Eva four"]
    );
}

#[test]
fn typed_lines_are_read_as_in_the_line_mode_and_arrows_then_belong_to_the_typing() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    press(&mut state, KeyCode::Char('s'));
    // With something typed, Right does not step.
    assert!(press(&mut state, KeyCode::Right).is_empty());
    assert_eq!(state.session.replay().played(), 0);
    for c in "quare e2".chars() {
        press(&mut state, KeyCode::Char(c));
    }
    let effects = press(&mut state, KeyCode::Enter);
    assert_eq!(said(&effects), ["Eva two: White Pawn"]);
    assert!(state.input.is_empty());
    assert_eq!(
        said(&type_line(&mut state, "move 2")),
        ["two, White: Knight Felix three. variation: two, Black: David six"]
    );
    assert_eq!(type_line(&mut state, "quit"), [Effect::Quit]);
    assert_eq!(ctrl(&mut state, KeyCode::Char('q')), [Effect::Quit]);
}

#[test]
fn ctrl_arrows_go_into_a_variation_and_out_again() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    for _ in 0..3 {
        press(&mut state, KeyCode::Right);
    }
    let entered = ctrl(&mut state, KeyCode::Right);
    assert_eq!(
        said(&entered),
        ["variation one: two, Black: David six. comment: Philidor"]
    );
    assert_eq!(state.session.replay().depth(), 1);
    press(&mut state, KeyCode::Right);
    assert_eq!(
        said(&ctrl(&mut state, KeyCode::Right)),
        ["variation one: three, Black: Knight David seven"]
    );
    assert_eq!(state.session.replay().depth(), 2);
    ctrl(&mut state, KeyCode::Left);
    let left = ctrl(&mut state, KeyCode::Left);
    assert_eq!(
        said(&left),
        ["left the variation, back to two, White: Knight Felix three"]
    );
    assert_eq!(state.session.replay().depth(), 0);
    assert_eq!(
        said(&ctrl(&mut state, KeyCode::Left)),
        ["not in a variation"]
    );
    assert_eq!(
        said(&type_line(&mut state, "variation 1")),
        ["variation one: two, Black: David six. comment: Philidor"]
    );
}

#[test]
fn the_board_follows_the_move_and_marks_it() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    let before = screen_lines(&draw(&state, 100, 30));
    assert!(!before.iter().any(|l| l.contains('[')), "{before:#?}");
    press(&mut state, KeyCode::Right);
    assert_eq!(
        state
            .session
            .replay()
            .position()
            .board()
            .piece_at(Square::E4),
        Some(shakmaty::Piece {
            color: Color::White,
            role: shakmaty::Role::Pawn
        })
    );
    let after = screen_lines(&draw(&state, 100, 30));
    let marked: Vec<&String> = after.iter().filter(|l| l.contains('[')).collect();
    assert_eq!(marked.len(), 2, "{after:#?}");
    assert!(marked[0].contains("[ P ]"), "{after:#?}");
    assert!(marked[1].contains("[   ]"), "{after:#?}");
    press(&mut state, KeyCode::Left);
    // The board (the first 18 lines, the log below differs) is as before.
    let back = screen_lines(&draw(&state, 100, 30));
    assert_eq!(before[..18], back[..18]);
}

#[test]
fn the_flip_key_turns_the_board_round() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    let top_rank = |lines: Vec<String>| {
        lines
            .into_iter()
            .skip(1)
            .find_map(|l| l.chars().next().filter(char::is_ascii_digit))
    };
    assert_eq!(top_rank(screen_lines(&draw(&state, 100, 30))), Some('8'));
    let effects = press(&mut state, KeyCode::F(3));
    assert_eq!(state.orientation, Color::Black);
    assert_eq!(said(&effects), ["board from Black's side"]);
    assert_eq!(top_rank(screen_lines(&draw(&state, 100, 30))), Some('1'));
    press(&mut state, KeyCode::F(3));
    assert_eq!(state.orientation, Color::White);
}

#[test]
fn typing_in_the_list_filters_it_by_player_or_event() {
    let (mut state, first) = open(None, Layout::Standard);
    assert_eq!(state.screen, Screen::Games);
    assert_eq!(state.list.shown, [1, 2, 3, 4, 5]);
    assert_eq!(
        said(&first),
        [
            "the file holds five games",
            "game 1: Eva Schmidt against Anna Bauer; Rated Blitz game; on the fifteenth of March twenty twenty-four; White wins"
        ]
    );
    let mut effects = Vec::new();
    for c in "muller".chars() {
        effects.extend(press(&mut state, KeyCode::Char(c)));
    }
    assert_eq!(state.list.shown, [2, 4]);
    assert_eq!(
        said(&coalesce(effects)),
        [
            "two games found with muller. game 2: Müller, Klaus against Weber, Jana; Club Championship; on the second of November twenty twenty-three; draw"
        ]
    );
    let down = press(&mut state, KeyCode::Down);
    assert_eq!(
        said(&down),
        [
            "game 4: Bauer, Anna against Müller, Klaus; Casual game; on the first of May twenty twenty-two; Black wins"
        ]
    );
    // Past the end the focus stays on the last game, and says it again.
    press(&mut state, KeyCode::Down);
    assert_eq!(state.list.focus, 1);
    press(&mut state, KeyCode::Home);
    assert_eq!(state.list.focus, 0);
    press(&mut state, KeyCode::Char('z'));
    assert!(state.list.shown.is_empty());
    assert_eq!(state.log.last().unwrap(), "no game with mullerz");
    press(&mut state, KeyCode::Backspace);
    assert_eq!(state.list.shown, [2, 4]);
    press(&mut state, KeyCode::Esc);
    assert_eq!(state.list.shown, [1, 2, 3, 4, 5]);
    press(&mut state, KeyCode::End);
    assert_eq!(state.list.focus, 4);
    press(&mut state, KeyCode::PageUp);
    assert_eq!(state.list.focus, 0);
}

#[test]
fn a_search_by_tags_filters_the_list_and_a_bad_one_says_what_is_wrong() {
    let (mut state, _) = open(None, Layout::Standard);
    for c in "2023 0-1".chars() {
        press(&mut state, KeyCode::Char(c));
    }
    assert_eq!(state.list.shown, [3]);
    press(&mut state, KeyCode::Esc);
    let mut effects = Vec::new();
    for c in "eco X".chars() {
        effects.extend(press(&mut state, KeyCode::Char(c)));
    }
    assert!(state.list.shown.is_empty());
    assert_eq!(
        state.log.last().unwrap(),
        "not an ECO code: X. Codes run from A00 to E99; C4 is C40 to C49, and C40-C45 a range"
    );
}

#[test]
fn a_games_line_longer_than_the_window_is_shown_whole() {
    let (mut state, _) = open(None, Layout::Standard);
    press(&mut state, KeyCode::Down);
    let lines = screen_lines(&draw(&state, 60, 30));
    let text: String = lines[2..12]
        .iter()
        .map(|l| l.trim_end().trim_start_matches(['>', ' ']))
        .collect::<Vec<_>>()
        .join(" ");
    for entry in [
        "game 1: Eva Schmidt against Anna Bauer; Rated Blitz game; on the fifteenth of March twenty twenty-four; White wins",
        "game 2: Müller, Klaus against Weber, Jana; Club Championship; on the second of November twenty twenty-three; draw",
    ] {
        assert!(text.contains(entry), "{entry}\n{lines:#?}");
    }
    assert!(
        lines.iter().any(|l| l.starts_with("> game 2:")),
        "{lines:#?}"
    );
}

#[test]
fn enter_opens_a_game_esc_goes_back_and_a_broken_game_opens_up_to_its_fault() {
    let (mut state, _) = open(None, Layout::Standard);
    press(&mut state, KeyCode::Down);
    let focused = press(&mut state, KeyCode::Down);
    assert_eq!(
        said(&focused),
        [
            "game 3: Schwarz, Peter against Weiss, Paul; Club Championship; on the ninth of November twenty twenty-three; Black wins; broken"
        ]
    );
    let broken = press(&mut state, KeyCode::Enter);
    assert_eq!(
        said(&broken),
        [
            "game 3: Schwarz, Peter against Weiss, Paul; Club Championship; on the ninth of November twenty twenty-three; Black wins",
            "game 3 is broken, line 36: illegal move Qxh2"
        ]
    );
    assert_eq!(state.screen, Screen::Game);
    press(&mut state, KeyCode::End);
    let fault = press(&mut state, KeyCode::Right);
    assert_eq!(
        said(&fault),
        ["the score breaks off at eight, Black: illegal move Qxh2"]
    );
    press(&mut state, KeyCode::Esc);
    assert_eq!(state.screen, Screen::Games);
    press(&mut state, KeyCode::Down);
    let opened = press(&mut state, KeyCode::Enter);
    assert_eq!(state.screen, Screen::Game);
    assert_eq!(state.session.number(), 4);
    assert_eq!(
        said(&opened),
        [
            "game 4: Bauer, Anna against Müller, Klaus; Casual game; on the first of May twenty twenty-two; Black wins"
        ]
    );
    press(&mut state, KeyCode::Esc);
    assert_eq!(state.screen, Screen::Games);
    assert_eq!(state.list.focus, 3);
    type_line(&mut state, "");
    assert_eq!(state.screen, Screen::Game);
    assert_eq!(
        said(&type_line(&mut state, "find weiss")),
        [
            "one game found with weiss. game 3: Schwarz, Peter against Weiss, Paul; Club Championship; on the ninth of November twenty twenty-three; Black wins; broken"
        ]
    );
    assert_eq!(state.screen, Screen::Games);
}

#[test]
fn a_held_key_leaves_only_the_last_step_to_be_said() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    let mut effects = Vec::new();
    for _ in 0..4 {
        effects.extend(press(&mut state, KeyCode::Right));
    }
    effects.push(Effect::Say("an answer".into()));
    assert_eq!(
        coalesce(effects),
        [
            Effect::Step("two, Black: Knight Cesar six".into()),
            Effect::Say("an answer".into())
        ]
    );
    assert_eq!(state.log.len(), 3 + 4);
}

#[test]
fn help_opens_speaks_and_closes() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    let opened = press(&mut state, KeyCode::F(1));
    assert!(state.help);
    let text = said(&opened)[0].to_string();
    assert!(text.contains("Right: in a game, next move"), "{text}");
    assert!(text.contains("commands: next, back"), "{text}");
    assert_eq!(
        said(&press(&mut state, KeyCode::Char('s'))),
        [text.as_str()]
    );
    assert_eq!(said(&press(&mut state, KeyCode::F(1))), [text.as_str()]);
    // Keys of the game do nothing under the help.
    assert!(press(&mut state, KeyCode::Right).is_empty());
    press(&mut state, KeyCode::Esc);
    assert!(!state.help);
    assert_eq!(state.screen, Screen::Game);
}

#[test]
fn the_engine_is_asked_as_line_mode_asks_it_and_its_silence_said() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/club.pgn");
    let index = GameIndex::build(&file).unwrap();
    let (session, first) = Session::open(index, AnalysisWords::builtin("en"), Some(2)).unwrap();
    let missing = crate::session::analysis::EngineSettings {
        path: Some("/nonexistent/engine".into()),
        ..Default::default()
    };
    let session = crate::session::analysis::AnalysisSession::new(session, missing);
    let (mut state, _) = AnalysisState::new(session, first, Some(2), Layout::Standard);
    let effects = press(&mut state, KeyCode::F(2));
    assert!(matches!(
        effects.as_slice(),
        [Effect::Evaluate { asked: true, .. }]
    ));
    // The shell carries the request out through the session, as line mode
    // does, and says what the session says.
    let heard = std::cell::RefCell::new(Vec::new());
    let output = Heard(&heard);
    assert_eq!(
        super::shell::carry_out(&mut state, effects, &output),
        super::shell::Carried::Changed
    );
    assert_eq!(
        *heard.borrow(),
        ["The engine /nonexistent/engine could not be started"]
    );
    let report = crate::analysis::engine::Report::NotAnswering;
    let silent = state.session.report(&report);
    let silent = update(&mut state, Msg::Came(silent));
    assert_eq!(said(&silent), ["the engine is not answering"]);
}

/// What the shell said, in order.
struct Heard<'a>(&'a std::cell::RefCell<Vec<String>>);

impl crate::speech::Announce for Heard<'_> {
    fn announce(&self, utterance: crate::speech::Utterance) {
        self.0.borrow_mut().push(utterance.text);
    }
}

#[test]
fn a_window_too_small_is_said_once_with_the_size_needed() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    let effects = update(&mut state, Msg::Resize(40, 10));
    let (w, h) = minimum_size(Layout::Standard, Screen::Game);
    assert_eq!(
        said(&effects),
        [
            format!(
                "The window is too small: 40 columns and 10 lines; this screen needs at least {w} columns and {h} lines. Use a larger window, a smaller font, or --plain."
            )
            .as_str()
        ]
    );
    assert!(update(&mut state, Msg::Resize(41, 10)).is_empty());
    let terminal = draw(&state, 40, 10);
    assert!(screen_lines(&terminal)[0].starts_with("The window is too small"));
}

#[test]
fn snapshot_the_list_of_games() {
    let (mut state, _) = open(None, Layout::Standard);
    press(&mut state, KeyCode::Down);
    let mut terminal = draw(&state, 100, 20);
    insta::assert_snapshot!(terminal.backend());
    // Game 1's line takes two rows; the cursor is on game 2's first.
    assert_eq!(terminal.get_cursor_position().unwrap(), Cursor::new(2, 4));
}

#[test]
fn snapshot_a_game_with_its_clock_time_and_comment() {
    let (mut state, _) = open(None, Layout::Standard);
    press(&mut state, KeyCode::Enter);
    type_line(&mut state, "move 8");
    type_line(&mut state, "material");
    for c in "squ".chars() {
        press(&mut state, KeyCode::Char(c));
    }
    let mut terminal = draw(&state, 100, 34);
    insta::assert_snapshot!(terminal.backend());
    assert_eq!(terminal.get_cursor_position().unwrap(), Cursor::new(12, 33));
}

#[test]
fn snapshot_the_screen_reader_layout() {
    let (mut state, _) = open(Some(2), Layout::ScreenReader);
    for _ in 0..3 {
        press(&mut state, KeyCode::Right);
    }
    ctrl(&mut state, KeyCode::Right);
    let mut terminal = draw(&state, 80, 12);
    insta::assert_snapshot!(terminal.backend());
    assert_eq!(terminal.get_cursor_position().unwrap(), Cursor::new(9, 11));
    // The heading is wrapped, never cut, down to the smallest window.
    let (w, h) = minimum_size(Layout::ScreenReader, Screen::Game);
    let terminal = draw(&state, w, h);
    let lines = screen_lines(&terminal);
    assert!(lines[0].starts_with("game 2: "), "{lines:#?}");
    assert!(!lines[1].starts_with("Move:"), "{lines:#?}");
}

#[test]
fn snapshot_the_score_with_its_variations_in_parentheses() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    type_line(&mut state, "move 4");
    let main = draw(&state, 100, 26);
    insta::assert_snapshot!("score_in_the_main_line", main.backend());
    type_line(&mut state, "move 2");
    ctrl(&mut state, KeyCode::Right);
    press(&mut state, KeyCode::Right);
    ctrl(&mut state, KeyCode::Right);
    let deep = draw(&state, 100, 26);
    insta::assert_snapshot!("score_two_variations_deep", deep.backend());
    let text = screen_lines(&deep).join("\n");
    assert!(
        text.contains("Nc6 (*2... d6 3. d4") && text.contains("(*>3... Nd7) 4. Nxd4) 3. Bc4"),
        "{text}"
    );
}

#[test]
fn f4_replays_the_game_and_any_key_stops_it_where_it_is() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    let started = press(&mut state, KeyCode::F(4));
    assert_eq!(said(&started), ["replaying twenty-four moves"]);
    let t0 = std::time::Instant::now();
    let first = state.session.wake(t0).moves;
    let first = update(&mut state, Msg::Came(first));
    assert_eq!(said(&first), ["one, White: Eva four"]);
    assert_eq!(state.session.wake(t0), Came::default(), "not yet due");
    let stopped = press(&mut state, KeyCode::Right);
    assert_eq!(said(&stopped), ["replay stopped"]);
    assert_eq!(state.session.replay().played(), 1, "the key did no more");
    let later = t0 + std::time::Duration::from_secs(9);
    assert_eq!(state.session.wake(later), Came::default());
    let clock = press(&mut state, KeyCode::F(5));
    assert_eq!(
        said(&clock),
        ["one, White: Eva four. the score gives no clock time for this move"]
    );
}

#[test]
fn snapshot_the_help() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    press(&mut state, KeyCode::F(1));
    let mut terminal = draw(&state, 100, 42);
    insta::assert_snapshot!(terminal.backend());
    assert_eq!(terminal.get_cursor_position().unwrap(), Cursor::new(0, 0));
}

#[test]
fn broken_games_are_reported_in_the_log_by_number_and_line() {
    let dir = std::env::temp_dir().join(format!("zweibrett-screen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.pgn");
    std::fs::write(
        &file,
        "[Event \"A\"]\n[White \"One\"]\n[Black \"Two\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n\
         [Event \"B\"]\n[White \"Three\"]\n[Black \"Four\"]\n[Result \"*\"]\n\n1. d4 *\n\n\
         [Event \"C\"]\n[White \"Five\"]\n[Black \"Six\"]\n[Result \"*\"]\n\n1. c4 *\n",
    )
    .unwrap();
    let index = GameIndex::build(&file).unwrap();
    let (session, first) = Session::open(index, AnalysisWords::builtin("en"), None).unwrap();
    let (state, said_first) = AnalysisState::new(session, first, None, Layout::Standard);
    assert_eq!(state.screen, Screen::Games);
    assert_eq!(
        said(&said_first),
        [
            "the file holds three games",
            "game 1 is broken, line 6: illegal move Ke3",
            "game 2: Three against Four; B; no result"
        ]
    );
    assert_eq!(state.log, said(&said_first));
    // The focus is on the first game that can be read.
    assert_eq!(state.list.focus, 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_input_line_takes_no_more_and_says_so_once() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    let limit = crate::session::lines::MAX_LINE_CHARS;
    for _ in 0..limit {
        assert!(press(&mut state, KeyCode::Char('a')).is_empty());
    }
    let full = "The input line is full: it holds at most 1000 characters.";
    assert_eq!(said(&press(&mut state, KeyCode::Char('b'))), [full]);
    assert!(press(&mut state, KeyCode::Char('c')).is_empty());
    assert_eq!(state.input.len(), limit);
    press(&mut state, KeyCode::Backspace);
    assert!(press(&mut state, KeyCode::Char('d')).is_empty());
    assert_eq!(said(&press(&mut state, KeyCode::Char('e'))), [full]);
}

#[test]
fn snapshot_the_help_in_a_short_window_scrolled_to_its_end() {
    let (mut state, _) = open(Some(2), Layout::ScreenReader);
    update(&mut state, Msg::Resize(80, 16));
    press(&mut state, KeyCode::F(1));
    let top = screen_lines(&draw(&state, 80, 16));
    assert_eq!(top[15].trim_end(), "↓ more: Page Down", "{top:?}");
    // Line by line, every line of the help comes into view.
    let mut seen = top.clone();
    while !press(&mut state, KeyCode::Down).is_empty() {
        seen.extend(screen_lines(&draw(&state, 80, 16)));
    }
    for line in crate::ui::screen::analysis::bindings::key_help(&state.session.words().pack) {
        let head: String = line.chars().take(40).collect();
        assert!(seen.iter().any(|s| s.starts_with(&head)), "{line}");
    }
    press(&mut state, KeyCode::Home);
    assert_eq!(screen_lines(&draw(&state, 80, 16)), top);
    let said = said(&press(&mut state, KeyCode::End)).join(" ");
    let terminal = draw(&state, 80, 16);
    let end = screen_lines(&terminal);
    assert_eq!(end[0].trim_end(), "↑ more above: Page Up", "{end:?}");
    assert!(end[1].starts_with(&said), "{said:?} {end:?}");
    assert!(end.iter().all(|l| !l.starts_with('↓')), "{end:?}");
    assert!(
        press(&mut state, KeyCode::PageDown).is_empty(),
        "at the end"
    );
    insta::assert_snapshot!(terminal.backend());
    press(&mut state, KeyCode::Esc);
    assert!(!state.help);
}

#[test]
fn the_board_cursor_walks_jumps_and_says_each_square_and_the_terminal_cursor_follows() {
    let (mut state, _) = open(Some(2), Layout::Standard);
    assert_eq!(
        said(&press(&mut state, KeyCode::F(8))),
        ["board cursor on. Eva one: White King"]
    );
    assert_eq!(
        said(&press(&mut state, KeyCode::Up)),
        ["Eva two: White Pawn"]
    );
    assert_eq!(
        said(&press(&mut state, KeyCode::Left)),
        ["David two: White Pawn"]
    );
    // The next knight in reading order from d2, then the one before it.
    assert_eq!(
        said(&press(&mut state, KeyCode::Char('n'))),
        ["Bella eight: Black Knight"]
    );
    assert_eq!(
        said(&update(
            &mut state,
            Msg::Key(KeyEvent::new(KeyCode::Char('N'), KeyModifiers::SHIFT))
        )),
        ["Gustav one: White Knight"]
    );
    assert_eq!(
        said(&press(&mut state, KeyCode::Char('4'))),
        ["Gustav four, empty"]
    );
    press(&mut state, KeyCode::Right);
    assert_eq!(
        said(&press(&mut state, KeyCode::Right)),
        ["edge of the board. Hector four, empty"]
    );
    assert_eq!(state.input, "", "nothing is typed while the cursor is on");
    // The terminal cursor sits on h4's square, between its marks, which
    // tell it without colour.
    let mut terminal = draw(&state, 100, 40);
    let at = terminal.get_cursor_position().unwrap();
    let row: Vec<char> = screen_lines(&terminal)[at.y as usize].chars().collect();
    let left = row[..at.x as usize].iter().rposition(|&c| c == '>');
    let right = row[at.x as usize..].iter().position(|&c| c == '<');
    assert!(left.is_some() && right.is_some(), "{at:?} in {row:?}");
    assert_eq!(
        row[..at.x as usize].iter().filter(|c| **c == '>').count(),
        1
    );
    assert_eq!(
        row.iter()
            .filter(|c| c.is_ascii_digit())
            .collect::<String>(),
        "4"
    );
    // Enter asks the moves of the piece under the cursor; g1 is a knight.
    press(&mut state, KeyCode::Char('n'));
    press(&mut state, KeyCode::Char('N'));
    let moves = said(&press(&mut state, KeyCode::Enter)).join(" ");
    assert!(
        moves.starts_with("White Knight on Gustav one can go"),
        "{moves}"
    );
    // Black's view: Left is White's right.
    press(&mut state, KeyCode::F(3));
    assert_eq!(
        said(&press(&mut state, KeyCode::Left)),
        ["Hector one: White Rook"]
    );
    assert_eq!(said(&press(&mut state, KeyCode::Esc)), ["board cursor off"]);
    assert_eq!(
        said(&press(&mut state, KeyCode::Right)),
        ["one, White: Eva four"]
    );
}

#[test]
fn the_board_cursor_takes_the_packs_piece_letters_in_german() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/club.pgn");
    let index = GameIndex::build(&file).unwrap();
    let (session, first) = Session::open(index, AnalysisWords::builtin("fide"), Some(2)).unwrap();
    let (mut state, _) = AnalysisState::new(session, first, Some(2), Layout::Standard);
    assert_eq!(
        said(&press(&mut state, KeyCode::F(8))),
        ["Brettcursor an. Eva eins: König von Weiß"]
    );
    // S for Springer, B for Bauer, D for Dame.
    assert_eq!(
        said(&press(&mut state, KeyCode::Char('s'))),
        ["Gustav eins: Springer von Weiß"]
    );
    assert_eq!(
        said(&press(&mut state, KeyCode::Char('b'))),
        ["Anna zwei: Bauer von Weiß"]
    );
    assert_eq!(
        said(&press(&mut state, KeyCode::Char('d'))),
        ["David acht: Dame von Schwarz"]
    );
    assert_eq!(
        said(&press(&mut state, KeyCode::Char('x'))),
        Vec::<&str>::new()
    );
    assert_eq!(said(&press(&mut state, KeyCode::Esc)), ["Brettcursor aus"]);
    let help = super::update::help_text(&state);
    assert!(
        help.contains("k, d, t, l, s, b: mit dem Brettcursor"),
        "{help}"
    );
}
