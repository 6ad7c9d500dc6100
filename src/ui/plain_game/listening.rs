//! Moves said aloud in a plain-mode game (D.2.1): what the listener heard
//! goes the way of a typed line, timed when the speaker stopped, and is
//! shown as `heard:`; a question or "not understood" is said and nothing
//! is done.

use crate::hearing::game::{GameListener, Outcome};
use crate::hearing::listen::ListenPlan;
use crate::printable::printable;
use crate::speech::{Announce, Earcon, Priority, Utterance};
use crate::table::{Line, parse_typed_line};

use super::PlainGame;

impl<A: Announce> PlainGame<A> {
    /// Listens for spoken moves and commands as `plan` says.
    pub fn with_listener(mut self, plan: Option<ListenPlan>) -> Self {
        let pack = self.session.pack().clone();
        self.listener = plan.map(|plan| GameListener::new(&plan, &pack));
        self
    }

    /// The `listen` command: starts listening, or stops.
    pub(super) fn toggle_listening(&mut self) {
        let pack = self.session.pack().clone();
        let text = match &mut self.listener {
            Some(listener) => listener.toggle(&pack),
            None => None,
        };
        let text = text.unwrap_or_else(|| {
            pack.line_sentences().say(
                zweibrett_core::notation::pack::LineSentence::ListenNotStarted,
                &[],
            )
        });
        println!("answer: {}", printable(&text));
        self.speak(Utterance::new(text, Priority::Answer));
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
        let Some(outcome) = listener.poll(self.session.game()) else {
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
