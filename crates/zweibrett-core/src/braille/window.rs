//! A line longer than the display, read window by window as braille
//! readers read any program: pan right reads on, pan left reads back. A
//! window breaks between words where it can, never inside one; only a word
//! longer than the display is cut.

use std::ops::Range;

/// A blank cell whatever the reader's text table: the braille pattern
/// without dots.
pub(super) const BLANK: char = '⠀';

/// The cells of `words` for the reader's text table, one a character; a
/// control character (a line break) becomes a blank.
pub(super) fn word_cells(words: &str) -> impl Iterator<Item = char> + '_ {
    words.chars().map(|c| if c.is_control() { ' ' } else { c })
}

/// Whether a cell is blank: a space, or the braille pattern without dots.
fn blank(cell: char) -> bool {
    cell == ' ' || cell == BLANK
}

/// What the display shows: as many cells as it has, one character each,
/// and the dots added to each.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Window {
    /// One character a cell: a Unicode braille pattern gives its own
    /// dots; any other character is shown by the reader's text table
    /// (BRLTTY's), so that their letters are theirs.
    pub text: String,
    /// Dots added to each cell, one byte a cell (bit 6 is dot 7, bit 7
    /// dot 8): the underline of what is new, dot 7 of a White piece.
    pub marks: Vec<u8>,
    /// The typing point, by its cell from the first, on a line of what is
    /// being typed.
    pub cursor: Option<usize>,
}

impl Window {
    /// The cells with words in them, each cell's dots 7 and 8 aside: what
    /// a reader reads, blanks as spaces and trailing blanks cut.
    pub fn read(&self) -> String {
        let text: String = self
            .text
            .chars()
            .map(|c| if c == BLANK { ' ' } else { c })
            .collect();
        text.trim_end().to_string()
    }
}

/// The windows of `cells` on a display `width` cells wide, in order; one
/// empty window for an empty line.
pub fn windows(cells: &[char], width: usize) -> Vec<Range<usize>> {
    let width = width.max(1);
    let mut found = Vec::new();
    let mut start = 0;
    while start < cells.len() {
        let mut end = (start + width).min(cells.len());
        if end < cells.len() && !blank(cells[end]) {
            // The window would end inside a word: it ends at the blank
            // before that word, if the window has one.
            if let Some(before) = (start + 1..end).rev().find(|&i| blank(cells[i])) {
                end = before;
            }
        }
        found.push(start..end);
        start = end;
        while start < cells.len() && blank(cells[start]) {
            start += 1;
        }
    }
    if found.is_empty() {
        found.push(0..0);
    }
    found
}

/// Which window of its line the display shows, from the first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Panned(usize);

impl Panned {
    /// The cells the display shows of a line of `cells`, `width` wide: the
    /// window panned to, or the last one when the line got shorter.
    pub fn range(self, cells: &[char], width: usize) -> Range<usize> {
        let all = windows(cells, width);
        let last = all.len() - 1;
        all[self.0.min(last)].clone()
    }

    /// Pan right: the next window of the line; false at its last, where
    /// nothing changes.
    pub fn right(&mut self, cells: &[char], width: usize) -> bool {
        let more = self.0 + 1 < windows(cells, width).len();
        if more {
            self.0 += 1;
        }
        more
    }

    /// Pan left: the window before; false at the first.
    pub fn left(&mut self) -> bool {
        let more = self.0 > 0;
        if more {
            self.0 -= 1;
        }
        more
    }

    /// The last window of a line of `cells`, `width` wide.
    pub fn to_end(&mut self, cells: &[char], width: usize) {
        self.0 = windows(cells, width).len() - 1;
    }

    /// Whether the line has been read to its end: its last window shows.
    pub fn at_end(self, cells: &[char], width: usize) -> bool {
        self.0 + 1 >= windows(cells, width).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(text: &str) -> Vec<char> {
        text.chars().collect()
    }

    fn read(text: &str, width: usize) -> Vec<String> {
        let c = cells(text);
        windows(&c, width)
            .into_iter()
            .map(|r| c[r].iter().collect())
            .collect()
    }

    #[test]
    fn windows_break_between_words_and_cut_only_a_word_too_long() {
        assert_eq!(
            read("noch zehn Sekunden auf der Uhr", 12),
            ["noch zehn", "Sekunden auf", "der Uhr"]
        );
        assert_eq!(read("Fallblättchen", 5), ["Fallb", "lättc", "hen"]);
        assert_eq!(read("kurz", 40), ["kurz"]);
        assert_eq!(read("", 40), [""]);
        // A word that ends the window exactly is not broken.
        assert_eq!(read("abcd efgh", 4), ["abcd", "efgh"]);
    }

    #[test]
    fn every_cell_but_the_blanks_between_windows_is_read_once() {
        let text = "Der Schiedsrichter sieht das Fallblättchen von Weiß: Schwarz gewinnt, 0-1";
        for width in [20, 40] {
            let joined = read(text, width).join(" ");
            assert_eq!(joined, text, "at {width} cells");
            assert!(read(text, width).iter().all(|w| w.chars().count() <= width));
        }
        // Narrower than its longest word: that word is cut, nothing lost.
        let solid = |t: &str| t.replace(' ', "");
        assert_eq!(solid(&read(text, 12).concat()), solid(text));
    }

    #[test]
    fn panning_reads_on_and_back_and_says_when_the_end_is_reached() {
        let c = cells("eins zwei drei");
        let mut p = Panned::default();
        assert!(!p.at_end(&c, 5));
        assert!(p.right(&c, 5));
        assert_eq!(p.range(&c, 5), 5..9);
        assert!(p.right(&c, 5));
        assert!(p.at_end(&c, 5));
        assert!(!p.right(&c, 5), "nothing past the end");
        assert!(p.left());
        assert!(p.left());
        assert!(!p.left(), "nothing before the start");
        // A wider display: the window panned to is the last there is.
        let mut far = Panned::default();
        far.right(&c, 5);
        far.right(&c, 5);
        assert_eq!(far.range(&c, 40), 0..14);
    }
}
