//! Going through the games of a PGN file in the full screen: the list of
//! games, then a game with its board, score, the move's clock time and
//! comment, the log of answers and the input line.
//!
//! Elm style: [`AnalysisState`] is the state, [`Msg`] the messages (keys,
//! the window's size, the engine's reports), [`update`] changes the state
//! and returns the [`Effect`]s for the shell to carry out (speak, ask the
//! engine, quit), and [`view`] draws the state and puts the terminal cursor
//! where the user's attention is. Nothing here reads the clock or the
//! terminal; the shell in [`shell`] does.

pub mod bindings;
mod cursor;
mod help;
mod score;
pub mod shell;
mod update;
mod view;

#[cfg(test)]
mod languages;
#[cfg(test)]
mod tests;

use ratatui::crossterm::event::KeyEvent;
use shakmaty::{Chess, Color};

use crate::analysis::words::AnalysisSentence;
use crate::notation::Lexicon;
use crate::notation::pack::BrowseSentence;
use crate::session::analysis::{AnalysisSession, Shown};

pub use update::{coalesce, update};
pub use view::view;

pub use crate::ui::screen::settings::Layout;

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// The list of the file's games.
    Games,
    /// One game.
    Game,
}

/// The list of games: what is searched for, the games it finds and the one
/// in focus.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameList {
    /// What was typed to search for, as `find` takes it; empty: every game.
    pub filter: String,
    /// Why the filter cannot be looked for, when it cannot.
    pub unreadable: Option<String>,
    /// The numbers of the games shown, in file order.
    pub shown: Vec<usize>,
    /// The index in `shown` of the game in focus.
    pub focus: usize,
}

/// Everything the analysis screen shows.
pub struct AnalysisState {
    /// The file, the game open in it and the engine.
    pub session: AnalysisSession,
    lexicon: Lexicon,
    /// The screen shown.
    pub screen: Screen,
    /// The list of games.
    pub list: GameList,
    /// What is typed on the input line.
    pub input: String,
    /// Every answer said, oldest first.
    pub log: Vec<String>,
    /// The side at the bottom of the board.
    pub orientation: Color,
    /// Whether the help screen is open.
    pub help: bool,
    /// The first line of the help shown, in a window shorter than it.
    pub help_top: usize,
    /// The layout.
    pub layout: Layout,
    /// The window's size, columns and lines.
    pub size: (u16, u16),
    /// Whether a character was refused since the line being typed last
    /// had room, so that a full line is said once.
    pub refused: bool,
    /// The board cursor, when it is on: the arrows walk the board.
    pub cursor: Option<crate::analysis::board_cursor::BoardCursor>,
}

/// What happens to the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// A key was pressed.
    Key(KeyEvent),
    /// A command from the braille display's keys (`back`, `next`, a
    /// variation, the clock), carried out as typed.
    Command(crate::analysis::Command),
    /// The window is now this many columns and lines.
    Resize(u16, u16),
    /// What the session said by itself (a replay's next move, a followed
    /// game's new ones, the engine's answer, the engine pass's end), or
    /// when the shell carried out a request of the screen's (the engine
    /// asked, [`AnalysisSession::evaluate`]): the session already took it
    /// (the board went on with the moves); to say.
    Came(Vec<Shown>),
}

/// What the shell is to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Say where a step through the game or the list led; when several
    /// steps come at once (a key held down), only the last is said.
    Step(String),
    /// Say an answer.
    Say(String),
    /// Ask the engine about the position; `asked` when the user asked.
    Evaluate {
        /// The position.
        position: Box<Chess>,
        /// The user asked (else the engine follows the moves).
        asked: bool,
    },
    /// Hand text to the terminal's clipboard (OSC 52), for pasting.
    Copy(String),
    /// Leave the program.
    Quit,
}

