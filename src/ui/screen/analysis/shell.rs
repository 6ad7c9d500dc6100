//! The shell around the analysis screen: the terminal, the speech output,
//! and the engine's requests, which the session carries out. Keys are read
//! on their own thread into one channel, which the engine, a followed file
//! and the engine pass ring as well; the loop blocks on it until something
//! comes or the session's next deadline (a replay's next move), and draws
//! only when something changed, so a screen reader is never made to read a
//! redraw nobody asked for.

use std::collections::VecDeque;
use std::io;
use std::path::Path;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyEventKind};

use super::{AnalysisState, Effect, Msg, coalesce, update, view};
use crate::braille::{BrailleAnalysis, BrailleSettings};
use crate::notation::pack::VoicePack;
use crate::session::TimeLine;
use crate::session::wake::{Source, Wake};
use crate::speech::{
    Announce, Priority, SpeechOutput, SpeechSettings, Transcript, Utterance, quiet_stderr,
};
use crate::ui::screen::terminal::{FullScreen, wake_events};
use crate::ui::screen::theme::Theme;

/// Runs the analysis screen until the user quits. Standard error is
/// silenced first (the sound libraries write to it from their threads),
/// then speech is started without waiting for it, then the full screen is
/// entered. Everything said is also appended to `transcript`, if named.
pub fn run(
    mut state: AnalysisState,
    first: Vec<Effect>,
    (theme, braille): (&Theme, BrailleSettings),
    (speech, transcript): (SpeechSettings, Option<&Path>),
    pack: &VoicePack,
) -> io::Result<()> {
    let _quiet = quiet_stderr(None)?;
    let (voice, _text) = SpeechOutput::start(speech, pack);
    let output = Transcribed::new(voice, transcript);
    let mut screen = FullScreen::enter()?;
    let (events, bell) = wake_events();
    state.session.waker().connect_like(&bell);
    let (mut display, said) = BrailleAnalysis::open(braille, &bell.waker(), pack);
    // A replay goes on a pace after each move has been said whole.
    if let Some(waker) = output.waker() {
        waker.connect_like(&bell);
        state.session.pace_by_speech(true);
    }
    let mut said_until: Option<std::sync::mpsc::Receiver<Instant>> = None;
    let mut replayed: Vec<Effect> = Vec::new();
    let size = screen.terminal.size()?;
    let mut pending: Vec<Effect> = first;
    pending.extend(said.map(Effect::Say));
    pending.extend(update(&mut state, Msg::Resize(size.width, size.height)));
    let mut changed = true;
    loop {
        // A replayed or followed move is said whole, never cut by the
        // next, and a replay hears when it ended.
        for effect in replayed.drain(..) {
            match effect {
                Effect::Step(text) | Effect::Say(text) => {
                    output.announce(Utterance::new(text, Priority::Move));
                    said_until = output.when_quiet();
                }
                other => pending.push(other),
            }
        }
        match carry_out(&mut state, std::mem::take(&mut pending), &output) {
            Carried::Quit => return Ok(()),
            Carried::Changed => changed = true,
            Carried::Said => {}
        }
        if crate::signals::requested().is_some() {
            return Ok(());
        }
        if let Some(display) = &mut display {
            display.refresh(state.session.replay(), pack);
        }
        if changed {
            screen.terminal.draw(|frame| {
                theme.paint_background(frame);
                view(&state, theme, frame);
            })?;
            changed = false;
        }
        let mut messages = Vec::new();
        let now = Instant::now();
        let woke = match state.session.deadline(now) {
            Some(due) => events.recv_timeout(due.saturating_duration_since(now)),
            None => events.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        // Everything that came while the last step was being drawn is taken
        // at once, so a held key yields one spoken step, not a queue.
        for woke in std::iter::once(woke).chain(events.try_iter().map(Ok)) {
            match woke {
                Ok(Wake::Input(event, _)) => messages.extend(message(event)),
                Ok(Wake::Rang(Source::Signal) | Wake::InputEnded)
                | Err(RecvTimeoutError::Disconnected) => return Ok(()),
                Ok(Wake::Rang(Source::Braille)) => {
                    let Some(shown) = &mut display else {
                        continue;
                    };
                    let (commands, change) = shown.keys(pack);
                    pending.extend(change.map(Effect::Say));
                    messages.extend(commands.into_iter().map(Msg::Command));
                }
                Ok(Wake::Rang(_)) | Err(RecvTimeoutError::Timeout) => {}
            }
        }
        messages.extend(state.session.poll_engine(Instant::now()).map(Msg::Engine));
        if let Some(quiet) = &said_until {
            match quiet.try_recv() {
                Ok(at) => {
                    state.session.replay_said(at);
                    said_until = None;
                }
                Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                    state.session.replay_said(Instant::now());
                    said_until = None;
                }
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
            }
        }
        if state.session.is_replaying() {
            let shown = update(&mut state, Msg::Tick(Instant::now()));
            changed |= !shown.is_empty();
            replayed.extend(shown);
        }
        // The engine pass ends in the background: what it found is said
        // and the board goes to the first mistake.
        let passed = state.session.poll_pass();
        if !passed.is_empty() {
            pending.extend(state.show(passed));
            changed = true;
        }
        // A followed game's moves are said as moves too: never cut off.
        let followed = state.session.poll_live();
        if !followed.is_empty() {
            replayed.extend(update(&mut state, Msg::Followed(followed)));
            changed = true;
        }
        for msg in messages {
            pending.extend(update(&mut state, msg));
            changed = true;
        }
    }
}

