//! The user's configuration read once into [`Settings`], one checked value
//! that every subcommand uses, with the screens' and the voice's sections;
//! finding and loading the file is the session crate's, the configuration
//! itself (defaults, overlay, typed sections) the core's.

pub use zweibrett_session::config::{
    CONFIG_VARIABLE, Config, ConfigError, ConfigSource, OutOfRange, Ranges, choose_file,
    config_source, load, load_voice, locale, user_config_file, user_voice_dir,
};

use crate::clock::schedule::ClockSettings;
use crate::session::analysis::AnalysisSettings;
use crate::speech::SpeechSettings;
use crate::ui::screen::settings::UiSettings;
use crate::ui::screen::setup::{DefaultsError, SetupDefaults};

/// The folder of the user's own themes, `themes/` beside the
/// configuration file, where `--theme NAME` and `[ui] theme` look first.
pub fn user_theme_dir() -> Option<std::path::PathBuf> {
    user_config_file().and_then(|f| f.parent().map(|d| d.join("themes")))
}

/// The sections the program reads.
const SECTIONS: [&str; 8] = [
    "clock", "speech", "ui", "game", "analysis", "braille", "board", "hearing",
];

/// The ranges of the speech settings: beyond them a value is a slip (a
/// rate of 1000, a volume of 200), not a wish.
impl Ranges for SpeechSettings {
    fn out_of_range(&self) -> Option<OutOfRange> {
        OutOfRange::check("rate", self.rate, -100, 100)
            .or_else(|| OutOfRange::check("volume", self.volume, 0, 100))
            .or_else(|| OutOfRange::check("system_timeout_ms", self.system_timeout_ms, 0, 60_000))
            .or_else(|| {
                OutOfRange::check("routine_max_age_ms", self.routine_max_age_ms, 0, 600_000)
            })
            .or_else(|| OutOfRange::check("word_gap_ms", self.word_gap_ms, 0, 2_000))
    }
}

/// Why the configuration cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The file cannot be read, or a section has a wrong key or value.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// `[game]` or `[clock] time` cannot start a game.
    #[error(transparent)]
    Defaults(#[from] DefaultsError),
    /// A voice pack or theme the file names cannot be found or read.
    #[error("{file}, line {line}: {key} = \"{name}\": {why}")]
    Named {
        /// The file.
        file: String,
        /// The line, counting from 1.
        line: usize,
        /// The key as written: `voice`, `[ui] theme`.
        key: &'static str,
        /// The name given.
        name: String,
        /// Why it cannot be had.
        why: String,
    },
}

/// Every section the program reads, read and checked once: the same
/// configuration is refused with the same message whichever subcommand
/// reads it.
#[derive(Clone, Debug)]
pub struct Settings {
    /// `[clock]`: the time control and when the time left is announced.
    pub clock: ClockSettings,
    /// `[speech]`: the speech backend and its options.
    pub speech: SpeechSettings,
    /// `[ui]`: the full screen's layout and theme.
    pub ui: UiSettings,
    /// `[game]`, `[clock] time` and `voice`: a new game's defaults.
    pub game: SetupDefaults,
    /// `[braille]`: whether a braille display shows the game.
    pub braille: crate::braille::BrailleSettings,
    /// `[analysis]`: what is said with each move, the pace of replays.
    pub analysis: AnalysisSettings,
    /// `[board]`: the sighted player's electronic board.
    pub board: crate::session::board::BoardSettings,
    /// `[hearing]`: the second opinion on moves said aloud.
    pub hearing: crate::hearing::HearingSettings,
    /// The merged configuration, for the top-level `voice`.
    pub config: Config,
}

impl Settings {
    /// The user's configuration, read and checked.
    pub fn load() -> Result<Settings, SettingsError> {
        Settings::of(load()?)
    }

    /// The shipped defaults alone, for a command that goes on when the
    /// user's file cannot be used (the doctor, which says why).
    pub fn shipped() -> Settings {
        Settings::of(Config::defaults().with_locale(locale().as_deref()))
            .expect("the shipped configuration is valid (the_shipped_settings_are_valid)")
    }

    /// Reads and checks every section of `config`: an unknown section or
    /// key, a value of the wrong kind and a number out of its range are
    /// each refused with the file and line.
    pub fn of(config: Config) -> Result<Settings, SettingsError> {
        config.check_top_level(&SECTIONS, &["voice", "log"])?;
        let hearing: crate::hearing::HearingSettings = config.section("hearing")?;
        // A folder the program cannot place is the file's fault, as a
        // value out of its range is.
        if let Err(why) = hearing.model_dir() {
            let (file, line) = config.place(&["hearing", "model"]);
            return Err(SettingsError::Named {
                file,
                line,
                key: "[hearing] model",
                name: hearing.model,
                why: why.to_string(),
            });
        }
        Ok(Settings {
            clock: config.checked_section("clock")?,
            speech: config.checked_section("speech")?,
            game: SetupDefaults::from_config(&config)?,
            ui: config.section("ui")?,
            analysis: config.checked_section("analysis")?,
            braille: config.section("braille")?,
            board: config.section("board")?,
            hearing,
            config,
        })
    }

    /// Finds what the configuration names, as the program will look it
    /// up: the voice pack (`voice`), and the full screen's theme and its
    /// pieces (`[ui] theme`, `pieces`). Reading the file checks only what
    /// it says; this finds a misspelt pack or theme before a game needs
    /// it.
    pub fn check_names(&self) -> Result<(), SettingsError> {
        let named = |path: &[&str], key, name: &str, why: String| {
            let (file, line) = self.config.place(path);
            SettingsError::Named {
                file,
                line,
                key,
                name: name.to_string(),
                why,
            }
        };
        self.check_voice()?;
        let themes = user_theme_dir();
        match crate::ui::screen::settings::choose_theme(&self.ui, None, themes.as_deref()) {
            Ok(_) => Ok(()),
            Err(crate::ui::screen::settings::ThemeChoiceError::Pieces(pieces)) => Err(named(
                &["ui", "pieces"],
                "[ui] pieces",
                &pieces,
                "it can be figurines, letters, or empty for the theme's own".to_string(),
            )),
            Err(e) => Err(named(
                &["ui", "theme"],
                "[ui] theme",
                &self.ui.theme,
                e.to_string(),
            )),
        }
    }

    /// Finds the voice pack the file names (`voice`), if it names one: a
    /// misspelt pack is the file's fault, named with its line.
    pub fn check_voice(&self) -> Result<(), SettingsError> {
        let Some(voice) = self.config.string("voice") else {
            return Ok(());
        };
        load_voice(voice).map(|_| ()).map_err(|e| {
            let (file, line) = self.config.place(&["voice"]);
            SettingsError::Named {
                file,
                line,
                key: "voice",
                name: voice.to_string(),
                why: e.to_string(),
            }
        })
    }

    /// The voice pack to use: the one chosen on the command line, else the
    /// configured one, else the default.
    pub fn voice(&self, chosen: Option<&str>) -> String {
        self.config.voice(chosen)
    }
}

#[cfg(test)]
mod tests {
    use super::{Config, Settings};

    #[test]
    fn the_shipped_settings_are_valid() {
        let shipped = Settings::of(Config::defaults()).unwrap();
        assert_eq!(shipped.voice(None), crate::notation::pack::DEFAULT_ID);
        // The locale's pack over them is valid too, whatever the locale.
        for locale in ["pt_PT.UTF-8", "C", "fr_FR"] {
            let config = Config::defaults().with_locale(Some(locale));
            Settings::of(config).unwrap().check_names().unwrap();
        }
    }
}
