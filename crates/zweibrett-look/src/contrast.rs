//! How far apart two colours of a theme are for an eye that sees poorly:
//! the relative luminance and contrast ratio of WCAG 2.1 (success
//! criteria 1.4.3 and 1.4.11), and every pair of colours a theme draws one
//! on the other, checked against 4.5:1 for text and 3:1 for pieces on
//! their squares.
//!
//! A theme names colours; the ratio needs red, green and blue. A true
//! colour is what it says. The sixteen ANSI names and the terminal's 256
//! numbered colours are taken at xterm's standard values, since a terminal
//! may be set otherwise but most keep these. `reset`, the terminal's own
//! colour, cannot be known: a pair with one side `reset` is checked
//! against both a dark terminal (black) and a light one (white), and must
//! hold on both; a pair with both sides `reset` is the terminal's own and
//! is left to it.

use crate::theme::{Colour, Colours, PieceInk};

/// A colour as its red, green and blue values in sRGB, 0 to 255 each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Srgb {
    /// Red.
    pub red: u8,
    /// Green.
    pub green: u8,
    /// Blue.
    pub blue: u8,
}

impl Srgb {
    /// The colour with these three values.
    pub const fn new(red: u8, green: u8, blue: u8) -> Srgb {
        Srgb { red, green, blue }
    }
}

/// Black, the background assumed for a dark terminal.
pub const BLACK: Srgb = Srgb::new(0, 0, 0);
/// White, the background assumed for a light terminal.
pub const WHITE: Srgb = Srgb::new(255, 255, 255);

/// The least contrast for text (WCAG 2.1, 1.4.3, level AA).
pub const TEXT_MINIMUM: f64 = 4.5;
/// The least contrast for graphics such as pieces on their squares (WCAG
/// 2.1, 1.4.11).
pub const GRAPHICS_MINIMUM: f64 = 3.0;

/// One channel, 0 to 255, made linear (WCAG 2.1's definition of relative
/// luminance).
fn linear(channel: u8) -> f64 {
    let c = f64::from(channel) / 255.0;
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

/// The relative luminance of `colour`: 0 for black, 1 for white.
pub fn relative_luminance(colour: Srgb) -> f64 {
    0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue)
}

/// The contrast ratio of two colours, from 1 (the same) to 21 (black and
/// white); the order does not matter.
pub fn contrast_ratio(a: Srgb, b: Srgb) -> f64 {
    let (la, lb) = (relative_luminance(a), relative_luminance(b));
    let (lighter, darker) = if la >= lb { (la, lb) } else { (lb, la) };
    (lighter + 0.05) / (darker + 0.05)
}

/// xterm's values of the sixteen ANSI colours, by number.
const ANSI: [Srgb; 16] = [
    Srgb::new(0, 0, 0),
    Srgb::new(205, 0, 0),
    Srgb::new(0, 205, 0),
    Srgb::new(205, 205, 0),
    Srgb::new(0, 0, 238),
    Srgb::new(205, 0, 205),
    Srgb::new(0, 205, 205),
    Srgb::new(229, 229, 229),
    Srgb::new(127, 127, 127),
    Srgb::new(255, 0, 0),
    Srgb::new(0, 255, 0),
    Srgb::new(255, 255, 0),
    Srgb::new(92, 92, 255),
    Srgb::new(255, 0, 255),
    Srgb::new(0, 255, 255),
    Srgb::new(255, 255, 255),
];

/// The ANSI number (0 to 15) of a colour named by it or numbered below
/// 16, which each terminal's palette gives its own value.
pub fn ansi_number(colour: Colour) -> Option<usize> {
    Some(match colour {
        Colour::Black => 0,
        Colour::Red => 1,
        Colour::Green => 2,
        Colour::Yellow => 3,
        Colour::Blue => 4,
        Colour::Magenta => 5,
        Colour::Cyan => 6,
        Colour::Gray => 7,
        Colour::DarkGray => 8,
        Colour::LightRed => 9,
        Colour::LightGreen => 10,
        Colour::LightYellow => 11,
        Colour::LightBlue => 12,
        Colour::LightMagenta => 13,
        Colour::LightCyan => 14,
        Colour::White => 15,
        Colour::Indexed(n) if n < 16 => usize::from(n),
        _ => return None,
    })
}

/// The red, green and blue of a theme's colour, at xterm's values for
/// names and numbers; `None` for `reset`, the terminal's own colour.
pub fn srgb(colour: Colour) -> Option<Srgb> {
    match colour {
        Colour::Reset => None,
        Colour::Indexed(n) => Some(indexed(n)),
        Colour::Rgb(red, green, blue) => Some(Srgb::new(red, green, blue)),
        named => ansi_number(named).map(|n| ANSI[n]),
    }
}

