//! The keys of the pack's `[help]` section: what each command of a game does, one sentence per command word of the command table, and the forms the help lines are written in.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[help]` section: what each command of a game does, one sentence per command word of the command table, and the forms the help lines are written in.
    pub enum HelpSentence in "help" {
        // The forms.
        /// "A move in any notation, as it is announced.", the first line.
        AnyMove = "any_move" [],
        /// "{command}: {does}.", a command with nothing after it.
        Row = "row" ["command", "does"],
        /// "{command}, then {what}: {does}."
        RowTakes = "row_takes" ["command", "what", "does"],
        /// "{command}, and {what} if wanted: {does}."
        RowMay = "row_may" ["command", "what", "does"],
        /// "The arbiter's commands: {commands}."
        Arbiter = "arbiter" ["commands"],
        /// "The English command words work as well." (not said by an
        /// English pack)
        English = "english" [],
        /// "Help, part {number} of {count}: {topic}.", the first line of a
        /// part of the help.
        PartOf = "part" ["number", "count", "topic"],
        /// "Go on with {more}.", the last line of a part that has another
        /// after it.
        GoOn = "go_on" ["more"],
        /// "That was all of the help; {help} says it again from the
        /// start.", the answer to `more` after the last part.
        NoMore = "no_more" ["help"],
        /// "moves", the part on typing moves and slips.
        TopicMoves = "topic_moves" [],
        /// "touched pieces and sealing a move"
        TopicTouch = "topic_touch" [],
        /// "the clock"
        TopicClock = "topic_clock" [],
        /// "draw offers and claims"
        TopicDraws = "topic_draws" [],
        /// "resigning, the flag and the result"
        TopicEnd = "topic_end" [],
        /// "your own board"
        TopicBoard = "topic_board" [],
        /// "the score and the program"
        TopicRecord = "topic_record" [],
        /// "the program"
        TopicProgram = "topic_program" [],
        /// "the arbiter"
        TopicArbiter = "topic_arbiter" [],
        // What each command does (D.2.6.1, D.2.8, D.2.1, 9.1–9.3, 5.1.2, 6.11).
        /// "the time: your own as a player, both otherwise; with white or
        /// black, that side's"
        Time = "time" [],
        /// "say the last move again"
        Again = "again" [],
        /// "correct a slip of the tongue before the clock is pressed"
        Correct = "correct" [],
        /// "press the clock"
        Press = "press" [],
        /// "the opponent's repetition of the move"
        Repeat = "repeat" [],
        /// "confirm the opponent's repetition"
        Confirm = "confirm" [],
        /// "take back the last half-move, or keep only that many"
        Takeback = "takeback" [],
        /// "take back the last half-move, a slip noticed after the press"
        Undo = "undo" [],
        /// "offer a draw"
        Offer = "offer" [],
        /// "accept the draw offered"
        Accept = "accept" [],
        /// "decline the draw offered"
        Decline = "decline" [],
        /// "claim a draw …"
        Claim = "claim" [],
        /// "resign the game"
        Resign = "resign" [],
        /// "claim that the opponent's flag has fallen"
        Flag = "flag" [],
        /// "the sighted player touched a piece"
        Touched = "touched" [],
        /// "stop the clocks"
        Pause = "pause" [],
        /// "start the clocks again"
        Resume = "resume" [],
        /// "ask for the increment …"
        Increment = "increment" [],
        /// "claim a draw in the last minutes …"
        Quickplay = "quickplay" [],
        /// "seal the move at an adjournment"
        Seal = "seal" [],
        /// "the pieces on your own board"
        Pieces = "pieces" [],
        /// "what stands on a square"
        Square = "square" [],
        /// "a rank"
        Rank = "rank" [],
        /// "a file"
        File = "file" [],
        /// "a diagonal"
        Diagonal = "diagonal" [],
        /// "which pieces attack a square"
        Attackers = "attackers" [],
        /// "where the piece on a square can move"
        Moves = "moves" [],
        /// "where all pieces of that kind stand": kings, queens, rooks,
        /// bishops, knights and pawns, listed together.
        OfAKind = "of_a_kind" [],
        /// "the material of both sides"
        Material = "material" [],
        /// "the last move"
        Last = "last" [],
        /// "the score, read aloud"
        Score = "score" [],
        /// "the score in braille"
        Braille = "braille" [],
        /// "the game as PGN"
        Pgn = "pgn" [],
        /// "write the game to a file beside its record"
        Save = "save" [],
        /// "compare the two boards with the two scores"
        Audit = "audit" [],
        /// "what a player's board shows, compared with the scores"
        Board = "board" [],
        /// "listen for a move said aloud, or stop"
        Listen = "listen" [],
        /// "this help"
        Help = "help" [],
        /// "the next part of the help"
        More = "more" [],
        /// "the voice speaks faster or slower; kept for later games"
        Faster = "faster" [],
        /// "the voice speaks louder or more softly; kept for later games"
        Louder = "louder" [],
        /// "leave; the game can be resumed"
        Quit = "quit" [],
        /// "the arbiter's ruling on a touched piece"
        Touchmove = "touchmove" [],
        /// "an illegal move by that side"
        Illegal = "illegal" [],
        /// "an illegal position"
        Illegalposition = "illegalposition" [],
        /// "add seconds to a clock"
        Addtime = "addtime" [],
        /// "set a clock"
        Settime = "settime" [],
        /// "set the moves a clock counts"
        Setmoves = "setmoves" [],
        /// "change the time control"
        Setcontrol = "setcontrol" [],
        /// "both flags have fallen"
        Flags = "flags" [],
        /// "align the two boards"
        Align = "align" [],
        /// "open the sealed move"
        Unseal = "unseal" [],
        /// "give the date, time and place of resumption for the envelope"
        Resumption = "resumption" [],
        /// "declare the game lost for a side"
        Forfeit = "forfeit" [],
        /// "confirm the result, as signing the scoresheets (8.7)"
        Sign = "sign" [],
    }
}

impl HelpSentence {
    /// The forms the help's lines are written in; every other sentence
    /// says what a command does.
    pub const FORMS: &'static [HelpSentence] = &[
        HelpSentence::AnyMove,
        HelpSentence::Row,
        HelpSentence::RowTakes,
        HelpSentence::RowMay,
        HelpSentence::Arbiter,
        HelpSentence::English,
        HelpSentence::PartOf,
        HelpSentence::GoOn,
        HelpSentence::NoMore,
        HelpSentence::TopicMoves,
        HelpSentence::TopicTouch,
        HelpSentence::TopicClock,
        HelpSentence::TopicDraws,
        HelpSentence::TopicEnd,
        HelpSentence::TopicBoard,
        HelpSentence::TopicRecord,
        HelpSentence::TopicProgram,
        HelpSentence::TopicArbiter,
    ];
}
