//! Why a journal is not replayed, in the words of the game's pack: a
//! journal copied, edited or damaged by hand is named with its line and
//! what is wrong there, never with the JSON reader's English.

use std::fmt;

use crate::notation::pack::{LineSentence, Sentences};

/// What is wrong with one line of a journal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// The line is not UTF-8 text.
    NotText,
    /// The line is text but not a line the program writes (not JSON, or
    /// JSON of another shape).
    NotEntry,
    /// The file has no header line.
    NoHeader,
    /// The header names a journal version this program does not know.
    Version(u32),
    /// A command adds or takes away more time at once than a day.
    TimeAdded(i64),
    /// A command sets a clock beyond a hundred hours.
    ClockSet(u64),
}

impl fmt::Display for Unreadable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unreadable::NotText => write!(f, "not text"),
            Unreadable::NotEntry => write!(f, "not a line of a game's journal"),
            Unreadable::NoHeader => write!(f, "no header"),
            Unreadable::Version(v) => write!(f, "journal version {v} is not known"),
            Unreadable::TimeAdded(s) => {
                write!(f, "{s} seconds added at once, more than a day")
            }
            Unreadable::ClockSet(s) => {
                write!(f, "a clock set to {s} seconds, more than a hundred hours")
            }
        }
    }
}

impl Unreadable {
    /// What is wrong, in the words of `line`, a pack's `[line]` sentences.
    pub fn say(&self, line: &Sentences<LineSentence>) -> String {
        match self {
            Unreadable::NotText => line.say(LineSentence::JournalWhyNotText, &[]),
            Unreadable::NotEntry => line.say(LineSentence::JournalWhyNotEntry, &[]),
            Unreadable::NoHeader => line.say(LineSentence::JournalWhyNoHeader, &[]),
            Unreadable::Version(v) => line.say(
                LineSentence::JournalWhyVersion,
                &[("version", &v.to_string())],
            ),
            Unreadable::TimeAdded(s) => line.say(
                LineSentence::JournalWhyTimeAdded,
                &[("seconds", &s.to_string())],
            ),
            Unreadable::ClockSet(s) => line.say(
                LineSentence::JournalWhyClockSet,
                &[("seconds", &s.to_string())],
            ),
        }
    }
}
