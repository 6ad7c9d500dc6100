//! The keys of the analysis screen, in one table that the key handling,
//! the help screen and the spoken help all read, so what is said is always
//! what the keys do. Function keys follow the game screen: F1 help
//! everywhere, Ctrl-Q quits.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use crate::analysis::board_cursor::Direction;
use crate::notation::VoicePack;
use crate::notation::pack::BrowseSentence;

/// A key's name as shown and said: function keys and letters as they are
/// written on the key, the others in the pack's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyName {
    /// Written as it is on every keyboard: "F1", "s".
    Written(&'static str),
    /// Named in the pack's language: "Up", "Page Down".
    Word(BrowseSentence),
    /// Ctrl and a written key: "Ctrl+Q".
    CtrlWritten(&'static str),
    /// Ctrl and a key named in the pack's language: "Ctrl+Right".
    CtrlWord(BrowseSentence),
}

impl KeyName {
    /// The name in `pack`'s language.
    pub fn said(self, pack: &VoicePack) -> String {
        let words = pack.browse_sentences();
        match self {
            KeyName::Written(name) => name.to_string(),
            KeyName::Word(key) => words.say(key, &[]),
            KeyName::CtrlWritten(name) => words.say(BrowseSentence::KeyCtrl, &[("key", name)]),
            KeyName::CtrlWord(key) => {
                words.say(BrowseSentence::KeyCtrl, &[("key", &words.say(key, &[]))])
            }
        }
    }
}

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
    /// Replay the game from here.
    Replay,
    /// Say the clock time and the time spent at the move.
    Clock,
    /// Find the mistakes of the game, or hear how far the search got.
    Mistakes,
    /// The engine's move at the listed mistake.
    Best,
    /// The next listed mistake.
    NextMistake,
    /// The previous listed mistake.
    PreviousMistake,
    /// Turn the board cursor on or off.
    Cursor,
    /// The board cursor one square up, down, left or right.
    CursorStep(crate::analysis::board_cursor::Direction),
    /// The legal moves of the piece under the board cursor.
    CursorMoves,
    /// Who attacks and defends the square under the board cursor.
    CursorAttackers,
    /// Leave the board cursor.
    CursorOff,
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
    /// In a game, with the board cursor on.
    Cursor,
}

/// One key and what it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The key.
    pub code: KeyCode,
    /// Whether Ctrl is held.
    pub ctrl: bool,
    /// The key as shown and said.
    pub name: KeyName,
    /// Where it works.
    pub context: Context,
    /// What it does.
    pub action: Action,
    /// What it does, in the pack's words.
    pub what: BrowseSentence,
}

