//! What a braille display of one line shows at the board, and what its
//! keys do: the last move with its number in the braille chess code of the
//! scores (D.2.7, [`crate::record::braille`]), whose move and which step;
//! the score move by move under the pan keys; the board rank by rank and
//! the pieces by colour. Pure: the program writes the cells through BrlAPI
//! and hands back the keys.
//!
//! A new move is underlined with dots 7 and 8 until a key of the display is
//! pressed. A flag, an offer, a claim or a result takes the line until a key
//! acknowledges it once it has been read to its end; several wait their
//! turn, none is dropped. A line longer than the display is read by the pan
//! keys window by window, broken between words ([`windows`]); past its end
//! they go on through the score.

mod analysis;
mod contraction;
mod messages;
mod window;

pub use analysis::AnalysisView;
pub use contraction::{Contraction, Words};
pub use messages::{MessageLine, Messages, Urgency};
use window::BLANK;
pub use window::{Panned, Window, windows};

use std::collections::VecDeque;
use std::ops::Range;

use shakmaty::{Color, Position, Role, Square};

use crate::game::Game;
use crate::record::braille::{move_cells, move_number};

/// Dots 7 and 8: the underline that marks what is new.
pub const UNDERLINE: u8 = 0xC0;
/// Dot 7: a White piece on the board, as 8-dot braille writes a capital.
pub const WHITE_PIECE: u8 = 0x40;
/// Dots 3-6 before Black's move (1.2 of the code).
const BLACK_FIRST: char = '⠤';
/// An empty light square: dot 3.
const LIGHT_EMPTY: char = '⠄';
/// An empty dark square: dots 3-6.
const DARK_EMPTY: char = '⠤';

/// A key of the display, as the program uses it; BrlAPI's other keys go
/// back to BRLTTY.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DisplayKey {
    /// Pan left: the window before on a long line; at its start, the
    /// move before the one looked at.
    PanLeft,
    /// Pan right: the next window of a long line; at its end, the move
    /// after; past the last, the game as it stands.
    PanRight,
    /// The routing key over cell `n` (from 0): opens the move under it.
    Route(usize),
    /// Line down: the board from rank 8, then the next rank down.
    LineDown,
    /// Line up: the rank above; above rank 8, the move looked at.
    LineUp,
    /// Top: White's pieces.
    Top,
    /// Bottom: Black's pieces.
    Bottom,
    /// Home: back to the game as it stands.
    Home,
    /// Both clocks, as they stand when it is pressed (BRLTTY's time or
    /// information key).
    Clocks,
    /// Back (BRLTTY's key that goes back to where the cursor was): the
    /// display goes back to the screen reader until the next move.
    GiveBack,
}

/// What the line shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Looking {
    /// The last move and the step: the game as it stands.
    Game,
    /// One move of the score, by its index from the first.
    Move(usize),
    /// One move opened: its number, its cells and its words as announced.
    Opened(usize),
    /// The board's rank (0 is rank 8), after the move looked at before.
    Rank(u8, Option<usize>),
    /// One colour's pieces.
    Pieces(Color),
    /// A text shown on request (both clocks), until the next key or move.
    Text,
}

/// One line for the display, one character a cell, with the cells of
/// each move on it and the cells underlined.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DisplayLine {
    /// The cells: a Unicode braille pattern where the program gives the
    /// dots (the chess code of moves, scores and the board), any other
    /// character where the reader's own text table gives them (words).
    pub text: String,
    /// Which cells (from 0) are underlined with dots 7 and 8.
    pub underlined: Option<Range<usize>>,
    /// The cells of each move shown, with the move's index.
    pub moves: Vec<(Range<usize>, usize)>,
    /// Extra dots on single cells (dot 7 for White's pieces).
    pub extra: Vec<(usize, u8)>,
    /// The typing point, on a line of what is being typed.
    pub cursor: Option<usize>,
}

impl DisplayLine {
    /// The cells of the line, one `char` each.
    pub fn cells(&self) -> Vec<char> {
        self.text.chars().collect()
    }

