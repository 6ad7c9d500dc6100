//! How the screens look: colours, piece glyphs and board size.
//!
//! Three themes are built in (`config/themes/`): `standard`, `high-contrast`
//! and `large` (block glyphs several lines high). A user's own theme is a
//! file `themes/NAME.toml` beside their configuration file, in the same
//! form. With `NO_COLOR` set, or `colour = false`, every colour is dropped
//! and only bold, underline and reverse remain; nothing on screen is carried
//! by colour alone, so nothing is lost.

use std::path::Path;
use std::str::FromStr;

use ratatui::style::{Color, Modifier, Style};
use serde::Deserialize;

/// The built-in themes, by name.
const BUILT_IN: [(&str, &str); 3] = [
    (
        "standard",
        include_str!("../../../config/themes/standard.toml"),
    ),
    (
        "high-contrast",
        include_str!("../../../config/themes/high-contrast.toml"),
    ),
    ("large", include_str!("../../../config/themes/large.toml")),
];

/// How pieces are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Glyphs {
    /// Chess figurines (♔ … ♟): white pieces hollow, black pieces filled.
    Figurines,
    /// Letters: white pieces in capitals (K Q R B N P), black in small
    /// letters.
    Letters,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    description: String,
    pieces: Glyphs,
    large: bool,
    colors: ColorsFile,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ColorsFile {
    text: String,
    heading: String,
    light_square: String,
    dark_square: String,
    white_piece: String,
    black_piece: String,
    divergent: String,
    last_move: String,
    focus: String,
    warning: String,
}

/// A theme that cannot be used, with the reason.
#[derive(Debug, thiserror::Error)]
pub enum ThemeError {
    /// No built-in theme and no user file of that name.
    #[error("no theme called \"{0}\"; the built-in themes are standard, high-contrast and large")]
    Unknown(String),
    /// The user's theme file cannot be read.
    #[error("cannot read the theme file {file}: {error}")]
    Io {
        /// The file.
        file: String,
        /// What went wrong.
        error: std::io::Error,
    },
    /// The file is not a theme.
    #[error("the theme {file} is not valid: {message}")]
    Syntax {
        /// The file or built-in name.
        file: String,
        /// TOML's own message, with the line.
        message: String,
    },
    /// A colour that cannot be read.
    #[error(
        "the theme {file} gives {key} the colour \"{value}\", which is not a colour name, a number 0-255 or #rrggbb"
    )]
    Colour {
        /// The file or built-in name.
        file: String,
        /// The key.
        key: &'static str,
        /// The value as written.
        value: String,
    },
}

/// Colours and glyphs for every screen.
#[derive(Clone, Debug, PartialEq)]
pub struct Theme {
    /// The theme's name.
    pub name: String,
    /// One line saying what it looks like (for the setup screen).
    pub description: String,
    /// Figurines or letters.
    pub glyphs: Glyphs,
    /// Pieces drawn as block glyphs several lines high when the squares are
    /// large enough.
    pub large: bool,
    /// False when colours are off (`NO_COLOR`).
    pub colour: bool,
    /// Ordinary text.
    pub text: Style,
    /// Titles and headings.
    pub heading: Style,
    /// Light squares.
    pub light_square: Style,
    /// Dark squares.
    pub dark_square: Style,
    /// White pieces (foreground only).
    pub white_piece: Style,
    /// Black pieces (foreground only).
    pub black_piece: Style,
    /// Squares where the two boards differ (also marked with `!`).
    pub divergent: Style,
    /// The squares of the last move (also marked with brackets).
    pub last_move: Style,
    /// The field or line that has the keyboard.
    pub focus: Style,
    /// Warnings and errors.
    pub warning: Style,
}

