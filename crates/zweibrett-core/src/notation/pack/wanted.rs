//! What follows a command's word in the command table: what a command
//! needs, in the words of the `[commands]` table and the `what_…`
//! sentences of `[line]`, which both its help line and its refusals say.

use super::VoicePack;
use super::sections::LineSentence;

/// What a command needed and did not get, and what the help says
/// follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted {
    /// A move.
    Move,
    /// Which claim: threefold or fifty (9.2, 9.3).
    Claim,
    /// The arbiter's ruling on a touched piece.
    Ruling,
    /// What is illegal about the position (A.5.4).
    Position,
    /// A side.
    Side,
    /// A side and seconds.
    SideSeconds,
    /// How many half-moves stay.
    HalfMoves,
    /// A side and a time.
    SideTime,
    /// A time.
    Time,
    /// A side and a number of moves.
    SideMoves,
    /// A number of moves.
    Moves,
    /// A time control.
    Control,
    /// The word for both flags.
    Both,
    /// The arbiter's decision on an increment.
    Increment,
    /// The arbiter's decision on a quickplay claim.
    Quickplay,
    /// A side and what its board shows.
    SideBoard,
    /// What a board shows.
    Board,
    /// Whose pieces.
    Whose,
    /// What `save` writes: the PGN, or the braille score as BRF.
    SaveFormat,
    /// How `score` writes the pieces.
    ScorePieces,
    /// A square.
    Square,
    /// A rank.
    Rank,
    /// A file.
    File,
    /// Two squares on one diagonal.
    Diagonal,
    /// A note on a touched piece, ending in its square (D.2.10.5).
    Note,
    /// The date, time and place of resumption (Guidelines I.2.7).
    Resumption,
    /// A side and why the game is declared lost (12.9.6).
    SideForfeit,
}

impl Wanted {
    /// The English words of the `[commands]` table that may be the first
    /// word of what is wanted (a side, a kind of claim, a ruling); none
    /// for a move, a number or a name.
    pub fn words(self) -> &'static [&'static str] {
        const SIDES: &[&str] = &["white", "black"];
        match self {
            Wanted::Claim => &["threefold", "fifty"],
            Wanted::Ruling => &["uphold", "stand"],
            Wanted::Position => &["kings", "pawn", "stands", "corrected"],
            Wanted::Side
            | Wanted::SideSeconds
            | Wanted::SideTime
            | Wanted::SideMoves
            | Wanted::SideBoard
            | Wanted::SideForfeit => SIDES,
            Wanted::Both => &["both"],
            Wanted::Increment => &["agree", "refuse"],
            Wanted::Quickplay => &["draw", "reject", "postpone"],
            Wanted::Whose => &["white", "black", "mine", "all"],
            Wanted::ScorePieces => &["english", "pack", "figurine"],
            // The braille score is saved with the braille command's word
            // ("Punktschrift"); "brf" is read in every pack.
            Wanted::SaveFormat => &["pgn", "braille"],
            Wanted::Move
            | Wanted::HalfMoves
            | Wanted::Time
            | Wanted::Moves
            | Wanted::Control
            | Wanted::Board
            | Wanted::Square
            | Wanted::Rank
            | Wanted::File
            | Wanted::Diagonal
            | Wanted::Note
            | Wanted::Resumption => &[],
        }
    }

    /// What is wanted, in `pack`'s words.
    pub fn say(self, pack: &VoicePack) -> String {
        let words = pack.command_words();
        let key = match self {
            Wanted::Move => LineSentence::WhatMove,
            Wanted::Claim => LineSentence::WhatClaim,
            Wanted::Ruling => LineSentence::WhatRuling,
            Wanted::Position => LineSentence::WhatPosition,
            Wanted::Side => LineSentence::WhatSide,
            Wanted::SideSeconds => LineSentence::WhatSideSeconds,
            Wanted::HalfMoves => LineSentence::WhatHalfMoves,
            Wanted::SideTime => LineSentence::WhatSideTime,
            Wanted::Time => LineSentence::WhatTime,
            Wanted::SideMoves => LineSentence::WhatSideMoves,
            Wanted::Moves => LineSentence::WhatMoves,
            Wanted::Control => LineSentence::WhatControl,
            Wanted::Both => LineSentence::WhatBoth,
            Wanted::Increment => LineSentence::WhatIncrement,
            Wanted::Quickplay => LineSentence::WhatQuickplay,
            Wanted::SideBoard => LineSentence::WhatSideBoard,
            Wanted::Board => LineSentence::WhatBoard,
            Wanted::Whose => LineSentence::WhatWhose,
            Wanted::SaveFormat => LineSentence::WhatSave,
            Wanted::ScorePieces => LineSentence::WhatScorePieces,
            Wanted::Square => LineSentence::WhatSquare,
            Wanted::Rank => LineSentence::WhatRank,
            Wanted::File => LineSentence::WhatFile,
            Wanted::Diagonal => LineSentence::WhatDiagonal,
            Wanted::Note => LineSentence::WhatNote,
            Wanted::Resumption => LineSentence::WhatResumption,
            Wanted::SideForfeit => LineSentence::WhatSideForfeit,
        };
        // Each placeholder is a command word of the pack.
        let places = <LineSentence as super::SentenceKey>::placeholders(key);
        let values: Vec<(&str, &str)> = places.iter().map(|p| (*p, words.word(p))).collect();
        pack.line_sentences().say(key, &values)
    }
}

/// What follows a command's word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Argument {
    /// Nothing.
    Nothing,
    /// This, always.
    Takes(Wanted),
    /// This, or nothing.
    May(Wanted),
}

impl Argument {
    /// What may follow, if anything.
    pub fn wanted(self) -> Option<Wanted> {
        match self {
            Argument::Nothing => None,
            Argument::Takes(w) | Argument::May(w) => Some(w),
        }
    }
}
