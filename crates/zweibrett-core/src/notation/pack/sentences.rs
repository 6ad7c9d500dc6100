//! Tables of sentences keyed by an enum: a pack's `[game]`, `[audit]` and
//! `[analysis]` sections. Each key is known with the placeholders its
//! sentence may use, so a table is checked completely when the pack loads
//! and a sentence, once loaded, is always there.

use std::collections::BTreeMap;
use std::marker::PhantomData;

use serde::Deserialize;
use toml::Spanned;

use super::check::{Checker, fill, placeholders};
use super::error::PackError;

/// The keys of one section of sentences.
pub trait SentenceKey: Copy + Eq + 'static {
    /// The section's name in the pack file ("game").
    const SECTION: &'static str;
    /// Every key, in the order of the section.
    const ALL: &'static [Self];
    /// The key as written in the pack file ("press_first").
    fn name(self) -> &'static str;
    /// The `{name}` placeholders the sentence may use.
    fn placeholders(self) -> &'static [&'static str];
    /// Whether the sentence may be empty (a joining word that can be none).
    fn may_be_empty(self) -> bool {
        false
    }
}

/// Defines an enum of sentence keys with each key's name in the pack file
/// and the placeholders its sentence may use.
#[macro_export]
macro_rules! sentence_keys {
    (@empty) => { false };
    (@empty may_be_empty) => { true };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident in $section:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $key:literal [$($place:literal),* $(,)?] $($empty:ident)? ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant, )*
        }

        impl $crate::notation::pack::SentenceKey for $name {
            const SECTION: &'static str = $section;
            const ALL: &'static [Self] = &[$($name::$variant),*];
            fn name(self) -> &'static str {
                match self { $($name::$variant => $key,)* }
            }
            fn placeholders(self) -> &'static [&'static str] {
                match self { $($name::$variant => &[$($place),*],)* }
            }
            fn may_be_empty(self) -> bool {
                match self { $($name::$variant => $crate::sentence_keys!(@empty $($empty)?),)* }
            }
        }
    };
}

/// How a pack's language picks between the singular and the plural of a
/// counted noun.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PluralRule {
    /// One is singular, every other count plural (German, English, Spanish,
    /// European Portuguese).
    #[default]
    OneIsSingular,
    /// Zero and one are singular (Brazilian Portuguese, French).
    ZeroAndOneAreSingular,
}

impl PluralRule {
    /// Whether `n` takes the singular form.
    pub fn is_singular(self, n: u64) -> bool {
        match self {
            PluralRule::OneIsSingular => n == 1,
            PluralRule::ZeroAndOneAreSingular => n <= 1,
        }
    }
}

/// A sentence as written: one text, or a singular and a plural for a
/// sentence around a count.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum Sentence {
    /// The same text for every count.
    One(String),
    /// Forms chosen by the count.
    Counted {
        /// The form for a count the language says in the singular.
        one: String,
        /// The form for every other count.
        other: String,
    },
}

impl Sentence {
    fn forms(&self) -> Vec<&str> {
        match self {
            Sentence::One(text) => vec![text],
            Sentence::Counted { one, other } => vec![one, other],
        }
    }
}

/// Where a sentence a pack lacks comes from.
pub(super) enum Fallback<'a, K: 'static> {
    /// Nowhere: a missing sentence is an error (the English pack itself).
    None,
    /// The English pack's sentence, noting the key in `missing`.
    English {
        /// The English pack's section, read when first needed.
        english: fn() -> &'static Sentences<K>,
        /// Keys taken from English, as "section.key".
        missing: &'a mut Vec<String>,
    },
}

/// A section of sentences as written, each value with its position.
pub(super) type RawSentences = BTreeMap<String, Spanned<toml::Value>>;

/// A checked section of sentences: every key of `K` has its sentence.
#[derive(Clone, Debug)]
pub struct Sentences<K> {
    texts: Vec<Sentence>,
    plural: PluralRule,
    keys: PhantomData<K>,
}

