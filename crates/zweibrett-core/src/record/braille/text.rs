//! Print words in uncontracted braille, for what a braille score holds
//! besides moves: its heading (players, event, date, result) and the
//! comments of the game. Letters a–z, the capital sign ⠠ before a capital
//! letter, the numeric indicator ⠼ before a run of digits (1 to 0 as a to
//! j), and the common punctuation as Unified English Braille writes it. A
//! letter with an accent is written as its base letter (the accents of
//! each language's own braille code are not made here); a character with
//! no cell here is left out.

use unicode_normalization::UnicodeNormalization;

/// The cell of a lower-case letter a–z.
fn letter(c: char) -> Option<char> {
    const LETTERS: [char; 26] = [
        '⠁', '⠃', '⠉', '⠙', '⠑', '⠋', '⠛', '⠓', '⠊', '⠚', '⠅', '⠇', '⠍', '⠝', '⠕', '⠏', '⠟', '⠗',
        '⠎', '⠞', '⠥', '⠧', '⠺', '⠭', '⠽', '⠵',
    ];
    let i = (c as u32).checked_sub('a' as u32)?;
    LETTERS.get(usize::try_from(i).ok()?).copied()
}

/// The cells of a punctuation mark.
fn punctuation(c: char) -> Option<&'static str> {
    Some(match c {
        '.' => "⠲",
        ',' => "⠂",
        ';' => "⠆",
        ':' => "⠒",
        '?' => "⠦",
        '!' => "⠖",
        '-' | '–' | '—' => "⠤",
        '\'' | '’' => "⠄",
        '"' | '“' | '”' | '«' | '»' => "⠠⠶",
        '(' | '[' => "⠐⠣",
        ')' | ']' => "⠐⠜",
        '/' => "⠸⠌",
        '+' => "⠐⠖",
        '=' => "⠐⠶",
        '#' => "⠸⠹",
        '&' => "⠈⠯",
        _ => return None,
    })
}

/// `text` in uncontracted braille, a space for each run of spaces.
pub fn text_cells(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 3);
    let mut in_number = false;
    for c in text.nfd() {
        if c.is_whitespace() {
            if !out.ends_with(' ') && !out.is_empty() {
                out.push(' ');
            }
            in_number = false;
            continue;
        }
        if let Some(d) = c.to_digit(10) {
            if !in_number {
                out.push('⠼');
                in_number = true;
            }
            // 1 to 9 are a to i, 0 is j.
            let index = if d == 0 { 9 } else { d - 1 };
            out.extend(letter(char::from(b'a' + index as u8)));
            continue;
        }
        // A decimal point or comma within a number keeps it going.
        let keeps_number = in_number && matches!(c, '.' | ',');
        in_number = keeps_number;
        if c == 'ß' {
            out.push_str("⠎⠎");
        } else if let Some(cell) = letter(c) {
            out.push(cell);
        } else if c.is_uppercase() {
            let lower: Vec<char> = c.to_lowercase().collect();
            if let [l] = lower[..]
                && let Some(cell) = letter(l)
            {
                out.push('⠠');
                out.push(cell);
            }
        } else if let Some(cells) = punctuation(c) {
            out.push_str(cells);
        }
        // Combining accents and characters with no cell here are left out.
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_numbers_and_capitals_in_braille() {
        assert_eq!(text_cells("Anna"), "⠠⠁⠝⠝⠁");
        assert_eq!(text_cells("2024"), "⠼⠃⠚⠃⠙");
        assert_eq!(text_cells("2. Januar 2024"), "⠼⠃⠲ ⠠⠚⠁⠝⠥⠁⠗ ⠼⠃⠚⠃⠙");
        assert_eq!(text_cells("Müller, Klaus"), "⠠⠍⠥⠇⠇⠑⠗⠂ ⠠⠅⠇⠁⠥⠎");
        assert_eq!(text_cells("1-0"), "⠼⠁⠤⠼⠚");
        assert_eq!(text_cells("a  b\t"), "⠁ ⠃");
    }
}
