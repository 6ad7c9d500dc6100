//! Drawing a seat's screen. The input line is the last line; a question
//! (leave the seat?) and the reason a seat closed take its place, where
//! the cursor is, and the terminal cursor always ends there, where screen
//! readers, braille displays and magnifiers follow it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph};
use tui_big_text::BigText;

use super::big::{self, BIG_SIZES, Part, Shape, Wanted, wrap};
use super::update::{help_lines, to_confirm};
use super::{Overlay, SeatScreen};
use crate::game::Side;
use crate::notation::pack::SeatScreenSentence;
use crate::printable::printable;
use crate::record::pgn_write::clock_text;
use crate::session::seat::{SeatRole, SeatView};
use crate::ui::screen::settings::Layout;
use zweibrett_core::seat::SeatStep;

mod boards;

/// Draws `state` in `frame`.
pub fn view(state: &SeatScreen, frame: &mut Frame) {
    let area = frame.area();
    if area.height == 0 || area.width == 0 {
        return;
    }
    let bottom = bottom_lines(state, area.width);
    let taken = u16::try_from(bottom.len())
        .unwrap_or(u16::MAX)
        .min(area.height);
    let above = Rect::new(area.x, area.y, area.width, area.height - taken);
    match (&state.view, state.role) {
        (None, _) => waiting(state, frame, above),
        (Some(_), SeatRole::Opponent) => opponent(state, frame, above),
        (Some(view), SeatRole::Arbiter | SeatRole::Assistant) => {
            boards::arbiter(state, view, frame, above);
        }
    }
    if state.overlay == Overlay::Help {
        help(state, frame, above);
    }
    input_point(state, frame, area, &bottom);
    if state.flashing() {
        let inverted = Style::new().add_modifier(Modifier::REVERSED);
        frame.buffer_mut().set_style(area, inverted);
    }
}

/// Before the first view: what the seat is waiting for, and the log.
fn waiting(state: &SeatScreen, frame: &mut Frame, area: Rect) {
    let mut lines = wrap(
        &state.words().say(SeatScreenSentence::Waiting, &[]),
        area.width,
    );
    lines.extend(
        state
            .log
            .iter()
            .flat_map(|l| wrap(&printable(l), area.width)),
    );
    newest_last(state, frame, area, &lines);
}

/// `lines` in `area`, the last of them at its bottom when they do not all
/// fit.
pub(super) fn newest_last(state: &SeatScreen, frame: &mut Frame, area: Rect, lines: &[String]) {
    let skip = lines.len().saturating_sub(usize::from(area.height));
    let shown: Vec<Line> = lines[skip..]
        .iter()
        .map(|l| Line::from(l.as_str()))
        .collect();
    frame.render_widget(Paragraph::new(shown).style(state.theme.text), area);
}

/// The opponent's screen: the last move as large as it fits (D.2.11).
fn opponent(state: &SeatScreen, frame: &mut Frame, area: Rect) {
    let plan = opponent_plan(state, area.width, area.height);
    let mut y = area.y;
    for (part, shape) in plan {
        let height = shape.height().min(area.bottom() - y);
        let rect = Rect::new(area.x, y, area.width, height);
        let style = part_style(state, part);
        match shape {
            Shape::Big(size, rows) => {
                let widget = BigText::builder()
                    .pixel_size(BIG_SIZES[size].0)
                    .style(style)
                    .lines(rows.into_iter().map(Line::from).collect::<Vec<_>>())
                    .build();
                frame.render_widget(widget, rect);
            }
            Shape::Plain(lines) => {
                let lines: Vec<Line> = lines.into_iter().map(Line::from).collect();
                frame.render_widget(Paragraph::new(lines).style(style), rect);
            }
        }
        y += height;
    }
}

/// The opponent's screen as fitted into `width` × `height`, top to
/// bottom; nothing before the first view.
pub(super) fn opponent_plan(state: &SeatScreen, width: u16, height: u16) -> Vec<(Part, Shape)> {
    match &state.view {
        Some(view) => big::fit(&opponent_parts(state, view), width, height),
        None => Vec::new(),
    }
}

