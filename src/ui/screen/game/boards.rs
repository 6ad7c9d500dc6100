//! A player's board on the game screen, in its frame, with the squares
//! where the two boards differ marked (D.2.9).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::widgets::{Block, Borders};
use shakmaty::{Color, Position, Square};

use super::GameScreen;
use crate::notation::pack::ScreenSentence;
use crate::printable::printable;
use crate::ui::screen::board::{BoardView, frame_title};

/// `color`'s board in a frame titled with its owner, centred in `column`,
/// with the squares where the boards differ and the last move marked.
pub(super) fn board_block(
    state: &GameScreen,
    frame: &mut Frame,
    color: Color,
    column: Rect,
    board_w: u16,
) {
    let marked = differing(state);
    let last = state
        .host
        .game()
        .moves()
        .last()
        .and_then(|p| p.mv.from().map(|from| (from, p.mv.to())));
    let setup = state.host.game().setup();
    let owner = if color == Color::White {
        &setup.white
    } else {
        &setup.black
    };
    let key = if setup.impaired.includes(color) {
        ScreenSentence::BoardOfImpaired
    } else {
        ScreenSentence::BoardOf
    };
    let owner = printable(owner);
    let width = (board_w + 2).min(column.width);
    let title = state.words().say(key, &[("player", &owner)]);
    let block = Block::default()
        .borders(Borders::ALL)
        .border_style(state.theme.text)
        .title(frame_title(&title, width))
        .title_style(state.theme.heading);
    let outer = Rect::new(
        column.x + (column.width - width) / 2,
        column.y,
        width,
        column.height,
    );
    let inner = block.inner(outer);
    frame.render_widget(block, outer);
    frame.render_widget(
        BoardView {
            board: state.host.game().board(color).board(),
            orientation: color,
            marked: &marked,
            last_move: last,
            cursor: None,
            theme: &state.theme,
            too_small: &state.words().say(ScreenSentence::BoardTooSmall, &[]),
        },
        inner,
    );
}

/// Squares whose pieces differ between the two boards once they diverge
/// (D.2.9). Between an announcement and its repetition the opponent's
/// board is one move behind by design; that is not marked.
fn differing(state: &GameScreen) -> Vec<Square> {
    if !state.host.game().diverging() {
        return Vec::new();
    }
    let white = state.host.game().board(Color::White).board();
    let black = state.host.game().board(Color::Black).board();
    Square::ALL
        .into_iter()
        .filter(|&s| white.piece_at(s) != black.piece_at(s))
        .collect()
}
