//! A line of text being typed, with its typing point.

/// Text and the typing point, counted in characters so that names such as
/// "Weiß" or "Müller" edit as they read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct TextInput {
    text: String,
    /// Characters before the typing point.
    caret: usize,
}

impl TextInput {
    /// The text with the typing point at its end.
    pub(super) fn new(text: &str) -> TextInput {
        TextInput {
            text: text.to_string(),
            caret: text.chars().count(),
        }
    }

    /// The whole text.
    pub(super) fn text(&self) -> &str {
        &self.text
    }

    /// The text before the typing point (for placing the cursor).
    pub(super) fn before_caret(&self) -> &str {
        &self.text[..self.byte_at(self.caret)]
    }

    /// Replaces the text; the typing point goes to its end.
    pub(super) fn set(&mut self, text: &str) {
        *self = TextInput::new(text);
    }

    /// Types one character at the typing point.
    pub(super) fn insert(&mut self, c: char) {
        let at = self.byte_at(self.caret);
        self.text.insert(at, c);
        self.caret += 1;
    }

    /// Deletes the character before the typing point.
    pub(super) fn backspace(&mut self) {
        if self.caret > 0 {
            self.caret -= 1;
            let at = self.byte_at(self.caret);
            self.text.remove(at);
        }
    }

    /// Deletes the character after the typing point.
    pub(super) fn delete(&mut self) {
        if self.caret < self.text.chars().count() {
            let at = self.byte_at(self.caret);
            self.text.remove(at);
        }
    }

    /// Moves the typing point one character back.
    pub(super) fn left(&mut self) {
        self.caret = self.caret.saturating_sub(1);
    }

    /// Moves the typing point one character on.
    pub(super) fn right(&mut self) {
        self.caret = (self.caret + 1).min(self.text.chars().count());
    }

    /// Moves the typing point to the start.
    pub(super) fn home(&mut self) {
        self.caret = 0;
    }

    /// Moves the typing point to the end.
    pub(super) fn end(&mut self) {
        self.caret = self.text.chars().count();
    }

    fn byte_at(&self, chars: usize) -> usize {
        self.text
            .char_indices()
            .nth(chars)
            .map_or(self.text.len(), |(i, _)| i)
    }
}
