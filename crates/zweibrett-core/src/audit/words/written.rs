//! Written moves in words: a move as a score has it, said in the pack's
//! words where it was written, even when it cannot be played there.

use shakmaty::Chess;
use shakmaty::Position;
use shakmaty::san::SanPlus;

use super::AuditWords;
use crate::notation::san::normalise;
use crate::notation::{Form, read_standard_san, say, say_written};

impl AuditWords {
    /// A written move in words: read where it was written when possible,
    /// else as the SAN says it (its piece, squares, capture, promotion and
    /// check or mate), else as written.
    pub fn written(&self, before: &Chess, text: &str) -> String {
        let Ok(san_plus) = normalise(text).parse::<SanPlus>() else {
            return text.to_string();
        };
        if let Ok(m) = san_plus.san.to_move(before) {
            return say(&self.pack, before, m, Form::Short);
        }
        say_written(&self.pack, &normalise(text)).unwrap_or_else(|| text.to_string())
    }

    /// Struck moves in words, read along from the agreed position.
    pub(super) fn struck(&self, from: &Chess, sans: &[String]) -> Vec<String> {
        let mut position = from.clone();
        sans.iter()
            .map(|text| {
                let words = self.written(&position, text);
                if let Ok(m) = read_standard_san(&position, text) {
                    position.play_unchecked(m);
                }
                words
            })
            .collect()
    }
}
