//! Games on file: the crash-safe journal, PGN in and out (Art. 8,
//! Appendix C), and the plain-text and braille scores (D.2.7).

pub mod date;
pub mod journal;
pub mod pgn_read;
pub mod pgn_write;
pub mod score;

#[cfg(test)]
mod tests;