impl Theme {
    /// The names of the built-in themes.
    pub fn built_in_names() -> impl Iterator<Item = &'static str> {
        BUILT_IN.iter().map(|(name, _)| *name)
    }

    /// The built-in theme `name`.
    pub fn built_in(name: &str) -> Option<Theme> {
        let (name, text) = BUILT_IN.iter().find(|(n, _)| *n == name)?;
        Some(Theme::parse(name, text).expect("built-in themes are valid"))
    }

    /// The standard theme.
    pub fn standard() -> Theme {
        Theme::built_in("standard").expect("the standard theme is built in")
    }

    /// Theme `name`: the user's own file `themes/NAME.toml` in `user_dir`
    /// first, then the built-in ones.
    pub fn load(name: &str, user_dir: Option<&Path>) -> Result<Theme, ThemeError> {
        if let Some(dir) = user_dir {
            let file = dir.join(format!("{name}.toml"));
            if file.is_file() {
                let text = std::fs::read_to_string(&file).map_err(|error| ThemeError::Io {
                    file: file.display().to_string(),
                    error,
                })?;
                return Theme::parse(&file.display().to_string(), &text).map(|mut t| {
                    t.name = name.to_string();
                    t
                });
            }
        }
        Theme::built_in(name).ok_or_else(|| ThemeError::Unknown(name.to_string()))
    }

    /// Reads a theme from TOML text; `file` names it in errors.
    pub fn parse(file: &str, text: &str) -> Result<Theme, ThemeError> {
        let raw: ThemeFile = toml::from_str(text).map_err(|e| ThemeError::Syntax {
            file: file.to_string(),
            message: e.to_string(),
        })?;
        let c = &raw.colors;
        let colour = |key: &'static str, value: &str| {
            Color::from_str(value).map_err(|_| ThemeError::Colour {
                file: file.to_string(),
                key,
                value: value.to_string(),
            })
        };
        let fg = |key, value: &str| colour(key, value).map(|c| Style::new().fg(c));
        let bg = |key, value: &str| colour(key, value).map(|c| Style::new().bg(c));
        let name = Path::new(file)
            .file_stem()
            .map_or(file.to_string(), |s| s.to_string_lossy().into_owned());
        Ok(Theme {
            name,
            description: raw.description.clone(),
            glyphs: raw.pieces,
            large: raw.large,
            colour: true,
            text: fg("text", &c.text)?,
            heading: fg("heading", &c.heading)?.add_modifier(Modifier::BOLD),
            light_square: bg("light_square", &c.light_square)?,
            dark_square: bg("dark_square", &c.dark_square)?,
            white_piece: fg("white_piece", &c.white_piece)?.add_modifier(Modifier::BOLD),
            black_piece: fg("black_piece", &c.black_piece)?.add_modifier(Modifier::BOLD),
            divergent: bg("divergent", &c.divergent)?.add_modifier(Modifier::BOLD),
            last_move: bg("last_move", &c.last_move)?,
            focus: fg("focus", &c.focus)?.add_modifier(Modifier::REVERSED),
            warning: fg("warning", &c.warning)?.add_modifier(Modifier::BOLD),
        })
    }

    /// The same theme without colour: only bold, underline and reverse.
    pub fn without_colour(&self) -> Theme {
        let plain = |s: Style| Style::new().add_modifier(s.add_modifier);
        Theme {
            colour: false,
            text: Style::new(),
            heading: plain(self.heading),
            light_square: Style::new(),
            dark_square: Style::new(),
            white_piece: Style::new().add_modifier(Modifier::BOLD),
            black_piece: Style::new(),
            divergent: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            last_move: Style::new().add_modifier(Modifier::UNDERLINED),
            focus: Style::new().add_modifier(Modifier::REVERSED),
            warning: Style::new().add_modifier(Modifier::BOLD),
            ..self.clone()
        }
    }

    /// This theme, or [`Theme::without_colour`] when the `NO_COLOR`
    /// variable is set to anything but an empty string (no-color.org).
    pub fn respecting_no_colour(self) -> Theme {
        match std::env::var_os("NO_COLOR") {
            Some(v) if !v.is_empty() => self.without_colour(),
            _ => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_theme_reads() {
        for name in Theme::built_in_names() {
            let theme = Theme::built_in(name).unwrap();
            assert_eq!(theme.name, name);
            assert!(theme.colour);
        }
        assert!(Theme::built_in("large").unwrap().large);
        assert_eq!(
            Theme::built_in("high-contrast").unwrap().glyphs,
            Glyphs::Letters
        );
    }

    #[test]
    fn a_bad_theme_is_named_with_its_fault() {
        let text =
            include_str!("../../../config/themes/standard.toml").replace("\"cyan\"", "\"sky\"");
        let e = Theme::parse("mine.toml", &text).unwrap_err().to_string();
        assert!(
            e.contains("mine.toml") && e.contains("heading") && e.contains("sky"),
            "{e}"
        );
        let e = Theme::parse("mine.toml", "pieces = \"runes\"")
            .unwrap_err()
            .to_string();
        assert!(e.contains("mine.toml") && e.contains("runes"), "{e}");
        assert!(matches!(
            Theme::load("nonesuch", None),
            Err(ThemeError::Unknown(_))
        ));
    }

    #[test]
    fn without_colour_keeps_no_colour() {
        let theme = Theme::built_in("high-contrast").unwrap().without_colour();
        for style in [
            theme.text,
            theme.heading,
            theme.light_square,
            theme.dark_square,
            theme.white_piece,
            theme.black_piece,
            theme.divergent,
            theme.last_move,
            theme.focus,
            theme.warning,
        ] {
            assert_eq!(style.fg, None);
            assert_eq!(style.bg, None);
        }
    }
}
