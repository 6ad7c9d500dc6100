//! The joined seats (D.2.11): what a seat typed is entered as a typed
//! line is, for that seat's side, in its turn among the requests; joining
//! and leaving are shown and said at the main seat; every seat is sent
//! what it shows after each change and what the game announces.

use super::{GameHost, Kind, Waiting};
use crate::Report;
use crate::game::EventKind;
use crate::notation::pack::LineSentence;
use crate::printable::printable;
use crate::seat::SeatEvent;
use crate::seat::reply::{SeatReply, reply};
use crate::seat::server::{joined_sentence, left_sentence};
use crate::utterance::Priority;
use zweibrett_core::seat::SeatRole;

/// Whether `reports` are nothing but answers: the game refused the
/// command and nothing changed.
pub(super) fn refused_only(reports: &[Report]) -> bool {
    !reports.is_empty()
        && reports
            .iter()
            .all(|r| matches!(r, Report::Event { event, .. } if event.kind == EventKind::Answer))
}

impl GameHost {
    /// Takes what came from the seats, to be carried out in its turn.
    pub(super) fn serve_seats(&mut self) {
        let now = self.now();
        let Some(seats) = &mut self.seats else {
            return;
        };
        for event in seats.poll(self.session.game(), now) {
            let at = match &event {
                SeatEvent::Line { at, .. } => self.session.instant(*at),
                _ => now,
            };
            self.waiting.push_back((Waiting::Seat(event), at));
        }
    }

    /// Carries out one event of the seats.
    pub(super) fn seat_event(&mut self, event: SeatEvent) {
        match event {
            SeatEvent::Joined(role) => self.seat_said(joined_sentence(role)),
            SeatEvent::Left(role) => self.seat_said(left_sentence(role)),
            SeatEvent::Line { role, text, at } => {
                let at = self.session.instant(at);
                match reply(self.session.game(), role, &text) {
                    SeatReply::Enter(command) => self.enter_from(&command, at, Some(role)),
                    SeatReply::Answer(lines) => {
                        if let Some(seats) = &mut self.seats {
                            for line in lines {
                                seats.say_to(role, &line);
                            }
                        }
                    }
                    SeatReply::Ruling(lines) => {
                        for line in lines {
                            self.at_seats(&line);
                            self.show_said(
                                Kind::Audit,
                                printable(&line).into_owned(),
                                Priority::Answer,
                            );
                        }
                    }
                    SeatReply::Nothing => {}
                }
            }
        }
    }

    /// Says `reports`, the game's refusal of what the seat `role` typed,
    /// at that seat only.
    pub(super) fn answer_seat(&mut self, role: SeatRole, reports: &[Report]) {
        let Some(seats) = &mut self.seats else {
            return;
        };
        for report in reports {
            if let Report::Event { event, .. } = report {
                seats.say_to(role, &printable(&event.utterance.text));
            }
        }
    }

    /// Shows and says at the main seat that a seat joined or left; the
    /// prompt follows, since who enters the move now may have changed.
    fn seat_said(&mut self, key: crate::notation::pack::SeatSentence) {
        let text = self.session.game().pack().seat_sentences().say(key, &[]);
        self.show_said(Kind::Seat, printable(&text).into_owned(), Priority::Answer);
        self.prompt_owed = true;
    }

    /// Says at every seat what the main seat says.
    pub(super) fn at_seats(&mut self, text: &str) {
        if let Some(seats) = &mut self.seats {
            seats.say(text);
        }
    }

    /// Sends every seat what it shows, when it changed.
    pub(super) fn show_seats(&mut self) {
        let now = self.now();
        if let Some(seats) = &mut self.seats {
            seats.show(self.session.game(), now);
        }
    }

    /// The player has read, on the braille display, the move that made the
    /// game `moves` moves long: the opponent's seat and the arbiter's see
    /// it, in the pack's words ("Weiß hat 12... Sf6 gelesen").
    pub fn read_on_display(&mut self, moves: usize) {
        let Some(index) = moves.checked_sub(1) else {
            return;
        };
        let Some(played) = self.session.game().moves().get(index) else {
            return;
        };
        let number = crate::notation::MoveNumber::after(self.session.game().start(), index);
        // The player at the keyboard reads; when both players are, the
        // one who did not make the move.
        let side = self.session.game().keyboard_player().unwrap_or(!played.by);
        let reader = self.session.game().words().side(side).to_string();
        let text = self.session.game().pack().line_sentences().say(
            LineSentence::BrailleRead,
            &[
                ("side", &reader),
                ("move", &format!("{number} {}", played.san)),
            ],
        );
        self.at_seats(&text);
    }

    /// Tells every seat the game ended with `result`.
    pub(super) fn close_seats(&mut self, result: &str) {
        if let Some(seats) = &mut self.seats {
            seats.close_with(result);
        }
    }
}
