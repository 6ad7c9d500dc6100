//! The terminals people read the full screen on: each palette's own
//! foreground and background and its sixteen ANSI colours, as the
//! terminals ship them (xterm, GNOME Terminal's Tango and its own GNOME
//! palette, Solarized dark and light, the Linux console). A theme's pairs
//! are checked on each ([`checks_on`]), so that a colour that holds on
//! pure black and white but not on the terminal in front of the player is
//! found; [`table`] writes the weakest pair of each theme on each.

use crate::contrast::{
    GRAPHICS_MINIMUM, Painted, PairCheck, Srgb, TEXT_MINIMUM, ansi_number, contrast_ratio, decimal,
    srgb,
};
use crate::theme::{Colour, Colours};

/// A terminal's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    /// Its name.
    pub name: &'static str,
    /// Text in the terminal's own colour (`reset` in front).
    pub foreground: Srgb,
    /// The terminal's own background (`reset` behind).
    pub background: Srgb,
    /// The sixteen ANSI colours, by number.
    pub ansi: [Srgb; 16],
}

/// `#rrggbb` as a colour.
const fn hex(value: u32) -> Srgb {
    Srgb::new((value >> 16) as u8, (value >> 8) as u8, value as u8)
}

/// Sixteen colours from their hexadecimal values.
const fn sixteen(values: [u32; 16]) -> [Srgb; 16] {
    let mut out = [Srgb::new(0, 0, 0); 16];
    let mut i = 0;
    while i < 16 {
        out[i] = hex(values[i]);
        i += 1;
    }
    out
}

const XTERM_ANSI: [u32; 16] = [
    0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5, 0x7f7f7f,
    0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
];
const TANGO_ANSI: [u32; 16] = [
    0x2e3436, 0xcc0000, 0x4e9a06, 0xc4a000, 0x3465a4, 0x75507b, 0x06989a, 0xd3d7cf, 0x555753,
    0xef2929, 0x8ae234, 0xfce94f, 0x729fcf, 0xad7fa8, 0x34e2e2, 0xeeeeec,
];
const GNOME_ANSI: [u32; 16] = [
    0x171421, 0xc01c28, 0x26a269, 0xa2734c, 0x12488b, 0xa347ba, 0x2aa1b3, 0xd0cfcc, 0x5e5c64,
    0xf66151, 0x33da7a, 0xe9ad0c, 0x2a7bde, 0xc061cb, 0x33c7de, 0xffffff,
];
const SOLARIZED_ANSI: [u32; 16] = [
    0x073642, 0xdc322f, 0x859900, 0xb58900, 0x268bd2, 0xd33682, 0x2aa198, 0xeee8d5, 0x002b36,
    0xcb4b16, 0x586e75, 0x657b83, 0x839496, 0x6c71c4, 0x93a1a1, 0xfdf6e3,
];
const LINUX_ANSI: [u32; 16] = [
    0x000000, 0xaa0000, 0x00aa00, 0xaa5500, 0x0000aa, 0xaa00aa, 0x00aaaa, 0xaaaaaa, 0x555555,
    0xff5555, 0x55ff55, 0xffff55, 0x5555ff, 0xff55ff, 0x55ffff, 0xffffff,
];

/// The palettes every shipped theme is checked on.
pub const PALETTES: [Palette; 7] = [
    Palette {
        name: "xterm",
        foreground: hex(0x000000),
        background: hex(0xffffff),
        ansi: sixteen(XTERM_ANSI),
    },
    Palette {
        name: "Tango dark",
        foreground: hex(0xd3d7cf),
        background: hex(0x2e3436),
        ansi: sixteen(TANGO_ANSI),
    },
    Palette {
        name: "Tango light",
        foreground: hex(0x2e3436),
        background: hex(0xeeeeec),
        ansi: sixteen(TANGO_ANSI),
    },
    Palette {
        name: "Solarized dark",
        foreground: hex(0x839496),
        background: hex(0x002b36),
        ansi: sixteen(SOLARIZED_ANSI),
    },
    Palette {
        name: "Solarized light",
        foreground: hex(0x657b83),
        background: hex(0xfdf6e3),
        ansi: sixteen(SOLARIZED_ANSI),
    },
    Palette {
        name: "GNOME",
        foreground: hex(0xd0cfcc),
        background: hex(0x171421),
        ansi: sixteen(GNOME_ANSI),
    },
    Palette {
        name: "Linux console",
        foreground: hex(0xaaaaaa),
        background: hex(0x000000),
        ansi: sixteen(LINUX_ANSI),
    },
];

