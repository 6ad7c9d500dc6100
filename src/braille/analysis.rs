//! The braille display while going through games: the core's
//! [`AnalysisView`] on the display, and its keys turned into the commands
//! of the analysis (`back`, `next`, a variation).

use zweibrett_session::wake::Waker;

use super::BrailleSettings;
use super::kept::KeptDisplay;
use crate::analysis::{Command, Replay};
use crate::notation::VoicePack;
use crate::table::braille::AnalysisView;

/// A braille display following the game gone through.
pub struct BrailleAnalysis {
    display: KeptDisplay,
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
            display: KeptDisplay::new(display, waker),
            view: AnalysisView::new(),
        });
        (analysis, said)
    }

    /// The commands the keys pressed ask for, in order; and, in `pack`'s
    /// words, that the display was lost (it is then looked for again) or
    /// is back.
    pub fn keys(&mut self, pack: &VoicePack) -> (Vec<Command>, Option<String>) {
        let (keys, change) = self.display.pressed();
        let commands = keys
            .into_iter()
            .flat_map(|key| self.view.key(key))
            .collect();
        (commands, change.said(pack.line_sentences()))
    }

    /// Shows the line for `replay` as it stands; never waits.
    pub fn refresh(&mut self, replay: &Replay, pack: &VoicePack) {
        if let Some(width) = self.display.width() {
            let dots = self.view.line(replay, pack).dots(width);
            self.display.show(dots);
        }
    }
}
