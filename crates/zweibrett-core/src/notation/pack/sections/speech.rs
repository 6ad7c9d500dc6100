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
        /// "the system speech engine cannot be reached", why the built-in
        /// voice speaks instead.
        NoEngine = "no_engine" [],
        /// "the system speech engine did not answer within {seconds} seconds"
        EngineSlow = "engine_slow" ["seconds"],
        /// "spoken by the built-in voice", what `zweibrett speak` tells
        /// after speaking.
        SpokenBuiltin = "spoken_builtin" [],
        /// "spoken by the built-in voice: {why}"
        SpokenBuiltinWhy = "spoken_builtin_why" ["why"],
        /// "the system speech engine ({engine})", the system voice with the
        /// engine's own name for itself and its voice
        /// ("speech-dispatcher, de-DE").
        SystemVoice = "system_voice" ["engine"],
        /// "spoken by the system speech engine ({engine})"
        SpokenSystem = "spoken_system" ["engine"],
        /// "spoken by the built-in voice while the system speech engine starts"
        SpokenWhileStarting = "spoken_while_starting" [],
        /// "speech did not finish in time; going on"
        SpeechUnfinished = "speech_unfinished" [],
    }
}
