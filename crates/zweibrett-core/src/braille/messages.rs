//! Everything the program would say, for a player who reads it on the
//! braille display instead (the deafblind profile): kept in the order it
//! came, none dropped however fast it comes. An urgent message (a flag, a
//! time warning, an error) takes the line at once, and urgent ones are read
//! in the order they happened; the answer to what the player typed comes
//! next, before what waits its turn. A step of the clock's count in its
//! last seconds is obsolete, unread, once the next comes. The pan keys read
//! a long message window by window and go on to the next one waiting, or
//! back through those read.

use super::window::Panned;

/// When a message is to be read on the display.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Urgency {
    /// In its turn, after the messages before it.
    #[default]
    InTurn,
    /// At once, after any urgent one: the answer to what the player just
    /// typed or asked ("not understood", an illegal move, a refusal).
    Answer,
    /// At once: a flag fall, a time warning, an error (D.2.6.1).
    Urgent,
    /// At once, and obsolete once the next one comes: a step of the
    /// clock's count in its last seconds.
    Count,
}

impl Urgency {
    /// Whether it must be heard or read at once, before an answer: a flag
    /// fall, a time warning, an error, the clock's last seconds.
    pub fn is_urgent(self) -> bool {
        matches!(self, Urgency::Urgent | Urgency::Count)
    }

    /// The order in which unread messages are read: urgent ones, then
    /// answers, then the rest.
    fn rank(self) -> u8 {
        match self {
            Urgency::Urgent | Urgency::Count => 0,
            Urgency::Answer => 1,
            Urgency::InTurn => 2,
        }
    }
}

/// One message: its cells, how soon it is to be read, whether it has been
/// read, and how many moves the game had when it came.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Message {
    cells: Vec<char>,
    urgency: Urgency,
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
    /// Everything read and the newest passed: the line shows the game
    /// (the last move, whose turn and which step) until a message comes or
    /// pan left goes back to the newest.
    past_end: bool,
}

/// A message's line: the window of it shown, and whether it is unread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MessageLine {
    /// The words, their letters left to the reader's text table.
    pub text: String,
    /// Not yet read: underlined with dots 7 and 8.
    pub unread: bool,
}

impl Messages {
    /// Takes a message in the pack's words, said when the game had
    /// `moves` moves, to be read as `urgency` says: in its turn, or at
    /// once before what is shown unless that is at least as urgent.
    pub fn push(&mut self, text: &str, urgency: Urgency, moves: usize) {
        if urgency == Urgency::Count {
            // The count's earlier steps, unread, are obsolete.
            for m in &mut self.log {
                if m.urgency == Urgency::Count {
                    m.read = true;
                }
            }
        }
        self.log.push(Message {
            cells: super::window::word_cells(text).collect(),
            urgency,
            read: false,
            moves,
        });
        let newest = self.log.len() - 1;
        let show = match self.shown {
            None => true,
            Some(i) => self.log[i].read || urgency.rank() < self.log[i].urgency.rank(),
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
        self.past_end = false;
    }

    /// Whether everything has been read and the newest passed: the line
    /// shows the game.
    pub fn past_end(&self) -> bool {
        self.past_end
    }

    /// The next message to read: the oldest unread of the most urgent.
    fn next_unread(&self) -> Option<usize> {
        self.log
            .iter()
            .enumerate()
            .filter(|(_, m)| !m.read)
            .min_by_key(|(i, m)| (m.urgency.rank(), *i))
            .map(|(i, _)| i)
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
        } else {
            self.past_end = true;
        }
    }

    /// Pan left: the window before in a long message, else the message
    /// before in the log, from its start.
    pub fn back(&mut self) {
        let Some(i) = self.shown else {
            return;
        };
        if self.past_end {
            // From the game back to the newest message, at its start.
            return self.show(i);
        }
        if self.panned.left() {
            return;
        }
        self.mark_shown_read();
        if i > 0 {
            self.show(i - 1);
        }
    }

    /// Home: on a long message not read to its end, its last window;
    /// else the message shown is read, and the next one waiting shows,
    /// else the game (the newest message passed).
    pub fn newest(&mut self, width: usize) {
        if let Some(i) = self.shown
            && !self.log[i].read
            && !self.panned.at_end(&self.log[i].cells, width)
        {
            self.panned.to_end(&self.log[i].cells, width);
            return;
        }
        self.mark_shown_read();
        match self.next_unread() {
            Some(next) => self.show(next),
            None if !self.log.is_empty() => {
                self.show(self.log.len() - 1);
                self.past_end = true;
            }
            None => {}
        }
    }

