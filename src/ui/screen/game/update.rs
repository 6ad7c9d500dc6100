//! How keys, time and the shell's reports change the game screen.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::log::{self, Step};
use super::{ClockReading, Effect, GameScreen, Msg, Overlay, Typed, view};
use crate::game::Command;
use crate::game::words::GameSentence;
use crate::notation::pack::{Argument, CommandEntry, LineSentence, ScreenSentence, Wanted};
use crate::session::host::{Kind, Request, Shown};
use crate::session::labels::Labels;
use crate::session::lines::MAX_LINE_CHARS;
use crate::speech::{Priority, Utterance};
use crate::table::user_side;
use crate::typed::{Line, parse_line};
use crate::ui::screen::keys::{Action, action_for, spoken_help};

/// Changes `state` on `msg`; returns what the shell is to do, in order.
pub fn update(state: &mut GameScreen, msg: Msg) -> Vec<Effect> {
    let before = state.log.len();
    // The host's lines say where each answer begins.
    let shown = matches!(msg, Msg::Shown(_));
    let effects = handle(state, msg);
    if !shown {
        new_answer_from(state, before);
    }
    effects
}

/// What the log gained from entry `before` on is the latest answer: one
/// longer than the log area is shown from its head.
fn new_answer_from(state: &mut GameScreen, before: usize) {
    if state.log.len() > before {
        state.scroll.answer_from = before;
    }
}

fn handle(state: &mut GameScreen, msg: Msg) -> Vec<Effect> {
    match msg {
        Msg::Key(key) => {
            state.changed = true;
            on_key(state, key)
        }
        Msg::Tick(now) => on_tick(state, now),
        Msg::Resize(w, h) => {
            state.changed = true;
            state.size = (w, h);
            // The lines paged to were wrapped at the old width.
            state.scroll.focus = None;
            let (need_w, need_h) = super::needed_size(state.layout);
            let too_small = w < need_w || h < need_h;
            let became = too_small && !state.too_small;
            state.too_small = too_small;
            if became {
                let text = state.too_small_message();
                vec![Effect::Speak(Utterance::new(text, Priority::Urgent))]
            } else {
                Vec::new()
            }
        }
        Msg::Shown(shown) => shown_all(state, shown),
    }
}

/// Logs what the host shows; the clocks shown are read again. The host
/// has said it; the screen's own question follows a `quit` typed.
fn shown_all(state: &mut GameScreen, shown: Vec<Shown>) -> Vec<Effect> {
    if shown.is_empty() {
        return Vec::new();
    }
    state.changed = true;
    let now = state.host.now();
    if now > state.now {
        state.now = now;
    }
    state.clocks = ClockReading::of(state.host.game(), state.now);
    let mut effects = Vec::new();
    // Lines that came together may answer several lines typed (a paste
    // read while the screen drew): the latest answer begins at the last
    // line that is not the help or a listing going on.
    let mut answer_from = None;
    for item in shown {
        match item {
            Shown::Line { kind, text } => {
                if let Some(entry) = log_entry(&state.letters, &kind, text) {
                    if answer_from.is_none() || !matches!(kind, Kind::Help | Kind::Listing) {
                        answer_from = Some(state.log.len());
                    }
                    state.log.push(entry);
                }
            }
            // The status line shows the step; the host has said it.
            // The full screen's log and status line carry what is said.
            Shown::Prompt(_) | Shown::Said { .. } => {}
            Shown::Voice { text, .. } => state.voice_notice = Some(text),
            Shown::Leave => {
                let from = state.log.len();
                effects.extend(ask_to_leave(state));
                if state.log.len() > from {
                    answer_from = Some(from);
                }
            }
        }
    }
    if let Some(from) = answer_from {
        state.scroll.answer_from = from;
    }
    effects
}

/// How a shown line stands in the log; `None` for what the screen shows
/// elsewhere (the clocks).
fn log_entry(letters: &Labels, kind: &Kind, text: String) -> Option<String> {
    match kind {
        Kind::Announced(label) | Kind::Corrected(label) if !label.is_empty() => {
            Some(format!("{}: {text}", letters.san(label)))
        }
        Kind::Clocks => None,
        _ => Some(text),
    }
}

/// Logs `text` and returns it to be spoken.
fn say(state: &mut GameScreen, text: String, priority: Priority) -> Effect {
    state.log.push(text.clone());
    Effect::Speak(Utterance::new(text, priority))
}

