//! The game screen for low vision: which clock runs is said in words on
//! every layout, not by colour alone, and a standard layout kept still
//! is drawn only when something happens.

use super::view::{clocks_lines, clocks_text};
use super::*;
use crate::ui::screen::settings::Redraw;
use ratatui::style::{Modifier, Style};

/// A game whose clock runs for Black after 1. e4 and the press, at 2 s.
fn running(layout: Layout) -> GameScreen {
    let mut state = screen(layout, (120, 40));
    enter(&mut state, "e4", 1);
    let effects = update(&mut state, key(KeyCode::F(7)));
    as_shell(&mut state, effects, 2);
    state
}

/// The screen's lines as text.
fn lines(state: &GameScreen) -> Vec<String> {
    let (terminal, _) = render(state);
    let buffer = terminal.backend().buffer().clone();
    (0..buffer.area.height)
        .map(|y| {
            (0..buffer.area.width)
                .map(|x| buffer[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect()
}

#[test]
fn the_running_clock_is_named_in_words_and_marked() {
    let mut state = running(Layout::Standard);
    state.now = Instant::from_secs(5);
    let shown = lines(&state);
    let clocks = shown.iter().find(|l| l.starts_with("Uhren:")).unwrap();
    assert!(
        clocks.contains("Anna (Weiß) 1:30:29, ▶ Boris (Schwarz) 1:30:27 läuft;"),
        "{clocks}"
    );
    // The running clock's words are drawn bold, the rest not.
    let (terminal, _) = render(&state);
    let buffer = terminal.backend().buffer();
    let y = shown.iter().position(|l| l.starts_with("Uhren:")).unwrap() as u16;
    let x = clocks.chars().position(|c| c == '▶').unwrap() as u16;
    assert!(buffer[(x, y)].modifier.contains(Modifier::BOLD));
    assert!(!buffer[(0, y)].modifier.contains(Modifier::BOLD));
}

#[test]
fn the_screen_reader_layout_says_running_without_the_sign() {
    let state = running(Layout::ScreenReader);
    let shown = lines(&state).join("\n");
    assert!(shown.contains("Boris (Schwarz) 1:30:30 läuft;"), "{shown}");
    assert!(!shown.contains('▶'), "{shown}");
}

#[test]
fn a_stopped_clock_runs_for_nobody() {
    let state = screen(Layout::Standard, (120, 40));
    let shown = lines(&state).join("\n");
    assert!(!shown.contains("läuft") && !shown.contains('▶'), "{shown}");
}

#[test]
fn the_clocks_line_wraps_with_its_running_clock_intact() {
    let mut state = running(Layout::ScreenReader);
    // Narrow: the line wraps, the words stay in order.
    state.size = (40, 16);
    let line = clocks_text(&state, &state.clocks);
    let wrapped = clocks_lines(
        &line,
        31,
        Style::new(),
        Style::new().add_modifier(Modifier::BOLD),
    );
    let text: Vec<String> = wrapped
        .iter()
        .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
        .collect();
    assert_eq!(text.join(" "), line.text);
    let bold: String = wrapped
        .iter()
        .flat_map(|l| l.spans.iter())
        .filter(|s| s.style.add_modifier.contains(Modifier::BOLD))
        .map(|s| s.content.as_ref())
        .collect::<Vec<_>>()
        .join(" ");
    assert_eq!(Some(bold), line.running);
}

#[test]
fn a_standard_layout_kept_still_is_drawn_only_on_change() {
    for (redraw, redrawn) in [(Redraw::EverySecond, true), (Redraw::OnChange, false)] {
        let mut state = running(Layout::Standard);
        state.redraw = redraw;
        state.changed = false;
        let before = lines(&state);
        let effects = update(&mut state, Msg::Tick(Instant::from_secs(9)));
        as_shell(&mut state, effects, 9);
        assert_eq!(state.changed, redrawn, "{redraw:?}");
        assert_eq!(lines(&state) != before, redrawn, "{redraw:?}");
    }
    // Kept still, the clocks are read again on request (F2).
    let mut state = running(Layout::Standard);
    state.redraw = Redraw::OnChange;
    let effects = update(&mut state, Msg::Tick(Instant::from_secs(9)));
    as_shell(&mut state, effects, 9);
    let effects = update(&mut state, key(KeyCode::F(2)));
    as_shell(&mut state, effects, 10);
    let shown = lines(&state).join("\n");
    assert!(shown.contains("▶ Boris (Schwarz) 1:30:22 läuft"), "{shown}");
}

/// A cell's colour as a theme names it; `None` for the terminal's own.
fn colour_of(colour: ratatui::style::Color) -> Option<zweibrett_look::contrast::Srgb> {
    use ratatui::style::Color as C;
    use zweibrett_look::theme::Colour;
    let named = match colour {
        C::Reset => return None,
        C::Black => Colour::Black,
        C::Red => Colour::Red,
        C::Green => Colour::Green,
        C::Yellow => Colour::Yellow,
        C::Blue => Colour::Blue,
        C::Magenta => Colour::Magenta,
        C::Cyan => Colour::Cyan,
        C::Gray => Colour::Gray,
        C::DarkGray => Colour::DarkGray,
        C::LightRed => Colour::LightRed,
        C::LightGreen => Colour::LightGreen,
        C::LightYellow => Colour::LightYellow,
        C::LightBlue => Colour::LightBlue,
        C::LightMagenta => Colour::LightMagenta,
        C::LightCyan => Colour::LightCyan,
        C::White => Colour::White,
        C::Indexed(n) => Colour::Indexed(n),
        C::Rgb(r, g, b) => Colour::Rgb(r, g, b),
    };
    zweibrett_look::contrast::srgb(named)
}

/// WCAG 2.1 (1.4.3): the frames around the boards and the brackets of the
/// last move are drawn in each theme's own colours, at least 4.5:1 on a
/// dark and on a light terminal, whatever the terminal's own text colour.
#[test]
fn every_themes_frames_and_brackets_reach_4_5_to_1_on_dark_and_light_terminals() {
    use zweibrett_look::contrast::{BLACK, TEXT_MINIMUM, WHITE, contrast_ratio};
    for name in Theme::built_in_names() {
        let mut state = running(Layout::Standard);
        state.theme = Theme::built_in(name).unwrap();
        let (terminal, _) = render(&state);
        let buffer = terminal.backend().buffer();
        let mut seen = (0, 0);
        for y in 0..buffer.area.height {
            for x in 0..buffer.area.width {
                let cell = &buffer[(x, y)];
                let frame = matches!(cell.symbol(), "┌" | "┐" | "└" | "┘" | "│");
                let bracket = matches!(cell.symbol(), "[" | "]");
                if !frame && !bracket {
                    continue;
                }
                seen.0 += usize::from(frame);
                seen.1 += usize::from(bracket);
                // The terminal's own colours: light text on dark, and dark
                // text on light.
                for (own_fg, own_bg) in [(WHITE, BLACK), (BLACK, WHITE)] {
                    let fg = colour_of(cell.fg).unwrap_or(own_fg);
                    let bg = colour_of(cell.bg).unwrap_or(own_bg);
                    let ratio = contrast_ratio(fg, bg);
                    assert!(
                        ratio >= TEXT_MINIMUM,
                        "{name}: {:?} at {x},{y}: {ratio:.2}:1 ({:?} on {:?})",
                        cell.symbol(),
                        cell.fg,
                        cell.bg
                    );
                }
            }
        }
        assert!(seen.0 > 8 && seen.1 >= 4, "{name}: {seen:?}");
    }
}

/// 9.1.2: a draw offer waiting for an answer stands on the status line
/// until it is answered.
#[test]
fn a_pending_offer_is_on_the_status_line_until_answered() {
    let mut state = running(Layout::Standard);
    enter(&mut state, "offer white", 3);
    let status = lines(&state)[0].trim_end().to_string();
    assert_eq!(
        status,
        "Schwarz: Zug wiederholen oder bestätigen, dann ziehen. Remisangebot von Weiß"
    );
    enter(&mut state, "decline black", 4);
    let status = lines(&state)[0].trim_end().to_string();
    assert!(!status.contains("Remisangebot"), "{status}");
}
