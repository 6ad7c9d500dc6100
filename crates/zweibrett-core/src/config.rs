//! Configuration: the defaults shipped in `config/default.toml`, overlaid
//! with the text of the user's own file (which the program finds and reads).
//!
//! Each part of the program reads its own section into its own settings type
//! with [`Config::section`] (or [`Config::checked_section`] when its
//! numbers have ranges); an error names the file, the line, the section
//! and the key, and nothing is changed.

use std::path::PathBuf;

use serde::de::DeserializeOwned;

mod keep;
mod locate;
mod plain;
mod shown;

pub use keep::with_voice_level;
pub use shown::{Marks, Origin, starter};

/// The configuration shipped with the program.
pub const DEFAULT_TOML: &str = include_str!("../config/default.toml");

/// The merged configuration.
#[derive(Clone, Debug)]
pub struct Config {
    table: toml::Table,
    /// Where the user's values came from, for messages.
    user_file: Option<PathBuf>,
    /// The user's text, to find the line of a key in.
    user_text: Option<String>,
    /// Whether the voice pack is the locale's ([`Config::with_locale`]).
    locale_voice: bool,
}

/// Why the configuration could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The user's file exists but cannot be read.
    #[error("{file}: cannot read the configuration: {source}")]
    Io {
        /// The file.
        file: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not valid TOML.
    #[error("{file}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// The parser's message, with the line.
        message: String,
    },
    /// A section has a wrong, missing or unknown key.
    #[error("{file}, section [{section}]: {message}")]
    Section {
        /// The file the bad value most likely came from.
        file: String,
        /// The section.
        section: String,
        /// What is wrong, naming the key.
        message: String,
    },
    /// A section or key the program does not know, such as a misspelt one.
    #[error("{file}, line {line}: unknown {what}{}; known: {known}",
        suggestion.as_ref().map(|s| format!(" (did you mean `{s}`?)")).unwrap_or_default())]
    Unknown {
        /// The file.
        file: String,
        /// The line, counting from 1.
        line: usize,
        /// What is unknown: "section [speach]", "key `voise` in [speech]".
        what: String,
        /// The known name nearest to it, when one is near.
        suggestion: Option<String>,
        /// The names known there, comma-separated.
        known: String,
    },
    /// A value of the wrong kind: a word where a number belongs.
    #[error("{file}, line {line}: [{section}] {key}: {message}")]
    Type {
        /// The file.
        file: String,
        /// The line, counting from 1.
        line: usize,
        /// The section.
        section: String,
        /// The key, dotted below the section (`white.every_minutes`).
        key: String,
        /// What was expected and found.
        message: String,
    },
    /// A top-level key of the wrong kind: `voice = 3`, `speech = 1`.
    #[error("{file}, line {line}: {key} must be {expected}")]
    TopLevelType {
        /// The file.
        file: String,
        /// The line, counting from 1.
        line: usize,
        /// The key.
        key: String,
        /// What it must be.
        expected: &'static str,
    },
    /// A number outside the values its key allows.
    #[error(
        "{file}, line {line}: [{section}] {} = {} is out of range; it may be {}",
        fault.key,
        fault.value,
        fault.allowed
    )]
    OutOfRange {
        /// The file.
        file: String,
        /// The line, counting from 1.
        line: usize,
        /// The section.
        section: String,
        /// The key, the value and the values allowed.
        fault: Box<OutOfRange>,
    },
}

impl ConfigError {
    /// `file`, whose text is `text`, is not TOML: where and why, on one
    /// line a screen reader reads ("line 1, column 8: unclosed table").
    pub fn syntax(
        file: &str,
        text: &str,
        message: &str,
        span: Option<std::ops::Range<usize>>,
    ) -> ConfigError {
        ConfigError::Syntax {
            file: file.to_string(),
            message: plain::syntax(text, message, span),
        }
    }
}

/// A value of a section outside its range, found by [`Ranges`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfRange {
    /// The key, dotted below the section (`white.every_minutes`).
    pub key: String,
    /// The value as read.
    pub value: String,
    /// The values allowed, such as "from -100 to 100".
    pub allowed: String,
}

impl OutOfRange {
    /// `value` of `key` when it lies outside `low..=high`.
    pub fn check<T: PartialOrd + std::fmt::Display>(
        key: &str,
        value: T,
        low: T,
        high: T,
    ) -> Option<OutOfRange> {
        (value < low || value > high).then(|| OutOfRange {
            key: key.to_string(),
            value: value.to_string(),
            allowed: format!("from {low} to {high}"),
        })
    }
}

/// A settings type whose numbers have ranges: a value outside them is
/// refused with its line and the range rather than clamped unsaid.
pub trait Ranges {
    /// The first value outside its range, if any.
    fn out_of_range(&self) -> Option<OutOfRange>;
}

/// The most minutes a clock announcement may be set at: ten hours.
pub const MOST_MINUTES: u32 = 600;

