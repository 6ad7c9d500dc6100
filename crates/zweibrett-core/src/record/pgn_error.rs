//! Where and why a game's PGN text could not be read: the one error of
//! the game reader, its SAN and its tokens alike.

/// Where and why a game could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct GameError {
    /// Line in the file, from 1.
    pub line: u64,
    /// What is wrong, naming the token.
    pub problem: GameProblem,
}

/// What is wrong with a game's text, naming the token at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameProblem {
    /// A tag line that is not `[Name "value"]`.
    #[error("unreadable tag {0}")]
    UnreadableTag(String),
    /// A game text longer than `MOST_GAME_BYTES` of the game reader.
    #[error("the game's text has {bytes} bytes; a game is read up to {most} bytes")]
    TextTooLong {
        /// The length of the text.
        bytes: u64,
        /// The bound.
        most: u64,
    },
    /// A game of more than `MOST_GAME_MOVES` of the game reader half-moves.
    #[error(
        "the game has more than {most} half-moves, variations included; no game under the Laws is that long"
    )]
    TooManyMoves {
        /// The bound.
        most: usize,
    },
    /// A `{` comment never closed.
    #[error("unterminated comment")]
    UnterminatedComment,
    /// A `(` before the first move it could be an alternative to.
    #[error("a variation before any move")]
    VariationBeforeMove,
    /// A `)` without its `(`.
    #[error("a variation closed that was never opened")]
    VariationNeverOpened,
    /// A `(` opened inside more variations than `MOST_VARIATION_DEPTH`
    /// of the game reader.
    #[error("variations nested more than {most} deep")]
    VariationsTooDeep {
        /// The bound.
        most: usize,
    },
    /// A `(` without its `)` at the end of the game.
    #[error("a variation is not closed")]
    VariationNotClosed,
    /// A result token inside a variation.
    #[error("result {0} inside a variation")]
    ResultInVariation(String),
    /// The tags of the next game before this one's result.
    #[error("tags of another game before this one ended")]
    TagsInMoves,
    /// A `$n` or `!?` that is no annotation glyph.
    #[error("unreadable annotation {0}")]
    UnreadableAnnotation(String),
    /// An annotation glyph before the first move.
    #[error("annotation {0} before any move")]
    AnnotationBeforeMove(String),
    /// A token that is no SAN move (Appendix C).
    #[error("unreadable move {0}")]
    UnreadableMove(String),
    /// A SAN move not legal in its position (Art. 3).
    #[error("illegal move {0}")]
    IllegalMove(String),
    /// A move that fits several legal moves: a missing disambiguation, or
    /// piece letters that read as different pieces in different languages.
    #[error("ambiguous move {token}: it could be {}", choices.join(" or "))]
    AmbiguousMove {
        /// The move as written.
        token: String,
        /// The moves it could be, in standard SAN.
        choices: Vec<String>,
    },
    /// A null move (`--`) in the main line: the moves after it cannot be
    /// gone through, since a move that passes the turn is no move of the
    /// Laws.
    #[error("null move {0} in the main line; the moves after it are left out")]
    NullMoveInMainLine(String),
    /// A null move in a variation: the rest of the variation is left out.
    #[error("null move {0} in a variation; the rest of the variation is left out")]
    NullMoveInVariation(String),
    /// A `FEN` tag that cannot be read.
    #[error("unreadable FEN {0}")]
    UnreadableFen(String),
    /// A `FEN` tag of a position that cannot arise (Art. 3).
    #[error("impossible position in FEN {0}")]
    ImpossibleFen(String),
    /// What the file's streaming reader found, in its own words.
    #[error("{0}")]
    Unreadable(String),
}
