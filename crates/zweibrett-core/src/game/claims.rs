//! Draw offers and claims (Art. 9), resignation (5.1.2), flag fall (6.9),
//! penalties and time adjustments (6.10.2, 7.5.5), notes of touched pieces
//! (D.2.10.5) and adjournment (Guidelines I).

use std::time::Duration;

use shakmaty::san::SanPlus;
use shakmaty::{Color, Position};

use super::{ClaimKind, EventKind, Game, GameResult, Outcome, Step, Termination, rules};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::notation::MoveNumber;
use crate::notation::pack::LineSentence;
use crate::utterance::Priority;

/// A correct claim of 9.2 or 9.3 as the record keeps it (9.2.1, 9.3.1):
/// its kind, the intended move written on the score but not made, and for
/// a repetition the positions at which the same position stood before, so
/// that the arbiter can check the claim from the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClaimRecord {
    /// Threefold repetition or the 50-move rule.
    pub kind: ClaimKind,
    /// The intended move: its number and SAN (English letters).
    pub intended: Option<(MoveNumber, String)>,
    /// For a repetition, the half-moves after which the same position
    /// stood before, counted from the start (0: the starting position).
    pub stood_after: Vec<usize>,
}

impl Game {
    /// Who makes an offer typed without a side (9.1.2.1): after a move,
    /// the mover, also when the press followed the move at once; otherwise
    /// the player to move, before moving.
    fn offerer(&self) -> Color {
        let last = self.moves.last().map(|p| p.by);
        match (&self.step, self.setup.press, last) {
            (Step::Repeat(_), super::Press::Auto, Some(mover)) => mover,
            (Step::Enter, super::Press::Auto, Some(mover))
                if self.repetition() == super::Repetition::Off =>
            {
                mover
            }
            _ => self.to_move(),
        }
    }

    /// A draw offer (9.1.2.1): recorded as "(=)" with the offerer's move
    /// when made after it, else with the offerer's next move (9.1.2.2).
    pub(super) fn offer_draw(&mut self, by: Option<Color>) {
        if self.refuse_if_over() {
            return;
        }
        let offerer = by.unwrap_or_else(|| self.offerer());
        if self.offer.is_some() {
            self.answer(&self.tell(GameSentence::OfferWaiting, &[]));
            return;
        }
        self.offer = Some(offerer);
        match self.moves.last_mut() {
            // The offerer's own move is the last one: the offer goes with it.
            Some(last) if last.by == offerer => last.offer = true,
            _ => self.offer_with_next_move = true,
        }
        let text = self.tell(GameSentence::Offers, &[("side", self.side(offerer))]);
        self.say(EventKind::Offer, text, Priority::Urgent);
    }

    /// Whether `answerer` may answer the standing offer; says why not.
    /// Only the opponent of its maker answers an offer (9.1.2.1).
    fn may_answer(&mut self, answerer: Option<Color>, refusal: GameSentence) -> Option<Color> {
        let offerer = self.offer?;
        if answerer == Some(offerer) {
            let text = self.tell(refusal, &[("side", self.side(offerer))]);
            self.answer(&text);
            return None;
        }
        Some(offerer)
    }

    /// The offer is accepted by the player who did not make it: the game
    /// is drawn, provided both players have made at least one move (5.2.3).
    pub(super) fn accept(&mut self, by: Option<Color>) {
        if self.refuse_if_over() {
            return;
        }
        if self.offer.is_none() {
            self.answer(&self.tell(GameSentence::NoOfferToAccept, &[]));
            return;
        }
        if self.may_answer(by, GameSentence::OwnOffer).is_none() {
            return;
        }
        // Moves before the starting position count: a game carried over
        // from move 80 may be drawn at once (5.2.3).
        let moved =
            |c: Color| self.moves_before_start(c) > 0 || self.moves.iter().any(|p| p.by == c);
        if !moved(Color::White) || !moved(Color::Black) {
            self.answer(&self.tell(GameSentence::AcceptTooEarly, &[]));
            return;
        }
        let text = self.tell(GameSentence::Accepted, &[]);
        self.say(EventKind::Offer, text, Priority::Answer);
        self.end(GameResult::Draw, Termination::Agreement);
    }

