//! Draw offers and claims (Art. 9), resignation (5.1.2), flag fall (6.9),
//! penalties and time adjustments (6.10.2, 7.5.5), notes of touched pieces
//! (D.2.10.5) and adjournment (Guidelines I).

use std::time::Duration;

use shakmaty::{Color, EnPassantMode, Position, fen::Fen};

use super::{ClaimKind, EventKind, Game, Outcome, Result, Step, Termination, idx, rules};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::utterance::Priority;

impl Game {
    /// A draw offer (9.1): recorded as "(=)" with the offerer's move.
    pub(super) fn offer_draw(&mut self) {
        if self.refuse_if_over() {
            return;
        }
        let offerer = self.to_move();
        if self.offer.is_some() {
            self.answer(&self.tell(GameSentence::OfferWaiting, &[]));
            return;
        }
        self.offer = Some(offerer);
        match self.moves.last_mut() {
            Some(last) if last.by == offerer => last.offer = true,
            _ => self.pending.push("(=)".into()),
        }
        let text = self.tell(GameSentence::Offers, &[("side", self.side(offerer))]);
        self.say(EventKind::Offer, text, Priority::Urgent);
    }

    /// The offer is accepted: the game is drawn (5.2.3).
    pub(super) fn accept(&mut self) {
        if self.refuse_if_over() {
            return;
        }
        if self.offer.is_none() {
            self.answer(&self.tell(GameSentence::NoOfferToAccept, &[]));
            return;
        }
        let text = self.tell(GameSentence::Accepted, &[]);
        self.say(EventKind::Offer, text, Priority::Answer);
        self.end(Result::Draw, Termination::Agreement);
    }

    /// The offer is declined.
    pub(super) fn decline(&mut self) {
        match self.offer.take() {
            Some(by) => {
                let text = self.tell(GameSentence::Declined, &[("side", self.side(by))]);
                self.say(EventKind::Offer, text, Priority::Answer);
            }
            None => self.answer(&self.tell(GameSentence::NoOfferToDecline, &[])),
        }
    }

    /// Ends the game; the clock stops.
    fn end(&mut self, result: Result, termination: Termination) {
        self.over(Outcome {
            result,
            termination,
        });
    }

    /// A claim by the player to move (9.2, 9.3), with the intended move if
    /// given (9.2.1.1, 9.3.1). A correct claim draws; a wrong one gives the
    /// opponent two minutes, one in rapid and blitz (9.5.3, A.4.2), and an
    /// intended move must then be made (9.5.2).
    pub(super) fn claim(&mut self, kind: ClaimKind, intended: Option<&str>, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        if self.step != Step::Enter {
            self.answer(&self.tell(GameSentence::ClaimNotNow, &[]));
            return;
        }
        let claimant = self.position.turn();
        let (after, m) = match intended {
            Some(text) => {
                let position = self.position.clone();
                let Some(m) = self.read_on(&position, text) else {
                    return;
                };
                let mut after = position;
                after.play_unchecked(m);
                (after, Some(m))
            }
            None => (self.position.clone(), None),
        };
        let key = rules::position_key(&after);
        let right = match kind {
            ClaimKind::Threefold => {
                let before = self.keys.iter().filter(|k| **k == key).count();
                // The intended move's position counts once more (9.2.1.1).
                before + usize::from(m.is_some()) >= 3
            }
            ClaimKind::FiftyMoves => after.halfmoves() >= 100,
        };
        let rule = match kind {
            ClaimKind::Threefold => "threefold repetition",
            ClaimKind::FiftyMoves => "the 50-move rule",
        };
        let rule_words = match kind {
            ClaimKind::Threefold => self.tell(GameSentence::RuleThreefold, &[]),
            ClaimKind::FiftyMoves => self.tell(GameSentence::RuleFifty, &[]),
        };
        if right {
            let text = self.tell(
                GameSentence::ClaimCorrect,
                &[("side", self.side(claimant)), ("rule", &rule_words)],
            );
            self.say(EventKind::Ruling, text, Priority::Urgent);
            self.stop_clock_on_last_move(now);
            let termination = match kind {
                ClaimKind::Threefold => Termination::ThreefoldClaim,
                ClaimKind::FiftyMoves => Termination::FiftyMoveClaim,
            };
            self.end(Result::Draw, termination);
            return;
        }
        let extra = self.clock.penalty(claimant, now);
        let text = self.tell(
            GameSentence::ClaimIncorrect,
            &[
                ("side", self.side(claimant)),
                ("rule", &rule_words),
                ("opponent", self.side(!claimant)),
                ("time", &self.sentences.minutes(extra.as_secs() / 60)),
            ],
        );
        self.pending.push(format!("incorrect claim of {rule}"));
        self.say(EventKind::Ruling, text, Priority::Urgent);
        if let Some(m) = m {
            self.announce(m, Vec::new(), now);
            if matches!(self.step, Step::Announced(_)) && self.setup.press == super::Press::Auto {
                self.press(now);
            }
        }
    }

    /// A player resigns; a draw if the opponent cannot mate by any legal
    /// sequence (5.1.2).
    pub(super) fn resign(&mut self, player: Color) {
        if self.refuse_if_over() {
            return;
        }
        let result = if !self.cannot_mate(!player) {
            Result::win(!player)
        } else {
            Result::Draw
        };
        let text = self.tell(GameSentence::Resigns, &[("side", self.side(player))]);
        self.say(EventKind::Ruling, text, Priority::Urgent);
        self.end(result, Termination::Resignation);
    }

