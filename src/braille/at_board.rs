//! The braille display during a game, for any front end: the core's view
//! of what it shows, the lines the host shows that take the display until
//! acknowledged, and its keys. The display itself is the driver's
//! (`Driver::take_braille`); this is what it shows of the
//! game.

use zweibrett_session::host::{GameHost, Kind, Shown};

use super::kept::{BrailleInput, Change};
use super::{BrailleSettings, DisplayKey};
use crate::game::Game;
use crate::notation::pack::LineSentence;
use zweibrett_core::braille::{BrailleView, Window};

/// What a braille display shows of one game; while the display is lost
/// the game goes on, and the messages not yet read are kept for its
/// return.
struct BrailleAtBoard {
    view: BrailleView,
    /// The moves the game had when the last move the player read came,
    /// as last told to the seats.
    reported: usize,
    /// Why words are not contracted as asked, said with the display.
    uncontracted: Option<String>,
}

/// What the display's keys, or its loss or return, came to.
#[derive(Debug, PartialEq, Eq)]
enum AtBoard {
    /// Nothing for the game.
    Nothing,
    /// The player has read the moves up to this many (the deafblind
    /// profile): for the seats to see.
    Read(usize),
    /// That the display was taken, could not be, was lost or is back, in
    /// the pack's words.
    Said(String),
}

impl BrailleAtBoard {
    /// What the display shows of `game`, as `settings` ask.
    fn new(settings: BrailleSettings, game: &Game) -> BrailleAtBoard {
        let view = if settings.deafblind {
            BrailleView::reading_everything()
        } else {
            BrailleView::new()
        };
        let pack = game.pack();
        let (words, uncontracted) = super::words(settings, &pack.language, pack.line_sentences());
        BrailleAtBoard {
            view: view.with_words(words),
            reported: game.moves().len(),
            uncontracted,
        }
    }

    /// Takes what the host showed. In the deafblind profile everything
    /// said is kept for the player to read, urgent first. Otherwise a draw
    /// offer, a ruling (a claim, an illegal move, a flag), the boards
    /// diverging and the result each take the display until a key
    /// acknowledges them.
    fn take(&mut self, shown: &[Shown], game: &Game) {
        let everything = self.view.reads_everything();
        for item in shown {
            match item {
                Shown::Said {
                    played: Some(index),
                    urgency,
                    ..
                } if everything => {
                    self.view.said_move(*index, *urgency, game);
                }
                Shown::Said { text, urgency, .. } if everything => {
                    self.view.said(text, *urgency, game);
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
                // The answer to what was typed, until the next key or move.
                Shown::Line {
                    kind: Kind::Answer | Kind::Error,
                    text,
                } if !everything => {
                    self.view.show_text(text);
                }
                _ => {}
            }
        }
        self.view.follow(game);
    }

    /// Carries out the keys pressed; `clocks` gives both clocks as they
    /// stand, for their key. Says when the player has read a new move (the
    /// deafblind profile), and when the display was taken, could not be,
    /// was lost or is back.
    fn input(&mut self, input: BrailleInput, game: &Game, clocks: impl Fn() -> String) -> AtBoard {
        for key in input.keys {
            self.view.key(key, game, input.cells);
            if key == DisplayKey::Clocks {
                self.view.show_text(&clocks());
            }
        }
        let line = game.pack().line_sentences();
        if let Some(said) = input.change.said_with(line, &mut self.uncontracted) {
            if matches!(input.change, Change::Taken(_) | Change::Back(_)) {
                self.view.follow(game);
            }
            return AtBoard::Said(said);
        }
        let read = self.view.messages().map_or(0, |m| m.moves_read());
        if read > self.reported {
            self.reported = read;
            return AtBoard::Read(read);
        }
        AtBoard::Nothing
    }
}

/// What the braille display shows of a game host's game, as both views of
/// the game use it: what the host shows taken, the display's keys carried
/// out on the host, the line kept up with the game.
#[derive(Default)]
pub struct HostBraille(Option<BrailleAtBoard>);

impl HostBraille {
    /// What a display shows of `host`'s game, when `settings` want one. A
    /// player who reads everything on it makes the host show everything
    /// said from the start, for the display to keep until it comes.
    pub fn new(settings: BrailleSettings, host: &mut GameHost) -> HostBraille {
        if !settings.wants_display() {
            return HostBraille(None);
        }
        if settings.deafblind {
            host.show_everything_said();
        }
        HostBraille(Some(BrailleAtBoard::new(settings, host.game())))
    }

    /// Carries out what came from the display on `host`; a display taken,
    /// not taken, lost or back is to be said (the game goes on without
    /// it). In the deafblind profile a display not taken before the game
    /// starts holds the game, said aloud and at the seats, until it comes.
    pub fn input(&mut self, input: BrailleInput, host: &mut GameHost) -> Option<String> {
        let shown = self.0.as_mut()?;
        let taken = matches!(input.change, Change::Taken(_) | Change::Back(_));
        // Only the first look for a display is refused or unanswered: the
        // display has never been taken then.
        let missing = matches!(input.change, Change::NotTaken(_) | Change::NotAnswering);
        let deafblind = shown.view.reads_everything();
        match shown.input(input, host.game(), || host.clocks_line()) {
            AtBoard::Said(said) if missing && deafblind => {
                let line = host.game().pack().line_sentences();
                let waits = line.say(LineSentence::BrailleAwaited, &[]);
                let stop = if said.ends_with(['.', '!', '?']) {
                    ""
                } else {
                    "."
                };
                host.await_start(format!("{said}{stop} {waits}"));
                None
            }
            AtBoard::Said(said) if taken => {
                host.start_awaited(&said);
                Some(said)
            }
            AtBoard::Read(moves) => {
                host.read_on_display(moves);
                None
            }
            AtBoard::Nothing => None,
            AtBoard::Said(said) => Some(said),
        }
    }

    /// Takes what `host` showed.
    pub fn take(&mut self, shown: &[Shown], host: &GameHost) {
        if let Some(at_board) = &mut self.0 {
            at_board.take(shown, host.game());
        }
    }

    /// The line for the game as it stands, `cells` wide, with what is
    /// being `typed` and its typing point (the full screen's input line);
    /// nothing when no display is wanted, or while it is given back to the
    /// screen reader.
    pub fn line(
        &mut self,
        host: &GameHost,
        cells: usize,
        typed: Option<(&str, usize)>,
    ) -> Option<Window> {
        let at_board = self.0.as_mut()?;
        let (text, at) = typed.unwrap_or_default();
        at_board.view.typing(text, at);
        if at_board.view.given_back() {
            return None;
        }
        Some(at_board.view.shown(host.game(), cells))
    }
}
