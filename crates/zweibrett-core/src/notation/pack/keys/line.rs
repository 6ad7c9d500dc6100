//! The keys of the pack's `[line]` section: what line mode (`--plain`) shows and says besides the game's own sentences: its help, the answers to a line it cannot read, the clocks line, resuming and saving, and the notes of the score.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[line]` section: what line mode (`--plain`) shows and says besides the game's own sentences: its help, the answers to a line it cannot read, the clocks line, resuming and saving, and the notes of the score.
    pub enum LineSentence in "line" {
        /// "Resumed: {game}"
        Resumed = "resumed" ["game"],
    }
}
