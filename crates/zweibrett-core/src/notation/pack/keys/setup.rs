//! The keys of the pack's `[setup]` section: the new game form: its fields, their values and explanations, and its help.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[setup]` section: the new game form: its fields, their values and explanations, and its help.
    pub enum SetupSentence in "setup" {
        /// "New game"
        Title = "title" [],
    }
}
