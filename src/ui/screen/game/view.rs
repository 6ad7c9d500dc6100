//! Drawing the game screen. The terminal cursor always ends on the input
//! line at the typing point, where screen readers and braille displays
//! follow it.

use std::cell::RefCell;

use crate::printable::printable;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout as Split, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use shakmaty::Color;

use super::boards::board_block;
use super::log::{self, Row};
use super::{ClockReading, GameScreen, Overlay};
use crate::notation::MoveNumber;
use crate::notation::pack::ScreenSentence;
use crate::record::pgn_write::clock_text;
use crate::table::user_side;
use crate::ui::screen::board::{BoardView, SQUARE_SIZES};
use crate::ui::screen::keys::key_rows;
use crate::ui::screen::settings::Layout;

/// Lines taken by everything but the boards and the log in the standard
/// layout: status, clocks, two scores, input.
const STANDARD_LINES: u16 = 5;
/// The fewest log lines shown.
const MIN_LOG: u16 = 3;

/// Columns and lines a layout needs at least.
pub fn needed_size(layout: Layout) -> (u16, u16) {
    match layout {
        Layout::Standard => {
            let (w, h) = BoardView::size(SQUARE_SIZES[0]);
            (2 * (w + 2), h + 2 + STANDARD_LINES + MIN_LOG)
        }
        Layout::ScreenReader => (30, 7),
    }
}

/// Draws `state` in `frame`.
pub fn view(state: &GameScreen, frame: &mut Frame) {
    let area = frame.area();
    if area.height == 0 || area.width == 0 {
        return;
    }
    let input = Rect::new(area.x, area.bottom() - 1, area.width, 1);
    let above = Rect::new(area.x, area.y, area.width, area.height - 1);
    let (need_w, need_h) = needed_size(state.layout);
    if area.width < need_w || area.height < need_h {
        let text = state.too_small_message();
        frame.render_widget(
            Paragraph::new(text)
                .style(state.theme.warning)
                .wrap(Wrap { trim: true }),
            above,
        );
    } else {
        match state.layout {
            Layout::Standard => standard(state, frame, above),
            Layout::ScreenReader => screen_reader(state, frame, above),
        }
        overlay(state, frame, above);
    }
    input_line(state, frame, input);
}

/// The status line, and after it what the program last said about its
/// own voice.
fn status_and_voice(state: &GameScreen) -> String {
    let status = status_text(state);
    match &state.voice_notice {
        Some(notice) => format!("{status} — {notice}"),
        None => status,
    }
}

/// One line of text; what came from outside in it (a name, a note, a
/// line typed) shows no control character.
fn text_line(frame: &mut Frame, area: Rect, text: String, style: Style) {
    let text = printable(&text).into_owned();
    frame.render_widget(Paragraph::new(text).style(style), area);
}

/// Columns the one-board layout keeps beside its board for the clocks,
/// the scores and the log.
const BESIDE_ONE_BOARD: u16 = 30;

fn standard(state: &GameScreen, frame: &mut Frame, area: Rect) {
    let half = area.width / 2;
    let board_room = area.height.saturating_sub(STANDARD_LINES - 1 + MIN_LOG + 2);
    let square = BoardView::fit(half.saturating_sub(2), board_room).unwrap_or(SQUARE_SIZES[0]);
    // The reading of the clocks as they run, unless the screen is kept
    // still: then as last read, like the screen-reader layout.
    let reading = if state.ticking() {
        ClockReading::of(state.host.game(), state.now)
    } else {
        state.clocks
    };
    let clocks_line = clocks_text(state, &reading);
    if state.theme.large
        && square.1 < 2
        && let Some(one) = one_board_square(area)
    {
        return one_board(state, frame, area, one, clocks_line);
    }
    let (board_w, board_h) = BoardView::size(square);
    let [status, boards, clocks, white, black, log] = Split::vertical([
        Constraint::Length(1),
        Constraint::Length(board_h + 2),
        Constraint::Length(lines_needed(&clocks_line.text, area.width)),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Fill(1),
    ])
    .areas(area);
    text_line(frame, status, status_and_voice(state), state.theme.heading);
    let [left, right] =
        Split::horizontal([Constraint::Length(half), Constraint::Fill(1)]).areas(boards);
    for (color, column) in [(Color::White, left), (Color::Black, right)] {
        board_block(state, frame, color, column, board_w);
    }
    clocks_scores_log(state, frame, clocks_line, [clocks, white, black, log]);
}

