//! The arbiter's seat (D.2.9): the status, whether the boards diverge,
//! the last announcement, both boards, the clocks, both scores and the
//! log. The assistant's seat is the same with one board, the one of the
//! side it types for. Boards are left out in the screen-reader layout and
//! when the window has no room for them; everything they show is also in
//! the scores and the divergence line.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Block, Borders, Paragraph};
use shakmaty::fen::Fen;
use shakmaty::{Board, Color, Square};

use super::super::SeatScreen;
use super::super::big::wrap;
use super::{clock_lines, newest_last};
use crate::game::Side;
use crate::notation::MoveNumber;
use crate::notation::pack::{ScreenSentence, SeatScreenSentence};
use crate::printable::printable;
use crate::session::seat::{SeatRole, SeatView};
use crate::ui::screen::board::{BoardView, frame_title};
use crate::ui::screen::settings::Layout;

/// The fewest log lines shown.
const MIN_LOG: u16 = 3;

/// Draws the arbiter's or the assistant's seat in `area`.
pub fn arbiter(state: &SeatScreen, view: &SeatView, frame: &mut Frame, area: Rect) {
    let width = area.width;
    let words = state.words();
    // The status names whose turn it is, or the result.
    let mut top: Vec<(String, Style)> =
        vec![(printable(&view.status).into_owned(), state.theme.heading)];
    let (divergence, style) = if view.diverging {
        (SeatScreenSentence::Diverging, state.theme.warning)
    } else {
        (SeatScreenSentence::BoardsAgree, state.theme.text)
    };
    top.push((words.say(divergence, &[]), style));
    if let Some(last) = &view.last {
        let said = words.say(
            SeatScreenSentence::Announced,
            &[
                ("side", state.side_name(last.by)),
                ("words", &printable(&last.words)),
            ],
        );
        top.push((
            format!("{} — {said}", printable(&last.label)),
            state.theme.text,
        ));
    }
    let mut below: Vec<(String, Style)> = clock_lines(state, view)
        .into_iter()
        .map(|l| (l, state.theme.text))
        .collect();
    for side in [Side::White, Side::Black] {
        below.push((score_line(state, view, side, width), state.theme.text));
    }
    let top = wrapped(&top, width);
    let below = wrapped(&below, width);
    let fixed = u16::try_from(top.len() + below.len()).unwrap_or(u16::MAX);
    let room = area.height.saturating_sub(fixed + MIN_LOG);
    let boards = board_sides(state);
    let square = (state.layout == Layout::Standard)
        .then(|| {
            let column = width / u16::try_from(boards.len()).unwrap_or(1);
            BoardView::fit(column.saturating_sub(2), room.saturating_sub(2))
        })
        .flatten();
    let mut y = area.y;
    let lines_at = |frame: &mut Frame, lines: &[(String, Style)], y: &mut u16| {
        for (line, style) in lines {
            if *y >= area.bottom() {
                return;
            }
            let rect = Rect::new(area.x, *y, width, 1);
            frame.render_widget(
                Paragraph::new(Line::from(line.as_str())).style(*style),
                rect,
            );
            *y += 1;
        }
    };
    lines_at(frame, &top, &mut y);
    if let Some(square) = square {
        let (board_w, board_h) = BoardView::size(square);
        let column = width / u16::try_from(boards.len()).unwrap_or(1);
        let marked = differing(view);
        for (i, side) in boards.iter().enumerate() {
            let x = area.x + column * u16::try_from(i).unwrap_or(0);
            let outer_w = (board_w + 2).min(column);
            let outer = Rect::new(x + (column - outer_w) / 2, y, outer_w, board_h + 2);
            draw_board(state, view, *side, &marked, frame, outer);
        }
        y += board_h + 2;
    }
    lines_at(frame, &below, &mut y);
    if y < area.bottom() {
        let log: Vec<String> = state
            .log
            .iter()
            .flat_map(|l| wrap(&printable(l), width))
            .collect();
        let rect = Rect::new(area.x, y, width, area.bottom() - y);
        newest_last(state, frame, rect, &log);
    }
}

