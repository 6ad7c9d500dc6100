//! How the screens look: colours, piece glyphs and board size.
//!
//! Three themes are built in (`config/themes/`): `standard`, `high-contrast`
//! and `large` (block glyphs several lines high). A user's own theme is a
//! file `themes/NAME.toml` beside their configuration file, in the same
//! form. With `NO_COLOR` set, or `colour = false`, every colour is dropped
//! and only bold, underline and reverse remain; nothing on screen is carried
//! by colour alone, so nothing is lost.
//!
//! Every built-in theme meets WCAG 2.1 (4.5:1 for text on the background,
//! 3:1 for pieces on every square; see [`zweibrett_look::contrast`]). A
//! user's theme below that is still used, and each pair that falls short
//! is said as a game opens ([`Theme::contrast_warnings`]). A theme with a
//! `background` paints the whole screen with it
//! ([`Theme::paint_background`]); without one the terminal's own shows.

use ratatui::Frame;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::Block;
use std::path::Path;

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

use crate::notation::pack::{ScreenSentence, Sentences};
use zweibrett_look::contrast::{self, Painted, PairCheck};
pub use zweibrett_look::theme::Glyphs;
use zweibrett_look::theme::{Colour, PieceInk, ThemeDescription, ThemeFileError};

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
    /// The file is not a theme, or a colour in it cannot be read.
    #[error(transparent)]
    File(#[from] ThemeFileError),
}

/// The terminal colour a theme's colour names.
fn terminal_colour(colour: Colour) -> Color {
    match colour {
        Colour::Reset => Color::Reset,
        Colour::Black => Color::Black,
        Colour::Red => Color::Red,
        Colour::Green => Color::Green,
        Colour::Yellow => Color::Yellow,
        Colour::Blue => Color::Blue,
        Colour::Magenta => Color::Magenta,
        Colour::Cyan => Color::Cyan,
        Colour::Gray => Color::Gray,
        Colour::DarkGray => Color::DarkGray,
        Colour::LightRed => Color::LightRed,
        Colour::LightGreen => Color::LightGreen,
        Colour::LightYellow => Color::LightYellow,
        Colour::LightBlue => Color::LightBlue,
        Colour::LightMagenta => Color::LightMagenta,
        Colour::LightCyan => Color::LightCyan,
        Colour::White => Color::White,
        Colour::Indexed(number) => Color::Indexed(number),
        Colour::Rgb(r, g, b) => Color::Rgb(r, g, b),
    }
}

