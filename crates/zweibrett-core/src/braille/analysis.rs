//! The braille display while going through a game: the move on the board
//! with its number, a variation's opening sign when the board is in one,
//! the number of variations that branch off before the next move, and the
//! comment; the pan keys read a long line on and back, and past its ends
//! step back and forward through the game, as `back` and `next` do; the
//! line keys show the board rank by rank.

use shakmaty::san::SanPlus;
use shakmaty::{Color, Position};

use super::window::Panned;
use super::{DisplayKey, DisplayLine, Window, Words, pieces_line, rank_line};
use crate::analysis::Command;
use crate::analysis::replay::Replay;
use crate::notation::VoicePack;
use crate::record::braille::text::text_cells;
use crate::record::braille::{move_cells, move_number};

/// A variation opens: dots 5 then 1-2-6, as the braille score writes it.
const VARIATION: &str = "⠐⠣";
/// Dots 3-6 before Black's move.
const BLACK_FIRST: &str = "⠤";

/// What the display shows of the game gone through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Looking {
    /// The move on the board and its comment.
    #[default]
    Move,
    /// The board's rank (0 is rank 8).
    Rank(u8),
    /// One colour's pieces.
    Pieces(Color),
}

/// The display's state while going through a game.
#[derive(Clone, Debug, Default)]
pub struct AnalysisView {
    looking: Looking,
    /// The cells of the variations' sign on the line last made.
    variations_at: Option<std::ops::Range<usize>>,
    /// The cells of the line last made, for the pan keys to read it.
    cells: Vec<char>,
    /// The window of that line the display shows.
    panned: Panned,
    /// Words as text, or contracted.
    words: Words,
}

impl AnalysisView {
    /// A view showing the move on the board.
    pub fn new() -> AnalysisView {
        AnalysisView::default()
    }

    /// This view with its words written as `words` says.
    pub fn with_words(self, words: Words) -> AnalysisView {
        AnalysisView { words, ..self }
    }

    /// Takes a key on a display `width` cells wide: the command for the
    /// game it asks for, if any. Pan left and right read a long line back
    /// and on, and at its ends are `back` and `next`; the routing key over
    /// the variations' sign enters the first; the line keys, top and
    /// bottom show the board and the pieces, home the move again.
    pub fn key(&mut self, key: DisplayKey, width: usize) -> Option<Command> {
        match key {
            DisplayKey::PanRight if self.panned.right(&self.cells, width) => return None,
            DisplayKey::PanLeft if self.panned.left() => return None,
            _ => {}
        }
        let shown_from = self.panned.range(&self.cells, width).start;
        self.panned = Panned::default();
        let key = match key {
            DisplayKey::Route(cell) => DisplayKey::Route(shown_from + cell),
            other => other,
        };
        let (looking, command) = match (key, self.looking) {
            (DisplayKey::PanLeft, _) => (Looking::Move, Some(Command::Back)),
            (DisplayKey::PanRight, _) => (Looking::Move, Some(Command::Next)),
            (DisplayKey::Home, _) => (Looking::Move, None),
            (DisplayKey::Route(cell), Looking::Move) => {
                let on_sign = self
                    .variations_at
                    .as_ref()
                    .is_some_and(|r| r.contains(&cell));
                (Looking::Move, on_sign.then_some(Command::Variation(1)))
            }
            (DisplayKey::Route(_), other) => (other, None),
            (DisplayKey::LineDown, Looking::Rank(r)) => (Looking::Rank((r + 1).min(7)), None),
            (DisplayKey::LineDown, _) => (Looking::Rank(0), None),
            (DisplayKey::LineUp, Looking::Rank(0)) => (Looking::Move, None),
            (DisplayKey::LineUp, Looking::Rank(r)) => (Looking::Rank(r - 1), None),
            (DisplayKey::LineUp, other) => (other, None),
            (DisplayKey::Top, _) => (Looking::Pieces(Color::White), None),
            (DisplayKey::Bottom, _) => (Looking::Pieces(Color::Black), None),
            (DisplayKey::Clocks, other) => (other, Some(Command::Clock)),
            // Going through games the display stays with the program.
            (DisplayKey::GiveBack, other) => (other, None),
        };
        self.looking = looking;
        command
    }

    /// What the display shows for `replay`, `width` cells: the window of
    /// the line panned to.
    pub fn shown(&mut self, replay: &Replay, pack: &VoicePack, width: usize) -> Window {
        let line = self.line(replay, pack);
        let cells = line.cells();
        if cells != self.cells {
            // Another move, or another look: read from its start.
            self.panned = Panned::default();
            self.cells = cells;
        }
        line.window(self.panned.range(&self.cells, width), width)
    }