fn part_style(state: &SeatScreen, part: Part) -> Style {
    let theme = &state.theme;
    match part {
        Part::Turn | Part::San => theme.heading.add_modifier(Modifier::BOLD),
        Part::Status | Part::Pending => theme.focus.add_modifier(Modifier::BOLD),
        Part::Hint => theme.focus,
        Part::Words => theme.text.add_modifier(Modifier::BOLD),
        Part::Clocks | Part::Log => theme.text,
    }
}

/// What the opponent's screen shows, each part with its text.
fn opponent_parts(state: &SeatScreen, view: &SeatView) -> Vec<Wanted> {
    let words = state.words();
    // Block letters read aloud are noise: a screen reader gets the text.
    let large = state.layout == Layout::Standard;
    let plain = |part, lines: Vec<String>| Wanted {
        part,
        lines,
        big: false,
    };
    let mut parts = vec![plain(Part::Turn, vec![turn_text(state, view)])];
    match &view.last {
        Some(last) => {
            parts.push(Wanted {
                part: Part::San,
                lines: vec![printable(&last.label).into_owned()],
                big: large,
            });
            let said = words.say(
                SeatScreenSentence::Announced,
                &[
                    ("side", state.side_name(last.by)),
                    ("words", &printable(&last.words)),
                ],
            );
            parts.push(plain(Part::Words, vec![said]));
        }
        None => parts.push(plain(
            Part::San,
            vec![words.say(SeatScreenSentence::NoMoveYet, &[])],
        )),
    }
    // An offer or claim waiting for an answer, as large as the move, so
    // that the opponent cannot miss it (9.1.2).
    if let Some(pending) = &view.pending {
        let after_move = parts
            .iter()
            .position(|w| w.part == Part::San)
            .map_or(0, |i| i + 1);
        let wanted = Wanted {
            part: Part::Pending,
            lines: vec![printable(pending).into_owned()],
            big: large,
        };
        parts.insert(after_move, wanted);
    }
    parts.push(Wanted {
        part: Part::Status,
        lines: vec![printable(&view.status).into_owned()],
        big: large && asks_opponent(state, view),
    });
    if let Some(label) = to_confirm(state) {
        let hint = words.say(SeatScreenSentence::ConfirmHint, &[("move", label)]);
        parts.push(plain(Part::Hint, vec![hint]));
    }
    parts.push(plain(Part::Clocks, clock_lines(state, view)));
    let recent = state.log.len().saturating_sub(8);
    let log = state.log[recent..]
        .iter()
        .map(|l| printable(l).into_owned())
        .collect();
    parts.push(plain(Part::Log, log));
    parts
}

/// Whether the step asks something of the opponent: their move, their
/// repetition, their press; the boards diverging; the result.
fn asks_opponent(state: &SeatScreen, view: &SeatView) -> bool {
    view.diverging
        || view.step == SeatStep::Over
        || state.side.is_some_and(|side| side == view.to_move)
}

/// "Black to move", or the result once the game is over.
fn turn_text(state: &SeatScreen, view: &SeatView) -> String {
    let words = state.words();
    match &view.result {
        Some(result) => words.say(SeatScreenSentence::Over, &[("result", result)]),
        None => words.say(
            SeatScreenSentence::ToMove,
            &[("side", state.side_name(view.to_move))],
        ),
    }
}

/// Both clocks, the running one said to run in words (never by colour
/// alone), then the moves completed (D.2.6.1).
pub(super) fn clock_lines(state: &SeatScreen, view: &SeatView) -> Vec<String> {
    let words = state.words();
    let clocks = &view.clocks;
    let elapsed = state.since_view();
    let mut lines: Vec<String> = [Side::White, Side::Black]
        .into_iter()
        .map(|side| {
            let time = clock_text(clocks.left(side, elapsed));
            let clock = words.say(
                SeatScreenSentence::Clock,
                &[("player", &state.player(view, side)), ("time", &time)],
            );
            if clocks.running == Some(side) {
                format!("{clock} {}", words.say(SeatScreenSentence::Running, &[]))
            } else {
                clock
            }
        })
        .collect();
    let count = clocks.completed.to_string();
    let completed = words.say_count(
        SeatScreenSentence::Completed,
        u64::from(clocks.completed),
        &[("count", &count)],
    );
    lines.push(match clocks.running {
        Some(_) => completed,
        None => format!(
            "{}; {completed}",
            words.say(SeatScreenSentence::ClocksStopped, &[])
        ),
    });
    lines
}

