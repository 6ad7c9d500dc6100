//! Drawing the analysis screen. No borders or box lines: screen readers
//! would read them out. The current move carries a `>` as well as its
//! highlight, the last move's squares carry brackets on the board, so
//! nothing depends on colour.

use crate::printable::printable;
use ratatui::Frame;
use ratatui::layout::{Position as Cursor, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;
use shakmaty::san::SanPlus;
use shakmaty::{Color, Move, Position, Square};

use super::score::score;
use super::update::too_small;
use super::{AnalysisState, Layout, Screen};
use crate::analysis::replay::Played;
use crate::notation::pack::{BrowseSentence, ScreenSentence};
use crate::notation::{MoveNumber, PieceLetters};
use crate::record::pgn_write::clock_text;
use crate::ui::screen::board::BoardView;
use crate::ui::screen::theme::Theme;

/// Columns kept beside the board for the score.
const PANEL: u16 = 34;
/// Lines of answers kept at least under the board.
const LOG_LINES: u16 = 4;

/// The smallest window (columns, lines) a layout and screen can be drawn
/// in.
pub fn minimum_size(layout: Layout, screen: Screen) -> (u16, u16) {
    match (layout, screen) {
        (Layout::Standard, Screen::Game) => {
            let (w, h) = BoardView::size(board_squares_min());
            (w + 2 + PANEL, h + 2 + LOG_LINES)
        }
        _ => (40, 8),
    }
}

fn board_squares_min() -> (u16, u16) {
    crate::ui::screen::board::SQUARE_SIZES[0]
}

/// Lines of the list of games that fit the window.
pub fn list_rows(size: (u16, u16)) -> u16 {
    size.1.saturating_sub(4 + LOG_LINES).max(1)
}

/// Draws the state and places the terminal cursor.
pub fn view(state: &AnalysisState, theme: &Theme, frame: &mut Frame) {
    let area = frame.area();
    let (need_w, need_h) = minimum_size(state.layout, state.screen);
    if area.width < need_w || area.height < need_h {
        let text = too_small(state, (area.width, area.height), (need_w, need_h));
        let lines = wrap(&text, area.width.max(1) as usize);
        for (i, line) in lines.iter().enumerate().take(area.height as usize) {
            frame.render_widget(
                Paragraph::new(line.as_str()).style(theme.warning),
                row(area, i as u16),
            );
        }
        frame.set_cursor_position(Cursor::new(0, 0));
        return;
    }
    if state.help {
        help(state, theme, frame, area);
        return;
    }
    match state.screen {
        Screen::Games => games(state, theme, frame, area),
        Screen::Game => game(state, theme, frame, area),
    }
}

pub(super) fn row(area: Rect, y: u16) -> Rect {
    Rect::new(area.x, area.y + y, area.width, 1)
}

/// Text broken into lines of at most `width` characters, at spaces where
/// it can be.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let mut word = word.to_string();
        loop {
            let have = line.chars().count();
            let need = word.chars().count() + usize::from(have > 0);
            if have + need <= width {
                if have > 0 {
                    line.push(' ');
                }
                line.push_str(&word);
                break;
            }
            if have > 0 {
                lines.push(std::mem::take(&mut line));
                continue;
            }
            // A word longer than the line is cut.
            let head: String = word.chars().take(width).collect();
            word = word.chars().skip(width).collect();
            lines.push(head);
            if word.is_empty() {
                break;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The log in `area` from line `top` down to the line above the input line.
fn log_below(state: &AnalysisState, theme: &Theme, frame: &mut Frame, area: Rect, top: u16) {
    let below = Rect::new(
        area.x,
        area.y + top,
        area.width,
        area.height.saturating_sub(top + 1),
    );
    log(state, theme, frame, below);
}

/// The newest answers, wrapped, bottom line newest, in `area`.
fn log(state: &AnalysisState, theme: &Theme, frame: &mut Frame, area: Rect) {
    let mut lines: Vec<String> = Vec::new();
    for said in state.log.iter().rev() {
        let wrapped = wrap(&printable(said), area.width.max(1) as usize);
        for l in wrapped.into_iter().rev() {
            lines.push(l);
        }
        if lines.len() >= area.height as usize {
            break;
        }
    }
    lines.truncate(area.height as usize);
    let top = area.height - lines.len() as u16;
    for (i, l) in lines.iter().rev().enumerate() {
        frame.render_widget(
            Paragraph::new(l.as_str()).style(theme.text),
            row(area, top + i as u16),
        );
    }
}

/// The input line at the foot of `area`, with the cursor after the text.
fn input_line(frame: &mut Frame, theme: &Theme, area: Rect, prompt: &str, text: &str) {
    let y = area.y + area.height - 1;
    let line = Line::from(vec![
        Span::styled(prompt.to_string(), theme.heading),
        Span::styled(text.to_string(), theme.focus),
    ]);
    frame.render_widget(Paragraph::new(line), Rect::new(area.x, y, area.width, 1));
    let x = (prompt.chars().count() + text.chars().count()) as u16;
    frame.set_cursor_position(Cursor::new(area.x + x.min(area.width - 1), y));
}

fn games(state: &AnalysisState, theme: &Theme, frame: &mut Frame, area: Rect) {
    let words = state.session.words();
    let index = state.session.index();
    let file = index.path.file_name().map_or_else(String::new, |n| {
        printable(&n.to_string_lossy()).into_owned()
    });
    let total = index.games.len();
    let title = words.pack.browse_sentences().say_count(
        BrowseSentence::GamesShown,
        total as u64,
        &[
            ("file", &file),
            ("shown", &state.list.shown.len().to_string()),
            ("total", &total.to_string()),
        ],
    );
    frame.render_widget(Paragraph::new(title).style(theme.heading), row(area, 0));
    let rows = list_rows((area.width, area.height)) as usize;
    // Each game on as many lines as it needs, never cut: a braille display
    // and a screen reader read the whole line.
    let width = usize::from(area.width).saturating_sub(2).max(1);
    let lines_of = |n: usize| {
        wrap(
            &printable(&words.entry(&index.get(n).cloned().unwrap_or_default())),
            width,
        )
    };
    // The page holding the game in focus; from the game in focus when
    // the long lines before it leave it no room.
    let page = |first: usize| -> Vec<(usize, Vec<String>)> {
        let mut used = 0;
        let mut drawn = Vec::new();
        for (i, &n) in state.list.shown.iter().enumerate().skip(first) {
            let lines = lines_of(n);
            if used + lines.len() > rows && !drawn.is_empty() {
                break;
            }
            used += lines.len();
            drawn.push((i, lines));
        }
        drawn
    };
    let mut drawn = page(state.list.focus / rows * rows);
    if !drawn.iter().any(|(i, _)| *i == state.list.focus) {
        drawn = page(state.list.focus);
    }
    let mut cursor = Cursor::new(0, area.y + 2);
    let mut y = 2;
    for (i, lines) in drawn {
        let focused = i == state.list.focus;
        let style = if focused {
            theme.focus.add_modifier(Modifier::REVERSED)
        } else {
            theme.text
        };
        if focused {
            cursor = Cursor::new(area.x + 2, area.y + y);
        }
        for (k, line) in lines.iter().enumerate() {
            if usize::from(y) >= 2 + rows {
                break;
            }
            let mark = match (k, focused) {
                (0, true) => "> ",
                _ => "  ",
            };
            frame.render_widget(
                Paragraph::new(format!("{mark}{line}")).style(style),
                row(area, y),
            );
            y += 1;
        }
    }
    let log_top = 2 + rows as u16;
    log_below(state, theme, frame, area, log_top);
    let search = format!("{} ", state.browse(BrowseSentence::Find, &[]));
    input_line(frame, theme, area, &search, &state.list.filter);
    // The game in focus is what is read; with none, the search line.
    if !state.list.shown.is_empty() {
        frame.set_cursor_position(cursor);
    }
}

/// The move as written in the pack's letters: "5... Nxd5?!", "5... Sxd5?!".
fn written(p: &Played, letters: PieceLetters) -> String {
    let san = letters.from_english(&SanPlus::from_move(p.before.clone(), p.m).to_string());
    let number = MoveNumber {
        number: p.number,
        color: p.color,
    };
    let glyphs: String = p.nags.iter().map(|&n| glyph(n)).collect();
    format!("{number} {san}{glyphs}")
}

/// An annotation glyph as printed.
pub(super) fn glyph(nag: u8) -> String {
    match nag {
        1 => "!".into(),
        2 => "?".into(),
        3 => "!!".into(),
        4 => "??".into(),
        5 => "!?".into(),
        6 => "?!".into(),
        n => format!(" ${n}"),
    }
}

/// The move, its clock time and its comment, one line each.
fn move_lines(state: &AnalysisState, width: usize) -> Vec<String> {
    let replay = state.session.replay();
    let mut lines = Vec::new();
    match replay.last() {
        Some(p) => {
            let mut first = state.browse(
                BrowseSentence::Move,
                &[(
                    "move",
                    &written(&p, PieceLetters::of_pack(&state.session.words().pack)),
                )],
            );
            if let Some(clock) = p.clock {
                let clock = state.browse(BrowseSentence::Clock, &[("time", &clock_text(clock))]);
                first.push_str(&format!("   {clock}"));
            }
            lines.extend(wrap(&first, width));
            for text in [&p.before_comment, &p.comment].into_iter().flatten() {
                let comment = state.browse(BrowseSentence::Comment, &[("text", &printable(text))]);
                lines.extend(wrap(&comment, width));
            }
        }
        None => {
            lines.push(state.browse(BrowseSentence::MoveStart, &[]));
            if let Some(intro) = &replay.game().intro {
                let comment = state.browse(BrowseSentence::Comment, &[("text", intro)]);
                lines.extend(wrap(&comment, width));
            }
        }
    }
    if replay.depth() > 0 {
        let depth = replay.depth();
        lines.push(state.session.words().pack.browse_sentences().say_count(
            BrowseSentence::Depth,
            depth as u64,
            &[("n", &depth.to_string())],
        ));
    }
    lines
}

/// The squares a move goes from and to; castling as the king's move.
fn squares(m: Move, turn: Color) -> Option<(Square, Square)> {
    let to = match m.castling_side() {
        Some(side) => side.king_to(turn),
        None => m.to(),
    };
    Some((m.from()?, to))
}

/// Rows of the score in the screen-reader layout.
const SCREEN_READER_SCORE: u16 = 3;

fn heading(state: &AnalysisState) -> String {
    let entry = state
        .session
        .index()
        .get(state.session.number())
        .cloned()
        .unwrap_or_default();
    printable(&state.session.words().entry(&entry)).into_owned()
}

fn game(state: &AnalysisState, theme: &Theme, frame: &mut Frame, area: Rect) {
    // In the screen-reader layout the heading is shown whole, wrapped, as
    // a braille reader reads the line; beside the board it is one row.
    let heading_rows = match state.layout {
        Layout::ScreenReader => wrap(&heading(state), area.width as usize),
        Layout::Standard => vec![heading(state)],
    };
    let head = (heading_rows.len() as u16).clamp(1, area.height.saturating_sub(2).max(1));
    for (i, l) in heading_rows.iter().take(head as usize).enumerate() {
        frame.render_widget(
            Paragraph::new(l.as_str()).style(theme.heading),
            row(area, i as u16),
        );
    }
    let replay = state.session.replay();
    let mut board_area = None;
    let (top_h, panel_x, panel_w) = match state.layout {
        Layout::ScreenReader => (0, 0, area.width),
        Layout::Standard => {
            let room = area.height.saturating_sub(2 + LOG_LINES);
            let fit = BoardView::fit(area.width.saturating_sub(PANEL + 2), room)
                .unwrap_or(board_squares_min());
            let (bw, bh) = BoardView::size(fit);
            let position = replay.position();
            let last = replay.last().and_then(|p| squares(p.m, p.color));
            frame.render_widget(
                BoardView {
                    board: position.board(),
                    orientation: state.orientation,
                    marked: &[],
                    last_move: last,
                    cursor: state.cursor.map(|c| c.square),
                    theme,
                    too_small: &state
                        .session
                        .words()
                        .pack
                        .screen_sentences()
                        .say(ScreenSentence::BoardTooSmall, &[]),
                },
                Rect::new(area.x, area.y + 1, bw, bh),
            );
            board_area = Some(Rect::new(area.x, area.y + 1, bw, bh));
            (bh, bw + 2, area.width - bw - 2)
        }
    };
    let moves = move_lines(state, panel_w as usize);
    let log_top = match state.layout {
        Layout::ScreenReader => {
            for (i, l) in moves.iter().enumerate() {
                frame.render_widget(
                    Paragraph::new(l.as_str()).style(theme.text),
                    row(area, head + i as u16),
                );
            }
            // The score around the current move, as in the standard
            // layout's panel, still: it changes only when a move is made.
            let top = head + moves.len() as u16;
            let rows = SCREEN_READER_SCORE.min(area.height.saturating_sub(top + 2));
            score(
                state,
                theme,
                frame,
                Rect::new(area.x, area.y + top, area.width, rows),
            );
            top + rows
        }
        Layout::Standard => {
            let panel = Rect::new(area.x + panel_x, area.y + 1, panel_w, top_h);
            let title = state.browse(
                if replay.depth() > 0 {
                    BrowseSentence::ScoreVariation
                } else {
                    BrowseSentence::Score
                },
                &[],
            );
            frame.render_widget(
                Paragraph::new(title).style(theme.heading),
                Rect::new(panel.x, panel.y, panel.width, 1),
            );
            let info = (moves.len() as u16).min(panel.height.saturating_sub(3));
            let score_h = panel.height.saturating_sub(2 + info);
            score(
                state,
                theme,
                frame,
                Rect::new(panel.x, panel.y + 1, panel.width, score_h),
            );
            for (i, l) in moves.iter().take(info as usize).enumerate() {
                frame.render_widget(
                    Paragraph::new(l.as_str()).style(theme.text),
                    Rect::new(
                        panel.x,
                        panel.y + panel.height - info + i as u16,
                        panel.width,
                        1,
                    ),
                );
            }
            1 + top_h
        }
    };
    log_below(state, theme, frame, area, log_top);
    let prompt = format!("{} ", state.browse(BrowseSentence::Command, &[]));
    input_line(frame, theme, area, &prompt, &state.input);
    // With the board cursor on, the terminal cursor sits on its square.
    if let (Some(cursor), Some(board)) = (state.cursor, board_area)
        && let Some((x, y)) = BoardView::cell(board, state.orientation, cursor.square)
    {
        frame.set_cursor_position(Cursor::new(x, y));
    }
}

fn help(state: &AnalysisState, theme: &Theme, frame: &mut Frame, area: Rect) {
    super::help::draw(state, theme, frame, area);
}
