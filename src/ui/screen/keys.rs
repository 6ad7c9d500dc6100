//! The keys of the full screen. The keys of the game's commands are the
//! command table's; those of the input line and the log are here. The key
//! handling, the help screen and the spoken help all read these two
//! tables, so they can never disagree.
//!
//! Ordinary characters always go to the input line; commands are on
//! function keys, each with a Ctrl alternative for keyboards and screen
//! readers that take the function keys for themselves. Names and
//! descriptions are the voice pack's `[screen]` and `[help]` sentences.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::game::Game;
use crate::notation::pack::{CommandEntry, GAME_COMMANDS, Key, ScreenSentence, Sentences};
use crate::typed::{commands_for, help_line, users_of};

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// A command of the game, as the command table describes it.
    Command(&'static CommandEntry),
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
    /// Move the log's focus a page towards its oldest line.
    LogPageUp,
    /// Move the log's focus a page towards its newest line.
    LogPageDown,
    /// Move the log's focus to its oldest line.
    LogOldest,
    /// Follow the newest line of the log again.
    LogNewest,
}

/// Whether `key` is the key the table names; `line_empty` says whether
/// the input line is empty, on which Space, Home and End mean a command.
fn matches(named: Key, key: &KeyEvent, line_empty: bool) -> bool {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match (named, key.code) {
        (Key::F(n), KeyCode::F(m)) => n == m,
        (Key::Ctrl(c), KeyCode::Char(k)) => ctrl && k.eq_ignore_ascii_case(&c),
        (Key::SpaceOnEmptyLine, KeyCode::Char(' ')) => !ctrl && line_empty,
        (Key::Enter, KeyCode::Enter) => true,
        (Key::Up, KeyCode::Up) => !ctrl,
        (Key::Down, KeyCode::Down) => !ctrl,
        (Key::Escape, KeyCode::Esc) => true,
        (Key::PageUp, KeyCode::PageUp) => true,
        (Key::PageDown, KeyCode::PageDown) => true,
        (Key::HomeOnEmptyLine, KeyCode::Home) => !ctrl && line_empty,
        (Key::EndOnEmptyLine, KeyCode::End) => !ctrl && line_empty,
        (Key::CtrlHome, KeyCode::Home) => ctrl,
        (Key::CtrlEnd, KeyCode::End) => ctrl,
        (Key::CtrlUp, KeyCode::Up) => ctrl,
        (Key::CtrlDown, KeyCode::Down) => ctrl,
        (Key::CtrlLeft, KeyCode::Left) => ctrl,
        (Key::CtrlRight, KeyCode::Right) => ctrl,
        _ => false,
    }
}

/// One key of the input line or the log.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    /// What it does.
    pub action: Action,
    /// The keys that do it.
    pub keys: &'static [Key],
    /// What it does: the pack's sentence.
    pub does: ScreenSentence,
}

/// The keys of the input line and the log.
pub const EDITING_KEYS: &[Binding] = &[
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
];

/// The action of `key`, if either table has one; `line_empty` says
/// whether Space presses the clock or is typed.
pub fn action_for(key: &KeyEvent, line_empty: bool) -> Option<Action> {
    let found = |keys: &[Key]| keys.iter().any(|k| matches(*k, key, line_empty));
    GAME_COMMANDS
        .iter()
        .find(|c| found(c.keys))
        .map(Action::Command)
        .or_else(|| {
            EDITING_KEYS
                .iter()
                .find(|b| found(b.keys))
                .map(|b| b.action)
        })
}

/// The keys of `game` for whoever is at its keyboard, each with what it
/// does, in the pack's words: first the commands that have a part in the
/// game, then the input line and the log.
pub fn key_rows(game: &Game) -> Vec<(String, String)> {
    let pack = game.pack();
    let words = pack.screen_sentences();
    let mut keyed: Vec<&CommandEntry> = commands_for(game, users_of(game.setup().role))
        .into_iter()
        .flatten()
        .filter(|c| !c.keys.is_empty())
        .collect();
    // The function keys in their order, then the others.
    keyed.sort_by_key(|c| match c.keys[0] {
        Key::F(n) => u16::from(n),
        _ => u16::MAX,
    });
    // Commands that share what they do (faster and slower) are one row
    // with their keys together, as the typed help lists them.
    let mut groups: Vec<Vec<&CommandEntry>> = Vec::new();
    for c in keyed {
        match groups.last_mut() {
            Some(group) if group[0].does == c.does => group.push(c),
            _ => groups.push(vec![c]),
        }
    }
    let commands = groups.into_iter().map(|group| {
        let keys: Vec<Key> = group.iter().flat_map(|c| c.keys.iter().copied()).collect();
        (Key::names(&keys, words), help_line(pack, &group))
    });
    let editing = EDITING_KEYS
        .iter()
        .map(|b| (Key::names(b.keys, words), words.say(b.does, &[])));
    commands.chain(editing).collect()
}

