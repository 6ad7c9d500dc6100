//! Moves said aloud in a plain-mode game (D.2.1): what the listener heard
//! goes the way of a typed line, timed when the speaker stopped, and is
//! shown as `heard:`; a question or "not understood" is said and nothing
//! is done.

use crate::hearing::game::{GameListener, Outcome};
use crate::hearing::listen::Listener;
use crate::printable::printable;
use crate::speech::{Announce, Earcon, Priority, Utterance};
use crate::table::{Line, parse_typed_line};

use super::PlainGame;

impl<A: Announce> PlainGame<A> {
    /// Listens for spoken moves and commands through `listener`.
    pub fn with_listener(mut self, listener: Option<Listener>) -> Self {
        self.listener = listener.map(GameListener::new);
        self
    }

    /// Whether the game listens: the loop then looks for what was heard
    /// often.
    pub(super) fn is_listening(&self) -> bool {
        self.listener.as_ref().is_some_and(GameListener::works)
    }

    /// Carries out what the listener heard. False when the journal has
    /// stopped.
    pub(super) fn serve_listener(&mut self) -> bool {
        let Some(listener) = &mut self.listener else {
            return true;
        };
        let position = self.session.game().position().clone();
        let Some(outcome) = listener.poll(self.session.pack(), &position) else {
            return true;
        };
        match outcome {
            Outcome::Enter { text, ended } => {
                println!("heard: {}", printable(&text));
                let at = self.session.instant(ended);
                match parse_typed_line(self.session.pack(), self.session.lexicon(), &text) {
                    Line::Game(command) => self.submit(command, at),
                    _ => true,
                }
            }
            Outcome::Say {
                text,
                not_understood,
            } => {
                println!("answer: {}", printable(&text));
                let said = Utterance::new(text, Priority::Answer);
                self.speak(if not_understood {
                    said.with_earcon(Earcon::NotUnderstood)
                } else {
                    said
                });
                true
            }
        }
    }
}