/// The square size of one board with the clocks, scores and log beside
/// it in `area` (under the status line), where its pieces are drawn (two
/// lines or more); `None` where they would not be.
fn one_board_square(area: Rect) -> Option<(u16, u16)> {
    let width = area.width.checked_sub(BESIDE_ONE_BOARD + 2)?;
    let height = area.height.checked_sub(1 + 2)?;
    BoardView::fit(width, height).filter(|s| s.1 >= 2)
}

/// The large theme where two boards would leave its pieces one cell (80
/// by 24): one board, drawn, and the clocks, scores and log beside it.
/// The board is the visually impaired player's, where the divergent
/// squares of the other are marked (D.2.9).
fn one_board(
    state: &GameScreen,
    frame: &mut Frame,
    area: Rect,
    square: (u16, u16),
    clocks_line: ClocksLine,
) {
    let (board_w, board_h) = BoardView::size(square);
    let [status, rest] = Split::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    text_line(frame, status, status_and_voice(state), state.theme.heading);
    let [board, beside] =
        Split::horizontal([Constraint::Length(board_w + 2), Constraint::Fill(1)]).areas(rest);
    let board = Rect {
        height: board.height.min(board_h + 2),
        ..board
    };
    let impaired = state.host.game().setup().impaired;
    let color = if impaired.includes(Color::Black) && !impaired.includes(Color::White) {
        Color::Black
    } else {
        Color::White
    };
    board_block(state, frame, color, board, board_w);
    // One column between the board and the text.
    let beside = Rect::new(
        beside.x + 1,
        beside.y,
        beside.width.saturating_sub(1),
        beside.height,
    );
    let [clocks, white, black, log] = Split::vertical([
        Constraint::Length(lines_needed(&clocks_line.text, beside.width)),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Fill(1),
    ])
    .areas(beside);
    clocks_scores_log(state, frame, clocks_line, [clocks, white, black, log]);
}

fn screen_reader(state: &GameScreen, frame: &mut Frame, area: Rect) {
    // The clocks as last read on an event or request: nothing ticks here.
    let clocks_line = clocks_text(state, &state.clocks);
    let [status, clocks, white, black, log] = Split::vertical([
        Constraint::Length(1),
        Constraint::Length(lines_needed(&clocks_line.text, area.width)),
        Constraint::Length(1),
        Constraint::Length(1),
        Constraint::Fill(1),
    ])
    .areas(area);
    text_line(frame, status, status_and_voice(state), state.theme.heading);
    clocks_scores_log(state, frame, clocks_line, [clocks, white, black, log]);
}

/// Lines `text` takes when wrapped at `width`: the clocks line of a
/// language with longer words must not lose its end.
fn lines_needed(text: &str, width: u16) -> u16 {
    u16::try_from(wrap(text, width.max(1) as usize).len()).unwrap_or(1)
}

/// The clocks line, both scores and the log, in the areas given in that
/// order.
fn clocks_scores_log(
    state: &GameScreen,
    frame: &mut Frame,
    clocks_line: ClocksLine,
    [clocks, white, black, log]: [Rect; 4],
) {
    let theme = &state.theme;
    let width = clocks.width.max(1) as usize;
    let wrapped = clocks_lines(&clocks_line, width, theme.text, theme.heading);
    frame.render_widget(Paragraph::new(wrapped).style(theme.text), clocks);
    for (color, line) in [(Color::White, white), (Color::Black, black)] {
        text_line(
            frame,
            line,
            score_text(state, color, line.width),
            state.theme.text,
        );
    }
    log_lines(state, frame, log);
}

/// The status line (D.2.1–D.2.8), with an offer or claim waiting for an
/// answer (9.1.2), noting a pack that lacks sentences.
fn status_text(state: &GameScreen) -> String {
    let mut status = state.status();
    if let Some(pending) = crate::table::pending_line(state.host.game()) {
        status = format!("{status}. {pending}");
    }
    let missing = state.host.game().pack().missing_sentences().len();
    if missing == 0 {
        return status;
    }
    let count = missing.to_string();
    state.words().say_count(
        ScreenSentence::StatusMissing,
        missing as u64,
        &[("status", &status), ("count", &count)],
    )
}

/// The sign before the player whose clock runs, in the standard layout;
/// the screen-reader layout has the word alone, which reads better aloud.
const RUNNING_SIGN: &str = "▶";

/// The clocks line, and in it the words of the clock that runs.
pub struct ClocksLine {
    /// "Clocks: ▶ Anna (White) 1:29:58 running, Boris (Black) 1:30:00; 3
    /// moves completed".
    pub text: String,
    /// "▶ Anna (White) 1:29:58 running": shown in colour and bold as well.
    pub running: Option<String>,
}