impl<K: SentenceKey> Sentences<K> {
    /// Checks a section, leaving keys in `others` to the caller: no key unknown, none empty, no placeholder its
    /// sentence cannot have; errors name file, key and line. A key the
    /// section lacks takes the sentence of `english` (the English pack's,
    /// for a pack in another language) and is listed in `missing` as
    /// "section.key"; without `english` a missing key is an error.
    pub(super) fn check_skipping(
        table: Option<&Spanned<RawSentences>>,
        checker: &Checker<'_>,
        plural: PluralRule,
        others: &[&str],
        mut fallback: Fallback<'_, K>,
    ) -> Result<Sentences<K>, PackError> {
        let invalid = |key: &str, line: usize, problem: String| PackError::Invalid {
            file: checker.file.to_string(),
            key: format!("{}.{key}", K::SECTION),
            line,
            problem,
        };
        let mut read = BTreeMap::new();
        let empty = BTreeMap::new();
        let entries = table.map_or(&empty, |t| t.get_ref());
        for (name, value) in entries {
            if others.contains(&name.as_str()) {
                continue;
            }
            let line = checker.line(value.span().start);
            let Some(key) = K::ALL.iter().find(|k| k.name() == name) else {
                return Err(invalid(name, line, "unknown key".to_string()));
            };
            let sentence: Sentence = value.get_ref().clone().try_into().map_err(|_| {
                let problem = "a sentence is needed, or a table of its forms `one` and `other`";
                invalid(name, line, problem.to_string())
            })?;
            for text in sentence.forms() {
                if text.trim().is_empty() && !key.may_be_empty() {
                    return Err(invalid(name, line, "the sentence is empty".to_string()));
                }
                let allowed = key.placeholders();
                if let Some(p) = placeholders(text).find(|p| !allowed.contains(p)) {
                    let list: Vec<String> = allowed.iter().map(|a| format!("{{{a}}}")).collect();
                    return Err(invalid(
                        name,
                        line,
                        format!(
                            "unknown placeholder {{{p}}}; this sentence may use: {}",
                            list.join(" ")
                        ),
                    ));
                }
            }
            read.insert(name.as_str(), sentence);
        }
        let mut texts = Vec::with_capacity(K::ALL.len());
        for key in K::ALL {
            match (read.remove(key.name()), &mut fallback) {
                (Some(sentence), _) => texts.push(sentence),
                (None, Fallback::English { english, missing }) => {
                    texts.push(english().sentence(*key).clone());
                    missing.push(format!("{}.{}", K::SECTION, key.name()));
                }
                (None, Fallback::None) => {
                    let line = table.map_or(1, |t| checker.line(t.span().start));
                    return Err(invalid(key.name(), line, "missing".to_string()));
                }
            }
        }
        Ok(Sentences {
            texts,
            plural,
            keys: PhantomData,
        })
    }

    fn sentence(&self, key: K) -> &Sentence {
        // Checked on load: `texts` holds one sentence per key, in order.
        let index = K::ALL.iter().position(|k| *k == key).unwrap_or(0);
        &self.texts[index]
    }

    /// The sentence under `key` with its placeholders filled; of a counted
    /// sentence, the plural.
    pub fn say(&self, key: K, values: &[(&str, &str)]) -> String {
        match self.sentence(key) {
            Sentence::One(text) => fill(text, values),
            Sentence::Counted { other, .. } => fill(other, values),
        }
    }

    /// The sentence under `key` in the form the count `n` wants, with its
    /// placeholders filled.
    pub fn say_count(&self, key: K, n: u64, values: &[(&str, &str)]) -> String {
        match self.sentence(key) {
            Sentence::One(text) => fill(text, values),
            Sentence::Counted { one, other } => {
                let text = if self.plural.is_singular(n) {
                    one
                } else {
                    other
                };
                fill(text, values)
            }
        }
    }

    /// Every form of every sentence, for checks on the words.
    pub fn all(&self) -> impl Iterator<Item = &str> {
        self.texts.iter().flat_map(|s| s.forms())
    }
}

#[cfg(test)]
mod tests {
    use super::PluralRule;

    #[test]
    fn plural_rules_pick_the_singular() {
        let one = PluralRule::OneIsSingular;
        assert!(one.is_singular(1));
        assert!(!one.is_singular(0));
        assert!(!one.is_singular(2));
        let zero_and_one = PluralRule::ZeroAndOneAreSingular;
        assert!(zero_and_one.is_singular(0));
        assert!(zero_and_one.is_singular(1));
        assert!(!zero_and_one.is_singular(21));
    }
}