/// What carrying out the effects came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Carried {
    /// The user leaves.
    Quit,
    /// The state changed: the screen is to be drawn again.
    Changed,
    /// Only something was said.
    Said,
}

/// Carries out `effects` in order: says each answer, asks the engine and
/// takes its first word back through [`update`], hands text to the
/// clipboard. Of several steps at once only the last is said.
pub(crate) fn carry_out(
    state: &mut AnalysisState,
    effects: Vec<Effect>,
    output: &dyn Announce,
) -> Carried {
    let mut carried = Carried::Said;
    let mut work: VecDeque<Effect> = coalesce(effects).into();
    while let Some(effect) = work.pop_front() {
        match effect {
            Effect::Step(text) | Effect::Say(text) => {
                output.announce(Utterance::new(text, Priority::Answer));
            }
            Effect::Evaluate { position, asked } => {
                let msg = if state.session.ask_engine(&position, Instant::now()) {
                    Msg::EngineAsked { asked }
                } else {
                    Msg::NoEngine { asked }
                };
                work.extend(update(state, msg));
                carried = Carried::Changed;
            }
            Effect::Copy(text) => {
                crate::ui::clipboard::offer(&text);
            }
            Effect::Quit => return Carried::Quit,
        }
    }
    carried
}

/// The voice, with the transcript of what it is given when one is kept.
pub(crate) struct Transcribed<A: Announce> {
    voice: Option<A>,
    transcript: Option<Transcript<A>>,
}

impl<A: Announce> Transcribed<A> {
    /// `voice`, transcribed to `path` when there is one.
    pub(crate) fn new(voice: A, path: Option<&Path>) -> Transcribed<A> {
        match path {
            Some(path) => Transcribed {
                voice: None,
                transcript: Some(Transcript::open(
                    path,
                    TimeLine::starting_at(Duration::ZERO),
                    Some(voice),
                )),
            },
            None => Transcribed {
                voice: Some(voice),
                transcript: None,
            },
        }
    }
}

impl<A: Announce> Transcribed<A> {
    /// The voice behind the transcript.
    pub(crate) fn voice(&self) -> Option<&A> {
        match &self.transcript {
            Some(transcript) => transcript.voice(),
            None => self.voice.as_ref(),
        }
    }

    /// Why the transcript cannot be written, once.
    pub(crate) fn failure(&self) -> Option<String> {
        let failure = self.transcript.as_ref()?.take_failure()?;
        Some(failure.to_string())
    }

    fn inner(&self) -> Option<&dyn Announce> {
        match (&self.transcript, &self.voice) {
            (Some(transcript), _) => Some(transcript),
            (None, Some(voice)) => Some(voice),
            (None, None) => None,
        }
    }
}

impl<A: Announce> Announce for Transcribed<A> {
    fn announce(&self, utterance: Utterance) {
        if let Some(inner) = self.inner() {
            inner.announce(utterance);
        }
    }

    fn hush(&self) {
        if let Some(inner) = self.inner() {
            inner.hush();
        }
    }

    fn adjust(&self, change: crate::speech::VoiceChange) -> Option<crate::speech::VoiceLevel> {
        self.inner().and_then(|inner| inner.adjust(change))
    }

    fn waker(&self) -> Option<&crate::session::wake::Waker> {
        self.inner().and_then(|inner| inner.waker())
    }

    fn when_quiet(&self) -> Option<std::sync::mpsc::Receiver<Instant>> {
        self.inner().and_then(|inner| inner.when_quiet())
    }
}

fn message(event: Event) -> Option<Msg> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => Some(Msg::Key(key)),
        Event::Resize(w, h) => Some(Msg::Resize(w, h)),
        _ => None,
    }
}
