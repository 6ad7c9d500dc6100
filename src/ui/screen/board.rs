//! A chess board drawn as large as the space allows, from one player's side.
//!
//! Square colour is never the only thing that carries information: white
//! pieces are capitals or hollow figurines and black pieces small letters or
//! filled figurines, and where a square is two lines or more, figurines
//! grow into drawn pieces, white solid and black shaded
//! ([`super::piece_art`]); the squares of the last move have brackets around the
//! piece, squares where the two boards differ (D.2.9) have `!` marks.
//! Without colour (`NO_COLOR`) the dark squares are dotted, so that light
//! and dark squares stay apart.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::widgets::Widget;
use shakmaty::{Board, Color, File, Piece, Rank, Role, Square};

use super::piece_art;
use super::theme::{Glyphs, Theme};

/// Columns and lines of one square, smallest first. Terminal cells are about
/// twice as tall as wide, so a square is about twice as wide as tall.
pub const SQUARE_SIZES: [(u16, u16); 5] = [(3, 1), (5, 2), (7, 3), (9, 4), (11, 5)];

/// What fills a dark square around its piece without colour.
pub const DARK_FILL: char = '·';

/// Columns taken by the rank numbers at the left.
const RANK_LABEL: u16 = 2;
/// Lines taken by the file letters below.
const FILE_LABEL: u16 = 1;

/// One board to draw.
#[derive(Clone, Debug)]
pub struct BoardView<'a> {
    /// The pieces.
    pub board: &'a Board,
    /// Whose side is at the bottom: the board's owner.
    pub orientation: Color,
    /// Squares marked as differing from the other board.
    pub marked: &'a [Square],
    /// The last move's squares, from and to.
    pub last_move: Option<(Square, Square)>,
    /// The square under the board cursor, marked `>` `<`.
    pub cursor: Option<Square>,
    /// Colours and glyphs.
    pub theme: &'a Theme,
    /// What is shown when not even the smallest board fits, in the pack's
    /// words.
    pub too_small: &'a str,
}

impl BoardView<'_> {
    /// Columns and lines of the whole board, labels included, with squares
    /// of size `square`.
    pub fn size(square: (u16, u16)) -> (u16, u16) {
        (RANK_LABEL + 8 * square.0, 8 * square.1 + FILE_LABEL)
    }

    /// The cell at the middle of `square` on a board drawn in `area` as
    /// seen from `orientation`: where the terminal cursor is put when the
    /// board cursor is on it; `None` when no board fits.
    pub fn cell(area: Rect, orientation: Color, square: Square) -> Option<(u16, u16)> {
        let (w, h) = BoardView::fit(area.width, area.height)?;
        let (col, row) = match orientation {
            Color::White => (square.file() as u16, 7 - square.rank() as u16),
            Color::Black => (7 - square.file() as u16, square.rank() as u16),
        };
        Some((
            area.x + RANK_LABEL + col * w + w / 2,
            area.y + row * h + h / 2,
        ))
    }

    /// The largest square size with which the board fits in `width` ×
    /// `height`; `None` when not even the smallest fits.
    pub fn fit(width: u16, height: u16) -> Option<(u16, u16)> {
        SQUARE_SIZES.iter().rev().copied().find(|&s| {
            let (w, h) = BoardView::size(s);
            w <= width && h <= height
        })
    }

    /// The files from left to right and the ranks from top to bottom.
    fn axes(&self) -> ([File; 8], [Rank; 8]) {
        let mut files = File::ALL;
        let mut ranks = Rank::ALL;
        match self.orientation {
            Color::White => ranks.reverse(),
            Color::Black => files.reverse(),
        }
        (files, ranks)
    }

    fn square_style(&self, square: Square) -> Style {
        let base = if square.is_dark() {
            self.theme.dark_square
        } else {
            self.theme.light_square
        };
        if self.marked.contains(&square) {
            base.patch(self.theme.divergent)
        } else if self.on_last_move(square) {
            base.patch(self.theme.last_move)
        } else {
            base
        }
    }

    /// A piece's colour: its side's, or in a theme whose ink follows the
    /// square, the one its square is given.
    fn piece_style(&self, piece: Piece, square: Square) -> Style {
        if let Some(on) = self.theme.pieces_on {
            return if self.marked.contains(&square) {
                on.divergent
            } else if self.on_last_move(square) {
                on.last_move
            } else if square.is_dark() {
                on.dark_square
            } else {
                on.light_square
            };
        }
        match piece.color {
            Color::White => self.theme.white_piece,
            Color::Black => self.theme.black_piece,
        }
    }

    fn on_last_move(&self, square: Square) -> bool {
        self.last_move
            .is_some_and(|(from, to)| square == from || square == to)
    }

    /// The marks either side of a square's piece, in the theme's colours:
    /// `>` `<` under the cursor, `!` where the boards differ, brackets on
    /// the last move.
    fn marks(&self, square: Square, style: Style) -> (char, char, Style) {
        if self.cursor == Some(square) {
            ('>', '<', self.theme.heading)
        } else if self.marked.contains(&square) {
            ('!', '!', self.theme.divergent_marks)
        } else if self.on_last_move(square) {
            ('[', ']', self.theme.last_move_marks)
        } else {
            (' ', ' ', style)
        }
    }
}

