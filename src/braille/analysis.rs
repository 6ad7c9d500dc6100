//! The braille display while going through games: the core's
//! [`AnalysisView`] on the display, and its keys turned into the commands
//! of the analysis (`back`, `next`, a variation).

use zweibrett_session::wake::Waker;

use super::BrailleSettings;
use super::kept::KeptDisplay;
use crate::analysis::{Command, Replay};
use crate::notation::VoicePack;
use zweibrett_core::braille::AnalysisView;

/// A braille display following the game gone through.
pub struct BrailleAnalysis {
    display: KeptDisplay,
    view: AnalysisView,
}

impl BrailleAnalysis {
    /// Starts taking the display as `settings` ask, its keys ringing
    /// `waker`; never waits. That it shows the game, or why braille is
    /// off, comes from [`BrailleAnalysis::keys`].
    pub fn open(settings: BrailleSettings, waker: &Waker) -> Option<BrailleAnalysis> {
        super::take_display(settings, waker).map(|display| BrailleAnalysis {
            display,
            view: AnalysisView::new(),
        })
    }

    /// The commands the keys pressed ask for, in order; and, in `pack`'s
    /// words, that the display was taken or could not be, was lost (it is
    /// then looked for again) or is back.
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
