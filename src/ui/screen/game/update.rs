//! How keys, time and the shell's reports change the game screen.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::log::{self, Step};
use super::{ClockReading, Effect, GameScreen, Msg, Overlay, Typed, view};
use crate::analysis::{Question, Whose};
use crate::game::words::GameSentence;
use crate::game::{Command, EventKind};
use crate::notation::pack::{LineSentence, ScreenSentence};
use crate::record::{pgn_write, score};
use crate::session::{Report, Settled};
use crate::speech::{Priority, Utterance};
use crate::table::{Line, answer, audit_lines, help, parse_typed_line, role_guide, user_side};
use crate::ui::lines::MAX_LINE_CHARS;
use crate::ui::screen::keys::{Action, action_for, spoken_help};

/// The command words the keys put on the input line, with the English
/// word the line parser reads, so that the pack's word works as typed.
const LINE_WORDS: [(ScreenSentence, &str); 5] = [
    (ScreenSentence::WordSquare, "square"),
    (ScreenSentence::WordRank, "rank"),
    (ScreenSentence::WordFile, "file"),
    (ScreenSentence::WordCorrect, "correct"),
    (ScreenSentence::WordClaim, "claim"),
];

/// Changes `state` on `msg`; returns what the shell is to do, in order.
pub fn update(state: &mut GameScreen, msg: Msg) -> Vec<Effect> {
    let before = state.log.len();
    let effects = handle(state, msg);
    new_answer_from(state, before);
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
        Msg::Recorded(settled) => recorded(state, settled),
        Msg::RecordFailed(why) => {
            state.changed = true;
            let text = state
                .words()
                .say(ScreenSentence::NotRecorded, &[("reason", &why)]);
            state.stopped = Some(text.clone());
            vec![say(state, text, Priority::Urgent), Effect::Quit]
        }
        Msg::Heard(outcome) => {
            state.changed = true;
            match outcome {
                // Carried out as the same words typed on the input line.
                crate::hearing::game::Outcome::Enter { text, .. } => submit(state, &text),
                crate::hearing::game::Outcome::Say {
                    text,
                    not_understood,
                } => {
                    let said = say(state, text, Priority::Answer);
                    match said {
                        Effect::Speak(u) if not_understood => {
                            vec![Effect::Speak(
                                u.with_earcon(crate::speech::Earcon::NotUnderstood),
                            )]
                        }
                        other => vec![other],
                    }
                }
            }
        }
        Msg::Saved(result) => {
            state.changed = true;
            let words = state.words();
            let text = match result {
                Ok(path) => words.say(
                    ScreenSentence::Saved,
                    &[("path", &path.display().to_string())],
                ),
                Err(e) => words.say(ScreenSentence::NotSaved, &[("reason", &e)]),
            };
            vec![say(state, text, Priority::Answer)]
        }
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
                (KeyCode::F(1), _) | (_, Some('s')) => {
                    vec![Effect::Speak(Utterance::new(
                        spoken_help(state.words()),
                        Priority::Answer,
                    ))]
                }
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
                        leave(state)
                    } else {
                        vec![Effect::Record(Command::Resign(Some(
                            user_side(&state.game).into(),
                        )))]
                    }
                }
                (KeyCode::Esc, _) | (_, Some(false)) => {
                    state.overlay = Overlay::None;
                    let text = state.words().say(ScreenSentence::BackToGame, &[]);
                    vec![say(state, text, Priority::Answer)]
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
                let full = state.game.pack().line_sentences().say_count(
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
        Action::LogPageUp => log::page_up(&state.log, &state.scroll, width, height),
        Action::LogPageDown => log::page_down(&state.log, &state.scroll, width, height),
        Action::LogOldest => log::oldest(&state.log, width),
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

/// Leaving stops a running clock where it stands, so that a resumed game
/// starts from this moment rather than from the last reading (6.11).
fn leave(state: &mut GameScreen) -> Vec<Effect> {
    state.leaving = true;
    let pause = state.game.pause_if_running();
    pause
        .map(Effect::Record)
        .into_iter()
        .chain([Effect::Quit])
        .collect()
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

/// Fills the input line with the pack's command word `word` and says
/// what to type (`hint`).
fn prompt_for(state: &mut GameScreen, word: ScreenSentence, hint: ScreenSentence) -> Vec<Effect> {
    let words = state.words();
    let start = format!("{} ", words.say(word, &[]));
    let hint = words.say(hint, &[]);
    state.input.set(&start);
    vec![say(state, hint, Priority::Answer)]
}

/// `line` with a first word that is one of the pack's command words of
/// [`LINE_WORDS`] put in the English word the line parser reads.
fn in_command_words(state: &GameScreen, line: &str) -> String {
    let trimmed = line.trim_start();
    let (first, rest) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
    let first = first.to_lowercase();
    LINE_WORDS
        .iter()
        .find(|(key, _)| state.words().say(*key, &[]).to_lowercase() == first)
        .map_or_else(
            || line.to_string(),
            |(_, english)| format!("{english} {rest}").trim_end().to_string(),
        )
}

fn act(state: &mut GameScreen, action: Action) -> Vec<Effect> {
    let record = |c: Command| vec![Effect::Record(c)];
    match action {
        Action::Help => {
            state.overlay = Overlay::Help;
            state.help_top = 0;
            vec![Effect::Speak(Utterance::new(
                spoken_help(state.words()),
                Priority::Answer,
            ))]
        }
        Action::Time => record(Command::Time),
        Action::Again => record(Command::Again(None)),
        Action::Pieces => {
            let text = answer(&state.game, &Question::Pieces(Whose::Both));
            vec![say(state, text, Priority::Answer)]
        }
        Action::Square => prompt_for(
            state,
            ScreenSentence::WordSquare,
            ScreenSentence::PromptSquare,
        ),
        Action::Correct => prompt_for(
            state,
            ScreenSentence::WordCorrect,
            ScreenSentence::PromptCorrect,
        ),
        Action::Press => record(Command::Press),
        Action::Confirm => record(Command::Confirm),
        Action::Offer => record(Command::Offer),
        Action::Claim => prompt_for(
            state,
            ScreenSentence::WordClaim,
            ScreenSentence::PromptClaim,
        ),
        Action::Resign => {
            state.overlay = Overlay::Resign;
            let who = state.player(user_side(&state.game));
            let text = state
                .words()
                .say(ScreenSentence::ResignQuestion, &[("player", &who)]);
            vec![say(state, text, Priority::Answer)]
        }
        Action::Pause => {
            let clock = state.game.clock();
            if clock.is_started() && !clock.is_paused() {
                record(Command::Pause)
            } else {
                record(Command::Resume)
            }
        }
        Action::Save => vec![Effect::Save],
        Action::Listen => vec![Effect::Listen],
        Action::Quit => {
            state.overlay = Overlay::Quit;
            let text = state.words().say(ScreenSentence::QuitQuestion, &[]);
            vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
        }
        Action::Submit => {
            let line = state.input.take();
            submit(state, &line)
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
            let text = state.game.words().say(key, &[]);
            vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
        }
        Action::LogPageUp | Action::LogPageDown | Action::LogOldest | Action::LogNewest => {
            scroll_log(state, action)
        }
        Action::ReadLine => {
            state.changed = false;
            let typed = state.input.text();
            let text = if typed.trim().is_empty() {
                state.game.words().say(GameSentence::LineEmpty, &[])
            } else {
                state
                    .game
                    .words()
                    .say(GameSentence::LineTyped, &[("text", &typed)])
            };
            vec![Effect::Speak(Utterance::new(text, Priority::Answer))]
        }
    }
}

/// Carries out a typed line: every word of plain mode works here.
fn submit(state: &mut GameScreen, line: &str) -> Vec<Effect> {
    let lines = |state: &mut GameScreen, text: &str| -> Vec<Effect> {
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| say(state, l.to_string(), Priority::Answer))
            .collect()
    };
    let line = in_command_words(state, line);
    match parse_typed_line(state.game.pack(), state.game.lexicon(), &line) {
        Line::Game(command) => vec![Effect::Record(command)],
        Line::Pgn => {
            let text = pgn_write::write(&state.game);
            lines(state, &text)
        }
        Line::Save => vec![Effect::Save],
        Line::SaveBrf(path) => vec![Effect::SaveBrf(path)],
        read @ (Line::Score | Line::ScoreIn(_)) => {
            let text = match read {
                Line::ScoreIn(pieces) => {
                    score::plain_in(&state.game, pieces.signs(state.game.pack()))
                }
                _ => score::plain(&state.game),
            };
            let mut effects = lines(state, &text);
            if effects.is_empty() {
                let text = state.words().say(ScreenSentence::NoMovesYet, &[]);
                effects.push(say(state, text, Priority::Answer));
            }
            effects
        }
        Line::Braille => {
            let text = score::braille(&state.game);
            lines(state, &text)
        }
        Line::Audit => audit(state, None),
        Line::BoardShows(player, shows) => audit(state, Some((player, shows))),
        Line::Ask(question) => {
            let text = answer(&state.game, &question);
            vec![say(state, text, Priority::Answer)]
        }
        Line::Help => {
            let guide = role_guide(&state.game);
            vec![say(
                state,
                format!("{guide} {}", help(state.game.pack()).join(" ")),
                Priority::Answer,
            )]
        }
        Line::Quit => act(state, Action::Quit),
        Line::Listen => vec![Effect::Listen],
        Line::Nothing => {
            state.changed = false;
            Vec::new()
        }
        Line::Wrong(why) => {
            let why = why.say(state.game.pack());
            vec![say(state, why, Priority::Answer)]
        }
    }
}

/// The arbiter's audit (D.2.9), each finding logged and spoken.
fn audit(state: &mut GameScreen, shown: Option<(shakmaty::Color, String)>) -> Vec<Effect> {
    match audit_lines(&state.game, shown) {
        Ok(found) => found
            .into_iter()
            .map(|l| say(state, l, Priority::Answer))
            .collect(),
        Err(e) => vec![say(state, e.to_string(), Priority::Answer)],
    }
}

/// Shows a command carried out once journalled; everything that happened is logged and
/// spoken, and the clocks shown are read again.
fn recorded(state: &mut GameScreen, settled: Settled) -> Vec<Effect> {
    let Settled {
        command,
        at,
        reports,
    } = settled;
    if at > state.now {
        state.now = at;
    }
    if command == Command::Tick && reports.is_empty() {
        return Vec::new();
    }
    state.changed = true;
    state.clocks = ClockReading::of(&state.game, at);
    with_status(state, reports)
}

/// Logs and speaks `reports`, then says the status line when it says
/// something new since the last one said (the next step, after a press).
fn with_status(state: &mut GameScreen, reports: Vec<Report>) -> Vec<Effect> {
    let kinds: Vec<EventKind> = reports
        .iter()
        .filter_map(|r| match r {
            Report::Event { event, .. } => Some(event.kind.clone()),
            _ => None,
        })
        .collect();
    let mut effects: Vec<Effect> = reports.into_iter().map(|r| shown(state, r)).collect();
    if !state.leaving {
        let status = state.status();
        effects.extend(
            state
                .spoken
                .to_say_status(status, &kinds)
                .map(Effect::Speak),
        );
    }
    effects
}

/// A command has waited for the disk longer than a second: said once,
/// and shown in the log.
pub fn journal_slow(state: &mut GameScreen) -> Effect {
    state.changed = true;
    state.scroll.answer_from = state.log.len();
    let text = state
        .game
        .pack()
        .line_sentences()
        .say(crate::notation::pack::LineSentence::JournalSlow, &[]);
    say(state, text, Priority::Answer)
}

/// The transcript cannot be written: said once, logged, and the game goes
/// on, since the journal is what must not be lost.
pub fn transcript_failed(state: &mut GameScreen, reason: &str) -> Effect {
    state.changed = true;
    state.scroll.answer_from = state.log.len();
    let text = state
        .game
        .words()
        .say(GameSentence::TranscriptFailed, &[("reason", reason)]);
    say(state, text, Priority::Urgent)
}

/// What the game says as it opens, logged and spoken: the sentences the
/// pack lacks, if any, the time control
/// (D.2.6.1), and the result of a position already decided (5.1.1, 5.2.1,
/// 5.2.2) with its PGN written.
pub fn opened(state: &mut GameScreen) -> Vec<Effect> {
    let mut effects = Vec::new();
    state.scroll.answer_from = state.log.len();
    // A pack that lacks sentences says so once, before the game speaks.
    if let Some(text) = state.missing_notice() {
        state.changed = true;
        effects.push(say(state, text, Priority::Answer));
    }
    let reports = state.game.opening();
    if !reports.is_empty() {
        state.changed = true;
    }
    effects.extend(with_status(state, reports));
    effects
}

/// Logs a report of the session; what to do about it.
fn shown(state: &mut GameScreen, report: Report) -> Effect {
    match report {
        Report::Event { event, label } => {
            let text = match label {
                Some(label) => format!("{label}: {}", event.utterance.text),
                None => event.utterance.text.clone(),
            };
            state.log.push(text);
            Effect::Speak(event.utterance)
        }
        Report::Notice(utterance) => {
            state.log.push(utterance.text.clone());
            Effect::Speak(utterance)
        }
        Report::Ended => Effect::Save,
    }
}

/// Time passes: the time left is announced when due (D.2.6.1), and a
/// running clock is recorded twice a second. In the screen-reader layout,
/// and in a standard one kept still, nothing on screen changes unless
/// something is said.
fn on_tick(state: &mut GameScreen, now: crate::clock::Instant) -> Vec<Effect> {
    let shown_before = state.now.0.as_secs();
    state.now = now;
    let mut effects = Vec::new();
    if let Some(notice) = state.game.notice(now) {
        state.changed = true;
        effects.push(shown(state, notice));
    }
    let running = state.game.clock_running();
    effects.extend(state.game.tick_due(now).map(Effect::Record));
    // The dead-position search answers whether anyone types or not (5.2.2).
    effects.extend(state.game.ruling_due().map(Effect::Record));
    if running && state.ticking() && now.0.as_secs() != shown_before {
        state.changed = true;
    }
    effects
}
