//! The keys of the pack's `[seat]` section: what the game and a second seat (`zweibrett join`) say about the seats: joining and leaving, refusals of a join and of what a seat typed, and why a join failed.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[seat]` section: what the game and a second seat (`zweibrett join`) say about the seats: joining and leaving, refusals of a join and of what a seat typed, and why a join failed.
    pub enum SeatSentence in "seat" {
        // Said on the main seat (D.2.11).
        /// "The opponent has taken their seat and enters their moves there."
        JoinedOpponent = "joined_opponent" [],
        /// "The arbiter has taken their seat."
        JoinedArbiter = "joined_arbiter" [],
        /// "The assistant has taken their seat."
        JoinedAssistant = "joined_assistant" [],
        /// "The opponent has left their seat. The game goes on."
        LeftOpponent = "left_opponent" [],
        /// "The arbiter has left their seat. The game goes on."
        LeftArbiter = "left_arbiter" [],
        /// "The assistant has left their seat. The game goes on."
        LeftAssistant = "left_assistant" [],
        /// "{side} enters their move at their seat.", after the prompt.
        OpponentEnters = "opponent_enters" ["side"],
        // Said on the joined seat.
        /// "You sit at the opponent's seat and play {side}: type your moves here."
        WelcomeOpponent = "welcome_opponent" ["side"],
        /// "You sit at the arbiter's seat."
        WelcomeArbiter = "welcome_arbiter" [],
        /// "You sit at the assistant's seat."
        WelcomeAssistant = "welcome_assistant" [],
        /// "Your seat was let go earlier: …": said to a seat that joins
        /// again after it was dropped for not reading what the game sent.
        DroppedBefore = "dropped_before" [],
        /// "You have left your seat. The game goes on."
        YouLeft = "you_left" [],
        /// "The game is over: {result}."
        GameOver = "game_over" ["result"],
        /// "The game has been left; it can be resumed."
        GameLeft = "game_left" [],
        // A join refused by the game.
        /// "Refused: the opponent's seat is taken."
        TakenOpponent = "taken_opponent" [],
        /// "Refused: the arbiter's seat is taken."
        TakenArbiter = "taken_arbiter" [],
        /// "Refused: the assistant's seat is taken."
        TakenAssistant = "taken_assistant" [],
        /// "Refused: both players are visually impaired, so there is no
        /// seat for a sighted opponent."
        NoSightedOpponent = "no_sighted_opponent" [],
        /// "Refused: the game was not asked to join."
        NotAJoin = "not_a_join" [],
        /// "Refused: this seat is of another release of zweibrett; use
        /// the same release as the game."
        OtherVersion = "other_version" [],
        // What a seat typed, refused.
        /// "Not done: it is {side}'s turn, not yours."
        NotYourTurn = "not_your_turn" ["side"],
        /// "Not done: you type for {side} only."
        NotYourSide = "not_your_side" ["side"],
        /// "Not done: {command} is the arbiter's."
        ArbitersOnly = "arbiters_only" ["command"],
        /// "Not done: files are saved at the main seat."
        SavedAtMainSeat = "saved_at_main_seat" [],
        // Why `join` found no game to join.
        /// "No game to join: no game is running."
        NoGame = "no_game" [],
        /// "The game {game} is not running."
        NotRunning = "not_running" ["game"],
        /// "Several games are running: {games}. Name the one to join."
        Several = "several" ["games"],
        /// "The game {game} is not running any more: nobody answers at its socket."
        Stale = "stale" ["game"],
        /// "Refused: the seats' directory {dir} belongs to another user or
        /// can be reached by others."
        UnsafeDirectory = "unsafe_directory" ["dir"],
        /// "The game cannot be reached: {reason}."
        Unreachable = "unreachable" ["reason"],
        /// "The game did not answer in time."
        NoAnswer = "no_answer" [],
        /// "A line holds at most {most} characters; this one was longer and
        /// was not entered.", said at the seat that sent it.
        LineTooLong = "line_too_long" ["most"],
        /// "This line is not text (UTF-8) and was not entered."
        LineNotText = "line_not_text" [],
    }
}
