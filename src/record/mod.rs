//! Scores on disk: reading PGN files, large and small.

pub mod pgn_game;
pub mod pgn_index;
