//! The tournament hall: every board of a round as the arbiter follows it
//! from the round's live PGN (the games' own files, a broadcast's round,
//! the journals of games on this machine). Pure: what a source gave is
//! handed in with the time it was seen, and what changed comes out as
//! [`HallEvent`]s, the most urgent first; the words for them are the voice
//! pack's `[hall]` sentences.

mod board;
mod follow;
mod words;

pub use board::{BoardView, Seat};
pub use follow::{Hall, HallEvent, HallNews, SourceFault, Subject, urgent_first};
pub use words::HallWords;
