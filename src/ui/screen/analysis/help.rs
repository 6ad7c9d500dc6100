//! The analysis screen's help: every key, then the words that can be
//! typed. In a window shorter than the help it scrolls (arrows, Page Up,
//! Page Down, Home, End), a line of text saying there is more above or
//! below; the line that comes to the top is said.

use ratatui::Frame;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::{Position as Cursor, Rect};
use ratatui::widgets::{Clear, Paragraph};

use super::bindings::key_help;
use super::view::wrap;
use super::{AnalysisState, Effect};
use crate::analysis::words::AnalysisSentence;
use crate::notation::pack::{BrowseSentence, ScreenSentence};
use crate::ui::screen::theme::Theme;

/// One line of the help: its text and whether it heads a part.
type HelpLine = (String, bool);

/// The help's lines at `width` columns.
fn lines(state: &AnalysisState, width: usize) -> Vec<HelpLine> {
    let mut lines: Vec<HelpLine> = vec![(state.browse(BrowseSentence::HelpTitle, &[]), true)];
    lines.push((String::new(), false));
    lines.push((state.browse(BrowseSentence::KeysHeading, &[]), true));
    for l in key_help(&state.session.words().pack) {
        lines.extend(wrap(&l, width).into_iter().map(|l| (l, false)));
    }
    lines.push((String::new(), false));
    lines.push((state.browse(BrowseSentence::WordsHeading, &[]), true));
    let words = state.session.words().phrase(AnalysisSentence::Help, &[]);
    lines.extend(wrap(&words, width).into_iter().map(|l| (l, false)));
    lines
}

/// What shows of `count` lines in `rows` rows from `top` asked for:
/// the first line shown, how many, and whether a mark says there are more
/// above and below.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Window {
    top: usize,
    shown: usize,
    above: bool,
    below: bool,
}

fn window(count: usize, rows: usize, top: usize) -> Window {
    // Too few rows for a mark and a line: show what fits from the top
    // asked for, without marks (and nothing in no rows at all).
    if rows < 3 && count > rows {
        let top = top.min(count - rows.max(1));
        return Window {
            top,
            shown: rows,
            above: false,
            below: false,
        };
    }
    if count <= rows {
        return Window {
            top: 0,
            shown: count,
            above: false,
            below: false,
        };
    }
    // At the end, one row is the mark above: the last page shows
    // `rows - 1` lines.
    let last = count - (rows - 1).max(1);
    let top = top.min(last);
    let above = top > 0;
    let room = rows - usize::from(above);
    let below = count - top > room;
    let shown = room.saturating_sub(usize::from(below)).max(1);
    Window {
        top,
        shown,
        above,
        below,
    }
}

/// Draws the help over the whole window, the cursor at its first line.
pub fn draw(state: &AnalysisState, theme: &Theme, frame: &mut Frame, area: Rect) {
    frame.render_widget(Clear, area);
    let all = lines(state, usize::from(area.width));
    let at = window(all.len(), usize::from(area.height), state.help_top);
    let screen = state.session.words().pack.screen_sentences();
    let mut rows: Vec<(String, ratatui::style::Style)> = Vec::new();
    if at.above {
        rows.push((screen.say(ScreenSentence::HelpAbove, &[]), theme.heading));
    }
    rows.extend(
        all.into_iter()
            .skip(at.top)
            .take(at.shown)
            .map(|(l, head)| {
                let style = if head { theme.heading } else { theme.text };
                (l, style)
            }),
    );
    if at.below {
        rows.push((screen.say(ScreenSentence::HelpMore, &[]), theme.heading));
    }
    for (i, (l, style)) in rows.iter().take(usize::from(area.height)).enumerate() {
        let row = Rect::new(area.x, area.y + i as u16, area.width, 1);
        frame.render_widget(Paragraph::new(l.as_str()).style(*style), row);
    }
    frame.set_cursor_position(Cursor::new(area.x, area.y));
}

/// The arrows, Page Up, Page Down, Home and End while the help is open;
/// other keys do nothing there.
pub fn scroll(state: &mut AnalysisState, code: KeyCode) -> Vec<Effect> {
    let (width, rows) = (usize::from(state.size.0), usize::from(state.size.1));
    let all = lines(state, width.max(1));
    let now = window(all.len(), rows, state.help_top);
    let page = now.shown.max(1);
    let asked = match code {
        KeyCode::Up => now.top.saturating_sub(1),
        KeyCode::Down => now.top + 1,
        KeyCode::PageUp => now.top.saturating_sub(page),
        KeyCode::PageDown => now.top + page,
        KeyCode::Home => 0,
        KeyCode::End => usize::MAX,
        _ => return Vec::new(),
    };
    let next = window(all.len(), rows, asked);
    if next.top == now.top {
        return Vec::new();
    }
    state.help_top = next.top;
    vec![Effect::Say(all[next.top].0.clone())]
}

#[cfg(test)]
mod tests {
    use super::window;

    #[test]
    fn the_window_never_leaves_a_line_out_of_reach() {
        for count in 1..30 {
            for rows in 0..12 {
                let mut reached = vec![false; count];
                for top in 0..count + 2 {
                    let at = window(count, rows, top);
                    let used = at.shown + usize::from(at.above) + usize::from(at.below);
                    assert!(used <= rows, "{count} lines in {rows} rows from {top}");
                    for line in reached.iter_mut().skip(at.top).take(at.shown) {
                        *line = true;
                    }
                }
                if rows > 0 {
                    assert!(reached.iter().all(|&r| r), "{count} in {rows}");
                }
            }
        }
    }
}
