//! The rest of a score after a move that cannot be played (D.2.9): with no
//! position to read it in, its moves are told apart by their form, so that
//! every one of them is still listed, as written.

use shakmaty::Rank;

use crate::notation::Lexicon;
use crate::notation::fold::fold;
use crate::notation::pack::Meaning;

/// What a move being gathered holds so far.
#[derive(Default)]
struct Gathering {
    words: Vec<String>,
    /// Squares named, in algebraic form or as file and rank words.
    squares: usize,
    /// The group began with a piece's name ("Springer …").
    piece_first: bool,
    /// A file word waits for its rank.
    file_pending: bool,
    /// The last word joins two squares ("schlägt", "nach") or announces a
    /// promotion.
    joining: bool,
    /// The rank of the last square named.
    last_rank: Option<Rank>,
    /// The move is whole: castling, or a check or mate word closed it.
    closed: bool,
}

impl Gathering {
    fn flush(&mut self, out: &mut Vec<String>) {
        if !self.words.is_empty() {
            out.push(self.words.join(" "));
        }
        *self = Gathering::default();
    }
}

/// Splits the text of a score into its moves as written, without playing
/// them: algebraic moves are one word each; a move in words ends with its
/// square, or with its second square where the first was a piece's
/// ("Springer Gustav eins Felix drei"), a capture or "nach" joins two, and
/// a promotion, check or mate word stays with its move. Move numbers,
/// results and annotations are left out.
pub fn split_moves(lexicon: &Lexicon, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for segment in text.split(['\n', ',', ';']) {
        let tokens: Vec<&str> = segment
            .split_whitespace()
            .map(without_number)
            .filter(|t| !t.is_empty() && !is_annotation(t))
            .collect();
        let folded: Vec<String> = tokens.iter().map(|t| fold(t)).collect();
        let mut group = Gathering::default();
        let mut i = 0;
        while i < tokens.len() {
            let token = tokens[i];
            if is_algebraic(token) {
                if group.squares > 0 || group.closed || group.file_pending {
                    group.flush(&mut out);
                }
                group.words.push(token.to_string());
                group.flush(&mut out);
                i += 1;
                continue;
            }
            // A phrase of several words ("Kurze Rochade") counts as one.
            let words: Vec<&str> = folded[i..].iter().map(String::as_str).collect();
            let (span, phrase) = match lexicon.phrase(&words) {
                Some((len, m)) if len > 1 && m.slips == 0 => (len, Some(m.meaning)),
                _ => (1, None),
            };
            let meanings = match &phrase {
                Some(m) => std::slice::from_ref(m),
                None => lexicon.exact(&folded[i]).unwrap_or(&[]),
            };
            let text = tokens[i..i + span].join(" ");
            i += span;
            let has = |pred: fn(&Meaning) -> bool| meanings.iter().any(pred);
            let rank = meanings.iter().find_map(|m| match m {
                Meaning::Rank(r) => Some(*r),
                _ => None,
            });
            if group.file_pending && rank.is_some() {
                group.words.push(text);
                group.file_pending = false;
                group.squares += 1;
                group.last_rank = rank;
                group.joining = false;
                continue;
            }
            let piece = has(|m| matches!(m, Meaning::Piece(_)));
            let mut promotion = false;
            let starts_new = if has(|m| matches!(m, Meaning::File(_))) {
                group.closed
                    || (group.squares > 0
                        && !group.joining
                        && !(group.piece_first && group.squares == 1))
                    || group.squares >= 2
            } else if piece {
                promotion = group.squares > 0
                    && (group.joining
                        || (!group.piece_first
                            && matches!(group.last_rank, Some(Rank::First | Rank::Eighth))));
                group.closed || (group.squares > 0 && !promotion)
            } else if has(|m| matches!(m, Meaning::Castle(_))) {
                group.squares > 0 || group.closed
            } else {
                false
            };
            if starts_new {
                group.flush(&mut out);
                promotion = false;
            }
            if group.words.is_empty() && piece {
                group.piece_first = true;
            }
            group.words.push(text);
            group.joining =
                has(|m| matches!(m, Meaning::Capture | Meaning::Filler | Meaning::Promotion));
            if has(|m| matches!(m, Meaning::File(_))) && rank.is_none() {
                group.file_pending = true;
            }
            if promotion
                || has(|m| matches!(m, Meaning::Castle(_) | Meaning::Check | Meaning::Mate))
            {
                group.closed = true;
            }
        }
        group.flush(&mut out);
    }
    out
}

/// "12.e4" → "e4"; "12." and "12..." → "".
fn without_number(token: &str) -> &str {
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() < token.len() && (rest.is_empty() || rest.starts_with('.')) {
        rest.trim_start_matches('.')
    } else {
        token
    }
}

/// Results, draw offers, check marks alone, assessments and NAGs.
fn is_annotation(token: &str) -> bool {
    let t = token.trim_matches(|c: char| matches!(c, '(' | ')'));
    matches!(
        t.to_ascii_lowercase().as_str(),
        "e.p." | "ep" | "e.p" | "=" | "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*"
    ) || t.starts_with('$')
        || t.chars().all(|c| !c.is_alphanumeric())
}

/// A move in letters and digits: SAN in any language, long algebraic,
/// UCI, or castling written with O or 0.
fn is_algebraic(token: &str) -> bool {
    let chars: Vec<char> = token.chars().collect();
    let names_square = chars
        .windows(2)
        .any(|w| ('a'..='h').contains(&w[0]) && ('1'..='8').contains(&w[1]));
    let castles = token
        .trim_end_matches(['+', '#', '!', '?'])
        .split('-')
        .all(|p| p == "O" || p == "0")
        && token.contains('-');
    names_square || castles
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(text: &str) -> Vec<String> {
        split_moves(Lexicon::builtin(), text)
    }

    #[test]
    fn algebraic_moves_are_one_word_each_without_numbers_or_results() {
        assert_eq!(
            split("12. Qg5 Nxf7+ 13.O-O-O 0-0 exd6 e.p. Qh7# 1-0"),
            ["Qg5", "Nxf7+", "O-O-O", "0-0", "exd6", "Qh7#"]
        );
    }

    #[test]
    fn moves_in_words_end_with_their_square() {
        assert_eq!(
            split(
                "Eva vier Eva fünf Springer Gustav eins Felix drei Springer Bella acht Cesar sechs"
            ),
            [
                "Eva vier",
                "Eva fünf",
                "Springer Gustav eins Felix drei",
                "Springer Bella acht Cesar sechs"
            ]
        );
        assert_eq!(
            split("Läufer schlägt Felix sieben Schach, Kurze Rochade Eva acht Dame Turm Anna eins"),
            [
                "Läufer schlägt Felix sieben Schach",
                "Kurze Rochade",
                "Eva acht Dame",
                "Turm Anna eins"
            ]
        );
    }
}