/// xterm's value of colour number `n` of 256: the sixteen ANSI colours,
/// a 6×6×6 cube, then 24 greys.
fn indexed(n: u8) -> Srgb {
    const LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];
    match n {
        0..=15 => ANSI[usize::from(n)],
        16..=231 => {
            let i = n - 16;
            Srgb::new(
                LEVELS[usize::from(i / 36)],
                LEVELS[usize::from(i / 6 % 6)],
                LEVELS[usize::from(i % 6)],
            )
        }
        _ => {
            let grey = 8 + 10 * (n - 232);
            Srgb::new(grey, grey, grey)
        }
    }
}

/// What a colour of a theme paints, or the terminal's own colour a
/// `reset` stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Painted {
    /// Ordinary text.
    Text,
    /// Titles and headings, the board's labels.
    Heading,
    /// The field or line that has the keyboard.
    Focus,
    /// Warnings and errors.
    Warning,
    /// The screen's background.
    Background,
    /// White pieces.
    WhitePieces,
    /// Black pieces.
    BlackPieces,
    /// Light squares.
    LightSquares,
    /// Dark squares.
    DarkSquares,
    /// The squares of the last move.
    LastMove,
    /// Squares where the two boards differ (D.2.9).
    Divergent,
    /// The brackets of the last move and the marks of a divergence, drawn
    /// in whichever piece colour stands out more from their square.
    Marks,
    /// The terminal's own colour, `reset`, taken as black.
    DarkTerminal,
    /// The terminal's own colour, `reset`, taken as white.
    LightTerminal,
}

impl Painted {
    /// The theme file's key of this colour; `None` for the terminal's own.
    pub fn key(self) -> Option<&'static str> {
        Some(match self {
            Painted::Text => "text",
            Painted::Heading => "heading",
            Painted::Focus => "focus",
            Painted::Warning => "warning",
            Painted::Background => "background",
            Painted::WhitePieces => "white_piece",
            Painted::BlackPieces => "black_piece",
            Painted::LightSquares => "light_square",
            Painted::DarkSquares => "dark_square",
            Painted::LastMove => "last_move",
            Painted::Divergent => "divergent",
            // Chosen from the piece colours, not a key of its own.
            Painted::Marks | Painted::DarkTerminal | Painted::LightTerminal => return None,
        })
    }

    /// The English words for it, for messages that have no voice pack.
    pub fn english(self) -> &'static str {
        match self {
            Painted::Text => "text",
            Painted::Heading => "headings",
            Painted::Focus => "the focused line",
            Painted::Warning => "warnings",
            Painted::Background => "the background",
            Painted::WhitePieces => "white pieces",
            Painted::BlackPieces => "black pieces",
            Painted::LightSquares => "light squares",
            Painted::DarkSquares => "dark squares",
            Painted::LastMove => "the squares of the last move",
            Painted::Divergent => "squares where the boards differ",
            Painted::Marks => "the brackets of the last move",
            Painted::DarkTerminal => "a dark terminal's own colour",
            Painted::LightTerminal => "a light terminal's own colour",
        }
    }
}

/// One colour drawn on another, and how far apart they are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PairCheck {
    /// What is drawn.
    pub foreground: Painted,
    /// What it is drawn on.
    pub background: Painted,
    /// Their contrast ratio.
    pub ratio: f64,
    /// The least ratio the pair needs: [`TEXT_MINIMUM`] or
    /// [`GRAPHICS_MINIMUM`].
    pub minimum: f64,
}

impl PairCheck {
    /// True when the pair reaches its minimum.
    pub fn passes(&self) -> bool {
        self.ratio >= self.minimum
    }

    /// The ratio in hundredths, rounded down, so that a pair just below
    /// its minimum never shows as reaching it.
    pub fn ratio_hundredths(&self) -> u32 {
        hundredths(self.ratio)
    }

    /// The minimum in hundredths.
    pub fn minimum_hundredths(&self) -> u32 {
        hundredths(self.minimum)
    }

    /// "white pieces on light squares 1.65:1, below 3:1", in English.
    pub fn english(&self) -> String {
        format!(
            "{} on {} {}:1, below {}:1",
            self.foreground.english(),
            self.background.english(),
            decimal(self.ratio_hundredths()),
            decimal(self.minimum_hundredths()),
        )
    }
}

