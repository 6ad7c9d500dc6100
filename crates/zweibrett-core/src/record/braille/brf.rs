//! Braille Ready Format (BRF): six-dot braille as North American ASCII
//! braille, one ASCII character per cell, the file embossers and braille
//! note-takers read. Lines end in CR LF.

/// The ASCII character of each six-dot cell, in the order of the Unicode
/// braille patterns U+2800–U+283F (bit 0 is dot 1 … bit 5 is dot 6).
const ASCII_OF_CELL: &[u8; 64] =
    b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// Why a text cannot be written as BRF.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BrfError {
    /// A character that is no six-dot braille cell (an eight-dot cell, or
    /// print).
    #[error("line {line}: {character:?} is not a six-dot braille cell")]
    NotSixDot {
        /// The line, from 1.
        line: usize,
        /// The character.
        character: char,
    },
}

/// The ASCII braille character of one cell; a space or the blank cell
/// U+2800 is a space.
pub fn ascii_of(cell: char) -> Option<char> {
    if cell == ' ' {
        return Some(' ');
    }
    let offset = u32::from(cell).checked_sub(0x2800)?;
    let index = usize::try_from(offset).ok()?;
    ASCII_OF_CELL.get(index).map(|b| char::from(*b))
}

/// The six-dot cell an ASCII braille character stands for (upper and
/// lower case alike).
pub fn cell_of(ascii: char) -> Option<char> {
    let upper = ascii.to_ascii_uppercase();
    let index = ASCII_OF_CELL.iter().position(|b| char::from(*b) == upper)?;
    char::from_u32(0x2800 + u32::try_from(index).ok()?)
}

/// Unicode braille text (lines of six-dot cells and spaces) as BRF.
pub fn to_brf(text: &str) -> Result<String, BrfError> {
    let mut out = String::with_capacity(text.len() / 2);
    for (i, line) in text.lines().enumerate() {
        for character in line.chars() {
            let ascii = ascii_of(character).ok_or(BrfError::NotSixDot {
                line: i + 1,
                character,
            })?;
            out.push(ascii);
        }
        out.push_str("\r\n");
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_digits_and_signs_have_their_ascii_braille_characters() {
        let letters = "⠁⠃⠉⠙⠑⠋⠛⠓⠊⠚⠅⠇⠍⠝⠕⠏⠟⠗⠎⠞⠥⠧⠺⠭⠽⠵";
        let brf: String = letters.chars().filter_map(ascii_of).collect();
        assert_eq!(brf, "ABCDEFGHIJKLMNOPQRSTUVWXYZ");
        let lower: String = "⠂⠆⠒⠲⠢⠖⠶⠦⠔⠴".chars().filter_map(ascii_of).collect();
        assert_eq!(lower, "1234567890");
        // Signs of the chess code and of the result.
        for (cell, ascii) in [
            ('⠰', ';'),
            ('⠘', '^'),
            ('⠸', '_'),
            ('⠜', '>'),
            ('⠤', '-'),
            ('⠼', '#'),
            ('⠌', '/'),
            ('⠀', ' '),
            ('⠿', '='),
            ('⠮', '!'),
        ] {
            assert_eq!(ascii_of(cell), Some(ascii), "{cell}");
        }
    }

    #[test]
    fn every_cell_reads_back_and_no_two_share_a_character() {
        let mut seen = std::collections::BTreeSet::new();
        for code in 0x2800..=0x283F {
            let cell = char::from_u32(code).unwrap();
            let ascii = ascii_of(cell).unwrap();
            assert!(seen.insert(ascii), "{ascii} twice");
            if code != 0x2800 {
                assert_eq!(cell_of(ascii), Some(cell));
            }
        }
        assert_eq!(seen.len(), 64);
    }

    #[test]
    fn a_score_becomes_brf_lines_and_print_is_refused() {
        assert_eq!(to_brf("⠆ ⠎⠋⠒\n⠼⠁⠤⠼⠚\n").unwrap(), "2 SF3\r\n#A-#J\r\n");
        assert_eq!(
            to_brf("⠆ ⠎⠋⠒\nNf3"),
            Err(BrfError::NotSixDot {
                line: 2,
                character: 'N'
            })
        );
        assert!(to_brf("⣿").is_err(), "an eight-dot cell");
    }
}
