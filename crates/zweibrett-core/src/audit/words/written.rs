//! Written moves in words: a move as a score has it, said in the pack's
//! words where it was written, even when it cannot be played there.

use shakmaty::Chess;
use shakmaty::Position;
use shakmaty::san::{San, SanPlus, Suffix};

use super::AuditWords;
use crate::notation::san::normalise;
use crate::notation::{Form, read_standard_san, say};

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
        let mut words = Vec::new();
        match san_plus.san {
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                words.push(self.pack.piece(role).to_string());
                words.extend(file.map(|f| self.pack.file(f).to_string()));
                words.extend(rank.map(|r| self.pack.rank(r).to_string()));
                if capture {
                    words.push(self.pack.moves.capture.clone());
                }
                words.push(self.pack.square(to));
                if let Some(piece) = promotion {
                    words.push(self.pack.moves.promotion.clone());
                    words.push(self.pack.piece(piece).to_string());
                }
            }
            San::Castle(side) => words.push(self.pack.castle(side).to_string()),
            _ => return text.to_string(),
        }
        match san_plus.suffix {
            Some(Suffix::Check) => words.push(self.pack.moves.check.clone()),
            Some(Suffix::Checkmate) => words.push(self.pack.moves.mate.clone()),
            None => {}
        }
        words.join(" ")
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
