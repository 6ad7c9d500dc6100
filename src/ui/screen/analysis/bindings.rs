//! The keys of the analysis screen, in one table that the key handling,
//! the help screen and the spoken help all read, so what is said is always
//! what the keys do. Function keys follow the game screen: F1 help
//! everywhere, Ctrl-Q quits.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Play the next move.
    Next,
    /// Take the last move back.
    Back,
    /// Go to the start of the game.
    Start,
    /// Go to the end of the line.
    End,
    /// Enter the first variation of the next move.
    EnterVariation,
    /// Leave the variation.
    LeaveVariation,
    /// Carry out the typed line; on an empty line, the next move.
    Submit,
    /// Open the help screen.
    Help,
    /// Read the help aloud.
    SpeakHelp,
    /// Close the help screen.
    CloseHelp,
    /// Ask the engine about the position.
    Engine,
    /// Turn the board round.
    Flip,
    /// Back to the list of games.
    ToList,
    /// Leave the program.
    Quit,
    /// The game above in the list.
    Up,
    /// The game below in the list.
    Down,
    /// A page up the list.
    PageUp,
    /// A page down the list.
    PageDown,
    /// The first game of the list.
    First,
    /// The last game of the list.
    Last,
    /// Open the game in focus.
    Open,
    /// Clear the search.
    ClearFilter,
}

/// Where a key works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// On every screen, the help screen included.
    Everywhere,
    /// On every screen but the help screen.
    Screens,
    /// In the list of games.
    Games,
    /// In a game.
    Game,
    /// In a game, with nothing typed on the input line (otherwise the key
    /// belongs to the typing).
    GameEmptyLine,
    /// On the help screen.
    Help,
}

/// One key and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The key.
    pub code: KeyCode,
    /// Whether Ctrl is held.
    pub ctrl: bool,
    /// The key as shown and said.
    pub name: &'static str,
    /// Where it works.
    pub context: Context,
    /// What it does.
    pub action: Action,
    /// What it does, in words.
    pub what: &'static str,
}

const fn key(
    code: KeyCode,
    ctrl: bool,
    name: &'static str,
    context: Context,
    action: Action,
    what: &'static str,
) -> Binding {
    Binding {
        code,
        ctrl,
        name,
        context,
        action,
        what,
    }
}

use Action as A;
use Context as C;

/// Every key of the analysis screen, in the order the help gives them.
pub const BINDINGS: &[Binding] = &[
    key(
        KeyCode::F(1),
        false,
        "F1",
        C::Help,
        A::SpeakHelp,
        "read this help aloud",
    ),
    key(
        KeyCode::Char('s'),
        false,
        "s",
        C::Help,
        A::SpeakHelp,
        "read this help aloud",
    ),
    key(
        KeyCode::Esc,
        false,
        "Esc",
        C::Help,
        A::CloseHelp,
        "close the help",
    ),
    key(KeyCode::F(1), false, "F1", C::Screens, A::Help, "help"),
    key(
        KeyCode::Char('q'),
        true,
        "Ctrl+Q",
        C::Everywhere,
        A::Quit,
        "quit",
    ),
    key(
        KeyCode::Up,
        false,
        "Up",
        C::Games,
        A::Up,
        "previous game in the list",
    ),
    key(
        KeyCode::Down,
        false,
        "Down",
        C::Games,
        A::Down,
        "next game in the list",
    ),
    key(
        KeyCode::PageUp,
        false,
        "Page Up",
        C::Games,
        A::PageUp,
        "a page up the list",
    ),
    key(
        KeyCode::PageDown,
        false,
        "Page Down",
        C::Games,
        A::PageDown,
        "a page down the list",
    ),
    key(
        KeyCode::Home,
        false,
        "Home",
        C::Games,
        A::First,
        "first game in the list",
    ),
    key(
        KeyCode::End,
        false,
        "End",
        C::Games,
        A::Last,
        "last game in the list",
    ),
    key(
        KeyCode::Enter,
        false,
        "Enter",
        C::Games,
        A::Open,
        "open the game",
    ),
    key(
        KeyCode::Esc,
        false,
        "Esc",
        C::Games,
        A::ClearFilter,
        "clear the search; typing searches by player or event",
    ),
    key(
        KeyCode::Right,
        true,
        "Ctrl+Right",
        C::GameEmptyLine,
        A::EnterVariation,
        "enter the first variation of the next move",
    ),
    key(
        KeyCode::Left,
        true,
        "Ctrl+Left",
        C::GameEmptyLine,
        A::LeaveVariation,
        "leave the variation",
    ),
    key(
        KeyCode::Right,
        false,
        "Right",
        C::GameEmptyLine,
        A::Next,
        "next move",
    ),
    key(
        KeyCode::Left,
        false,
        "Left",
        C::GameEmptyLine,
        A::Back,
        "previous move",
    ),
    key(
        KeyCode::Home,
        false,
        "Home",
        C::GameEmptyLine,
        A::Start,
        "start of the game",
    ),
    key(
        KeyCode::End,
        false,
        "End",
        C::GameEmptyLine,
        A::End,
        "end of the line",
    ),
    key(
        KeyCode::Enter,
        false,
        "Enter",
        C::Game,
        A::Submit,
        "carry out the typed command; on an empty line, next move",
    ),
    key(
        KeyCode::F(2),
        false,
        "F2",
        C::Game,
        A::Engine,
        "ask the engine",
    ),
    key(
        KeyCode::F(3),
        false,
        "F3",
        C::Game,
        A::Flip,
        "turn the board round",
    ),
    key(
        KeyCode::Esc,
        false,
        "Esc",
        C::Game,
        A::ToList,
        "back to the list of games",
    ),
];

/// Where the keyboard is: which screen, whether help is open, whether
/// something is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus {
    /// The help screen is open.
    pub help: bool,
    /// A game is open (else the list of games).
    pub game: bool,
    /// Nothing is typed on the input line.
    pub empty_line: bool,
}

impl Context {
    fn applies(self, focus: Focus) -> bool {
        match self {
            C::Everywhere => true,
            C::Help => focus.help,
            _ if focus.help => false,
            C::Screens => true,
            C::Games => !focus.game,
            C::Game => focus.game,
            C::GameEmptyLine => focus.game && focus.empty_line,
        }
    }
}

/// What `key` does where the keyboard is, if it is bound.
pub fn action(key: KeyEvent, focus: Focus) -> Option<Action> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    let code = match key.code {
        KeyCode::Char(c) => KeyCode::Char(c.to_ascii_lowercase()),
        other => other,
    };
    BINDINGS
        .iter()
        .find(|b| b.code == code && b.ctrl == ctrl && b.context.applies(focus))
        .map(|b| b.action)
}

/// The help's lines about keys, one per key: "Right: next move". Keys
/// that do the same thing in the same place share a line.
pub fn key_help() -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut seen: Vec<(Context, Action)> = Vec::new();
    for b in BINDINGS {
        if seen.contains(&(b.context, b.action)) {
            continue;
        }
        seen.push((b.context, b.action));
        let names: Vec<&str> = BINDINGS
            .iter()
            .filter(|o| o.context == b.context && o.action == b.action)
            .map(|o| o.name)
            .collect();
        let place = match b.context {
            C::Help => "on this screen, ",
            C::Games => "in the list, ",
            C::Game | C::GameEmptyLine => "in a game, ",
            C::Everywhere | C::Screens => "",
        };
        lines.push(format!("{}: {place}{}", names.join(" or "), b.what));
    }
    lines
}
