//! The `[ui]` section of the configuration and the command-line flags that
//! override it: which layout, which theme, which piece glyphs, and whether
//! the standard layout redraws the running clock on its own.

use std::path::Path;

use serde::Deserialize;

use super::theme::{Glyphs, Theme};

/// How the game screen is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Both boards as large as the window allows, for low vision.
    Standard,
    /// No boards; lines of text that change only when something happens,
    /// the newest announcement just above the input line.
    ScreenReader,
}

/// The layout as the configuration chooses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum LayoutChoice {
    /// The screen-reader layout when a screen reader runs, else standard.
    #[default]
    Auto,
    /// Always the standard layout.
    Standard,
    /// Always the screen-reader layout.
    ScreenReader,
}

/// When the game screen is drawn again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Redraw {
    /// The standard layout shows the running clock second by second.
    #[default]
    EverySecond,
    /// Only when something happens or is asked: the clocks line shows the
    /// clocks as last read, as in the screen-reader layout, so that
    /// nothing moves under a magnifier while nobody types. The
    /// screen-reader layout always draws so.
    OnChange,
}

/// The `[ui]` section.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct UiSettings {
    /// auto, standard or screen-reader.
    pub layout: LayoutChoice,
    /// A built-in theme or the user's own `themes/NAME.toml`.
    pub theme: String,
    /// "figurines" or "letters"; empty: the theme's own.
    pub pieces: String,
    /// every-second or on-change.
    pub redraw: Redraw,
}

impl Default for UiSettings {
    fn default() -> UiSettings {
        UiSettings {
            layout: LayoutChoice::Auto,
            theme: "standard".to_string(),
            pieces: String::new(),
            redraw: Redraw::EverySecond,
        }
    }
}

/// The layout: `--screen-reader` first, then the configuration, and with
/// `auto` whether a screen reader speaks: the program's speech left to it
/// (`reader_speaks`), one named by the environment, or one running for
/// this user.
pub fn choose_layout(
    settings: &UiSettings,
    screen_reader_flag: bool,
    reader_speaks: bool,
) -> Layout {
    if screen_reader_flag {
        return Layout::ScreenReader;
    }
    match settings.layout {
        LayoutChoice::Standard => Layout::Standard,
        LayoutChoice::ScreenReader => Layout::ScreenReader,
        LayoutChoice::Auto
            if reader_speaks || crate::speech::reader::running_reader().is_some() =>
        {
            Layout::ScreenReader
        }
        LayoutChoice::Auto => Layout::Standard,
    }
}

/// Why the full screen's theme cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ThemeChoiceError {
    /// The theme cannot be found or read.
    #[error(transparent)]
    Theme(#[from] super::theme::ThemeError),
    /// `[ui] pieces` is neither figurines, letters nor empty.
    #[error("[ui] pieces is \"{0}\"; it can be figurines, letters, or empty for the theme's own")]
    Pieces(String),
}

/// The theme: `--theme` or the configuration's, looked up beside the
/// user's configuration file (`user_dir`) and then among the built-in
/// ones, with the configuration's pieces, and without colour under
/// `NO_COLOR`.
pub fn choose_theme(
    settings: &UiSettings,
    theme_flag: Option<&str>,
    user_dir: Option<&Path>,
) -> Result<Theme, ThemeChoiceError> {
    let name = theme_flag.unwrap_or(&settings.theme);
    let mut theme = Theme::load(name, user_dir)?;
    match settings.pieces.as_str() {
        "" => {}
        "figurines" => theme.glyphs = Glyphs::Figurines,
        "letters" => theme.glyphs = Glyphs::Letters,
        other => {
            return Err(ThemeChoiceError::Pieces(other.to_string()));
        }
    }
    Ok(theme.respecting_no_colour())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::config::Config;

    #[test]
    fn the_default_configuration_has_a_ui_section() {
        let ui: UiSettings = Config::defaults().section("ui").unwrap();
        assert_eq!(ui.layout, LayoutChoice::Auto);
        assert_eq!(ui.theme, "standard");
        assert_eq!(ui.redraw, Redraw::EverySecond);
        assert_eq!(choose_layout(&ui, true, false), Layout::ScreenReader);
        // Speech left to the reader is the reader's layout; a standard
        // layout chosen stays.
        assert_eq!(choose_layout(&ui, false, true), Layout::ScreenReader);
        let standard = UiSettings {
            layout: LayoutChoice::Standard,
            ..ui
        };
        assert_eq!(choose_layout(&standard, false, true), Layout::Standard);
    }

    #[test]
    fn pieces_override_the_theme() {
        let ui = UiSettings {
            theme: "standard".into(),
            pieces: "letters".into(),
            ..UiSettings::default()
        };
        assert_eq!(
            choose_theme(&ui, None, None).unwrap().glyphs,
            Glyphs::Letters
        );
        let ui = UiSettings {
            pieces: "runes".into(),
            ..UiSettings::default()
        };
        assert!(
            choose_theme(&ui, None, None)
                .unwrap_err()
                .to_string()
                .contains("runes")
        );
        assert!(choose_theme(&ui, Some("nonesuch"), None).is_err());
    }

    #[test]
    fn the_screen_can_be_kept_still() {
        let ui: UiSettings = toml::from_str("redraw = \"on-change\"").unwrap();
        assert_eq!(ui.redraw, Redraw::OnChange);
        let e = toml::from_str::<UiSettings>("redraw = \"sometimes\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("sometimes") && e.contains("on-change"), "{e}");
    }
}