    /// The cells in `shown` (a window of the line, see [`windows`]) on a
    /// display `width` cells wide, blank cells after, with their marks.
    pub fn window(&self, shown: Range<usize>, width: usize) -> Window {
        let end = shown.end.min(shown.start + width);
        let text: String = self
            .text
            .chars()
            .take(end)
            .skip(shown.start)
            .chain(std::iter::repeat(BLANK))
            .take(width)
            .collect();
        let mut marks = vec![0; width];
        let mut mark = |at: usize, extra: u8| {
            if (shown.start..end).contains(&at) {
                marks[at - shown.start] |= extra;
            }
        };
        if let Some(range) = &self.underlined {
            for at in range.clone() {
                mark(at, UNDERLINE);
            }
        }
        for &(at, extra) in &self.extra {
            mark(at, extra);
        }
        let cursor = self
            .cursor
            .filter(|at| (shown.start..shown.start + width).contains(at))
            .map(|at| at - shown.start);
        Window {
            text,
            marks,
            cursor,
        }
    }

    /// Words, their letters left to the reader's text table; a control
    /// character (a line break) becomes a blank.
    fn push_text(&mut self, words: &str) -> Range<usize> {
        let start = self.text.chars().count();
        self.text.extend(window::word_cells(words));
        start..self.text.chars().count()
    }

    /// Cells the program gives: Unicode braille patterns, or blanks.
    fn push(&mut self, cells: &str) -> Range<usize> {
        let start = self.text.chars().count();
        self.text.push_str(cells);
        start..self.text.chars().count()
    }
}

/// The display's state during a game: what it looks at, whether the last
/// move has been read, and the notices waiting to be acknowledged.
#[derive(Clone, Debug)]
pub struct BrailleView {
    looking: Looking,
    /// Moves in the score when the player last pressed a key.
    read: usize,
    /// Flags, offers, claims and results, oldest first, each shown until
    /// a key acknowledges it.
    held: VecDeque<String>,
    /// Moves in the score when the line was last made.
    seen: usize,
    /// Everything the program would say, for a player who reads it here
    /// instead (the deafblind profile).
    messages: Option<Messages>,
    /// The text shown on request.
    asked: String,
    /// The window of a long line the display shows.
    panned: Panned,
    /// Words as text, or contracted.
    words: Words,
    /// What is being typed on the keyboard, and the typing point.
    typed: (String, usize),
    /// The display was given back to the screen reader until the next
    /// move.
    given_back: bool,
}

impl Default for BrailleView {
    fn default() -> Self {
        BrailleView {
            looking: Looking::Game,
            read: usize::MAX,
            held: VecDeque::new(),
            seen: 0,
            messages: None,
            asked: String::new(),
            panned: Panned::default(),
            words: Words::default(),
            typed: (String::new(), 0),
            given_back: false,
        }
    }
}

/// The move number and the side of the move at `index` from `game`'s start.
fn numbered(game: &Game, index: usize) -> (u32, Color) {
    let n = crate::notation::MoveNumber::after(game.start(), index);
    (n.number, n.color)
}

/// "⠒⠴ ⠤⠅⠙⠶": a move with its number, Black's with dots 3-6 before it.
fn move_with_number(game: &Game, index: usize) -> Option<String> {
    let played = game.moves().get(index)?;
    let (number, side) = numbered(game, index);
    let black = if side == Color::Black {
        BLACK_FIRST.to_string()
    } else {
        String::new()
    };
    Some(format!(
        "{} {black}{}",
        move_number(number),
        move_cells(&played.san)
    ))
}

/// The letter of a piece on the board, as the score writes it; a pawn ⠏.
fn piece_cell(role: Role) -> char {
    match role {
        Role::King => '⠅',
        Role::Queen => '⠟',
        Role::Rook => '⠗',
        Role::Bishop => '⠇',
        Role::Knight => '⠎',
        Role::Pawn => '⠏',
    }
}

/// The braille letter of file `i` (0 is a).
fn file_cell(file: shakmaty::File) -> char {
    ['⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓'][usize::from(file)]
}

/// The position after the move at `index`, or as it stands.
fn position_after(game: &Game, index: Option<usize>) -> shakmaty::Chess {
    let Some(index) = index else {
        return game.position().clone();
    };
    let mut position = game.start().clone();
    for played in game.moves().iter().take(index + 1) {
        position = match position.clone().play(played.mv) {
            Ok(next) => next,
            Err(_) => break,
        };
    }
    position
}

impl BrailleView {
    /// A view following the game.
    pub fn new() -> BrailleView {
        BrailleView::default()
    }