fn on_key(state: &mut GameScreen, key: KeyEvent) -> Vec<Effect> {
    if key.kind == KeyEventKind::Release {
        return Vec::new();
    }
    let plain_char = match key.code {
        KeyCode::Char(c)
            if !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            Some(c.to_ascii_lowercase())
        }
        _ => None,
    };
    match state.overlay {
        Overlay::None => {}
        Overlay::Help => {
            return match (key.code, plain_char) {
                (KeyCode::F(1), _) | (_, Some('s')) => vec![next_help_part(state)],
                (KeyCode::Esc, _) => {
                    state.overlay = Overlay::None;
                    let text = state.words().say(ScreenSentence::HelpClosed, &[]);
                    vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
                }
                (
                    KeyCode::Up
                    | KeyCode::Down
                    | KeyCode::PageUp
                    | KeyCode::PageDown
                    | KeyCode::Home
                    | KeyCode::End,
                    _,
                ) => scroll_help(state, key.code),
                _ => Vec::new(),
            };
        }
        Overlay::Quit | Overlay::Resign => {
            let overlay = state.overlay;
            let answer = plain_char.and_then(|c| yes_or_no(state, c));
            return match (key.code, answer) {
                (_, Some(true)) => {
                    state.overlay = Overlay::None;
                    if overlay == Overlay::Quit {
                        vec![Effect::Quit]
                    } else {
                        vec![Effect::Request(Request::Command(Command::Resign(Some(
                            user_side(state.host.game()).into(),
                        ))))]
                    }
                }
                (KeyCode::Esc, _) | (_, Some(false)) => {
                    state.overlay = Overlay::None;
                    let text = state.words().say(ScreenSentence::BackToGame, &[]);
                    let mut effects = vec![say(state, text, Priority::Answer)];
                    if overlay == Overlay::Quit {
                        effects.push(Effect::Stay);
                    }
                    effects
                }
                _ => Vec::new(),
            };
        }
    }
    let action = action_for(&key, state.input.is_empty());
    if !matches!(
        action,
        Some(Action::LogPageUp | Action::LogPageDown | Action::LogOldest | Action::LogNewest)
    ) {
        // Typing, or any other key, returns the log to its newest lines.
        state.scroll.focus = None;
    }
    if let Some(action) = action {
        return act(state, action);
    }
    match key.code {
        KeyCode::Char(c)
            if !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            if let Typed::Full { first } = state.input.insert(c) {
                // Said once, not at each key of a paste that overflows.
                if !first {
                    return Vec::new();
                }
                let count = MAX_LINE_CHARS.to_string();
                let full = state.host.game().pack().line_sentences().say_count(
                    LineSentence::InputFull,
                    MAX_LINE_CHARS as u64,
                    &[("count", &count)],
                );
                return vec![say(state, full, Priority::Answer)];
            }
        }
        KeyCode::Backspace => state.input.backspace(),
        KeyCode::Delete => state.input.delete(),
        KeyCode::Left => state.input.left(),
        KeyCode::Right => state.input.right(),
        KeyCode::Home => state.input.home(),
        KeyCode::End => state.input.end(),
        _ => state.changed = false,
    }
    Vec::new()
}

/// Columns and lines of the log area as last drawn; before the first
/// drawing, a guess from the window.
fn log_area(state: &GameScreen) -> (u16, u16) {
    match state.log_area.get() {
        (0, _) | (_, 0) => (state.size.0, state.size.1.saturating_sub(6).max(1)),
        area => area,
    }
}

/// Page Up, Page Down, Home or End in the log: the focus moves and the
/// line that gets it is said; the log itself does not change.
fn scroll_log(state: &mut GameScreen, action: Action) -> Vec<Effect> {
    let (width, height) = log_area(state);
    let step = match action {
        Action::LogPageUp => log::page_up(&state.log, &state.wraps, &state.scroll, width, height),
        Action::LogPageDown => {
            log::page_down(&state.log, &state.wraps, &state.scroll, width, height)
        }
        Action::LogOldest => log::oldest(&state.log, &state.wraps, width),
        _ => {
            state.scroll.focus = None;
            let text = match state.log.last() {
                Some(newest) => newest.clone(),
                None => state.words().say(ScreenSentence::LogEmpty, &[]),
            };
            return vec![Effect::Speak(Utterance::new(text, Priority::Answer))];
        }
    };
    let words = state.words();
    let text = match step {
        Step::To { focus, said } => {
            state.scroll.focus = Some(focus);
            said
        }
        Step::AtOldest => words.say(ScreenSentence::LogOldest, &[]),
        Step::AtNewest => words.say(ScreenSentence::LogNewest, &[]),
        Step::Empty => words.say(ScreenSentence::LogEmpty, &[]),
    };
    vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
}

/// The arrows, Page Up, Page Down, Home and End in the help: a line, a
/// page, or to either end; the line that comes to the top is said.
fn scroll_help(state: &mut GameScreen, code: KeyCode) -> Vec<Effect> {
    let (width, room) = view::help_box(state.size);
    let lines = view::help_lines(state, width);
    let last = view::help_top(lines.len(), room, usize::MAX);
    let top = view::help_top(lines.len(), room, state.help_top);
    let page = usize::from(room.max(1));
    let next = match code {
        KeyCode::Up => top.saturating_sub(1),
        KeyCode::Down => (top + 1).min(last),
        KeyCode::PageUp => top.saturating_sub(page),
        KeyCode::PageDown => (top + page).min(last),
        KeyCode::Home => 0,
        _ => last,
    };
    if next == top {
        state.changed = false;
        return Vec::new();
    }
    state.help_top = next;
    let text = lines[next].trim().to_string();
    vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
}

