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

/// The lines of a braille page as embossers and braille note-takers
/// commonly take it: with 40 cells a line, the common braille page.
pub const PAGE_LINES: usize = 25;

/// Unicode braille text as BRF in pages of `lines` lines of at most
/// `width` cells, as an embosser prints them: each page's last line holds
/// its number at the right margin (the number sign and the digits as
/// letters, "#B" for page 2), and a form feed ends every page but the
/// last. Lines of the text longer than `width` are refused: the text is
/// wrapped before.
pub fn to_brf_pages(text: &str, width: usize, lines: usize) -> Result<String, BrfError> {
    let body = to_brf(text)?;
    let body: Vec<&str> = body.split_terminator("\r\n").collect();
    let per_page = lines.saturating_sub(1).max(1);
    let pages = body.len().div_ceil(per_page).max(1);
    let mut out = String::with_capacity(body.len() * (width + 2));
    for page in 0..pages {
        let start = page * per_page;
        let these = &body[start.min(body.len())..(start + per_page).min(body.len())];
        for line in these {
            out.push_str(line);
            out.push_str("\r\n");
        }
        // Blank lines down to the page number's line.
        for _ in these.len()..per_page {
            out.push_str("\r\n");
        }
        let number = page_number(page + 1);
        let pad = width.saturating_sub(number.len());
        out.push_str(&" ".repeat(pad));
        out.push_str(&number);
        out.push_str("\r\n");
        if page + 1 < pages {
            out.push('\u{c}');
        }
    }
    Ok(out)
}

/// A page number in ASCII braille: the number sign `#` and each digit as
/// the letter that stands for it (1 to 9 as A to I, 0 as J).
pub fn page_number(n: usize) -> String {
    let digits: String = n
        .to_string()
        .chars()
        .map(|d| match d {
            '0' => 'J',
            d => char::from(b'A' + (d as u8 - b'1')),
        })
        .collect();
    format!("#{digits}")
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
