//! The arbiter declares a game lost (12.9.6), and the players confirm the
//! result on the recording device (8.7).

use shakmaty::Color;

use super::rules::Forfeit;
use super::{EventKind, Game, GameResult, Step, Termination};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::utterance::Priority;

impl Game {
    /// The arbiter declares the game lost for `loser` (12.9.6): late
    /// arrival (6.7.1), an unapproved electronic device (11.3.2.2),
    /// persistent refusal to comply (11.7) or another penalty. The opponent
    /// wins; the clock stops, and the reason and its article go into the
    /// score and the PGN.
    pub(super) fn forfeit(&mut self, loser: Color, reason: Forfeit, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
        let why = self.sentences.forfeit_reason(reason);
        let text = self.tell(
            GameSentence::Forfeits,
            &[("side", self.side(loser)), ("reason", &why)],
        );
        self.say(EventKind::Ruling, text, Priority::Urgent);
        self.end(GameResult::win(!loser), Termination::Forfeit(reason));
    }

    /// A player confirms the result on the recording device, as they would
    /// sign the scoresheets (8.7); without a side, the player for whom the
    /// keyboard types.
    pub(super) fn confirm_result(&mut self, player: Option<Color>) {
        let Step::Over(outcome) = self.step else {
            self.answer(&self.tell(GameSentence::ConfirmNotOver, &[]));
            return;
        };
        let Some(player) = player.or_else(|| self.keyboard_player()) else {
            self.answer(&self.tell(GameSentence::ConfirmWhose, &[]));
            return;
        };
        self.confirmed[super::idx(player)] = true;
        let text = self.tell(
            GameSentence::ResultConfirmed,
            &[
                ("side", self.side(player)),
                ("result", self.sentences.result(outcome.result)),
            ],
        );
        self.say(EventKind::Ruling, text, Priority::Answer);
    }

    /// Which players confirmed the result (8.7), White then Black.
    pub fn result_confirmed(&self) -> [bool; 2] {
        self.confirmed
    }
}