/// The lines at the bottom: the question or the reason the seat closed,
/// wrapped, or else the input line alone.
fn bottom_lines(state: &SeatScreen, width: u16) -> Vec<String> {
    let words = state.words();
    let asked = if let Some(closing) = &state.closing {
        words.say(SeatScreenSentence::Closed, &[("reason", &closing.reason)])
    } else if state.overlay == Overlay::Leave {
        words.say(SeatScreenSentence::LeaveQuestion, &[])
    } else {
        return vec![String::new()];
    };
    // Room for the cursor after the last word.
    wrap(&printable(&asked), width.saturating_sub(1).max(1))
}

/// The input line with its prompt, or the question in its place; the
/// terminal cursor at the typing point or after the question.
fn input_point(state: &SeatScreen, frame: &mut Frame, area: Rect, bottom: &[String]) {
    const PROMPT: &str = "> ";
    let y = area.bottom() - 1;
    if state.closing.is_some() || state.overlay == Overlay::Leave {
        let shown = bottom.len().min(usize::from(area.height));
        let first = area.bottom() - u16::try_from(shown).unwrap_or(area.height);
        let lines = &bottom[bottom.len() - shown..];
        let rect = Rect::new(area.x, first, area.width, area.bottom() - first);
        frame.render_widget(Clear, rect);
        let text: Vec<Line> = lines.iter().map(|l| Line::from(l.as_str())).collect();
        frame.render_widget(Paragraph::new(text).style(state.theme.warning), rect);
        let end = lines.last().map_or(0, |l| l.chars().count());
        let x = area.x + u16::try_from(end).unwrap_or(0).min(area.width - 1);
        frame.set_cursor_position((x, y));
        return;
    }
    let (shown, column) = state.input.visible(area.width, PROMPT.chars().count());
    let line = Line::from(vec![
        Span::styled(PROMPT, state.theme.focus),
        Span::styled(printable(&shown).into_owned(), state.theme.text),
    ]);
    let rect = Rect::new(area.x, y, area.width, 1);
    frame.render_widget(Paragraph::new(line), rect);
    frame.set_cursor_position((area.x + column, y));
}

/// How far the help can scroll in a window of `state.size`: the lines it
/// has beyond those the window shows.
pub(super) fn help_scroll_limit(state: &SeatScreen) -> u16 {
    let (width, height) = state.size;
    let bottom = u16::try_from(bottom_lines(state, width).len()).unwrap_or(u16::MAX);
    let above = Rect::new(0, 0, width, height.saturating_sub(bottom));
    let inner = Block::default().borders(Borders::ALL).inner(above);
    let total = help_lines(state)
        .iter()
        .map(|l| wrap(l, inner.width).len())
        .sum::<usize>();
    u16::try_from(total)
        .unwrap_or(u16::MAX)
        .saturating_sub(inner.height.max(1))
}

/// The seat's keys over the screen.
fn help(state: &SeatScreen, frame: &mut Frame, area: Rect) {
    if area.height == 0 {
        return;
    }
    frame.render_widget(Clear, area);
    let heading = state.words().say(SeatScreenSentence::HelpTitle, &[]);
    let inner = Block::default().borders(Borders::ALL).inner(area);
    let lines: Vec<String> = help_lines(state)
        .iter()
        .flat_map(|l| wrap(l, inner.width))
        .collect();
    // A window shorter than the help shows a part of it, scrolled with the
    // arrows, PageUp/PageDown and Home/End; the title says first which
    // lines, as a long title is cut at its end.
    let total = u16::try_from(lines.len()).unwrap_or(u16::MAX);
    let shown = inner.height.max(1);
    let scroll = state.help_scroll.min(total.saturating_sub(shown));
    let title = if total > inner.height {
        let last = scroll.saturating_add(shown).min(total);
        format!(" {}–{last}/{total} · {heading} ", scroll + 1)
    } else {
        format!(" {heading} ")
    };
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(state.theme.text)
        .title(title)
        .title_style(state.theme.heading);
    let text: Vec<Line> = lines.into_iter().map(Line::from).collect();
    frame.render_widget(
        Paragraph::new(text)
            .block(block)
            .style(state.theme.text)
            .scroll((scroll, 0)),
        area,
    );
}
