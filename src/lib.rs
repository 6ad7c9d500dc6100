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

pub(crate) mod braille;
pub mod cli;
pub mod config;
pub mod driver;
pub mod hearing;
pub mod signals;
pub mod speech;
pub mod ui;