    /// A view for a player who reads everything the program would say on
    /// the display (the deafblind profile): its line is the message to
    /// read, the pan keys read on.
    pub fn reading_everything() -> BrailleView {
        BrailleView {
            messages: Some(Messages::default()),
            ..BrailleView::default()
        }
    }

    /// This view with its words written as `words` says.
    pub fn with_words(self, words: Words) -> BrailleView {
        BrailleView { words, ..self }
    }

    /// Whether the display shows everything the program would say.
    pub fn reads_everything(&self) -> bool {
        self.messages.is_some()
    }

    /// Takes what the program would say, in the pack's words, while
    /// `game` stands as it does: kept, and shown as `urgency` says (in its turn, or
    /// at once). Without the deafblind profile, nothing.
    pub fn said(&mut self, text: &str, urgency: Urgency, game: &Game) {
        if let Some(messages) = &mut self.messages {
            messages.push(&self.words.cells(text), urgency, game.moves().len());
        }
    }

    /// Takes the announcement of the move at `index` (D.2.1), as
    /// [`BrailleView::said`] takes words: kept in the chess code, with its
    /// number and side ("⠆ ⠤⠟⠓⠲" for 2… Qh4).
    pub fn said_move(&mut self, index: usize, urgency: Urgency, game: &Game) {
        if let (Some(messages), Some(cells)) = (&mut self.messages, move_with_number(game, index)) {
            messages.push(&cells, urgency, game.moves().len());
        }
    }

    /// The messages, in the deafblind profile.
    pub fn messages(&self) -> Option<&Messages> {
        self.messages.as_ref()
    }

    /// Shows `text` in the pack's words (both clocks, when their key was
    /// pressed) until the next key or move.
    pub fn show_text(&mut self, text: &str) {
        self.asked = text.to_string();
        self.looking = Looking::Text;
        self.panned = Panned::default();
    }

    /// What the player is typing on the keyboard, `cursor` characters
    /// into it: while it is not empty the line shows it with the typing
    /// point, so that a braille reader beside a screen reader reads what
    /// they type; the line shows what it showed once it is empty again.
    pub fn typing(&mut self, text: &str, cursor: usize) {
        if text != self.typed.0 {
            // A letter typed takes the display back from the screen reader.
            self.given_back &= text.is_empty();
            self.typed.0 = text.to_string();
        }
        self.typed.1 = cursor;
    }

    /// Whether the display was given back to the screen reader, until the
    /// next move (or until the player types again).
    pub fn given_back(&self) -> bool {
        self.given_back
    }

    /// A flag, an offer, a claim or a result in the pack's words: it takes
    /// the line until a key acknowledges it.
    pub fn hold(&mut self, text: &str) {
        if self.held.is_empty() {
            self.panned = Panned::default();
        }
        self.held.push_back(text.to_string());
    }

    /// A new move (or one taken back) replaces whatever the player was
    /// looking at with the game as it stands.
    pub fn follow(&mut self, game: &Game) {
        if game.moves().len() != self.seen {
            self.seen = game.moves().len();
            self.looking = Looking::Game;
            self.given_back = false;
            if self.held.is_empty() {
                self.panned = Panned::default();
            }
        }
    }

    /// How many notices wait to be acknowledged, the one shown included.
    pub fn held(&self) -> usize {
        self.held.len()
    }

    /// Whether the last move of `game` has been read: a key was pressed
    /// since it came.
    pub fn has_read(&self, game: &Game) -> bool {
        self.read == game.moves().len()
    }

