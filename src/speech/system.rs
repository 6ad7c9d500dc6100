//! The system's speech engine: speech-dispatcher's own client library on
//! Linux (`dispatcher`), the `tts` crate elsewhere (`portable`).
//!
//! The engine lives on a thread of its own. Connecting to it can hang for
//! half a minute when speech-dispatcher is started without a usable sound
//! device, and any call into it may block on its socket; so the speech
//! thread only sends it commands and reads shared state, and gives up on it
//! after a time limit.

use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::nudge::Nudge;
use super::settings::SpeechSettings;

#[cfg(target_os = "linux")]
#[path = "system/dispatcher.rs"]
mod engine;
#[cfg(not(target_os = "linux"))]
#[path = "system/portable.rs"]
mod engine;

use engine::UtteranceId;

pub(super) enum Command {
    /// Say a text; `yielding`: without cutting off another program's
    /// speech (see [`SystemVoice::set_yielding`]).
    Speak {
        text: String,
        yielding: bool,
    },
    Stop,
    /// Say a word at the lowest volume, to learn whether the engine
    /// really speaks, without being heard.
    Probe,
    /// Speak at these settings' rate and volume from the next text on.
    Settings(SpeechSettings),
}

/// What the engine thread reports.
#[derive(Default)]
pub(super) struct State {
    /// The voice in use, for messages.
    name: String,
    /// Number of the last utterance sent to the engine thread.
    requested: u64,
    /// Number and engine id of the last utterance the engine accepted, and
    /// when.
    accepted: Option<(u64, UtteranceId, Instant)>,
    /// Utterances the engine has started to say.
    begun: Vec<UtteranceId>,
    /// Utterances the engine has finished or cancelled.
    finished: Vec<UtteranceId>,
    /// Utterances the program itself cancelled.
    cancelled_here: Vec<UtteranceId>,
    /// Utterances cancelled by someone else: another program's speech
    /// cut them off, or the engine refused to say them over it.
    cut_off: Vec<UtteranceId>,
    /// The engine refused a call.
    broken: bool,
    /// Rate, volume and voice are set; the engine speaks from now on.
    configured: bool,
    /// When the engine accepted the connection.
    connected_at: Option<Instant>,
    /// Why the engine refused the connection.
    refused: Option<String>,
    /// The engine id of the silent probe, and when it was sent.
    probe: Option<(UtteranceId, Instant)>,
    /// Rung whenever the engine's thread changes any of the above.
    nudge: Option<Nudge>,
}

/// How long setting up the engine may take before its first text.
const CONFIGURE_LIMIT: Duration = Duration::from_secs(10);

/// How long the engine may take from accepting a text to starting to say
/// it. speech-dispatcher without a working sound device accepts texts and
/// never starts them.
const BEGIN_LIMIT: Duration = Duration::from_secs(2);

/// A connection to the system's speech engine.
pub struct SystemVoice {
    commands: Sender<Command>,
    state: Arc<Mutex<State>>,
    /// When the current utterance must have ended at the latest.
    deadline: Option<Instant>,
    /// Whether texts are sent so as to yield to another program's speech.
    yielding: bool,
    /// Closed by the engine's thread once the connection is made or
    /// refused: waiting for it needs no polling.
    settled: Receiver<()>,
}

/// How connecting to the engine went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Connection {
    /// No answer yet.
    Pending,
    /// The engine accepted the connection.
    Connected,
    /// The engine refused; its own words.
    Refused(String),
}

/// Why the system's speech engine cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum SystemSpeechError {
    /// The engine refused to start; its own words.
    #[error("no system speech: {0}")]
    NoEngine(String),
    /// The thread for the engine could not be started.
    #[error("{0}")]
    Thread(#[from] std::io::Error),
    /// The engine did not answer in time.
    #[error("the system speech engine did not answer within {ms} ms")]
    Timeout {
        /// The time limit, in milliseconds.
        ms: u128,
    },
}

impl SystemSpeechError {
    /// Why the system voice does not speak, in `pack`'s words; the
    /// engine's own words go to the debug log.
    pub fn say(&self, pack: &crate::notation::VoicePack) -> String {
        use crate::notation::pack::SpeechSentence as S;
        log::debug!(target: "speech", "{self}");
        let words = pack.speech_sentences();
        match self {
            SystemSpeechError::Timeout { ms } => {
                let seconds = ms.div_ceil(1000).to_string();
                words.say(S::EngineSlow, &[("seconds", &seconds)])
            }
            SystemSpeechError::NoEngine(_) | SystemSpeechError::Thread(_) => {
                words.say(S::NoEngine, &[])
            }
        }
    }
}