    /// The offer is declined by the player who did not make it; its maker
    /// cannot withdraw it (9.1.2.1).
    pub(super) fn decline(&mut self, by: Option<Color>) {
        if self.offer.is_none() {
            self.answer(&self.tell(GameSentence::NoOfferToDecline, &[]));
            return;
        }
        let Some(offerer) = self.may_answer(by, GameSentence::OfferNotWithdrawn) else {
            return;
        };
        self.offer = None;
        self.offer_with_next_move = false;
        let text = self.tell(GameSentence::Declined, &[("side", self.side(offerer))]);
        self.say(EventKind::Offer, text, Priority::Answer);
    }

    /// Ends the game; the clock stops.
    pub(super) fn end(&mut self, result: GameResult, termination: Termination) {
        self.over(Outcome {
            result,
            termination,
        });
    }

    /// A claim by the player to move (9.2, 9.3), with the intended move if
    /// given, written on the score and not to be changed (9.2.1, 9.3.1). A
    /// correct claim draws; a wrong one gives the opponent two minutes, one
    /// in rapid and blitz (9.5.3, A.3), stands as a draw offer (9.1.2.3),
    /// and its intended move is then made (9.5.3).
    pub(super) fn claim(&mut self, kind: ClaimKind, intended: Option<&str>, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        if self.step != Step::Enter || self.diverging {
            self.answer(&self.tell(GameSentence::ClaimNotNow, &[]));
            return;
        }
        let claimant = self.position.turn();
        // A player who touched a piece on this move has lost the right to
        // claim on it (9.4).
        if self.touched_this_move(claimant) {
            let text = self.tell(
                GameSentence::ClaimAfterTouch,
                &[("side", self.side(claimant))],
            );
            self.answer(&text);
            return;
        }
        let (after, m) = match intended {
            Some(text) => {
                let position = self.position.clone();
                let Some(m) = self.read_on(&position, text) else {
                    return;
                };
                if !self.touch_allows(m) {
                    return;
                }
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
                // The intended move's position counts once more (9.2.1).
                before + usize::from(m.is_some()) >= 3
            }
            ClaimKind::FiftyMoves => after.halfmoves() >= 100,
        };
        let rule_words = match kind {
            ClaimKind::Threefold => self.tell(GameSentence::RuleThreefold, &[]),
            ClaimKind::FiftyMoves => self.tell(GameSentence::RuleFifty, &[]),
        };
        if right {
            self.claim_record = Some(ClaimRecord {
                kind,
                intended: m.map(|m| {
                    let number = MoveNumber::of(&self.position);
                    let san = SanPlus::from_move(self.position.clone(), m).to_string();
                    (number, san)
                }),
                stood_after: match kind {
                    // The position on the board now is not "before".
                    ClaimKind::Threefold => (0..self.keys.len() - usize::from(m.is_none()))
                        .filter(|&ply| self.keys[ply] == key)
                        .collect(),
                    ClaimKind::FiftyMoves => Vec::new(),
                },
            });
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
            self.end(GameResult::Draw, termination);
            return;
        }
        // The intended move is made on a running clock, as any move (6.6).
        if m.is_some() && !self.clock.is_started() {
            let _ = self.clock.start(now);
            self.poll_clock(now);
        }
        let extra = self.give_penalty(claimant, now);
        let text = self.tell(
            GameSentence::ClaimIncorrect,
            &[
                ("side", self.side(claimant)),
                ("rule", &rule_words),
                ("opponent", self.side(!claimant)),
                ("time", &self.sentences.minutes(extra.as_secs() / 60)),
            ],
        );
        self.say(EventKind::Ruling, text, Priority::Urgent);
        // A claim is a draw offer (9.1.2.3), with the move it goes with.
        if self.offer.is_none() {
            self.offer_draw(Some(claimant));
        }
        match m {
            Some(m) => {
                let note = self
                    .pack
                    .line_sentences()
                    .say(LineSentence::NoteClaimMove, &[("rule", &rule_words)]);
                self.announce(m, vec![note], now);
                if matches!(self.step, Step::Announced(_)) {
                    self.claimed_move = Some(self.moves.len() - 1);
                }
                self.auto_press(now);
            }
            None => {
                let note = self
                    .pack
                    .line_sentences()
                    .say(LineSentence::NoteClaim, &[("rule", &rule_words)]);
                self.pending.push(note);
            }
        }
    }