/// "Clocks: ▶ Anna (White) 1:29:58 running, Boris (Black) 1:30:00; 3 moves
/// completed": which clock runs is said in words, not by colour alone.
pub(super) fn clocks_text(state: &GameScreen, reading: &ClockReading) -> ClocksLine {
    let words = state.words();
    let mut running = None;
    let mut side = |color: Color, left| {
        let (player, time) = (state.player(color), clock_text(left));
        if reading.running != Some(color) {
            return (player, time);
        }
        let player = match state.layout {
            Layout::Standard => format!("{RUNNING_SIGN} {player}"),
            Layout::ScreenReader => player,
        };
        let time = words.say(ScreenSentence::ClockRunning, &[("time", &time)]);
        running = Some(format!("{player} {time}"));
        (player, time)
    };
    let (white, white_time) = side(Color::White, reading.white);
    let (black, black_time) = side(Color::Black, reading.black);
    let count = reading.completed.to_string();
    let clocks = words.say_count(
        ScreenSentence::Clocks,
        u64::from(reading.completed),
        &[
            ("white", &white),
            ("white_time", &white_time),
            ("black", &black),
            ("black_time", &black_time),
            ("count", &count),
        ],
    );
    let text = if reading.stopped {
        words.say(ScreenSentence::ClocksStopped, &[("clocks", &clocks)])
    } else {
        clocks
    };
    ClocksLine { text, running }
}

/// The clocks line wrapped at `width`, the running clock's words in
/// `running` style, the rest in `text` style.
pub(super) fn clocks_lines(
    line: &ClocksLine,
    width: usize,
    text: Style,
    running: Style,
) -> Vec<Line<'static>> {
    let all = &line.text;
    let marked = line
        .running
        .as_ref()
        .and_then(|r| all.find(r.as_str()).map(|at| at..at + r.len()));
    let mut from = 0;
    wrap(all, width)
        .into_iter()
        .map(|piece| {
            // Each wrapped line is a stretch of the whole, in order.
            let start = all[from..].find(&piece).map_or(from, |i| from + i);
            let end = start + piece.len();
            from = end;
            let Some(marked) = &marked else {
                return Line::styled(piece, text);
            };
            let (a, b) = (marked.start.clamp(start, end), marked.end.clamp(start, end));
            // Only the stretches this line holds: no empty spans.
            let spans = [(start, a, text), (a, b, running), (b, end, text)]
                .into_iter()
                .filter(|(from, to, _)| from < to)
                .map(|(from, to, style)| Span::styled(all[from..to].to_string(), style));
            Line::from(spans.collect::<Vec<_>>())
        })
        .collect()
}

/// The score lines last drawn, one per player, kept until the moves, the
/// heading or the width change: the standard layout is drawn at every tick
/// of the clock, and a long game's score is not formatted again each time.
#[derive(Debug, Default)]
pub struct ScoreCache {
    lines: RefCell<[Option<CachedScore>; 2]>,
}

/// One player's score line as drawn, and what it was drawn from.
#[derive(Debug)]
struct CachedScore {
    width: u16,
    head: String,
    score: Vec<String>,
    line: String,
}

/// A player's own score (D.2.7), numbered, the latest moves when it does
/// not fit in `width`.
fn score_text(state: &GameScreen, color: Color, width: u16) -> String {
    let head = state
        .words()
        .say(ScreenSentence::ScoreOf, &[("player", &state.player(color))]);
    let score = state.host.game().score(color);
    let mut lines = state.score_cache.lines.borrow_mut();
    let slot = &mut lines[usize::from(color == Color::Black)];
    if let Some(cached) = slot
        .as_ref()
        .filter(|c| c.width == width && c.head == head && c.score.as_slice() == score)
    {
        return cached.line.clone();
    }
    let start = state.host.game().start();
    let moves: Vec<String> = score
        .iter()
        .enumerate()
        .map(|(i, san)| {
            let number = MoveNumber::after(start, i);
            let san = state.letters.san(san);
            // Black's half-move is numbered only when the score starts with it.
            if number.color == Color::White || i == 0 {
                format!("{number} {san}")
            } else {
                san
            }
        })
        .collect();
    let line = fitted(&head, &moves, width as usize);
    *slot = Some(CachedScore {
        width,
        head,
        score: score.to_vec(),
        line: line.clone(),
    });
    line
}

