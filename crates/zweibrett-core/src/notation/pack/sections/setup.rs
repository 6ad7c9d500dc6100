//! The keys of the pack's `[setup]` section: the new game form: its fields, their values and explanations, and its help.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[setup]` section: the new game form: its fields, their values and explanations, and its help.
    pub enum SetupSentence in "setup" {
        /// "New game"
        Title = "title" [],
        /// "New game: {count} settings. Tab moves between them, Enter on Start begins." (counted)
        Intro = "intro" ["count"],
        // The fields' labels.
        /// "White's name"
        LabelWhite = "label_white" [],
        /// "Black's name"
        LabelBlack = "label_black" [],
        /// "Visually impaired"
        LabelImpaired = "label_impaired" [],
        /// "Assistant"
        LabelAssistant = "label_assistant" [],
        /// "Who types (role)"
        LabelRole = "label_role" [],
        /// "Time control"
        LabelTime = "label_time" [],
        /// "Voice pack"
        LabelVoice = "label_voice" [],
        /// "Repetition of moves"
        LabelRepetition = "label_repetition" [],
        /// "Clock press"
        LabelPress = "label_press" [],
        /// "Event rules"
        LabelRules = "label_rules" [],
        /// "Quickplay finish"
        LabelQuickplay = "label_quickplay" [],
        /// "Start position (FEN)"
        LabelPosition = "label_position" [],
        /// "Chess960"
        LabelChess960 = "label_chess960" [],
        /// "Training game"
        LabelTraining = "label_training" [],
        /// "Piece letters"
        LabelLetters = "label_letters" [],
        /// "Electronic board", the sighted player's DGT board's line.
        LabelBoard = "label_board" [],
        /// "Start the game"
        LabelStart = "label_start" [],
        // How a field is changed.
        /// "Text, type to change it."
        KindText = "kind_text" [],
        /// "Text, type a time control as you would say it, such as 15 plus 10, or Left and Right choose a preset."
        KindTime = "kind_time" [],
        /// "Text, type a time control; Left and Right move in it, and when it is empty they choose a preset."
        KindTypedTime = "kind_typed_time" [],
        /// "Choice, Left and Right change it."
        KindChoice = "kind_choice" [],
        /// "Button, Enter starts the game."
        KindButton = "kind_button" [],
        /// "Typing replaces it; the arrows or Backspace edit it."
        KindSelectedText = "kind_selected_text" [],
        /// "Typing replaces it, as you would say it, such as 15 plus 10; Left and Right choose a preset."
        KindSelectedPreset = "kind_selected_preset" [],
        /// "Typing replaces it, as you would say it, such as 15 plus 10; Left and Right edit it."
        KindSelectedTime = "kind_selected_time" [],
        // A field as said.
        /// "{label}: {value}."
        Value = "value" ["label", "value"],
        /// "{label}: {value}, selected."
        ValueSelected = "value_selected" ["label", "value"],
        /// "{n} of {total}."
        Place = "place" ["n", "total"],
        /// "empty", a text field with nothing in it.
        Empty = "empty" [],
        /// "yes"
        Yes = "yes" [],
        /// "no"
        No = "no" [],
        // The values of the choices.
        /// "White", the visually impaired player.
        ImpairedWhite = "impaired_white" [],
        /// "Black"
        ImpairedBlack = "impaired_black" [],
        /// "Both"
        ImpairedBoth = "impaired_both" [],
        /// "player"
        RolePlayer = "role_player" [],
        /// "assistant"
        RoleAssistant = "role_assistant" [],
        /// "arbiter"
        RoleArbiter = "role_arbiter" [],
        /// "strict"
        RepetitionStrict = "repetition_strict" [],
        /// "quick"
        RepetitionQuick = "repetition_quick" [],
        /// "off"
        RepetitionOff = "repetition_off" [],
        /// "separate"
        PressSeparate = "press_separate" [],
        /// "automatic"
        PressAuto = "press_auto" [],
        /// "competition, A.4 and B.2"
        RulesCompetition = "rules_competition" [],
        /// "A.5 and B.3"
        RulesA5 = "rules_a5" [],
        // What the values mean.
        /// "An assistant relays the moves and keeps the score for the visually impaired player (D.2.10)."
        AssistantYesMeans = "assistant_yes_means" [],
        /// "No assistant at the table."
        AssistantNoMeans = "assistant_no_means" [],
        /// "You are the visually impaired player: you type your own move, then …"
        RolePlayerMeans = "role_player_means" [],
        /// "You are the assistant: you type both players' moves as they are announced, …"
        RoleAssistantMeans = "role_assistant_means" [],
        /// "You are the arbiter: every step is typed, the move, the clock press and …"
        RoleArbiterMeans = "role_arbiter_means" [],
        /// "Strict repetition: the opponent repeats each announced move, …"
        RepetitionStrictMeans = "repetition_strict_means" [],
        /// "Quick: one key confirms that the opponent repeated the move, instead of typing it."
        RepetitionQuickMeans = "repetition_quick_means" [],
        /// "Off: no repetition is recorded; the opponent's board follows the clock press."
        RepetitionOffMeans = "repetition_off_means" [],
        /// "Separate press: the clock is pressed with a key of its own after the announcement, …"
        PressSeparateMeans = "press_separate_means" [],
        /// "Automatic press: the clock is pressed as soon as the move is announced."
        PressAutoMeans = "press_auto_means" [],
        /// "Rapid and blitz under the Competition Rules: an arbiter for at most three games, …"
        RulesCompetitionMeans = "rules_competition_means" [],
        /// "Rapid and blitz without that supervision: the clock setting stays after ten moves each, …"
        RulesA5Means = "rules_a5_means" [],
        /// "The event announces Guidelines III for games without an increment: …"
        QuickplayYesMeans = "quickplay_yes_means" [],
        /// "Guidelines III are not announced."
        QuickplayNoMeans = "quickplay_no_means" [],
        /// "Chess960 (Guidelines II): the start position is given as FEN, and castling follows II.3."
        Chess960YesMeans = "chess960_yes_means" [],
        /// "The usual rules of castling."
        Chess960NoMeans = "chess960_no_means" [],
        /// "A training game: every question about the position is
        /// answered, attackers and moves too."
        TrainingYesMeans = "training_yes_means" [],
        /// "A rated game: during play only what the score and your own
        /// board give, no attackers or legal moves (11.3.1)."
        TrainingNoMeans = "training_no_means" [],
        /// "every language's", the piece letters of every language.
        LettersEvery = "letters_every" [],
        /// "Moves are typed with the piece letters {letters}; a letter
        /// two of them give to two pieces is asked about (Appendix C.3)."
        LettersMeans = "letters_means" ["letters"],
        /// "Moves may be typed with any language's piece letters; a letter
        /// that is another piece in {own} is asked about or refused, never
        /// played as that piece at once."
        LettersEveryMeans = "letters_every_means" ["own"],
        /// "No electronic board: every move is typed."
        BoardNoneMeans = "board_none_means" [],
        /// "The first serial line a DGT board answers on: the sighted
        /// player's moves are read from it and announced."
        BoardAutoMeans = "board_auto_means" [],
        /// "The DGT board on {line}: the sighted player's moves are read
        /// from it and announced."
        BoardLineMeans = "board_line_means" ["line"],
        /// "There is no {line} now: the game looks for the board there
        /// until it is plugged in.", said after [`Self::BoardLineMeans`].
        BoardLineMissing = "board_line_missing" ["line"],
        /// "{name}, {description}.", a preset chosen with Left or Right;
        /// `{description}` is the English one, `{control}` the control in
        /// the pack's words.
        Preset = "preset" ["name", "description", "control"],
        // What is wrong.
        /// "Not valid: {fault}."
        NotValid = "not_valid" ["fault"],
        /// "The game cannot start: {label}: {fault}."
        CannotStart = "cannot_start" ["label", "fault"],
        /// "a name is needed; type a question mark if it is unknown"
        NameNeeded = "name_needed" [],
        /// "there is no voice pack called {name}"
        NoPack = "no_pack" ["name"],
        /// "there is no voice pack called {name}; there are {packs}"
        NoPackOf = "no_pack_of" ["name", "packs"],
        /// "{problem}": a time control that cannot be read; `{problem}` is
        /// the English explanation, `{text}` what was typed.
        TimeFault = "time_fault" ["problem", "text"],
        /// "{problem}": a starting position that cannot be used; `{problem}`
        /// is the English explanation.
        PositionFault = "position_fault" ["problem"],
        /// "The window is too small for the new game form: it needs {columns} columns and {lines} lines."
        TooSmall = "too_small" ["columns", "lines"],
        /// "The window is too small: {width} columns and {height} lines; this screen needs at least …"
        WindowTooSmall = "window_too_small" ["width", "height", "columns", "lines"],
        /// "{reason}": the game could not be started (its journal, its
        /// pack); `{reason}` is the system's English explanation.
        NotStarted = "not_started" ["reason"],
        // The keys and the help (F1).
        /// "Tab, Shift-Tab: next, previous field. Left, Right, Space: change. …"
        Keys = "keys" [],
        /// "Help for the new game. Esc closes this help; F1 again or s reads it aloud."
        HelpTitle = "help_title" [],
        /// "Tab or Down: the next field. Shift-Tab or Up: the previous field."
        HelpFields = "help_fields" [],
        /// "Left, Right or Space: change a choice. …"
        HelpChoices = "help_choices" [],
        /// "A text field's value is selected when it gets the focus: …"
        HelpText = "help_text" [],
        /// "The time control may be typed as you would say it, …"
        HelpTime = "help_time" [],
        /// "Enter: the next field; on Start the game, starts it. F10 starts the game from any field."
        HelpEnter = "help_enter" [],
        /// "Esc or Ctrl-Q: leave without starting a game; nothing is saved yet."
        HelpLeave = "help_leave" [],
        /// "Every field says its name, value, what the value means and its place when it gets the focus."
        HelpSaid = "help_said" [],
        /// "Once the game runs, F1 lists the keys of the game."
        HelpGame = "help_game" [],
        /// "Games already started continue with: zweibrett resume."
        HelpResume = "help_resume" [],
        /// "Help closed."
        HelpClosed = "help_closed" [],
        /// "Speech"
        LabelSpeech = "label_speech" [],
        /// "What is said unasked"
        LabelProfile = "label_profile" [],
        /// "the program's voice"
        SpeechOwn = "speech_own" [],
        /// "my screen reader"
        SpeechReader = "speech_reader" [],
        /// "The program speaks with its own voice."
        SpeechOwnMeans = "speech_own_means" [],
        /// "Your screen reader speaks: the program says nothing itself and writes each text once, on a line of its own (in line mode)."
        SpeechReaderMeans = "speech_reader_means" [],
        /// "quiet"
        ProfileQuiet = "profile_quiet" [],
        /// "normal"
        ProfileNormal = "profile_normal" [],
        /// "verbose"
        ProfileVerbose = "profile_verbose" [],
        /// "Only the moves, the results and the warnings are said."
        ProfileQuietMeans = "profile_quiet_means" [],
        /// "You hear your own move and your opponent's, the clock on request, at its thresholds and at a flag; nothing else for 3 seconds after your own move (D.2.1)."
        ProfileNormalMeans = "profile_normal_means" [],
        /// "Every step is said, and the time after each press."
        ProfileVerboseMeans = "profile_verbose_means" [],
        /// "Only the arbiter enters the repetition (D.2.1); in this role the opponent's move as typed is the repetition."
        RepetitionNotForRole = "repetition_not_for_role" [],
    }
}
