//! What a typed line of the two-board game asks for, the same in line
//! mode, on the full screen's input line and at a seat: a command, a
//! question about the user's own board, or else a move.

use shakmaty::Color;

use crate::analysis::Question;
use crate::game::Command;
use crate::notation::{PieceLetters, VoicePack};
use crate::record::score::PieceSigns;

use super::line_error::LineError;

/// What a line of plain mode asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// A command for the game.
    Game(Command),
    /// Print the PGN.
    Pgn,
    /// Write the PGN file beside the journal.
    Save,
    /// Write the braille score as BRF, to the file named or beside the
    /// journal (D.2.7).
    SaveBrf(Option<String>),
    /// Print the plain-text score.
    Score,
    /// Print the plain-text score in the pack's piece letters or in
    /// figurines (Appendix C.4).
    ScoreIn(ScorePieces),
    /// Print the braille score.
    Braille,
    /// Audit the two boards and scores the program keeps (D.2.9).
    Audit,
    /// What a player's own board shows, as FEN or a piece list in words;
    /// audited against the scores at once (D.2.9).
    BoardShows(Color, String),
    /// A question about the position on the user's own board: pieces,
    /// a square, a rank, a file, a diagonal, attackers, a piece's moves,
    /// material, the last move.
    Ask(Question),
    /// Start or stop listening for a move said aloud (the listening
    /// key of line mode; D.2.1).
    Listen,
    /// Say the first part of the help.
    Help,
    /// Say the next part of the help.
    More,
    /// Speak faster, slower, louder or more softly; kept for later games.
    Voice(crate::utterance::VoiceChange),
    /// Leave; the game can be resumed.
    Quit,
    /// Nothing (an empty line).
    Nothing,
    /// A line that cannot be a command.
    Wrong(LineError),
}

/// How `score` writes the pieces, besides the English letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScorePieces {
    /// The piece letters of the pack's language (Appendix C.4).
    Pack,
    /// The figurines ♔ ♕ ♖ ♗ ♘.
    Figurines,
}

impl ScorePieces {
    /// The signs a score in `pack`'s game writes the pieces with.
    pub fn signs(self, pack: &VoicePack) -> PieceSigns {
        match self {
            ScorePieces::Pack => PieceSigns::Letters(PieceLetters::of_pack(pack)),
            ScorePieces::Figurines => PieceSigns::Figurines,
        }
    }
}
