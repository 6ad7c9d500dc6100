//! What each message does to the analysis screen.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::bindings::{Action, Focus, action, key_help};
use super::view::{list_rows, minimum_size};
use super::{AnalysisState, Effect, Msg, Screen};
use crate::analysis::command::{Command, MistakesCommand};
use crate::analysis::session::PAGE;
use crate::analysis::words::AnalysisSentence;
use crate::notation::pack::{BrowseSentence, LineSentence};
use crate::session::lines::MAX_LINE_CHARS;
use crate::typed::read_analysis_line;

/// Changes the state for `msg` and returns what the shell is to do.
pub fn update(state: &mut AnalysisState, msg: Msg) -> Vec<Effect> {
    match msg {
        Msg::Key(key) => key_pressed(state, key),
        Msg::Command(c) => command(state, &c),
        Msg::Resize(w, h) => {
            let (need_w, need_h) = minimum_size(state.layout, state.screen);
            let was_small = state.size.0 < need_w || state.size.1 < need_h;
            state.size = (w, h);
            if (w < need_w || h < need_h) && !was_small {
                let said = too_small(state, (w, h), (need_w, need_h));
                vec![state.say(said)]
            } else {
                Vec::new()
            }
        }
        Msg::Came(shown) => state.show(shown),
    }
}

/// The too-small message, in the pack's language, for a window of `now`
/// (columns, lines) that needs `needed`.
pub fn too_small(state: &AnalysisState, now: (u16, u16), needed: (u16, u16)) -> String {
    state.browse(
        BrowseSentence::WindowTooSmall,
        &[
            ("width", &now.0.to_string()),
            ("height", &now.1.to_string()),
            ("columns", &needed.0.to_string()),
            ("lines", &needed.1.to_string()),
        ],
    )
}

/// Keeps only the last of several steps handed over at once (a key held
/// down), so the speech never falls behind the board; answers stay.
pub fn coalesce(effects: Vec<Effect>) -> Vec<Effect> {
    let last_step = effects.iter().rposition(|e| matches!(e, Effect::Step(_)));
    effects
        .into_iter()
        .enumerate()
        .filter(|(i, e)| !matches!(e, Effect::Step(_)) || Some(*i) == last_step)
        .map(|(_, e)| e)
        .collect()
}

/// The help as said: every key, then the words that can be typed.
pub fn help_text(state: &AnalysisState) -> String {
    let mut parts = key_help(&state.session.words().pack);
    parts.push(state.session.words().phrase(AnalysisSentence::Help, &[]));
    parts.join(". ")
}

fn key_pressed(state: &mut AnalysisState, key: KeyEvent) -> Vec<Effect> {
    // Any key stops a replay under way, where it is, and does no more.
    if state.session.is_replaying() {
        let shown = state.session.stop_replay();
        return state.show(shown);
    }
    let focus = Focus {
        help: state.help,
        game: state.screen == Screen::Game,
        empty_line: state.input.is_empty(),
        cursor: state.cursor.is_some() && state.screen == Screen::Game,
    };
    if let Some(action) = action(key, focus) {
        return act(state, action);
    }
    if focus.cursor
        && !focus.help
        && let Some(effects) = super::cursor::key(state, key)
    {
        return effects;
    }
    if state.help {
        return super::help::scroll(state, key.code);
    }
    let typing = !key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    let line = match state.screen {
        Screen::Games => &mut state.list.filter,
        Screen::Game => &mut state.input,
    };
    match key.code {
        KeyCode::Char(_) if typing && line.chars().nth(MAX_LINE_CHARS - 1).is_some() => {
            // A full line takes no more; said once, not at each key of a paste.
            if std::mem::replace(&mut state.refused, true) {
                return Vec::new();
            }
            let count = MAX_LINE_CHARS.to_string();
            let full = state.session.words().pack.line_sentences().say_count(
                LineSentence::InputFull,
                MAX_LINE_CHARS as u64,
                &[("count", &count)],
            );
            return vec![state.say(full)];
        }
        KeyCode::Char(c) if typing => line.push(c),
        KeyCode::Backspace if !line.is_empty() => {
            line.pop();
        }
        _ => return Vec::new(),
    }
    state.refused = false;
    if state.screen == Screen::Games {
        state.refilter();
        return state.found().into_iter().collect();
    }
    Vec::new()
}

