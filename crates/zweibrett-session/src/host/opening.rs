//! How a game opens and how it is left: what it says first, and the leave
//! sequence that `quit`, the end of input and an ending signal share.

use super::{GameHost, Kind, RULING_WAIT};
use crate::game::Command;
use crate::notation::pack::LineSentence;
use crate::utterance::Priority;
use crate::voice::Announce;

impl GameHost {
    /// What the game says as it opens, before any request: for a resumed
    /// game where it stands (and its running clock stopped where the
    /// journal last saw it, 6.11); the sentences the pack lacks; the time
    /// control (D.2.6.1); the result of a position already decided
    /// (5.1.1, 5.2.1, 5.2.2); then the prompt.
    pub fn open(&mut self, resumed: bool) {
        self.voice_notices();
        if resumed {
            let text = self.session.resumed();
            self.show_said(Kind::Answer, text, Priority::Answer);
            if let Some(pause) = self.session.pause_if_running() {
                let now = self.now();
                self.enter(&pause, now);
            }
            // Both clocks as they stand, said with where the game stands.
            let time = self.session.game().time_said(self.now());
            self.say(time);
        }
        let pack = self.session.game().pack();
        let missing = pack.missing_sentences();
        if !missing.is_empty() {
            let text = pack.line_sentences().say_count(
                LineSentence::MissingSentences,
                missing.len() as u64,
                &[
                    ("count", &missing.len().to_string()),
                    ("keys", &missing.join(", ")),
                ],
            );
            self.show_said(Kind::Note, text, Priority::Answer);
        }
        let reports = self.session.opening();
        self.report(reports);
        self.show(Kind::Clocks, self.clocks_line());
        self.prompt_owed = true;
        self.pump();
    }

    /// The user chose to leave (confirmed on the full screen, as `quit`
    /// typed does): what was said before is not wanted any more, and
    /// [`GameHost::leave`] drops it unsaid.
    pub fn ask_to_leave(&mut self) {
        self.leave_asked = true;
    }

    /// The user answered no to leaving: the game goes on, and what waited
    /// is taken.
    pub fn stay(&mut self) {
        self.leave_asked = false;
        self.pump();
    }

    /// Leaves the game as `quit`, the end of input and an ending signal
    /// all leave it: what waits for the disk is written and said; a
    /// dead-position search still running answers within
    /// [`RULING_WAIT`] and its ruling is journalled and in the PGN
    /// (5.2.2); a running clock stops where it stands (6.11); what was
    /// handed to the voice is said, except, when the user asked to leave,
    /// what was handed over before. True when the journal kept up.
    /// `now` is the computer's clock as the front end read it.
    pub fn leave(&mut self, now: std::time::Instant) -> bool {
        self.clock = self.clock.max(now);
        // What was typed before the input ended is carried out first,
        // up to a `quit`.
        loop {
            if self.stopped.is_some() {
                return false;
            }
            match self.session.wait_carried_out() {
                Ok(done) => self.show_carried_out(done),
                Err(e) => {
                    self.stop(&e);
                    return false;
                }
            }
            // The prompt owed is shown, and what waits is taken.
            self.pump();
            if self.stopped.is_some() {
                return false;
            }
            if self.leave_asked || (self.waiting.is_empty() && !self.session.has_pending()) {
                break;
            }
        }
        self.leaving = true;
        // Asked to leave, the user wants the farewell now, not what was
        // still to be said of the game; a move's echo is heard out.
        if self.leave_asked {
            self.speech.hush();
        }
        while let Some(command) = self.session.await_ruling(RULING_WAIT) {
            if !self.enter_and_wait(command) {
                return false;
            }
        }
        if let Some(pause) = self.session.pause_if_running()
            && !self.enter_and_wait(pause)
        {
            return false;
        }
        self.say_how_to_come_back();
        self.finish_keeping_voice();
        self.voice_notices();
        self.speech.finish_speaking();
        self.voice_notices();
        true
    }

    /// A game left unfinished says that it is kept and how it is resumed
    /// (where it is kept was shown as it opened).
    fn say_how_to_come_back(&mut self) {
        if self.session.game().outcome().is_some() || self.session.journal_path().is_none() {
            return;
        }
        let text = self.line_say(LineSentence::Left);
        self.show_said(Kind::Note, text, Priority::Answer);
    }

    /// Enters `command` at the last moment the front end gave and waits
    /// until it is on disk and carried out.
    fn enter_and_wait(&mut self, command: Command) -> bool {
        let now = self.now();
        match self.session.enter_and_wait(&command, now) {
            Ok(reports) => {
                self.report(reports);
                true
            }
            Err(e) => {
                self.stop(&e);
                false
            }
        }
    }
}
