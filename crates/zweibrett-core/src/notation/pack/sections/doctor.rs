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
        /// "second opinion", Whisper beside the recogniser.
        SecondOpinion = "second_opinion" [],
        /// "microphone"
        Microphone = "microphone" [],
        /// "engine", the chess engine analysis asks.
        Engine = "engine" [],
        /// "games folder"
        GamesFolder = "games_folder" [],
        /// "electronic board", the sighted player's DGT board.
        ElectronicBoard = "electronic_board" [],
        /// "{maker} board on {port}, serial number {serial}, version
        /// {version}"
        BoardIdentity = "board_identity" ["maker", "port", "serial", "version"],
        /// "not given", a serial number or version the board did not say.
        BoardUnsaid = "board_unsaid" [],
        /// "none answers on the serial lines ([board] port)", when the
        /// board is looked for.
        BoardNone = "board_none" [],
        /// "{port} is not there: unplugged, or named otherwise"
        BoardNotThere = "board_not_there" ["port"],
        /// "another program holds {port}"
        BoardBusy = "board_busy" ["port"],
        /// "{port} may not be opened by this user: add the user to the
        /// dialout group and log in again"
        BoardNotAllowed = "board_not_allowed" ["port"],
        /// "nothing on {port} answers as a DGT board"
        BoardSilent = "board_silent" ["port"],
        /// "{port} cannot be read: {why}"
        BoardFailed = "board_failed" ["port", "why"],
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
        /// "{file} (named with --config; {there})", of `zweibrett config`.
        ConfigOption = "config_option" ["file", "there"],
        /// "{file} (named by {variable}; {there})", of `zweibrett config`.
        ConfigEnvironment = "config_environment" ["file", "variable", "there"],
        /// "{file} (the per-user file; {there})", of `zweibrett config`.
        ConfigUser = "config_user" ["file", "there"],
        /// "{file} (the per-user file; not there: the shipped defaults are used until it is made)", of `zweibrett config`.
        ConfigUserMissing = "config_user_missing" ["file"],
        /// "no per-user folder is known (no home): the shipped defaults are used", of `zweibrett config`.
        ConfigNowhere = "config_nowhere" [],
        /// "there", of `zweibrett config`.
        ConfigThere = "config_there" [],
        /// "there, but not a plain file", of `zweibrett config`.
        ConfigNotPlain = "config_not_plain" [],
        /// "not there", of `zweibrett config`.
        ConfigNotThere = "config_not_there" [],
        /// "{file}: the configuration can be used", of `zweibrett config`.
        ConfigUsable = "config_usable" ["file"],
        /// "no configuration file: the shipped defaults are used", of `zweibrett config`.
        ConfigDefaultsUsed = "config_defaults_used" [],
        /// "the configuration in use; a value marked comes from the file or the locale, the others are the shipped defaults", of `zweibrett config`.
        ConfigShown = "config_shown" [],
        /// "from the file", of `zweibrett config`.
        ConfigFromFile = "config_from_file" [],
        /// "the locale's language", of `zweibrett config`.
        ConfigFromLocale = "config_from_locale" [],
        /// "zweibrett's configuration, made by zweibrett config init. Every setting is the shipped one, commented out: remove the # before one to change it.", of `zweibrett config`.
        ConfigStarter = "config_starter" [],
        /// "{file} written: every setting in it is commented out; remove the # before one to change it", of `zweibrett config`.
        ConfigWritten = "config_written" ["file"],
        /// "{file} is there already and was left as it is; zweibrett config show prints what it comes to", of `zweibrett config`.
        ConfigExists = "config_exists" ["file"],
        /// "no per-user folder is known (no home): name the file with --config", of `zweibrett config`.
        ConfigNoPlace = "config_no_place" [],
        /// "{file} cannot be written: {reason}", of `zweibrett config`.
        ConfigNotWritten = "config_not_written" ["file", "reason"],
        /// "the default output device plays at {rate} Hz"
        SoundRate = "sound_rate" ["rate"],
        /// "{why}; the built-in voice and the tones cannot sound"
        SoundNone = "sound_none" ["why"],
        /// "no sound output device", why there is no sound.
        SoundNoDevice = "sound_no_device" [],
        /// "the sound device refused to play ({why})", the sound system's
        /// own words in brackets.
        SoundRefused = "sound_refused" ["why"],
        /// "the microphone cannot be opened ({why})", the sound system's
        /// own words in brackets.
        MicrophoneRefused = "microphone_refused" ["why"],
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
        /// "Whisper is installed ({path}); --second-opinion asks it"
        WhisperReady = "whisper_ready" ["path"],
        /// "not installed ({path}): scripts/setup installs it; listening
        /// works without it"
        WhisperNone = "whisper_none" ["path"],
        /// "Whisper ({path}) is read and asked on every move heard"
        WhisperAsked = "whisper_asked" ["path"],
        /// "asked for, but not installed ({path}): scripts/setup installs
        /// it; moves are heard by one model alone"
        WhisperMissing = "whisper_missing" ["path"],
        /// "asked for, but the model in {path} cannot be read ({why});
        /// moves are heard by one model alone"
        WhisperUnreadable = "whisper_unreadable" ["path", "why"],
        /// "asked for, but there is no home folder to find the model in"
        WhisperNoHome = "whisper_no_home" [],
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
