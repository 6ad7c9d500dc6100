//! What each choice of the setup form means, said with its value when the
//! field gets the focus and when the value changes: short sentences naming
//! who types what and the article behind it.

use crate::clock::TimeControl;
use crate::clock::words::ClockWords;
use crate::game::{EventRules, Repetition, Role};

use super::{Field, SetupForm};

impl SetupForm {
    /// The meaning of the field's value, if it has one worth saying.
    pub(super) fn explain(&self, field: Field) -> Option<String> {
        let text = match field {
            Field::Assistant => {
                if self.assistant {
                    "An assistant relays the moves and keeps the score for the visually impaired player (D.2.10)."
                } else {
                    "No assistant at the table."
                }
            }
            Field::Role => role(self.role),
            Field::Time => return self.time_in_words(),
            Field::Repetition => match self.repetition {
                Repetition::Strict => {
                    "Strict repetition: the opponent repeats each announced move, and the \
                     repetition is typed as a move that must be the same (D.2.1)."
                }
                Repetition::Quick => {
                    "Quick: one key confirms that the opponent repeated the move, instead of typing it."
                }
                Repetition::Off => {
                    "Off: no repetition is recorded; the opponent's board follows the clock press."
                }
            },
            Field::Press => match self.press {
                crate::game::Press::Separate => {
                    "Separate press: the clock is pressed with a key of its own after the \
                     announcement, so that a slip of the tongue can be corrected first (D.2.8)."
                }
                crate::game::Press::Auto => {
                    "Automatic press: the clock is pressed as soon as the move is announced."
                }
            },
            Field::Rules => match self.rules {
                EventRules::Competition => {
                    "Rapid and blitz under the Competition Rules: an arbiter for at most three \
                     games, and the Laws as in standard play."
                }
                EventRules::A5 => {
                    "Rapid and blitz without that supervision: the clock setting \
                     stays after ten moves each, an illegal move stands once the opponent has \
                     moved, and a win on time is claimed."
                }
            },
            Field::QuickplayFinish => {
                if self.quickplay_finish {
                    "The event announces Guidelines III for games without an increment: near \
                     the end a player may ask for an increment (III.4) or claim a draw (III.5)."
                } else {
                    "Guidelines III are not announced."
                }
            }
            Field::Chess960 => {
                if self.chess960 {
                    "Chess960 (Guidelines II): the start position is given as FEN, and castling \
                     follows II.3."
                } else {
                    "The usual rules of castling."
                }
            }
            _ => return None,
        };
        Some(text.to_string())
    }

    /// The time control in words, as the clock will name it (D.2.6.1);
    /// `None` when it cannot be read.
    fn time_in_words(&self) -> Option<String> {
        let control = TimeControl::named_or_parsed(self.time.text()).ok()?;
        let words = ClockWords::builtin("en").control(&control);
        let mut chars = words.chars();
        let first = chars.next()?.to_uppercase();
        Some(format!("{first}{}.", chars.as_str()))
    }
}

/// Who types what in each role (D.2.7, D.2.10, D.2.9).
fn role(role: Role) -> &'static str {
    match role {
        Role::Player => {
            "You are the visually impaired player: you type your own move, then your \
             opponent's move as you heard it, one text and Enter each (D.2.1, D.2.7)."
        }
        Role::Assistant => {
            "You are the assistant: you type both players' moves as they are announced, \
             and the time is said only when asked (D.2.10)."
        }
        Role::Arbiter => {
            "You are the arbiter: every step is typed, the move, the clock press and the \
             repetition, and both boards and both scores are kept (D.2.9)."
        }
    }
}
