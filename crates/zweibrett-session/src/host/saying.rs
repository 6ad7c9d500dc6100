//! What the host shows besides the game's events: the clocks to a tenth
//! of a second, and where a file was saved.

use shakmaty::Color;

use super::{GameHost, Kind};
use crate::SessionError;
use crate::notation::pack::LineSentence;
use crate::record::pgn_write;
use crate::utterance::{Priority, Utterance};

impl GameHost {
    /// The clocks to a tenth of a second and the moves completed
    /// (D.2.6.1), for the screen reader and for checking.
    pub fn clocks_line(&self) -> String {
        let now = self.now();
        let clock = self.session.game().clock();
        let t = |c: Color| {
            let d = clock.remaining(c, now);
            format!("{}.{}", pgn_write::clock_text(d), d.subsec_millis() / 100)
        };
        let pack = self.session.game().pack();
        let line = pack.line_sentences();
        let paused = if clock.is_paused() {
            line.say(LineSentence::ClocksPaused, &[])
        } else {
            String::new()
        };
        let count = clock.completed_moves();
        line.say_count(
            LineSentence::Clocks,
            u64::from(count),
            &[
                ("white_side", pack.side(Color::White)),
                ("white", &t(Color::White)),
                ("black_side", pack.side(Color::Black)),
                ("black", &t(Color::Black)),
                ("count", &count.to_string()),
                ("paused", &paused),
            ],
        )
    }

    /// Writes the PGN beside the journal, and says where, or why not.
    pub(super) fn save(&mut self) {
        let saved = self.session.save();
        self.saved(saved);
    }

    /// Shows where a file was saved and says that it was, or says why it
    /// was not. A path is shown, never read aloud: a screen reader reads
    /// the shown line, and the program's own voice says only "Saved.".
    pub(super) fn saved(&mut self, result: Result<std::path::PathBuf, SessionError>) {
        use crate::notation::pack::ScreenSentence;
        let words = self.session.game().pack().screen_sentences().clone();
        match result {
            Ok(path) => {
                let shown = path.display().to_string();
                let text = words.say(ScreenSentence::Saved, &[("path", &shown)]);
                self.show(Kind::Saved(shown), text);
                let said = words.say(ScreenSentence::SavedSaid, &[]);
                if !self.screen_reader {
                    self.say(Utterance::new(said, Priority::Answer));
                } else if self.display_reader {
                    // The reader reads the path from the screen; the
                    // braille display, which never shows a path, gets the
                    // word alone, and nothing more is spoken.
                    self.show_on_display(said);
                }
            }
            Err(e) => {
                let line = self.session.game().pack().line_sentences();
                let text = line.say(LineSentence::SaveFailed, &[("reason", &e.say(line))]);
                self.show_said(Kind::Error, text, Priority::Answer);
            }
        }
    }
}
