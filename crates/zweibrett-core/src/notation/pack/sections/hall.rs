//! The keys of the pack's `[hall]` section: what `zweibrett hall` says and shows of every board of a round, for the arbiter.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[hall]` section: what `zweibrett hall` says and shows of every board of a round, for the arbiter.
    pub enum HallSentence in "hall" {
        /// "The hall follows {count} sources; help lists the commands."
        /// (counted), as it opens.
        Opened = "opened" ["count"],
        /// "board {number}"
        BoardNumbered = "board_numbered" ["number"],
        /// "{white} against {black}", a board without a number.
        BoardUnnumbered = "board_unnumbered" ["white", "black"],
        /// "{board}: {white}{white_elo} against {black}{black_elo}, {progress}, {clocks}, {state}."
        Seen = "seen" ["board", "white", "white_elo", "black", "black_elo", "progress", "clocks", "state"],
        /// " ({elo})", a rating after a name.
        Elo = "elo" ["elo"],
        /// "no move yet"
        NoMove = "no_move" [],
        /// "move {number}, last {last}"
        Progress = "progress" ["number", "last"],
        /// "clocks {white_side} {white}, {black_side} {black}"
        Clocks = "clocks" ["white_side", "white", "black_side", "black"],
        /// "not noted", a clock the file gives no time for.
        ClockUnknown = "clock_unknown" [],
        /// "{side} to move"
        ToMove = "to_move" ["side"],
        /// "over: {result}"
        Over = "over" ["result"],
        /// "waiting for the arbiter: {what}"
        Awaiting = "awaiting" ["what"],
        /// "the boards diverge", what a board waits for.
        WhatDivergence = "what_divergence" [],
        /// "a claim", what a board waits for.
        WhatClaim = "what_claim" [],
        /// "{board}: {moves}", new moves of a board.
        Moved = "moved" ["board", "moves"],
        /// "{board}: {count} new moves, the last {last}" (counted).
        MovedMany = "moved_many" ["board", "count", "last"],
        /// "{board}: the game is over, {result}."
        Result = "result" ["board", "result"],
        /// "{board}: flag fall of {side}. {result}."
        Flag = "flag" ["board", "side", "result"],
        /// "{board}: the boards diverge; the arbiter is called." (D.2.9)
        Divergence = "divergence" ["board"],
        /// "{board}: a claim waits for the arbiter."
        Claim = "claim" ["board"],
        /// "{board}: nothing waits for the arbiter any more."
        CallSettled = "call_settled" ["board"],
        /// "{board}: no move for {count} minutes, and the game is not
        /// over." (counted)
        Stalled = "stalled" ["board", "count"],
        /// "{source} cannot be read: {reason}. Its boards stand as last
        /// seen."
        SourceGone = "source_gone" ["source", "reason"],
        /// "{source} holds no game that can be read: {reason}."
        SourceNotPgn = "source_not_pgn" ["source", "reason"],
        /// "{source} is longer than {most} kilobytes: nothing past that is
        /// read."
        SourceTooLarge = "source_too_large" ["source", "most"],
        /// "{source} did not answer within {seconds} seconds."
        SourceSlow = "source_slow" ["source", "seconds"],
        /// "{source} answers again."
        SourceBack = "source_back" ["source"],
        /// "{board}, the score: {moves}"
        Score = "score" ["board", "moves"],
        /// "{board}, each player's own score where it differs from the
        /// game: {scores}."
        OwnScores = "own_scores" ["board", "scores"],
        /// "No board is known yet."
        NoBoards = "no_boards" [],
        /// "There is no board {text} in the hall."
        NoSuchBoard = "no_such_board" ["text"],
        /// "\"{text}\" is neither a board's number nor a command of the
        /// hall; {help} lists them."
        NotUnderstood = "not_understood" ["text", "help"],
        /// The help of the hall's line mode.
        Help = "help" ["list", "quit", "moves"],
        /// "list", the word that lists the boards (besides an empty line);
        /// other words for it after commas.
        WordList = "word_list" [],
        /// "help", the word that says the help; others after commas.
        WordHelp = "word_help" [],
        /// "quit", the word that leaves the hall; others after commas.
        WordQuit = "word_quit" [],
        /// "moves", the word that stops or starts saying new moves; others
        /// after commas.
        WordMoves = "word_moves" [],
        /// "New moves are said.", when the arbiter asks for them again.
        MovesSaid = "moves_said" [],
        /// "New moves are only shown; …", when the arbiter stops them.
        MovesShown = "moves_shown" [],
        /// "The hall is left."
        Left = "left" [],
        /// "The round's live PGN ({count} games now) is served at {url};
        /// … Control-C stops." (counted), as `zweibrett serve` starts.
        Serving = "serving" ["count", "url"],
        /// "{address} cannot be served: {reason}"
        ServeFailed = "serve_failed" ["address", "reason"],
        /// "only http:// addresses are read, on the hall's own network,
        /// not https"
        SecureAddress = "secure_address" [],
        /// "not an address that can be asked"
        BadAddress = "bad_address" [],
        /// "The hall: {count} boards" (counted), the full screen's title.
        Title = "title" ["count"],
        /// "What happened", the heading of the full screen's events.
        Happened = "happened" [],
        /// The keys of the full screen, said and shown by F1.
        Keys = "keys" [],
        /// "{source} cannot be followed: {reason}", a source refused as
        /// the hall starts.
        SourceRefused = "source_refused" ["source", "reason"],
    }
}
