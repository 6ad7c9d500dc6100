//! The joined seats of a plain-mode game (D.2.11): what a seat typed is
//! entered as a typed line is, for that seat's side; joining and leaving
//! are said on the main seat; every seat is sent what it shows after each
//! change and what the main seat says.

use crate::printable::printable;
use crate::seat::reply::{SeatReply, reply};
use crate::seat::server::{joined_sentence, left_sentence};
use crate::seat::{SeatEvent, SeatRole, SeatServer};
use crate::speech::{Announce, Priority, Utterance};
use crate::table::seat_line::opponent_enters;

use super::PlainGame;

impl<A: Announce> PlainGame<A> {
    /// Lets seats join the game through `seats`: the opponent's, the
    /// arbiter's, the assistant's (`zweibrett join`).
    pub fn with_seats(mut self, seats: Option<SeatServer>) -> Self {
        self.seats = seats;
        self
    }

    /// Whether a seat has joined: the loop then looks for its lines
    /// often; a seat asking to join waits for the loop's usual wake.
    pub(super) fn has_seats(&self) -> bool {
        self.seats.as_ref().is_some_and(SeatServer::any)
    }

    /// Carries out what came from the seats, in order, up to the first
    /// command for the game: the rest waits until it is on disk, so that
    /// it acts on the game as that command leaves it. False when the
    /// journal has stopped.
    pub(super) fn serve_seats(&mut self) -> bool {
        if let Some(seats) = &mut self.seats {
            let now = self.session.now();
            self.seat_queue.extend(seats.poll(&self.session, now));
        }
        while let Some(event) = self.seat_queue.pop_front() {
            match event {
                SeatEvent::Joined(role) => self.seat_said(&joined_sentence(role), role),
                SeatEvent::Left(role) => self.seat_said(&left_sentence(role), role),
                SeatEvent::Line { role, text, at } => {
                    let at = self.session.instant(at);
                    if let Some(command) = self.seat_typed(role, &text) {
                        if !self.submit(command, at) {
                            return false;
                        }
                        break;
                    }
                }
            }
        }
        self.show_seats();
        true
    }

    /// Shows and says on the main seat that a seat of `role` joined or
    /// left, and what the prompt then is.
    fn seat_said(&mut self, key: &crate::notation::pack::SeatSentence, _role: SeatRole) {
        let text = self.session.pack().seat_sentences().say(*key, &[]);
        println!("seat: {}", printable(&text));
        self.speak(Utterance::new(text, Priority::Answer));
        self.show_prompt();
    }

    /// What the line `text` typed at the seat of `role` does: a command
    /// for the game to enter, or nothing more once answered.
    fn seat_typed(&mut self, role: SeatRole, text: &str) -> Option<crate::game::Command> {
        match reply(&self.session, role, text) {
            SeatReply::Enter(command) => return Some(command),
            SeatReply::Answer(lines) => {
                if let Some(seats) = &mut self.seats {
                    for line in lines {
                        seats.say_to(role, &line);
                    }
                }
            }
            SeatReply::Ruling(lines) => {
                for line in lines {
                    println!("audit: {}", printable(&line));
                    self.speak(Utterance::new(line.clone(), Priority::Answer));
                    self.say_at_seats(&line);
                }
            }
            SeatReply::Nothing => {}
        }
        None
    }

    /// Says at every seat what the main seat says or shows.
    pub(super) fn say_at_seats(&mut self, text: &str) {
        if let Some(seats) = &mut self.seats {
            seats.say(text);
        }
    }

    /// Sends every seat what it shows, when it changed.
    pub(super) fn show_seats(&mut self) {
        if let Some(seats) = &mut self.seats {
            let now = self.session.now();
            seats.show(&self.session, now);
        }
    }

    /// Tells every seat the game ended with `result`.
    pub(super) fn close_seats(&mut self, result: &str) {
        if let Some(seats) = &mut self.seats {
            seats.close_with(result);
        }
    }

    /// The status line while the opponent, joined at their own seat, is
    /// to enter their move there; `None` otherwise.
    pub(super) fn opponent_at_seat(&self) -> Option<String> {
        let seats = self.seats.as_ref()?;
        if !seats.has(SeatRole::Opponent) {
            return None;
        }
        opponent_enters(&self.session)
    }
}
