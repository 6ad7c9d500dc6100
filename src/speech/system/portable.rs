//! The system's speech engine through the `tts` crate, on platforms
//! without speech-dispatcher.

use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tts::Tts;
pub(super) use tts::UtteranceId;

use super::{Command, State, changed, noted};
use crate::notation::pack::{LanguageTag, choose_voice};
use crate::speech::settings::SpeechSettings;

/// Connects, sets up and serves the engine until the commands end.
pub(super) fn run(
    settings: &SpeechSettings,
    language: &str,
    commands: Receiver<Command>,
    (state, settled): (&Arc<Mutex<State>>, Sender<()>),
) {
    let tts = match Tts::default() {
        Ok(tts) => tts,
        Err(e) => {
            changed(state, |s| s.refused = Some(e.to_string()));
            drop(settled);
            return;
        }
    };
    changed(state, |s| s.connected_at = Some(Instant::now()));
    // Whoever waits for the connection is woken.
    drop(settled);
    configure(tts.clone(), settings, language, state);
    serve(tts, settings, commands, state);
}

/// Applies the settings and notes the name of the voice in use.
fn configure(mut tts: Tts, settings: &SpeechSettings, language: &str, state: &Arc<Mutex<State>>) {
    // Settings the engine cannot take leave its own defaults: speaking in
    // another rate or voice is better than not speaking.
    let _ = tts.set_rate(settings.engine_rate(tts.min_rate(), tts.normal_rate(), tts.max_rate()));
    let _ = tts.set_volume(settings.engine_volume(tts.min_volume(), tts.max_volume()));
    // The engine's own names, which the pack's words frame.
    let mut name = "tts".to_string();
    if let Ok(voices) = tts.voices() {
        let wanted = settings.voice.to_lowercase();
        let chosen = if wanted.is_empty() {
            let tags: Vec<String> = voices.iter().map(|v| v.language().to_string()).collect();
            LanguageTag::parse(language)
                .ok()
                .and_then(|tag| choose_voice(&tag, tags.iter().map(String::as_str)))
                .map(|i| &voices[i])
        } else {
            voices
                .iter()
                .find(|v| v.name().to_lowercase() == wanted || v.id().to_lowercase() == wanted)
        };
        if let Some(voice) = chosen
            && tts.set_voice(voice).is_ok()
        {
            name = format!("tts, {}", voice.name());
        }
    }
    for result in [
        tts.on_utterance_begin(Some(note(state, |s| &mut s.begun))),
        tts.on_utterance_end(Some(note(state, |s| &mut s.finished))),
        tts.on_utterance_stop(Some(note(state, |s| &mut s.finished))),
    ] {
        if result.is_err() {
            changed(state, |s| s.broken = true);
        }
    }
    changed(state, |state| {
        state.name = name;
        state.configured = true;
    });
}

/// A callback that notes an utterance id in one of the state's lists.
fn note(
    state: &Arc<Mutex<State>>,
    list: fn(&mut State) -> &mut Vec<UtteranceId>,
) -> Box<dyn FnMut(UtteranceId)> {
    let state = Arc::clone(state);
    Box::new(move |id| noted(&state, list, id))
}

/// The engine thread's loop.
fn serve(
    mut tts: Tts,
    settings: &SpeechSettings,
    commands: Receiver<Command>,
    state: &Arc<Mutex<State>>,
) {
    let mut settings = settings.clone();
    let mut number = 0;
    for command in commands {
        let result = match command {
            // No other program shares this engine's queue: nothing to
            // yield to.
            Command::Speak { text, .. } => {
                number += 1;
                tts.speak(text, true).map(|id| {
                    if let Some(id) = id {
                        changed(state, |s| s.accepted = Some((number, id, Instant::now())));
                    }
                })
            }
            Command::Stop => tts.stop().map(|_| ()),
            Command::Settings(new) => {
                settings = new;
                // An engine that refuses keeps its level; it still speaks.
                let rate = settings.engine_rate(tts.min_rate(), tts.normal_rate(), tts.max_rate());
                let _ = tts.set_rate(rate);
                let _ = tts.set_volume(settings.engine_volume(tts.min_volume(), tts.max_volume()));
                Ok(())
            }
            Command::Probe => {
                // The engine takes the volume with each text: the probe is
                // silent, what follows is as loud as set.
                let _ = tts.set_volume(tts.min_volume());
                let sent = tts.speak("a", true);
                let _ = tts.set_volume(settings.engine_volume(tts.min_volume(), tts.max_volume()));
                sent.map(|id| {
                    if let Some(id) = id {
                        changed(state, |s| s.probe = Some((id, Instant::now())));
                    }
                })
            }
        };
        if result.is_err() {
            changed(state, |s| s.broken = true);
        }
    }
}
