//! Taking moves back: the arbiter's retracing to where the scores agree
//! (D.2.9), to a number of half-moves, and the player's undo of the last
//! half-move, for a slip noticed after the clock was pressed, when
//! D.2.8's correction comes too late. The position, both scores and both
//! clocks go back to before the move.

use shakmaty::Position;

use crate::clock::Instant;
use crate::utterance::Priority;

use super::words::GameSentence;
use super::{EventKind, Game, Press, Step};

impl Game {
    /// The arbiter retraces the game to where both players' scores agree
    /// with it (D.2.9: "retraced to the point where the two scores agree").
    pub(super) fn retrace(&mut self, now: Instant) {
        let agree = |score: &[String]| {
            score
                .iter()
                .zip(&self.moves)
                .take_while(|(s, p)| **s == p.san)
                .count()
        };
        let ply = agree(&self.scores[0]).min(agree(&self.scores[1]));
        // Scores that agree throughout leave only the last half-move to
        // take back.
        if ply == self.moves.len() && !self.diverging {
            self.undo(now);
            return;
        }
        self.take_back(ply, now);
    }

    /// The arbiter retraces the game to after `ply` half-moves: both boards
    /// and scores, and the clocks as they were then, paused (D.2.9).
    pub(super) fn take_back(&mut self, ply: usize, now: Instant) {
        if ply > self.moves.len() {
            let plies = self.moves.len();
            let count = plies.to_string();
            let text = self.tell_count(GameSentence::OnlyPlies, plies, &[("count", &count)]);
            self.answer(&text);
            return;
        }
        self.retract(ply, now);
        let text = self.tell_count(
            GameSentence::TakenBack,
            ply,
            &[
                ("count", &ply.to_string()),
                ("side", self.side(self.position.turn())),
            ],
        );
        self.say(EventKind::Ruling, text, Priority::Urgent);
    }

    /// The game as it was after `ply` half-moves: both boards and scores,
    /// and the clocks as they were then, paused.
    pub(super) fn retract(&mut self, ply: usize, now: Instant) {
        let pressed = self.clock.history().len().saturating_sub(1);
        if self.clock.is_started() && ply <= pressed {
            if self.clock.restore_after(ply, now).is_ok() {
                self.restore_penalties(ply, now);
            }
        } else if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
        self.moves.truncate(ply);
        self.keys.truncate(ply + 1);
        self.position = self.replay(ply);
        self.step = Step::Enter;
        self.offer = None;
        self.offer_with_next_move = false;
        self.provisional = None;
        self.diverging = false;
        self.arbiter_pause = false;
        self.claimed_move = None;
        self.claim_record = None;
        self.touch = None;
        self.sync_boards();
    }

    /// Takes back the last half-move and says what stands now.
    pub(super) fn undo(&mut self, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        let Some(last) = self.moves.len().checked_sub(1) else {
            self.answer(&self.tell(GameSentence::NothingToUndo, &[]));
            return;
        };
        if self.claimed_move == Some(last) {
            self.answer(&self.tell(GameSentence::ClaimMoveFixed, &[]));
            return;
        }
        let running = self.clock.is_started() && !self.clock.is_paused();
        let words = self.moves[last].words.clone();
        self.retract(last, now);
        if running && self.clock.is_paused() {
            let _ = self.clock.resume(now);
        }
        let text = self.tell(
            GameSentence::Undone,
            &[("move", &words), ("side", self.side(self.position.turn()))],
        );
        self.say(EventKind::Ruling, text, Priority::Answer);
    }

    /// A correction after the press, where the press follows the
    /// announcement at once: the last half-move taken back and `text`
    /// entered in its place. `false` when there is no such move.
    pub(super) fn correct_after_press(&mut self, text: &str, now: Instant) -> bool {
        let after_press = self.setup.press == Press::Auto && self.step == Step::Enter;
        if !after_press || self.moves.is_empty() || self.diverging {
            return false;
        }
        let before = self.moves.len();
        self.undo(now);
        if self.moves.len() < before {
            self.enter(text, now);
        }
        true
    }
}
