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
