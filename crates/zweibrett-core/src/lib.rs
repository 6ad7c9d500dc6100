//! The core of zweibrett: everything that decides something in a game played
//! under FIDE Laws of Chess, Appendix D (blind and visually impaired
//! players), and in going through games afterwards.
//!
//! Nothing here reads the time, plays a sound or draws on a terminal: time
//! is injected as [`clock::Instant`], and what should be said is returned as
//! [`utterance::Utterance`] values for the program's shells to carry out.

#![deny(missing_docs)]
// Invariants are held by types, not asserted at run time: a game in the
// middle of a tournament must never stop on a panic.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod analysis;
pub mod audit;
pub mod braille;
pub mod clock;
pub mod config;
pub mod electronic_board;
pub mod evaluation;
pub mod fault;
pub mod game;
pub mod hall;
pub mod hearing;

pub mod notation;
pub mod printable;
pub mod record;
pub mod seat;
pub mod table;
pub mod typed;
pub mod utterance;
pub mod wav;