/// `head` and as many of the latest `moves` as fit in `width` characters,
/// " …" after the head when earlier moves are left out; with none fitting,
/// the head alone.
fn fitted(head: &str, moves: &[String], width: usize) -> String {
    const CUT: &str = " …";
    let head_len = head.chars().count();
    // The moves from `first` on are shown; `body` is their length joined.
    let mut first = moves.len();
    let mut body = 0;
    while first > 0 {
        let len = moves[first - 1].chars().count();
        let longer = if body == 0 { len } else { len + 1 + body };
        let cut = if first > 1 { CUT.chars().count() } else { 0 };
        // Fewer moves never make the line longer, so the first that does
        // not fit ends the search.
        if head_len + cut + 1 + longer > width {
            break;
        }
        body = longer;
        first -= 1;
    }
    let cut = if first > 0 { CUT } else { "" };
    let line = format!("{head}{cut} {}", moves[first..].join(" "));
    line.trim_end().to_string()
}

/// The log: its newest lines, the head of an answer longer than the
/// area, or the lines from the one the user paged back to, marked.
fn log_lines(state: &GameScreen, frame: &mut Frame, area: Rect) {
    state.log_area.set((area.width, area.height));
    let more = state.words().say(ScreenSentence::LogMore, &[]);
    let text: Vec<Line> = log::rows(
        &state.log,
        &state.wraps,
        &state.scroll,
        area.width,
        area.height,
    )
    .into_iter()
    .map(|row| match row {
        Row::Empty => Line::default(),
        Row::Text {
            text,
            focused: true,
        } => Line::styled(text, state.theme.focus),
        Row::Text { text, .. } => Line::from(text),
        Row::More => Line::styled(more.clone(), state.theme.heading),
    })
    .collect();
    frame.render_widget(Paragraph::new(text).style(state.theme.text), area);
}

