//! zweibrett: a screen-reader-first companion for over-the-board chess under
//! FIDE Laws of Chess, Appendix D (blind and visually impaired players).
//!
//! The crate is a pure core (notation, clock, game protocol, audit) wrapped in
//! thin shells (terminal, speech, sound, files). Nothing in the core reads the
//! time or touches a device: time is injected and effects are returned as
//! events for the shells to carry out.

pub mod analysis;
pub mod audit;
pub mod cli;
pub mod clock;
pub mod config;
pub mod game;
pub mod notation;
pub mod record;
pub mod speech;
pub mod ui;
