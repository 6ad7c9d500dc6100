//! zweibrett: a screen-reader-first companion for over-the-board chess under
//! FIDE Laws of Chess, Appendix D (blind and visually impaired players).
//!
//! The rules live in the `zweibrett-core` crate (notation, clock, game
//! protocol, audit, formats, analysis), re-exported here under the same
//! names. This crate is the shell around them: speech and sound, the
//! screens, line mode, the engine's process and the command line.

pub use zweibrett_core::{
    analysis, audit, clock, game, notation, printable, record, table, utterance,
};

pub mod cli;
pub mod config;
pub mod engine;
pub mod files;
pub mod hearing;
pub mod seat;
pub mod session;
pub mod signals;
pub mod speech;
pub mod ui;
