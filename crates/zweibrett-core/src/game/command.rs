//! What a player, the assistant or the arbiter asks of the game: one
//! [`Command`] each, journalled as typed and replayed the same.

use serde::{Deserialize, Serialize};

use super::{Forfeit, IllegalPosition, OfficialTimes, QuickplayDecision, Side, TouchRuling};

/// What a player, the assistant (D.2.10) or the arbiter asks of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Command {
    /// The player to move enters a move in any notation (D.2.1); with the
    /// clock not yet started, it is started first (6.6).
    Move(String),
    /// A slip of the tongue corrected before the clock press (D.2.8).
    Correct(String),
    /// The clock is pressed (D.2.4, 6.2.1); the first press starts it.
    Press,
    /// The opponent repeats the announced move as text (D.2.1, strict).
    Repeat(String),
    /// The opponent confirms the announced move with one key (quick).
    Confirm,
    /// The sighted player's board is an electronic board, and it shows the
    /// last announced move executed as this move (UCI), read from the
    /// board: the same move changes nothing, another is a divergence,
    /// announced at once with both moves (D.2.1, D.2.9).
    Executed(String),
    /// The official clock beside the electronic board (a DGT clock) shows
    /// these times: the game's clock is held to them (6.1).
    OfficialClock(OfficialTimes),
    /// Say the last move of a player again, or the last move (D.2.10.2).
    Again(Option<Side>),
    /// The time: the keyboard player's own time left, as a talking clock
    /// says it, in the player's role; elsewhere moves completed and time
    /// left and used by both (D.2.6.1, D.2.10.4).
    Time,
    /// One side's time left (D.2.6.1).
    TimeOf(Side),
    /// A draw offer by the player who has just moved or is to move (9.1):
    /// after a move, the mover's, also when the press followed the move
    /// at once; otherwise the offer of the player to move (9.1.2.1).
    Offer,
    /// The offer is accepted by the player who did not make it (9.1,
    /// 5.2.3), once both players have made at least one move.
    Accept,
    /// The offer is declined by the player who did not make it (9.1.2.1).
    Decline,
    /// A draw offer by the named player (9.1.2.1), whoever is to move.
    OfferBy(Side),
    /// The named player accepts the opponent's offer (5.2.3); refused for
    /// the player who made it.
    AcceptBy(Side),
    /// The named player declines the opponent's offer; an offer cannot be
    /// withdrawn by its maker (9.1.2.1).
    DeclineBy(Side),
    /// A draw claim by the player to move (9.2, 9.3), optionally with the
    /// intended move written first (9.2.1.1, 9.3.1).
    Claim {
        /// Which rule is claimed.
        kind: ClaimKind,
        /// The intended move, if the claim depends on it.
        intended: Option<String>,
    },
    /// A player resigns (5.1.2); without a side, the visually impaired
    /// player for whom the player or the assistant at the keyboard types.
    Resign(Option<Side>),
    /// A flag fall is claimed (6.9, D.2.10.5).
    Flag,
    /// A player touched a piece: the sighted player (D.2.10.5), or the
    /// visually impaired player took one out of its securing aperture
    /// (D.2.2); an optional note, which may start with the side. The
    /// squares a note names (`e2`, `bishop c8`, `Ke1 Rh1`) are the touched
    /// pieces in order, and that player's next move is held to Art. 4.3
    /// and 4.4.
    Touched(Option<String>),
    /// The arbiter's ruling on a move that did not honour a touched piece
    /// (Art. 4.3, 4.5).
    TouchRuling(TouchRuling),
    /// The arbiter's report and ruling on a position with both kings in
    /// check or a pawn on the last rank (A.5.4).
    IllegalPosition(IllegalPosition),
    /// The clock is paused (6.11.1).
    Pause,
    /// The clock is restarted (6.11.3).
    Resume,
    /// The arbiter records a completed illegal move by a player (7.5.5).
    Illegal(Side),
    /// The arbiter adds (or, negative, removes) seconds on a clock (6.10.2).
    AddTime {
        /// Whose clock.
        side: Side,
        /// Seconds to add; negative to remove.
        seconds: i64,
    },
    /// The arbiter takes the game back to after `ply` half-moves (D.2.9):
    /// both boards and scores are retraced and the clocks restored.
    TakeBack(usize),
    /// The arbiter retraces the moves to the point where the two players'
    /// scores agree and restores the clocks there (D.2.9).
    Retrace,
    /// The last half-move is taken back, a slip noticed after the press:
    /// the position, both scores and the clocks as before it, the clock
    /// running again for the side to move if it ran.
    Undo,
    /// The arbiter settles a divergence in favour of the announced move:
    /// the repeating player's board and score follow the game (D.2.9).
    Align,
    /// The player to move seals a move for an adjournment (Guidelines I).
    Seal(String),
    /// The sealed move is opened with the responder present and played
    /// (Guidelines I.7, I.9).
    Unseal,
    /// The arbiter gives the date, time and place of resumption, for the
    /// envelope (Guidelines I.2.7).
    Resumption(String),
    /// The arbiter declares the game lost for `side`, with the reason's
    /// article (12.9.6; 6.7.1, 11.3.2.2, 11.7).
    Forfeit {
        /// The player who loses.
        side: Side,
        /// Why.
        reason: Forfeit,
    },
    /// A player confirms the result on the recording device (8.7);
    /// without a side, the player for whom the keyboard types.
    Sign(Option<Side>),
    /// A moment passed: the clock is read (flag fall). Shells record one
    /// regularly so that a journal knows the clocks up to that moment.
    Tick,
    /// The arbiter sets a player's clock to show this many seconds
    /// (6.10.2); refused under A.5 once both have made ten moves (A.5.1.1).
    SetTime {
        /// Whose clock.
        side: Side,
        /// The time it is to show, in seconds.
        seconds: u64,
    },
    /// The arbiter sets a player's move counter (6.10.2); refused under A.5
    /// once both have made ten moves (A.5.1.1).
    SetMoves {
        /// Whose counter.
        side: Side,
        /// Moves that player has completed.
        moves: u32,
    },
    /// The arbiter installs the correct time control, a preset name or a
    /// PGN tag (6.10.2); refused under A.5 once both have made ten moves
    /// (A.5.1.1).
    SetControl(String),
    /// The arbiter finds both flags fallen and cannot tell which fell first
    /// (Guidelines III.3.1).
    BothFlags,
    /// The player to move, with less than two minutes left, asks for an
    /// increment of five seconds for both players; a draw offer (III.4).
    RequestIncrement,
    /// The arbiter agrees (`true`) or not to the increment asked for and
    /// refused as a draw offer (III.4).
    DecideIncrement(bool),
    /// The player to move, with less than two minutes left, claims a draw:
    /// the opponent cannot win by normal means or makes no effort to (III.5).
    QuickplayClaim,
    /// The arbiter's decision on that claim (III.5.1–III.5.3).
    DecideQuickplay(QuickplayDecision),
    /// The answer to a [`CheckmateQuestion`](super::CheckmateQuestion): the search proved that
    /// `sides` cannot checkmate by any series of legal moves from the
    /// position after `ply` half-moves, which reads as `fen` (5.2.2, 6.9,
    /// 5.1.2, 7.5.5). Both sides: a dead position, which ended the game
    /// there. The session enters it when the search answers, so a journal
    /// replays the ruling without searching again; an answer about a
    /// position the game no longer has changes nothing.
    CannotCheckmate {
        /// Half-moves from the start to the position.
        ply: usize,
        /// The position, as FEN.
        fen: String,
        /// Who cannot checkmate there.
        sides: Vec<Side>,
    },
}

/// The draw claims of Art. 9.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClaimKind {
    /// The same position for at least the third time (9.2).
    Threefold,
    /// The last 50 moves by each player without capture or pawn move (9.3).
    FiftyMoves,
}
