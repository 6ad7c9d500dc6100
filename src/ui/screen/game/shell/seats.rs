//! The joined seats of a game on the full screen (D.2.11): what a seat
//! typed is entered as a typed line is, for that seat's side; joining and
//! leaving are shown in the log and said; every seat is sent what it shows
//! after each change and what the main seat says.

use std::collections::VecDeque;

use super::super::Effect;
use super::Shell;
use crate::notation::pack::SeatSentence;
use crate::seat::reply::{SeatReply, reply};
use crate::seat::server::{joined_sentence, left_sentence};
use crate::seat::{SeatEvent, SeatRole, SeatServer};
use crate::speech::{Priority, Utterance};

/// The seats of the game, if seats may join, and what came from them and
/// waits for a command to be on disk.
#[derive(Default)]
pub(super) struct Seats {
    server: Option<SeatServer>,
    waiting: VecDeque<SeatEvent>,
}

impl Seats {
    /// Seats joining through `server`.
    pub(super) fn new(server: Option<SeatServer>) -> Seats {
        Seats {
            server,
            waiting: VecDeque::new(),
        }
    }

    /// Says `text` at every seat: what the main seat says.
    pub(super) fn say(&mut self, text: &str) {
        if let Some(server) = &mut self.server {
            server.say(text);
        }
    }
}

impl Shell {
    /// Carries out what came from the seats, in order, up to the first
    /// command for the game (the rest waits until it is on disk); then
    /// sends each seat what it shows, and closes them when the game is over.
    pub(super) fn serve_seats(&mut self) {
        let Some(server) = &mut self.seats.server else {
            return;
        };
        let now = self.state.game.now();
        let events = server.poll(&self.state.game, now);
        self.seats.waiting.extend(events);
        while !self.state.game.has_pending() {
            let Some(event) = self.seats.waiting.pop_front() else {
                break;
            };
            match event {
                SeatEvent::Joined(role) => {
                    self.state.opponent_seated |= role == SeatRole::Opponent;
                    self.seat_said(joined_sentence(role));
                }
                SeatEvent::Left(role) => {
                    if role == SeatRole::Opponent {
                        self.state.opponent_seated = false;
                    }
                    self.seat_said(left_sentence(role));
                }
                SeatEvent::Line { role, text, at } => {
                    let at = self.state.game.instant(at);
                    match reply(&self.state.game, role, &text) {
                        SeatReply::Enter(command) => {
                            self.carry_out(vec![Effect::Record(command)], at);
                        }
                        SeatReply::Answer(lines) => {
                            if let Some(server) = &mut self.seats.server {
                                for line in lines {
                                    server.say_to(role, &line);
                                }
                            }
                        }
                        SeatReply::Ruling(lines) => {
                            for line in lines {
                                self.state.log.push(line.clone());
                                self.state.changed = true;
                                let said = Utterance::new(line, Priority::Answer);
                                self.carry_out(vec![Effect::Speak(said)], at);
                            }
                        }
                        SeatReply::Nothing => {}
                    }
                }
            }
        }
        let now = self.state.game.now();
        let Some(server) = &mut self.seats.server else {
            return;
        };
        server.show(&self.state.game, now);
        if let Some(outcome) = self.state.game.outcome() {
            server.close_with(outcome.result.pgn());
        }
    }

    /// Shows in the log and says that a seat joined or left.
    fn seat_said(&mut self, key: SeatSentence) {
        let text = self.state.game.pack().seat_sentences().say(key, &[]);
        self.state.log.push(text.clone());
        self.state.changed = true;
        let now = self.state.game.now();
        let mut said = vec![Effect::Speak(Utterance::new(text, Priority::Answer))];
        // The opponent sitting down or leaving may change who enters the
        // move now: the step is said again when it reads differently.
        let status = self.state.status();
        said.extend(
            self.state
                .spoken
                .to_say_status(status, &[])
                .map(Effect::Speak),
        );
        self.carry_out(said, now);
    }
}
