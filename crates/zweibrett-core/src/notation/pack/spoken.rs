//! The words a pack can say, read from its TOML text, and the name of each
//! word's clip in the built-in voice.
//!
//! This file depends on nothing but `toml` and the standard library: the
//! program's build script reads it too, to report words without a clip
//! while the clips are embedded.

use std::collections::BTreeMap;

/// Top-level keys whose strings are never said: the pack's id, its
/// language tag and plural rule, the spellings a player may type, the
/// pronunciations (said in place of words that are there already), and
/// the command line's help (printed for the terminal's screen reader).
const NOT_SAID: &[&str] = &[
    "id",
    "language",
    "plural",
    "piece_letters",
    "accept",
    "pronounce",
    "command_line",
];

/// Numbers that have clips of their own, as digits, spoken in the pack's
/// language, when the pack has no number words (`clock.numbers`): the
/// built-in voice says a number in the pack's number words where it has
/// them, and a larger one digit by digit.
pub const SAID_NUMBERS: std::ops::RangeInclusive<u32> = 0..=100;

/// The name of a word's clip: the word in lower case without anything that
/// is not a letter or digit. Accents stay, so that the Portuguese "e" and
/// "é" or the Spanish "si" and "sí" keep clips of their own.
pub fn clip_name(word: &str) -> String {
    word.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether a character joins the letters around it into one word: the
/// apostrophe of "don't", the hyphen of "dá-se", the stop of "e.p.".
fn joins(c: char) -> bool {
    matches!(c, '\'' | '’' | '-' | '.')
}

/// The words of a text: runs of letters and digits, with an apostrophe,
/// hyphen or stop inside a word kept in it.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || joins(c)))
        .map(|w| w.trim_matches(joins))
        .filter(|w| !w.is_empty())
}

/// Each word of a text with its byte offset.
pub fn word_spans(text: &str) -> Vec<(usize, &str)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices().chain([(text.len(), ' ')]) {
        let inside = c.is_alphanumeric() || joins(c);
        match (start, inside && i < text.len()) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                let run = &text[s..i];
                let word = run.trim_matches(joins);
                if !word.is_empty() {
                    let lead = run.len() - run.trim_start_matches(joins).len();
                    spans.push((s + lead, word));
                }
                start = None;
            }
            _ => {}
        }
    }
    spans
}

/// A sentence without its `{placeholders}`.
fn without_placeholders(sentence: &str) -> String {
    let mut plain = String::with_capacity(sentence.len());
    let mut depth = 0usize;
    for c in sentence.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => {
                depth -= 1;
                plain.push(' ');
            }
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
}

/// Every word a pack can say, by clip name, with the word as first
/// written: the words of every sentence and word of the pack (placeholders
/// left out), and, for a pack without number words, the numbers in
/// [`SAID_NUMBERS`] as digits.
pub fn said_words(pack: &toml::Table) -> BTreeMap<String, String> {
    let mut said = BTreeMap::new();
    let number_words = pack
        .get("clock")
        .and_then(|clock| clock.get("numbers"))
        .is_some_and(|numbers| numbers.as_array().is_some_and(|n| !n.is_empty()));
    if !number_words {
        for n in SAID_NUMBERS {
            said.insert(n.to_string(), n.to_string());
        }
    }
    for (key, value) in pack {
        if !NOT_SAID.contains(&key.as_str()) {
            collect(value, &mut said);
        }
    }
    said
}

/// Which of `names` (clip names) a pack says, looked for in its parsed
/// document as [`said_words`] would find them, without collecting every
/// word: loading a pack checks its `[pronounce]` words this way, and the
/// whole list is made only when the built-in voice needs it.
pub fn said_among(
    pack: &toml::de::DeTable<'_>,
    names: &std::collections::BTreeSet<String>,
) -> std::collections::BTreeSet<String> {
    let mut found = std::collections::BTreeSet::new();
    let number_words = pack
        .get("clock")
        .and_then(|clock| match clock.get_ref() {
            toml::de::DeValue::Table(clock) => clock.get("numbers"),
            _ => None,
        })
        .is_some_and(|n| matches!(n.get_ref(), toml::de::DeValue::Array(n) if !n.is_empty()));
    if !number_words {
        for name in names {
            if name.parse::<u32>().is_ok_and(|n| SAID_NUMBERS.contains(&n)) {
                found.insert(name.clone());
            }
        }
    }
    for (key, value) in pack {
        if !NOT_SAID.contains(&key.get_ref().as_ref()) {
            look_for(value.get_ref(), names, &mut found);
        }
    }
    found
}