    /// A flag fall claimed (6.9, D.2.10.5): the player whose flag fell
    /// loses, unless the opponent cannot mate by any legal sequence.
    pub(super) fn claim_flag(&mut self) {
        if self.refuse_if_over() {
            return;
        }
        let Some(flag) = self.clock.flag() else {
            self.answer(&self.tell(GameSentence::NoFlag, &[]));
            return;
        };
        let result = if !self.cannot_mate(!flag.side) {
            Result::win(!flag.side)
        } else {
            Result::Draw
        };
        let text = self.tell(GameSentence::FlagFallen, &[("side", self.side(flag.side))]);
        self.say(EventKind::Ruling, text, Priority::Urgent);
        self.end(result, Termination::FlagFall);
    }

    /// The sighted player touched a piece (D.2.10.5): noted on the score
    /// with the next move.
    pub(super) fn touched(&mut self, note: Option<&str>) {
        let mover = self.to_move();
        let who = self.name(mover);
        let side = self.side(mover);
        let (note, said) = match note.map(str::trim) {
            Some(n) if !n.is_empty() => (
                format!("{who} touched a piece: {n}"),
                self.tell(GameSentence::TouchedNote, &[("side", side), ("note", n)]),
            ),
            _ => (
                format!("{who} touched a piece"),
                self.tell(GameSentence::Touched, &[("side", side)]),
            ),
        };
        self.pending.push(note);
        self.say(EventKind::Answer, said, Priority::Answer);
    }

    /// A completed illegal move (7.5.5): the first gives the opponent two
    /// minutes (one in rapid and blitz); the second loses, unless the
    /// opponent cannot mate by any legal sequence.
    pub(super) fn illegal_move(&mut self, offender: Color, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        self.illegal[idx(offender)] += 1;
        if self.illegal[idx(offender)] >= 2 {
            let result = if !self.cannot_mate(!offender) {
                Result::win(!offender)
            } else {
                Result::Draw
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
        let extra = self.clock.penalty(offender, now);
        let text = self.tell(
            GameSentence::Illegal,
            &[
                ("side", self.side(offender)),
                ("opponent", self.side(!offender)),
                ("time", &self.sentences.minutes(extra.as_secs() / 60)),
            ],
        );
        self.pending
            .push(format!("illegal move by {}", self.name(offender)));
        self.say(EventKind::Ruling, text, Priority::Urgent);
    }

    /// The arbiter adds or removes time (6.10.2).
    pub(super) fn add_time(&mut self, side: Color, seconds: i64, now: Instant) {
        let amount = Duration::from_secs(seconds.unsigned_abs());
        if seconds >= 0 {
            self.clock.add_time(side, amount, now);
        } else {
            self.clock.remove_time(side, amount, now);
        }
        let left = self.words.time_left(self.clock.remaining(side, now));
        let text = self.tell(
            GameSentence::ClockAdjusted,
            &[("side", self.side(side)), ("time", &left)],
        );
        self.say(EventKind::Ruling, text, Priority::Answer);
    }

    /// The player to move seals a move (Guidelines I.1): the clock stops,
    /// the move stays hidden, and the envelope data of I.2 are said.
    pub(super) fn seal(&mut self, text: &str, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        if self.step != Step::Enter || self.diverging {
            self.answer(&self.tell(GameSentence::SealNotNow, &[]));
            return;
        }
        let position = self.position.clone();
        let Some(m) = self.read_on(&position, text) else {
            return;
        };
        self.sealed = Some(m);
        if self.clock.is_started() && !self.clock.is_paused() {
            let _ = self.clock.pause(now);
        }
        self.step = Step::Adjourned;
        let envelope = self.envelope(now);
        self.say(EventKind::Ruling, envelope, Priority::Answer);
    }

    /// What the envelope of a sealed move carries (Guidelines I.2).
    pub fn envelope(&self, now: Instant) -> String {
        let sealer = self.position.turn();
        let fen = Fen::from_position(&self.position, EnPassantMode::Legal);
        let used = |c: Color| self.words.time_used(self.clock.used(c, now));
        // The offer, when one stands, goes into the envelope as a sentence
        // of its own.
        let offer = match self.offer {
            Some(c) => format!(
                " {}",
                self.tell(GameSentence::EnvelopeOffer, &[("side", self.side(c))])
            ),
            None => String::new(),
        };
        self.tell(
            GameSentence::Envelope,
            &[
                ("white_side", self.side(Color::White)),
                ("black_side", self.side(Color::Black)),
                ("white", &self.setup.white),
                ("black", &self.setup.black),
                ("fen", &fen.to_string()),
                ("white_used", &used(Color::White)),
                ("black_used", &used(Color::Black)),
                ("side", self.side(sealer)),
                ("number", &self.position.fullmoves().to_string()),
                ("offer", &offer),
            ],
        )
    }

    /// The adjourned game resumes: the sealed move is opened, made and
    /// announced, and the opponent's clock started (Guidelines I.6).
    pub(super) fn unseal(&mut self, now: Instant) {
        let Some(m) = self.sealed.take().filter(|_| self.step == Step::Adjourned) else {
            self.answer(&self.tell(GameSentence::NoSealed, &[]));
            return;
        };
        self.step = Step::Enter;
        let _ = self.clock.resume(now);
        self.poll_clock(now);
        self.announce(m, vec!["sealed move".into()], now);
        if matches!(self.step, Step::Announced(_)) {
            self.press(now);
        }
    }
}
