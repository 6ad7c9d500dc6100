//! Everything the program would say, for a player who reads it on the
//! braille display instead (the deafblind profile): kept in the order it
//! came, none dropped however fast it comes. An urgent message (a flag, a
//! time warning, an error) takes the line at once, the newest urgent first;
//! the others wait their turn. The pan keys read a long message window by
//! window and go on to the next one waiting, or back through those read.

use super::window::Panned;
use crate::record::braille::text::text_cells;

/// One message: its cells, whether it is urgent and has been read, and
/// how many moves the game had when it came.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Message {
    cells: Vec<char>,
    urgent: bool,
    read: bool,
    moves: usize,
}

/// The messages of one game, and which is on the display.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Messages {
    log: Vec<Message>,
    /// The message shown, by its place in the log.
    shown: Option<usize>,
    /// The window of the message shown on the display.
    panned: Panned,
}

/// A message's line: the window of it shown, and whether it is unread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageLine {
    /// The cells, as Unicode braille.
    pub text: String,
    /// Not yet read: underlined with dots 7 and 8.
    pub unread: bool,
}

impl Messages {
    /// Takes a message in the pack's words, said when the game had
    /// `moves` moves; `urgent` puts it on the display at once.
    pub fn push(&mut self, text: &str, urgent: bool, moves: usize) {
        self.log.push(Message {
            cells: text_cells(text).chars().collect(),
            urgent,
            read: false,
            moves,
        });
        let newest = self.log.len() - 1;
        let show = match self.shown {
            None => true,
            Some(i) => self.log[i].read || urgent,
        };
        if show {
            self.show(newest);
        }
    }

    /// How many messages wait unread, the one shown included.
    pub fn unread(&self) -> usize {
        self.log.iter().filter(|m| !m.read).count()
    }

    /// How many messages there are.
    pub fn len(&self) -> usize {
        self.log.len()
    }

    /// Whether no message came yet.
    pub fn is_empty(&self) -> bool {
        self.log.is_empty()
    }

    /// The moves the game had when the latest move the player has read
    /// came: its first message (the announcement) has been read.
    pub fn moves_read(&self) -> usize {
        let mut read = 0;
        let mut previous = None;
        for m in &self.log {
            if previous != Some(m.moves) && m.read {
                read = read.max(m.moves);
            }
            previous = Some(m.moves);
        }
        read
    }

    fn show(&mut self, i: usize) {
        self.shown = Some(i);
        self.panned = Panned::default();
    }

    /// The next message to read: the newest urgent one unread, else the
    /// oldest unread.
    fn next_unread(&self) -> Option<usize> {
        let unread = || self.log.iter().enumerate().filter(|(_, m)| !m.read);
        unread()
            .filter(|(_, m)| m.urgent)
            .map(|(i, _)| i)
            .next_back()
            .or_else(|| unread().map(|(i, _)| i).next())
    }

    fn mark_shown_read(&mut self) {
        if let Some(i) = self.shown {
            self.log[i].read = true;
        }
    }

    /// Pan right: the next window of a long message, else the message
    /// read and the next one waiting, else the next in the log.
    pub fn forward(&mut self, width: usize) {
        let Some(i) = self.shown else {
            return;
        };
        if self.panned.right(&self.log[i].cells, width) {
            return;
        }
        self.mark_shown_read();
        if let Some(next) = self.next_unread() {
            self.show(next);
        } else if i + 1 < self.log.len() {
            self.show(i + 1);
        }
    }

    /// Pan left: the window before in a long message, else the message
    /// before in the log, from its start.
    pub fn back(&mut self) {
        let Some(i) = self.shown else {
            return;
        };
        if self.panned.left() {
            return;
        }
        self.mark_shown_read();
        if i > 0 {
            self.show(i - 1);
        }
    }

    /// Home: the message shown is read; the next one waiting, else the
    /// newest.
    pub fn newest(&mut self) {
        self.mark_shown_read();
        match self.next_unread() {
            Some(next) => self.show(next),
            None if !self.log.is_empty() => self.show(self.log.len() - 1),
            None => {}
        }
    }

    /// The line to show, `width` cells; none before the first message.
    pub fn line(&self, width: usize) -> Option<MessageLine> {
        let m = &self.log[self.shown?];
        let text = m.cells[self.panned.range(&m.cells, width)].iter().collect();
        Some(MessageLine {
            text,
            unread: !m.read,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::window::windows;
    use super::*;

    #[test]
    fn messages_wait_their_turn_and_an_urgent_one_comes_first() {
        let mut m = Messages::default();
        m.push("Eva vier", false, 1);
        m.push("Eva fünf", false, 2);
        m.push("Noch eine Minute", true, 2);
        m.push("Springer Felix drei", false, 3);
        assert_eq!(m.line(40).unwrap().text, text_cells("Noch eine Minute"));
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, text_cells("Eva vier"));
        assert!(m.line(40).unwrap().unread);
        assert_eq!(m.unread(), 3);
        m.forward(40);
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, text_cells("Springer Felix drei"));
        m.forward(40);
        assert_eq!(m.unread(), 0, "none dropped, all read");
        assert_eq!(m.len(), 4);
        assert!(!m.line(40).unwrap().unread);
        // Back through the log, from the start of each.
        m.back();
        assert_eq!(m.line(40).unwrap().text, text_cells("Noch eine Minute"));
    }

    #[test]
    fn the_newest_urgent_message_comes_before_an_older_one() {
        let mut m = Messages::default();
        m.push("Noch fünf Minuten", true, 0);
        m.push("Fallblättchen Weiß", true, 0);
        assert_eq!(m.line(40).unwrap().text, text_cells("Fallblättchen Weiß"));
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, text_cells("Noch fünf Minuten"));
    }

    #[test]
    fn a_long_message_is_read_window_by_window() {
        let mut m = Messages::default();
        let long = "Schwarz bietet Remis an. Annehmen oder ablehnen, oder einfach weiterspielen.";
        m.push(long, false, 0);
        m.push("kurz", false, 0);
        let cells: Vec<char> = text_cells(long).chars().collect();
        assert!(cells.len() > 40);
        let shown = windows(&cells, 40);
        assert!(shown.len() > 1);
        let window = |n: usize| cells[shown[n].clone()].iter().collect::<String>();
        assert_eq!(m.line(40).unwrap().text, window(0));
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, window(1));
        assert!(m.line(40).unwrap().unread, "not read until its end is");
        m.back();
        assert_eq!(m.line(40).unwrap().text, window(0));
        for _ in 0..shown.len() {
            m.forward(40);
        }
        assert_eq!(m.line(40).unwrap().text, text_cells("kurz"));
    }

    #[test]
    fn the_move_read_is_the_one_whose_first_message_was_read() {
        let mut m = Messages::default();
        m.push("Eva vier", false, 1);
        m.push("Uhr läuft", false, 1);
        m.push("Eva fünf", false, 2);
        assert_eq!(m.moves_read(), 0);
        m.forward(40);
        assert_eq!(m.moves_read(), 1);
        m.newest();
        m.newest();
        assert_eq!(m.moves_read(), 2);
    }
}
