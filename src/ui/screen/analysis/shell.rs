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
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyEventKind};

use super::{AnalysisState, Effect, Msg, coalesce, update, view};
use crate::braille::{BrailleAnalysis, BrailleSettings};
use crate::driver::{Driven, Next, Woke};
use crate::notation::pack::VoicePack;
use crate::session::TimeLine;
use crate::speech::{
    Announce, Priority, SpeechOutput, SpeechSettings, Transcript, Utterance, quiet_stderr,
};
use crate::ui::screen::terminal::{FullScreen, key_driver};
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
    let mut driver = key_driver();
    state.session.waker().connect_like(driver.bell());
    driver.take_braille(braille);
    let display = BrailleAnalysis::new(braille, pack);
    // A replay goes on a pace after each move has been said whole.
    if let Some(waker) = output.waker() {
        waker.connect_like(driver.bell());
        state.session.pace_by_speech(true);
    }
    let size = screen.terminal.size()?;
    let mut pending: Vec<Effect> = first;
    pending.extend(update(&mut state, Msg::Resize(size.width, size.height)));
    let mut drawn = Drawn {
        state: &mut state,
        screen: &mut screen,
        output: &output,
        look: (theme, pack),
        display,
        pending,
        changed: true,
    };
    driver.drive(&mut drawn)?;
    Ok(())
}

/// The analysis screen on its terminal, as the driver drives it.
struct Drawn<'a> {
    state: &'a mut AnalysisState,
    screen: &'a mut FullScreen,
    output: &'a dyn Announce,
    look: (&'a Theme, &'a VoicePack),
    display: Option<BrailleAnalysis>,
    /// What the keys asked, carried out once all that came is taken: of
    /// several steps at once (a key held down) only the last is said.
    pending: Vec<Effect>,
    changed: bool,
}

impl Driven for Drawn<'_> {
    type Input = Event;
    type Fault = io::Error;

    fn settle(&mut self, now: Instant) -> io::Result<Next> {
        let came = self.state.session.wake(now);
        if !came.moves.is_empty() {
            // A replayed or followed move is said whole, never cut by the
            // next, and a replay hears when it ended.
            for effect in update(self.state, Msg::Came(came.moves)) {
                match effect {
                    Effect::Step(text) | Effect::Say(text) => {
                        self.output.announce(Utterance::new(text, Priority::Move));
                    }
                    other => self.pending.push(other),
                }
            }
            self.state.session.saying_moves(self.output.when_quiet());
            self.changed = true;
        }
        if !came.answers.is_empty() {
            let answers = update(self.state, Msg::Came(came.answers));
            self.pending.extend(answers);
            self.changed = true;
        }
        match carry_out(self.state, std::mem::take(&mut self.pending), self.output) {
            Carried::Quit => return Ok(Next::Leave),
            Carried::Changed => self.changed = true,
            Carried::Said => {}
        }
        let (theme, _) = self.look;
        if std::mem::take(&mut self.changed) {
            let state = &*self.state;
            crate::ui::screen::terminal::FullScreen::draw(&mut self.screen.terminal, |frame| {
                theme.paint_background(frame);
                view(state, theme, frame);
            })?;
        }
        Ok(Next::Wait)
    }

    fn deadline(&self) -> Option<Instant> {
        self.state.session.deadline(Instant::now())
    }

    fn take(&mut self, woke: Woke<Event>, _now: Instant) -> Next {
        match woke {
            Woke::Input(event, _) => {
                if let Some(msg) = message(event) {
                    self.pending.extend(update(self.state, msg));
                    self.changed = true;
                }
            }
            Woke::InputEnded => return Next::Leave,
            Woke::Braille(input) => {
                let Some(shown) = &mut self.display else {
                    return Next::Wait;
                };
                let (commands, change) = shown.input(input, self.look.1);
                // Logged as well as said: the screen shows what is said.
                if let Some(change) = change {
                    let said = self.state.say(change);
                    self.pending.push(said);
                }
                for command in commands {
                    self.pending
                        .extend(update(self.state, Msg::Command(command)));
                }
                self.changed = true;
            }
            // What rang is taken when the driver settles.
            Woke::Rang(_) | Woke::Due => {}
        }
        Next::Wait
    }

    fn braille_line(&mut self, cells: usize) -> Option<zweibrett_core::braille::Window> {
        let display = self.display.as_mut()?;
        Some(display.line(self.state.session.replay(), self.look.1, cells))
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

/// Carries out `effects` in order: says each answer, asks the engine as
/// line mode does ([`crate::session::analysis::AnalysisSession::evaluate`])
/// and takes what that says back through [`update`], hands text to the
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
                let said = state.session.evaluate(&position, asked, Instant::now());
                work.extend(update(state, Msg::Came(said)));
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
