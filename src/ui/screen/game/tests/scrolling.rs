//! The log paged back and forth, a long answer shown from its head, the
//! help scrolled in a short window, and the dialogs on the input line.

use super::*;
use crate::session::host::{Kind, Shown};

/// The rows of the screen drawn, right-trimmed.
fn rows(terminal: &Terminal<TestBackend>) -> Vec<String> {
    let buffer = terminal.backend().buffer();
    let area = buffer.area;
    (0..area.height)
        .map(|y| {
            let row: String = (0..area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect();
            row.trim_end().to_string()
        })
        .collect()
}

fn page_up() -> Msg {
    key(KeyCode::PageUp)
}

fn page_down() -> Msg {
    key(KeyCode::PageDown)
}

#[test]
fn snapshot_log_paged_back() {
    let mut state = mid_game(Layout::ScreenReader, (60, 12));
    for _ in 0..3 {
        let effects = update(&mut state, key(KeyCode::F(4)));
        as_shell(&mut state, effects, 30);
    }
    render(&state);
    let said = spoken(&update(&mut state, page_up()));
    assert_eq!(said.len(), 1);
    let focus = state.scroll.focus.expect("the log has the focus");
    assert!(state.log[focus.entry].contains(&said[0]), "{said:?}");
    let (terminal, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
    let marked: Vec<String> = rows(&terminal)
        .into_iter()
        .filter(|r| r.starts_with("▶ "))
        .collect();
    assert_eq!(marked.len(), 1, "one line has the focus");
    let first_words: String = said[0].chars().take(20).collect();
    assert!(marked[0].contains(&first_words), "{marked:?} {said:?}");
    insta::assert_snapshot!(terminal.backend());

    // Further back, to the start, and Page Up there says so.
    let mut last = said;
    loop {
        let said = spoken(&update(&mut state, page_up()));
        if said == ["Anfang des Protokolls."] {
            break;
        }
        assert_ne!(said, last, "each page says a new line");
        last = said;
    }
    assert_eq!(state.scroll.focus.map(|f| f.entry), Some(0));
    // Typing returns the log to its newest lines.
    typed(&mut state, " ");
    assert_eq!(state.scroll.focus, None);
}

#[test]
fn home_and_end_go_to_the_ends_of_the_log_on_an_empty_line() {
    let mut state = mid_game(Layout::ScreenReader, (100, 30));
    render(&state);
    // "align" is typed: Home moves the typing point, Ctrl-Home the log.
    assert!(update(&mut state, key(KeyCode::Home)).is_empty());
    assert_eq!(state.input.cursor(), 0);
    assert_eq!(state.scroll.focus, None);
    let ctrl_home = Msg::Key(KeyEvent::new(KeyCode::Home, KeyModifiers::CONTROL));
    assert_eq!(
        spoken(&update(&mut state, ctrl_home)),
        [state.log[0].clone()]
    );
    assert_eq!(state.scroll.focus.map(|f| f.entry), Some(0));
    update(&mut state, ctrl('u'));
    assert!(state.input.is_empty());
    assert_eq!(state.scroll.focus, None, "clearing the line is a key too");
    assert_eq!(
        spoken(&update(&mut state, key(KeyCode::Home))),
        [state.log[0].clone()]
    );
    let newest = state.log.last().unwrap().clone();
    assert_eq!(spoken(&update(&mut state, key(KeyCode::End))), [newest]);
    assert_eq!(state.scroll.focus, None);
    assert_eq!(
        spoken(&update(&mut state, page_down())),
        ["Ende des Protokolls."],
        "nothing newer than the newest line"
    );
}

#[test]
fn an_empty_log_says_so() {
    let mut state = screen(Layout::ScreenReader, (60, 12));
    state.log.clear();
    assert_eq!(
        spoken(&update(&mut state, page_up())),
        ["Das Protokoll ist leer."]
    );
}

#[test]
fn snapshot_long_answer_shows_its_head() {
    let mut state = mid_game(Layout::ScreenReader, (40, 12));
    update(&mut state, ctrl('u'));
    render(&state);
    let effects = enter(&mut state, "help", 30);
    let answer = effects.join(" ");
    let (terminal, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
    let shown = rows(&terminal);
    let more = shown.iter().position(|r| r == "↓ mehr: Bild ab");
    let more = more.expect("a mark says more follows");
    assert_eq!(more, usize::from(state.size.1) - 2, "just above the input");
    let (_, height) = state.log_area.get();
    let head = &shown[more + 1 - usize::from(height)..more];
    assert!(
        answer.starts_with(&head.join(" ")),
        "the answer's first lines: {head:?}"
    );
    insta::assert_snapshot!(terminal.backend());

    // Page Down reaches its last words.
    let mut pages = 0;
    loop {
        let said = spoken(&update(&mut state, page_down()));
        if said == ["Ende des Protokolls."] {
            break;
        }
        pages += 1;
        assert!(pages < 100);
    }
    assert!(pages > 1, "{pages}");
    let shown = rows(&render(&state).0).join(" ");
    let last_word = answer.split(' ').next_back().unwrap();
    assert!(shown.contains(last_word), "{last_word:?} in {shown}");
}

#[test]
fn many_answers_come_together_the_log_shows_the_newest() {
    let mut state = mid_game(Layout::ScreenReader, (40, 12));
    // A paste of thirty unreadable lines, answered in one go while the
    // screen drew: thirty answers, not one answer thirty lines long.
    let answers = (1..=30)
        .map(|n| Shown::Line {
            kind: Kind::Answer,
            text: format!("Nicht verstanden: zz{n}"),
        })
        .collect();
    update(&mut state, Msg::Shown(answers));
    let shown = rows(&render(&state).0);
    assert!(
        shown.iter().any(|r| r.contains("zz30")),
        "the newest answer: {shown:#?}"
    );
    assert!(!shown.iter().any(|r| r.contains("mehr")), "{shown:#?}");
}

#[test]
fn snapshot_help_scrolled_to_its_end() {
    let mut state = mid_game(Layout::ScreenReader, (80, 14));
    update(&mut state, key(KeyCode::F(1)));
    let top = rows(&render(&state).0);
    assert!(top[13 - 1].contains("↓ mehr: Bild ab"), "{top:?}");
    // Line by line from the top, every key's row comes into view.
    let mut seen: Vec<String> = top.clone();
    while !update(&mut state, key(KeyCode::Down)).is_empty() {
        seen.extend(rows(&render(&state).0));
    }
    for (name, does) in crate::ui::screen::keys::key_rows(state.host.game()) {
        let first: String = does.split(' ').take(2).collect::<Vec<_>>().join(" ");
        // A long name wraps in its column: its first word starts the row.
        let key = name.split(' ').next().unwrap();
        let row = seen.iter().find(|r| r.contains(&first));
        assert!(
            row.is_some_and(|r| r.contains(&format!("│{key} "))),
            "{name}: {does}"
        );
    }
    update(&mut state, key(KeyCode::Home));
    assert_eq!(rows(&render(&state).0), top, "Home is the top again");
    let said = spoken(&update(&mut state, key(KeyCode::End)));
    assert_eq!(said.len(), 1);
    let (terminal, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
    let shown = rows(&terminal);
    let typing = state.words().say(ScreenSentence::HelpTyping, &[]);
    assert!(shown[11].contains(&typing), "the last line: {shown:?}");
    assert!(shown[12].contains("↑ mehr darüber: Bild auf"), "{shown:?}");
    assert!(!shown[12].contains("↓"), "nothing more below: {shown:?}");
    insta::assert_snapshot!(terminal.backend());
    assert!(
        update(&mut state, key(KeyCode::PageDown)).is_empty(),
        "at the end"
    );
}

#[test]
fn snapshot_resign_on_a_narrow_input_line() {
    let mut state = mid_game(Layout::ScreenReader, (30, 10));
    update(&mut state, ctrl('x'));
    let (terminal, cursor) = render(&state);
    let question = "Für Anna (Weiß) aufgeben? (j/n)";
    assert_cursor_after_question(&state, &terminal, cursor, question);
    let shown = rows(&terminal);
    assert_eq!(
        format!("{} {}", shown[8], shown[9]),
        question,
        "the question goes on upwards"
    );
    insta::assert_snapshot!(terminal.backend());
    update(&mut state, key(KeyCode::Esc));
    let (_, cursor) = render(&state);
    assert_cursor_at_typing_point(&state, cursor);
}

proptest::proptest! {
    /// Wrapping keeps every character, breaks only at spaces or inside a
    /// word longer than the line, and fills no line past the width.
    #[test]
    fn wrapping_keeps_the_text_and_the_width(
        text in "[a-zé ]{0,300}",
        width in 1usize..40,
    ) {
        let lines = super::view::wrap(&text, width);
        for line in &lines {
            proptest::prop_assert!(line.chars().count() <= width, "{line:?}");
        }
        let words = |t: &str| t.split(' ').filter(|w| !w.is_empty()).collect::<String>();
        proptest::prop_assert_eq!(words(&lines.concat()), words(&text));
    }
}

#[test]
fn a_line_of_ten_megabytes_is_wrapped_whole_and_once() {
    let long = "x".repeat(10 << 20);
    let lines = super::view::wrap(&long, 80);
    assert_eq!(lines.len(), (10usize << 20).div_ceil(80));
    assert!(lines.iter().all(|l| l.len() <= 80));
    // Drawn twice, it is wrapped once: the second frame takes it from the
    // cache.
    let mut state = screen(Layout::Standard, (100, 30));
    state.log.push(long);
    render(&state);
    let once = state.wraps.wrapped_so_far();
    render(&state);
    assert_eq!(state.wraps.wrapped_so_far(), once);
}
