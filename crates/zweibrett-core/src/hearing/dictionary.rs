//! A pronunciation dictionary: each word the recogniser may hear with its
//! phones, one per line (`springer SH P R IH NG AH`), `#` starting a
//! comment. A word may have several lines (several pronunciations). The
//! packs' dictionaries are shipped; a pack of one's own brings its own,
//! which is read here and refused with the line and the fault named.

use std::collections::BTreeMap;

use super::phones::ARPABET;

/// Why a dictionary cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DictionaryError {
    /// A line has a word and no phones.
    #[error("line {line}: \"{word}\" has no phones")]
    NoPhones {
        /// The line, from 1.
        line: usize,
        /// The word.
        word: String,
    },
    /// A phone is not one of the acoustic model's.
    #[error("line {line}: \"{phone}\" is no phone of the model (ARPAbet: AA AE AH … ZH)")]
    UnknownPhone {
        /// The line, from 1.
        line: usize,
        /// The phone.
        phone: String,
    },
    /// A word is not in the recogniser's spelling (lower case letters and
    /// digits, as the grammar folds words).
    #[error("line {line}: \"{word}\" is not a folded word (lower-case letters and digits)")]
    BadWord {
        /// The line, from 1.
        line: usize,
        /// The word.
        word: String,
    },
}

/// The words with their pronunciations, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Dictionary {
    words: BTreeMap<String, Vec<String>>,
}

impl Dictionary {
    /// Reads a dictionary's text.
    pub fn read(text: &str) -> Result<Dictionary, DictionaryError> {
        let mut words: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("").trim();
            let mut parts = content.split_whitespace();
            let Some(word) = parts.next() else { continue };
            if !word
                .chars()
                .all(|c| c.is_alphanumeric() && !c.is_uppercase())
            {
                return Err(DictionaryError::BadWord {
                    line,
                    word: word.to_string(),
                });
            }
            let phones: Vec<&str> = parts.collect();
            if phones.is_empty() {
                return Err(DictionaryError::NoPhones {
                    line,
                    word: word.to_string(),
                });
            }
            if let Some(bad) = phones.iter().find(|p| !ARPABET.contains(p)) {
                return Err(DictionaryError::UnknownPhone {
                    line,
                    phone: bad.to_string(),
                });
            }
            let entry = words.entry(word.to_string()).or_default();
            let joined = phones.join(" ");
            if !entry.contains(&joined) {
                entry.push(joined);
            }
        }
        Ok(Dictionary { words })
    }

    /// Whether `word` has a pronunciation.
    pub fn knows(&self, word: &str) -> bool {
        self.words.contains_key(word)
    }

    /// Each word with one of its pronunciations, the recogniser's way:
    /// the second and later as `word(2)`, `word(3)` ….
    pub fn entries(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for (word, prons) in &self.words {
            for (n, phones) in prons.iter().enumerate() {
                let name = if n == 0 {
                    word.clone()
                } else {
                    format!("{word}({})", n + 1)
                };
                out.push((name, phones.clone()));
            }
        }
        out
    }

    /// The dictionary as text that [`Dictionary::read`] reads back.
    pub fn write(&self) -> String {
        let mut out = String::new();
        for (word, prons) in &self.words {
            for phones in prons {
                out.push_str(word);
                out.push(' ');
                out.push_str(phones);
                out.push('\n');
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_comments_and_second_pronunciations() {
        let d = Dictionary::read(
            "# made by hand\neva EY V AA\neva IY V AH # English\n\nzeit T S AY T\n",
        )
        .unwrap();
        assert!(d.knows("eva") && d.knows("zeit") && !d.knows("anna"));
        assert_eq!(
            d.entries(),
            [
                ("eva".to_string(), "EY V AA".to_string()),
                ("eva(2)".to_string(), "IY V AH".to_string()),
                ("zeit".to_string(), "T S AY T".to_string())
            ]
        );
        assert_eq!(Dictionary::read(&d.write()).unwrap(), d);
    }

    #[test]
    fn faults_are_named_with_their_line() {
        assert_eq!(
            Dictionary::read("eva EY V AA\nzeit\n"),
            Err(DictionaryError::NoPhones {
                line: 2,
                word: "zeit".into()
            })
        );
        assert_eq!(
            Dictionary::read("eva EY V Q\n"),
            Err(DictionaryError::UnknownPhone {
                line: 1,
                phone: "Q".into()
            })
        );
        assert_eq!(
            Dictionary::read("Eva EY V AA\n"),
            Err(DictionaryError::BadWord {
                line: 1,
                word: "Eva".into()
            })
        );
    }

    #[test]
    fn every_shipped_dictionary_reads_and_covers_its_pack() {
        for (id, text) in [
            ("fide", include_str!("../../../../voices/fide/hear.dict")),
            ("en", include_str!("../../../../voices/en/hear.dict")),
            ("pt", include_str!("../../../../voices/pt/hear.dict")),
            ("es", include_str!("../../../../voices/es/hear.dict")),
        ] {
            let d = Dictionary::read(text).unwrap();
            let pack = crate::notation::VoicePack::builtin(id);
            for word in super::super::grammar::vocabulary(&pack).keys() {
                assert!(d.knows(word), "{id}: {word} has no pronunciation");
            }
        }
    }
}