/// Whose boards the seat shows: both for the arbiter; for the assistant
/// the one of the side it types for (White's when it types for none).
fn board_sides(state: &SeatScreen) -> Vec<Side> {
    match state.role {
        SeatRole::Assistant => vec![state.side.unwrap_or(Side::White)],
        _ => vec![Side::White, Side::Black],
    }
}

/// Each line with its style, wrapped at `width`.
fn wrapped(lines: &[(String, Style)], width: u16) -> Vec<(String, Style)> {
    lines
        .iter()
        .flat_map(|(l, style)| wrap(l, width).into_iter().map(move |w| (w, *style)))
        .collect()
}

/// The board of `side`'s owner as its FEN says; `None` for a FEN that
/// cannot be read.
fn board_of(view: &SeatView, side: Side) -> Option<Board> {
    let fen = match side {
        Side::White => &view.white_board,
        Side::Black => &view.black_board,
    };
    fen.parse::<Fen>().ok().map(|f| f.as_setup().board.clone())
}

/// Squares whose pieces differ between the two boards once they diverge
/// (D.2.9), marked with `!` on both.
fn differing(view: &SeatView) -> Vec<Square> {
    if !view.diverging {
        return Vec::new();
    }
    match (board_of(view, Side::White), board_of(view, Side::Black)) {
        (Some(white), Some(black)) => Square::ALL
            .into_iter()
            .filter(|&s| white.piece_at(s) != black.piece_at(s))
            .collect(),
        _ => Vec::new(),
    }
}

fn draw_board(
    state: &SeatScreen,
    view: &SeatView,
    side: Side,
    marked: &[Square],
    frame: &mut Frame,
    outer: Rect,
) {
    let owner = match side {
        Side::White => &view.white,
        Side::Black => &view.black,
    };
    let title = state
        .screen_words()
        .say(ScreenSentence::BoardOf, &[("player", &printable(owner))]);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(state.theme.text)
        .title(frame_title(&title, outer.width))
        .title_style(state.theme.heading);
    let inner = block.inner(outer);
    frame.render_widget(block, outer);
    if let Some(board) = board_of(view, side) {
        frame.render_widget(
            BoardView {
                board: &board,
                orientation: Color::from(side),
                marked,
                last_move: None,
                cursor: None,
                theme: &state.theme,
                too_small: &state.screen_words().say(ScreenSentence::BoardTooSmall, &[]),
            },
            inner,
        );
    }
}

/// "Score of Anna (White): … 2. Nf3 Nc6 3. Bb5": a player's own score
/// (D.2.7) with its move numbers (8.1), the latest moves that fit in
/// `width`.
fn score_line(state: &SeatScreen, view: &SeatView, side: Side, width: u16) -> String {
    let head = state.screen_words().say(
        ScreenSentence::ScoreOf,
        &[("player", &state.player(view, side))],
    );
    let score = match side {
        Side::White => &view.white_score,
        Side::Black => &view.black_score,
    };
    let width = usize::from(width);
    let tokens = numbered(view, score);
    let mut shown = tokens.len();
    let mut body = 0;
    while shown > 0 {
        let len = tokens[shown - 1].chars().count() + 1;
        let cut = if shown > 1 { 2 } else { 0 };
        if head.chars().count() + cut + body + len > width {
            break;
        }
        body += len;
        shown -= 1;
    }
    let cut = if shown > 0 { " …" } else { "" };
    format!("{head}{cut} {}", tokens[shown..].join(" "))
        .trim_end()
        .to_string()
}

/// A score's moves as shown, each move number with White's half-move
/// ("12. e4"), Black's alone ("e5"), and a score that opens with Black's
/// half-move written "12... e5".
fn numbered(view: &SeatView, score: &[String]) -> Vec<String> {
    let (number, side) = view.first_move.unwrap_or((1, Side::White));
    let first = MoveNumber {
        number,
        color: Color::from(side),
    };
    score
        .iter()
        .enumerate()
        .map(|(i, san)| {
            let at = first.later(i);
            let san = printable(san);
            match at.color {
                Color::White => format!("{at} {san}"),
                Color::Black if i == 0 => format!("{at} {san}"),
                Color::Black => san.into_owned(),
            }
        })
        .collect()
}
