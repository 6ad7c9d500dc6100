//! What a theme file says: a description, how pieces are drawn, whether
//! they are drawn large, and eleven colours (the background may be left
//! out), each a name, a terminal colour number or `#rrggbb`. Read and checked here, without a terminal; the
//! program turns the description into the styles it draws with.

use std::path::Path;
use std::str::FromStr;

use serde::Deserialize;

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

/// Which colour a piece is drawn in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PieceInk {
    /// In its side's colour: `white_piece` or `black_piece`.
    #[default]
    Side,
    /// In whichever of the two piece colours stands out more from the
    /// square it stands on, as in a printed diagram: the shape alone
    /// gives the side (hollow figurines and shaded drawings for White,
    /// filled ones for Black), and every piece stands out from every
    /// square.
    Square,
}

/// A terminal colour as a theme names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// The terminal's own colour.
    Reset,
    /// ANSI black.
    Black,
    /// ANSI red.
    Red,
    /// ANSI green.
    Green,
    /// ANSI yellow.
    Yellow,
    /// ANSI blue.
    Blue,
    /// ANSI magenta.
    Magenta,
    /// ANSI cyan.
    Cyan,
    /// ANSI white, often shown as light grey.
    Gray,
    /// ANSI bright black, often shown as dark grey.
    DarkGray,
    /// ANSI bright red.
    LightRed,
    /// ANSI bright green.
    LightGreen,
    /// ANSI bright yellow.
    LightYellow,
    /// ANSI bright blue.
    LightBlue,
    /// ANSI bright magenta.
    LightMagenta,
    /// ANSI bright cyan.
    LightCyan,
    /// ANSI bright white.
    White,
    /// One of the terminal's 256 numbered colours.
    Indexed(u8),
    /// A true colour, red, green and blue.
    Rgb(u8, u8, u8),
}

/// The colour names understood, once lowered and without spaces, hyphens
/// and underscores.
const NAMES: [(&str, Colour); 17] = [
    ("reset", Colour::Reset),
    ("black", Colour::Black),
    ("red", Colour::Red),
    ("green", Colour::Green),
    ("yellow", Colour::Yellow),
    ("blue", Colour::Blue),
    ("magenta", Colour::Magenta),
    ("cyan", Colour::Cyan),
    ("gray", Colour::Gray),
    ("darkgray", Colour::DarkGray),
    ("lightred", Colour::LightRed),
    ("lightgreen", Colour::LightGreen),
    ("lightyellow", Colour::LightYellow),
    ("lightblue", Colour::LightBlue),
    ("lightmagenta", Colour::LightMagenta),
    ("lightcyan", Colour::LightCyan),
    ("white", Colour::White),
];

/// Spellings found in the wild, rewritten in this order before the name is
/// looked up ("Bright-Red", "light grey", "silver").
const SPELLINGS: [(&str, &str); 6] = [
    ("bright", "light"),
    ("grey", "gray"),
    ("silver", "gray"),
    ("lightblack", "darkgray"),
    ("lightwhite", "white"),
    ("lightgray", "white"),
];

/// A colour that is not a name, a number 0-255 or `#rrggbb`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a colour")]
pub struct NotAColour;

impl FromStr for Colour {
    type Err = NotAColour;

    /// Reads a colour name (case, spaces, hyphens and underscores do not
    /// matter; "bright" is "light", "grey" and "silver" are "gray"), a
    /// number 0-255, or `#rrggbb`.
    fn from_str(text: &str) -> Result<Colour, NotAColour> {
        let mut name: String = text
            .to_lowercase()
            .chars()
            .filter(|c| !matches!(c, ' ' | '-' | '_'))
            .collect();
        for (from, to) in SPELLINGS {
            name = name.replace(from, to);
        }
        if let Some((_, colour)) = NAMES.iter().find(|(n, _)| *n == name) {
            return Ok(*colour);
        }
        if let Ok(number) = text.parse::<u8>() {
            return Ok(Colour::Indexed(number));
        }
        rgb(text).ok_or(NotAColour)
    }
}

/// `#rrggbb` as a true colour.
fn rgb(text: &str) -> Option<Colour> {
    let hex = text.strip_prefix('#')?;
    if hex.len() != 6 {
        return None;
    }
    let part = |at: usize| u8::from_str_radix(hex.get(at..at + 2)?, 16).ok();
    Some(Colour::Rgb(part(0)?, part(2)?, part(4)?))
}

/// The colours of a theme, each a foreground or a background as its key
/// says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colours {
    /// Ordinary text (foreground).
    pub text: Colour,
    /// Titles and headings (foreground).
    pub heading: Colour,
    /// Light squares (background).
    pub light_square: Colour,
    /// Dark squares (background).
    pub dark_square: Colour,
    /// White pieces (foreground).
    pub white_piece: Colour,
    /// Black pieces (foreground).
    pub black_piece: Colour,
    /// Squares where the two boards differ (background).
    pub divergent: Colour,
    /// The squares of the last move (background).
    pub last_move: Colour,
    /// The field or line that has the keyboard (foreground).
    pub focus: Colour,
    /// Warnings and errors (foreground).
    pub warning: Colour,
    /// The screen's background behind all text; `reset`, the terminal's
    /// own, when the file leaves it out.
    pub background: Colour,
    /// Whether a piece takes its side's colour or the one that suits its
    /// square; the side's when the file leaves it out.
    pub ink: PieceInk,
}