impl Palette {
    /// `colour` as this terminal shows it: an ANSI colour by its palette,
    /// `reset` as its own background when `behind`, else its foreground;
    /// the 256 colours past the sixteen and true colours as they are.
    pub fn shows(&self, colour: Colour, behind: bool) -> Srgb {
        match (colour, ansi_number(colour)) {
            (Colour::Reset, _) if behind => self.background,
            (Colour::Reset, _) => self.foreground,
            (_, Some(n)) => self.ansi[n],
            (other, None) => srgb(other).unwrap_or(self.background),
        }
    }

    /// Of the two piece colours, the one that stands out more from
    /// `square` here: what the marks on it are drawn in, and the pieces
    /// when the ink follows the square.
    fn ink_on(&self, colours: &Colours, square: Colour) -> Colour {
        let on = self.shows(square, true);
        let ratio = |piece| contrast_ratio(self.shows(piece, false), on);
        if ratio(colours.black_piece) > ratio(colours.white_piece) {
            colours.black_piece
        } else {
            colours.white_piece
        }
    }
}

/// Every pair of colours the theme draws one on the other, as `palette`
/// shows them; a pair whose two sides are the terminal's own is left to
/// it.
pub fn checks_on(colours: &Colours, palette: &Palette) -> Vec<PairCheck> {
    crate::contrast::pair_checks(
        colours,
        |square| palette.ink_on(colours, square),
        |painted, colour, behind| vec![(painted, palette.shows(colour, behind))],
    )
}

/// The weakest pair of `checks` that needs `minimum`.
fn weakest(checks: &[PairCheck], minimum: f64) -> Option<&PairCheck> {
    checks
        .iter()
        .filter(|c| c.minimum == minimum)
        .min_by(|a, b| a.ratio.total_cmp(&b.ratio))
}

/// A Markdown table: a line for each theme, a column for each palette,
/// in each cell the weakest text pair (needing 4.5:1) and the weakest
/// piece on its square (needing 3:1), a pair below its minimum marked
/// "below".
pub fn table(themes: &[(&str, &Colours)]) -> String {
    let mut out = String::from("| theme |");
    for p in &PALETTES {
        out.push_str(&format!(" {} |", p.name));
    }
    out.push_str("\n| --- |");
    out.push_str(&" --- |".repeat(PALETTES.len()));
    out.push('\n');
    for (name, colours) in themes {
        out.push_str(&format!("| {name} |"));
        for palette in &PALETTES {
            let checks = checks_on(colours, palette);
            let cell = |minimum: f64, what: &str| match weakest(&checks, minimum) {
                Some(c) => {
                    let below = if c.passes() { "" } else { ", below" };
                    format!("{what} {}:1{below}", decimal(c.ratio_hundredths()))
                }
                None => format!("{what}: the terminal's own"),
            };
            out.push_str(&format!(
                " {}; {} |",
                cell(TEXT_MINIMUM, "text"),
                cell(GRAPHICS_MINIMUM, "pieces")
            ));
        }
        out.push('\n');
    }
    out
}