impl Config {
    /// The shipped defaults alone.
    pub fn defaults() -> Config {
        // The text is compiled in, so whether it parses is settled when the
        // program is built, not when it runs: `the_shipped_defaults_parse`
        // holds it, and no caller needs an error path that cannot happen.
        Config {
            table: toml::from_str(DEFAULT_TOML).unwrap_or_default(),
            user_file: None,
            user_text: None,
            locale_voice: false,
        }
    }

    /// The shipped defaults overlaid with TOML text; `file` names it.
    pub fn with_user_text(text: &str, file: &str) -> Result<Config, ConfigError> {
        let user: toml::Table = toml::from_str(text)
            .map_err(|e| ConfigError::syntax(file, text, e.message(), e.span()))?;
        let mut config = Config::defaults();
        overlay(&mut config.table, user);
        config.user_file = Some(PathBuf::from(file));
        config.user_text = Some(text.to_string());
        Ok(config)
    }

    /// Refuses a top-level section or key the program does not read
    /// (`[speach]`), and a top-level `strings` key that is not a string,
    /// naming its line.
    pub fn check_top_level(&self, sections: &[&str], strings: &[&str]) -> Result<(), ConfigError> {
        let Some(text) = &self.user_text else {
            return Ok(());
        };
        let user: toml::Table = toml::from_str(text).unwrap_or_default();
        let mut keys: Vec<(usize, &String)> = user
            .keys()
            .map(|key| (locate::line_of(text, &[key]).unwrap_or(1), key))
            .collect();
        keys.sort();
        for (line, key) in keys {
            let known: Vec<&str> = strings.iter().chain(sections).copied().collect();
            if !known.contains(&key.as_str()) {
                let is_table = user.get(key).is_some_and(toml::Value::is_table);
                return Err(ConfigError::Unknown {
                    file: self.source_name(),
                    line,
                    what: match is_table {
                        true => format!("section [{key}]"),
                        false => format!("key `{key}`"),
                    },
                    suggestion: locate::closest(key, &known).map(str::to_string),
                    known: known.join(", "),
                });
            }
            let wrong_kind = match user.get(key) {
                Some(value) if strings.contains(&key.as_str()) => !value.is_str(),
                Some(value) => !value.is_table(),
                None => false,
            };
            if wrong_kind {
                return Err(ConfigError::TopLevelType {
                    file: self.source_name(),
                    line,
                    key: key.clone(),
                    expected: match strings.contains(&key.as_str()) {
                        true => "a text in quotes",
                        false => "a section",
                    },
                });
            }
        }
        Ok(())
    }

    /// Reads one section into its settings type and checks the ranges of
    /// its numbers.
    pub fn checked_section<T: DeserializeOwned + Ranges>(
        &self,
        name: &str,
    ) -> Result<T, ConfigError> {
        let settings: T = self.section(name)?;
        match settings.out_of_range() {
            None => Ok(settings),
            Some(fault) => {
                let path: Vec<&str> = std::iter::once(name).chain(fault.key.split('.')).collect();
                let (file, line) = self.place(&path);
                Err(ConfigError::OutOfRange {
                    file,
                    line,
                    section: name.to_string(),
                    fault: Box::new(fault),
                })
            }
        }
    }

    /// The file and line a key's value came from: the user's file when it
    /// holds the key, else the shipped defaults.
    pub fn place(&self, path: &[&str]) -> (String, usize) {
        if let Some(text) = &self.user_text
            && let Some(line) = locate::line_of(text, path)
        {
            return (self.source_name(), line);
        }
        let line = locate::line_of(DEFAULT_TOML, path).unwrap_or(1);
        ("config/default.toml".to_string(), line)
    }

    /// Reads one section (a top-level table) into its settings type.
    pub fn section<T: DeserializeOwned>(&self, name: &str) -> Result<T, ConfigError> {
        let value = self
            .table
            .get(name)
            .cloned()
            .unwrap_or(toml::Value::Table(toml::Table::new()));
        value
            .try_into()
            .map_err(|e: toml::de::Error| self.section_fault::<T>(name, e.message()))
    }