    /// A player resigns; a draw if the opponent cannot mate by any legal
    /// sequence (5.1.2).
    pub(super) fn resign(&mut self, player: Option<Color>) {
        if self.refuse_if_over() {
            return;
        }
        let Some(player) = player.or_else(|| self.keyboard_player()) else {
            self.answer(&self.tell(GameSentence::ResignWhose, &[]));
            return;
        };
        let result = if !self.cannot_mate(!player) {
            GameResult::win(!player)
        } else {
            GameResult::Draw
        };
        let text = self.tell(GameSentence::Resigns, &[("side", self.side(player))]);
        self.say(EventKind::Ruling, text, Priority::Urgent);
        self.end(result, Termination::Resignation);
    }

    /// A flag fall claimed (6.9, D.2.10.5, A.5.3): the claim stops the
    /// clocks, and the player whose flag fell loses, unless the opponent
    /// cannot mate by any legal sequence.
    pub(super) fn claim_flag(&mut self, now: Instant) {
        if self.refuse_if_over() {
            return;
        }
        let Some(flag) = self.clock.flag() else {
            self.answer(&self.tell(GameSentence::NoFlag, &[]));
            return;
        };
        let result = if !self.cannot_mate(!flag.side) {
            GameResult::win(!flag.side)
        } else {
            GameResult::Draw
        };
        // The end of the game says whose flag fell (6.9).
        self.stop_clock_on_last_move(now);
        self.end(result, Termination::FlagFall);
    }

    /// The arbiter adds or removes time (6.10.2); time that would make the
    /// clock show more than [`super::MOST_CLOCK_SECONDS`] is refused, as
    /// is more than [`super::MOST_TIME_ADDED_SECONDS`] at once (which the
    /// typed line never gives).
    pub(super) fn add_time(&mut self, side: Color, seconds: i64, now: Instant) {
        let amount = Duration::from_secs(seconds.unsigned_abs());
        let most = Duration::from_secs(super::MOST_CLOCK_SECONDS);
        if seconds.unsigned_abs() > super::MOST_TIME_ADDED_SECONDS
            || (seconds > 0 && self.clock.remaining(side, now).saturating_add(amount) > most)
        {
            self.refuse_clock_beyond_bound(side);
            return;
        }
        if seconds >= 0 {
            self.clock.add_time(side, amount, now);
        } else {
            self.clock.remove_time(side, amount, now);
        }
        self.keep_time_given(side, amount, seconds < 0);
        self.say_clock_adjusted(side, now);
    }

    /// Refuses a change that would make a clock show more than it may.
    pub(super) fn refuse_clock_beyond_bound(&mut self, side: Color) {
        let text = self.tell(GameSentence::ClockBeyondBound, &[("side", self.side(side))]);
        self.answer(&text);
    }

    /// Says what a player's clock shows after the arbiter changed it
    /// (6.10.2).
    pub(super) fn say_clock_adjusted(&mut self, side: Color, now: Instant) {
        let left = self.words.time_left(self.clock.remaining(side, now));
        let text = self.tell(
            GameSentence::ClockAdjusted,
            &[("side", self.side(side)), ("time", &left)],
        );
        self.say(EventKind::Ruling, text, Priority::Answer);
    }
}
