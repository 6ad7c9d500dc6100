//! The input line: text, the typing point, and the lines typed before.
//! It holds at most [`MAX_LINE_CHARS`] characters, as a line of plain mode
//! does; past that it refuses characters, so a paste cannot flood it.

use crate::session::lines::MAX_LINE_CHARS;

/// The line being typed, with its history.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InputLine {
    text: Vec<char>,
    /// The typing point, in characters from the start.
    cursor: usize,
    history: Vec<String>,
    /// Which earlier line Up has brought back, counted from the newest.
    recalled: Option<usize>,
    /// Whether a character was refused since the line last had room, so
    /// that a full line is said once, not at every key of a paste.
    refused: bool,
}

/// What typing a character did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Typed {
    /// The character is on the line.
    Typed,
    /// The line is full and the character was dropped; `first` for the
    /// first character dropped since the line last had room.
    Full {
        /// Whether this is the first refusal, the one to be said.
        first: bool,
    },
}

impl InputLine {
    /// What of the line is shown in `width` columns after a prompt of
    /// `prompt` columns, scrolled so that the typing point stays in view,
    /// and the column of the typing point from the prompt's start.
    pub fn visible(&self, width: u16, prompt: usize) -> (String, u16) {
        let room = usize::from(width).saturating_sub(prompt + 1).max(1);
        let skip = self.cursor.saturating_sub(room);
        let shown = self.text.iter().skip(skip).take(room).collect();
        let column = u16::try_from(prompt + self.cursor - skip)
            .unwrap_or(u16::MAX)
            .min(width.saturating_sub(1));
        (shown, column)
    }

    /// The text.
    pub fn text(&self) -> String {
        self.text.iter().collect()
    }

    /// The typing point, in characters from the start.
    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// True when nothing is typed.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Replaces the text, the typing point at its end.
    pub fn set(&mut self, text: &str) {
        self.text = text.chars().collect();
        self.cursor = self.text.len();
    }

    /// Empties the line without keeping it in the history, leaving any
    /// line brought back by Up where it was.
    pub fn clear(&mut self) {
        self.text.clear();
        self.cursor = 0;
        self.recalled = None;
    }

    /// Types `c` at the typing point, unless the line holds
    /// [`MAX_LINE_CHARS`] characters already.
    pub fn insert(&mut self, c: char) -> Typed {
        if self.text.len() >= MAX_LINE_CHARS {
            let first = !self.refused;
            self.refused = true;
            return Typed::Full { first };
        }
        self.refused = false;
        self.text.insert(self.cursor, c);
        self.cursor += 1;
        Typed::Typed
    }

    /// Deletes the character before the typing point.
    pub fn backspace(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            self.text.remove(self.cursor);
        }
    }

    /// Deletes the character at the typing point.
    pub fn delete(&mut self) {
        if self.cursor < self.text.len() {
            self.text.remove(self.cursor);
        }
    }

    /// Moves the typing point one character left.
    pub fn left(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// Moves the typing point one character right.
    pub fn right(&mut self) {
        self.cursor = (self.cursor + 1).min(self.text.len());
    }

    /// Moves the typing point to the start.
    pub fn home(&mut self) {
        self.cursor = 0;
    }

    /// Moves the typing point to the end.
    pub fn end(&mut self) {
        self.cursor = self.text.len();
    }

    /// Takes the text away, keeping it in the history when not empty.
    pub fn take(&mut self) -> String {
        let text = self.text();
        self.text.clear();
        self.cursor = 0;
        self.recalled = None;
        if !text.trim().is_empty() && self.history.last() != Some(&text) {
            self.history.push(text.clone());
        }
        text
    }

    /// Brings back the line before the one shown; false when there is none.
    pub fn earlier(&mut self) -> bool {
        let next = self.recalled.map_or(0, |r| r + 1);
        if next >= self.history.len() {
            return false;
        }
        self.recalled = Some(next);
        let line = self.history[self.history.len() - 1 - next].clone();
        self.set(&line);
        true
    }

    /// Goes forward again towards an empty line; false when already there.
    pub fn later(&mut self) -> bool {
        match self.recalled {
            None => false,
            Some(0) => {
                self.recalled = None;
                self.set("");
                true
            }
            Some(r) => {
                self.recalled = Some(r - 1);
                let line = self.history[self.history.len() - r].clone();
                self.set(&line);
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn editing_and_history() {
        let mut line = InputLine::default();
        for c in "e4".chars() {
            line.insert(c);
        }
        line.home();
        line.insert('x');
        assert_eq!((line.text().as_str(), line.cursor()), ("xe4", 1));
        line.backspace();
        line.end();
        line.left();
        line.delete();
        assert_eq!(line.text(), "e");
        line.set("e4");
        assert_eq!(line.take(), "e4");
        line.set("Nf3");
        line.take();
        assert!(line.earlier());
        assert_eq!(line.text(), "Nf3");
        assert!(line.earlier());
        assert_eq!(line.text(), "e4");
        assert!(!line.earlier());
        assert!(line.later());
        assert_eq!(line.text(), "Nf3");
        assert!(line.later());
        assert!(line.is_empty());
        assert!(!line.later());
    }

    #[test]
    fn a_full_line_refuses_characters_and_says_so_once() {
        let mut line = InputLine::default();
        for _ in 0..MAX_LINE_CHARS {
            assert_eq!(line.insert('a'), Typed::Typed);
        }
        assert_eq!(line.insert('b'), Typed::Full { first: true });
        assert_eq!(line.insert('c'), Typed::Full { first: false });
        assert_eq!(line.text(), "a".repeat(MAX_LINE_CHARS));
        line.backspace();
        assert_eq!(line.insert('d'), Typed::Typed);
        assert_eq!(line.insert('e'), Typed::Full { first: true });
        line.take();
        assert_eq!(line.insert('f'), Typed::Typed);
    }

    #[test]
    fn clearing_forgets_the_text_but_not_the_history() {
        let mut line = InputLine::default();
        line.set("e4");
        line.take();
        line.set("correct Nf");
        line.clear();
        assert!(line.is_empty());
        assert_eq!(line.cursor(), 0);
        assert!(line.earlier());
        assert_eq!(line.text(), "e4", "the cleared text is not in the history");
        line.clear();
        assert!(line.earlier(), "Up starts again from the newest line");
        assert_eq!(line.text(), "e4");
    }
}
