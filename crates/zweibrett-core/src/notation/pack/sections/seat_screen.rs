//! The keys of the pack's `[seat_screen]` section: the full screen of a joined seat (the opponent's large text, the arbiter's and the assistant's boards), its help and its leaving.

use crate::sentence_keys;

sentence_keys! {
    /// The sentences of the `[seat_screen]` section: the full screen of a joined seat (the opponent's large text, the arbiter's and the assistant's boards), its help and its leaving.
    pub enum SeatScreenSentence in "seat_screen" {
        // Which seat.
        /// "Opponent's seat"
        OpponentSeat = "opponent_seat" [],
        /// "Arbiter's seat"
        ArbiterSeat = "arbiter_seat" [],
        /// "Assistant's seat"
        AssistantSeat = "assistant_seat" [],
        /// "{seat}: type a move or a command, then Enter. F1 shows the keys."
        Opened = "opened" ["seat"],
        /// "Waiting for the game to show where it stands."
        Waiting = "waiting" [],
        // The game as the seat shows it.
        /// "{side} announced: {words}"
        Announced = "announced" ["side", "words"],
        /// "No move yet."
        NoMoveYet = "no_move_yet" [],
        /// "{side} to move"
        ToMove = "to_move" ["side"],
        /// "{player} {time}", one player's clock.
        Clock = "clock" ["player", "time"],
        /// "▶ running": said after the clock that runs, so that it is never
        /// told by colour alone.
        Running = "running" [],
        /// "Clocks stopped"
        ClocksStopped = "clocks_stopped" [],
        /// "{count} moves completed" (counted; D.2.6.1)
        Completed = "completed" ["count"],
        /// "The boards diverge: check by D.2.9"
        Diverging = "diverging" [],
        /// "The boards agree"
        BoardsAgree = "boards_agree" [],
        /// "Game over: {result}"
        Over = "over" ["result"],
        /// "Enter on an empty line confirms {move}."
        ConfirmHint = "confirm_hint" ["move"],
        // Help.
        /// "Keys of the seat (F1 or Escape closes)"
        HelpTitle = "help_title" [],
        /// "Enter: send the typed line to the game"
        HelpEnter = "help_enter" [],
        /// "Enter on an empty line: confirm the announced move when you are asked to repeat it"
        HelpConfirm = "help_confirm" [],
        /// "Up, Down: lines typed before"
        HelpHistory = "help_history" [],
        /// "F1: this help"
        HelpKeys = "help_keys" [],
        /// "Escape or Ctrl-C: leave the seat; the game goes on. Typing quit leaves too"
        HelpLeave = "help_leave" [],
        /// "Type your move, or repeat, confirm, offer, accept, decline, claim, resign."
        HelpOpponent = "help_opponent" [],
        /// "Type the arbiter's commands: audit, align, takeback, addtime, illegal, touchmove, flags, increment, quickplay."
        HelpArbiter = "help_arbiter" [],
        /// "Type each move as it is announced, and press, repeat, confirm, time, touched, flag."
        HelpAssistant = "help_assistant" [],
        /// "Help closed."
        HelpClosed = "help_closed" [],
        // Leaving.
        /// "Leave this seat? The game goes on. y leaves, n or Escape stays."
        LeaveQuestion = "leave_question" [],
        /// "You stay at the seat."
        Stay = "stay" [],
        /// "The seat is closed: {reason} Press a key to leave."
        Closed = "closed" ["reason"],
        /// "The game can no longer be reached."
        Unreachable = "unreachable" [],
    }
}