fn look_for(
    value: &toml::de::DeValue<'_>,
    names: &std::collections::BTreeSet<String>,
    found: &mut std::collections::BTreeSet<String>,
) {
    match value {
        toml::de::DeValue::String(text) => {
            let plain = match text.contains('{') {
                true => std::borrow::Cow::Owned(without_placeholders(text)),
                false => std::borrow::Cow::Borrowed(text.as_ref()),
            };
            // One buffer for every word's clip name, made only for a word
            // that begins as one looked for.
            let mut name = String::new();
            for word in words(&plain) {
                let first = word
                    .chars()
                    .find(|c| c.is_alphanumeric())
                    .and_then(|c| c.to_lowercase().next());
                if !first.is_some_and(|c| names.iter().any(|n| n.starts_with(c))) {
                    continue;
                }
                name.clear();
                name.extend(
                    word.chars()
                        .filter(|c| c.is_alphanumeric())
                        .flat_map(char::to_lowercase),
                );
                if names.contains(&name) && !found.contains(&name) {
                    found.insert(name.clone());
                }
            }
        }
        toml::de::DeValue::Array(items) => items
            .iter()
            .for_each(|v| look_for(v.get_ref(), names, found)),
        toml::de::DeValue::Table(table) => table
            .values()
            .for_each(|v| look_for(v.get_ref(), names, found)),
        _ => {}
    }
}

/// Whether `word` is digits joined by signs ("1-0", "5.2.2"): a voice says
/// it in its parts, since the clip of its digits alone would be another
/// number ("10", "43").
pub fn joined_digits(word: &str) -> bool {
    word.contains(|c: char| !c.is_alphanumeric())
        && word
            .chars()
            .all(|c| !c.is_alphanumeric() || c.is_ascii_digit())
}

fn collect(value: &toml::Value, said: &mut BTreeMap<String, String>) {
    match value {
        toml::Value::String(text) => {
            // Digits joined by signs are said as the numbers they join.
            for word in words(&without_placeholders(text)).filter(|w| !joined_digits(w)) {
                let name = clip_name(word);
                if !name.is_empty() {
                    said.entry(name).or_insert_with(|| word.to_string());
                }
            }
        }
        toml::Value::Array(items) => items.iter().for_each(|v| collect(v, said)),
        toml::Value::Table(table) => table.values().for_each(|v| collect(v, said)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_names_keep_accents_and_drop_the_rest() {
        assert_eq!(clip_name("Weiß"), "weiß");
        assert_eq!(clip_name("é"), "é");
        assert_ne!(clip_name("é"), clip_name("e"));
        assert_eq!(clip_name("don't"), "dont");
        assert_eq!(clip_name("dá-se"), "dáse");
    }

    #[test]
    fn words_keep_inner_apostrophes_and_hyphens() {
        let found: Vec<&str> = words("«Dá-se» o lance; don't — e.p. 12:30").collect();
        assert_eq!(found, ["Dá-se", "o", "lance", "don't", "e.p", "12", "30"]);
        let spans = word_spans("-Cesar, cesar.");
        assert_eq!(spans, [(1, "Cesar"), (8, "cesar")]);
    }

    #[test]
    fn every_string_outside_the_typed_spellings_is_said() {
        let pack: toml::Table = toml::from_str(
            "id = \"x\"\nlanguage = \"de\"\nname = \"Probe\"\n\
             [files]\na = \"Anna\"\n\
             [accept]\nfiles.a = [\"Annette\"]\n\
             [pronounce]\nCesar = \"Zäsar\"\n\
             [game]\ncount = { one = \"ein Zug\", other = \"{n} Züge von {side}\" }\n",
        )
        .unwrap();
        let said = said_words(&pack);
        for word in ["probe", "anna", "ein", "zug", "züge", "von", "0", "100"] {
            assert!(said.contains_key(word), "{word} is said");
        }
        // An article is said as its numbers, never as one ("4.3" is not 43).
        let article: toml::Table =
            toml::from_str("id = \"x\"\n[game]\nrule = \"(4.3, 5.2.2)\"\n").unwrap();
        let in_parts = said_words(&article);
        assert!(
            !in_parts.contains_key("522") && !in_parts.values().any(|w| w.contains('.')),
            "{in_parts:?}"
        );
        for word in ["annette", "zäsar", "x", "de", "n", "side"] {
            assert!(!said.contains_key(word), "{word} is not said");
        }
        assert_eq!(said["züge"], "Züge");
        let with_numbers: toml::Table =
            toml::from_str("[clock]\nnumbers = [\"null\", \"eins\"]\n").unwrap();
        let said = said_words(&with_numbers);
        assert!(said.contains_key("eins") && !said.contains_key("1"));
    }

    #[test]
    fn looking_for_words_finds_what_listing_them_finds() {
        let text = "id = \"x\"\nlanguage = \"de\"\nname = \"Probe\"\n\
             [accept]\nfiles.a = [\"Annette\"]\n\
             [game]\ncount = { one = \"ein Zug\", other = \"{n} Züge von {side}\" }\n";
        let document = toml::de::DeTable::parse(text).unwrap();
        let listed = said_words(&toml::from_str(text).unwrap());
        let asked: std::collections::BTreeSet<String> =
            ["probe", "züge", "annette", "side", "x", "7", "100", "101"]
                .map(String::from)
                .into();
        let found = said_among(document.get_ref(), &asked);
        for name in &asked {
            assert_eq!(found.contains(name), listed.contains_key(name), "{name}");
        }
        for (id, text) in crate::notation::pack::BUILTIN {
            let document = toml::de::DeTable::parse(text).unwrap();
            let listed = said_words(&toml::from_str(text).unwrap());
            let every: std::collections::BTreeSet<String> = listed.keys().cloned().collect();
            assert_eq!(said_among(document.get_ref(), &every), every, "{id}");
        }
    }
}
