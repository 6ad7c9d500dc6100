//! The two-board game on the full screen (Appendix D), in the Elm style:
//! [`GameScreen`] is the state, [`Msg`] what happens to it, [`update`]
//! changes it and returns the [`Effect`]s for the shell to carry out, and
//! [`view`] draws it. Time comes in with the messages; nothing here reads
//! a clock, touches a file or speaks.
//!
//! The screen is a view of a [`GameHost`]. What the user asks of the game
//! is never carried out here: the update hands it to the shell
//! ([`Effect::Request`]), the shell to the host, which has every command
//! journalled and carried out once it is on disk; what the host shows
//! comes back ([`Msg::Shown`]) to be logged, so nothing announced can be
//! lost.

mod boards;
mod input;
mod log;
pub mod shell;
mod update;
mod view;

#[cfg(test)]
mod tests;

use std::cell::Cell;
use std::time::Duration;

use shakmaty::Color;

use crate::clock::Instant;
use crate::game::Game;
use crate::notation::pack::{ScreenSentence, Sentences};
use crate::session::host::{GameHost, Request, Shown};
use crate::speech::Utterance;

pub use input::{InputLine, Typed};
pub use update::update;
pub use view::{needed_size, view};

use super::settings::{Layout, Redraw};
use super::theme::Theme;

/// What covers the game screen, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the game.
    None,
    /// The table of keys.
    Help,
    /// Leave the game? (It is already saved and can be resumed.)
    Quit,
    /// Resign for the user's side? (5.1.2)
    Resign,
}

/// The clocks as last read: in the screen-reader layout they change only
/// on an event or when asked, never on their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockReading {
    /// White's time left.
    pub white: Duration,
    /// Black's time left.
    pub black: Duration,
    /// Moves completed by both (D.2.6.1).
    pub completed: u32,
    /// The clock is stopped (not started, paused, or the game over).
    pub stopped: bool,
    /// Whose clock runs; `None` while stopped.
    pub running: Option<Color>,
}

impl ClockReading {
    /// The clocks of `game` at `now`.
    pub fn of(game: &Game, now: Instant) -> ClockReading {
        let clock = game.clock();
        let stopped = !clock.is_started() || clock.is_paused() || game.outcome().is_some();
        ClockReading {
            white: clock.remaining(Color::White, now),
            black: clock.remaining(Color::Black, now),
            completed: clock.completed_moves(),
            stopped,
            running: clock.running().filter(|_| !stopped).map(|r| r.side),
        }
    }
}

/// Something that happened, for [`update`].
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A key was pressed.
    Key(ratatui::crossterm::event::KeyEvent),
    /// Time passed; the game's time line now stands at this instant.
    Tick(Instant),
    /// The terminal now has this many columns and lines.
    Resize(u16, u16),
    /// What the host shows: log it.
    Shown(Vec<Shown>),
}

/// Work for the shell.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Speak this: the screen's own sentence (a key's help, the log read
    /// back).
    Speak(Utterance),
    /// Hand this to the host; what it shows comes back as [`Msg::Shown`].
    Request(Request),
    /// The user said no to leaving: the game goes on.
    Stay,
    /// Leave the game and the full screen.
    Quit,
}

