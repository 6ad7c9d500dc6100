//! Typed text split into words, and each word's possible readings.

use shakmaty::CastlingSide;

use super::Alternative;
use super::letters::algebraic;
use crate::notation::fold::fold;
use crate::notation::lexicon::Lexicon;
use crate::notation::pack::Meaning;
use crate::notation::piece_letters::TypedLetters;

/// The possible readings of each typed word.
pub(super) struct Readings {
    /// Each token's readings with their costs.
    pub(super) tokens: Vec<Vec<Alternative>>,
    /// For each reading of each token, whether it stands as typed: false
    /// for a word reached only by correcting slips; a phrase of which some
    /// word was typed exactly ("Kurze Rochde") stands.
    pub(super) as_typed: Vec<Vec<bool>>,
}

/// A typed word that reads as nothing a move can hold.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("\"{word}\" is not understood")]
pub(super) struct UnknownWord {
    /// The word as typed.
    pub(super) word: String,
}

/// Each token's possible readings with their costs, or the first word that
/// has none; `letters` are the piece letters the player types.
pub(super) fn readings(
    lexicon: &Lexicon,
    letters: TypedLetters,
    text: &str,
) -> Result<Readings, UnknownWord> {
    let raw = split(text);
    let folded: Vec<String> = raw.iter().map(|w| fold(w)).collect();
    let folded_refs: Vec<&str> = folded.iter().map(String::as_str).collect();
    let mut tokens: Vec<Vec<Alternative>> = Vec::with_capacity(raw.len());
    let mut as_typed: Vec<Vec<bool>> = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let word = raw[i].as_str();
        if let Some(side) = castling_symbol(word) {
            tokens.push(vec![(vec![(Meaning::Castle(side))], 0)]);
            as_typed.push(vec![true]);
            i += 1;
            continue;
        }
        if let Some((len, m)) = lexicon.phrase(&folded_refs[i..]) {
            tokens.push(vec![(vec![m.meaning], 2 * m.slips as u32)]);
            as_typed.push(vec![m.anchored]);
            i += len;
            continue;
        }
        let key = &folded[i];
        // Each reading, and whether it stands as typed (not a corrected slip).
        let mut found: Vec<(Alternative, bool)> = Vec::new();
        if let Some(meanings) = lexicon.exact(key) {
            // A one-letter word ("a", "x") may also be a file or a piece.
            let single = word.chars().count() == 1;
            // A one-letter filler ("a", Spanish for "to") costs no more than
            // the letter's own reading: the position decides between them,
            // and a question is asked when both give a move.
            found.extend(meanings.iter().map(|m| {
                let cost = u32::from(single && *m != Meaning::Filler);
                ((vec![*m], cost), true)
            }));
            if single {
                found.extend(
                    lettered(word, &tokens, letters)
                        .into_iter()
                        .map(|a| (a, true)),
                );
            }
        } else {
            found.extend(
                lettered(word, &tokens, letters)
                    .into_iter()
                    .map(|a| (a, true)),
            );
            if word.chars().all(char::is_alphabetic) {
                found.extend(
                    lexicon
                        .nearest(key)
                        .into_iter()
                        .map(|m| ((vec![m.meaning], 2 * m.slips as u32), false)),
                );
            }
        }
        // Readings that carry nothing are dropped from the combinations.
        found.retain(|((atoms, _), _)| !atoms.is_empty());
        if found.is_empty() {
            return Err(UnknownWord {
                word: word.to_string(),
            });
        }
        let (alternatives, typed): (Vec<Alternative>, Vec<bool>) = found.into_iter().unzip();
        tokens.push(alternatives);
        as_typed.push(typed);
        i += 1;
    }
    let filler = |alternatives: &Vec<Alternative>| {
        alternatives
            .iter()
            .all(|(atoms, _)| atoms.iter().all(|a| *a == Meaning::Filler))
    };
    let (tokens, as_typed) = tokens
        .into_iter()
        .zip(as_typed)
        .filter(|(alternatives, _)| !filler(alternatives))
        .unzip();
    Ok(Readings { tokens, as_typed })
}

/// The algebraic readings of a word, without those that name a captured
/// piece by a letter: after `x` SAN writes a file ("exd" is never "e takes
/// the queen"), so only a piece's name names the piece captured.
fn lettered(word: &str, before: &[Vec<Alternative>], letters: TypedLetters) -> Vec<Alternative> {
    let after_capture = before.last().is_some_and(|alternatives| {
        alternatives
            .iter()
            .all(|(atoms, _)| atoms.as_slice() == [Meaning::Capture])
    });
    algebraic(word, letters)
        .into_iter()
        .filter(|(atoms, _)| {
            let mut capture = after_capture;
            atoms.iter().all(|atom| {
                let named = capture && matches!(atom, Meaning::Piece(_));
                capture = *atom == Meaning::Capture;
                !named
            })
        })
        .collect()
}

/// Splits typed text into words: at spaces and at punctuation, keeping the
/// castling symbols whole and folding "e.p." into one word.
fn split(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let lowered = text.replace("e.p.", " ep ").replace("E.P.", " ep ");
    let body = strip_move_number(&lowered);
    for chunk in body.split_whitespace() {
        let trimmed = chunk.trim_end_matches(['+', '#', '!', '?']);
        if castling_symbol(trimmed).is_some() {
            words.push(trimmed.to_string());
            continue;
        }
        let mut word = String::new();
        let mut chars = chunk.chars().peekable();
        while let Some(c) = chars.next() {
            // An apostrophe inside a word ("I'll", "let's") keeps it whole.
            let inside = matches!(c, '\'' | '’')
                && !word.is_empty()
                && chars.peek().is_some_and(|n| n.is_alphabetic());
            if c.is_alphanumeric() || inside {
                word.push(c);
            } else if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
        }
        if !word.is_empty() {
            words.push(word);
        }
    }
    words
}

/// Drops a leading move number such as "12." or "12...".
fn strip_move_number(text: &str) -> &str {
    let trimmed = text.trim_start();
    let digits = trimmed.len()
        - trimmed
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    if digits == 0 {
        return text;
    }
    let rest = trimmed[digits..].trim_start();
    if rest.starts_with('.') {
        rest.trim_start_matches('.')
    } else {
        text
    }
}

/// `O-O`, `0-0`, `O-O-O`, `0-0-0` in any case, with or without dashes.
fn castling_symbol(word: &str) -> Option<CastlingSide> {
    let marks: String = word.chars().filter(|c| *c != '-').collect();
    let marks = marks.to_ascii_lowercase();
    if !word.contains('-') && marks.len() < 2 {
        return None;
    }
    match marks.as_str() {
        "oo" | "00" => Some(CastlingSide::KingSide),
        "ooo" | "000" => Some(CastlingSide::QueenSide),
        _ => None,
    }
}
