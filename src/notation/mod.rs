//! Chess notation as Appendix D speaks it: voice packs, moves rendered as
//! words, and text typed "the way it would be said" read back into moves.
//! Pure: nothing here does I/O except loading a pack file by path.

pub mod fold;
pub mod pack;

pub use pack::{Meaning, PackError, VoicePack};