/// How many keys one part of the spoken help says: a part is heard in a
/// breath, about fifteen seconds.
const KEYS_PER_PART: usize = 6;

/// The keys of `game` as texts to speak one at a time, in the pack's
/// words: the first says how many keys there are, each but the last
/// ends with the key for the next, the last says that other characters
/// are typed.
pub fn spoken_help(game: &Game) -> Vec<String> {
    let words: &Sentences<ScreenSentence> = game.pack().screen_sentences();
    let rows = key_rows(game);
    let said: Vec<String> = rows
        .iter()
        .map(|(keys, does)| {
            // A command's help line ends as a sentence already.
            let end = if does.ends_with('.') { "" } else { "." };
            format!("{keys}: {does}{end}")
        })
        .collect();
    let parts: Vec<&[String]> = said.chunks(KEYS_PER_PART).collect();
    let count = parts.len().to_string();
    parts
        .iter()
        .enumerate()
        .map(|(i, part)| {
            let mut text = Vec::new();
            if i == 0 {
                let keys = rows.len().to_string();
                text.push(words.say_count(
                    ScreenSentence::HelpCount,
                    rows.len() as u64,
                    &[("count", &keys)],
                ));
            }
            let number = (i + 1).to_string();
            text.push(words.say(
                ScreenSentence::HelpPart,
                &[("number", &number), ("count", &count)],
            ));
            text.extend(part.iter().cloned());
            text.push(if i + 1 < parts.len() {
                words.say(ScreenSentence::HelpNext, &[])
            } else {
                words.say(ScreenSentence::HelpTyping, &[])
            });
            text.join(" ")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Press, Role, Setup};
    use crate::notation::VoicePack;
    use crate::notation::pack::game_command;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
        KeyEvent::new(code, modifiers)
    }

    fn command(word: &str) -> Option<Action> {
        game_command(word).map(Action::Command)
    }

    fn game(role: Role, press: Press) -> Game {
        let setup = Setup {
            role,
            press,
            time: "600".into(),
            ..Setup::default()
        };
        Game::new(setup, VoicePack::builtin("en")).unwrap()
    }

    #[test]
    fn function_keys_and_ctrl_alternatives_do_the_same() {
        let f2 = key(KeyCode::F(2), KeyModifiers::NONE);
        let ctrl_t = key(KeyCode::Char('t'), KeyModifiers::CONTROL);
        assert_eq!(action_for(&f2, false), command("time"));
        assert_eq!(action_for(&ctrl_t, true), command("time"));
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
        let help = spoken_help(&game(Role::Arbiter, Press::Separate)).join(" ");
        assert!(
            help.contains("Home on an empty line or Ctrl-Home: the log: its oldest line"),
            "{help}"
        );
    }

    #[test]
    fn space_presses_only_on_an_empty_line() {
        let space = key(KeyCode::Char(' '), KeyModifiers::NONE);
        assert_eq!(action_for(&space, true), command("press"));
        assert_eq!(action_for(&space, false), None);
    }

    #[test]
    fn no_key_does_two_things_and_the_help_reads_the_keys_of_the_role() {
        let editing: Vec<Key> = EDITING_KEYS.iter().flat_map(|b| b.keys).copied().collect();
        for c in GAME_COMMANDS {
            assert!(c.keys.iter().all(|k| !editing.contains(k)), "{}", c.word);
        }
        let arbiter = spoken_help(&game(Role::Arbiter, Press::Separate)).join(" ");
        assert!(
            arbiter.starts_with("Help. 27 keys. Part 1 of 5."),
            "{arbiter}"
        );
        for row in [
            "F11 or Ctrl-N: listen: listen for a move said aloud",
            "Escape or Ctrl-U: clear the input line",
            "F12 or Ctrl-D: read back",
            "F2 or Ctrl-T: time, and white or black if wanted: the time: your own as a player",
            "Ctrl-Q: quit: leave",
            "F6 or Ctrl-E: correct, then a move: correct the last move",
            "Ctrl-Z: undo: take back the last half-move",
        ] {
            assert!(arbiter.contains(row), "{row}: {arbiter}");
        }
        // The player's press follows the announcement: no key to press or
        // confirm; F6 corrects the last move.
        let player = spoken_help(&game(Role::Player, Press::Auto));
        assert_eq!(player.len(), 5, "25 keys, six a part");
        assert!(player[0].ends_with("F1 or s: the next part."), "{player:?}");
        assert!(player[4].starts_with("Part 5 of 5."), "{player:?}");
        let player = player.join(" ");
        assert!(
            player.starts_with("Help. 25 keys. Part 1 of 5."),
            "{player}"
        );
        for gone in ["F7 or", "F8 or"] {
            assert!(!player.contains(gone), "{gone}: {player}");
        }
    }
}
