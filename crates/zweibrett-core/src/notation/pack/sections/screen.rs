//! The keys of the pack's `[screen]` section: the full screen of a game: its labels, prompts, dialogs and the help of its keys.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[screen]` section: the full screen of a game: its labels, prompts, dialogs and the help of its keys.
    pub enum ScreenSentence in "screen" {
        // Labels.
        /// "Board of {player}", the title of a player's board.
        BoardOf = "board_of" ["player"],
        /// "Board of {player}, visually impaired"
        BoardOfImpaired = "board_of_impaired" ["player"],
        /// "{player} ({side})": a player named with their side.
        PlayerSide = "player_side" ["player", "side"],
        /// "Clocks: {white} {white_time}, {black} {black_time}; {count}
        /// moves completed" (counted; D.2.6.1)
        Clocks = "clocks" ["white", "white_time", "black", "black_time", "count"],
        /// "{clocks}; stopped": the clocks line while the clock stands.
        ClocksStopped = "clocks_stopped" ["clocks"],
        /// "Score of {player}:" before a player's own score (D.2.7).
        ScoreOf = "score_of" ["player"],
        /// "{status} ({count} sentences in English)": the status line of a
        /// pack that lacks sentences (counted).
        StatusMissing = "status_missing" ["status", "count"],
        /// "This voice pack lacks {count} sentences; they are said in
        /// English: {keys}." (counted), said once as the screen opens.
        Missing = "missing" ["count", "keys"],
        /// "The window is too small: {columns} columns and {lines} lines; …"
        TooSmall = "too_small" ["columns", "lines", "need_columns", "need_lines"],
        /// "board: window too small"
        BoardTooSmall = "board_too_small" [],
        // Help.
        /// "Help: keys (F1 or s reads it all, Escape closes)"
        HelpTitle = "help_title" [],
        /// "Help. {count} keys." (counted), the start of the spoken help.
        HelpCount = "help_count" ["count"],
        /// "Other characters are typed on the input line."
        HelpTyping = "help_typing" [],
        /// "Part {number} of {count}.", after the count of keys or at the
        /// start of a later part of the spoken keys.
        HelpPart = "help_part" ["number", "count"],
        /// "F1 or s: the next part.", the end of a part of the spoken keys
        /// that has another after it.
        HelpNext = "help_next" [],
        /// "Help closed."
        HelpClosed = "help_closed" [],
        // Dialogs.
        /// "Leave the game?"
        QuitTitle = "quit_title" [],
        /// "Leave the game? It is already saved, move by move, and …"
        QuitQuestion = "quit_question" [],
        /// "Resign?"
        ResignTitle = "resign_title" [],
        /// "Resign the game for {player}? y resigns, n or Escape goes back."
        ResignQuestion = "resign_question" ["player"],
        /// The letters that answer yes besides y ("j" in German), one or
        /// more, without spaces.
        YesLetters = "yes_letters" [],
        /// The letters that answer no besides n.
        NoLetters = "no_letters" [],
        /// "Back to the game."
        BackToGame = "back_to_game" [],
        // The prompt of a key that puts a command on the input line.
        /// "{command}: type {what}, then Enter.": said when a key puts a
        /// command that needs more on the input line.
        PromptArgument = "prompt_argument" ["command", "what"],
        // Answers of the screen.
        /// "No moves yet."
        NoMovesYet = "no_moves_yet" [],
        /// "Saved: {path}", shown
        Saved = "saved" ["path"],
        /// "Saved.", said: the path is shown, never read aloud
        SavedSaid = "saved_said" [],
        /// "The game cannot be saved: {reason}"
        NotSaved = "not_saved" ["reason"],
        /// "The game cannot be recorded ({reason}); stopping."
        NotRecorded = "not_recorded" ["reason"],
        /// "The game is kept in {path}; `zweibrett resume` continues it."
        Kept = "kept" ["path"],
        /// "Resumed: {count} half-moves; the last, {san}: {words}." (counted)
        Resumed = "resumed" ["count", "san", "words"],
        /// "Resumed: no move yet."
        ResumedNone = "resumed_none" [],
        // Low vision: the running clock in words, and a theme whose colours
        // are too close (WCAG 2.1).
        /// "{time} running": the time of the clock that runs, in the
        /// clocks line, so that it is not told by colour alone.
        ClockRunning = "clock_running" ["time"],
        /// "Theme {theme}: {foreground} {background} {ratio}:1, below
        /// {minimum}:1.": said as a game opens with a theme whose colours
        /// are too close.
        ThemeContrast = "theme_contrast" ["theme", "foreground", "background", "ratio", "minimum"],
        /// "." or ",": the decimal point of a contrast ratio.
        DecimalPoint = "decimal_point" [],
        /// "text", drawn on a colour.
        ContrastText = "contrast_text" [],
        /// "headings"
        ContrastHeading = "contrast_heading" [],
        /// "the focused line"
        ContrastFocus = "contrast_focus" [],
        /// "warnings"
        ContrastWarning = "contrast_warning" [],
        /// "white pieces"
        ContrastWhitePieces = "contrast_white_pieces" [],
        /// "the brackets of the last move"
        ContrastMarks = "contrast_marks" [],
        /// "black pieces"
        ContrastBlackPieces = "contrast_black_pieces" [],
        /// "a dark terminal's own colour": a colour left to the terminal.
        ContrastDarkTerminal = "contrast_dark_terminal" [],
        /// "a light terminal's own colour"
        ContrastLightTerminal = "contrast_light_terminal" [],
        /// "on the background"
        ContrastOnBackground = "contrast_on_background" [],
        /// "on light squares"
        ContrastOnLightSquares = "contrast_on_light_squares" [],
        /// "on dark squares"
        ContrastOnDarkSquares = "contrast_on_dark_squares" [],
        /// "on the squares of the last move"
        ContrastOnLastMove = "contrast_on_last_move" [],
        /// "on squares where the boards differ" (D.2.9)
        ContrastOnDivergent = "contrast_on_divergent" [],
        /// "on a dark terminal's own background"
        ContrastOnDarkTerminal = "contrast_on_dark_terminal" [],
        /// "on a light terminal's own background"
        ContrastOnLightTerminal = "contrast_on_light_terminal" [],
        // Names of keys.
        /// "Space on an empty line"
        KeySpace = "key_space" [],
        /// "Enter"
        KeyEnter = "key_enter" [],
        /// "Up"
        KeyUp = "key_up" [],
        /// "Down"
        KeyDown = "key_down" [],
        /// "arrow left"
        KeyLeft = "key_left" [],
        /// "arrow right"
        KeyRight = "key_right" [],
        /// "Escape"
        KeyEscape = "key_escape" [],
        /// "Ctrl-{letter}"
        KeyCtrl = "key_ctrl" ["letter"],
        /// "{first} or {second}": two keys that do the same.
        KeysOr = "keys_or" ["first", "second"],
        // What each key does.
        /// "carry out the line: a move in any notation, or any command word"
        DoesSubmit = "does_submit" [],
        /// "the previous line typed"
        DoesEarlier = "does_earlier" [],
        /// "the next line typed"
        DoesLater = "does_later" [],
        /// "clear the input line, also after a key put a command on it"
        DoesClear = "does_clear" [],
        /// "read back what is typed on the input line"
        DoesReadLine = "does_read_line" [],
        // The dialogs on the input line, the log's scrolling and the
        // scrolling help.
        /// "Leave the game? (y/n)": the quit question as the input line
        /// shows it, with the pack's answer letters.
        QuitOnLine = "quit_on_line" [],
        /// "Resign for {player}? (y/n)": the resign question on the input
        /// line (5.1.2).
        ResignOnLine = "resign_on_line" ["player"],
        /// "↓ more: Page Down": the log goes on below what is shown.
        LogMore = "log_more" [],
        /// "Start of the log.": Page Up or Home found nothing older.
        LogOldest = "log_oldest" [],
        /// "End of the log.": Page Down found nothing newer.
        LogNewest = "log_newest" [],
        /// "The log is empty."
        LogEmpty = "log_empty" [],
        /// "↓ more: Page Down": the help goes on below what is shown.
        HelpMore = "help_more" [],
        /// "↑ more above: Page Up": the help was scrolled past its start.
        HelpAbove = "help_above" [],
        /// "Page Up"
        KeyPageUp = "key_page_up" [],
        /// "Page Down"
        KeyPageDown = "key_page_down" [],
        /// "Home on an empty line"
        KeyHomeOnEmptyLine = "key_home_empty" [],
        /// "End on an empty line"
        KeyEndOnEmptyLine = "key_end_empty" [],
        /// "Home", as in Ctrl-Home.
        KeyHome = "key_home" [],
        /// "End", as in Ctrl-End.
        KeyEnd = "key_end" [],
        /// "the log: one page back; the line in focus is said"
        DoesLogPageUp = "does_log_page_up" [],
        /// "the log: one page on"
        DoesLogPageDown = "does_log_page_down" [],
        /// "the log: its oldest line"
        DoesLogOldest = "does_log_oldest" [],
        /// "the log: back to its newest line, as typing does"
        DoesLogNewest = "does_log_newest" [],
    }
}
