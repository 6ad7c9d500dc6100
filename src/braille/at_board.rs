//! The braille display during a game, for any front end: the display
//! taken as the setting asks, the core's view of what it shows, the lines
//! the host shows that take the display until acknowledged, and its keys.

use zweibrett_session::host::{Kind, Shown};
use zweibrett_session::wake::Waker;

use super::{BrailleDisplay, BrailleSettings, Pressed};
use crate::game::Game;
use crate::table::braille::BrailleView;

/// A braille display following one game.
pub struct BrailleAtBoard {
    display: BrailleDisplay,
    view: BrailleView,
    /// The moves the game had when the last move the player read came,
    /// as last told to the seats.
    reported: usize,
}

/// What opening the display came to: the display, and what to tell the
/// player about it in the pack's words.
pub struct Opened {
    /// The display, when one was taken.
    pub display: Option<BrailleAtBoard>,
    /// That the display shows the game, or why braille is off; nothing
    /// when `auto` found no BRLTTY at all.
    pub said: Option<String>,
}

impl BrailleAtBoard {
    /// Takes the display as `settings` ask, its keys ringing `waker`. In
    /// the deafblind profile `auto` asks for a display: without one the
    /// player must be told why.
    pub fn open(settings: BrailleSettings, waker: &Waker, game: &Game) -> Opened {
        let (display, said) = super::take_display(settings, waker, game.pack());
        let display = display.map(|display| {
            let view = if settings.deafblind {
                BrailleView::reading_everything()
            } else {
                BrailleView::new()
            };
            let mut at_board = BrailleAtBoard {
                display,
                view,
                reported: game.moves().len(),
            };
            at_board.refresh(game);
            at_board
        });
        Opened { display, said }
    }

    /// Takes what the host showed. In the deafblind profile everything
    /// said is kept for the player to read, urgent first. Otherwise a draw
    /// offer, a ruling (a claim, an illegal move, a flag), the boards
    /// diverging and the result each take the display until a key
    /// acknowledges them.
    pub fn take(&mut self, shown: &[Shown], game: &Game) {
        let everything = self.view.reads_everything();
        for item in shown {
            match item {
                Shown::Said { text, urgent, .. } if everything => {
                    self.view.said(text, *urgent, game);
                }
                Shown::Line { kind, text }
                    if !everything
                        && matches!(
                            kind,
                            Kind::Offer | Kind::Ruling | Kind::Divergence | Kind::Result(_)
                        ) =>
                {
                    self.view.hold(text);
                }
                _ => {}
            }
        }
    }

    /// Carries out the keys pressed; `clocks` gives both clocks as they
    /// stand, for their key. The moves the game had when the move
    /// the player has just read came, when that is new (the deafblind
    /// profile): for the seats to see. The display lost, in the pack's
    /// words, after which `self` is to be dropped.
    pub fn keys(
        &mut self,
        game: &Game,
        clocks: impl Fn() -> String,
    ) -> Result<Option<usize>, String> {
        let width = self.display.width();
        for pressed in self.display.pressed() {
            match pressed {
                Pressed::Key(key) => {
                    self.view.key(key, game, width);
                    if key == crate::table::braille::DisplayKey::Clocks {
                        self.view.show_text(&clocks());
                    }
                }
                Pressed::Lost(e) => return Err(e.say(game.pack().line_sentences())),
            }
        }
        let read = self.view.messages().map_or(0, |m| m.moves_read());
        if read > self.reported {
            self.reported = read;
            return Ok(Some(read));
        }
        Ok(None)
    }

    /// Whether the player reads everything said on the display.
    pub fn reads_everything(&self) -> bool {
        self.view.reads_everything()
    }

    /// Shows the line for `game` as it stands; never waits.
    pub fn refresh(&mut self, game: &Game) {
        let width = self.display.width();
        self.view.follow(game);
        let dots = self.view.line(game, width).dots(width);
        self.display.show(dots);
    }
}