/// `text` broken at spaces into lines of at most `width` characters.
pub(super) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    // Characters on `line`, counted as it grows: the whole text is
    // looked at once, so a long line costs time in proportion to it.
    let mut used = 0;
    for word in text.split(' ') {
        let mut rest = word;
        let mut len = rest.chars().count();
        // A word longer than the line is cut into whole lines.
        while len > width {
            if used > 0 {
                lines.push(std::mem::take(&mut line));
                used = 0;
            }
            let cut = rest
                .char_indices()
                .nth(width)
                .map_or(rest.len(), |(i, _)| i);
            lines.push(rest[..cut].to_string());
            rest = &rest[cut..];
            len -= width;
        }
        if used > 0 && used + 1 + len > width {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if used > 0 {
            line.push(' ');
            used += 1;
        }
        line.push_str(rest);
        used += len;
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The input line with its prompt; the terminal cursor at the typing
/// point. A line longer than the window scrolls so the point stays shown.
/// While a dialog asks yes or no, the question stands in the line's place.
fn input_line(state: &GameScreen, frame: &mut Frame, area: Rect) {
    if let Some(question) = dialog_question(state) {
        question_line(state, frame, area, &question);
        return;
    }
    const PROMPT: &str = "> ";
    let (shown, column) = state.input.visible(area.width, PROMPT.chars().count());
    let line = Line::from(vec![
        Span::styled(PROMPT, state.theme.focus),
        Span::styled(shown, state.theme.text),
    ]);
    frame.render_widget(Paragraph::new(line), area);
    frame.set_cursor_position((area.x + column, area.y));
}

/// The yes-or-no question of the dialog open, as the input line shows it.
fn dialog_question(state: &GameScreen) -> Option<String> {
    let words = state.words();
    match state.overlay {
        Overlay::Quit => Some(words.say(ScreenSentence::QuitOnLine, &[])),
        Overlay::Resign => {
            let who = state.player(user_side(state.host.game()));
            Some(words.say(ScreenSentence::ResignOnLine, &[("player", &who)]))
        }
        Overlay::None | Overlay::Help => None,
    }
}

/// `question` where the input line's text was, the cursor one space
/// after it, where the screen reader and the magnifier already are; a
/// question wider than the window goes on upwards, ending on the input
/// line.
fn question_line(state: &GameScreen, frame: &mut Frame, input: Rect, question: &str) {
    let width = usize::from(input.width.saturating_sub(2).max(1));
    let lines = wrap(&printable(question), width);
    let room = usize::from(input.y - frame.area().y) + 1;
    let shown = &lines[..lines.len().min(room)];
    let height = shown.len() as u16;
    let rect = Rect::new(input.x, input.bottom() - height, input.width, height);
    frame.render_widget(Clear, rect);
    let text: Vec<Line> = shown.iter().map(|l| Line::from(l.as_str())).collect();
    frame.render_widget(Paragraph::new(text).style(state.theme.warning), rect);
    let end = shown.last().map_or(0, |l| l.chars().count()) + 1;
    let x = input.x + end.min(usize::from(input.width.saturating_sub(1))) as u16;
    frame.set_cursor_position((x, input.y));
}

/// The help's lines at `width` columns: each key with what it does, then
/// what typing does. The update scrolls through these.
pub(super) fn help_lines(state: &GameScreen, width: u16) -> Vec<String> {
    let words = state.words();
    let rows = key_rows(state.host.game());
    let width = usize::from(width.max(1));
    // The keys' column takes at most a third of the window: a row of two
    // commands' keys wraps within it rather than narrowing every row.
    let name_width = rows
        .iter()
        .map(|(n, _)| n.chars().count())
        .max()
        .unwrap_or(0)
        .min(width / 3)
        .max(1);
    // What a key does is wrapped in its own column; in a window too
    // narrow for two columns, it goes under the key's name.
    const NARROWEST: usize = 20;
    let column = width.saturating_sub(name_width + 2);
    let mut lines: Vec<String> = Vec::new();
    for (name, does) in &rows {
        if column >= NARROWEST {
            let names = wrap(name, name_width);
            let parts = wrap(does, column);
            for i in 0..names.len().max(parts.len()) {
                let name = names.get(i).map_or("", String::as_str);
                let part = parts.get(i).map_or("", String::as_str);
                lines.push(format!("{name:name_width$}  {part}").trim_end().to_string());
            }
        } else {
            lines.extend(wrap(name, width));
            let indented = wrap(does, width.saturating_sub(2).max(1));
            lines.extend(indented.into_iter().map(|part| format!("  {part}")));
        }
    }
    lines.extend(wrap(&words.say(ScreenSentence::HelpTyping, &[]), width));
    lines
}

/// The help box fills the window above the input line: the columns of
/// its lines and how many lines show at once.
pub(super) fn help_box(size: (u16, u16)) -> (u16, u16) {
    let inner_width = size.0.saturating_sub(2);
    let inner_height = size.1.saturating_sub(1 + 2);
    (inner_width, inner_height)
}

/// The first help line shown when `top` is asked for: never so far down
/// that the box has empty room while lines are hidden above.
pub(super) fn help_top(lines: usize, room: u16, top: usize) -> usize {
    top.min(lines.saturating_sub(usize::from(room)))
}

fn overlay(state: &GameScreen, frame: &mut Frame, area: Rect) {
    if state.overlay != Overlay::Help {
        // The dialogs ask on the input line.
        return;
    }
    let words = state.words();
    let say = |key| words.say(key, &[]);
    let (inner_width, room) = help_box(state.size);
    let lines = help_lines(state, inner_width);
    let top = help_top(lines.len(), room, state.help_top);
    let below = lines.len() > top + usize::from(room);
    let rows: Vec<Line> = lines
        .into_iter()
        .skip(top)
        .take(usize::from(room))
        .map(Line::from)
        .collect();
    let title = format!(" {} ", say(ScreenSentence::HelpTitle));
    let mut block = Block::default()
        .borders(Borders::ALL)
        .border_style(state.theme.text)
        .title(title)
        .title_style(state.theme.heading);
    if below {
        let mark = format!(" {} ", say(ScreenSentence::HelpMore));
        block = block.title_bottom(Line::styled(mark, state.theme.heading).left_aligned());
    }
    if top > 0 {
        let mark = format!(" {} ", say(ScreenSentence::HelpAbove));
        block = block.title_bottom(Line::styled(mark, state.theme.heading).right_aligned());
    }
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(rows).block(block).style(state.theme.text),
        area,
    );
}

#[cfg(test)]
mod fitted_tests {
    use super::fitted;

    /// The score line as it was first written: moves dropped from the
    /// front one at a time until the line fits.
    fn dropping(head: &str, moves: &[String], width: usize) -> String {
        let mut shown = moves;
        loop {
            let cut = if shown.len() < moves.len() {
                " …"
            } else {
                ""
            };
            let line = format!("{head}{cut} {}", shown.join(" "));
            if line.chars().count() <= width || shown.is_empty() {
                return line.trim_end().to_string();
            }
            shown = &shown[1..];
        }
    }

    #[test]
    fn the_latest_moves_that_fit_are_shown() {
        let moves: Vec<String> = [
            "1. e4", "c5", "2. Nf3", "d6", "3. d4", "cxd4", "4. Nxd4", "Nf6",
        ]
        .map(String::from)
        .to_vec();
        for n in 0..=moves.len() {
            for width in 0..60 {
                assert_eq!(
                    fitted("Partie von Anna:", &moves[..n], width),
                    dropping("Partie von Anna:", &moves[..n], width),
                    "{n} moves in {width} columns"
                );
            }
        }
    }
}
