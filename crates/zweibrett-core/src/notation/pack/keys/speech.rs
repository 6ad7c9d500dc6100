//! The keys of the pack's `[speech]` section: what the program says about its own voice: a change of voice and speech lost.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[speech]` section: what the program says about its own voice: a change of voice and speech lost.
    pub enum SpeechSentence in "speech" {
        /// "The system voice answers again."
        SystemVoiceBack = "system_voice_back" [],
    }
}