    /// The whole line for `replay`, in `pack`'s words where there are
    /// words; [`AnalysisView::shown`] gives the window of it shown.
    pub fn line(&mut self, replay: &Replay, pack: &VoicePack) -> DisplayLine {
        let mut line = DisplayLine::default();
        self.variations_at = None;
        let position = replay.position();
        match self.looking {
            Looking::Rank(r) => rank_line(&position, r, &mut line),
            Looking::Pieces(color) => pieces_line(
                &position,
                &self.words.cells(pack.side(color)),
                color,
                &mut line,
            ),
            Looking::Move => {
                if replay.depth() > 0 {
                    line.push(VARIATION);
                }
                match replay.last() {
                    Some(played) => {
                        let san = SanPlus::from_move(played.before.clone(), played.m);
                        let black = if played.color == Color::Black {
                            BLACK_FIRST
                        } else {
                            ""
                        };
                        line.push(&format!(
                            "{} {black}{}",
                            move_number(played.number),
                            move_cells(&san.to_string())
                        ));
                        if let Some(comment) = &played.comment {
                            line.push(" ");
                            line.push_text(&self.words.cells(comment));
                        }
                    }
                    // Before the first move: the number of the first.
                    None => {
                        line.push(&move_number(u32::from(position.fullmoves())));
                    }
                }
                let variations = replay.alternatives().len();
                if variations > 0 {
                    line.push(" ");
                    let sign = format!("{VARIATION}{}", text_cells(&variations.to_string()));
                    self.variations_at = Some(line.push(&sign));
                }
            }
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::pgn_game::Game;

    fn replay(pgn: &str) -> Replay {
        Replay::new(Game::parse(pgn, 1).unwrap())
    }

    const PGN: &str = "1. e4 {Der Königsbauer} e5 (1... c5 2. Nf3) 2. Nf3 Nc6 *";

    #[test]
    fn the_move_its_comment_and_the_variations_that_branch_off() {
        let mut r = replay(PGN);
        let pack = VoicePack::fide();
        let mut view = AnalysisView::new();
        assert_eq!(view.line(&r, &pack).text, "⠂");
        r.forward();
        let line = view.line(&r, &pack);
        assert_eq!(line.text, "⠂ ⠑⠲ Der Königsbauer ⠐⠣⠼⠁");
        // The routing key over the sign enters the variation.
        let sign = line.text.chars().count() - 2;
        assert_eq!(
            view.key(DisplayKey::Route(sign), 40),
            Some(Command::Variation(1))
        );
        assert_eq!(view.key(DisplayKey::Route(0), 40), None);
        r.enter(1);
        assert_eq!(view.line(&r, &pack).text, "⠐⠣⠂ ⠤⠉⠢");
        assert_eq!(view.key(DisplayKey::PanRight, 40), Some(Command::Next));
        assert_eq!(view.key(DisplayKey::PanLeft, 40), Some(Command::Back));
    }

    #[test]
    fn the_board_and_the_pieces_on_the_line_keys() {
        let mut r = replay(PGN);
        r.forward();
        let pack = VoicePack::fide();
        let mut view = AnalysisView::new();
        assert_eq!(view.key(DisplayKey::LineDown, 40), None);
        assert_eq!(view.line(&r, &pack).text, "⠦ ⠗⠎⠇⠟⠅⠇⠎⠗");
        for _ in 0..4 {
            view.key(DisplayKey::LineDown, 40);
        }
        assert_eq!(view.line(&r, &pack).text, "⠲ ⠄⠤⠄⠤⠏⠤⠄⠤");
        view.key(DisplayKey::Top, 40);
        assert!(view.line(&r, &pack).text.starts_with("Weiß"));
        view.key(DisplayKey::Home, 40);
        assert!(view.line(&r, &pack).text.starts_with("⠂ ⠑⠲"));
    }

    #[test]
    fn a_long_comment_is_read_by_pan_right_before_it_steps_on() {
        let mut r =
            replay("1. e4 {Der Königsbauer öffnet Diagonalen für die Dame und den Läufer} e5 *");
        r.forward();
        let pack = VoicePack::fide();
        let mut view = AnalysisView::new();
        let whole = view.line(&r, &pack).text;
        let first = view.shown(&r, &pack, 20);
        let mut windows = 1;
        while view.key(DisplayKey::PanRight, 20).is_none() {
            let next = view.shown(&r, &pack, 20);
            assert_ne!(next, first, "pan right reads on");
            windows += 1;
            assert!(windows < 20, "the line ends");
        }
        let cells: Vec<char> = whole.chars().collect();
        assert_eq!(windows, crate::braille::windows(&cells, 20).len());
        // At the end it stepped on; pan left at a line's start steps back.
        r.forward();
        view.shown(&r, &pack, 20);
        assert_eq!(view.key(DisplayKey::PanLeft, 20), Some(Command::Back));
    }
}