/// Whether the letter `c` answers a question yes or no: y and n always,
/// and the pack's own letters (j for German ja).
fn yes_or_no(state: &GameScreen, c: char) -> Option<bool> {
    let words = state.words();
    let letters = |key| words.say(key, &[]).to_lowercase();
    if c == 'y' || letters(ScreenSentence::YesLetters).contains(c) {
        Some(true)
    } else if c == 'n' || letters(ScreenSentence::NoLetters).contains(c) {
        Some(false)
    } else {
        None
    }
}

/// Fills the input line with the pack's word for `entry`'s command and
/// says what to type after it (`what`).
fn prompt_for(state: &mut GameScreen, entry: &CommandEntry, what: Wanted) -> Vec<Effect> {
    let pack = state.host.game().pack();
    let word = pack.command_words().word(entry.word).to_string();
    let hint = state.words().say(
        ScreenSentence::PromptArgument,
        &[("command", &word), ("what", &what.say(pack))],
    );
    state.input.set(&format!("{word} "));
    vec![say(state, hint, Priority::Answer)]
}

/// The next part of the spoken keys, from the first again after the
/// last.
fn next_help_part(state: &mut GameScreen) -> Effect {
    let parts = spoken_help(state.host.game());
    let at = state.help_next % parts.len().max(1);
    state.help_next = at + 1;
    let text = parts.into_iter().nth(at).unwrap_or_default();
    Effect::Speak(Utterance::new(text, Priority::Answer))
}

/// Asks whether to leave the game.
fn ask_to_leave(state: &mut GameScreen) -> Vec<Effect> {
    state.overlay = Overlay::Quit;
    let text = state.words().say(ScreenSentence::QuitQuestion, &[]);
    vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
}

/// A command's key: help, resign and leave open their screens, the pause
/// key stops or restarts the clock, a command that needs more puts its
/// word on the input line, and any other is carried out as if typed.
fn command_key(state: &mut GameScreen, entry: &'static CommandEntry) -> Vec<Effect> {
    match entry.word {
        "help" => {
            state.overlay = Overlay::Help;
            state.help_top = 0;
            state.help_next = 0;
            return vec![next_help_part(state)];
        }
        "resign" => {
            state.overlay = Overlay::Resign;
            let who = state.player(user_side(state.host.game()));
            let text = state
                .words()
                .say(ScreenSentence::ResignQuestion, &[("player", &who)]);
            return vec![say(state, text, Priority::Answer)];
        }
        "quit" => return ask_to_leave(state),
        "pause" => return vec![Effect::Request(Request::PauseOrResume)],
        _ => {}
    }
    if let Argument::Takes(what) = entry.argument {
        return prompt_for(state, entry, what);
    }
    // A key asks about the whole board: both sides' pieces.
    let typed = match entry.argument {
        Argument::May(Wanted::Whose) => format!("{} all", entry.word),
        _ => entry.word.to_string(),
    };
    let request = match parse_line(state.host.game().lexicon(), &typed) {
        Line::Game(command) => Request::Command(command),
        Line::Ask(question) => Request::Ask(question),
        Line::Save => Request::Save,
        Line::Listen => Request::Listen,
        _ => Request::Line(Ok(typed)),
    };
    vec![Effect::Request(request)]
}

fn act(state: &mut GameScreen, action: Action) -> Vec<Effect> {
    match action {
        Action::Command(entry) => command_key(state, entry),
        Action::Submit => {
            let line = state.input.take();
            vec![Effect::Request(Request::Line(Ok(line)))]
        }
        Action::Earlier => {
            if !state.input.earlier() {
                state.changed = false;
            }
            Vec::new()
        }
        Action::Later => {
            if !state.input.later() {
                state.changed = false;
            }
            Vec::new()
        }
        Action::Clear => {
            // Said either way, so the ear knows the line is empty now.
            let key = if state.input.is_empty() {
                GameSentence::LineEmpty
            } else {
                GameSentence::LineCleared
            };
            state.input.clear();
            let text = state.host.game().words().say(key, &[]);
            vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
        }
        Action::LogPageUp | Action::LogPageDown | Action::LogOldest | Action::LogNewest => {
            scroll_log(state, action)
        }
        Action::ReadLine => {
            state.changed = false;
            let typed = state.input.text();
            let text = if typed.trim().is_empty() {
                state.host.game().words().say(GameSentence::LineEmpty, &[])
            } else {
                state
                    .host
                    .game()
                    .words()
                    .say(GameSentence::LineTyped, &[("text", &typed)])
            };
            vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
        }
    }
}

/// Time passes: the standard layout shows the running clock second by
/// second. In the screen-reader layout, and in a standard one kept
/// still, nothing on screen changes unless something is said.
fn on_tick(state: &mut GameScreen, now: crate::clock::Instant) -> Vec<Effect> {
    let shown_before = state.now.0.as_secs();
    state.now = now;
    if state.host.session().clock_running() && state.ticking() && now.0.as_secs() != shown_before {
        state.changed = true;
    }
    Vec::new()
}
