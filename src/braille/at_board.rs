//! The braille display during a game, for any front end: the display
//! taken as the setting asks, the core's view of what it shows, the lines
//! the host shows that take the display until acknowledged, and its keys.

use zweibrett_session::host::{Kind, Shown};
use zweibrett_session::wake::Waker;

use super::{BrailleDisplay, DisplaySetting, Pressed};
use crate::game::Game;
use crate::notation::pack::LineSentence;
use crate::table::braille::BrailleView;

/// A braille display following one game.
pub struct BrailleAtBoard {
    display: BrailleDisplay,
    view: BrailleView,
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
    /// Takes the display as `setting` asks, its keys ringing `waker`.
    pub fn open(setting: DisplaySetting, waker: &Waker, game: &Game) -> Opened {
        let line = game.pack().line_sentences();
        if setting == DisplaySetting::Off {
            return Opened {
                display: None,
                said: None,
            };
        }
        match BrailleDisplay::open(waker) {
            Ok(display) => {
                let said = line.say(
                    LineSentence::BrailleOn,
                    &[("cells", &display.width().to_string())],
                );
                let mut at_board = BrailleAtBoard {
                    display,
                    view: BrailleView::new(),
                };
                at_board.refresh(game);
                Opened {
                    display: Some(at_board),
                    said: Some(said),
                }
            }
            Err(e) if setting == DisplaySetting::Auto && e.is_absence() => Opened {
                display: None,
                said: None,
            },
            Err(e) => Opened {
                display: None,
                said: Some(e.say(line)),
            },
        }
    }

    /// Takes what the host showed: a draw offer, a ruling (a claim, an
    /// illegal move, a flag), the boards diverging and the result each
    /// take the display until a key acknowledges them.
    pub fn take(&mut self, shown: &[Shown]) {
        for item in shown {
            if let Shown::Line { kind, text } = item
                && matches!(
                    kind,
                    Kind::Offer | Kind::Ruling | Kind::Divergence | Kind::Result(_)
                )
            {
                self.view.hold(text);
            }
        }
    }

    /// Carries out the keys pressed; the display lost, in the pack's words,
    /// after which `self` is to be dropped.
    pub fn keys(&mut self, game: &Game) -> Result<(), String> {
        let width = self.display.width();
        for pressed in self.display.pressed() {
            match pressed {
                Pressed::Key(key) => self.view.key(key, game, width),
                Pressed::Lost(e) => return Err(e.say(game.pack().line_sentences())),
            }
        }
        Ok(())
    }

    /// Shows the line for `game` as it stands; never waits.
    pub fn refresh(&mut self, game: &Game) {
        let width = self.display.width();
        self.view.follow(game);
        let dots = self.view.line(game, width).dots(width);
        self.display.show(dots);
    }
}
