//! The theme file reader on arbitrary TOML: refused or read, never a panic;
//! every colour it reads is read the same from its own spelling.
#![no_main]

use libfuzzer_sys::fuzz_target;
use zweibrett_look::theme::{Colour, ThemeDescription};

/// A spelling of `colour` the reader must take back.
fn spelling(colour: Colour) -> String {
    match colour {
        Colour::Indexed(n) => n.to_string(),
        Colour::Rgb(r, g, b) => format!("#{r:02x}{g:02x}{b:02x}"),
        named => format!("{named:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Some(colour) = text.lines().next().and_then(|l| l.parse::<Colour>().ok()) {
        assert_eq!(spelling(colour).parse::<Colour>(), Ok(colour));
    }
    if let Ok(theme) = ThemeDescription::parse("fuzz.toml", text) {
        let c = theme.colours;
        for colour in [
            c.text,
            c.heading,
            c.light_square,
            c.dark_square,
            c.white_piece,
            c.black_piece,
            c.divergent,
            c.last_move,
            c.focus,
            c.warning,
        ] {
            assert_eq!(spelling(colour).parse::<Colour>(), Ok(colour));
        }
    }
});
