//! The keys of the pack's `[speech]` section: what the program says about its own voice: a change of voice and speech lost.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[speech]` section: what the program says about its own voice: a change of voice and speech lost.
    pub enum SpeechSentence in "speech" {
        /// "The system voice answers again."
        SystemVoiceBack = "system_voice_back" [],
        /// "The system voice does not answer; the built-in voice speaks."
        SystemVoiceGone = "system_voice_gone" [],
        /// "No voice can be heard: speech has failed. Everything said is still written."
        SpeechLost = "speech_lost" [],
        /// "the system speech engine stopped answering", why the system
        /// voice was given up during a game.
        EngineStopped = "engine_stopped" [],
        /// "Speech was cut short: not everything was said before the end."
        SpeechCut = "speech_cut" [],
    }
}
