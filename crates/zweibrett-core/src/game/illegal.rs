//! Completed illegal moves (7.5.1–7.5.5) and their window in rapid and
//! blitz under A.5.2; illegal positions seen on the board under A.5.4; the
//! time the arbiter gives as a penalty (7.5.5, 9.5.3, A.3), which a later
//! take-back keeps (D.2.9).

use std::time::Duration;

use serde::{Deserialize, Serialize};
use shakmaty::{Color, Position};

use super::{EventKind, EventRules, Game, GameResult, Termination, idx};
use crate::clock::{Category, Instant};
use crate::game::words::GameSentence;
use crate::notation::pack::LineSentence;
use crate::utterance::Priority;

/// What the arbiter reports under A.5.4 on the physical board, and the
/// ruling after the next move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalPosition {
    /// Both kings are in check (A.5.4).
    BothKingsInCheck,
    /// A pawn stands on the rank furthest from its starting position
    /// (A.5.4).
    PawnOnLastRank,
    /// After the next move is completed the illegal position still stands:
    /// the game is drawn (A.5.4).
    Stands,
    /// After the next move is completed the position is legal again: the
    /// game goes on.
    Corrected,
}

/// Time the arbiter gave a player as a penalty on the opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Penalty {
    /// Who received the time.
    pub to: Color,
    /// How much.
    pub amount: Duration,
    /// Time the arbiter took off rather than gave (6.10.2).
    pub taken: bool,
    /// Clock presses recorded when it was given: a restored record from
    /// before then does not hold it.
    pub after_presses: usize,
}

/// An illegal position the arbiter saw (A.5.4), waiting for the next move
/// to be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Watch {
    /// Presses of the clock when it was seen.
    pub presses: usize,
}

impl Game {
    /// Whether the rules of A.5 (B.3) apply: the event names them and the
    /// game is rapid or blitz (A.6, B.4).
    pub(super) fn under_a5(&self) -> bool {
        self.setup.rules == EventRules::A5 && self.clock.control().category() != Category::Standard
    }

    /// The penalty time for `offender`'s opponent (7.5.5, 9.5.3; one
    /// minute in rapid and blitz, A.3), kept for a later take-back.
    pub(super) fn give_penalty(&mut self, offender: Color, now: Instant) -> Duration {
        let amount = self.clock.penalty(offender, now);
        self.keep_time_given(!offender, amount, false);
        amount
    }

    /// Keeps time the arbiter gave or took for a later take-back and audit:
    /// a ruling that retracing the moves must not undo (D.2.9).
    pub(super) fn keep_time_given(&mut self, to: Color, amount: Duration, taken: bool) {
        self.penalties.push(Penalty {
            to,
            amount,
            taken,
            after_presses: self.clock.history().len().saturating_sub(1),
        });
    }

    /// `side`'s clock reading taken after `presses` presses, with the time
    /// the arbiter gave or took since (6.10.2, 7.5.5, 9.5.3): what that
    /// clock must show when the game is retraced there (D.2.9).
    pub fn reading_with_time_given(
        &self,
        side: Color,
        presses: usize,
        reading: Duration,
    ) -> Duration {
        self.penalties
            .iter()
            .filter(|p| p.to == side && p.after_presses >= presses)
            .fold(reading, |left, p| match p.taken {
                true => left.saturating_sub(p.amount),
                false => left + p.amount,
            })
    }

    /// After the clocks were restored to their record after `ply` presses,
    /// gives back the penalties granted since that record (D.2.9 restores
    /// the clocks, not the arbiter's penalties).
    pub(super) fn restore_penalties(&mut self, ply: usize, now: Instant) {
        for penalty in self.penalties.iter_mut() {
            if penalty.after_presses >= ply {
                match penalty.taken {
                    true => self.clock.remove_time(penalty.to, penalty.amount, now),
                    false => self.clock.add_time(penalty.to, penalty.amount, now),
                }
                penalty.after_presses = ply;
            }
        }
    }