/// `value` in hundredths, rounded down.
fn hundredths(value: f64) -> u32 {
    // Ratios lie between 1 and 21.
    (value * 100.0 + 1e-9).floor().clamp(0.0, 1e6) as u32
}

/// Hundredths written with a point, without trailing zeros: 165 is
/// "1.65", 450 is "4.5", 300 is "3".
pub fn decimal(hundredths: u32) -> String {
    let (whole, rest) = (hundredths / 100, hundredths % 100);
    match rest {
        0 => whole.to_string(),
        r if r % 10 == 0 => format!("{whole}.{}", r / 10),
        r => format!("{whole}.{r:02}"),
    }
}

/// A colour of the theme with what it paints and its value; `reset`
/// stands for both a dark terminal (black) and a light one (white).
fn sides(painted: Painted, colour: Colour, _behind: bool) -> Vec<(Painted, Srgb)> {
    match srgb(colour) {
        Some(rgb) => vec![(painted, rgb)],
        None => vec![
            (Painted::DarkTerminal, BLACK),
            (Painted::LightTerminal, WHITE),
        ],
    }
}

/// The colour drawn on a square of `square`'s colour where the side does
/// not choose it (the marks, and every piece in a theme whose ink follows
/// the square): of the two piece colours, the one that stands out more
/// from it (the white pieces' on a square left to the terminal).
pub fn ink_on(colours: &Colours, square: Colour) -> Colour {
    let (white, black) = (colours.white_piece, colours.black_piece);
    let ratio = |piece| match (srgb(piece), srgb(square)) {
        (Some(p), Some(s)) => contrast_ratio(p, s),
        _ => 0.0,
    };
    if ratio(black) > ratio(white) {
        black
    } else {
        white
    }
}

/// The groups of pairs a theme draws one on the other, with the least
/// ratio each needs: the four text colours on the background (4.5:1),
/// white and black pieces on light and dark squares and on the squares
/// of the last move and of a divergence (3:1), each in its side's colour
/// or, when the theme's ink follows the square, in the colour `ink`
/// chooses for the square, and the marks on those two (4.5:1), drawn in
/// the colour `ink` chooses.
type Group = (Vec<(Painted, Colour)>, Vec<(Painted, Colour)>, f64);

pub(crate) fn drawn_pairs(colours: &Colours, ink: impl Fn(Colour) -> Colour) -> Vec<Group> {
    let texts = vec![
        (Painted::Text, colours.text),
        (Painted::Heading, colours.heading),
        (Painted::Focus, colours.focus),
        (Painted::Warning, colours.warning),
    ];
    let squares = [
        (Painted::LightSquares, colours.light_square),
        (Painted::DarkSquares, colours.dark_square),
        (Painted::LastMove, colours.last_move),
        (Painted::Divergent, colours.divergent),
    ];
    let mut groups = vec![(
        texts,
        vec![(Painted::Background, colours.background)],
        TEXT_MINIMUM,
    )];
    match colours.ink {
        PieceInk::Side => groups.push((
            vec![
                (Painted::WhitePieces, colours.white_piece),
                (Painted::BlackPieces, colours.black_piece),
            ],
            squares.to_vec(),
            GRAPHICS_MINIMUM,
        )),
        // Both sides in the one ink each square is given.
        PieceInk::Square => groups.extend(squares.iter().map(|&(painted, square)| {
            (
                vec![
                    (Painted::WhitePieces, ink(square)),
                    (Painted::BlackPieces, ink(square)),
                ],
                vec![(painted, square)],
                GRAPHICS_MINIMUM,
            )
        })),
    }
    // The brackets and `!` marks are text on their squares.
    for (painted, square) in [
        (Painted::LastMove, colours.last_move),
        (Painted::Divergent, colours.divergent),
    ] {
        groups.push((
            vec![(Painted::Marks, ink(square))],
            vec![(painted, square)],
            TEXT_MINIMUM,
        ));
    }
    groups
}

/// Every pair of [`drawn_pairs`] (the marks, and the pieces when the ink
/// follows the square, in the colour `ink` chooses) whose two sides are
/// not both the terminal's own, checked with each colour taken as `side`
/// gives it: what it paints and its value, for a colour in front or
/// (`behind`) behind; several for a colour that stands for more than one.
pub(crate) fn pair_checks(
    colours: &Colours,
    ink: impl Fn(Colour) -> Colour,
    side: impl Fn(Painted, Colour, bool) -> Vec<(Painted, Srgb)>,
) -> Vec<PairCheck> {
    let mut found = Vec::new();
    for (front, back, minimum) in drawn_pairs(colours, ink) {
        for &(fp, fc) in &front {
            for &(bp, bc) in &back {
                if fc == Colour::Reset && bc == Colour::Reset {
                    continue;
                }
                for (foreground, f) in side(fp, fc, false) {
                    for &(background, b) in &side(bp, bc, true) {
                        found.push(PairCheck {
                            foreground,
                            background,
                            ratio: contrast_ratio(f, b),
                            minimum,
                        });
                    }
                }
            }
        }
    }
    found
}