    /// Names the key and line of a fault found in a section: an unknown key
    /// by the name the reader gives, any other by trying the user's keys
    /// one at a time over the defaults until one alone fails.
    fn section_fault<T: DeserializeOwned>(&self, name: &str, message: &str) -> ConfigError {
        let general = || ConfigError::Section {
            file: self.source_name(),
            section: name.to_string(),
            message: plain::value_message(message),
        };
        let Some(text) = &self.user_text else {
            return general();
        };
        if let Some(unknown) = unknown_field(message) {
            let Some(path) = locate::find_key(text, name, &unknown.name) else {
                return general();
            };
            let full: Vec<&str> = std::iter::once(name)
                .chain(path.iter().map(String::as_str))
                .collect();
            let (file, line) = self.place(&full);
            let known: Vec<&str> = unknown.known.iter().map(String::as_str).collect();
            let within = full[..full.len() - 1].join(".");
            return ConfigError::Unknown {
                file,
                line,
                what: format!("key `{}` in [{within}]", unknown.name),
                suggestion: locate::closest(&unknown.name, &known).map(str::to_string),
                known: known.join(", "),
            };
        }
        let defaults: toml::Table = toml::from_str(DEFAULT_TOML).unwrap_or_default();
        let user: toml::Table = toml::from_str(text).unwrap_or_default();
        let base = defaults
            .get(name)
            .cloned()
            .unwrap_or(toml::Value::Table(toml::Table::new()));
        for leaf in locate::leaves_below(text, &[name]) {
            let mut alone = base.clone();
            let Some(value) = value_at(&user, name, &leaf) else {
                continue;
            };
            set_at(&mut alone, &leaf, value);
            if let Err(e) = alone.try_into::<T>() {
                let full: Vec<&str> = std::iter::once(name)
                    .chain(leaf.iter().map(String::as_str))
                    .collect();
                let (file, line) = self.place(&full);
                return ConfigError::Type {
                    file,
                    line,
                    section: name.to_string(),
                    key: leaf.join("."),
                    message: plain::value_message(e.message()),
                };
            }
        }
        general()
    }

    /// The configuration in use as TOML: the shipped defaults with the
    /// user's values over them, every key there is.
    pub fn to_toml(&self) -> String {
        toml::to_string(&self.table).unwrap_or_default()
    }

    /// The user's file this configuration was read from, if any.
    pub fn user_file(&self) -> Option<&std::path::Path> {
        self.user_file.as_deref()
    }

    /// A top-level string value, such as `voice`.
    pub fn string(&self, key: &str) -> Option<&str> {
        self.table.get(key).and_then(toml::Value::as_str)
    }

    /// Where the user's file names no voice pack, the pack of the user's
    /// locale (`pack_of_locale`), when one speaks its language: a first
    /// run with `LANG=pt_PT.UTF-8` speaks Portuguese. `locale` is what the
    /// environment says (`LC_ALL`, `LC_MESSAGES`, `LANG`).
    pub fn with_locale(mut self, locale: Option<&str>) -> Config {
        let user_names_one = self.origin(&["voice"]) == Origin::File;
        if let Some(id) = locale.and_then(crate::notation::pack::pack_of_locale)
            && !user_names_one
        {
            self.table
                .insert("voice".to_string(), toml::Value::String(id.to_string()));
            self.locale_voice = true;
        }
        self
    }

    /// The voice pack to use: the one chosen on the command line, else the
    /// configured one, else the default (FIDE's German words).
    pub fn voice(&self, chosen: Option<&str>) -> String {
        chosen
            .or_else(|| self.string("voice"))
            .unwrap_or(crate::notation::pack::DEFAULT_ID)
            .to_string()
    }

    fn source_name(&self) -> String {
        self.user_file.as_ref().map_or_else(
            || "config/default.toml".to_string(),
            |p| p.display().to_string(),
        )
    }
}

/// An unknown key as the reader names it: "unknown field `voise`,
/// expected one of `backend`, `rate`".
struct UnknownField {
    name: String,
    known: Vec<String>,
}

fn unknown_field(message: &str) -> Option<UnknownField> {
    let rest = message.strip_prefix("unknown field `")?;
    let (name, rest) = rest.split_once('`')?;
    let known = rest
        .split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect();
    Some(UnknownField {
        name: name.to_string(),
        known,
    })
}

/// The user's value at `leaf` below the section `name`.
fn value_at(user: &toml::Table, name: &str, leaf: &[String]) -> Option<toml::Value> {
    let mut value = user.get(name)?;
    for key in leaf {
        value = value.as_table()?.get(key)?;
    }
    Some(value.clone())
}

/// Puts `value` at `leaf` in a section's table, making the tables on the
/// way.
fn set_at(section: &mut toml::Value, leaf: &[String], value: toml::Value) {
    let Some((last, path)) = leaf.split_last() else {
        return;
    };
    let mut table = section;
    for key in path {
        let Some(inner) = table.as_table_mut() else {
            return;
        };
        table = inner
            .entry(key.clone())
            .or_insert_with(|| toml::Value::Table(toml::Table::new()));
    }
    if let Some(inner) = table.as_table_mut() {
        inner.insert(last.clone(), value);
    }
}

/// Copies `user` over `base`, table by table, so a user file need only hold
/// the keys it changes.
fn overlay(base: &mut toml::Table, user: toml::Table) {
    for (key, value) in user {
        match (base.get_mut(&key), value) {
            (Some(toml::Value::Table(inner)), toml::Value::Table(user_inner)) => {
                overlay(inner, user_inner)
            }
            (_, value) => {
                base.insert(key, value);
            }
        }
    }
}

#[cfg(test)]
mod tests;
