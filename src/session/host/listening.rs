//! Moves said aloud (D.2.1): what the listener heard waits its turn among
//! the requests, timed when the speaker stopped.

use super::{GameHost, Waiting};
use crate::hearing::game::Outcome;

impl GameHost {
    /// Takes what the listener heard, to be carried out in its turn; the
    /// listener is kept on the grammar of the position as it stands.
    pub(super) fn serve_listener(&mut self) {
        let Some(listener) = &mut self.listener else {
            return;
        };
        let Some(outcome) = listener.poll(self.session.game()) else {
            return;
        };
        let at = match &outcome {
            Outcome::Enter { ended, .. } => self.session.instant(*ended),
            Outcome::Say { .. } => self.now(),
        };
        self.waiting.push_back((Waiting::Heard(outcome), at));
    }
}