/// Every pair of colours the theme draws one on the other, each checked
/// as [`drawn_pairs`] says. A pair whose two sides are both `reset` is
/// the terminal's own and is not listed; with one side `reset` it is
/// listed twice, for a dark and a light terminal.
pub fn checks(colours: &Colours) -> Vec<PairCheck> {
    pair_checks(colours, |square| ink_on(colours, square), sides)
}

/// The pairs of [`checks`] below their minimum, in the same order.
pub fn shortfalls(colours: &Colours) -> Vec<PairCheck> {
    checks(colours)
        .into_iter()
        .filter(|c| !c.passes())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::ThemeDescription;

    fn rgb(hex: u32) -> Srgb {
        let [_, r, g, b] = hex.to_be_bytes();
        Srgb::new(r, g, b)
    }

    #[test]
    fn luminance_runs_from_black_to_white() {
        assert_eq!(relative_luminance(BLACK), 0.0);
        assert!((relative_luminance(WHITE) - 1.0).abs() < 1e-12);
        // The break of the sRGB curve: 10/255 lies below 0.04045.
        assert!((linear(10) - 10.0 / 255.0 / 12.92).abs() < 1e-12);
        assert!((relative_luminance(rgb(0x808080)) - 0.2158605).abs() < 1e-6);
    }

    #[test]
    fn ratios_known_from_wcag_examples() {
        assert!((contrast_ratio(BLACK, WHITE) - 21.0).abs() < 1e-9);
        assert_eq!(contrast_ratio(WHITE, WHITE), 1.0);
        // #767676 on white is the lightest grey passing 4.5:1.
        let grey = contrast_ratio(rgb(0x767676), WHITE);
        assert!((grey - 4.54).abs() < 0.01, "{grey}");
        assert!(contrast_ratio(rgb(0x777777), WHITE) < TEXT_MINIMUM);
        // The old standard theme: white pieces on beige.
        let old = contrast_ratio(WHITE, rgb(0xd8c8a8));
        assert!((old - 1.65).abs() < 0.01, "{old}");
        assert_eq!(
            contrast_ratio(rgb(0x123456), rgb(0xabcdef)),
            contrast_ratio(rgb(0xabcdef), rgb(0x123456))
        );
    }

    #[test]
    fn names_and_numbers_take_xterm_values() {
        assert_eq!(srgb(Colour::Red), Some(Srgb::new(205, 0, 0)));
        assert_eq!(srgb(Colour::White), Some(WHITE));
        assert_eq!(srgb(Colour::Indexed(9)), srgb(Colour::LightRed));
        assert_eq!(srgb(Colour::Indexed(16)), Some(BLACK));
        assert_eq!(srgb(Colour::Indexed(208)), Some(Srgb::new(255, 135, 0)));
        assert_eq!(srgb(Colour::Indexed(231)), Some(WHITE));
        assert_eq!(srgb(Colour::Indexed(232)), Some(Srgb::new(8, 8, 8)));
        assert_eq!(srgb(Colour::Indexed(255)), Some(Srgb::new(238, 238, 238)));
        assert_eq!(srgb(Colour::Reset), None);
    }

    #[test]
    fn ratios_are_written_rounded_down() {
        assert_eq!(decimal(165), "1.65");
        assert_eq!(decimal(450), "4.5");
        assert_eq!(decimal(300), "3");
        assert_eq!(decimal(2105), "21.05");
        assert_eq!(hundredths(4.4999), 449);
        assert_eq!(hundredths(3.0), 300);
    }

    fn theme(colours: &str) -> Colours {
        let text = format!(
            "description = \"t\"\npieces = \"letters\"\nlarge = false\n[colors]\n{colours}"
        );
        ThemeDescription::parse("t", &text).unwrap().colours
    }

    const FINE: &str = "text = \"white\"\nheading = \"yellow\"\nbackground = \"black\"
light_square = \"#606060\"\ndark_square = \"#000000\"\nwhite_piece = \"#ffffff\"
black_piece = \"#ffff00\"\ndivergent = \"#b000b0\"\nlast_move = \"#0050a0\"
focus = \"yellow\"\nwarning = \"#ff00ff\"\n";

    #[test]
    fn ink_that_follows_the_square_takes_the_colour_that_stands_out() {
        // White and black pieces on tan, black and blue squares: by side
        // the white ones fade on tan and the black ones on the others.
        let tan = FINE
            .replace("#606060", "#d2b48c")
            .replace("#ffff00", "#000000");
        let short: Vec<_> = shortfalls(&theme(&tan))
            .into_iter()
            .map(|c| (c.foreground, c.background))
            .collect();
        assert_eq!(
            short,
            [
                (Painted::WhitePieces, Painted::LightSquares),
                (Painted::BlackPieces, Painted::DarkSquares),
                (Painted::BlackPieces, Painted::LastMove)
            ]
        );
        // By square both are black there and white on the dark squares.
        let colours = theme(&tan);
        let colours = Colours {
            ink: PieceInk::Square,
            ..colours
        };
        assert!(shortfalls(&colours).is_empty(), "{:?}", checks(&colours));
        let on_light: Vec<_> = checks(&colours)
            .into_iter()
            .filter(|c| c.background == Painted::LightSquares)
            .collect();
        assert_eq!(on_light.len(), 2);
        assert!(on_light.iter().all(|c| c.ratio > 10.0), "{on_light:?}");
        assert_eq!(ink_on(&colours, colours.light_square), Colour::Rgb(0, 0, 0));
        assert_eq!(
            ink_on(&colours, colours.dark_square),
            Colour::Rgb(255, 255, 255)
        );
    }

    #[test]
    fn every_pair_is_named_with_its_ratio() {
        let colours = theme(FINE);
        let all = checks(&colours);
        // Four texts on one background, two pieces on four squares, the
        // marks on the last move's and a divergence's squares.
        assert_eq!(all.len(), 4 + 2 * 4 + 2);
        assert!(shortfalls(&colours).is_empty(), "{all:?}");
        let beige = FINE.replace("#606060", "#d8c8a8");
        let short = shortfalls(&theme(&beige));
        assert_eq!(short.len(), 2, "{short:?}");
        assert_eq!(short[0].foreground, Painted::WhitePieces);
        assert_eq!(short[0].background, Painted::LightSquares);
        assert_eq!(
            short[0].english(),
            "white pieces on light squares 1.64:1, below 3:1"
        );
        assert_eq!(short[1].foreground, Painted::BlackPieces);
        // Marks in the piece colour that stands out more: on a middle grey
        // last move neither white nor black text reaches 4.5:1.
        let grey = FINE.replace("#0050a0", "#777777");
        let short = shortfalls(&theme(&grey));
        assert!(
            short
                .iter()
                .any(|c| c.foreground == Painted::Marks && c.background == Painted::LastMove),
            "{short:?}"
        );
    }

    #[test]
    fn the_terminals_own_colour_is_taken_dark_and_light() {
        // Text and background both the terminal's own: not checked.
        let own = FINE
            .replace("text = \"white\"", "text = \"reset\"")
            .replace("background = \"black\"", "background = \"reset\"");
        let colours = theme(&own);
        let all = checks(&colours);
        assert!(all.iter().all(|c| c.foreground != Painted::Text), "{all:?}");
        // Yellow headings on the terminal's background: fine when dark,
        // not when light.
        let heading: Vec<_> = all
            .iter()
            .filter(|c| c.foreground == Painted::Heading)
            .collect();
        assert_eq!(heading.len(), 2);
        assert_eq!(heading[0].background, Painted::DarkTerminal);
        assert!(heading[0].passes());
        assert_eq!(heading[1].background, Painted::LightTerminal);
        assert!(!heading[1].passes());
    }

    #[test]
    fn a_theme_without_background_leaves_it_to_the_terminal() {
        let without = FINE.replace("background = \"black\"\n", "");
        assert_eq!(theme(&without).background, Colour::Reset);
    }

    #[test]
    fn every_shipped_theme_meets_wcag() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/themes");
        let mut read = 0;
        let mut failures = Vec::new();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "toml") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let name = path.file_stem().unwrap().to_string_lossy().into_owned();
            let theme = ThemeDescription::parse(&name, &text).unwrap();
            for check in checks(&theme.colours) {
                println!(
                    "{name}: {}",
                    check.english().split(", below").next().unwrap()
                );
                if !check.passes() {
                    failures.push(format!("theme {name}: {}", check.english()));
                }
            }
            read += 1;
        }
        assert!(read >= 3, "the themes in {}", dir.display());
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
