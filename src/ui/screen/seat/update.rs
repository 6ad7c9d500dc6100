//! How keys, the game's messages and time change a seat's screen.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::{CLOSED_FOR, Closing, Effect, Msg, Overlay, SeatScreen};
use crate::notation::pack::{ScreenSentence, SeatScreenSentence};
use crate::session::seat::{ToGame, ToSeat};
use crate::speech::{Priority, Utterance};
use crate::typed::{ResignReply, answers_resign, seat_resignation};
use crate::ui::screen::game::Typed;
use crate::ui::screen::settings::Layout;
use zweibrett_core::seat::SeatStep;

/// Changes `state` on `msg`; returns what the shell is to do, in order.
pub fn update(state: &mut SeatScreen, msg: Msg) -> Vec<Effect> {
    match msg {
        Msg::Key(key) => on_key(state, key),
        Msg::Game(message) => from_game(state, message),
        Msg::Gone => {
            let reason = state.words().say(SeatScreenSentence::Unreachable, &[]);
            close(state, reason)
        }
        Msg::Tick(now) => on_tick(state, now),
        Msg::Resize(w, h) => {
            state.size = (w, h);
            state.changed = true;
            Vec::new()
        }
    }
}

/// What the game sent: a view is shown, a sentence logged (and spoken by
/// a seat that speaks), a closing shown until a key or [`CLOSED_FOR`].
fn from_game(state: &mut SeatScreen, message: ToSeat) -> Vec<Effect> {
    match message {
        // Welcomed before the screen opened; nothing new.
        ToSeat::Welcome { .. } => Vec::new(),
        ToSeat::View(view) => {
            let before = state.view.as_ref().and_then(|v| v.pending.clone());
            let called = view.pending.is_some() && view.pending != before;
            state.view = Some(view);
            state.viewed_at = state.now;
            state.changed = true;
            if called {
                call_attention(state)
            } else {
                Vec::new()
            }
        }
        ToSeat::Said { text } => {
            state.changed = true;
            state.log_line(text.clone());
            vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
        }
        ToSeat::Refused { reason } | ToSeat::Closed { reason } => close(state, reason),
    }
}

/// A new offer or claim: the bell, the flash, or both, as the seat's user
/// chose.
fn call_attention(state: &mut SeatScreen) -> Vec<Effect> {
    if state.alert.flashes() && state.layout == Layout::Standard {
        state.flash_until = Some(state.now + super::FLASH_FOR);
    }
    if state.alert.rings() {
        vec![Effect::Bell]
    } else {
        Vec::new()
    }
}

/// The seat is closed by the game: the reason is shown and said once.
fn close(state: &mut SeatScreen, reason: String) -> Vec<Effect> {
    if state.closing.is_some() {
        return Vec::new();
    }
    state.changed = true;
    state.overlay = Overlay::None;
    let text = state
        .words()
        .say(SeatScreenSentence::Closed, &[("reason", &reason)]);
    state.log_line(text.clone());
    state.closing = Some(Closing {
        reason,
        at: state.now,
    });
    vec![Effect::Speak(Utterance::new(text, Priority::Urgent))]
}

/// Time passes: a closed seat ends after [`CLOSED_FOR`]; in the standard
/// layout a running clock is drawn again each second.
fn on_tick(state: &mut SeatScreen, now: std::time::Duration) -> Vec<Effect> {
    let before = state.now;
    state.now = now;
    if state.flash_until.is_some_and(|until| now >= until) {
        state.flash_until = None;
        state.changed = true;
    }
    if let Some(closing) = &state.closing {
        return if now.saturating_sub(closing.at) >= CLOSED_FOR {
            vec![Effect::Quit]
        } else {
            Vec::new()
        };
    }
    let running = state
        .view
        .as_ref()
        .is_some_and(|v| v.clocks.running.is_some());
    let shown_second = |t: std::time::Duration| t.saturating_sub(state.viewed_at).as_secs();
    if running && state.layout == Layout::Standard && shown_second(now) != shown_second(before) {
        state.changed = true;
    }
    Vec::new()
}

