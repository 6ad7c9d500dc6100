//! The braille display during a game, for any front end: the display
//! taken as the setting asks, the core's view of what it shows, the lines
//! the host shows that take the display until acknowledged, and its keys.

use zweibrett_session::host::{GameHost, Kind, Shown};
use zweibrett_session::wake::Waker;

use super::kept::{Change, KeptDisplay};
use super::{BrailleSettings, DisplayKey};
use crate::game::Game;
use zweibrett_core::braille::BrailleView;

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
    /// The display could not be taken or was lost: the reason, in the
    /// pack's words.
    Lost(String),
    /// The display was taken, or is back: that it shows the game, in the
    /// pack's words.
    Taken(String),
}

impl BrailleAtBoard {
    /// Starts taking the display as `settings` ask, its keys ringing
    /// `waker`; never waits. Nothing when the settings want no display.
    pub fn open(settings: BrailleSettings, waker: &Waker, game: &Game) -> Option<BrailleAtBoard> {
        let display = super::take_display(settings, waker)?;
        let view = if settings.deafblind {
            BrailleView::reading_everything()
        } else {
            BrailleView::new()
        };
        Some(BrailleAtBoard {
            display,
            view,
            reported: game.moves().len(),
        })
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
    /// deafblind profile), when the display was taken or could not be,
    /// when it was lost (it is then looked for again) and when it is back.
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
            (Change::Taken(_) | Change::Back(_), Some(said)) => {
                self.refresh(game);
                return AtBoard::Taken(said);
            }
            (_, Some(said)) => return AtBoard::Lost(said),
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
    /// Starts taking the display as `settings` ask, its keys ringing
    /// `bell`; never waits. A player who reads everything on it makes the
    /// host show everything said from the start, for the display to keep
    /// until it comes. That it shows the game, or why braille is off,
    /// comes from [`HostDisplay::keys`].
    pub fn open(
        settings: BrailleSettings,
        bell: &zweibrett_session::wake::Bell,
        host: &mut GameHost,
    ) -> HostDisplay {
        let opened = BrailleAtBoard::open(settings, &bell.waker(), host.game());
        if opened
            .as_ref()
            .is_some_and(BrailleAtBoard::reads_everything)
        {
            host.show_everything_said();
        }
        HostDisplay(opened)
    }

    /// Carries out the display's keys on `host`; a display taken, not
    /// taken, lost or back is to be said (the game goes on without it).
    pub fn keys(&mut self, host: &mut GameHost) -> Option<String> {
        let display = self.0.as_mut()?;
        match display.keys(host.game(), || host.clocks_line()) {
            AtBoard::Read(moves) => {
                host.read_on_display(moves);
                None
            }
            AtBoard::Nothing => None,
            AtBoard::Lost(said) | AtBoard::Taken(said) => Some(said),
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
