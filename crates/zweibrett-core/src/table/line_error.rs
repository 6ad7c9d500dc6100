//! Why a typed line could not be read, in the pack's words: what a
//! command needed and did not get. The line reader and the pack's command
//! words both refuse with it.

use std::fmt;

use crate::notation::VoicePack;
use crate::notation::pack::{LineSentence, english};

/// What a command needed and did not get.
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
    /// Nothing, or the arbiter's decision on an increment.
    Increment,
    /// Nothing, or the arbiter's decision on a quickplay claim.
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
}

/// Why a typed line could not be read; nothing was done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// A command (its English word) typed without what it needs.
    Needs {
        /// The command's English word.
        command: &'static str,
        /// What it needs.
        what: Wanted,
    },
    /// A question about a square, file or rank that names none.
    NotASquare {
        /// The command's English word.
        command: &'static str,
        /// What was typed instead.
        text: String,
    },
    /// A value of the wrong kind after a command.
    NotA {
        /// The command's English word.
        command: &'static str,
        /// What was typed.
        text: String,
        /// What was wanted.
        what: Wanted,
    },
    /// A word that names no side.
    NotASide(String),
    /// `addtime` with more than a day (as typed), which no ruling adds
    /// or takes away at once.
    TimeAddedBeyond(String),
    /// `settime` with more than a clock may show (as typed).
    ClockSetBeyond(String),
}

impl LineError {
    /// The answer in `pack`'s words, each command named as the pack says it.
    pub fn say(&self, pack: &VoicePack) -> String {
        let line = pack.line_sentences();
        let w = |key: &'static str| pack.command_words().word(key).to_string();
        match self {
            LineError::Needs { command, what } => line.say(
                LineSentence::Needs,
                &[("command", &w(command)), ("what", &wanted(pack, *what))],
            ),
            LineError::NotASquare { command, text } => line.say(
                LineSentence::NotASquare,
                &[("command", &w(command)), ("text", text)],
            ),
            LineError::NotA {
                command,
                text,
                what,
            } => line.say(
                LineSentence::NotA,
                &[
                    ("command", &w(command)),
                    ("text", text),
                    ("what", &wanted(pack, *what)),
                ],
            ),
            LineError::NotASide(text) => line.say(LineSentence::NotASide, &[("text", text)]),
            LineError::TimeAddedBeyond(text) => {
                line.say(LineSentence::TimeAddedBeyond, &[("text", text)])
            }
            LineError::ClockSetBeyond(text) => {
                line.say(LineSentence::ClockSetBeyond, &[("text", text)])
            }
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(english()))
    }
}

impl std::error::Error for LineError {}

/// What was wanted, in the pack's words.
fn wanted(pack: &VoicePack, what: Wanted) -> String {
    let words = pack.command_words();
    let line = pack.line_sentences();
    let say = |key: LineSentence, places: &[&'static str]| {
        let values: Vec<(&str, &str)> = places.iter().map(|p| (*p, words.word(p))).collect();
        line.say(key, &values)
    };
    let sides = ["white", "black"];
    match what {
        Wanted::Move => say(LineSentence::WhatMove, &[]),
        Wanted::Claim => say(LineSentence::WhatClaim, &["threefold", "fifty"]),
        Wanted::Ruling => say(LineSentence::WhatRuling, &["uphold", "stand"]),
        Wanted::Position => say(
            LineSentence::WhatPosition,
            &["kings", "pawn", "stands", "corrected"],
        ),
        Wanted::Side => say(LineSentence::WhatSide, &sides),
        Wanted::SideSeconds => say(LineSentence::WhatSideSeconds, &sides),
        Wanted::HalfMoves => say(LineSentence::WhatHalfMoves, &[]),
        Wanted::SideTime => say(LineSentence::WhatSideTime, &sides),
        Wanted::Time => say(LineSentence::WhatTime, &[]),
        Wanted::SideMoves => say(LineSentence::WhatSideMoves, &sides),
        Wanted::Moves => say(LineSentence::WhatMoves, &[]),
        Wanted::Control => say(LineSentence::WhatControl, &[]),
        Wanted::Both => say(LineSentence::WhatBoth, &["both"]),
        Wanted::Increment => say(LineSentence::WhatIncrement, &["agree", "refuse"]),
        Wanted::Quickplay => say(LineSentence::WhatQuickplay, &["draw", "reject", "postpone"]),
        Wanted::SideBoard => say(LineSentence::WhatSideBoard, &sides),
        Wanted::Board => say(LineSentence::WhatBoard, &[]),
        Wanted::Whose => say(LineSentence::WhatWhose, &["white", "black", "mine", "all"]),
        Wanted::SaveFormat => say(LineSentence::WhatSave, &["pgn"]),
        Wanted::ScorePieces => say(LineSentence::WhatScorePieces, &[]),
    }
}