impl AnalysisState {
    /// The screen for `session`, opened with what
    /// [`crate::analysis::Session::open`] said (`first`). It opens straight into the game when `wanted` names one
    /// or the file holds only one game; else it shows the list of games.
    /// Also returns what to say first.
    pub fn new(
        session: impl Into<AnalysisSession>,
        first: Vec<String>,
        wanted: Option<usize>,
        layout: Layout,
    ) -> (AnalysisState, Vec<Effect>) {
        let session = session.into();
        let lexicon = Lexicon::with_pack(&session.words().pack);
        let single = session.index().games.len() == 1;
        let mut state = AnalysisState {
            session,
            lexicon,
            screen: Screen::Games,
            list: GameList::default(),
            input: String::new(),
            log: Vec::new(),
            orientation: Color::White,
            help: false,
            help_top: 0,
            layout,
            size: (80, 24),
            refused: false,
            cursor: None,
        };
        state.refilter();
        let number = state.session.number();
        if let Some(i) = state.list.shown.iter().position(|&n| n == number) {
            state.list.focus = i;
        }
        let effects = if wanted.is_some() || single {
            state.screen = Screen::Game;
            first.into_iter().map(|l| state.say(l)).collect()
        } else {
            // What was said about the game opened belongs to the game; the
            // list keeps only the broken games skipped.
            let intro = state.session.replay().game().intro.is_some();
            let skipped = first.len().saturating_sub(1 + usize::from(intro));
            let mut effects: Vec<Effect> = first
                .into_iter()
                .take(skipped)
                .map(|l| state.say(l))
                .collect();
            effects.extend(state.focused_entry());
            effects
        };
        (state, effects)
    }

    /// The pack's `[browse]` sentence under `key`, placeholders filled.
    pub fn browse(&self, key: BrowseSentence, values: &[(&str, &str)]) -> String {
        self.session
            .words()
            .pack
            .browse_sentences()
            .say(key, values)
    }

    /// Logs a sentence and returns the effect that says it.
    pub(super) fn say(&mut self, text: String) -> Effect {
        self.log.push(text.clone());
        Effect::Say(text)
    }

    /// Logs a sentence and returns the effect that says it as a step.
    pub(super) fn step(&mut self, text: String) -> Effect {
        self.log.push(text.clone());
        Effect::Step(text)
    }

    /// Logs what the session shows and returns the effects that say it.
    pub(super) fn show(&mut self, shown: Vec<Shown>) -> Vec<Effect> {
        let mut effects = Vec::with_capacity(shown.len());
        for s in shown {
            match s {
                Shown::Step(lines) => effects.push(self.step(lines.join(" "))),
                Shown::Say(text) => effects.push(self.say(text)),
                Shown::Copy {
                    text,
                    said,
                    clipboard,
                } => {
                    // The full screen runs on a terminal: the sequence goes.
                    effects.push(Effect::Copy(text));
                    effects.push(self.say(format!("{said}, {clipboard}")));
                }
                Shown::Evaluate { position, asked } => {
                    effects.push(Effect::Evaluate { position, asked });
                }
                Shown::Quit => effects.push(Effect::Quit),
            }
        }
        effects
    }

    /// Shows the games found by the filter, focus on the first.
    fn refilter(&mut self) {
        self.list.unreadable = None;
        self.list.shown = if self.list.filter.trim().is_empty() {
            let index = self.session.index();
            index.games.iter().map(|g| g.number).collect()
        } else {
            match self.session.find(&self.list.filter) {
                Ok(games) => games.iter().map(|g| g.number).collect(),
                Err(said) => {
                    self.list.unreadable = Some(said);
                    Vec::new()
                }
            }
        };
        self.list.focus = 0;
    }

    /// Says how many games the search found, then the game in focus; with
    /// nothing searched for, the game in focus alone.
    fn found(&mut self) -> Option<Effect> {
        let filter = self.list.filter.trim().to_string();
        let count = self.list.shown.len();
        let Some(Effect::Step(entry)) = self.focused_entry() else {
            return None;
        };
        if filter.is_empty() || count == 0 {
            return Some(Effect::Step(entry));
        }
        let found = self.session.words().found(count, &filter);
        // The log keeps what is said: the count with the game.
        let said = format!("{found}. {entry}");
        if let Some(last) = self.log.last_mut() {
            *last = said.clone();
        }
        Some(Effect::Step(said))
    }

    /// Says the game in focus, or that none is found.
    fn focused_entry(&mut self) -> Option<Effect> {
        let text = match self.list.shown.get(self.list.focus) {
            Some(&n) => {
                let entry = self.session.index().get(n).cloned().unwrap_or_default();
                self.session.listed(&entry)
            }
            None if self.list.unreadable.is_some() => {
                self.list.unreadable.clone().unwrap_or_default()
            }
            None if self.list.filter.is_empty() => self
                .session
                .words()
                .phrase(AnalysisSentence::NoGames, &[("name", "")]),
            None => self
                .session
                .words()
                .phrase(AnalysisSentence::NoGames, &[("name", &self.list.filter)]),
        };
        Some(self.step(text))
    }
}
