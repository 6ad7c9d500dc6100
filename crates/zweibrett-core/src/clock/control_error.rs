//! Why a time control or one of its periods cannot be read (Art. 6.1, 6.3).

/// Why a list of periods is no time control (Art. 6.1, 6.3).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PeriodsError {
    /// There is no period at all.
    #[error("no period")]
    NoPeriod,
    /// A period asks for zero moves.
    #[error("period {0}: zero moves")]
    ZeroMoves(usize),
    /// A period for the rest of the game is followed by another.
    #[error("period {0} is for the rest of the game, yet period {next} follows it", next = .0 + 1)]
    RestOfGameNotLast(usize),
    /// A period gives neither time nor a bonus.
    #[error("period {0}: no time at all")]
    NoTime(usize),
    /// More periods than any time control has.
    #[error("{0} periods; a time control has at most {most}", most = MOST_PERIODS)]
    TooMany(usize),
}

/// The most periods a time control may have: the longest in use have
/// three or four (Art. 6.3.1).
pub const MOST_PERIODS: usize = 8;

/// The longest text read as a time control, in characters: the longest
/// real one said in words ("40 moves in 120 minutes, then 20 moves in 60
/// minutes, then 15 minutes plus 30 seconds per move from move one") is
/// about a hundred.
pub const LONGEST_CONTROL: usize = 200;

/// How much of a refused text is quoted back, in characters.
const QUOTED: usize = 40;

/// A refused text as it is quoted in a message: whole when short, else
/// its start and an ellipsis, so that a long input is never said back.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Why one period of a `TimeControl` tag could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PeriodError {
    /// The period is empty.
    #[error("it is empty")]
    Empty,
    /// The move count is not a number.
    #[error("\"{0}\" is not a number of moves")]
    NotMoves(String),
    /// The move count is zero.
    #[error("the number of moves is zero")]
    ZeroMoves,
    /// A character that is neither a digit nor a bonus mark.
    #[error(
        "\"{0}\" is not understood; a period is [moves/]seconds, then +increment, dDELAY or bBRONSTEIN"
    )]
    NotUnderstood(char),
    /// The time or the bonus is not a number of seconds.
    #[error(transparent)]
    Seconds(#[from] SecondsError),
}

/// Why a number of seconds in a `TimeControl` tag could not be read;
/// `what` names the part ("the time", "the increment or delay").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SecondsError {
    /// Nothing is given.
    #[error("{what} is missing")]
    Missing {
        /// The part.
        what: &'static str,
    },
    /// The text is not a number.
    #[error("{what} \"{text}\" is not a number of seconds")]
    NotSeconds {
        /// The part.
        what: &'static str,
        /// The text given.
        text: String,
    },
    /// More than three decimals.
    #[error("{what} \"{text}\" is finer than a millisecond")]
    TooFine {
        /// The part.
        what: &'static str,
        /// The text given.
        text: String,
    },
    /// More than a million seconds.
    #[error("{what} \"{text}\" is longer than a game can be")]
    TooLong {
        /// The part.
        what: &'static str,
        /// The text given.
        text: String,
    },
}
