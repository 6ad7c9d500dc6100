//! Why a typed line could not be read, in the pack's words: what a
//! command needed and did not get (the command table's [`Wanted`]).

use std::fmt;

use crate::notation::VoicePack;
use crate::notation::pack::{LineSentence, Wanted, english};

/// Why a typed line could not be read; nothing was done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// A command (its English word) typed without what it needs.
    Needs {
        /// The command's English word.
        command: &'static str,
        /// What it needs.
        what: Wanted,
    },
    /// A question about a square, file or rank that names none.
    NotASquare {
        /// The command's English word.
        command: &'static str,
        /// What was typed instead.
        text: String,
    },
    /// A value of the wrong kind after a command.
    NotA {
        /// The command's English word.
        command: &'static str,
        /// What was typed.
        text: String,
        /// What was wanted.
        what: Wanted,
    },
    /// A word that names no side.
    NotASide(String),
    /// `addtime` with more than a day (as typed), which no ruling adds
    /// or takes away at once.
    TimeAddedBeyond(String),
    /// `settime` with more than a clock may show (as typed).
    ClockSetBeyond(String),
}

impl LineError {
    /// The answer in `pack`'s words, each command named as the pack says it.
    pub fn say(&self, pack: &VoicePack) -> String {
        let line = pack.line_sentences();
        let w = |key: &'static str| pack.command_words().word(key).to_string();
        match self {
            LineError::Needs { command, what } => line.say(
                LineSentence::Needs,
                &[("command", &w(command)), ("what", &what.say(pack))],
            ),
            LineError::NotASquare { command, text } => line.say(
                LineSentence::NotASquare,
                &[("command", &w(command)), ("text", text)],
            ),
            LineError::NotA {
                command,
                text,
                what,
            } => line.say(
                LineSentence::NotA,
                &[
                    ("command", &w(command)),
                    ("text", text),
                    ("what", &what.say(pack)),
                ],
            ),
            LineError::NotASide(text) => line.say(LineSentence::NotASide, &[("text", text)]),
            LineError::TimeAddedBeyond(text) => {
                line.say(LineSentence::TimeAddedBeyond, &[("text", text)])
            }
            LineError::ClockSetBeyond(text) => {
                line.say(LineSentence::ClockSetBeyond, &[("text", text)])
            }
        }
    }
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.say(english()))
    }
}

impl std::error::Error for LineError {}
