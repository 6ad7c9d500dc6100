//! Validation of a pack: empty words, placeholders, and words given two
//! meanings, each reported with file, key and line.

use std::collections::BTreeMap;

use toml::Spanned;

use shakmaty::{File, Rank, Role};

use super::{AnswerWords, DuplicateWord, MOVE_KEYS, Meaning, PackError, Phrases, role_key};
use crate::notation::fold::fold;

/// Which placeholders each phrase may use.
fn allowed_placeholders(key: &str) -> &'static [&'static str] {
    match key {
        "which_piece" => &["piece"],
        "not_understood" | "incomplete" => &["text"],
        "no_piece" => &["side", "piece"],
        "no_piece_there" => &["square", "piece", "side"],
        "no_own_piece" => &["square", "side"],
        "cannot_reach" => &["piece", "square"],
        "blocked" => &["square", "blocker"],
        // The mover's side, so that a refusal about one side's move says
        // whose piece and whose king, whoever types it.
        "own_piece" => &["square", "side"],
        "king_in_check" => &["side"],
        "nothing_to_capture" => &["square"],
        _ => &[],
    }
}

pub(super) fn check_phrases(phrases: &Phrases, file: &str, line: usize) -> Result<(), PackError> {
    let table = [
        ("which_move", &phrases.which_move),
        ("which_piece", &phrases.which_piece),
        ("which_promotion", &phrases.which_promotion),
        ("from", &phrases.from),
        ("or", &phrases.or),
        ("not_understood", &phrases.not_understood),
        ("incomplete", &phrases.incomplete),
        ("game_over", &phrases.game_over),
        ("no_piece", &phrases.no_piece),
        ("no_piece_there", &phrases.no_piece_there),
        ("no_own_piece", &phrases.no_own_piece),
        ("cannot_reach", &phrases.cannot_reach),
        ("blocked", &phrases.blocked),
        ("own_piece", &phrases.own_piece),
        ("nothing_to_capture", &phrases.nothing_to_capture),
        ("king_in_check", &phrases.king_in_check),
        ("no_promotion", &phrases.no_promotion),
        ("must_promote", &phrases.must_promote),
        ("castle_no_right", &phrases.castle_no_right),
        ("castle_in_check", &phrases.castle_in_check),
        ("castle_blocked", &phrases.castle_blocked),
        ("castle_through_check", &phrases.castle_through_check),
        ("castle_into_check", &phrases.castle_into_check),
    ];
    for (key, text) in table {
        let problem = if text.trim().is_empty() {
            Some("the phrase is empty".to_string())
        } else {
            placeholders(text)
                .find(|p| !allowed_placeholders(key).contains(p))
                .map(|p| {
                    format!(
                        "unknown placeholder {{{p}}}; this phrase may use: {}",
                        allowed_placeholders(key)
                            .iter()
                            .map(|a| format!("{{{a}}}"))
                            .collect::<Vec<_>>()
                            .join(" ")
                    )
                })
        };
        if let Some(problem) = problem {
            return Err(PackError::Invalid {
                file: file.to_string(),
                key: format!("phrases.{key}"),
                line,
                problem,
            });
        }
    }
    Ok(())
}

/// The words answering a question: at least two ordinals (a question has
/// two choices or more), none of them empty.
pub(super) fn check_answers(
    answers: &AnswerWords,
    file: &str,
    line: usize,
) -> Result<(), PackError> {
    let invalid = |key: &str, problem: &str| PackError::Invalid {
        file: file.to_string(),
        key: format!("answers.{key}"),
        line,
        problem: problem.to_string(),
    };
    if answers.ordinals.len() < 2 {
        return Err(invalid(
            "ordinals",
            "at least the first and the second are needed",
        ));
    }
    if answers
        .ordinals
        .iter()
        .any(|o| o.is_empty() || o.iter().any(|w| w.trim().is_empty()))
    {
        return Err(invalid(
            "ordinals",
            "each ordinal needs its words, none empty",
        ));
    }
    if answers.filler.iter().any(|w| w.trim().is_empty()) {
        return Err(invalid("filler", "a word is empty"));
    }
    Ok(())
}