/// `text` as the title of a frame `width` columns wide, a space either
/// side: whole words only, with "…" where words had to be left out, so
/// that no word is cut in half.
pub fn frame_title(text: &str, width: u16) -> String {
    // The two corners and the two spaces.
    let room = usize::from(width).saturating_sub(4);
    if text.chars().count() <= room {
        return format!(" {text} ");
    }
    let mut kept = String::new();
    for word in text.split_whitespace() {
        let wanted = kept.chars().count() + usize::from(!kept.is_empty()) + word.chars().count();
        // Room for the "…" after the words kept.
        if wanted + 1 > room {
            break;
        }
        if !kept.is_empty() {
            kept.push(' ');
        }
        kept.push_str(word);
    }
    if kept.is_empty() {
        return String::new();
    }
    format!(" {kept}… ")
}

/// The one-cell sign of a piece.
pub fn glyph(piece: Piece, glyphs: Glyphs) -> char {
    match glyphs {
        Glyphs::Letters => {
            let c = piece.role.upper_char();
            match piece.color {
                Color::White => c,
                Color::Black => c.to_ascii_lowercase(),
            }
        }
        Glyphs::Figurines => match (piece.color, piece.role) {
            (Color::White, Role::King) => '♔',
            (Color::White, Role::Queen) => '♕',
            (Color::White, Role::Rook) => '♖',
            (Color::White, Role::Bishop) => '♗',
            (Color::White, Role::Knight) => '♘',
            (Color::White, Role::Pawn) => '♙',
            (Color::Black, Role::King) => '♚',
            (Color::Black, Role::Queen) => '♛',
            (Color::Black, Role::Rook) => '♜',
            (Color::Black, Role::Bishop) => '♝',
            (Color::Black, Role::Knight) => '♞',
            (Color::Black, Role::Pawn) => '♟',
        },
    }
}

