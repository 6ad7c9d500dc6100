//! A joined seat on the full screen (D.2.11, D.2.9), in the Elm style of
//! the game screen: [`SeatScreen`] is the state, [`Msg`] what happens to
//! it (a key, a message from the game, time passing), [`update`] changes
//! it and returns the [`Effect`]s for the shell, and [`view`] draws it.
//!
//! A seat decides nothing about the game: every line typed goes to the
//! game, which carries it out as this seat's side and sends back what the
//! seat shows ([`ToSeat::View`]) and what it said ([`ToSeat::Said`]).
//!
//! The opponent's seat shows the last announcement as large as the window
//! allows, so that nothing depends on hearing; the arbiter's seat shows
//! both boards, both scores and whether the boards diverge; the
//! assistant's seat one board, the visually impaired player's.

mod big;
mod shell;
mod update;
mod view;

#[cfg(test)]
mod tests;

use std::time::Duration;

use ratatui::crossterm::event::KeyEvent;
use shakmaty::Color;

use crate::game::Side;
use crate::notation::VoicePack;
use crate::notation::pack::{ScreenSentence, SeatScreenSentence, Sentences};
use crate::session::seat::{SeatRole, SeatView, ToGame, ToSeat};
use crate::speech::Utterance;
use crate::ui::screen::game::InputLine;
use crate::ui::screen::settings::Layout;
use crate::ui::screen::theme::Theme;

pub use shell::{run, speaks_by_default};

pub use update::update;
pub use view::view;

/// How long the reason a seat closed stays on screen when no key is
/// pressed.
pub const CLOSED_FOR: Duration = Duration::from_secs(3);

/// The most lines the log keeps.
const LOG_KEPT: usize = 200;

/// How long the screen stays inverted when an offer or claim comes.
pub const FLASH_FOR: Duration = Duration::from_millis(600);

/// How the seat calls attention to a draw offer, request or claim that
/// waits for an answer (9.1.2, III.4, III.5): a deaf opponent chooses the
/// flash, a hearing one the bell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Alert {
    /// The whole screen inverted for a moment (the standard layout only:
    /// a screen reader would read the redrawn screen again).
    #[default]
    Flash,
    /// The terminal's bell.
    Bell,
    /// Both.
    Both,
    /// Neither: the offer is shown in big letters only.
    None,
}

impl Alert {
    fn rings(self) -> bool {
        matches!(self, Alert::Bell | Alert::Both)
    }

    fn flashes(self) -> bool {
        matches!(self, Alert::Flash | Alert::Both)
    }
}

/// What covers the seat's screen, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing: the seat.
    None,
    /// The table of keys.
    Help,
    /// Leave the seat? Asked on the input line, where the cursor is.
    Leave,
}

/// Something that happened, for [`update`].
// A message lives only until `update` takes it; boxing the game's view
// would only add an allocation per message.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// A key was pressed.
    Key(KeyEvent),
    /// The game sent this.
    Game(ToSeat),
    /// The link to the game is gone without a word.
    Gone,
    /// Time passed: this long since the seat opened.
    Tick(Duration),
    /// The terminal now has this many columns and lines.
    Resize(u16, u16),
}

/// Work for the shell.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Send this to the game.
    Send(ToGame),
    /// Speak this, when the seat speaks.
    Speak(Utterance),
    /// Ring the terminal's bell: an offer or claim came.
    Bell,
    /// Leave the full screen: the seat is over.
    Quit,
}

/// Why a seat closed, and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Closing {
    /// Why, in the pack's words.
    pub reason: String,
    /// When, in time since the seat opened.
    pub at: Duration,
}

