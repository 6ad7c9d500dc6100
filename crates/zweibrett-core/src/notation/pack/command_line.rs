//! The `[command_line]` section checked: the words around `--help` and,
//! in its `texts` and `value_names` tables, the program's own texts in the
//! pack's language, keyed by what they describe. The program knows its
//! commands and options; the pack only has to hold words for them, so a
//! text the pack lacks is said as the program wrote it.

use std::collections::BTreeMap;

use toml::Spanned;

use super::check::Checker;
use super::error::PackError;
use super::sections::CommandLineSentence;
use super::sentences::{RawSentences, Sentences};

/// The `[command_line]` section, checked.
#[derive(Clone, Debug)]
pub struct CommandLineSection {
    /// Headings, the help and version options, a default, values.
    pub sentences: Sentences<CommandLineSentence>,
    /// What a command, option or value does, by its key: `play`,
    /// `play --role`, `play --speech=auto`, `say <moves>`; `zweibrett` is
    /// the program itself.
    pub texts: BTreeMap<String, String>,
    /// The placeholder an option's value is shown as (`FILE` → `DATEI`).
    pub value_names: BTreeMap<String, String>,
}

impl CommandLineSection {
    /// The pack's text for `key`, if it has one.
    pub fn text(&self, key: &str) -> Option<&str> {
        self.texts.get(key).map(String::as_str)
    }

    /// The pack's name for the value placeholder `name`, else `name`.
    pub fn value_name<'a>(&'a self, name: &'a str) -> &'a str {
        self.value_names.get(name).map_or(name, String::as_str)
    }
}

/// The table `command_line.{table}` of `section`: every entry a text that
/// is not empty; errors name file, key and line.
pub(super) fn check_words(
    section: Option<&Spanned<RawSentences>>,
    table: &str,
    check: &Checker<'_>,
) -> Result<BTreeMap<String, String>, PackError> {
    let mut words = BTreeMap::new();
    let Some(value) = section.and_then(|s| s.get_ref().get(table)) else {
        return Ok(words);
    };
    let line = check.line(value.span().start);
    let invalid = |key: String, problem: &str| PackError::Invalid {
        file: check.file.to_string(),
        key,
        line,
        problem: problem.to_string(),
    };
    let Some(entries) = value.get_ref().as_table() else {
        return Err(invalid(
            format!("command_line.{table}"),
            "a table of texts is needed",
        ));
    };
    for (key, text) in entries {
        let named = format!("command_line.{table}.{key}");
        match text.as_str() {
            Some(t) if !t.trim().is_empty() => {
                words.insert(key.clone(), t.to_string());
            }
            Some(_) => return Err(invalid(named, "the text is empty")),
            None => return Err(invalid(named, "a text is needed")),
        }
    }
    Ok(words)
}