impl Widget for BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let Some((w, h)) = BoardView::fit(area.width, area.height) else {
            buf.set_string(area.x, area.y, self.too_small, self.theme.warning);
            return;
        };
        let (files, ranks) = self.axes();
        // Figurines, and every piece in a large theme, grow with the
        // square; letters stay letters.
        let grows = self.theme.large || self.theme.glyphs == Glyphs::Figurines;
        let drawn = piece_art::drawn_size((w, h)).filter(|_| grows);
        for (row, rank) in ranks.iter().enumerate() {
            let y = area.y + row as u16 * h;
            buf.set_string(
                area.x,
                y + h / 2,
                rank.char().to_string(),
                self.theme.heading,
            );
            for (col, file) in files.iter().enumerate() {
                let square = Square::from_coords(*file, *rank);
                let x = area.x + RANK_LABEL + col as u16 * w;
                let style = self.square_style(square);
                let cell = Rect::new(x, y, w, h);
                buf.set_style(cell, style);
                // Without colour a pattern tells the dark squares apart.
                let fill = if !self.theme.colour && square.is_dark() {
                    DARK_FILL
                } else {
                    ' '
                };
                let blank = fill.to_string().repeat(w as usize);
                for line in 0..h {
                    buf.set_string(x, y + line, &blank, style);
                }
                let (left, right, marked) = self.marks(square, style);
                let (left, right) = (
                    if left == ' ' { fill } else { left },
                    if right == ' ' { fill } else { right },
                );
                let mid = y + h / 2;
                buf.set_string(x, mid, left.to_string(), marked);
                buf.set_string(x + w - 1, mid, right.to_string(), marked);
                let Some(piece) = self.board.piece_at(square) else {
                    continue;
                };
                let piece_style = style.patch(self.piece_style(piece, square));
                if let Some(size) = drawn {
                    // Centred, the marks' columns left free.
                    let left = x + (w - size.0) / 2;
                    for (i, line) in piece_art::drawn(piece, size).iter().enumerate() {
                        let line = line.replace(' ', &fill.to_string());
                        buf.set_string(left, y + (h - size.1) / 2 + i as u16, line, piece_style);
                    }
                } else {
                    buf.set_string(
                        x + w / 2,
                        mid,
                        glyph(piece, self.theme.glyphs).to_string(),
                        piece_style,
                    );
                }
            }
        }
        let y = area.y + 8 * h;
        for (col, file) in files.iter().enumerate() {
            let x = area.x + RANK_LABEL + col as u16 * w + w / 2;
            buf.set_string(x, y, file.char().to_string(), self.theme.heading);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::buffer::Buffer;

    fn lines(buf: &Buffer) -> Vec<String> {
        (0..buf.area.height)
            .map(|y| {
                (0..buf.area.width)
                    .map(|x| buf[(x, y)].symbol().to_string())
                    .collect::<String>()
                    .trim_end()
                    .to_string()
            })
            .collect()
    }

    fn drawn_buffer(orientation: Color, width: u16, height: u16, theme: &Theme) -> Buffer {
        let board = Board::default();
        let area = Rect::new(0, 0, width, height);
        let mut buf = Buffer::empty(area);
        BoardView {
            board: &board,
            orientation,
            marked: &[Square::E2],
            last_move: Some((Square::G1, Square::F3)),
            cursor: None,
            theme,
            too_small: "board: window too small",
        }
        .render(area, &mut buf);
        buf
    }

    fn draw(orientation: Color, width: u16, height: u16, theme: &Theme) -> Vec<String> {
        lines(&drawn_buffer(orientation, width, height, theme))
    }

    #[test]
    fn the_standard_theme_inks_each_piece_by_its_square() {
        let standard = Theme::standard();
        let buf = drawn_buffer(Color::White, 26, 9, &standard);
        // The piece sits in the middle column of its three.
        let piece_at = |file: u16, line: u16| buf[(RANK_LABEL + 3 * file + 1, line)].clone();
        let (black, white) = (
            Some(ratatui::style::Color::Rgb(0, 0, 0)),
            Some(ratatui::style::Color::Rgb(255, 255, 255)),
        );
        // a8 is light: the black rook in black; b8 dark: its knight in white.
        assert_eq!(piece_at(0, 0).symbol(), "♜");
        assert_eq!(piece_at(0, 0).fg, black.unwrap());
        assert_eq!(piece_at(1, 0).symbol(), "♞");
        assert_eq!(piece_at(1, 0).fg, white.unwrap());
        // a1 is dark: the white rook, hollow, in white; b1 light: black ink.
        assert_eq!(piece_at(0, 7).symbol(), "♖");
        assert_eq!(piece_at(0, 7).fg, white.unwrap());
        assert_eq!(piece_at(1, 7).fg, black.unwrap());
        // The divergence on e2 (red) takes white, the last move's g1
        // (blue) black.
        assert_eq!(piece_at(4, 6).fg, white.unwrap());
        assert_eq!(piece_at(6, 7).fg, black.unwrap());
        // A theme inked by side keeps its sides' colours everywhere.
        let high = Theme::built_in("high-contrast").unwrap();
        let buf = drawn_buffer(Color::White, 26, 9, &high);
        assert_eq!(buf[(RANK_LABEL + 1, 0)].fg, buf[(RANK_LABEL + 4, 0)].fg);
    }

    #[test]
    fn each_player_sees_the_board_from_their_side() {
        let theme = Theme::built_in("high-contrast").unwrap();
        let white = draw(Color::White, 26, 9, &theme);
        assert_eq!(white[0], "8  r  n  b  q  k  b  n  r");
        assert_eq!(white[6], "2  P  P  P  P !P! P  P  P");
        assert_eq!(white[7], "1  R  N  B  Q  K  B [N] R");
        assert_eq!(white[8], "   a  b  c  d  e  f  g  h");
        let black = draw(Color::Black, 26, 9, &theme);
        assert_eq!(black[0], "1  R [N] B  K  Q  B  N  R");
        assert_eq!(black[8], "   h  g  f  e  d  c  b  a");
    }

    #[test]
    fn without_colour_the_dark_squares_are_dotted() {
        let theme = Theme::built_in("high-contrast").unwrap().without_colour();
        let white = draw(Color::White, 26, 9, &theme);
        // a8 is light, b8 dark; e2 is marked, g1 has the last move's brackets.
        assert_eq!(white[0], "8  r ·n· b ·q· k ·b· n ·r·");
        assert_eq!(white[4], "4    ···   ···   ···   ···");
        assert_eq!(white[6], "2  P ·P· P ·P·!P!·P· P ·P·");
        assert_eq!(white[7], "1 ·R· N ·B· Q ·K· B [N] R");
        let large = Theme::built_in("large").unwrap().without_colour();
        let big = draw(Color::White, 90, 41, &large);
        assert!(
            big.iter().any(|l| l.contains("·▒") && l.contains("▒·")),
            "the dots around a drawn piece on a dark square: {big:#?}"
        );
    }

    #[test]
    fn the_board_grows_with_the_space() {
        assert_eq!(BoardView::fit(25, 9), None);
        assert_eq!(BoardView::fit(26, 9), Some((3, 1)));
        assert_eq!(BoardView::fit(60, 30), Some((7, 3)));
        assert_eq!(BoardView::fit(200, 80), Some((11, 5)));
    }

    #[test]
    fn figurines_and_large_pieces_grow_with_the_square_and_letters_stay() {
        let large = Theme::built_in("large").unwrap();
        let drawn = draw(Color::White, 58, 25, &large);
        assert!(
            drawn[0].contains("█▄█▄█"),
            "the black rook solid: {drawn:#?}"
        );
        assert!(
            drawn.iter().any(|l| l.contains("▒▄▒▄▒")),
            "the white rook shaded: {drawn:#?}"
        );
        // The standard theme's figurines: drawn three by two on 5×2.
        let standard = Theme::built_in("standard").unwrap();
        let drawn = draw(Color::White, 42, 17, &standard);
        assert!(drawn.iter().any(|l| l.contains("▄▒▄")), "{drawn:#?}");
        assert!(!drawn.iter().any(|l| l.contains('♜')), "{drawn:#?}");
        // One line a square: one cell a piece.
        assert!(draw(Color::White, 26, 9, &standard)[0].contains('♜'));
        // Letters stay letters.
        let letters = Theme::built_in("high-contrast").unwrap();
        assert!(
            draw(Color::White, 42, 17, &letters)
                .iter()
                .any(|l| l.contains(" r "))
        );
    }

    #[test]
    fn a_frame_title_keeps_whole_words() {
        assert_eq!(frame_title("Brett von Anna", 40), " Brett von Anna ");
        // 14 columns leave 10 for the words and the "…".
        assert_eq!(frame_title("Brett von Annabella", 14), " Brett von… ");
        assert_eq!(frame_title("Brett von Annabella", 10), " Brett… ");
        assert_eq!(frame_title("Schachbrett", 8), "");
    }
}