fn on_key(state: &mut SeatScreen, key: KeyEvent) -> Vec<Effect> {
    if key.kind == KeyEventKind::Release {
        return Vec::new();
    }
    state.changed = true;
    if state.closing.is_some() {
        // The game has gone: any key ends the seat.
        return vec![Effect::Quit];
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    let plain_char = match key.code {
        KeyCode::Char(c)
            if !key
                .modifiers
                .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT) =>
        {
            Some(c)
        }
        _ => None,
    };
    match state.overlay {
        Overlay::None => {}
        Overlay::Help => {
            return match key.code {
                KeyCode::F(1) | KeyCode::Esc => {
                    state.overlay = Overlay::None;
                    let text = state.words().say(SeatScreenSentence::HelpClosed, &[]);
                    vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
                }
                KeyCode::Up
                | KeyCode::Down
                | KeyCode::PageUp
                | KeyCode::PageDown
                | KeyCode::Home
                | KeyCode::End => {
                    scroll_help(state, key.code);
                    Vec::new()
                }
                _ => {
                    state.changed = false;
                    Vec::new()
                }
            };
        }
        Overlay::Leave => {
            let answer = plain_char.and_then(|c| yes_or_no(state, c));
            return match (key.code, answer) {
                (_, Some(true)) => leave(),
                (KeyCode::Esc, _) | (_, Some(false)) => {
                    state.overlay = Overlay::None;
                    let text = state.words().say(SeatScreenSentence::Stay, &[]);
                    state.log_line(text.clone());
                    vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
                }
                _ => {
                    state.changed = false;
                    Vec::new()
                }
            };
        }
    }
    match key.code {
        KeyCode::Esc => ask_to_leave(state),
        KeyCode::Char('c') if control => ask_to_leave(state),
        KeyCode::Char('u') if control => {
            state.input.clear();
            Vec::new()
        }
        KeyCode::F(1) => {
            state.overlay = Overlay::Help;
            state.help_scroll = 0;
            vec![Effect::Speak(Utterance::new(
                help_lines(state).join(". "),
                Priority::Answer,
            ))]
        }
        KeyCode::Enter => {
            let line = state.input.take();
            submit(state, &line)
        }
        KeyCode::Char(c) if plain_char.is_some() => {
            if let Typed::Full { .. } = state.input.insert(c) {
                state.changed = false;
            }
            Vec::new()
        }
        KeyCode::Backspace => {
            state.input.backspace();
            Vec::new()
        }
        KeyCode::Delete => {
            state.input.delete();
            Vec::new()
        }
        KeyCode::Left => {
            state.input.left();
            Vec::new()
        }
        KeyCode::Right => {
            state.input.right();
            Vec::new()
        }
        KeyCode::Home => {
            state.input.home();
            Vec::new()
        }
        KeyCode::End => {
            state.input.end();
            Vec::new()
        }
        KeyCode::Up => {
            state.changed = state.input.earlier();
            Vec::new()
        }
        KeyCode::Down => {
            state.changed = state.input.later();
            Vec::new()
        }
        _ => {
            state.changed = false;
            Vec::new()
        }
    }
}

/// Asks on the input line whether to leave the seat.
fn ask_to_leave(state: &mut SeatScreen) -> Vec<Effect> {
    state.overlay = Overlay::Leave;
    let text = state.words().say(SeatScreenSentence::LeaveQuestion, &[]);
    vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
}

/// The seat leaves; the game goes on.
fn leave() -> Vec<Effect> {
    vec![Effect::Send(ToGame::Leave), Effect::Quit]
}

/// Whether the letter `c` answers the question yes or no: y and n
/// always, and the pack's own letters (j for German ja).
fn yes_or_no(state: &SeatScreen, c: char) -> Option<bool> {
    let c = c.to_ascii_lowercase();
    let words = state.screen_words();
    let letters = |key| words.say(key, &[]).to_lowercase();
    if c == 'y' || letters(ScreenSentence::YesLetters).contains(c) {
        Some(true)
    } else if c == 'n' || letters(ScreenSentence::NoLetters).contains(c) {
        Some(false)
    } else {
        None
    }
}

/// The move an empty line confirms: the announced move, when the game
/// asks this seat's side to repeat it (D.2.1).
pub(super) fn to_confirm(state: &SeatScreen) -> Option<&str> {
    let view = state.view.as_ref()?;
    let side = state.side?;
    let last = view.last.as_ref()?;
    (view.step == SeatStep::Repeat && view.to_move == side && last.by != side)
        .then_some(last.label.as_str())
}

