//! The full screen's keys as the command table and the screen name them,
//! and their names in the pack's words.

use super::Sentences;
use super::sections::ScreenSentence;

/// A key of the full screen, as the table names it.
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
    /// Arrow up with Ctrl.
    CtrlUp,
    /// Arrow down with Ctrl.
    CtrlDown,
    /// Arrow left with Ctrl.
    CtrlLeft,
    /// Arrow right with Ctrl.
    CtrlRight,
}

impl Key {
    /// The key's name on screen and in speech, in the pack's words.
    pub fn name(self, words: &Sentences<ScreenSentence>) -> String {
        let named = |key| words.say(key, &[]);
        let ctrl = |letter: &str| words.say(ScreenSentence::KeyCtrl, &[("letter", letter)]);
        match self {
            Key::F(n) => format!("F{n}"),
            Key::Ctrl(c) => ctrl(&c.to_ascii_uppercase().to_string()),
            Key::SpaceOnEmptyLine => named(ScreenSentence::KeySpace),
            Key::Enter => named(ScreenSentence::KeyEnter),
            Key::Up => named(ScreenSentence::KeyUp),
            Key::Down => named(ScreenSentence::KeyDown),
            Key::Escape => named(ScreenSentence::KeyEscape),
            Key::PageUp => named(ScreenSentence::KeyPageUp),
            Key::PageDown => named(ScreenSentence::KeyPageDown),
            Key::HomeOnEmptyLine => named(ScreenSentence::KeyHomeOnEmptyLine),
            Key::EndOnEmptyLine => named(ScreenSentence::KeyEndOnEmptyLine),
            Key::CtrlHome => ctrl(&named(ScreenSentence::KeyHome)),
            Key::CtrlEnd => ctrl(&named(ScreenSentence::KeyEnd)),
            Key::CtrlUp => ctrl(&named(ScreenSentence::KeyUp)),
            Key::CtrlDown => ctrl(&named(ScreenSentence::KeyDown)),
            Key::CtrlLeft => ctrl(&named(ScreenSentence::KeyLeft)),
            Key::CtrlRight => ctrl(&named(ScreenSentence::KeyRight)),
        }
    }

    /// Keys joined for reading: "F2 or Ctrl-T".
    pub fn names(keys: &[Key], words: &Sentences<ScreenSentence>) -> String {
        let mut names = keys.iter().map(|k| k.name(words));
        let first = names.next().unwrap_or_default();
        names.fold(first, |all, next| {
            words.say(
                ScreenSentence::KeysOr,
                &[("first", &all), ("second", &next)],
            )
        })
    }
}