/// What a shortfall on a palette is, in English: "Tango dark: headings on
/// the background 2.75:1, below 4.5:1".
pub fn english(palette: &Palette, check: &PairCheck) -> String {
    let what = check.english();
    let what = what.replace(
        Painted::Background.english(),
        &format!("{}'s background", palette.name),
    );
    format!("{}: {what}", palette.name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::ThemeDescription;

    #[test]
    fn a_palette_shows_its_own_colours_and_keeps_true_colours() {
        let tango = &PALETTES[1];
        assert_eq!(tango.shows(Colour::Reset, true), hex(0x2e3436));
        assert_eq!(tango.shows(Colour::Reset, false), hex(0xd3d7cf));
        assert_eq!(tango.shows(Colour::Yellow, false), hex(0xc4a000));
        assert_eq!(tango.shows(Colour::Indexed(11), false), hex(0xfce94f));
        assert_eq!(tango.shows(Colour::Rgb(1, 2, 3), false), Srgb::new(1, 2, 3));
        assert_eq!(
            tango.shows(Colour::Indexed(208), false),
            Srgb::new(255, 135, 0)
        );
    }

    #[test]
    fn a_heading_that_holds_on_black_and_white_can_fail_on_tango_and_solarized() {
        let text = "description = \"t\"\npieces = \"letters\"\nlarge = false\n[colors]
text = \"reset\"\nheading = \"#008383\"\nlight_square = \"#b08c5e\"
dark_square = \"#7a5638\"\nwhite_piece = \"#ffffff\"\nblack_piece = \"#000000\"
divergent = \"#c00000\"\nlast_move = \"#4a7ab0\"\nfocus = \"reset\"\nwarning = \"reset\"\n";
        let colours = ThemeDescription::parse("t", text).unwrap().colours;
        let heading = |p: &Palette| {
            checks_on(&colours, p)
                .into_iter()
                .find(|c| c.foreground == Painted::Heading)
                .unwrap()
        };
        let tango = heading(&PALETTES[1]);
        assert_eq!(tango.ratio_hundredths(), 275);
        assert!(!tango.passes());
        assert_eq!(
            english(&PALETTES[1], &tango),
            "Tango dark: headings on Tango dark's background 2.75:1, below 4.5:1"
        );
        assert_eq!(heading(&PALETTES[4]).ratio_hundredths(), 425);
    }

    /// The shipped themes, by name, read from their files.
    fn shipped() -> Vec<(String, Colours)> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../config/themes");
        let mut themes: Vec<(String, Colours)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .map(|p| {
                let name = p.file_stem().unwrap().to_string_lossy().into_owned();
                let text = std::fs::read_to_string(&p).unwrap();
                let colours = ThemeDescription::parse(&name, &text).unwrap().colours;
                (name, colours)
            })
            .collect();
        themes.sort_by(|a, b| a.0.cmp(&b.0));
        themes
    }

    #[test]
    fn every_shipped_theme_holds_on_every_palette() {
        let themes = shipped();
        assert!(themes.len() >= 3);
        let mut failures = Vec::new();
        for (name, colours) in &themes {
            for palette in &PALETTES {
                for check in checks_on(colours, palette) {
                    if !check.passes() {
                        failures.push(format!("theme {name}: {}", english(palette, &check)));
                    }
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }

    #[test]
    fn the_standard_themes_pieces_stand_out_as_text_does() {
        let themes = shipped();
        let (_, standard) = themes.iter().find(|(n, _)| n == "standard").unwrap();
        for palette in &PALETTES {
            let checks = checks_on(standard, palette);
            let pieces: Vec<_> = checks
                .iter()
                .filter(|c| matches!(c.foreground, Painted::WhitePieces | Painted::BlackPieces))
                .collect();
            // Both sides on the four kinds of square.
            assert_eq!(pieces.len(), 8);
            for check in pieces {
                assert!(
                    check.ratio >= crate::contrast::TEXT_MINIMUM,
                    "{}",
                    english(palette, check)
                );
            }
        }
    }

    #[test]
    fn the_guide_has_the_contrast_table_of_the_shipped_themes() {
        let themes = shipped();
        let named: Vec<(&str, &Colours)> = themes.iter().map(|(n, c)| (n.as_str(), c)).collect();
        let wanted = table(&named);
        let guide =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/full-screen.md");
        let guide = std::fs::read_to_string(guide).unwrap();
        assert!(
            guide.contains(&wanted),
            "docs/full-screen.md lacks the contrast table; it is now:\n{wanted}"
        );
    }
}
