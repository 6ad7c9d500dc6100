//! The voice in use, as the scheduler's sink: the system engine (with
//! the built-in voice standing in while it is set up), the built-in clip
//! voice, or silence.

use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::time::{Duration, Instant};

use super::audio::{AudioError, Player};
use super::clips::ClipVoice;
use super::nudge::Nudge;
use super::output::clip_voice;
use super::queue::Sink;
use super::settings::SpeechSettings;
use super::system::SystemVoice;
use super::wav::Sound;
use super::{Utterance, VoiceLevel, earcon};
use crate::notation::VoicePack;

/// The voice in use, as the scheduler's sink.
pub(super) enum Voice {
    Silent,
    Builtin {
        clips: ClipVoice,
        player: Player,
        settings: SpeechSettings,
    },
    System {
        engine: SystemVoice,
        /// For earcons, and for the built-in voice while the engine is
        /// being set up, when a sound device is there.
        player: Option<Player>,
        clips: ClipVoice,
        settings: SpeechSettings,
        /// Text to say once the earcon has played.
        after_earcon: Option<String>,
        /// The pack, whose `[pronounce]` table the engine reads by.
        pack: Arc<VoicePack>,
    },
}

impl Voice {
    pub(super) fn builtin(
        settings: &SpeechSettings,
        pack: &VoicePack,
    ) -> Result<Voice, AudioError> {
        let player = Player::open()?;
        Ok(Voice::Builtin {
            clips: clip_voice(pack),
            player,
            settings: settings.clone(),
        })
    }

    pub(super) fn failed(&mut self) -> bool {
        match self {
            Voice::System { engine, .. } => engine.failed(),
            _ => false,
        }
    }

    pub(super) fn rest(&mut self) {
        match self {
            Voice::Builtin { player, .. }
            | Voice::System {
                player: Some(player),
                ..
            } => player.rest(),
            _ => {}
        }
    }

    /// When `rest` wants to be called, while the sound device plays a
    /// sound out or waits to be closed.
    pub(super) fn rest_due(&self) -> Option<Instant> {
        match self {
            Voice::Builtin { player, .. }
            | Voice::System {
                player: Some(player),
                ..
            } => player.rest_due(),
            _ => None,
        }
    }

    /// When a time limit of what is being said runs out, if one runs:
    /// the voice may then be found broken or done without ringing.
    pub(super) fn due(&self) -> Option<Instant> {
        match self {
            Voice::Silent => None,
            Voice::Builtin { player, .. } => player.due(),
            Voice::System { engine, player, .. } => engine
                .due()
                .into_iter()
                .chain(player.as_ref().and_then(Player::due))
                .min(),
        }
    }

    /// Rings `nudge` whenever the engine or the sound device reports
    /// something the speech thread waits for.
    pub(super) fn nudge_with(&mut self, nudge: &Nudge) {
        match self {
            Voice::Silent => {}
            Voice::Builtin { player, .. } => player.nudge_with(nudge.clone()),
            Voice::System { engine, player, .. } => {
                engine.nudge_with(nudge.clone());
                if let Some(player) = player {
                    player.nudge_with(nudge.clone());
                }
            }
        }
    }

    /// About how long saying `utterance` takes in this voice.
    pub(super) fn length(&self, utterance: &Utterance) -> Duration {
        match self {
            Voice::Silent => Duration::ZERO,
            Voice::Builtin {
                clips, settings, ..
            } => render(utterance, clips, settings, 16_000).duration(),
            // A system engine says roughly twelve characters a second; the
            // earcon takes under half a second.
            Voice::System { .. } => {
                Duration::from_millis(500 + 80 * utterance.text.chars().count() as u64)
            }
        }
    }

    /// Speaks at `level` from the next utterance on.
    pub(super) fn set_level(&mut self, level: VoiceLevel) {
        match self {
            Voice::Silent => {}
            Voice::Builtin { settings, .. } => settings.set_level(level),
            Voice::System {
                engine, settings, ..
            } => {
                settings.set_level(level);
                engine.set_level(settings);
            }
        }
    }

    pub(super) fn set_monitor(&mut self, monitor: Sender<Instant>) {
        match self {
            Voice::Builtin { player, .. }
            | Voice::System {
                player: Some(player),
                ..
            } => player.set_monitor(monitor),
            _ => {}
        }
    }
}

/// The sound of an utterance in the built-in voice: earcon, pause, words.
pub fn render(
    utterance: &Utterance,
    clips: &ClipVoice,
    settings: &SpeechSettings,
    rate: u32,
) -> Sound {
    let words = clips
        .render_at(
            &utterance.text,
            settings.word_gap(),
            settings.builtin_speed(),
        )
        .sound;
    let mut samples = match utterance.earcon.filter(|_| settings.earcons) {
        Some(e) if !words.samples.is_empty() => {
            let mut s = earcon::sound(e, words.rate).samples;
            s.resize(s.len() + words.rate as usize / 10, 0.0);
            s
        }
        Some(e) => earcon::sound(e, words.rate).samples,
        None => Vec::new(),
    };
    samples.extend_from_slice(&words.samples);
    Sound {
        rate: words.rate,
        samples,
    }
    .resampled(rate)
}

impl Sink for Voice {
    fn start(&mut self, utterance: &Utterance) {
        match self {
            Voice::Silent => {}
            Voice::Builtin {
                clips,
                player,
                settings,
            } => {
                // Rendered at the device's rate, so the callback only copies.
                let sound = render(utterance, clips, settings, player.rate());
                player.play(&sound, settings.gain());
            }
            Voice::System {
                engine,
                player: Some(player),
                clips,
                settings,
                after_earcon,
                ..
            } if !engine.ready() => {
                // Speaking at once in the built-in voice beats waiting for
                // the engine to list its voices.
                *after_earcon = None;
                let sound = render(utterance, clips, settings, player.rate());
                player.play(&sound, settings.gain());
            }
            Voice::System {
                engine,
                player,
                settings,
                after_earcon,
                pack,
                ..
            } => {
                *after_earcon = None;
                match (utterance.earcon.filter(|_| settings.earcons), player) {
                    (Some(e), Some(player)) => {
                        engine.stop();
                        let tone = earcon::sound(e, player.rate());
                        player.play(&tone, settings.gain());
                        *after_earcon = Some(utterance.text.clone());
                    }
                    _ => engine.speak(&pack.pronounced(&utterance.text)),
                }
            }
        }
    }

    fn stop(&mut self) {
        match self {
            Voice::Silent => {}
            Voice::Builtin { player, .. } => player.stop(),
            Voice::System {
                engine,
                player,
                after_earcon,
                ..
            } => {
                *after_earcon = None;
                if let Some(player) = player {
                    player.stop();
                }
                engine.stop();
            }
        }
    }

    fn cut_off(&mut self) -> bool {
        match self {
            Voice::System { engine, .. } => engine.ready() && engine.cut_off(),
            _ => false,
        }
    }

    fn set_yielding(&mut self, yielding: bool) {
        if let Voice::System { engine, .. } = self {
            engine.set_yielding(yielding);
        }
    }

    fn busy(&mut self) -> bool {
        match self {
            Voice::Silent => false,
            Voice::Builtin { player, .. } => player.is_playing(),
            Voice::System {
                engine,
                player,
                after_earcon,
                pack,
                ..
            } => {
                if player.as_ref().is_some_and(Player::is_playing) {
                    return true;
                }
                if let Some(text) = after_earcon.take()
                    && !text.trim().is_empty()
                {
                    engine.speak(&pack.pronounced(&text));
                }
                engine.busy()
            }
        }
    }
}
