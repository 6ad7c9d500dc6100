//! Adjournment (Guidelines I): the sealed move kept secret until the
//! envelope is opened with the responder present (I.1.1, I.7), the
//! envelope's data with the date, time and place the arbiter gives
//! (I.2), and the resumption with the right clock running whoever is
//! absent (I.9).

use std::time::Duration;

use shakmaty::{Color, EnPassantMode, Position, fen::Fen};

use super::{EventKind, Game, Step, idx};
use crate::clock::Instant;
use crate::game::words::GameSentence;
use crate::notation::pack::LineSentence;
use crate::utterance::Priority;

/// What the adjournment holds besides the sealed move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Adjournment {
    /// The date, time and place of resumption, as the arbiter gave them
    /// (I.2.7).
    pub resumption: Option<String>,
    /// The sealed move's press was made before the envelope was opened:
    /// the responder's clock started in their absence (I.9.2), or the
    /// responder sealed their reply and started the absent player's clock
    /// (I.9.3). Holds the time the sealer had used before it.
    pub pressed: Option<Duration>,
    /// A sealed move was just opened and its responder has not moved
    /// yet: a seal now is the reply of I.9.3.
    pub opened: bool,
}

impl Game {
    /// The player to move seals a move (Guidelines I.1): the clock stops,
    /// the move stays hidden, and the envelope data of I.2 are said. The
    /// reply to a sealed move just opened, its sealer absent, is sealed in
    /// a new envelope and starts the absent player's clock instead (I.9.3).
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
        let sealer = self.position.turn();
        let running = self.clock.is_started() && !self.clock.is_paused();
        if std::mem::take(&mut self.adjournment.opened) && running {
            let used_before = self.clock.history().last().map(|s| s.used[idx(sealer)]);
            if let Err(e) = self.clock.press(now) {
                let reason = self.sentences.clock_refusal(&e);
                self.answer(&self.tell(GameSentence::PressRefused, &[("reason", &reason)]));
                return;
            }
            self.sealed = Some(m);
            self.adjournment.pressed = Some(used_before.unwrap_or(Duration::ZERO));
            self.step = Step::Adjourned;
            let mut text = self.envelope(now);
            text.push(' ');
            text.push_str(&self.tell(GameSentence::ReplySealed, &[("side", self.side(!sealer))]));
            self.say(EventKind::Ruling, text, Priority::Answer);
            return;
        }
        self.sealed = Some(m);
        if running {
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
        let mut text = self.tell(
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
        );
        if let Some(when) = &self.adjournment.resumption {
            text.push(' ');
            text.push_str(&self.tell(GameSentence::ResumptionSet, &[("when", when)]));
        }
        text
    }

    /// The arbiter gives the date, time and place of resumption (I.2.7):
    /// written into the envelope and said back.
    pub(super) fn set_resumption(&mut self, text: &str) {
        let when = text.trim();
        if self.step != Step::Adjourned || when.is_empty() {
            self.answer(&self.tell(GameSentence::NoSealed, &[]));
            return;
        }
        self.adjournment.resumption = Some(when.to_string());
        let said = self.tell(GameSentence::ResumptionSet, &[("when", when)]);
        self.say(EventKind::Ruling, said, Priority::Answer);
    }

    /// The clock is restarted while the game is adjourned: the responder
    /// is not there at the time of resumption, so their clock runs while
    /// the sealed move stays in its envelope (I.9.2). Once it runs, a
    /// pause and a resume are the clock's own.
    pub(super) fn resume_adjourned(&mut self, now: Instant) {
        if self.adjournment.pressed.is_some() {
            if let Err(e) = self.clock.resume(now) {
                let reason = self.sentences.clock_refusal(&e);
                self.answer(&self.tell(GameSentence::ResumeRefused, &[("reason", &reason)]));
            }
            return;
        }
        let sealer = self.position.turn();
        let used_before = self.clock.history().last().map(|s| s.used[idx(sealer)]);
        let started = match self.clock.is_started() {
            true => self.clock.resume(now),
            false => self.clock.start(now),
        }
        .and_then(|()| self.clock.press(now));
        if let Err(e) = started {
            let reason = self.sentences.clock_refusal(&e);
            self.answer(&self.tell(GameSentence::ResumeRefused, &[("reason", &reason)]));
            return;
        }
        self.adjournment.pressed = Some(used_before.unwrap_or(Duration::ZERO));
        let said = self.tell(
            GameSentence::ResponderClockRuns,
            &[("side", self.side(!sealer))],
        );
        self.say(EventKind::Ruling, said, Priority::Answer);
    }

    /// The envelope is opened with the responder present (I.7): the sealed
    /// move is made and announced, and the responder's clock runs (I.9.1);
    /// when it already ran in their absence, it restarts (I.9.2), and a
    /// reply sealed with its sealer absent is made on their clock (I.9.3).
    pub(super) fn unseal(&mut self, now: Instant) {
        let Some(m) = self.sealed.take().filter(|_| self.step == Step::Adjourned) else {
            self.answer(&self.tell(GameSentence::NoSealed, &[]));
            return;
        };
        self.step = Step::Enter;
        // The score's note, in the pack's words like the rest of it.
        let note = self
            .pack
            .line_sentences()
            .say(LineSentence::NoteSealed, &[]);
        let sealer = self.position.turn();
        match self.adjournment.pressed.take() {
            None => {
                let _ = self.clock.resume(now);
                self.poll_clock(now);
                self.announce(m, vec![note], now);
                if matches!(self.step, Step::Announced(_)) {
                    self.press(now);
                }
            }
            Some(used_before) => {
                if self.clock.is_paused() {
                    let _ = self.clock.resume(now);
                }
                self.poll_clock(now);
                self.announce(m, vec![note], now);
                match self.provisional.take() {
                    Some(outcome) => self.finish(outcome, now),
                    None if matches!(self.step, Step::Announced(_)) => {
                        self.completed_by_press(m, sealer, Some(used_before), now);
                    }
                    None => {}
                }
            }
        }
        self.adjournment.resumption = None;
        self.adjournment.opened = self.outcome().is_none();
    }
}
