//! Changes made during a game that the user expects to find again: the
//! voice's rate and volume, written into the user's own configuration
//! text with everything else in it (comments, order, other sections)
//! left as it was.

use toml_edit::{DocumentMut, Item, Table, value};

use super::ConfigError;
use crate::utterance::VoiceLevel;

/// `text`, a configuration file, with `[speech] rate` and `volume` set to
/// `level`; the section is added when it is not there. A file that is not
/// TOML, or whose `speech` is not a section, is refused and left alone.
pub fn with_voice_level(text: &str, file: &str, level: VoiceLevel) -> Result<String, ConfigError> {
    let mut document: DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        ConfigError::syntax(file, text, e.message(), e.span())
    })?;
    let speech = document
        .entry("speech")
        .or_insert_with(|| Item::Table(Table::new()));
    let Some(speech) = speech.as_table_like_mut() else {
        return Err(ConfigError::Section {
            file: file.to_string(),
            section: "speech".to_string(),
            message: "`speech` is a value, not a section".to_string(),
        });
    };
    speech.insert("rate", value(i64::from(level.rate)));
    speech.insert("volume", value(i64::from(level.volume)));
    Ok(document.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    const LEVEL: VoiceLevel = VoiceLevel {
        rate: 20,
        volume: 70,
    };

    #[test]
    fn the_voice_is_kept_and_the_rest_of_the_file_left_as_it_was() {
        let text = "# my settings\n[game]\nlanguage = \"fide\" # German\n\n[speech]\nrate = -10\nbackend = \"builtin\"\n";
        let kept = with_voice_level(text, "mine.toml", LEVEL).unwrap();
        assert!(
            kept.starts_with("# my settings\n[game]\nlanguage = \"fide\" # German\n"),
            "{kept}"
        );
        assert!(
            kept.contains("rate = 20\n") && kept.contains("volume = 70"),
            "{kept}"
        );
        assert!(kept.contains("backend = \"builtin\""), "{kept}");
        let config = Config::with_user_text(&kept, "mine.toml").expect("still a configuration");
        drop(config);
    }

    #[test]
    fn a_file_without_the_section_gets_it_and_an_empty_one_too() {
        for text in ["", "[game]\ntraining = true\n"] {
            let kept = with_voice_level(text, "mine.toml", LEVEL).unwrap();
            assert!(
                kept.contains("[speech]\nrate = 20\nvolume = 70\n"),
                "{kept}"
            );
            Config::with_user_text(&kept, "mine.toml").expect("a configuration");
        }
    }

    #[test]
    fn a_broken_file_is_refused_not_overwritten() {
        assert!(matches!(
            with_voice_level("[speech\nrate = 1", "mine.toml", LEVEL),
            Err(ConfigError::Syntax { .. })
        ));
        assert!(matches!(
            with_voice_level("speech = 3\n", "mine.toml", LEVEL),
            Err(ConfigError::Section { .. })
        ));
    }
}