impl SystemVoice {
    /// Connects to the engine, waiting at most the configured time limit;
    /// then, on the engine's thread, sets rate, volume and a voice for
    /// `language` (or the configured voice) before the first text is said.
    /// On a timeout the connection still being made is handed back with
    /// the error, to be used if it comes up later.
    pub fn connect(
        settings: &SpeechSettings,
        language: &str,
    ) -> Result<SystemVoice, (SystemSpeechError, Option<SystemVoice>)> {
        let voice = SystemVoice::start(settings, language).map_err(|e| (e, None))?;
        // Blocks until the engine's thread closes `settled`, or the time
        // is up.
        let _ = voice.settled.recv_timeout(settings.system_timeout());
        match voice.connection() {
            Connection::Connected => Ok(voice),
            Connection::Refused(why) => Err((SystemSpeechError::NoEngine(why), None)),
            Connection::Pending => {
                let ms = settings.system_timeout().as_millis();
                Err((SystemSpeechError::Timeout { ms }, Some(voice)))
            }
        }
    }

    /// Starts connecting to the engine on a thread of its own and returns
    /// at once; [`SystemVoice::connection`] tells how it went. A thread
    /// left waiting for an engine that never answers ends by itself when
    /// the engine answers and finds nobody listening.
    pub fn start(
        settings: &SpeechSettings,
        language: &str,
    ) -> Result<SystemVoice, SystemSpeechError> {
        let (commands, command_rx) = mpsc::channel();
        let (settle, settled) = mpsc::channel();
        let state = Arc::new(Mutex::new(State::default()));
        let thread_state = Arc::clone(&state);
        let settings = settings.clone();
        let language = language.to_string();
        std::thread::Builder::new()
            .name("zweibrett-tts".into())
            .spawn(move || {
                engine::run(&settings, &language, command_rx, (&thread_state, settle))
            })?;
        Ok(SystemVoice {
            commands,
            state,
            deadline: None,
            yielding: false,
            settled,
        })
    }

    /// How connecting to the engine went so far.
    pub fn connection(&self) -> Connection {
        let state = lock(&self.state);
        match (&state.refused, state.connected_at) {
            (Some(why), _) => Connection::Refused(why.clone()),
            (None, Some(_)) => Connection::Connected,
            (None, None) => Connection::Pending,
        }
    }

    /// Sends the silent probe: a word at the lowest volume. Once the engine
    /// has begun to say it, [`SystemVoice::probe_heard`] is true.
    pub fn probe(&mut self) {
        if self.commands.send(Command::Probe).is_err() {
            lock(&self.state).broken = true;
        }
    }

    /// Whether the engine began to say the silent probe: it really speaks.
    pub fn probe_heard(&self) -> bool {
        let state = lock(&self.state);
        state
            .probe
            .as_ref()
            .is_some_and(|(id, _)| state.begun.contains(id))
    }

    /// Whether the probe was sent and not begun within the time an
    /// utterance may take to begin.
    pub fn probe_failed(&self) -> bool {
        let state = lock(&self.state);
        state.broken
            || state
                .probe
                .as_ref()
                .is_some_and(|(id, at)| !state.begun.contains(id) && at.elapsed() > BEGIN_LIMIT * 2)
    }

    /// Starts saying a text, replacing what is said.
    pub fn speak(&mut self, text: &str) {
        lock(&self.state).requested += 1;
        // An engine that never reports the end is taken as broken after a
        // generous time for the text.
        let limit = Duration::from_secs(5) + Duration::from_millis(150) * text.len() as u32;
        let start = {
            let state = lock(&self.state);
            match state.connected_at {
                Some(at) if !state.configured => Instant::now().max(at + CONFIGURE_LIMIT),
                _ => Instant::now(),
            }
        };
        self.deadline = Some(start + limit);
        if self
            .commands
            .send(Command::Speak {
                text: text.to_string(),
                yielding: self.yielding,
            })
            .is_err()
        {
            lock(&self.state).broken = true;
        }
    }

    /// Stops at once.
    pub fn stop(&mut self) {
        self.deadline = None;
        let _ = self.commands.send(Command::Stop);
    }

