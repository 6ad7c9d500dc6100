//! Moves of the user's own in the game open: played into variations kept
//! in the game ([`super::Replay::play`]), and never dropped unasked.

use super::replay::Step;
use super::session::{Reply, Session};
use crate::notation::Lexicon;
use crate::notation::read::{Reading, read_move};

impl Session {
    /// Reads `text` as a move of the user's own in the position on the
    /// board and plays it ([`Replay::play`]): into a variation kept in the
    /// game, said as a step, with the position after it for the engine to
    /// value. An ambiguous or illegal move is said why and changes nothing;
    /// `None` when `text` is no move at all.
    pub fn own_move(&mut self, lexicon: &Lexicon, text: &str) -> Option<Reply> {
        self.end_replay();
        let position = self.replay.position();
        let m = match read_move(lexicon, &self.words.pack, &position, text) {
            Reading::Move(m) => m,
            Reading::Ambiguous { question, .. } => return Some(Reply::Say(vec![question])),
            Reading::Illegal { reason, .. } => return Some(Reply::Say(vec![reason])),
            Reading::Unrecognized { .. } => return None,
        };
        let step = self.replay.play(m);
        let said = self.words.step_with(&step, self.each);
        if step == Step::AfterTheEnd {
            return Some(Reply::Say(vec![said]));
        }
        self.own_moves = true;
        Some(Reply::Tried(said, Box::new(self.replay.position())))
    }

    /// Whether the user played moves of their own in the game open since
    /// it was opened or last saved.
    pub fn has_own_moves(&self) -> bool {
        self.own_moves
    }

    /// The game open has been saved with the user's moves.
    pub fn saved(&mut self) {
        self.own_moves = false;
        self.leaving_for = None;
    }
}
