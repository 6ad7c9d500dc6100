//! Games on file: the crash-safe journal, PGN in and out (Art. 8,
//! Appendix C), the plain-text and braille scores (D.2.7), and large PGN
//! files read by streaming for analysis.

pub mod braille;
pub mod claim;
pub mod date;
pub mod game_search;
pub mod journal;
mod pgn_error;
pub mod pgn_game;
pub mod pgn_game_write;
pub mod pgn_index;
pub mod pgn_read;
pub mod pgn_san;
pub mod pgn_text;
pub mod pgn_write;
pub mod score;
mod tag_quotes;
pub mod unreadable;

#[cfg(test)]
mod tests;
