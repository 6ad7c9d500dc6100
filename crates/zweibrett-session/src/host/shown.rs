//! What the host gives a front end to show: each line with what it is,
//! so that line mode can put its stable prefix before it and the full
//! screen can log it; the prompt; what the voice said about itself.

#[cfg(doc)]
use super::GameHost;
use crate::game::EventKind;
use zweibrett_core::braille::Urgency;

/// What a shown line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A move announced (D.2.1), with its number and SAN ("12... Nf6").
    Announced(String),
    /// A move corrected (D.2.8), with its number and SAN.
    Corrected(String),
    /// The clock was started, switched or stopped.
    Clock,
    /// The time left, announced at a mark of the schedule (D.2.6.1).
    Notice,
    /// Both clocks to a tenth of a second, with the moves completed.
    Clocks,
    /// The game begins.
    Start,
    /// The opponent repeated the move (D.2.1).
    Repeated,
    /// The two boards diverge (D.2.9).
    Divergence,
    /// The boards agree again.
    Agreed,
    /// An answer, or a refusal: nothing was done.
    Answer,
    /// A draw offer (9.1.2).
    Offer,
    /// A ruling of the game (an illegal move, a claim decided).
    Ruling,
    /// The game is over, with its result as the PGN writes it.
    Result(&'static str),
    /// A finding of the arbiter's audit (D.2.9).
    Audit,
    /// A line of help.
    Help,
    /// A line of the score or the PGN.
    Listing,
    /// What was heard said aloud, as the pack writes it.
    Heard,
    /// A seat joined or left.
    Seat,
    /// A file was written, with its path.
    Saved(String),
    /// Something about the program itself: the journal slow, a pack
    /// lacking sentences.
    Note,
    /// Something failed.
    Error,
}

impl Kind {
    /// The kind of a line that says a game event of `kind`, with the
    /// move's label for a move.
    pub fn of_event(kind: &EventKind, label: Option<String>) -> Kind {
        match kind {
            EventKind::Announced => Kind::Announced(label.unwrap_or_default()),
            EventKind::Corrected => Kind::Corrected(label.unwrap_or_default()),
            EventKind::ClockSwitched(_) | EventKind::Clock => Kind::Clock,
            EventKind::Begins => Kind::Start,
            EventKind::Repeated => Kind::Repeated,
            EventKind::Diverged => Kind::Divergence,
            EventKind::Agreed => Kind::Agreed,
            EventKind::Answer => Kind::Answer,
            EventKind::Offer => Kind::Offer,
            EventKind::Ruling => Kind::Ruling,
            EventKind::Over(o) => Kind::Result(o.result.pgn()),
        }
    }
}

/// Something for a front end to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shown {
    /// A line of `kind`.
    Line {
        /// What it is.
        kind: Kind,
        /// The text, in the pack's words.
        text: String,
    },
    /// The prompt: whose turn and which step (D.2.1–D.2.8).
    Prompt(String),
    /// What the program said about its own voice, with why in the
    /// engine's own words.
    Voice {
        /// The notice, in the pack's words.
        text: String,
        /// Why, in the engine's words; may be empty.
        detail: String,
    },
    /// What the program would say, when the user's screen reader speaks
    /// for it ([`GameHost::speak_through_screen_reader`]) or the player
    /// reads it on a braille display ([`GameHost::show_everything_said`]):
    /// printed once, as it is, for the reader to read.
    Said {
        /// The text, in the pack's words.
        text: String,
        /// How soon it is to be read: a flag fall, a time warning, an
        /// error and the clock's last seconds at once (D.2.6.1), the answer
        /// to what the user typed next, the rest in its turn.
        urgency: Urgency,
        /// Said in one breath but shown line by line as well (a listing):
        /// a screen reader reads it from its lines.
        listed: bool,
        /// The move whose announcement it is (D.2.1), by its index from
        /// the first: a braille display shows it in the chess code, with
        /// its number and side.
        played: Option<usize>,
    },
    /// The user asked to leave (`quit`).
    Leave,
}