    /// Takes a key: on a notice, a key reads on (pan left reads back)
    /// until its end has been read, and the key after that acknowledges
    /// it and does nothing else; on a long line the pan keys read on and
    /// back before they move; any key marks the last move read.
    pub fn key(&mut self, key: DisplayKey, game: &Game, width: usize) {
        self.read = game.moves().len();
        if key == DisplayKey::GiveBack {
            self.given_back = true;
            return;
        }
        let cells = self.line(game, width).cells();
        if !self.held.is_empty() {
            // Pan left reads back; before the end any other key reads on;
            // at the end any other key acknowledges.
            let read_on = match key {
                DisplayKey::PanLeft => self.panned.left(),
                _ => self.panned.right(&cells, width),
            };
            if !read_on && (key != DisplayKey::PanLeft || self.panned.at_end(&cells, width)) {
                self.held.pop_front();
                self.panned = Panned::default();
            }
            return;
        }
        let on_messages =
            self.looking == Looking::Game && self.messages.as_ref().is_some_and(|m| !m.past_end());
        if !on_messages {
            match key {
                DisplayKey::PanRight if self.panned.right(&cells, width) => return,
                DisplayKey::PanLeft if self.panned.left() => return,
                _ => {}
            }
        }
        let shown_from = self.panned.range(&cells, width).start;
        let (was_looking, was_panned) = (self.looking, self.panned);
        self.panned = Panned::default();
        let key = match key {
            DisplayKey::Route(cell) => DisplayKey::Route(shown_from + cell),
            other => other,
        };
        if self.looking == Looking::Game
            && let Some(messages) = &mut self.messages
        {
            match key {
                DisplayKey::PanLeft => return messages.back(),
                DisplayKey::PanRight => return messages.forward(width),
                DisplayKey::Home | DisplayKey::Route(_) => return messages.newest(width),
                _ => {}
            }
        }
        let last = game.moves().len().checked_sub(1);
        let looked = match self.looking {
            Looking::Game => last,
            Looking::Move(i) | Looking::Opened(i) => Some(i),
            Looking::Rank(_, at) => at,
            Looking::Pieces(_) | Looking::Text => last,
        };
        self.looking = match key {
            DisplayKey::Home => Looking::Game,
            DisplayKey::PanLeft => match looked {
                // From the game as it stands, the first step back shows the
                // last move on its own.
                Some(i) if self.looking == Looking::Game => Looking::Move(i),
                Some(i) => Looking::Move(i.saturating_sub(1)),
                None => Looking::Game,
            },
            DisplayKey::PanRight => match looked {
                Some(i) if self.looking != Looking::Game && Some(i) < last => Looking::Move(i + 1),
                _ => Looking::Game,
            },
            DisplayKey::Route(cell) => {
                let line = self.line(game, width);
                match line.moves.iter().find(|(r, _)| r.contains(&cell)) {
                    Some((_, i)) => Looking::Opened(*i),
                    None => self.looking,
                }
            }
            DisplayKey::LineDown => match self.looking {
                Looking::Rank(r, at) if r < 7 => Looking::Rank(r + 1, at),
                Looking::Rank(r, at) => Looking::Rank(r, at),
                _ => Looking::Rank(
                    0,
                    match self.looking {
                        Looking::Game | Looking::Pieces(_) | Looking::Text => None,
                        _ => looked,
                    },
                ),
            },
            DisplayKey::LineUp => match self.looking {
                Looking::Rank(0, None) => Looking::Game,
                Looking::Rank(0, Some(i)) => Looking::Move(i),
                Looking::Rank(r, at) => Looking::Rank(r - 1, at),
                other => other,
            },
            DisplayKey::Top => Looking::Pieces(Color::White),
            DisplayKey::Bottom => Looking::Pieces(Color::Black),
            // The text itself comes with [`BrailleView::show_text`].
            DisplayKey::Clocks => self.looking,
            // Taken before: the line stays as it is for the move after.
            DisplayKey::GiveBack => self.looking,
        };
        if key == DisplayKey::PanRight && self.looking == was_looking {
            // Nothing after the end of the game as it stands: it stays.
            self.panned = was_panned;
        }
    }

    /// What the display shows for `game`, `width` cells: the window of
    /// the line panned to.
    pub fn shown(&self, game: &Game, width: usize) -> Window {
        let line = self.line(game, width);
        let shown = match line.cursor {
            // What is typed: the window that holds the typing point.
            Some(at) => {
                let start = (at + 1).saturating_sub(width.max(1));
                start..line.text.chars().count().min(start + width)
            }
            None => self.panned.range(&line.cells(), width),
        };
        line.window(shown, width)
    }