/// The `{name}` placeholders of a phrase.
pub fn placeholders(text: &str) -> impl Iterator<Item = &str> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
}

/// Fills the `{name}` placeholders of a phrase.
pub fn fill(phrase: &str, values: &[(&str, &str)]) -> String {
    let mut out = phrase.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// Validation state: every folded word seen so far, with where and what.
pub(super) struct Checker<'a> {
    pub(super) file: &'a str,
    pub(super) seen: BTreeMap<String, (Meaning, String, usize)>,
    /// Where each line of the pack's text starts, so that the line of a
    /// word is found by a search rather than by counting from the start.
    line_starts: Vec<usize>,
}

impl<'a> Checker<'a> {
    /// A checker of the pack `text` read from `file`.
    pub(super) fn new(text: &str, file: &'a str) -> Checker<'a> {
        let line_starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(at, _)| at + 1))
            .collect();
        Checker {
            file,
            seen: BTreeMap::new(),
            line_starts,
        }
    }

    /// The line, from 1, of the byte at `offset`.
    pub(super) fn line(&self, offset: usize) -> usize {
        self.line_starts.partition_point(|start| *start <= offset)
    }

    pub(super) fn word(&self, key: &str, word: &Spanned<String>) -> Result<String, PackError> {
        if fold(word.get_ref()).is_empty() {
            return Err(PackError::Invalid {
                file: self.file.to_string(),
                key: key.to_string(),
                line: self.line(word.span().start),
                problem: "the word is empty".to_string(),
            });
        }
        Ok(word.get_ref().clone())
    }

    pub(super) fn meaning(
        &mut self,
        key: &str,
        word: &Spanned<String>,
        meaning: Meaning,
    ) -> Result<(), PackError> {
        let line = self.line(word.span().start);
        self.plain_meaning(key, word.get_ref(), line, meaning)
    }

    pub(super) fn plain_meaning(
        &mut self,
        key: &str,
        word: &str,
        line: usize,
        meaning: Meaning,
    ) -> Result<(), PackError> {
        let folded: Vec<String> = word.split_whitespace().map(fold).collect();
        if folded.iter().all(String::is_empty) {
            return Err(PackError::Invalid {
                file: self.file.to_string(),
                key: key.to_string(),
                line,
                problem: "the word is empty".to_string(),
            });
        }
        let joined = folded.join(" ");
        match self.seen.get(&joined) {
            Some((first, first_key, first_line)) if *first != meaning => {
                Err(PackError::Duplicate(Box::new(DuplicateWord {
                    file: self.file.to_string(),
                    key: key.to_string(),
                    line,
                    word: word.to_string(),
                    first: first.to_string(),
                    first_key: first_key.clone(),
                    first_line: *first_line,
                })))
            }
            Some(_) => Ok(()),
            None => {
                self.seen.insert(joined, (meaning, key.to_string(), line));
                Ok(())
            }
        }
    }
}

pub(super) fn accept_meaning(group: &str, name: &str) -> Option<Meaning> {
    match group {
        // Only `a`-`h` and `1`-`8` name a file or a rank.
        "files" => single_char(name)
            .and_then(File::from_char)
            .map(Meaning::File),
        "ranks" => single_char(name)
            .and_then(Rank::from_char)
            .map(Meaning::Rank),
        "pieces" => Role::ALL
            .into_iter()
            .find(|r| role_key(*r) == name)
            .map(Meaning::Piece),
        "moves" => MOVE_KEYS
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, m)| *m)
            // Castling without a side is only accepted, never said.
            .or((name == "castle").then_some(Meaning::Castling)),
        _ => None,
    }
}

fn single_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

#[cfg(test)]
mod line_tests {
    use super::Checker;

    #[test]
    fn lines_are_counted_from_one_at_each_line_end() {
        let check = Checker::new("a\nbc\n\nd", "pack.toml");
        let lines: Vec<usize> = (0..9).map(|offset| check.line(offset)).collect();
        // Past the end is the last line, as before.
        assert_eq!(lines, [1, 1, 2, 2, 2, 3, 4, 4, 4]);
    }
}