/// The state of the game screen.
pub struct GameScreen {
    /// The game's host: the game, its journal, the clock's schedule, the
    /// seats, the listener and the voice.
    pub host: GameHost,
    /// What the user is typing.
    pub input: InputLine,
    /// Everything spoken or answered, newest last.
    pub log: Vec<String>,
    /// Standard or screen-reader.
    pub layout: Layout,
    /// Colours and glyphs.
    pub theme: Theme,
    /// The game's time line as of the last message.
    pub now: Instant,
    /// The clocks shown in the screen-reader layout, and in the standard
    /// one when it is drawn only on change.
    pub clocks: ClockReading,
    /// Whether the standard layout shows the running clock second by
    /// second (`Redraw::EverySecond`, as made) or is drawn only when
    /// something happens.
    pub redraw: Redraw,
    /// What covers the screen.
    pub overlay: Overlay,
    /// Columns and lines of the terminal.
    pub size: (u16, u16),
    /// Why the game stopped, when the journal failed.
    pub stopped: Option<String>,
    /// True when the screen must be drawn again; the shell clears it.
    pub changed: bool,
    /// What the program last said about its own voice (a change of voice,
    /// speech lost), shown after the status line.
    pub voice_notice: Option<String>,
    too_small: bool,
    /// The score lines last drawn, rebuilt when the moves change.
    score_cache: view::ScoreCache,
    /// Where the log is read from: its newest lines, or a line the user
    /// paged back to.
    scroll: log::LogScroll,
    /// The log's entries as wrapped, kept between frames.
    wraps: log::WrapCache,
    /// Columns and lines of the log area as last drawn, for the page keys.
    log_area: Cell<(u16, u16)>,
    /// The first line of the help shown, when the window is shorter than
    /// the help.
    help_top: usize,
    /// The part of the spoken keys F1 or s says next.
    help_next: usize,
    /// The letters the moves are shown in: the pack's, as line mode shows
    /// them, so that the screen and its reader meet one language.
    pub(super) letters: crate::session::labels::Labels,
}

impl GameScreen {
    /// Whose turn and which step (D.2.1–D.2.8); while the opponent enters
    /// their move at their own seat, that (D.2.11).
    pub fn status(&self) -> String {
        self.host.status()
    }

    /// The screen for `game` at `now`, journalled nowhere, the time left
    /// announced as `clock` says (D.2.6.1), what it says handed to
    /// `voice`.
    pub fn new(
        game: Game,
        (layout, theme): (Layout, Theme),
        clock: crate::clock::schedule::ClockSettings,
        now: Instant,
        size: (u16, u16),
        voice: Option<crate::session::host::Voice>,
    ) -> GameScreen {
        let host = GameHost::unrecorded(game, clock, now, voice);
        GameScreen::of(host, layout, theme, now, size)
    }

    /// The screen showing the game of `host` at `now`.
    pub fn of(
        host: GameHost,
        layout: Layout,
        theme: Theme,
        now: Instant,
        size: (u16, u16),
    ) -> GameScreen {
        let clocks = ClockReading::of(host.game(), now);
        let letters = crate::session::labels::Labels::for_pack(host.game().pack());
        let too_small = {
            let (w, h) = needed_size(layout);
            size.0 < w || size.1 < h
        };
        GameScreen {
            host,
            input: InputLine::default(),
            log: Vec::new(),
            layout,
            theme,
            now,
            clocks,
            redraw: Redraw::EverySecond,
            overlay: Overlay::None,
            size,
            stopped: None,
            changed: true,
            voice_notice: None,
            too_small,
            score_cache: view::ScoreCache::default(),
            scroll: log::LogScroll::default(),
            wraps: log::WrapCache::default(),
            log_area: Cell::new((0, 0)),
            help_top: 0,
            help_next: 0,
            letters,
        }
    }

    /// True when the screen shows the running clock second by second: the
    /// standard layout, unless it is kept still.
    pub fn ticking(&self) -> bool {
        self.layout == Layout::Standard && self.redraw == Redraw::EverySecond
    }

    /// True when the window is smaller than the layout needs.
    pub fn too_small(&self) -> bool {
        self.too_small
    }

    /// What the too-small screen says, and speaks once.
    pub fn too_small_message(&self) -> String {
        crate::ui::screen::too_small_message_in(self.words(), self.size, needed_size(self.layout))
    }

    /// The pack's sentences for this screen.
    pub fn words(&self) -> &Sentences<ScreenSentence> {
        self.host.game().pack().screen_sentences()
    }

    /// "Anna (White)": a player named with their side, in the pack's words.
    pub fn player(&self, color: Color) -> String {
        let setup = self.host.game().setup();
        let name = match color {
            Color::White => &setup.white,
            Color::Black => &setup.black,
        };
        self.words().say(
            ScreenSentence::PlayerSide,
            &[
                ("player", &crate::printable::printable(name)),
                ("side", self.host.game().words().side(color)),
            ],
        )
    }
}