/// The state of a joined seat's screen.
pub struct SeatScreen {
    /// Whose seat this is.
    pub role: SeatRole,
    /// The side the seat types for, if any.
    pub side: Option<Side>,
    /// The game's voice pack: everything is shown in its words.
    pub pack: VoicePack,
    /// What the game last sent to show; `None` until it has.
    pub view: Option<SeatView>,
    /// When that view came, in time since the seat opened: a running
    /// clock runs on from there.
    pub viewed_at: Duration,
    /// Time since the seat opened, as of the last message.
    pub now: Duration,
    /// What the game said, and the lines typed, newest last.
    pub log: Vec<String>,
    /// What the user is typing.
    pub input: InputLine,
    /// Standard (a running clock is redrawn each second) or screen-reader
    /// (nothing is redrawn on its own).
    pub layout: Layout,
    /// Colours and glyphs.
    pub theme: Theme,
    /// What covers the screen.
    pub overlay: Overlay,
    /// Columns and lines of the terminal.
    pub size: (u16, u16),
    /// Why the seat closed, once it has.
    pub closing: Option<Closing>,
    /// True when the screen must be drawn again; the shell clears it.
    pub changed: bool,
    /// A resignation typed and asked about (5.1.2), with the line that
    /// resigns on yes.
    pub resign_asked: Option<zweibrett_core::typed::AskedResignation>,
    /// How many lines of the help are scrolled off its top, when the
    /// window is shorter than the help; the view keeps it in range.
    pub help_scroll: u16,
    /// How an offer or claim calls attention.
    pub alert: Alert,
    /// Until when the screen is shown inverted, in time since the seat
    /// opened.
    pub flash_until: Option<Duration>,
}

impl SeatScreen {
    /// A seat of `role`, typing for `side`, in the words of `pack`.
    pub fn new(
        role: SeatRole,
        side: Option<Side>,
        pack: VoicePack,
        layout: Layout,
        theme: Theme,
        size: (u16, u16),
    ) -> SeatScreen {
        let mut state = SeatScreen {
            role,
            side,
            pack,
            view: None,
            viewed_at: Duration::ZERO,
            now: Duration::ZERO,
            log: Vec::new(),
            input: InputLine::default(),
            layout,
            theme,
            overlay: Overlay::None,
            size,
            closing: None,
            resign_asked: None,
            changed: true,
            help_scroll: 0,
            alert: Alert::default(),
            flash_until: None,
        };
        let seat = state.seat_name();
        let opened = state
            .words()
            .say(SeatScreenSentence::Opened, &[("seat", &seat)]);
        state.log_line(opened);
        state
    }

    /// The seat's own sentences.
    pub fn words(&self) -> &Sentences<SeatScreenSentence> {
        self.pack.seat_screen_sentences()
    }

    /// The game screen's sentences, for what a seat shows alike (a
    /// board's title, a score's heading).
    pub fn screen_words(&self) -> &Sentences<ScreenSentence> {
        self.pack.screen_sentences()
    }

    /// "Opponent's seat", in the pack's words.
    pub fn seat_name(&self) -> String {
        let key = match self.role {
            SeatRole::Opponent => SeatScreenSentence::OpponentSeat,
            SeatRole::Arbiter => SeatScreenSentence::ArbiterSeat,
            SeatRole::Assistant => SeatScreenSentence::AssistantSeat,
        };
        self.words().say(key, &[])
    }

    /// The pack's name of `side`.
    pub fn side_name(&self, side: Side) -> &str {
        self.pack.side(Color::from(side))
    }

    /// "Anna (White)": a player of the view named with their side.
    pub fn player(&self, view: &SeatView, side: Side) -> String {
        let name = match side {
            Side::White => &view.white,
            Side::Black => &view.black,
        };
        self.screen_words().say(
            ScreenSentence::PlayerSide,
            &[
                ("player", &crate::printable::printable(name)),
                ("side", self.side_name(side)),
            ],
        )
    }

    /// Whether the screen is shown inverted now.
    pub fn flashing(&self) -> bool {
        self.flash_until.is_some_and(|until| self.now < until)
    }

    /// How long ago the view came: how far a running clock has run on
    /// since. The screen-reader layout shows the clocks as read.
    pub fn since_view(&self) -> Duration {
        match self.layout {
            Layout::Standard => self.now.saturating_sub(self.viewed_at),
            Layout::ScreenReader => Duration::ZERO,
        }
    }

    /// Adds `text` to the log, each of its lines apart, keeping the
    /// newest [`LOG_KEPT`].
    fn log_line(&mut self, text: String) {
        self.log.extend(
            text.lines()
                .filter(|l| !l.trim().is_empty())
                .map(String::from),
        );
        if self.log.len() > LOG_KEPT {
            let extra = self.log.len() - LOG_KEPT;
            self.log.drain(..extra);
        }
    }
}
