//! zweibrett: a screen-reader-first companion for over-the-board chess under
//! FIDE Laws of Chess, Appendix D (blind and visually impaired players).
//!
//! The rules live in the `zweibrett-core` crate (notation, clock, game
//! protocol, audit, formats, analysis); the sessions (the game host, the
//! journal, the seats, the engine's process) in `zweibrett-session`. Each
//! is public under its own name only. This crate is the shell around
//! them: the driver, speech and sound, listening, the braille display, the
//! screens, line mode and the command line.

// The core's modules and the session crate by the names the program uses,
// inside the program only: each is public under its own crate's name.
use zweibrett_core::{
    analysis, audit, clock, game, notation, printable, record, table, typed, utterance,
};
use zweibrett_session as session;
use zweibrett_session::{engine, files};

mod braille;
pub mod cli;
mod config;
mod debug_log;
mod driver;
pub mod hearing;
pub mod signals;
pub mod speech;
mod ui;

/// The game screen without a terminal: its state, its pure update and its
/// view, as the growth benchmark drives them.
pub mod game_screen {
    pub use crate::ui::screen::game::{GameScreen, Msg, update, view};
    pub use crate::ui::screen::settings::Layout;
    pub use crate::ui::screen::theme::Theme;
}

/// The talking clock and the driver that runs it, as its real-time test
/// drives them.
pub mod talking_clock {
    pub use crate::driver::Driver;
    pub use crate::ui::line::clock::{Command, TalkingClock};
}
