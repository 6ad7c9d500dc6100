//! The `[pronounce]` table: how the speech engines are to say a word whose
//! spelling they read wrongly (espeak-ng's German voice reads the file name
//! "Cesar" as "Kesar"; Appendix D means "Zäsar").

use std::collections::{BTreeMap, BTreeSet};

use toml::Spanned;

use super::check::Checker;
use super::spoken::{clip_name, said_among, said_words as said_in, word_spans};
use super::{PackError, VoicePack};

/// The clip names of the `[pronounce]` words that the pack says: only
/// these may be given a pronunciation.
pub(super) fn said_of_pronounced(document: &toml::de::DeTable<'_>) -> BTreeSet<String> {
    let wanted: BTreeSet<String> = match document.get("pronounce").map(|t| t.get_ref()) {
        Some(toml::de::DeValue::Table(table)) => {
            table.keys().map(|word| clip_name(word.get_ref())).collect()
        }
        _ => return BTreeSet::new(),
    };
    said_among(document, &wanted)
}

/// Every word the pack's text can say, by clip name; the text was read
/// once already, so it is a pack's words.
pub(super) fn said_words(text: &str) -> BTreeMap<String, String> {
    toml::from_str::<toml::Table>(text)
        .map(|table| said_in(&table))
        .unwrap_or_default()
}

/// Checks the table: each key is one word the pack says (looked for when
/// `said` is given), each value a pronunciation that is not empty.
pub(super) fn check(
    table: &BTreeMap<String, Spanned<String>>,
    said: Option<&BTreeSet<String>>,
    check: &Checker<'_>,
) -> Result<BTreeMap<String, String>, PackError> {
    let mut pronounce = BTreeMap::new();
    for (word, sound) in table {
        let invalid = |problem: String| PackError::Invalid {
            file: check.file.to_string(),
            key: format!("pronounce.{word}"),
            line: check.line(sound.span().start),
            problem,
        };
        let name = clip_name(word);
        if said.is_some_and(|said| !said.contains(&name)) {
            return Err(invalid(format!("\"{word}\" is not a word the pack says")));
        }
        if clip_name(sound.get_ref()).is_empty() {
            return Err(invalid(format!("the pronunciation of \"{word}\" is empty")));
        }
        pronounce.insert(name, sound.get_ref().clone());
    }
    Ok(pronounce)
}

impl VoicePack {
    /// Every word the pack can say, by clip name (see
    /// [`clip_name`]), with the word as the pack first writes it: the
    /// words of its sentences and words, and the numbers said as digits.
    pub fn said_words(&self) -> &BTreeMap<String, String> {
        // Made when first asked for: only the built-in voice needs it, and
        // it is half the work of reading a pack.
        self.said.get_or_init(|| said_words(&self.text))
    }

    /// How the speech engines are to say a word, when the pack's
    /// `[pronounce]` table gives it.
    pub fn pronunciation(&self, word: &str) -> Option<&str> {
        self.pronounce.get(&clip_name(word)).map(String::as_str)
    }

    /// A text as the speech engines are to read it: each word the
    /// `[pronounce]` table names is replaced by its pronunciation, in the
    /// word's case ("Cesar" → "Zäsar", "CESAR" → "ZÄSAR").
    pub fn pronounced(&self, text: &str) -> String {
        if self.pronounce.is_empty() {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len());
        let mut copied = 0;
        for (at, word) in word_spans(text) {
            if let Some(sound) = self.pronunciation(word) {
                out.push_str(&text[copied..at]);
                out.push_str(&in_case_of(word, sound));
                copied = at + word.len();
            }
        }
        out.push_str(&text[copied..]);
        out
    }
}

/// A pronunciation in the case of the word it stands for.
fn in_case_of(word: &str, sound: &str) -> String {
    let letters = || word.chars().filter(|c| c.is_alphabetic());
    if letters().count() > 1 && letters().all(char::is_uppercase) {
        return sound.to_uppercase();
    }
    let mut chars = sound.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let rest = chars.as_str();
    match word.chars().next() {
        Some(c) if c.is_uppercase() => first.to_uppercase().chain(rest.chars()).collect(),
        Some(c) if c.is_lowercase() => first.to_lowercase().chain(rest.chars()).collect(),
        _ => sound.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_is_replaced_by_its_pronunciation_in_its_case() {
        let pack = VoicePack::fide();
        assert_eq!(pack.pronunciation("cesar"), Some("Zäsar"));
        assert_eq!(
            pack.pronounced("Läufer Cesar vier, cesar; CESAR Cesars"),
            "Läufer Zäsar vier, zäsar; ZÄSAR Cesars"
        );
        assert_eq!(pack.pronounced("Eva vier"), "Eva vier");
    }

    #[test]
    fn a_pronunciation_of_a_word_the_pack_does_not_say_is_an_error() {
        let text = crate::notation::pack::BUILTIN[0].1.replacen(
            "[pronounce]\n",
            "[pronounce]\nQuatsch = \"Kwatsch\"\n",
            1,
        );
        let err = VoicePack::from_toml(&text, "mine.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("mine.toml"), "{err}");
        assert!(err.contains("pronounce.Quatsch"), "{err}");
        assert!(err.contains("Quatsch"), "{err}");
        let line = text.lines().position(|l| l.starts_with("Quatsch")).unwrap() + 1;
        assert!(err.contains(&line.to_string()), "{err}");
    }

    #[test]
    fn every_built_in_pack_says_its_words_and_numbers() {
        for (id, _) in crate::notation::pack::BUILTIN {
            let pack = VoicePack::builtin(id);
            let said = pack.said_words();
            let clock = pack
                .clock_section()
                .expect("built-in packs have number words");
            assert!(said.contains_key(&clip_name(&clock.numbers[12])), "{id}");
            let piece = clip_name(pack.piece(shakmaty::Role::Knight));
            assert!(said.contains_key(&piece), "{id}: {piece}");
            assert!(said.len() > 100, "{id}: only {} words", said.len());
        }
    }
}