/// A typed line: `quit` and `help` (in English or the pack's words) are
/// the seat's own; everything else goes to the game. An empty line
/// confirms the move to repeat, if there is one.
fn submit(state: &mut SeatScreen, line: &str) -> Vec<Effect> {
    let trimmed = line.trim();
    if let Some(asked) = state.resign_asked.take() {
        let lexicon = zweibrett_core::notation::Lexicon::with_pack(&state.pack);
        match answers_resign(&state.pack, &lexicon, trimmed, &asked.resign) {
            ResignReply::Resign => return send(state, asked.typed),
            ResignReply::BackToGame(back) => return answer(state, back),
            ResignReply::Other => {}
        }
    }
    if let Some(question) = ask_before_resigning(state, trimmed) {
        return answer(state, question);
    }
    if trimmed.is_empty() {
        if to_confirm(state).is_none() {
            state.changed = false;
            return Vec::new();
        }
        // The pack's word, as the user would type it.
        let confirm = state.pack.command_words().word("confirm").to_string();
        return send(state, confirm);
    }
    let tokens: Vec<&str> = trimmed.split_whitespace().collect();
    let command = state.pack.command_words().read(&tokens);
    let alone = command.is_some_and(|(_, used)| used == tokens.len());
    match command.map(|(word, _)| word) {
        Some("quit") if alone => leave(),
        Some("help") if alone => {
            state.overlay = Overlay::Help;
            state.help_scroll = 0;
            vec![Effect::Speak(Utterance::new(
                help_lines(state).join(". "),
                Priority::Answer,
            ))]
        }
        _ => send(state, crate::printable::printable(trimmed).into_owned()),
    }
}

/// The question before a resignation for this seat's side (5.1.2), as
/// at the main keyboard; `None` when `typed` is no such resignation.
fn ask_before_resigning(state: &mut SeatScreen, typed: &str) -> Option<String> {
    let side = state.side?;
    let view = state.view.as_ref().filter(|v| v.result.is_none())?;
    let lexicon = zweibrett_core::notation::Lexicon::with_pack(&state.pack);
    let names = (view.white.as_str(), view.black.as_str());
    let asked = seat_resignation(&state.pack, &lexicon, typed, side, names)?;
    let question = asked.question.clone();
    state.resign_asked = Some(asked);
    Some(question)
}

/// Logs and says `text`, an answer of the seat's own.
fn answer(state: &mut SeatScreen, text: String) -> Vec<Effect> {
    state.log_line(text.clone());
    vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
}

/// Sends `text` to the game as this seat's line, and logs it.
fn send(state: &mut SeatScreen, text: String) -> Vec<Effect> {
    state.log_line(format!("> {text}"));
    vec![Effect::Send(ToGame::Line { text })]
}

/// The help's lines: what to type at this seat, then the keys.
pub(super) fn help_lines(state: &SeatScreen) -> Vec<String> {
    use crate::session::seat::SeatRole;
    let words = state.words();
    let typing = match state.role {
        SeatRole::Opponent => SeatScreenSentence::HelpOpponent,
        SeatRole::Arbiter => SeatScreenSentence::HelpArbiter,
        SeatRole::Assistant => SeatScreenSentence::HelpAssistant,
    };
    let mut keys = vec![typing, SeatScreenSentence::HelpEnter];
    if state.side.is_some() {
        keys.push(SeatScreenSentence::HelpConfirm);
    }
    keys.extend([
        SeatScreenSentence::HelpHistory,
        SeatScreenSentence::HelpKeys,
        SeatScreenSentence::HelpLeave,
    ]);
    keys.into_iter().map(|k| words.say(k, &[])).collect()
}

/// Scrolls the help when the window is shorter than it: a line with the
/// arrows, a page (the window's height less the frame) with PageUp and
/// PageDown, to either end with Home and End. The view keeps the scroll
/// within the help's length.
fn scroll_help(state: &mut SeatScreen, code: KeyCode) {
    let page = state.size.1.saturating_sub(4).max(1);
    state.help_scroll = match code {
        KeyCode::Up => state.help_scroll.saturating_sub(1),
        KeyCode::Down => state.help_scroll.saturating_add(1),
        KeyCode::PageUp => state.help_scroll.saturating_sub(page),
        KeyCode::PageDown => state.help_scroll.saturating_add(page),
        KeyCode::Home => 0,
        _ => u16::MAX,
    }
    .min(super::view::help_scroll_limit(state));
    state.changed = true;
}
