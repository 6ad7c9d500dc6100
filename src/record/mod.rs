//! Games on file: PGN in.

pub mod pgn_read;