    /// The line to show, `width` cells; none before the first message
    /// and once everything is read and the newest passed (the game shows).
    pub fn line(&self, width: usize) -> Option<MessageLine> {
        if self.past_end {
            return None;
        }
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
        m.push("Eva vier", Urgency::InTurn, 1);
        m.push("Eva fünf", Urgency::InTurn, 2);
        m.push("Noch eine Minute", Urgency::Urgent, 2);
        m.push("Springer Felix drei", Urgency::InTurn, 3);
        assert_eq!(m.line(40).unwrap().text, "Noch eine Minute");
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, "Eva vier");
        assert!(m.line(40).unwrap().unread);
        assert_eq!(m.unread(), 3);
        m.forward(40);
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, "Springer Felix drei");
        m.forward(40);
        assert_eq!(m.unread(), 0, "none dropped, all read");
        assert_eq!(m.len(), 4);
        // Past the newest the game shows; pan left goes back to it.
        assert!(m.past_end() && m.line(40).is_none());
        m.back();
        assert_eq!(m.line(40).unwrap().text, "Springer Felix drei");
        assert!(!m.line(40).unwrap().unread);
        // Back through the log, from the start of each.
        m.back();
        assert_eq!(m.line(40).unwrap().text, "Noch eine Minute");
        // A new message takes the line from the game.
        m.newest(40);
        assert!(m.past_end());
        m.push("Eva fünf", Urgency::InTurn, 4);
        assert_eq!(m.line(40).unwrap().text, "Eva fünf");
    }

    #[test]
    fn urgent_messages_are_read_in_the_order_they_happened() {
        let mut m = Messages::default();
        m.push("Eva vier", Urgency::InTurn, 1);
        m.push("Noch fünf Minuten", Urgency::Urgent, 1);
        m.push("Fallblättchen Weiß", Urgency::Urgent, 1);
        m.push("Schwarz gewinnt", Urgency::Urgent, 1);
        let mut read = Vec::new();
        for _ in 0..4 {
            read.push(m.line(40).unwrap().text);
            m.forward(40);
        }
        let expected: Vec<String> = [
            "Noch fünf Minuten",
            "Fallblättchen Weiß",
            "Schwarz gewinnt",
            "Eva vier",
        ]
        .map(String::from)
        .into();
        assert_eq!(read, expected);
    }

    #[test]
    fn the_answer_to_what_was_typed_comes_before_what_waits() {
        let mut m = Messages::default();
        m.push("Eva vier", Urgency::InTurn, 1);
        m.push("Uhr läuft", Urgency::InTurn, 1);
        m.push("Nicht verstanden: Qx9", Urgency::Answer, 1);
        assert_eq!(
            m.line(40).unwrap().text,
            "Nicht verstanden: Qx9",
            "the player who typed sees the answer at once"
        );
        // A flag still comes first; the answer waits, then the rest.
        m.push("Fallblättchen Weiß", Urgency::Urgent, 1);
        assert_eq!(m.line(40).unwrap().text, "Fallblättchen Weiß");
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, "Nicht verstanden: Qx9");
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, "Eva vier");
    }

    #[test]
    fn each_step_of_the_count_takes_the_line_and_makes_the_one_before_obsolete() {
        let mut m = Messages::default();
        m.push("Eva vier", Urgency::InTurn, 1);
        for step in ["Weiß: zehn Sekunden", "neun", "acht", "sieben"] {
            m.push(step, Urgency::Count, 1);
            assert_eq!(m.line(40).unwrap().text, step);
        }
        assert_eq!(m.unread(), 2, "only the newest step and the move wait");
        m.forward(40);
        assert_eq!(m.line(40).unwrap().text, "Eva vier");
        m.forward(40);
        assert_eq!(m.unread(), 0);
    }

    #[test]
    fn a_long_message_is_read_window_by_window() {
        let mut m = Messages::default();
        let long = "Schwarz bietet Remis an. Annehmen oder ablehnen, oder einfach weiterspielen.";
        m.push(long, Urgency::InTurn, 0);
        m.push("kurz", Urgency::InTurn, 0);
        let cells: Vec<char> = long.chars().collect();
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
        assert_eq!(m.line(40).unwrap().text, "kurz");
    }

    #[test]
    fn the_move_read_is_the_one_whose_first_message_was_read() {
        let mut m = Messages::default();
        m.push("Eva vier", Urgency::InTurn, 1);
        m.push("Uhr läuft", Urgency::InTurn, 1);
        m.push("Eva fünf", Urgency::InTurn, 2);
        assert_eq!(m.moves_read(), 0);
        m.forward(40);
        assert_eq!(m.moves_read(), 1);
        m.newest(40);
        m.newest(40);
        assert_eq!(m.moves_read(), 2);
    }

    #[test]
    fn home_shows_a_long_messages_tail_before_it_is_read() {
        let mut m = Messages::default();
        let long = "Das Fallblättchen von Schwarz ist gefallen: Weiß gewinnt, eins zu null.";
        m.push(long, Urgency::Urgent, 0);
        m.push("kurz", Urgency::InTurn, 0);
        let cells: Vec<char> = long.chars().collect();
        let shown = windows(&cells, 20);
        assert!(shown.len() > 2);
        m.newest(20);
        let tail: String = cells[shown[shown.len() - 1].clone()].iter().collect();
        assert_eq!(m.line(20).unwrap().text, tail);
        assert!(m.line(20).unwrap().unread);
        m.newest(20);
        assert_eq!(m.line(20).unwrap().text, "kurz");
        assert_eq!(m.unread(), 1);
    }
}
