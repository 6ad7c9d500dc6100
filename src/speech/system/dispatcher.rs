//! The system's speech engine through speech-dispatcher's own client
//! library. The program connects as client `zweibrett`, so that a user can
//! give it a voice, rate or module of its own in speechd.conf
//! (`BeginClient "*:zweibrett:*"`); it says its texts with the configured
//! priority, `text` by default, so that a screen reader on the same server
//! at `message` cuts it off rather than the other way round; after a cut it
//! yields, sending texts as notifications until one is said whole (see
//! `speech::queue`); and it sets the language directly, without listing
//! the synthesis voices (thousands with espeak-ng), so that the first word
//! comes at once.

use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use speech_dispatcher::{Connection, Mode, Priority, Voice};

use super::{Command, State, changed, lock, noted};
use crate::speech::settings::{EnginePriority, SpeechSettings};

/// speech-dispatcher's number for a text it accepted.
pub(super) type UtteranceId = u64;

/// The client name speech-dispatcher knows the program by.
const CLIENT: &str = "zweibrett";

/// speech-dispatcher's ranges for rate and volume.
const LOWEST: f32 = -100.0;
const HIGHEST: f32 = 100.0;

/// Connects, sets up and serves the engine until the commands end.
pub(super) fn run(
    settings: &SpeechSettings,
    language: &str,
    commands: Receiver<Command>,
    (state, settled): (&Arc<Mutex<State>>, Sender<()>),
) {
    let user = std::env::var("USER").unwrap_or_else(|_| "user".into());
    let connection = match Connection::open(CLIENT, "main", &user, Mode::Threaded) {
        Ok(connection) => connection,
        Err(e) => {
            changed(state, |s| {
                s.refused = Some(format!("speech-dispatcher: {e}"))
            });
            drop(settled);
            return;
        }
    };
    // Setting up takes a few exchanges on the socket: the connection is
    // made known once the engine can speak, so that the first text goes
    // to it rather than to the stand-in voice.
    configure(&connection, settings, language, state);
    changed(state, |s| s.connected_at = Some(Instant::now()));
    // Whoever waits for the connection is woken.
    drop(settled);
    serve(&connection, settings, commands, state);
}

/// Sets language, rate, volume and a named voice, and listens for the
/// start and end of each text.
fn configure(
    connection: &Connection,
    settings: &SpeechSettings,
    language: &str,
    state: &Arc<Mutex<State>>,
) {
    // speech-dispatcher picks the module's voice for a language itself; a
    // language it does not know by its region is given without it.
    if connection.set_language(language).is_err() {
        let primary = language.split(['-', '_']).next().unwrap_or(language);
        let _ = connection.set_language(primary);
    }
    // Settings the engine cannot take leave its own defaults: speaking at
    // another rate is better than not speaking.
    let _ = connection.set_voice_rate(settings.engine_rate(LOWEST, 0.0, HIGHEST).round() as i32);
    let _ = connection.set_volume(volume(settings));
    // The engine's own names, which the pack's words frame.
    let mut name = format!("speech-dispatcher, {language}");
    if !settings.voice.is_empty() {
        let voice = Voice {
            name: settings.voice.clone(),
            language: language.to_string(),
            variant: None,
        };
        if connection.set_synthesis_voice(&voice).is_ok() {
            name = format!("speech-dispatcher, {}", settings.voice);
        }
    }
    let begun = note(state, |s| &mut s.begun);
    connection.on_begin(Some(Box::new(move |id, _| begun(id as u64))));
    let ended = note(state, |s| &mut s.finished);
    connection.on_end(Some(Box::new(move |id, _| ended(id as u64))));
    let shared = Arc::clone(state);
    connection.on_cancel(Some(Box::new(move |id, _| {
        let id = id as u64;
        let here = lock(&shared).cancelled_here.contains(&id);
        if !here {
            noted(&shared, |s| &mut s.cut_off, id);
        }
        noted(&shared, |s| &mut s.finished, id);
    })));
    changed(state, |state| {
        state.name = name;
        state.configured = true;
    });
}

fn volume(settings: &SpeechSettings) -> i32 {
    settings.engine_volume(LOWEST, HIGHEST).round() as i32
}

fn priority(settings: &SpeechSettings) -> Priority {
    match settings.priority {
        EnginePriority::Important => Priority::Important,
        EnginePriority::Message => Priority::Message,
        EnginePriority::Text => Priority::Text,
        EnginePriority::Notification => Priority::Notification,
        EnginePriority::Progress => Priority::Progress,
    }
}

/// A function that notes a text's number in one of the state's lists.
fn note(
    state: &Arc<Mutex<State>>,
    list: fn(&mut State) -> &mut Vec<UtteranceId>,
) -> impl Fn(UtteranceId) + 'static {
    let state = Arc::clone(state);
    move |id| noted(&state, list, id)
}

/// Cancels the program's own text, noting that it did so: a text
/// cancelled by anyone else was cut off.
fn cancel_own(connection: &Connection, state: &Arc<Mutex<State>>) -> Option<()> {
    let accepted = lock(state).accepted.map(|(_, id, _)| id);
    if let Some(id) = accepted {
        noted(state, |s| &mut s.cancelled_here, id);
    }
    connection.cancel().ok()
}

/// The engine thread's loop.
fn serve(
    connection: &Connection,
    settings: &SpeechSettings,
    commands: Receiver<Command>,
    state: &Arc<Mutex<State>>,
) {
    let priority = priority(settings);
    let mut settings = settings.clone();
    let mut number = 0;
    for command in commands {
        let ok = match command {
            Command::Speak { text, yielding } => {
                number += 1;
                // A new text replaces the program's own, not anyone else's.
                cancel_own(connection, state);
                // An own pack's words or a seat's line may hold control
                // characters: the engine gets what a terminal would show.
                let text = crate::printable::printable(&text).into_owned();
                // speech-dispatcher says a notification only while no one
                // else speaks, and drops it at once otherwise: the program
                // learns so from its cancellation and tries again later.
                let priority = if yielding {
                    Priority::Notification
                } else {
                    priority
                };
                connection.say(priority, text).map(|id| {
                    changed(state, |s| s.accepted = Some((number, id, Instant::now())));
                })
            }
            Command::Stop => cancel_own(connection, state),
            Command::Settings(new) => {
                settings = new;
                let rate = settings.engine_rate(LOWEST, 0.0, HIGHEST).round() as i32;
                // An engine that refuses keeps its level; it still speaks.
                let _ = connection.set_voice_rate(rate);
                let _ = connection.set_volume(volume(&settings));
                Some(())
            }
            Command::Probe => {
                // The engine takes the volume with each text: the probe is
                // silent, what follows is as loud as set.
                let _ = connection.set_volume(LOWEST as i32);
                let sent = connection.say(priority, "a");
                let _ = connection.set_volume(volume(&settings));
                sent.map(|id| {
                    changed(state, |s| s.probe = Some((id, Instant::now())));
                })
            }
        };
        if ok.is_none() {
            changed(state, |s| s.broken = true);
        }
    }
}
