//! What each message does to the analysis screen.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use shakmaty::{Chess, Position};

use super::bindings::{Action, Focus, action, key_help};
use super::view::{list_rows, minimum_size};
use super::{AnalysisState, Effect, Msg, Screen};
use crate::analysis::command::{Command, parse_command};
use crate::analysis::engine::Report;
use crate::analysis::session::{PAGE, Reply};
use crate::analysis::words::AnalysisSentence;

/// Changes the state for `msg` and returns what the shell is to do.
pub fn update(state: &mut AnalysisState, msg: Msg) -> Vec<Effect> {
    match msg {
        Msg::Key(key) => key_pressed(state, key),
        Msg::Resize(w, h) => {
            let (need_w, need_h) = minimum_size(state.layout, state.screen);
            let was_small = state.size.0 < need_w || state.size.1 < need_h;
            state.size = (w, h);
            if (w < need_w || h < need_h) && !was_small {
                vec![state.say(too_small(w, h, need_w, need_h))]
            } else {
                Vec::new()
            }
        }
        Msg::Engine(Report::Answer(evaluation)) => {
            let text = state.session.words().evaluation(&evaluation);
            vec![state.say(text)]
        }
        Msg::Engine(Report::NotAnswering) => {
            let text = state
                .session
                .words()
                .phrase(AnalysisSentence::EngineSilent, &[]);
            vec![state.say(text)]
        }
        Msg::EngineAsked { asked: true } => {
            let text = state
                .session
                .words()
                .phrase(AnalysisSentence::EngineThinking, &[]);
            vec![state.say(text)]
        }
        Msg::EngineAsked { asked: false } => Vec::new(),
        Msg::NoEngine { asked } => {
            let follow = std::mem::take(&mut state.follow);
            if asked || follow {
                let text = state
                    .session
                    .words()
                    .phrase(AnalysisSentence::NoEngine, &[]);
                vec![state.say(text)]
            } else {
                Vec::new()
            }
        }
    }
}

/// The too-small message for a window of `w` × `h` that needs `need_w` ×
/// `need_h`.
pub fn too_small(w: u16, h: u16, need_w: u16, need_h: u16) -> String {
    crate::ui::screen::too_small_message((w, h), (need_w, need_h))
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
    let mut parts = key_help();
    parts.push(state.session.words().phrase(AnalysisSentence::Help, &[]));
    parts.join(". ")
}

fn key_pressed(state: &mut AnalysisState, key: KeyEvent) -> Vec<Effect> {
    let focus = Focus {
        help: state.help,
        game: state.screen == Screen::Game,
        empty_line: state.input.is_empty(),
    };
    if let Some(action) = action(key, focus) {
        return act(state, action);
    }
    if state.help {
        return Vec::new();
    }
    let typing = !key
        .modifiers
        .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT);
    let line = match state.screen {
        Screen::Games => &mut state.list.filter,
        Screen::Game => &mut state.input,
    };
    match key.code {
        KeyCode::Char(c) if typing => line.push(c),
        KeyCode::Backspace if !line.is_empty() => {
            line.pop();
        }
        _ => return Vec::new(),
    }
    if state.screen == Screen::Games {
        state.refilter();
        return state.focused_entry().into_iter().collect();
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
            let parsed = parse_command(&state.lexicon, &line);
            command(state, &parsed)
        }
        Action::Help => {
            state.help = true;
            vec![Effect::Say(help_text(state))]
        }
        Action::SpeakHelp => vec![Effect::Say(help_text(state))],
        Action::CloseHelp => {
            state.help = false;
            Vec::new()
        }
        Action::Engine => command(state, &Command::Eval),
        Action::Flip => {
            state.orientation = state.orientation.other();
            let side = state
                .session
                .words()
                .pack
                .side(state.orientation)
                .to_string();
            vec![state.say(format!("board from {side}'s side"))]
        }
        Action::ToList => {
            state.screen = Screen::Games;
            state.input.clear();
            let number = state.session.number();
            if let Some(i) = state.list.shown.iter().position(|&n| n == number) {
                state.list.focus = i;
            }
            state.focused_entry().into_iter().collect()
        }
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
            return state.focused_entry().into_iter().collect();
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
    let stepping = matches!(
        command,
        Command::Next
            | Command::Back
            | Command::Start
            | Command::End
            | Command::GoTo(..)
            | Command::Variation(_)
            | Command::Leave
    );
    let before = state.session.replay().position();
    match state.session.handle(command) {
        Reply::Say(lines) => {
            let mut effects: Vec<Effect> = if stepping {
                let text = lines.join(" ");
                vec![state.step(text)]
            } else {
                lines.into_iter().map(|l| state.say(l)).collect()
            };
            let now = state.session.replay().position();
            if state.follow && now != before {
                effects.extend(evaluate(state, now, false));
            }
            effects
        }
        Reply::Evaluate(position) => evaluate(state, *position, true),
        Reply::Follow(on, sentence) => {
            state.follow = on;
            let mut effects = vec![state.say(sentence)];
            if on {
                let now = state.session.replay().position();
                effects.extend(evaluate(state, now, false));
            }
            effects
        }
        Reply::Quit => vec![Effect::Quit],
    }
}

/// Asks the engine, unless the game is over on the board.
fn evaluate(state: &mut AnalysisState, position: Chess, asked: bool) -> Vec<Effect> {
    if position.is_game_over() {
        if asked {
            let text = state.session.words().pack.phrases.game_over.clone();
            return vec![state.say(text)];
        }
        return Vec::new();
    }
    vec![Effect::Evaluate {
        position: Box::new(position),
        asked,
    }]
}