/// A theme file read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeDescription {
    /// The theme's name: the file's name without `.toml`.
    pub name: String,
    /// One line saying what it looks like (for the setup screen).
    pub description: String,
    /// Figurines or letters.
    pub glyphs: Glyphs,
    /// Pieces drawn as block glyphs several lines high when the squares are
    /// large enough.
    pub large: bool,
    /// Its colours.
    pub colours: Colours,
}

/// Why a theme file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ThemeFileError {
    /// The file is not a theme.
    #[error("the theme {file} is not valid: {message}")]
    Syntax {
        /// The file or built-in name.
        file: String,
        /// TOML's own message, after its line and column.
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

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ThemeFile {
    description: String,
    pieces: Glyphs,
    large: bool,
    #[serde(default)]
    ink: PieceInk,
    colors: ColoursFile,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ColoursFile {
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
    background: Option<String>,
}

/// TOML's message on one line, after the line and column it points at
/// (from 1, the column in characters), as a screen reader reads it: not
/// the drawing of the line with a caret under it.
fn placed(text: &str, error: &toml::de::Error) -> String {
    let message = error
        .message()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let Some(span) = error.span() else {
        return message;
    };
    let before = text.get(..span.start).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    format!("line {line}, column {column}: {message}")
}

impl ThemeDescription {
    /// Reads a theme from TOML text; `file` names it in errors and gives
    /// it its name.
    pub fn parse(file: &str, text: &str) -> Result<ThemeDescription, ThemeFileError> {
        let raw: ThemeFile = toml::from_str(text).map_err(|e| ThemeFileError::Syntax {
            file: file.to_string(),
            message: placed(text, &e),
        })?;
        let c = &raw.colors;
        let colour = |key: &'static str, value: &str| {
            value.parse::<Colour>().map_err(|_| ThemeFileError::Colour {
                file: file.to_string(),
                key,
                value: value.to_string(),
            })
        };
        let name = Path::new(file)
            .file_stem()
            .map_or(file.to_string(), |s| s.to_string_lossy().into_owned());
        Ok(ThemeDescription {
            name,
            description: raw.description,
            glyphs: raw.pieces,
            large: raw.large,
            colours: Colours {
                text: colour("text", &c.text)?,
                heading: colour("heading", &c.heading)?,
                light_square: colour("light_square", &c.light_square)?,
                dark_square: colour("dark_square", &c.dark_square)?,
                white_piece: colour("white_piece", &c.white_piece)?,
                black_piece: colour("black_piece", &c.black_piece)?,
                divergent: colour("divergent", &c.divergent)?,
                last_move: colour("last_move", &c.last_move)?,
                focus: colour("focus", &c.focus)?,
                warning: colour("warning", &c.warning)?,
                background: match &c.background {
                    Some(value) => colour("background", value)?,
                    None => Colour::Reset,
                },
                ink: raw.ink,
            },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_names_numbers_or_hex() {
        let read = |text: &str| text.parse::<Colour>();
        assert_eq!(read("Bright-Red"), Ok(Colour::LightRed));
        assert_eq!(read("light grey"), Ok(Colour::White));
        assert_eq!(read("silver"), Ok(Colour::Gray));
        assert_eq!(read("dark_gray"), Ok(Colour::DarkGray));
        assert_eq!(read("208"), Ok(Colour::Indexed(208)));
        assert_eq!(read("#d8c8a8"), Ok(Colour::Rgb(0xd8, 0xc8, 0xa8)));
        assert_eq!(read("sky"), Err(NotAColour));
        assert_eq!(read("256"), Err(NotAColour));
        assert_eq!(read("#d8c8a"), Err(NotAColour));
        assert_eq!(read("#d8é8a"), Err(NotAColour));
    }

    #[test]
    fn a_theme_that_is_not_toml_is_placed_by_line_and_column() {
        let e = ThemeDescription::parse("mine.toml", "description = \"x\"\n[colors\n").unwrap_err();
        let said = e.to_string();
        assert!(
            said.starts_with("the theme mine.toml is not valid: line 2, column 8: "),
            "{said}"
        );
        assert!(!said.contains('|') && !said.contains('^'), "{said}");
    }

    #[test]
    fn the_standard_theme_reads() {
        let text = include_str!("../../../config/themes/standard.toml");
        let theme = ThemeDescription::parse("standard", text).unwrap();
        assert_eq!(theme.name, "standard");
        assert_eq!(theme.glyphs, Glyphs::Figurines);
        assert_eq!(theme.colours.heading, Colour::Reset);
        assert_eq!(theme.colours.light_square, Colour::Rgb(0xd2, 0xb4, 0x8c));
        assert_eq!(theme.colours.text, Colour::Reset);
        assert_eq!(theme.colours.ink, PieceInk::Square);
    }

    #[test]
    fn a_bad_colour_names_file_key_and_value() {
        let text =
            include_str!("../../../config/themes/standard.toml").replace("\"#4a7ab0\"", "\"sky\"");
        let e = ThemeDescription::parse("mine.toml", &text).unwrap_err();
        assert_eq!(
            e,
            ThemeFileError::Colour {
                file: "mine.toml".into(),
                key: "last_move",
                value: "sky".into()
            }
        );
    }
}
