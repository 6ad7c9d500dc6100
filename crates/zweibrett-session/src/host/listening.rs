//! Moves said aloud (D.2.1): what the listener heard waits its turn among
//! the requests, timed when the speaker stopped. The listener itself
//! (microphone, recogniser) is the program's; the host sees it through
//! [`Listening`].

use super::{GameHost, Waiting};
use crate::game::Game;
use crate::notation::VoicePack;
use crate::wake::Waker;

/// What the listener heard, for the host to carry out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listened {
    /// Enter `text` as a typed line, at `ended` (when the speaker stopped).
    Enter {
        /// The phrase heard, as the pack writes it.
        text: String,
        /// When the speaker stopped.
        ended: std::time::Instant,
    },
    /// Say this; nothing was done.
    Say {
        /// The sentence.
        text: String,
        /// It says that something was not understood (the earcon).
        not_understood: bool,
    },
}

/// A listener for spoken moves and commands, as the host uses it.
pub trait Listening {
    /// The listening key: starts listening, or stops it. The sentence that
    /// says so, in `pack`'s words; once listening has failed, why it
    /// cannot listen. `None` only when it says nothing.
    fn toggle(&mut self, pack: &VoicePack) -> Option<String>;

    /// Keeps the grammar that of `game`'s position and gives what was
    /// heard, if anything.
    fn poll(&mut self, game: &Game) -> Option<Listened>;

    /// What rings the host when something was heard.
    fn waker(&self) -> &Waker;

    /// A typed line as the answer to a question the listener asked (the
    /// pack's yes or no to a move heard); none when it is no answer.
    fn answer(&mut self, _game: &Game, _text: &str) -> Option<Listened> {
        None
    }
}

impl GameHost {
    /// Takes what the listener heard, to be carried out in its turn; the
    /// listener is kept on the grammar of the position as it stands.
    pub(super) fn serve_listener(&mut self) {
        let Some(listener) = &mut self.listener else {
            return;
        };
        let Some(heard) = listener.poll(self.session.game()) else {
            return;
        };
        let at = match &heard {
            Listened::Enter { ended, .. } => self.session.instant(*ended),
            Listened::Say { .. } => self.now(),
        };
        self.waiting.push_back((Waiting::Heard(heard), at));
    }
}
