//! The braille display while going through games: the core's
//! [`AnalysisView`] on the display, and its keys turned into the commands
//! of the analysis (`back`, `next`, a variation). The display itself is
//! the driver's (`Driver::take_braille`).

use super::BrailleSettings;
use super::kept::BrailleInput;
use crate::analysis::{Command, Replay};
use crate::notation::VoicePack;
use zweibrett_core::braille::{AnalysisView, Window};

/// What a braille display shows of the game gone through.
pub struct BrailleAnalysis {
    view: AnalysisView,
    /// Why words are not contracted as asked, said with the display.
    uncontracted: Option<String>,
}

impl BrailleAnalysis {
    /// What a display shows, when `settings` want one, its words in
    /// `pack`'s language.
    pub fn new(settings: BrailleSettings, pack: &VoicePack) -> Option<BrailleAnalysis> {
        settings.wants_display().then(|| {
            let (words, uncontracted) =
                super::words(settings, &pack.language, pack.line_sentences());
            BrailleAnalysis {
                view: AnalysisView::new().with_words(words),
                uncontracted,
            }
        })
    }

    /// The commands the keys pressed ask for, in order; and, in `pack`'s
    /// words, that the display was taken or could not be, was lost (it is
    /// then looked for again) or is back.
    pub fn input(
        &mut self,
        input: BrailleInput,
        pack: &VoicePack,
    ) -> (Vec<Command>, Option<String>) {
        let said = input
            .change
            .said_with(pack.line_sentences(), &mut self.uncontracted);
        let cells = input.cells;
        let commands = input
            .keys
            .into_iter()
            .flat_map(|key| self.view.key(key, cells))
            .collect();
        (commands, said)
    }

    /// The line for `replay` as it stands, `cells` wide.
    pub fn line(&mut self, replay: &Replay, pack: &VoicePack, cells: usize) -> Window {
        self.view.shown(replay, pack, cells)
    }
}
