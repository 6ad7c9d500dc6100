//! What the game is at and what it tells: the protocol's [`Step`], the
//! [`Event`]s the shells show and speak, and each move [`Played`].

use std::time::Duration;

use shakmaty::{Color, Move};

use super::Outcome;
use crate::utterance::Utterance;

/// Which step of the protocol the game is at (D.2.1–D.2.8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Waiting for the player to move to enter a move.
    Enter,
    /// The move is announced and made; it may be corrected until the press
    /// (D.2.1, D.2.8). The step holds the announced move, so no step that
    /// needs one can be without it.
    Announced(Move),
    /// The clock is pressed; the opponent is to repeat the announced move
    /// (D.2.1).
    Repeat(Move),
    /// The game is adjourned with a sealed move (Guidelines I).
    Adjourned,
    /// The game is over.
    Over(Outcome),
}

/// What happened, for the shell to show and speak.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EventKind {
    /// A move was announced (D.2.1).
    Announced,
    /// A slip of the tongue was corrected (D.2.8).
    Corrected,
    /// The clock started or switched to this player (D.2.4).
    ClockSwitched(Color),
    /// The opponent repeated the move and agrees.
    Repeated,
    /// The boards diverge (D.2.9).
    Diverged,
    /// The boards agree again.
    Agreed,
    /// Anything the clock reported (times, pause, flag).
    Clock,
    /// An answer to a request, or a refusal of a command.
    Answer,
    /// A draw offer was made, accepted or declined.
    Offer,
    /// A ruling: a claim decided, a penalty, a time adjustment.
    Ruling,
    /// The game ended.
    Over(Outcome),
    /// The game begins: who is to move (said as it opens).
    Begins,
}

/// One thing that happened, with the words to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// What it is.
    pub kind: EventKind,
    /// The words, their priority and tone.
    pub utterance: Utterance,
}

/// A move of the game as announced and completed (Art. 8.1, D.2.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub mv: Move,
    /// Its SAN with check suffix.
    pub san: String,
    /// Its announcement in the voice pack's words.
    pub words: String,
    /// Who made it.
    pub by: Color,
    /// The mover's time left after the press, if pressed.
    pub clk: Option<Duration>,
    /// Time the move took, if pressed.
    pub emt: Option<Duration>,
    /// A draw was offered with this move: "(=)" (9.1.2.1).
    pub offer: bool,
    /// Notes: corrections, touched pieces, rulings.
    pub comments: Vec<String>,
}
