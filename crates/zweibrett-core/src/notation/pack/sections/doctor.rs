//! The keys of the pack's `[doctor]` section: the lines of `zweibrett doctor`, printed and said in the pack's language.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[doctor]` section: the lines of `zweibrett doctor`, printed and said in the pack's language.
    pub enum DoctorSentence in "doctor" {
        /// "{outcome}: {what}: {detail}", one check's line, its outcome
        /// first as a listener wants it.
        Line = "line" ["outcome", "what", "detail"],
        /// "ok", a check that works.
        Works = "works" [],
        /// "note", a check missing what nothing asked for needs.
        Note = "note" [],
        /// "FAILS", a check of something asked for that cannot work.
        Fails = "fails" [],
        /// "configuration"
        Configuration = "configuration" [],
        /// "voice pack"
        VoicePack = "voice_pack" [],
        /// "sound"
        Sound = "sound" [],
        /// "speech"
        Speech = "speech" [],
        /// "screen reader"
        ScreenReader = "screen_reader" [],
        /// "braille display"
        BrailleDisplay = "braille_display" [],
        /// "listening"
        Listening = "listening" [],
        /// "adaptation"
        Adaptation = "adaptation" [],
        /// "microphone"
        Microphone = "microphone" [],
        /// "engine", the chess engine analysis asks.
        Engine = "engine" [],
        /// "games folder"
        GamesFolder = "games_folder" [],
        /// "no file", when no configuration file is known.
        NoFile = "no_file" [],
        /// "{file} is not there: the shipped defaults are used"
        ConfigMissing = "config_missing" ["file"],
        /// "off in the configuration ([braille] display = "off")"
        BrailleOff = "braille_off" [],
        /// "BRLTTY has a display of {cells} cells; games show themselves
        /// on it"
        BrailleCells = "braille_cells" ["cells"],
        /// "it follows this terminal's focus", after the display's cells.
        FocusOwn = "focus_own" [],
        /// "it follows virtual console {console}, where tmux shows this
        /// terminal", after the display's cells.
        FocusConsole = "focus_console" ["console"],
        /// "BRLTTY cannot tell when this terminal has the focus (over ssh,
        /// or in tmux or screen away from the console): during a game the
        /// display is the program's, and its back key gives it to the
        /// screen reader until the next move", after the display's cells.
        FocusNowhere = "focus_nowhere" [],
        /// "the default output device plays at {rate} Hz"
        SoundRate = "sound_rate" ["rate"],
        /// "{why}; the built-in voice and the tones cannot sound"
        SoundNone = "sound_none" ["why"],
        /// "{name} said a test sentence to its end in {seconds} seconds":
        /// the voice's own report that it was played, not only taken.
        SaidToEnd = "said_to_end" ["name", "seconds"],
        /// "zweibrett speaks", the test sentence said.
        SpeechTest = "speech_test" [],
        /// "{name} took a test sentence but did not say it to its end
        /// within {seconds} seconds: nothing is heard. {advice}"
        SpeechUnheard = "speech_unheard" ["name", "seconds", "advice"],
        /// "the built-in voice", its name in the lines above.
        BuiltinSpeaks = "builtin_speaks" [],
        /// "the system speech engine does not speak ({why}); the built-in
        /// voice does. {advice}"
        SystemSilent = "system_silent" ["why", "advice"],
        /// "the system speech engine is still starting; the built-in voice
        /// speaks meanwhile"
        SystemStarting = "system_starting" [],
        /// "switched off (--speech none)"
        SpeechOff = "speech_off" [],
        /// "left to the screen reader, which reads each line"
        SpeechToReader = "speech_to_reader" [],
        /// "speech-dispatcher is installed but does not answer: start it
        /// with speech-dispatcher -d, and try spd-say test"
        ServerSilent = "server_silent" [],
        /// "On Debian: apt-get install speech-dispatcher
        /// speech-dispatcher-espeak-ng"
        ServerMissing = "server_missing" [],
        /// "speech-dispatcher answers but plays nothing: check its sound
        /// output (AudioOutputMethod in speechd.conf) and try spd-say test"
        ServerMute = "server_mute" [],
        /// "the default output device took the sound but did not play it
        /// to its end: check that device"
        SoundMute = "sound_mute" [],
        /// "{name} (named by {variable})"
        ReaderNamed = "reader_named" ["name", "variable"],
        /// "{name} is running"
        ReaderRunning = "reader_running" ["name"],
        /// "none found running"
        ReaderNone = "reader_none" [],
        /// "PocketSphinx {generation} and its US English model are
        /// installed"
        RecogniserReady = "recogniser_ready" ["generation"],
        /// "listening is adapted to your voice ({path})"
        Adapted = "adapted" ["path"],
        /// "none made; zweibrett enrol makes one"
        AdaptationNone = "adaptation_none" [],
        /// "none made; zweibrett enrol needs: apt-get install {packages}"
        AdaptationNeeds = "adaptation_needs" ["packages"],
        /// "the default input device records at {rate} Hz"
        MicrophoneRate = "microphone_rate" ["rate"],
        /// "no input device"
        MicrophoneNone = "microphone_none" [],
        /// "no stockfish on PATH: analysis goes without evaluations
        /// (apt-get install stockfish)"
        EngineNone = "engine_none" [],
        /// "no home folder is known"
        NoHome = "no_home" [],
        /// "{folder}: {why}: no game can be kept"
        GamesUnwritable = "games_unwritable" ["folder", "why"],
    }
}
