//! The keys of the pack's `[browse]` section: the full screen for going through games: the list of games, the game, the help of its keys.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[browse]` section: the full screen for going through games: the list of games, the game, the help of its keys.
    pub enum BrowseSentence in "browse" {
        /// "Games in {file}: {shown} shown of {total}" (counted by `total`)
        GamesShown = "games_shown" ["file", "shown", "total"],
        /// "Find:", before the search line.
        Find = "find" [],
        /// "Command:", before the input line.
        Command = "command" [],
        // The move shown in a game.
        /// "Move: {move}"
        Move = "move" ["move"],
        /// "Move: start position"
        MoveStart = "move_start" [],
        /// "Clock: {time}", the clock time recorded with the move.
        Clock = "clock" ["time"],
        /// "Comment: {text}"
        Comment = "comment" ["text"],
        /// "In a variation, {n} deep" (counted)
        Depth = "depth" ["n"],
        /// "Score", the heading of the moves.
        Score = "score" [],
        /// "Score (variation)"
        ScoreVariation = "score_variation" [],
        /// "start", the start of the score.
        ScoreStart = "score_start" [],
        /// "board from {side}'s side"
        Flipped = "flipped" ["side"],
        /// "The window is too small: {width} columns and {height} lines; this screen needs at least …"
        WindowTooSmall = "window_too_small" ["width", "height", "columns", "lines"],
        // The help (F1).
        /// "Help. F1 or s reads it aloud, Esc closes it."
        HelpTitle = "help_title" [],
        /// "Keys"
        KeysHeading = "keys_heading" [],
        /// "Words to type"
        WordsHeading = "words_heading" [],
        /// "{keys}: {what}", a key that works everywhere.
        KeyLine = "key_line" ["keys", "what"],
        /// "{keys}: on this screen, {what}"
        KeyLineHelp = "key_line_help" ["keys", "what"],
        /// "{keys}: in the list, {what}"
        KeyLineList = "key_line_list" ["keys", "what"],
        /// "{keys}: in a game, {what}"
        KeyLineGame = "key_line_game" ["keys", "what"],
        /// "{keys}: with the board cursor, {what}"
        KeyLineCursor = "key_line_cursor" ["keys", "what"],
        /// "{first} or {second}", two keys doing the same.
        KeyOr = "key_or" ["first", "second"],
        // The keys' names.
        /// "Ctrl+{key}"
        KeyCtrl = "key_ctrl" ["key"],
        /// "Up"
        KeyUp = "key_up" [],
        /// "Down"
        KeyDown = "key_down" [],
        /// "Left"
        KeyLeft = "key_left" [],
        /// "Right"
        KeyRight = "key_right" [],
        /// "Space"
        KeySpace = "key_space" [],
        /// "Page Up"
        KeyPageUp = "key_page_up" [],
        /// "Page Down"
        KeyPageDown = "key_page_down" [],
        /// "Home"
        KeyHome = "key_home" [],
        /// "End"
        KeyEnd = "key_end" [],
        /// "Enter"
        KeyEnter = "key_enter" [],
        /// "Esc"
        KeyEsc = "key_esc" [],
        // What the keys do.
        /// "read this help aloud"
        DoReadHelp = "do_read_help" [],
        /// "close the help"
        DoCloseHelp = "do_close_help" [],
        /// "help"
        DoHelp = "do_help" [],
        /// "quit"
        DoQuit = "do_quit" [],
        /// "previous game in the list"
        DoPreviousGame = "do_previous_game" [],
        /// "next game in the list"
        DoNextGame = "do_next_game" [],
        /// "a page up the list"
        DoPageUp = "do_page_up" [],
        /// "a page down the list"
        DoPageDown = "do_page_down" [],
        /// "first game in the list"
        DoFirstGame = "do_first_game" [],
        /// "last game in the list"
        DoLastGame = "do_last_game" [],
        /// "open the game"
        DoOpen = "do_open" [],
        /// "clear the search; typing searches by player or event"
        DoClearSearch = "do_clear_search" [],
        /// "enter the first variation of the next move"
        DoEnterVariation = "do_enter_variation" [],
        /// "leave the variation"
        DoLeaveVariation = "do_leave_variation" [],
        /// "next move"
        DoNextMove = "do_next_move" [],
        /// "previous move"
        DoPreviousMove = "do_previous_move" [],
        /// "start of the game"
        DoStart = "do_start" [],
        /// "end of the line"
        DoEnd = "do_end" [],
        /// "carry out the typed command; on an empty line, next move"
        DoSubmit = "do_submit" [],
        /// "ask the engine"
        DoEngine = "do_engine" [],
        /// "the board cursor on or off: the arrows walk the board"
        DoCursor = "do_cursor" [],
        /// "one square that way"
        DoCursorStep = "do_cursor_step" [],
        /// "the legal moves of the piece on the square"
        DoCursorMoves = "do_cursor_moves" [],
        /// "who attacks and defends the square"
        DoCursorAttackers = "do_cursor_attackers" [],
        /// "leave the board cursor"
        DoCursorOff = "do_cursor_off" [],
        /// "{letters}: with the board cursor, the next king, queen, …"
        CursorLetters = "cursor_letters" ["letters"],
        /// "turn the board round"
        DoFlip = "do_flip" [],
        /// "back to the list of games"
        DoToList = "do_to_list" [],
        // Replays and the clock of a move.
        /// "replay the game from here; any key stops"
        DoReplay = "do_replay" [],
        /// "the clock time and the time spent at the move"
        DoClock = "do_clock" [],
        // Learning from mistakes.
        /// "find the mistakes with the engine; while it runs, how far it got"
        DoMistakes = "do_mistakes" [],
        /// "the engine's move at the mistake"
        DoBest = "do_best" [],
        /// "next mistake"
        DoNextMistake = "do_next_mistake" [],
        /// "previous mistake"
        DoPreviousMistake = "do_previous_mistake" [],
    }
}
