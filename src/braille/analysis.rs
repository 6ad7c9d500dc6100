//! The braille display while going through games: the core's
//! [`AnalysisView`] on the display, and its keys turned into the commands
//! of the analysis (`back`, `next`, a variation).

use zweibrett_session::wake::Waker;

use super::{BrailleDisplay, BrailleSettings, Pressed};
use crate::analysis::{Command, Replay};
use crate::notation::VoicePack;
use crate::table::braille::AnalysisView;

/// A braille display following the game gone through.
pub struct BrailleAnalysis {
    display: BrailleDisplay,
    view: AnalysisView,
}

impl BrailleAnalysis {
    /// Takes the display as `settings` ask, its keys ringing `waker`; with
    /// what to tell the player, in `pack`'s words.
    pub fn open(
        settings: BrailleSettings,
        waker: &Waker,
        pack: &VoicePack,
    ) -> (Option<BrailleAnalysis>, Option<String>) {
        let (display, said) = super::take_display(settings, waker, pack);
        let analysis = display.map(|display| BrailleAnalysis {
            display,
            view: AnalysisView::new(),
        });
        (analysis, said)
    }

    /// The commands the keys pressed ask for, in order; the display lost,
    /// in `pack`'s words, after which `self` is to be dropped.
    pub fn keys(&mut self, pack: &VoicePack) -> Result<Vec<Command>, String> {
        let mut commands = Vec::new();
        for pressed in self.display.pressed() {
            match pressed {
                Pressed::Key(key) => commands.extend(self.view.key(key)),
                Pressed::Lost(e) => return Err(e.say(pack.line_sentences())),
            }
        }
        Ok(commands)
    }

    /// Shows the line for `replay` as it stands; never waits.
    pub fn refresh(&mut self, replay: &Replay, pack: &VoicePack) {
        let width = self.display.width();
        let dots = self.view.line(replay, pack).dots(width);
        self.display.show(dots);
    }
}
