//! The keys of the full screen, in one table: the key handling, the help
//! screen and the spoken help all read it, so they can never disagree.
//!
//! Ordinary characters always go to the input line; commands are on
//! function keys, each with a Ctrl alternative for keyboards and screen
//! readers that take the function keys for themselves. Names and
//! descriptions are the voice pack's `[screen]` sentences.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::notation::pack::{ScreenSentence, Sentences};

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Open the help screen.
    Help,
    /// Ask the time: both players, moves completed (D.2.6.1, D.2.10.4).
    Time,
    /// Say the last move again (D.2.10.2).
    Again,
    /// List the pieces of both sides on the user's board.
    Pieces,
    /// Read a square, rank or file: fills the input line with "square ".
    Square,
    /// Correct the last announcement (D.2.8): fills "correct ".
    Correct,
    /// Press the clock (D.2.4, 6.2.1).
    Press,
    /// Confirm the opponent's repetition of the move (D.2.1).
    Confirm,
    /// Offer a draw (9.1).
    Offer,
    /// Claim a draw (9.2, 9.3): fills "claim ".
    Claim,
    /// Resign for the user's side (5.1.2), after a confirmation.
    Resign,
    /// Pause or restart the clock (6.11).
    Pause,
    /// Write the PGN beside the journal.
    Save,
    /// Leave; the game can be resumed. Asks first.
    Quit,
    /// Carry out the input line.
    Submit,
    /// The previous line typed.
    Earlier,
    /// The next line typed.
    Later,
    /// Clear the input line, saying so.
    Clear,
    /// Read back what is typed on the input line.
    ReadLine,
    /// Listen for a move said aloud, or stop (push to talk).
    Listen,
    /// Move the log's focus a page towards its oldest line.
    LogPageUp,
    /// Move the log's focus a page towards its newest line.
    LogPageDown,
    /// Move the log's focus to its oldest line.
    LogOldest,
    /// Follow the newest line of the log again.
    LogNewest,
}

/// A key, as the table names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    /// A function key, F1 to F12.
    F(u8),
    /// A letter with Ctrl.
    Ctrl(char),
    /// Space, but only while the input line is empty.
    SpaceOnEmptyLine,
    /// Enter.
    Enter,
    /// Arrow up.
    Up,
    /// Arrow down.
    Down,
    /// Escape.
    Escape,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
    /// Home, but only while the input line is empty (else it moves the
    /// typing point).
    HomeOnEmptyLine,
    /// End, but only while the input line is empty.
    EndOnEmptyLine,
    /// Home with Ctrl, whatever the input line holds.
    CtrlHome,
    /// End with Ctrl, whatever the input line holds.
    CtrlEnd,
}

impl Key {
    /// The key's name on screen and in speech, in the pack's words.
    pub fn name(self, words: &Sentences<ScreenSentence>) -> String {
        let named = |key| words.say(key, &[]);
        match self {
            Key::F(n) => format!("F{n}"),
            Key::Ctrl(c) => {
                let letter = c.to_ascii_uppercase().to_string();
                words.say(ScreenSentence::KeyCtrl, &[("letter", &letter)])
            }
            Key::SpaceOnEmptyLine => named(ScreenSentence::KeySpace),
            Key::Enter => named(ScreenSentence::KeyEnter),
            Key::Up => named(ScreenSentence::KeyUp),
            Key::Down => named(ScreenSentence::KeyDown),
            Key::Escape => named(ScreenSentence::KeyEscape),
            Key::PageUp => named(ScreenSentence::KeyPageUp),
            Key::PageDown => named(ScreenSentence::KeyPageDown),
            Key::HomeOnEmptyLine => named(ScreenSentence::KeyHomeOnEmptyLine),
            Key::EndOnEmptyLine => named(ScreenSentence::KeyEndOnEmptyLine),
            Key::CtrlHome => {
                let home = named(ScreenSentence::KeyHome);
                words.say(ScreenSentence::KeyCtrl, &[("letter", &home)])
            }
            Key::CtrlEnd => {
                let end = named(ScreenSentence::KeyEnd);
                words.say(ScreenSentence::KeyCtrl, &[("letter", &end)])
            }
        }
    }

