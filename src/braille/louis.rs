//! Contracted braille for words on the display, with liblouis (loaded
//! from `liblouis.so.20` when a reader asks for it, so that the program
//! builds and runs without it) and the table of the pack's language.

use std::collections::HashMap;
use std::ffi::{CString, c_char, c_int};
use std::sync::Mutex;

use libloading::Library;
use zweibrett_core::braille::{Contraction, Words};

use super::BrailleSettings;
use crate::notation::pack::{LineSentence, Sentences};

/// The library's names, newest first.
const LIBRARIES: &[&str] = &["liblouis.so.20", "liblouis.so"];

/// `dotsIO | ucBrl`: the cells come back as Unicode braille patterns.
const UNICODE_DOTS: c_int = 4 | 64;
/// `LOU_LOG_OFF`: liblouis writes nothing to the terminal.
const LOG_OFF: c_int = 60000;
/// Words contracted and kept, at most; then the store starts afresh.
const KEPT: usize = 512;

type Translate = unsafe extern "C" fn(
    *const c_char,
    *const u32,
    *mut c_int,
    *mut u32,
    *mut c_int,
    *mut u16,
    *mut c_char,
    c_int,
) -> c_int;
type CharSize = unsafe extern "C" fn() -> c_int;
type CheckTable = unsafe extern "C" fn(*const c_char) -> c_int;
type SetLogLevel = unsafe extern "C" fn(c_int);

/// Why words cannot be contracted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Uncontracted {
    /// liblouis is not installed.
    NoLibrary,
    /// liblouis has no table of this name.
    NoTable(String),
}

/// The contracted braille of one table.
pub struct Louis {
    translate: Translate,
    table: CString,
    /// Words already contracted: the display's line is made again at each
    /// turn of the game, mostly of the same words.
    kept: Mutex<HashMap<String, Option<String>>>,
    _library: Library,
}

impl std::fmt::Debug for Louis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Louis").field("table", &self.table).finish()
    }
}

/// liblouis's contracted table for a language (a BCP 47 tag's language
/// and region): German, English (Unified English Braille), Spanish and
/// Portuguese; `None` for one it has none for here.
pub fn table_for(language: &str) -> Option<&'static str> {
    let language = language.to_ascii_lowercase();
    let primary = language.split(['-', '_']).next().unwrap_or_default();
    Some(match primary {
        "de" => "de-g2.ctb",
        "en" => "en-ueb-g2.ctb",
        "es" => "es-g2.ctb",
        "pt" => "pt-pt-g2.ctb",
        _ => return None,
    })
}

/// How words reach the display for a pack of `language`, as `settings`
/// ask: as text, or contracted; and, when contracted braille was asked
/// for and cannot be made, why, in `line`'s words, to say with the display.
pub fn words(
    settings: BrailleSettings,
    language: &str,
    line: &Sentences<LineSentence>,
) -> (Words, Option<String>) {
    if !settings.contracted {
        return (Words::default(), None);
    }
    let opened = table_for(language)
        .ok_or_else(|| Uncontracted::NoTable(language.to_string()))
        .and_then(Louis::open);
    match opened {
        Ok(louis) => (Words::contracted(std::sync::Arc::new(louis)), None),
        Err(why) => {
            let reason = match why {
                Uncontracted::NoLibrary => line.say(LineSentence::BrailleWhyNoLouis, &[]),
                Uncontracted::NoTable(table) => {
                    line.say(LineSentence::BrailleWhyNoTable, &[("table", &table)])
                }
            };
            let said = line.say(LineSentence::BrailleUncontracted, &[("reason", &reason)]);
            (Words::default(), Some(said))
        }
    }
}

