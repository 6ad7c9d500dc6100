//! Chess notation as Appendix D speaks it: voice packs, moves rendered as
//! words, and text typed "the way it would be said" read back into moves.
//! Pure: nothing here does I/O except loading a pack file by path.

pub mod fold;
pub mod lexicon;
pub mod move_number;
pub mod pack;
pub mod piece_letters;
pub mod read;
pub mod san;
pub mod say;
pub mod score;

pub use lexicon::Lexicon;
pub use move_number::MoveNumber;
pub use pack::{Meaning, PackError, VoicePack};
pub use piece_letters::{PieceLetters, TypedLetters, UnknownLetters};
pub use read::{Reading, read_move, read_move_in};
pub use san::{SanFault, read_national_san, read_standard_san};
pub use say::{Form, say, say_landing, say_written};
pub use score::{ScoreError, read_score, read_score_prefix};