    fn matches(self, key: &KeyEvent, line_empty: bool) -> bool {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match (self, key.code) {
            (Key::F(n), KeyCode::F(m)) => n == m,
            (Key::Ctrl(c), KeyCode::Char(k)) => ctrl && k.eq_ignore_ascii_case(&c),
            (Key::SpaceOnEmptyLine, KeyCode::Char(' ')) => !ctrl && line_empty,
            (Key::Enter, KeyCode::Enter) => true,
            (Key::Up, KeyCode::Up) => true,
            (Key::Down, KeyCode::Down) => true,
            (Key::Escape, KeyCode::Esc) => true,
            (Key::PageUp, KeyCode::PageUp) => true,
            (Key::PageDown, KeyCode::PageDown) => true,
            (Key::HomeOnEmptyLine, KeyCode::Home) => !ctrl && line_empty,
            (Key::EndOnEmptyLine, KeyCode::End) => !ctrl && line_empty,
            (Key::CtrlHome, KeyCode::Home) => ctrl,
            (Key::CtrlEnd, KeyCode::End) => ctrl,
            _ => false,
        }
    }
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// What it does.
    pub action: Action,
    /// The keys that do it.
    pub keys: &'static [Key],
    /// What it does: the pack's sentence.
    pub does: ScreenSentence,
}

/// Every command key of the game screen.
pub const KEYS: &[Binding] = &[
    Binding {
        action: Action::Help,
        keys: &[Key::F(1)],
        does: ScreenSentence::DoesHelp,
    },
    Binding {
        action: Action::Time,
        keys: &[Key::F(2), Key::Ctrl('t')],
        does: ScreenSentence::DoesTime,
    },
    Binding {
        action: Action::Again,
        keys: &[Key::F(3), Key::Ctrl('r')],
        does: ScreenSentence::DoesAgain,
    },
    Binding {
        action: Action::Pieces,
        keys: &[Key::F(4), Key::Ctrl('l')],
        does: ScreenSentence::DoesPieces,
    },
    Binding {
        action: Action::Square,
        keys: &[Key::F(5), Key::Ctrl('k')],
        does: ScreenSentence::DoesSquare,
    },
    Binding {
        action: Action::Correct,
        keys: &[Key::F(6), Key::Ctrl('e')],
        does: ScreenSentence::DoesCorrect,
    },
    Binding {
        action: Action::Press,
        keys: &[Key::F(7), Key::SpaceOnEmptyLine],
        does: ScreenSentence::DoesPress,
    },
    Binding {
        action: Action::Confirm,
        keys: &[Key::F(8), Key::Ctrl('y')],
        does: ScreenSentence::DoesConfirm,
    },
    Binding {
        action: Action::Offer,
        keys: &[Key::F(9), Key::Ctrl('o')],
        does: ScreenSentence::DoesOffer,
    },
    Binding {
        action: Action::Claim,
        keys: &[Key::F(10), Key::Ctrl('g')],
        does: ScreenSentence::DoesClaim,
    },
    Binding {
        action: Action::Resign,
        keys: &[Key::Ctrl('x')],
        does: ScreenSentence::DoesResign,
    },
    Binding {
        action: Action::Pause,
        keys: &[Key::Ctrl('p')],
        does: ScreenSentence::DoesPause,
    },
    Binding {
        action: Action::Save,
        keys: &[Key::Ctrl('s')],
        does: ScreenSentence::DoesSave,
    },
    Binding {
        action: Action::Quit,
        keys: &[Key::Ctrl('q')],
        does: ScreenSentence::DoesQuit,
    },
    Binding {
        action: Action::Submit,
        keys: &[Key::Enter],
        does: ScreenSentence::DoesSubmit,
    },
    Binding {
        action: Action::Earlier,
        keys: &[Key::Up],
        does: ScreenSentence::DoesEarlier,
    },
    Binding {
        action: Action::Later,
        keys: &[Key::Down],
        does: ScreenSentence::DoesLater,
    },
    Binding {
        action: Action::LogPageUp,
        keys: &[Key::PageUp],
        does: ScreenSentence::DoesLogPageUp,
    },
    Binding {
        action: Action::LogPageDown,
        keys: &[Key::PageDown],
        does: ScreenSentence::DoesLogPageDown,
    },
    Binding {
        action: Action::LogOldest,
        keys: &[Key::HomeOnEmptyLine, Key::CtrlHome],
        does: ScreenSentence::DoesLogOldest,
    },
    Binding {
        action: Action::LogNewest,
        keys: &[Key::EndOnEmptyLine, Key::CtrlEnd],
        does: ScreenSentence::DoesLogNewest,
    },
    Binding {
        action: Action::Clear,
        keys: &[Key::Escape, Key::Ctrl('u')],
        does: ScreenSentence::DoesClear,
    },
    Binding {
        action: Action::ReadLine,
        keys: &[Key::F(12), Key::Ctrl('d')],
        does: ScreenSentence::DoesReadLine,
    },
    Binding {
        action: Action::Listen,
        keys: &[Key::F(11), Key::Ctrl('n')],
        does: ScreenSentence::DoesListen,
    },
];

/// The action of `key`, if the table has one; `line_empty` says whether
/// Space presses the clock or is typed.
pub fn action_for(key: &KeyEvent, line_empty: bool) -> Option<Action> {
    KEYS.iter()
        .find(|b| b.keys.iter().any(|k| k.matches(key, line_empty)))
        .map(|b| b.action)
}