    /// From the next text on, yields to another program's speech (a
    /// screen reader on the same engine): a text is then not said over
    /// it, and [`SystemVoice::cut_off`] tells that it was not said.
    pub fn set_yielding(&mut self, yielding: bool) {
        self.yielding = yielding;
    }

    /// Whether the last text ended because someone else cut it off, or
    /// the engine would not say it over another program's speech.
    pub fn cut_off(&self) -> bool {
        let state = lock(&self.state);
        match state.accepted {
            Some((n, id, _)) if n == state.requested => state.cut_off.contains(&id),
            _ => false,
        }
    }

    /// Speaks at the rate and volume of `settings` from the next text on.
    pub fn set_level(&mut self, settings: &SpeechSettings) {
        let _ = self.commands.send(Command::Settings(settings.clone()));
    }

    /// The name of the voice in use, once chosen.
    pub fn name(&self) -> String {
        lock(&self.state).name.clone()
    }

    /// Whether the last text is still being said.
    pub fn busy(&mut self) -> bool {
        let state = lock(&self.state);
        if state.broken {
            return false;
        }
        if !state.configured {
            return state.requested > 0 && self.deadline.is_some();
        }
        match state.accepted {
            Some((n, id, _)) if n == state.requested => !state.finished.contains(&id),
            _ => state.requested > 0 && self.deadline.is_some(),
        }
    }

    /// Whether the engine failed: refused a call, took too long to set up,
    /// or never finished a text.
    pub fn failed(&mut self) -> bool {
        let (configured, not_begun, connected_at) = {
            let state = lock(&self.state);
            let not_begun = match state.accepted {
                Some((n, id, at)) if n == state.requested => {
                    !state.begun.contains(&id)
                        && !state.finished.contains(&id)
                        && at.elapsed() > BEGIN_LIMIT
                }
                _ => false,
            };
            (state.configured, not_begun, state.connected_at)
        };
        let overdue = if configured {
            (not_begun || self.deadline.is_some_and(|d| Instant::now() > d)) && self.busy()
        } else {
            connected_at.is_some_and(|at| at.elapsed() > CONFIGURE_LIMIT)
        };
        if overdue {
            lock(&self.state).broken = true;
        }
        lock(&self.state).broken
    }

    /// Whether the engine is set up and speaks; until then the built-in
    /// voice says what comes.
    pub fn ready(&self) -> bool {
        let state = lock(&self.state);
        state.configured && !state.broken
    }

    /// Rings `nudge` whenever the engine's thread reports something, and
    /// once now, for what it reported before.
    pub(super) fn nudge_with(&self, nudge: Nudge) {
        changed(&self.state, |state| state.nudge = Some(nudge));
    }

    /// When one of the engine's time limits runs out, if one runs: the
    /// moment [`SystemVoice::failed`] or [`SystemVoice::probe_failed`]
    /// may change without the engine reporting anything.
    pub(super) fn due(&self) -> Option<Instant> {
        let state = lock(&self.state);
        if state.broken {
            return None;
        }
        let probe = state
            .probe
            .as_ref()
            .filter(|(id, _)| !state.begun.contains(id))
            .map(|(_, at)| *at + BEGIN_LIMIT * 2);
        if !state.configured {
            let setting_up = state.connected_at.map(|at| at + CONFIGURE_LIMIT);
            return setting_up.into_iter().chain(probe).min();
        }
        let (begin, end) = match &state.accepted {
            Some((n, id, at)) if *n == state.requested && !state.finished.contains(id) => {
                let begin = (!state.begun.contains(id)).then_some(*at + BEGIN_LIMIT);
                (begin, self.deadline)
            }
            // Sent and not yet accepted: only the whole text's limit.
            _ if state.requested > 0 => (None, self.deadline),
            _ => (None, None),
        };
        [begin, end, probe].into_iter().flatten().min()
    }
}

/// Changes the state on the engine's thread and rings whoever waits on it.
pub(super) fn changed(state: &Mutex<State>, change: impl FnOnce(&mut State)) {
    let nudge = {
        let mut state = lock(state);
        change(&mut state);
        state.nudge.clone()
    };
    if let Some(nudge) = nudge {
        nudge.ring();
    }
}

/// Notes an utterance's id in one of the state's lists; only the latest
/// few matter.
fn noted(state: &Mutex<State>, list: fn(&mut State) -> &mut Vec<UtteranceId>, id: UtteranceId) {
    changed(state, |state| {
        let ids = list(state);
        ids.push(id);
        if ids.len() > 64 {
            ids.remove(0);
        }
    });
}

pub(super) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
