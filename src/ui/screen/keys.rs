//! The keys of the full screen, in one table: the key handling, the help
//! screen and the spoken help all read it, so they can never disagree.
//!
//! Ordinary characters always go to the input line; commands are on
//! function keys, each with a Ctrl alternative for keyboards and screen
//! readers that take the function keys for themselves.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

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
}

impl Key {
    /// The key's name on screen and in speech.
    pub fn name(self) -> String {
        match self {
            Key::F(n) => format!("F{n}"),
            Key::Ctrl(c) => format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::SpaceOnEmptyLine => "Space on an empty line".to_string(),
            Key::Enter => "Enter".to_string(),
            Key::Up => "Up".to_string(),
            Key::Down => "Down".to_string(),
            Key::Escape => "Escape".to_string(),
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
    /// What it does, in words.
    pub does: &'static str,
}

/// Every command key of the game screen.
pub const KEYS: &[Binding] = &[
    Binding {
        action: Action::Help,
        keys: &[Key::F(1)],
        does: "help: this list; in help, F1 or s reads it all, Escape closes it",
    },
    Binding {
        action: Action::Time,
        keys: &[Key::F(2), Key::Ctrl('t')],
        does: "the time of both players and the moves completed",
    },
    Binding {
        action: Action::Again,
        keys: &[Key::F(3), Key::Ctrl('r')],
        does: "repeat the last move",
    },
    Binding {
        action: Action::Pieces,
        keys: &[Key::F(4), Key::Ctrl('l')],
        does: "list the pieces of both sides",
    },
    Binding {
        action: Action::Square,
        keys: &[Key::F(5), Key::Ctrl('k')],
        does: "read a square, rank or file: type it, then Enter",
    },
    Binding {
        action: Action::Correct,
        keys: &[Key::F(6), Key::Ctrl('e')],
        does: "correct the last announcement: type the move, then Enter",
    },
    Binding {
        action: Action::Press,
        keys: &[Key::F(7), Key::SpaceOnEmptyLine],
        does: "press the clock",
    },
    Binding {
        action: Action::Confirm,
        keys: &[Key::F(8), Key::Ctrl('y')],
        does: "confirm the repetition of the move",
    },
    Binding {
        action: Action::Offer,
        keys: &[Key::F(9), Key::Ctrl('o')],
        does: "offer a draw",
    },
    Binding {
        action: Action::Claim,
        keys: &[Key::F(10), Key::Ctrl('g')],
        does: "claim a draw: type threefold or fifty, then Enter",
    },
    Binding {
        action: Action::Resign,
        keys: &[Key::Ctrl('x')],
        does: "resign, after a confirmation",
    },
    Binding {
        action: Action::Pause,
        keys: &[Key::Ctrl('p')],
        does: "pause or restart the clock",
    },
    Binding {
        action: Action::Save,
        keys: &[Key::Ctrl('s')],
        does: "save the game as PGN",
    },
    Binding {
        action: Action::Quit,
        keys: &[Key::Ctrl('q')],
        does: "leave the game, after a confirmation; it can be resumed",
    },
    Binding {
        action: Action::Submit,
        keys: &[Key::Enter],
        does: "carry out the line: a move in any notation, or any command word",
    },
    Binding {
        action: Action::Earlier,
        keys: &[Key::Up],
        does: "the previous line typed",
    },
    Binding {
        action: Action::Later,
        keys: &[Key::Down],
        does: "the next line typed",
    },
    Binding {
        action: Action::Clear,
        keys: &[Key::Escape, Key::Ctrl('u')],
        does: "clear the input line, also after F5, F6 or F10 put a word on it",
    },
    Binding {
        action: Action::ReadLine,
        keys: &[Key::F(12), Key::Ctrl('d')],
        does: "read back what is typed on the input line",
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
pub fn key_names(binding: &Binding) -> String {
    let names: Vec<String> = binding.keys.iter().map(|k| k.name()).collect();
    names.join(" or ")
}

/// The whole table as one text to speak.
pub fn spoken_help() -> String {
    let rows: Vec<String> = KEYS
        .iter()
        .map(|b| format!("{}: {}.", key_names(b), b.does))
        .collect();
    format!(
        "Help. {} keys. {} Other characters are typed on the input line.",
        KEYS.len(),
        rows.join(" ")
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
        let help = spoken_help();
        assert!(help.starts_with("Help. 19 keys."), "{help}");
        assert!(
            help.contains("Escape or Ctrl-U: clear the input line"),
            "{help}"
        );
        assert!(help.contains("F12 or Ctrl-D: read back"), "{help}");
        assert!(help.contains("F2 or Ctrl-T: the time"), "{help}");
        assert!(help.contains("Ctrl-Q: leave"), "{help}");
    }
}
