//! What each player changes on their own board when the arbiter settles a
//! divergence (D.2.9), in the words of the audit: the same squares, pieces
//! and sentences, so that a divergence, `align` and `audit` agree.

use shakmaty::{Chess, Color, Position};

use super::{EventKind, Game, idx};
use crate::audit::corrections;
use crate::audit::words::AuditWords;
use crate::game::words::GameSentence;
use crate::notation::VoicePack;
use crate::utterance::Priority;

impl Game {
    /// The audit's words in the game's pack, or English when the pack has
    /// none.
    /// The audit's words in the game's pack (D.2.9): squares, pieces and
    /// the corrections of a board.
    pub fn audit_words(&self) -> AuditWords {
        AuditWords::from_pack(&self.pack)
            .or_else(|_| AuditWords::from_pack(&VoicePack::builtin("en")))
            .unwrap_or_else(|_| AuditWords::builtin("en"))
    }

    /// What each player changes on their own board, White's first, for
    /// it to go from `from` to `to` (White's board, Black's board): the
    /// squares that differ, from the actual difference of the boards, so
    /// captures, castling, en passant and promotion come out right. `None`
    /// for a board that stays as it is.
    fn board_changes(&self, from: [&Chess; 2], to: [&Chess; 2]) -> [(Color, Option<String>); 2] {
        let words = self.audit_words();
        [Color::White, Color::Black].map(|color| {
            let changes = corrections(from[idx(color)].board(), to[idx(color)].board());
            let said = (!changes.is_empty()).then(|| words.board_changes(color, &changes));
            (color, said)
        })
    }

    /// Says, after a divergence, what each player must do on their own
    /// board for the arbiter's usual settlement, the announced move
    /// standing (D.2.9: the player who made the wrong move adjusts the
    /// board to the scores).
    pub(super) fn say_settlement(&mut self) {
        let words = self.audit_words();
        let mut text = self.tell(GameSentence::DivergedSettlement, &[]);
        let position = &self.position;
        let changes = self.board_changes([&self.boards[0], &self.boards[1]], [position, position]);
        for (color, said) in changes {
            let line = said.unwrap_or_else(|| words.board_changes(color, &[]));
            text.push(' ');
            text.push_str(&line);
        }
        self.say(EventKind::Ruling, text, Priority::Urgent);
    }

    /// Says which squares of which board `align` changed: the boards as
    /// they were, `before`, against the boards now (D.2.9).
    pub(super) fn say_aligned(&mut self, before: [Chess; 2]) {
        let changes =
            self.board_changes([&before[0], &before[1]], [&self.boards[0], &self.boards[1]]);
        for (_, said) in changes {
            if let Some(line) = said {
                self.say(EventKind::Ruling, line, Priority::Answer);
            }
        }
    }
}
