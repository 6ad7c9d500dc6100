//! Speech and sound: where announcements leave the program.
//!
//! Everything the core wants said is an [`Utterance`] handed to an
//! [`Announce`] implementation. Implementations never block the caller: the
//! clock and the UI go on whatever the speech engine does.

/// How urgent an utterance is; a higher priority interrupts a lower one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Priority {
    /// Routine clock announcements; queued, dropped when stale.
    Routine,
    /// An answer to the user's own request (time, position, help).
    Answer,
    /// A move announcement (D.2.1).
    Move,
    /// A flag fall, an error, a divergence: interrupts anything.
    Urgent,
}

/// A short generated tone that marks an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Earcon {
    /// A move was announced.
    Move,
    /// Input was not understood.
    NotUnderstood,
    /// The two boards diverge (D.2.9).
    Divergence,
    /// A time threshold was reached.
    TimeThreshold,
    /// A flag fell (Art. 6.9).
    FlagFall,
}

/// Something to say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Utterance {
    /// The words, as the active voice pack gives them.
    pub text: String,
    /// How urgent it is.
    pub priority: Priority,
    /// A tone to play first, if any.
    pub earcon: Option<Earcon>,
}

impl Utterance {
    /// An utterance with no tone.
    pub fn new(text: impl Into<String>, priority: Priority) -> Utterance {
        Utterance {
            text: text.into(),
            priority,
            earcon: None,
        }
    }

    /// The same utterance preceded by a tone.
    pub fn with_earcon(mut self, earcon: Earcon) -> Utterance {
        self.earcon = Some(earcon);
        self
    }
}

/// Anything that can carry announcements out of the program. Must return at
/// once.
pub trait Announce {
    /// Hands one utterance over; never waits for it to be spoken.
    fn announce(&self, utterance: Utterance);
}