    /// The whole line to show for `game` on a display `width` cells wide;
    /// [`BrailleView::shown`] gives the window of it shown.
    pub fn line(&self, game: &Game, width: usize) -> DisplayLine {
        let mut line = DisplayLine::default();
        let (typed, at) = &self.typed;
        if !typed.is_empty() && self.held.is_empty() {
            // Letter by letter, as typed: never contracted.
            line.push_text(typed);
            line.cursor = Some((*at).min(typed.chars().count()));
            return line;
        }
        if let Some(notice) = self.held.front() {
            let range = line.push_text(&self.words.cells(notice));
            line.underlined = Some(range);
            return line;
        }
        match self.looking {
            Looking::Game => match self.messages.as_ref().and_then(|m| m.line(width)) {
                Some(message) => {
                    let range = line.push(&message.text);
                    if message.unread {
                        line.underlined = Some(range);
                    }
                }
                None => self.game_line(game, &mut line),
            },
            Looking::Move(i) => self.score_line(game, i, width, &mut line),
            Looking::Opened(i) => {
                if let (Some(cells), Some(played)) =
                    (move_with_number(game, i), game.moves().get(i))
                {
                    let range = line.push(&cells);
                    line.moves.push((range, i));
                    line.push(" ");
                    line.push_text(&self.words.cells(&played.words));
                }
            }
            Looking::Rank(r, at) => rank_line(&position_after(game, at), r, &mut line),
            Looking::Text => {
                line.push_text(&self.words.cells(&self.asked));
            }
            Looking::Pieces(color) => pieces_line(
                game.position(),
                &self.words.cells(game.pack().side(color)),
                color,
                &mut line,
            ),
        }
        line
    }

    /// The last move, underlined until read, then whose move and which step.
    fn game_line(&self, game: &Game, line: &mut DisplayLine) {
        let last = game.moves().len().checked_sub(1);
        if let Some(i) = last
            && let Some(cells) = move_with_number(game, i)
        {
            let range = line.push(&cells);
            line.moves.push((range.clone(), i));
            if self.read != game.moves().len() {
                line.underlined = Some(range);
            }
            line.push(" ");
        }
        line.push_text(&self.words.cells(&crate::table::status_line(game)));
    }

    /// The score from move `from` on, as many moves as fit.
    fn score_line(&self, game: &Game, from: usize, width: usize, line: &mut DisplayLine) {
        for i in from..game.moves().len() {
            let Some(cells) = move_with_number(game, i) else {
                break;
            };
            let (_, side) = numbered(game, i);
            // White's reply after Black's move keeps to the same number.
            let cells = match (i > from, side) {
                (true, Color::Black) => move_cells(&game.moves()[i].san),
                _ => cells,
            };
            let needed = cells.chars().count() + usize::from(i > from);
            if i > from && line.text.chars().count() + needed > width {
                break;
            }
            if i > from {
                line.push(" ");
            }
            let range = line.push(&cells);
            line.moves.push((range, i));
        }
    }
}

/// Rank `r` (0 is rank 8) of `position`: its number, then each square from
/// a to h, a piece by its letter (White's with dot 7), an empty square dot
/// 3 when light and dots 3-6 when dark.
pub(super) fn rank_line(position: &shakmaty::Chess, r: u8, line: &mut DisplayLine) {
    let rank = shakmaty::Rank::new(u32::from(7 - r.min(7)));
    line.push(&move_number(u32::from(rank) + 1));
    line.push(" ");
    let board = position.board();
    for file in shakmaty::File::ALL {
        let square = Square::from_coords(file, rank);
        match board.piece_at(square) {
            Some(piece) => {
                let at = line.push(&piece_cell(piece.role).to_string()).start;
                if piece.color == Color::White {
                    line.extra.push((at, WHITE_PIECE));
                }
            }
            None if square.is_light() => {
                line.push(&LIGHT_EMPTY.to_string());
            }
            None => {
                line.push(&DARK_EMPTY.to_string());
            }
        }
    }
}

/// One side's pieces in the pack's words for the side, then each piece by
/// its letter and square, king first, pawns by their squares last.
pub(super) fn pieces_line(
    position: &shakmaty::Chess,
    side: &str,
    color: Color,
    line: &mut DisplayLine,
) {
    line.push_text(side);
    let board = position.board();
    // King first, pawns last.
    for role in Role::ALL.into_iter().rev() {
        let squares = board.by_color(color) & board.by_role(role);
        if squares.is_empty() {
            continue;
        }
        line.push(" ");
        line.push(&piece_cell(role).to_string());
        for square in squares {
            line.push(&file_cell(square.file()).to_string());
            line.push(&move_number(u32::from(square.rank()) + 1));
        }
    }
}

#[cfg(test)]
mod tests;
