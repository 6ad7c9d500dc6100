//! The typed sections of a pack around moves: the words for the parts of a
//! move and the sentences said when a move is asked about or refused.

use serde::Deserialize;

/// The words of a pack for the parts of a move.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveWords {
    /// Short castling, "Kurze Rochade".
    pub castle_short: String,
    /// Long castling, "Lange Rochade".
    pub castle_long: String,
    /// Said between a capturing piece and the square it captures on.
    pub capture: String,
    /// Said after a move that gives check.
    pub check: String,
    /// Said after a move that gives mate, instead of the check word.
    pub mate: String,
    /// Said after an en passant capture.
    pub en_passant: String,
    /// Said before the piece a pawn promotes to.
    pub promotion: String,
}

/// The sentences a pack says around moves. `{name}` placeholders are filled
/// in by the program.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Phrases {
    /// Opens a question between moves of different kinds.
    pub which_move: String,
    /// Opens a question between two pieces of one kind: `{piece}`.
    pub which_piece: String,
    /// Opens a question between promotion pieces.
    pub which_promotion: String,
    /// "from", before the square a candidate piece stands on.
    pub from: String,
    /// "or", before the last choice of a question.
    pub or: String,
    /// Text that could not be read: `{text}`.
    pub not_understood: String,
    /// Text with no destination square: `{text}`.
    pub incomplete: String,
    /// The position has no legal move.
    pub game_over: String,
    /// The side has no such piece: `{side}`, `{piece}`.
    pub no_piece: String,
    /// No such piece on the named square: `{square}`, `{piece}`, `{side}`.
    pub no_piece_there: String,
    /// No piece of the mover on the named square: `{square}`, `{side}`.
    pub no_own_piece: String,
    /// The piece cannot move that way: `{piece}`, `{square}`.
    pub cannot_reach: String,
    /// A piece stands in the way: `{square}`, `{blocker}`.
    pub blocked: String,
    /// The destination holds a piece of the mover: `{square}`.
    pub own_piece: String,
    /// A pawn capture to an empty square: `{square}`.
    pub nothing_to_capture: String,
    /// The move would leave the mover's king in check (Art. 3.9).
    pub king_in_check: String,
    /// A promotion was named for a move that is not one.
    pub no_promotion: String,
    /// A pawn reached the last rank without a promotion (Art. 3.7.5).
    pub must_promote: String,
    /// The king or that rook has moved (Art. 3.8.2.1).
    pub castle_no_right: String,
    /// Castling out of check (Art. 3.8.2.2).
    pub castle_in_check: String,
    /// A piece between king and rook (Art. 3.8.2.2).
    pub castle_blocked: String,
    /// The king would cross an attacked square (Art. 3.8.2.2).
    pub castle_through_check: String,
    /// The king would end in check (Art. 3.8.2.2).
    pub castle_into_check: String,
}

/// The words that answer one of the program's own questions ("Welcher
/// Springer: von Bella eins oder von Felix drei?") by a choice's place
/// ("der erste") rather than by naming it again (D.2.1, D.2.8).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerWords {
    /// The ordinal words, first choice first, each with its spellings
    /// ("erste", "erster", "ersten").
    pub ordinals: Vec<Vec<String>>,
    /// Words around an answer that carry nothing by themselves: articles
    /// and prepositions ("der", "von").
    pub filler: Vec<String>,
}
