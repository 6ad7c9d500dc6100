//! Configuration: the defaults shipped in `config/default.toml`, overlaid
//! with the text of the user's own file (which the program finds and reads).
//!
//! Each part of the program reads its own section into its own settings type
//! with [`Config::section`]; an error names the file, the section and the
//! key, and nothing is changed.

use std::path::PathBuf;

use serde::de::DeserializeOwned;

/// The configuration shipped with the program.
pub const DEFAULT_TOML: &str = include_str!("../../../config/default.toml");

/// The merged configuration.
#[derive(Clone, Debug)]
pub struct Config {
    table: toml::Table,
    /// Where the user's values came from, for messages.
    user_file: Option<PathBuf>,
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
}

impl Config {
    /// The shipped defaults alone.
    pub fn defaults() -> Config {
        // The text is compiled in, so whether it parses is settled when the
        // program is built, not when it runs: `the_shipped_defaults_parse`
        // holds it, and no caller needs an error path that cannot happen.
        Config {
            table: toml::from_str(DEFAULT_TOML).unwrap_or_default(),
            user_file: None,
        }
    }

    /// The shipped defaults overlaid with TOML text; `file` names it.
    pub fn with_user_text(text: &str, file: &str) -> Result<Config, ConfigError> {
        let user: toml::Table = toml::from_str(text).map_err(|e| ConfigError::Syntax {
            file: file.to_string(),
            message: e.to_string().trim_end().replace('\n', " | "),
        })?;
        let mut config = Config::defaults();
        overlay(&mut config.table, user);
        config.user_file = Some(PathBuf::from(file));
        Ok(config)
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
            .map_err(|e: toml::de::Error| ConfigError::Section {
                file: self.source_name(),
                section: name.to_string(),
                message: e.message().to_string(),
            })
    }

    /// A top-level string value, such as `voice`.
    pub fn string(&self, key: &str) -> Option<&str> {
        self.table.get(key).and_then(toml::Value::as_str)
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
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    struct Sample {
        a: u32,
        #[serde(default)]
        b: Option<String>,
    }

    #[test]
    fn the_shipped_defaults_parse() {
        let table: toml::Table = toml::from_str(DEFAULT_TOML).unwrap();
        assert!(!table.is_empty());
        assert_eq!(Config::defaults().table, table);
    }

    #[test]
    fn user_values_overlay_the_defaults_key_by_key() {
        let config =
            Config::with_user_text("voice = \"en\"\n[sample]\na = 3\n", "mine.toml").unwrap();
        assert_eq!(config.string("voice"), Some("en"));
        let sample: Sample = config.section("sample").unwrap();
        assert_eq!(sample.a, 3);
        assert_eq!(sample.b, None);
    }

    #[test]
    fn a_bad_key_names_file_section_and_key() {
        let config = Config::with_user_text("[sample]\na = 3\nc = 1\n", "mine.toml").unwrap();
        let err = config.section::<Sample>("sample").unwrap_err().to_string();
        assert!(
            err.contains("mine.toml") && err.contains("[sample]") && err.contains('c'),
            "{err}"
        );
    }

    #[test]
    fn broken_toml_is_refused_with_its_line() {
        let err = Config::with_user_text("voice = \n", "mine.toml")
            .unwrap_err()
            .to_string();
        assert!(err.contains("mine.toml") && err.contains("line 1"), "{err}");
    }
}
