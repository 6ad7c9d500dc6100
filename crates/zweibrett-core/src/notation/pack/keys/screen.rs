//! The keys of the pack's `[screen]` section: the full screen of a game: its labels, prompts, dialogs and the help of its keys.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[screen]` section: the full screen of a game: its labels, prompts, dialogs and the help of its keys.
    pub enum ScreenSentence in "screen" {
        /// "Board of {player} ({side})"
        BoardOf = "board_of" ["player", "side"],
    }
}