    /// A completed illegal move (7.5.5): the first gives the opponent two
    /// minutes (one in rapid and blitz, A.3); the second loses, unless the
    /// opponent cannot mate by any legal sequence. Only a player who has
    /// completed a move can have completed an illegal one (7.5.1); under
    /// A.5.2 only until the opponent has made the next move.
    pub(super) fn illegal_move(&mut self, offender: Color, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        // An illegal move typed for the offender, the last thing done on
        // the board: completed by its press, it is the one ruled on, and
        // the position before it stands (7.5.1).
        let typed = self
            .illegal_typed
            .take()
            .filter(|(by, _)| *by == offender && self.position.turn() == offender)
            .map(|(_, text)| text);
        if typed.is_none() && !self.completed[idx(offender)] {
            let text = self.tell(
                GameSentence::IllegalNotMoved,
                &[("side", self.side(offender))],
            );
            self.answer(&text);
            return;
        }
        let last_by = self.moves.last().map(|p| p.by);
        if typed.is_none() && self.under_a5() && last_by != Some(offender) {
            let text = self.tell(
                GameSentence::IllegalTooLate,
                &[
                    ("side", self.side(offender)),
                    ("opponent", self.side(!offender)),
                ],
            );
            self.answer(&text);
            return;
        }
        self.illegal[idx(offender)] += 1;
        if self.illegal[idx(offender)] >= 2 {
            let result = if !self.cannot_mate(!offender) {
                GameResult::win(!offender)
            } else {
                GameResult::Draw
            };
            let text = self.tell(
                GameSentence::SecondIllegal,
                &[("side", self.side(offender))],
            );
            self.say(EventKind::Ruling, text, Priority::Urgent);
            self.stop_clock_on_last_move(now);
            self.end(result, Termination::IllegalMoves);
            return;
        }
        let extra = self.give_penalty(offender, now);
        let text = self.tell(
            GameSentence::Illegal,
            &[
                ("side", self.side(offender)),
                ("opponent", self.side(!offender)),
                ("time", &self.sentences.minutes(extra.as_secs() / 60)),
            ],
        );
        let lines = self.pack.line_sentences();
        let note = match &typed {
            Some(text) => lines.say(
                LineSentence::NoteIllegalMove,
                &[("player", self.side(offender)), ("move", text.trim())],
            ),
            None => lines.say(
                LineSentence::NoteIllegal,
                &[("player", self.side(offender))],
            ),
        };
        self.pending.push(note);
        self.say(EventKind::Ruling, text, Priority::Urgent);
    }

    /// The arbiter's report of an illegal position on the board and, once
    /// the next move is completed, the ruling: drawn if it still stands
    /// (A.5.4). Under the competition rules 7.5 applies instead.
    pub(super) fn illegal_position(&mut self, report: IllegalPosition, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        if !self.under_a5() {
            self.answer(&self.tell(GameSentence::PositionNotA5, &[]));
            return;
        }
        let presses = self.presses;
        match report {
            IllegalPosition::BothKingsInCheck | IllegalPosition::PawnOnLastRank => {
                self.illegal_position = Some(Watch { presses });
                let key = match report {
                    IllegalPosition::BothKingsInCheck => GameSentence::BothKingsInCheck,
                    _ => GameSentence::PawnOnLastRank,
                };
                let what = self.tell(key, &[]);
                let seen = self
                    .pack
                    .line_sentences()
                    .say(LineSentence::NotePositionSeen, &[("what", &what)]);
                self.pending.push(seen);
                let text = self.tell(GameSentence::PositionSeen, &[("what", &what)]);
                self.say(EventKind::Ruling, text, Priority::Urgent);
            }
            IllegalPosition::Stands | IllegalPosition::Corrected => {
                let Some(watch) = self.illegal_position else {
                    self.answer(&self.tell(GameSentence::PositionNone, &[]));
                    return;
                };
                if presses <= watch.presses {
                    self.answer(&self.tell(GameSentence::PositionWait, &[]));
                    return;
                }
                self.illegal_position = None;
                if report == IllegalPosition::Corrected {
                    let text = self.tell(GameSentence::PositionCorrected, &[]);
                    self.say(EventKind::Ruling, text, Priority::Answer);
                    return;
                }
                self.stop_clock_on_last_move(now);
                self.end(GameResult::Draw, Termination::IllegalPosition);
            }
        }
    }

    /// A move typed for the side to move that the rules refuse: in the
    /// roles that record what happens on the board (assistant, arbiter) it
    /// is kept, and it is said how the arbiter rules it once it was
    /// completed on the board (7.5.1).
    pub(super) fn note_illegal_typed(&mut self, board: &shakmaty::Chess, text: &str) {
        if self.setup.role == super::Role::Player
            || !matches!(
                crate::notation::read_move(&self.lexicon, &self.pack, board, text),
                crate::notation::Reading::Illegal { .. }
            )
        {
            return;
        }
        let mover = self.position.turn();
        self.illegal_typed = Some((mover, text.to_string()));
        let said = self.tell(GameSentence::IllegalTyped, &[("side", self.side(mover))]);
        // Said with the reason, as one answer.
        match self.events.last_mut() {
            Some(reason) if reason.kind == EventKind::Answer => {
                let text = &mut reason.utterance.text;
                if !text.ends_with(['.', '!', '?']) {
                    text.push('.');
                }
                text.push(' ');
                text.push_str(&said);
            }
            _ => self.answer(&said),
        }
    }
}
