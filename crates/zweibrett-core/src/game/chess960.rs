//! Castling in Chess960 (Guidelines II.3): announced with the pack's words
//! for short or long castling (D.2.1), and, since the tactile board is set
//! by hand, with where king and rook end up (II.3.2.6).

use shakmaty::{CastlingMode, CastlingSide, Chess, Move, Position, Role};

use super::Game;
use crate::game::words::GameSentence;
use crate::notation::{Form, say};

impl Game {
    /// The words announcing `m` on `board` (D.2.1). In Chess960 a castling
    /// also names the squares king and rook end up on (II.3.2.6), since
    /// they may stand anywhere before it.
    pub(super) fn announcement(&self, board: &Chess, m: Move) -> String {
        let words = say(&self.pack, board, m, Form::Short);
        let Move::Castle { king, rook } = m else {
            return words;
        };
        if board.castles().mode() != CastlingMode::Chess960 {
            return words;
        }
        let side = CastlingSide::from_king_side(king < rook);
        let castling = self.pack.castle(side);
        // What `say` puts after the castling words: check or mate.
        let suffix = words.strip_prefix(castling).unwrap_or_default().trim();
        let color = board.turn();
        let text = self.tell(
            GameSentence::CastledTo,
            &[
                ("castling", castling),
                ("king", self.pack.piece(Role::King)),
                ("king_square", &self.pack.square(side.king_to(color))),
                ("rook", self.pack.piece(Role::Rook)),
                ("rook_square", &self.pack.square(side.rook_to(color))),
            ],
        );
        if suffix.is_empty() {
            text
        } else {
            format!("{text} {suffix}")
        }
    }
}
