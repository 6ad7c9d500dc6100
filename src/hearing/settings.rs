//! `[hearing]` of the configuration: how a game hears moves said aloud,
//! beyond the command line's `--listen`.

use std::path::PathBuf;

/// `[hearing]` of the configuration.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HearingSettings {
    /// Whether Whisper is asked as a second opinion on the moves a game
    /// hears (docs/listening.md, "A second opinion"); `--second-opinion`
    /// asks it for one game.
    pub second_opinion: bool,
    /// The folder of the Whisper model (`model.bin`, `tokenizer.json`):
    /// absolute, or under the home folder as `~/…`; empty for the one
    /// `scripts/setup` installs in the data folder.
    pub model: String,
}

/// Why `[hearing] model` names no folder the program can use.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModelFolderError {
    /// A relative path: relative to what the program cannot know.
    #[error("a folder is written from / or from ~/")]
    Relative,
    /// `~/…` with no home folder to put in its place.
    #[error("there is no home folder for ~")]
    NoHome,
}

impl HearingSettings {
    /// The folder the Whisper model is read from: the configured one, or
    /// the data folder's.
    pub fn model_dir(&self) -> Result<Option<PathBuf>, ModelFolderError> {
        let named = self.model.trim();
        if named.is_empty() {
            return Ok(super::second_opinion::installed_model_dir());
        }
        let home = || directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf());
        let folder = match named.strip_prefix("~/").or((named == "~").then_some("")) {
            Some(rest) => home().ok_or(ModelFolderError::NoHome)?.join(rest),
            None => PathBuf::from(named),
        };
        if folder.is_relative() {
            return Err(ModelFolderError::Relative);
        }
        Ok(Some(folder))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(model: &str) -> HearingSettings {
        HearingSettings {
            second_opinion: true,
            model: model.into(),
        }
    }

    #[test]
    fn the_model_folder_is_the_data_folders_unless_one_is_named() {
        assert_eq!(
            named("").model_dir().unwrap(),
            crate::hearing::second_opinion::installed_model_dir()
        );
        assert_eq!(
            named(" /opt/whisper-small ").model_dir().unwrap(),
            Some(PathBuf::from("/opt/whisper-small"))
        );
        let home = directories::BaseDirs::new()
            .unwrap()
            .home_dir()
            .to_path_buf();
        assert_eq!(
            named("~/models/small").model_dir().unwrap(),
            Some(home.join("models/small"))
        );
        assert_eq!(
            named("models/small").model_dir(),
            Err(ModelFolderError::Relative)
        );
        assert_eq!(
            named("~user/x").model_dir(),
            Err(ModelFolderError::Relative)
        );
    }
}