impl Louis {
    /// liblouis with `table` (a name liblouis finds, or a path), compiled
    /// now: the table is read once, before the game needs it.
    pub fn open(table: &str) -> Result<Louis, Uncontracted> {
        let library = LIBRARIES
            .iter()
            // SAFETY: loading liblouis runs no initialiser with side effects.
            .find_map(|name| unsafe { Library::new(name) }.ok())
            .ok_or(Uncontracted::NoLibrary)?;
        // SAFETY: each symbol is taken with the signature liblouis.h gives.
        let (translate, char_size, check, log) = unsafe {
            macro_rules! get {
                ($name:literal, $type:ty) => {
                    *library
                        .get::<$type>(concat!($name, "\0").as_bytes())
                        .map_err(|_| Uncontracted::NoLibrary)?
                };
            }
            (
                get!("lou_translateString", Translate),
                get!("lou_charSize", CharSize),
                get!("lou_checkTable", CheckTable),
                get!("lou_setLogLevel", SetLogLevel),
            )
        };
        // SAFETY: plain calls without pointers.
        unsafe { log(LOG_OFF) };
        // Characters are passed as 32 bits: a liblouis built with 16-bit
        // characters is not one this program can use.
        if unsafe { char_size() } != 4 {
            return Err(Uncontracted::NoLibrary);
        }
        let name = CString::new(table).map_err(|_| Uncontracted::NoTable(table.into()))?;
        // SAFETY: a NUL-terminated table list.
        if unsafe { check(name.as_ptr()) } == 0 {
            return Err(Uncontracted::NoTable(table.into()));
        }
        Ok(Louis {
            translate,
            table: name,
            kept: Mutex::new(HashMap::new()),
            _library: library,
        })
    }

    fn translated(&self, words: &str) -> Option<String> {
        let input: Vec<u32> = words.chars().map(u32::from).collect();
        let mut in_length = c_int::try_from(input.len()).ok()?;
        // Contracted braille is shorter than print, but a word can grow
        // (a capital or number sign, a letter sign): room for four cells a
        // character.
        let mut output = vec![0u32; input.len() * 4 + 16];
        let mut out_length = c_int::try_from(output.len()).ok()?;
        // SAFETY: both buffers are as long as the lengths say, and liblouis
        // writes no more than `out_length` characters.
        let done = unsafe {
            (self.translate)(
                self.table.as_ptr(),
                input.as_ptr(),
                &mut in_length,
                output.as_mut_ptr(),
                &mut out_length,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                UNICODE_DOTS,
            )
        };
        // All the words or none: a line cut short would lose its end.
        if done == 0 || usize::try_from(in_length).ok()? != input.len() {
            return None;
        }
        let cells: Option<String> = output[..usize::try_from(out_length).ok()?]
            .iter()
            .map(|&c| char::from_u32(c).filter(|c| ('\u{2800}'..='\u{28FF}').contains(c)))
            .collect();
        cells
    }
}

impl Contraction for Louis {
    fn contract(&self, words: &str) -> Option<String> {
        let Ok(mut kept) = self.kept.lock() else {
            return self.translated(words);
        };
        if let Some(cells) = kept.get(words) {
            return cells.clone();
        }
        let cells = self.translated(words);
        if kept.len() >= KEPT {
            kept.clear();
        }
        kept.insert(words.to_string(), cells.clone());
        cells
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_packs_language_has_a_contracted_table() {
        assert_eq!(table_for("de-DE"), Some("de-g2.ctb"));
        assert_eq!(table_for("en-GB"), Some("en-ueb-g2.ctb"));
        assert_eq!(table_for("es-ES"), Some("es-g2.ctb"));
        assert_eq!(table_for("pt-PT"), Some("pt-pt-g2.ctb"));
        assert_eq!(table_for("tlh"), None);
    }

    /// liblouis is installed with BRLTTY (the README's test command
    /// installs both); a machine without it fails here, loudly.
    #[test]
    fn german_words_in_contracted_braille_and_an_unknown_table_refused() {
        let louis = Louis::open("de-g2.ctb").expect("liblouis and its German table");
        let cells = louis.contract("Schwarz am Zug").unwrap();
        assert!(
            cells
                .chars()
                .all(|c| ('\u{2800}'..='\u{28FF}').contains(&c))
        );
        assert!(cells.chars().count() < "Schwarz am Zug".len(), "{cells}");
        assert_eq!(cells.split('⠀').count(), 3, "blanks between words: {cells}");
        // The same words again come from what was kept.
        assert_eq!(louis.contract("Schwarz am Zug").unwrap(), cells);
        assert_eq!(
            Louis::open("klingonisch-g2.ctb").unwrap_err(),
            Uncontracted::NoTable("klingonisch-g2.ctb".into())
        );
    }
}
