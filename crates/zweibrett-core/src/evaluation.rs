//! What a position is worth, as an engine or an annotator puts it: in
//! hundredths of a pawn or as a mate in so many moves. Read from an engine
//! (`analysis::engine`) and from a score's `[%eval]` comments (`record`),
//! so it sits below both.

/// An engine's score, from White's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Advantage in hundredths of a pawn; positive: White is better.
    Centipawns(i32),
    /// Mate in so many moves; positive: White mates.
    Mate(i32),
}

/// The largest advantage read, in hundredths of a pawn: a thousand pawns.
/// An engine saying more (or a number no integer holds) is read as this,
/// on the side it names.
pub const MOST_CENTIPAWNS: i32 = 100_000;

/// The longest mate read, in moves; a longer one is read as this.
pub const MOST_MATE_MOVES: i32 = 10_000;