/// Colours and glyphs for every screen.
/// The pieces' colour on each kind of square, in a theme whose ink
/// follows the square (foreground only).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PiecesOn {
    /// On light squares.
    pub light_square: Style,
    /// On dark squares.
    pub dark_square: Style,
    /// On the squares of the last move.
    pub last_move: Style,
    /// On squares where the two boards differ.
    pub divergent: Style,
}

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
    /// Both sides' pieces on each kind of square, when the theme's ink
    /// follows the square; `None` when it follows the side.
    pub pieces_on: Option<PiecesOn>,
    /// Squares where the two boards differ (also marked with `!`).
    pub divergent: Style,
    /// The squares of the last move (also marked with brackets).
    pub last_move: Style,
    /// The brackets on the last move's squares, in the theme's colours.
    pub last_move_marks: Style,
    /// The `!` marks where the boards differ, in the theme's colours.
    pub divergent_marks: Style,
    /// The field or line that has the keyboard.
    pub focus: Style,
    /// Warnings and errors.
    pub warning: Style,
    /// The screen's background (background only); empty when the theme
    /// leaves it to the terminal.
    pub background: Style,
    /// The pairs of colours below WCAG 2.1's minimum, said as a game
    /// opens; none in a built-in theme.
    pub contrast: Vec<PairCheck>,
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
        // A name is a file's stem in the themes folder, never a path out
        // of it.
        if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\']) {
            return Err(ThemeError::Unknown(name.to_string()));
        }
        if let Some(dir) = user_dir {
            let file = dir.join(format!("{name}.toml"));
            if file.is_file() {
                let text =
                    crate::files::read_text(&file, 64 * 1024).map_err(|error| ThemeError::Io {
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
        Ok(Theme::from_description(ThemeDescription::parse(
            file, text,
        )?))
    }

    /// The styles a theme file describes.
    pub fn from_description(theme: ThemeDescription) -> Theme {
        let c = theme.colours;
        let contrast = contrast::shortfalls(&c);
        let fg = |colour| Style::new().fg(terminal_colour(colour));
        let bg = |colour| Style::new().bg(terminal_colour(colour));
        // Text carries the theme's background, so that what clears its
        // area first (a dialog) does not show the terminal's own.
        let background = match c.background {
            Colour::Reset => Style::new(),
            colour => bg(colour),
        };
        let on = |style: Style| background.patch(style);
        Theme {
            name: theme.name,
            description: theme.description,
            glyphs: theme.glyphs,
            large: theme.large,
            colour: true,
            text: on(fg(c.text)),
            heading: on(fg(c.heading).add_modifier(Modifier::BOLD)),
            light_square: bg(c.light_square),
            dark_square: bg(c.dark_square),
            white_piece: fg(c.white_piece).add_modifier(Modifier::BOLD),
            black_piece: fg(c.black_piece).add_modifier(Modifier::BOLD),
            pieces_on: (c.ink == PieceInk::Square).then(|| {
                let ink = |square| fg(contrast::ink_on(&c, square)).add_modifier(Modifier::BOLD);
                PiecesOn {
                    light_square: ink(c.light_square),
                    dark_square: ink(c.dark_square),
                    last_move: ink(c.last_move),
                    divergent: ink(c.divergent),
                }
            }),
            divergent: bg(c.divergent).add_modifier(Modifier::BOLD),
            last_move: bg(c.last_move),
            last_move_marks: bg(c.last_move)
                .fg(terminal_colour(contrast::ink_on(&c, c.last_move)))
                .add_modifier(Modifier::BOLD),
            divergent_marks: bg(c.divergent)
                .fg(terminal_colour(contrast::ink_on(&c, c.divergent)))
                .add_modifier(Modifier::BOLD),
            focus: on(fg(c.focus).add_modifier(Modifier::REVERSED)),
            warning: on(fg(c.warning).add_modifier(Modifier::BOLD)),
            background,
            contrast,
        }
    }

    /// Paints the whole frame with the theme's background, if it has one;
    /// drawn first, under everything else.
    pub fn paint_background(&self, frame: &mut Frame) {
        if self.background != Style::new() {
            let area = frame.area();
            frame.render_widget(Block::default().style(self.background), area);
        }
    }

    /// What is said of each pair of this theme's colours below WCAG 2.1's
    /// minimum, in `words`: "Theme mine: white pieces on light squares
    /// 1.64:1, below 3:1."
    pub fn contrast_warnings(&self, words: &Sentences<ScreenSentence>) -> Vec<String> {
        let point = words.say(ScreenSentence::DecimalPoint, &[]);
        let number = |hundredths: u32| contrast::decimal(hundredths).replace('.', &point);
        self.contrast
            .iter()
            .map(|check| {
                words.say(
                    ScreenSentence::ThemeContrast,
                    &[
                        ("theme", &crate::printable::printable(&self.name)),
                        ("foreground", &words.say(drawn(check.foreground), &[])),
                        ("background", &words.say(drawn_on(check.background), &[])),
                        ("ratio", &number(check.ratio_hundredths())),
                        ("minimum", &number(check.minimum_hundredths())),
                    ],
                )
            })
            .collect()
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
            pieces_on: None,
            divergent: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            last_move: Style::new().add_modifier(Modifier::UNDERLINED),
            last_move_marks: Style::new().add_modifier(Modifier::UNDERLINED | Modifier::BOLD),
            divergent_marks: Style::new().add_modifier(Modifier::REVERSED | Modifier::BOLD),
            focus: Style::new().add_modifier(Modifier::REVERSED),
            warning: Style::new().add_modifier(Modifier::BOLD),
            background: Style::new(),
            // Without colour no pair of colours can be too close.
            contrast: Vec::new(),
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

/// The pack's words for what is drawn in a pair of colours.
fn drawn(painted: Painted) -> ScreenSentence {
    match painted {
        Painted::Text => ScreenSentence::ContrastText,
        Painted::Heading => ScreenSentence::ContrastHeading,
        Painted::Focus => ScreenSentence::ContrastFocus,
        Painted::Warning => ScreenSentence::ContrastWarning,
        Painted::WhitePieces => ScreenSentence::ContrastWhitePieces,
        Painted::BlackPieces => ScreenSentence::ContrastBlackPieces,
        Painted::Marks => ScreenSentence::ContrastMarks,
        Painted::LightTerminal => ScreenSentence::ContrastLightTerminal,
        // Backgrounds are never drawn on something else.
        _ => ScreenSentence::ContrastDarkTerminal,
    }
}

/// The pack's words for what a pair of colours is drawn on, with "on".
fn drawn_on(painted: Painted) -> ScreenSentence {
    match painted {
        Painted::LightSquares => ScreenSentence::ContrastOnLightSquares,
        Painted::DarkSquares => ScreenSentence::ContrastOnDarkSquares,
        Painted::LastMove => ScreenSentence::ContrastOnLastMove,
        Painted::Divergent => ScreenSentence::ContrastOnDivergent,
        Painted::DarkTerminal => ScreenSentence::ContrastOnDarkTerminal,
        Painted::LightTerminal => ScreenSentence::ContrastOnLightTerminal,
        // Texts and pieces are never what something is drawn on.
        _ => ScreenSentence::ContrastOnBackground,
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
            include_str!("../../../config/themes/standard.toml").replace("\"#4a7ab0\"", "\"sky\"");
        let e = Theme::parse("mine.toml", &text).unwrap_err().to_string();
        assert!(
            e.contains("mine.toml") && e.contains("last_move") && e.contains("sky"),
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
    fn colours_read_as_the_terminal_library_reads_them() {
        use std::str::FromStr;
        for text in [
            "reset",
            "Cyan",
            "bright red",
            "Light-Grey",
            "silver",
            "light_black",
            "lightwhite",
            "dark gray",
            "grey",
            "0",
            "255",
            "256",
            "-1",
            "+7",
            "#d8c8a8",
            "#D8C8A8",
            "#+f+f+f",
            "#d8c8a",
            "#d8é8a",
            "sky",
            "",
            "brightbright",
        ] {
            let ours = text.parse::<Colour>().ok().map(terminal_colour);
            assert_eq!(ours, Color::from_str(text).ok(), "{text}");
        }
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

    #[test]
    fn a_theme_below_wcag_is_used_and_its_pairs_are_said() {
        for name in Theme::built_in_names() {
            assert!(Theme::built_in(name).unwrap().contrast.is_empty(), "{name}");
        }
        // The standard theme's squares a lighter beige, its pieces inked
        // by side.
        let text = include_str!("../../../config/themes/standard.toml")
            .replace("#d2b48c", "#d8c8a8")
            .replace("ink = \"square\"", "ink = \"side\"");
        let mut theme = Theme::parse("mine.toml", &text).unwrap();
        theme.name = "mine".into();
        let en = crate::notation::VoicePack::builtin("en");
        assert_eq!(
            theme.contrast_warnings(en.screen_sentences()),
            ["Theme mine: white pieces on light squares 1.64:1, below 3:1."]
        );
        let fide = crate::notation::VoicePack::fide();
        assert_eq!(
            theme.contrast_warnings(fide.screen_sentences()),
            ["Farbschema mine: weiße Figuren auf hellen Feldern 1,64:1, unter 3:1."]
        );
        assert!(theme.without_colour().contrast.is_empty());
    }

    #[test]
    fn a_theme_with_a_background_carries_it_under_its_text() {
        let theme = Theme::built_in("high-contrast").unwrap();
        assert_eq!(theme.background.bg, Some(Color::Rgb(0, 0, 0)));
        assert_eq!(theme.text.bg, Some(Color::Rgb(0, 0, 0)));
        assert_eq!(theme.white_piece.bg, None);
        let standard = Theme::standard();
        assert_eq!(standard.background, Style::new());
        assert_eq!(standard.text.bg, None);
    }
}
