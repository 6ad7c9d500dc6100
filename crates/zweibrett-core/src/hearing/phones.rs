//! A word's sounds in the phone set of the US English acoustic model
//! (ARPAbet, 39 phones), from the phoneme mnemonics espeak-ng writes
//! (`espeak-ng -x --sep=' '`). Only an English model can be installed
//! offline, so the German, Portuguese and Spanish words of the packs are
//! written in its nearest phones. A mnemonic not in the table is refused
//! by name rather than dropped, so that no word gets a wrong
//! pronunciation silently.

/// The phones of the acoustic model.
pub const ARPABET: &[&str] = &[
    "AA", "AE", "AH", "AO", "AW", "AY", "B", "CH", "D", "DH", "EH", "ER", "EY", "F", "G", "HH",
    "IH", "IY", "JH", "K", "L", "M", "N", "NG", "OW", "OY", "P", "R", "S", "SH", "T", "TH", "UH",
    "UW", "V", "W", "Y", "Z", "ZH",
];

/// A sound the table does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("no phone for espeak-ng's sound \"{0}\"")]
pub struct UnknownSound(pub String);

/// Whether the mnemonics are English, where a few of them stand for other
/// sounds than in the other languages ("a" is the vowel of "cat", "3" the
/// r-coloured vowel of "bird").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mnemonics {
    /// espeak-ng's English voices.
    English,
    /// Its German, Portuguese and Spanish voices.
    Other,
}

/// The ARPAbet phones of one mnemonic; empty for a pause or a stress mark.
fn phones_of(sound: &str, mnemonics: Mnemonics) -> Option<&'static [&'static str]> {
    let english = mnemonics == Mnemonics::English;
    Some(match sound {
        "" | "_" | "_!" | "_|" | "_:" | "?" => &[],
        "a" if english => &["AE"],
        "3" | "3:" if english => &["ER"],
        "a" | "aa" | "a:" | "A" | "A:" | "0" | "a#" if !english => &["AA"],
        "aa" | "A:" | "0" | "A" => &["AA"],
        "a#" | "&" | "&~" | "a~" | "V" | "@" | "@-" | "@2" | "3" | "6" | "I#" => &["AH"],
        "A@" | "aa@" => &["AA", "R"],
        "@L" | "l-" => &["AH", "L"],
        "n-" => &["AH", "N"],
        "m-" => &["AH", "M"],
        "aI" | "aI2" | "aI3" => &["AY"],
        "aI@" => &["AY", "AH"],
        "aU" => &["AW"],
        "aU@" => &["AW", "AH"],
        "e" | "e:" | "eI" | "e~" | "eI~" => &["EY"],
        "E" | "E:" | "E2" | "E#" | "e#" => &["EH"],
        "e@" => &["EH", "R"],
        "i" | "i:" | "i~" | "i2" => &["IY"],
        "i@" => &["IY", "AH"],
        "i@3" => &["IY", "R"],
        "I" | "I2" | "I~" => &["IH"],
        "o" | "o:" | "oU" | "o~" | "oU~" | "@U" => &["OW"],
        "O" | "O2" | "O:" | "O~" => &["AO"],
        "o@" | "O@" | "O:r" => &["AO", "R"],
        "OI" | "OY" | "oI" => &["OY"],
        "u" | "u:" | "u~" | "y" | "y:" | "w~" => &["UW"],
        "U" | "U~" => &["UH"],
        "U@" | "UR" => &["UH", "R"],
        "Y" | "Y:" | "2" | "2:" | "9" => &["ER"],
        "&U~" | "&U" => &["AW"],
        "b" | "B" => &["B"],
        "d" | "d#" => &["D"],
        "D" => &["DH"],
        "f" => &["F"],
        "g" | "Q" => &["G"],
        "h" | "x" | "C" | "X" => &["HH"],
        "j" | "I^" | "i^" => &["Y"],
        "k" => &["K"],
        "l" | "L" | "l#" => &["L"],
        "l^" => &["L", "Y"],
        "m" => &["M"],
        "n" => &["N"],
        "n^" | "J" => &["N", "Y"],
        "N" => &["NG"],
        "p" => &["P"],
        "pf" => &["P", "F"],
        "r" | "r-" | "R" | "R2" | "R3" | "*" | "**" => &["R"],
        "s" | "s#" => &["S"],
        "S" | "S;" => &["SH"],
        "t" | "t#" => &["T"],
        "T" => &["TH"],
        "tS" => &["CH"],
        "ts" => &["T", "S"],
        "dZ" => &["JH"],
        "v" => &["V"],
        "w" | "W" | "u^" | "U^" => &["W"],
        "z" | "z#" => &["Z"],
        "Z" => &["ZH"],
        _ => return None,
    })
}

/// The ARPAbet phones of a word from espeak-ng's mnemonics, separated by
/// spaces; stress marks are dropped.
pub fn arpabet(mnemonics: &str, kind: Mnemonics) -> Result<Vec<&'static str>, UnknownSound> {
    let mut phones = Vec::new();
    for sound in mnemonics.split_whitespace() {
        let bare: String = sound
            .chars()
            .filter(|c| !matches!(c, '\'' | ',' | '='))
            .collect();
        let found = phones_of(&bare, kind).ok_or_else(|| UnknownSound(bare.clone()))?;
        for phone in found {
            // The model has no doubled phones: "t t" across a word joint
            // is one long t.
            if phones.last() != Some(phone) || !is_consonant(phone) {
                phones.push(*phone);
            }
        }
    }
    Ok(phones)
}

fn is_consonant(phone: &str) -> bool {
    !matches!(phone.as_bytes()[0], b'A' | b'E' | b'I' | b'O' | b'U')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn german_words_in_english_phones() {
        // espeak-ng -v de -x --sep=' ' Springer
        assert_eq!(
            arpabet("S p r 'I N 3", Mnemonics::Other).unwrap(),
            ["SH", "P", "R", "IH", "NG", "AH"]
        );
        assert_eq!(
            arpabet("ts v 'aI", Mnemonics::Other).unwrap(),
            ["T", "S", "V", "AY"]
        );
        assert_eq!(
            arpabet("_! 'e: v A:", Mnemonics::Other).unwrap(),
            ["EY", "V", "AA"]
        );
    }

    #[test]
    fn english_a_is_the_vowel_of_cat() {
        assert_eq!(
            arpabet("k 'a t", Mnemonics::English).unwrap(),
            ["K", "AE", "T"]
        );
        assert_eq!(
            arpabet("k 'a t", Mnemonics::Other).unwrap(),
            ["K", "AA", "T"]
        );
    }

    #[test]
    fn an_unknown_sound_is_named() {
        assert_eq!(
            arpabet("k @ %%", Mnemonics::Other),
            Err(UnknownSound("%%".to_string()))
        );
    }

    #[test]
    fn every_phone_given_is_the_models() {
        for sound in ["a", "aU@", "l^", "ts", "pf", "&U~", "O@", "n-", "i@3"] {
            for kind in [Mnemonics::English, Mnemonics::Other] {
                for phone in phones_of(sound, kind).unwrap() {
                    assert!(ARPABET.contains(phone), "{sound}: {phone}");
                }
            }
        }
    }
}
