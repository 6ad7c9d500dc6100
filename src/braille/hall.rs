//! The braille display in the hall: every line the hall says, kept in
//! order and none dropped, a call for the arbiter or a flag read first,
//! the answer to what was typed next; pan right reads on, pan left reads
//! back, Home goes to what waits unread. A line not yet read is
//! underlined with dots 7 and 8.

use super::BrailleSettings;
use super::kept::BrailleInput;
use crate::notation::VoicePack;
use zweibrett_core::braille::{DisplayKey, Messages, Urgency, Window, Words};

/// Dots 7 and 8 on a cell.
const UNDERLINE: u8 = 0b1100_0000;

/// What a braille display shows of the hall.
pub struct BrailleHall {
    messages: Messages,
    words: Words,
    /// Why words are not contracted as asked, said with the display.
    uncontracted: Option<String>,
}

impl BrailleHall {
    /// What a display shows, when `settings` want one, its words in
    /// `pack`'s language.
    pub fn new(settings: BrailleSettings, pack: &VoicePack) -> Option<BrailleHall> {
        settings.wants_display().then(|| {
            let (words, uncontracted) =
                super::words(settings, &pack.language, pack.line_sentences());
            BrailleHall {
                messages: Messages::default(),
                words,
                uncontracted,
            }
        })
    }

    /// A line the hall said, to be read as `urgency` says.
    pub fn said(&mut self, text: &str, urgency: Urgency) {
        let cells = self.words.cells(text).into_owned();
        self.messages.push(&cells, urgency, 0);
    }

    /// The keys pressed carried out; in `pack`'s words, that the display
    /// was taken or could not be, was lost or is back.
    pub fn input(&mut self, input: BrailleInput, pack: &VoicePack) -> Option<String> {
        let said = input
            .change
            .said_with(pack.line_sentences(), &mut self.uncontracted);
        for key in input.keys {
            match key {
                DisplayKey::PanLeft | DisplayKey::LineUp => self.messages.back(),
                DisplayKey::PanRight | DisplayKey::LineDown => self.messages.forward(input.cells),
                DisplayKey::Home | DisplayKey::Route(_) | DisplayKey::Bottom => {
                    self.messages.newest(input.cells);
                }
                _ => {}
            }
        }
        said
    }

    /// The line shown, `cells` wide.
    pub fn line(&self, cells: usize) -> Window {
        let Some(line) = self.messages.line(cells) else {
            return Window {
                text: " ".repeat(cells),
                marks: vec![0; cells],
                cursor: None,
            };
        };
        let used = line.text.chars().count().min(cells);
        let text: String = line
            .text
            .chars()
            .chain(std::iter::repeat(' '))
            .take(cells)
            .collect();
        let mark = if line.unread { UNDERLINE } else { 0 };
        let marks = (0..cells)
            .map(|i| if i < used { mark } else { 0 })
            .collect();
        Window {
            text,
            marks,
            cursor: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_for_the_arbiter_is_read_before_the_moves_that_came_first() {
        let mut hall = BrailleHall {
            messages: Messages::default(),
            words: Words::default(),
            uncontracted: None,
        };
        hall.said("board 2: 12. Nf3", Urgency::InTurn);
        hall.said("board 5: the boards diverge", Urgency::Urgent);
        let line = hall.line(20);
        assert_eq!(line.read(), "board 5: the boards");
        assert_eq!(line.marks[0], UNDERLINE, "unread");
        assert_eq!(line.text.chars().count(), 20);
    }
}