fn act(state: &mut AnalysisState, action: Action) -> Vec<Effect> {
    match action {
        Action::Next => command(state, &Command::Next),
        Action::Back => command(state, &Command::Back),
        Action::Start => command(state, &Command::Start),
        Action::End => command(state, &Command::End),
        Action::EnterVariation => command(state, &Command::Variation(1)),
        Action::LeaveVariation => command(state, &Command::Leave),
        Action::Submit => {
            let line = std::mem::take(&mut state.input);
            let words = state.session.words().pack.command_words();
            let parsed = read_analysis_line(&state.lexicon, words, &line);
            command(state, &parsed)
        }
        Action::Help => {
            state.help = true;
            state.help_top = 0;
            vec![Effect::Say(help_text(state))]
        }
        Action::SpeakHelp => vec![Effect::Say(help_text(state))],
        Action::CloseHelp => {
            state.help = false;
            Vec::new()
        }
        Action::Engine => command(state, &Command::Eval),
        Action::Replay => command(
            state,
            &Command::Replay {
                last: None,
                pace: None,
            },
        ),
        Action::Clock => command(state, &Command::Clock),
        Action::Mistakes => command(state, &Command::Mistakes(MistakesCommand::Find)),
        Action::Best => command(state, &Command::Mistakes(MistakesCommand::Best)),
        Action::NextMistake => command(state, &Command::Mistakes(MistakesCommand::Next)),
        Action::PreviousMistake => command(state, &Command::Mistakes(MistakesCommand::Previous)),
        Action::Flip => {
            state.orientation = state.orientation.other();
            let side = state
                .session
                .words()
                .pack
                .side(state.orientation)
                .to_string();
            let said = state.browse(BrowseSentence::Flipped, &[("side", &side)]);
            vec![state.say(said)]
        }
        Action::ToList => {
            state.cursor = None;
            state.screen = Screen::Games;
            state.input.clear();
            let number = state.session.number();
            if let Some(i) = state.list.shown.iter().position(|&n| n == number) {
                state.list.focus = i;
            }
            state.focused_entry().into_iter().collect()
        }
        Action::Cursor => super::cursor::toggle(state),
        Action::CursorStep(direction) => super::cursor::step(state, direction),
        Action::CursorMoves => super::cursor::ask(state, true),
        Action::CursorAttackers => super::cursor::ask(state, false),
        Action::CursorOff => super::cursor::toggle(state),
        Action::Quit => vec![Effect::Quit],
        Action::Up => move_focus(state, -1),
        Action::Down => move_focus(state, 1),
        Action::PageUp => move_focus(state, -(list_rows(state.size) as isize)),
        Action::PageDown => move_focus(state, list_rows(state.size) as isize),
        Action::First => move_focus(state, isize::MIN / 2),
        Action::Last => move_focus(state, isize::MAX / 2),
        Action::Open => match state.list.shown.get(state.list.focus) {
            Some(&n) => open(state, n),
            None => state.focused_entry().into_iter().collect(),
        },
        Action::ClearFilter => {
            if state.list.filter.is_empty() {
                return Vec::new();
            }
            state.list.filter.clear();
            state.refilter();
            state.focused_entry().into_iter().collect()
        }
    }
}

fn move_focus(state: &mut AnalysisState, by: isize) -> Vec<Effect> {
    let len = state.list.shown.len();
    if len == 0 {
        return state.focused_entry().into_iter().collect();
    }
    state.list.focus = (state.list.focus as isize + by).clamp(0, len as isize - 1) as usize;
    state.focused_entry().into_iter().collect()
}

/// Opens game `n`; a broken game is reported and the list stays.
fn open(state: &mut AnalysisState, n: usize) -> Vec<Effect> {
    let effects = command(state, &Command::Game(n));
    if state.session.number() == n {
        state.screen = Screen::Game;
    }
    effects
}

/// Carries out a command as the line mode would.
fn command(state: &mut AnalysisState, command: &Command) -> Vec<Effect> {
    match command {
        Command::Help => return act(state, Action::Help),
        Command::Quit => return vec![Effect::Quit],
        Command::Games(page) => {
            state.list.filter.clear();
            state.refilter();
            state.screen = Screen::Games;
            return move_focus(state, ((page.max(&1) - 1) * PAGE) as isize);
        }
        Command::Find(name) => {
            state.list.filter = name.clone();
            state.refilter();
            state.screen = Screen::Games;
            return state.found().into_iter().collect();
        }
        Command::More => {
            state.screen = Screen::Games;
            return move_focus(state, PAGE as isize);
        }
        Command::Game(n) if state.screen == Screen::Games => {
            let n = *n;
            let effects = command_in_game(state, &Command::Game(n));
            if state.session.number() == n {
                state.screen = Screen::Game;
            }
            return effects;
        }
        _ => {}
    }
    command_in_game(state, command)
}

fn command_in_game(state: &mut AnalysisState, command: &Command) -> Vec<Effect> {
    let shown = state.session.command(command);
    state.show(shown)
}