/// The keys of a row joined for reading: "F2 or Ctrl-T".
pub fn key_names(binding: &Binding, words: &Sentences<ScreenSentence>) -> String {
    let mut names = binding.keys.iter().map(|k| k.name(words));
    let first = names.next().unwrap_or_default();
    names.fold(first, |all, next| {
        words.say(
            ScreenSentence::KeysOr,
            &[("first", &all), ("second", &next)],
        )
    })
}

/// The whole table as one text to speak, in the pack's words.
pub fn spoken_help(words: &Sentences<ScreenSentence>) -> String {
    let rows: Vec<String> = KEYS
        .iter()
        .map(|b| format!("{}: {}.", key_names(b, words), words.say(b.does, &[])))
        .collect();
    let count = KEYS.len().to_string();
    format!(
        "{} {} {}",
        words.say_count(
            ScreenSentence::HelpCount,
            KEYS.len() as u64,
            &[("count", &count)]
        ),
        rows.join(" "),
        words.say(ScreenSentence::HelpTyping, &[])
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    #[test]
    fn function_keys_and_ctrl_alternatives_do_the_same() {
        let f2 = key(KeyCode::F(2), KeyModifiers::NONE);
        let ctrl_t = key(KeyCode::Char('t'), KeyModifiers::CONTROL);
        assert_eq!(action_for(&f2, false), Some(Action::Time));
        assert_eq!(action_for(&ctrl_t, true), Some(Action::Time));
        let t = key(KeyCode::Char('t'), KeyModifiers::NONE);
        assert_eq!(action_for(&t, true), None, "letters are typed");
    }

    #[test]
    fn escape_and_ctrl_u_clear_f12_and_ctrl_d_read_back() {
        let esc = key(KeyCode::Esc, KeyModifiers::NONE);
        let ctrl_u = key(KeyCode::Char('u'), KeyModifiers::CONTROL);
        assert_eq!(action_for(&esc, false), Some(Action::Clear));
        assert_eq!(action_for(&ctrl_u, false), Some(Action::Clear));
        let f12 = key(KeyCode::F(12), KeyModifiers::NONE);
        let ctrl_d = key(KeyCode::Char('d'), KeyModifiers::CONTROL);
        assert_eq!(action_for(&f12, true), Some(Action::ReadLine));
        assert_eq!(action_for(&ctrl_d, false), Some(Action::ReadLine));
    }

    #[test]
    fn home_and_end_move_in_the_log_on_an_empty_line_or_with_ctrl() {
        let home = key(KeyCode::Home, KeyModifiers::NONE);
        let end = key(KeyCode::End, KeyModifiers::NONE);
        assert_eq!(action_for(&home, true), Some(Action::LogOldest));
        assert_eq!(action_for(&end, true), Some(Action::LogNewest));
        assert_eq!(action_for(&home, false), None, "the typing point moves");
        assert_eq!(action_for(&end, false), None);
        let ctrl_home = key(KeyCode::Home, KeyModifiers::CONTROL);
        let ctrl_end = key(KeyCode::End, KeyModifiers::CONTROL);
        assert_eq!(action_for(&ctrl_home, false), Some(Action::LogOldest));
        assert_eq!(action_for(&ctrl_end, false), Some(Action::LogNewest));
        let page_up = key(KeyCode::PageUp, KeyModifiers::NONE);
        assert_eq!(action_for(&page_up, false), Some(Action::LogPageUp));
        let help = spoken_help(crate::notation::pack::english().screen_sentences());
        assert!(
            help.contains("Home on an empty line or Ctrl-Home: the log: its oldest line"),
            "{help}"
        );
    }

    #[test]
    fn space_presses_only_on_an_empty_line() {
        let space = key(KeyCode::Char(' '), KeyModifiers::NONE);
        assert_eq!(action_for(&space, true), Some(Action::Press));
        assert_eq!(action_for(&space, false), None);
    }

    #[test]
    fn every_action_has_one_row_and_the_help_reads_them_all() {
        for (i, b) in KEYS.iter().enumerate() {
            assert!(KEYS[i + 1..].iter().all(|o| o.action != b.action));
        }
        let help = spoken_help(crate::notation::pack::english().screen_sentences());
        assert!(help.starts_with("Help. 24 keys."), "{help}");
        assert!(
            help.contains("F11 or Ctrl-N: listen for a move said aloud"),
            "{help}"
        );
        assert!(
            help.contains("Escape or Ctrl-U: clear the input line"),
            "{help}"
        );
        assert!(help.contains("F12 or Ctrl-D: read back"), "{help}");
        assert!(help.contains("F2 or Ctrl-T: the time"), "{help}");
        assert!(help.contains("Ctrl-Q: leave"), "{help}");
    }
}
