//! SAN as the PGN standard defines it, and the piece letters of the
//! languages of Appendix C.
//!
//! Every PGN file, the arguments of `say` and most typed games use SAN with
//! the English piece letters. A German, Portuguese or Spanish score writes
//! the same moves with its own letters (Appendix C.4); those letters apply
//! only where the language in use is that one, so that an English `R` (rook)
//! is never read as the Portuguese or Spanish king (`R` for rei, rey).

use shakmaty::san::{San, SanError};
use shakmaty::{Chess, Move, Position};

pub use super::piece_letters::PieceLetters;

/// Why a SAN text gives no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanFault {
    /// The text is not SAN.
    #[error("\"{text}\" is not a move in algebraic notation")]
    Unreadable {
        /// The text as written.
        text: String,
    },
    /// The text is SAN, but no legal move fits it.
    #[error("\"{text}\" cannot be played in this position")]
    Illegal {
        /// The text as written.
        text: String,
    },
    /// The text is SAN that several legal moves fit (a missing
    /// disambiguation), or that reads as two different moves in the
    /// letters allowed.
    #[error("\"{text}\" fits more than one move")]
    Ambiguous {
        /// The text as written.
        text: String,
        /// The moves that fit.
        candidates: Vec<Move>,
    },
}

/// The SAN text with what PGN files write beside the standard made
/// standard: `0-0`/`0-0-0` castling, `e.p.` after a capture, `++` for mate,
/// and move assessments (`!`, `?!`, Unicode glyphs such as `⩲` or `±`) cut.
pub fn normalise(text: &str) -> String {
    let mut body = text.trim().to_string();
    for ep in ["e.p.", "e.p", "ep."] {
        if let Some(stripped) = body.strip_suffix(ep) {
            body = stripped.trim_end().to_string();
        }
    }
    // Assessments and glyphs after the move: anything that is not part of
    // SAN's alphabet.
    let keep = |c: char| c.is_ascii_alphanumeric() || matches!(c, '-' | '=' | '+' | '#' | '@');
    let cut = body
        .char_indices()
        .skip(1)
        .find(|(_, c)| !keep(*c))
        .map_or(body.len(), |(i, _)| i);
    body.truncate(cut);
    let mate = body.ends_with("++");
    let check = body.ends_with('+') && !mate;
    let bare = body.trim_end_matches(['+', '#']);
    let bare = match bare {
        "0-0" | "o-o" => "O-O",
        "0-0-0" | "o-o-o" => "O-O-O",
        other => other,
    };
    let mut out = bare.to_string();
    if mate || body.ends_with('#') {
        out.push('#');
    } else if check {
        out.push('+');
    }
    out
}

/// Reads SAN as the standard defines it (English letters, upper-case piece
/// letters, lower-case files), after [`normalise`].
pub fn read_standard_san(position: &Chess, text: &str) -> Result<Move, SanFault> {
    read_with(position, text, &normalise(text))
}

/// Reads SAN written with a language's letters ("Sf3", "Lb5" in a German
/// score); for English letters the same as [`read_standard_san`].
pub fn read_national_san(
    position: &Chess,
    text: &str,
    letters: PieceLetters,
) -> Result<Move, SanFault> {
    read_with(position, text, &letters.to_english(&normalise(text)))
}

fn read_with(position: &Chess, text: &str, standard: &str) -> Result<Move, SanFault> {
    let unreadable = || SanFault::Unreadable {
        text: text.to_string(),
    };
    let san: San = standard
        .trim_end_matches(['+', '#'])
        .parse()
        .map_err(|_| unreadable())?;
    san.to_move(position).map_err(|error| match error {
        SanError::AmbiguousSan => SanFault::Ambiguous {
            text: text.to_string(),
            candidates: position
                .legal_moves()
                .into_iter()
                .filter(|m| san.matches(*m))
                .collect(),
        },
        SanError::IllegalSan => SanFault::Illegal {
            text: text.to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;

    fn uci(_position: &Chess, m: Move) -> String {
        UciMove::from_standard(m).to_string()
    }

    #[test]
    fn standard_san_reads_what_pgn_files_write() {
        let start = Chess::default();
        assert_eq!(
            uci(&start, read_standard_san(&start, "Nf3!?").unwrap()),
            "g1f3"
        );
        assert_eq!(
            uci(&start, read_standard_san(&start, "e4⩲").unwrap()),
            "e2e4"
        );
        assert!(matches!(
            read_standard_san(&start, "Bb3"),
            Err(SanFault::Illegal { .. })
        ));
        assert!(matches!(
            read_standard_san(&start, "Sf3"),
            Err(SanFault::Unreadable { .. })
        ));
        assert_eq!(normalise("0-0-0++"), "O-O-O#");
        assert_eq!(normalise("exd6 e.p."), "exd6");
        assert_eq!(normalise("Qh5+!"), "Qh5+");
    }

    #[test]
    fn national_letters_read_only_in_their_language() {
        let start = Chess::default();
        let g1f3 = read_national_san(&start, "Sf3", PieceLetters::German).unwrap();
        assert_eq!(uci(&start, g1f3), "g1f3");
        assert_eq!(
            read_national_san(&start, "Cf3", PieceLetters::Spanish).unwrap(),
            g1f3
        );
        // An English N in a German score is no German piece letter.
        assert!(read_national_san(&start, "Nf3", PieceLetters::German).is_err());
        assert_eq!(PieceLetters::Portuguese.from_english("Rxe1+"), "Txe1+");
        assert_eq!(PieceLetters::Spanish.from_english("Kg1"), "Rg1");
        assert_eq!(PieceLetters::of_language("pt-BR"), PieceLetters::Portuguese);
    }
}
