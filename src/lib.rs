//! zweibrett: a screen-reader-first companion for over-the-board chess under
//! FIDE Laws of Chess, Appendix D (blind and visually impaired players).
//!
//! The rules live in the `zweibrett-core` crate (notation, clock, game
//! protocol, audit, formats, analysis), re-exported here under the same
//! names; the sessions (the game host, the journal, the seats, the
//! engine's process) in `zweibrett-session`, re-exported as [`session`].
//! This crate is the shell around them: speech and sound, listening, the
//! braille display, the screens, line mode and the command line.

pub use zweibrett_core::{
    analysis, audit, clock, game, notation, printable, record, table, utterance,
};

pub use zweibrett_session as session;
pub use zweibrett_session::{engine, files};

pub mod braille;
pub mod cli;
pub mod config;
pub mod driver;
pub mod hearing;
pub mod signals;
pub mod speech;
pub mod ui;
