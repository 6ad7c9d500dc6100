//! The braille display during a game, for any front end: the display
//! taken as the setting asks, the core's view of what it shows, the lines
//! the host shows that take the display until acknowledged, and its keys.

use zweibrett_session::host::{GameHost, Kind, Shown};
use zweibrett_session::wake::Waker;

use super::kept::{Change, KeptDisplay};
use super::{BrailleSettings, DisplayKey};
use crate::game::Game;
use crate::table::braille::BrailleView;

/// A braille display following one game; when it is lost, the game goes
/// on and the display is taken again as soon as BRLTTY has one, with the
/// messages not yet read kept.
pub struct BrailleAtBoard {
    display: KeptDisplay,
    view: BrailleView,
    /// The moves the game had when the last move the player read came,
    /// as last told to the seats.
    reported: usize,
}

/// What the display's keys, or its loss or return, came to.
#[derive(Debug, PartialEq, Eq)]
pub enum AtBoard {
    /// Nothing for the game.
    Nothing,
    /// The player has read the moves up to this many (the deafblind
    /// profile): for the seats to see.
    Read(usize),
    /// The display was lost: the reason, in the pack's words.
    Lost(String),
    /// The display is back: that it shows the game again, in the pack's
    /// words.
    Back(String),
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
                display: KeptDisplay::new(display, waker),
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
    /// stand, for their key. Says when the player has read a new move (the
    /// deafblind profile), when the display was lost (it is then looked
    /// for again) and when it is back.
    pub fn keys(&mut self, game: &Game, clocks: impl Fn() -> String) -> AtBoard {
        let (keys, change) = self.display.pressed();
        let width = self.display.width().unwrap_or_default();
        for key in keys {
            self.view.key(key, game, width);
            if key == DisplayKey::Clocks {
                self.view.show_text(&clocks());
            }
        }
        let said = change.said(game.pack().line_sentences());
        match (change, said) {
            (Change::Lost(_), Some(said)) => return AtBoard::Lost(said),
            (Change::Back(_), Some(said)) => {
                self.refresh(game);
                return AtBoard::Back(said);
            }
            _ => {}
        }
        let read = self.view.messages().map_or(0, |m| m.moves_read());
        if read > self.reported {
            self.reported = read;
            return AtBoard::Read(read);
        }
        AtBoard::Nothing
    }

    /// Whether the player reads everything said on the display.
    pub fn reads_everything(&self) -> bool {
        self.view.reads_everything()
    }

    /// Shows the line for `game` as it stands; never waits. While the
    /// display is lost the view still follows the game.
    pub fn refresh(&mut self, game: &Game) {
        self.view.follow(game);
        if let Some(width) = self.display.width() {
            let dots = self.view.line(game, width).dots(width);
            self.display.show(dots);
        }
    }
}

/// A game host's braille display, as both views of the game use it:
/// taken beside the host, its keys carried out on the host, what the host
/// shows taken, the line kept up with the game.
#[derive(Default)]
pub struct HostDisplay(Option<BrailleAtBoard>);

impl HostDisplay {
    /// Takes the display as `settings` ask, its keys ringing `bell`; a
    /// player who reads everything on it makes the host show everything
    /// said. Returns what to tell the player: that it shows the game, or
    /// why braille is off.
    pub fn open(
        settings: BrailleSettings,
        bell: &zweibrett_session::wake::Bell,
        host: &mut GameHost,
    ) -> (HostDisplay, Option<String>) {
        let opened = BrailleAtBoard::open(settings, &bell.waker(), host.game());
        if opened
            .display
            .as_ref()
            .is_some_and(BrailleAtBoard::reads_everything)
        {
            host.show_everything_said();
        }
        (HostDisplay(opened.display), opened.said)
    }

    /// Carries out the display's keys on `host`; a display lost or back
    /// is to be said (the game goes on until it is back).
    pub fn keys(&mut self, host: &mut GameHost) -> Option<String> {
        let display = self.0.as_mut()?;
        match display.keys(host.game(), || host.clocks_line()) {
            AtBoard::Read(moves) => {
                host.read_on_display(moves);
                None
            }
            AtBoard::Nothing => None,
            AtBoard::Lost(said) | AtBoard::Back(said) => Some(said),
        }
    }

    /// Takes what `host` showed.
    pub fn take(&mut self, shown: &[Shown], host: &GameHost) {
        if let Some(display) = &mut self.0 {
            display.take(shown, host.game());
        }
    }

    /// Shows the line for the game as it stands; never waits.
    pub fn refresh(&mut self, host: &GameHost) {
        if let Some(display) = &mut self.0 {
            display.refresh(host.game());
        }
    }
}