const fn key(
    code: KeyCode,
    ctrl: bool,
    name: KeyName,
    context: Context,
    action: Action,
    what: BrowseSentence,
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
use BrowseSentence as B;
use Context as C;
use KeyName::{CtrlWord as CtrlN, CtrlWritten as CtrlW, Word as N, Written as W};

/// Every key of the analysis screen, in the order the help gives them.
pub const BINDINGS: &[Binding] = &[
    key(
        KeyCode::F(1),
        false,
        W("F1"),
        C::Help,
        A::SpeakHelp,
        B::DoReadHelp,
    ),
    key(
        KeyCode::Char('s'),
        false,
        W("s"),
        C::Help,
        A::SpeakHelp,
        B::DoReadHelp,
    ),
    key(
        KeyCode::Esc,
        false,
        N(B::KeyEsc),
        C::Help,
        A::CloseHelp,
        B::DoCloseHelp,
    ),
    key(
        KeyCode::F(1),
        false,
        W("F1"),
        C::Screens,
        A::Help,
        B::DoHelp,
    ),
    key(
        KeyCode::Char('q'),
        true,
        CtrlW("Q"),
        C::Everywhere,
        A::Quit,
        B::DoQuit,
    ),
    key(
        KeyCode::F(8),
        false,
        W("F8"),
        C::Game,
        A::Cursor,
        B::DoCursor,
    ),
    key(
        KeyCode::Up,
        false,
        N(B::KeyUp),
        C::Cursor,
        A::CursorStep(Direction::Up),
        B::DoCursorStep,
    ),
    key(
        KeyCode::Down,
        false,
        N(B::KeyDown),
        C::Cursor,
        A::CursorStep(Direction::Down),
        B::DoCursorStep,
    ),
    key(
        KeyCode::Left,
        false,
        N(B::KeyLeft),
        C::Cursor,
        A::CursorStep(Direction::Left),
        B::DoCursorStep,
    ),
    key(
        KeyCode::Right,
        false,
        N(B::KeyRight),
        C::Cursor,
        A::CursorStep(Direction::Right),
        B::DoCursorStep,
    ),
    key(
        KeyCode::Enter,
        false,
        N(B::KeyEnter),
        C::Cursor,
        A::CursorMoves,
        B::DoCursorMoves,
    ),
    key(
        KeyCode::Char(' '),
        false,
        N(B::KeySpace),
        C::Cursor,
        A::CursorAttackers,
        B::DoCursorAttackers,
    ),
    key(
        KeyCode::Esc,
        false,
        N(B::KeyEsc),
        C::Cursor,
        A::CursorOff,
        B::DoCursorOff,
    ),
    key(
        KeyCode::Up,
        false,
        N(B::KeyUp),
        C::Games,
        A::Up,
        B::DoPreviousGame,
    ),
    key(
        KeyCode::Down,
        false,
        N(B::KeyDown),
        C::Games,
        A::Down,
        B::DoNextGame,
    ),
    key(
        KeyCode::PageUp,
        false,
        N(B::KeyPageUp),
        C::Games,
        A::PageUp,
        B::DoPageUp,
    ),
    key(
        KeyCode::PageDown,
        false,
        N(B::KeyPageDown),
        C::Games,
        A::PageDown,
        B::DoPageDown,
    ),
    key(
        KeyCode::Home,
        false,
        N(B::KeyHome),
        C::Games,
        A::First,
        B::DoFirstGame,
    ),
    key(
        KeyCode::End,
        false,
        N(B::KeyEnd),
        C::Games,
        A::Last,
        B::DoLastGame,
    ),
    key(
        KeyCode::Enter,
        false,
        N(B::KeyEnter),
        C::Games,
        A::Open,
        B::DoOpen,
    ),
    key(
        KeyCode::Esc,
        false,
        N(B::KeyEsc),
        C::Games,
        A::ClearFilter,
        B::DoClearSearch,
    ),
    key(
        KeyCode::Right,
        true,
        CtrlN(B::KeyRight),
        C::GameEmptyLine,
        A::EnterVariation,
        B::DoEnterVariation,
    ),
    key(
        KeyCode::Left,
        true,
        CtrlN(B::KeyLeft),
        C::GameEmptyLine,
        A::LeaveVariation,
        B::DoLeaveVariation,
    ),
    key(
        KeyCode::Right,
        false,
        N(B::KeyRight),
        C::GameEmptyLine,
        A::Next,
        B::DoNextMove,
    ),
    key(
        KeyCode::Left,
        false,
        N(B::KeyLeft),
        C::GameEmptyLine,
        A::Back,
        B::DoPreviousMove,
    ),
    key(
        KeyCode::Home,
        false,
        N(B::KeyHome),
        C::GameEmptyLine,
        A::Start,
        B::DoStart,
    ),
    key(
        KeyCode::End,
        false,
        N(B::KeyEnd),
        C::GameEmptyLine,
        A::End,
        B::DoEnd,
    ),
    key(
        KeyCode::Enter,
        false,
        N(B::KeyEnter),
        C::Game,
        A::Submit,
        B::DoSubmit,
    ),
    key(
        KeyCode::F(2),
        false,
        W("F2"),
        C::Game,
        A::Engine,
        B::DoEngine,
    ),
    key(KeyCode::F(3), false, W("F3"), C::Game, A::Flip, B::DoFlip),
    key(
        KeyCode::F(4),
        false,
        W("F4"),
        C::Game,
        A::Replay,
        B::DoReplay,
    ),
    key(KeyCode::F(5), false, W("F5"), C::Game, A::Clock, B::DoClock),
    key(
        KeyCode::F(6),
        false,
        W("F6"),
        C::Game,
        A::Mistakes,
        B::DoMistakes,
    ),
    key(KeyCode::F(7), false, W("F7"), C::Game, A::Best, B::DoBest),
    key(
        KeyCode::Down,
        true,
        CtrlN(B::KeyDown),
        C::GameEmptyLine,
        A::NextMistake,
        B::DoNextMistake,
    ),
    key(
        KeyCode::Up,
        true,
        CtrlN(B::KeyUp),
        C::GameEmptyLine,
        A::PreviousMistake,
        B::DoPreviousMistake,
    ),
    key(
        KeyCode::Esc,
        false,
        N(B::KeyEsc),
        C::Game,
        A::ToList,
        B::DoToList,
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
    /// The board cursor is on.
    pub cursor: bool,
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
            C::Cursor => focus.game && focus.cursor,
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

/// The help's lines about keys, one per key, in `pack`'s language: "Right:
/// in a game, next move". Keys that do the same thing in the same place
/// share a line; the board cursor's letters and digits end it.
pub fn key_help(pack: &VoicePack) -> Vec<String> {
    let words = pack.browse_sentences();
    let mut lines: Vec<String> = Vec::new();
    let mut seen: Vec<(Context, BrowseSentence)> = Vec::new();
    for b in BINDINGS {
        if seen.contains(&(b.context, b.what)) {
            continue;
        }
        seen.push((b.context, b.what));
        let keys = BINDINGS
            .iter()
            .filter(|o| o.context == b.context && o.what == b.what)
            .map(|o| o.name.said(pack))
            .reduce(|first, second| words.say(B::KeyOr, &[("first", &first), ("second", &second)]))
            .unwrap_or_default();
        let line = match b.context {
            C::Help => B::KeyLineHelp,
            C::Games => B::KeyLineList,
            C::Game | C::GameEmptyLine => B::KeyLineGame,
            C::Cursor => B::KeyLineCursor,
            C::Everywhere | C::Screens => B::KeyLine,
        };
        let what = words.say(b.what, &[]);
        lines.push(words.say(line, &[("keys", &keys), ("what", &what)]));
    }
    // The piece letters and the digits of the board cursor, read from
    // the pack, are one line.
    let letters = super::cursor::letters(pack);
    lines.push(words.say(B::CursorLetters, &[("letters", &letters)]));
    lines
}
