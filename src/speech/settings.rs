//! Speech settings: the `[speech]` section of the configuration, overridden
//! by the command line.

use std::time::Duration;

use serde::Deserialize;

use crate::game::SpeechProfile;
use crate::utterance::VoiceLevel;

/// Which voice speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// The user's screen reader when one is running (Orca, Speakup,
    /// Fenrir, BRLTTY; over SSH the user is asked once), else the system's
    /// speech engine.
    Auto,
    /// The user's screen reader speaks: the program says nothing itself
    /// and prints each text once, as a plain line, for the reader.
    Reader,
    /// The system's speech engine (speech-dispatcher on Linux), or the
    /// built-in voice when it does not answer.
    System,
    /// The recorded clips shipped with the program.
    Builtin,
    /// No sound at all; announcements reach the text only.
    None,
}

/// The built-in voice's speed at the fastest rate, as a multiple of the
/// recorded speed: screen-reader users listen at two to three times normal
/// speed.
pub const BUILTIN_FASTEST: f64 = 2.75;

/// How announcements are spoken.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpeechSettings {
    /// Which voice speaks.
    pub backend: Backend,
    /// Speaking rate from -100 (slowest) through 0 (normal) to 100 (fastest).
    pub rate: i32,
    /// Loudness from 0 to 100.
    pub volume: u32,
    /// The speech engine's own voice by name (`system_voice`; `voice`, its
    /// earlier name, is still read); empty: the voice of the pack's
    /// language and region (see `notation::pack::choose_voice`).
    #[serde(rename = "system_voice", alias = "voice", default)]
    pub voice: String,
    /// Whether earcons (short tones) mark events.
    pub earcons: bool,
    /// How long the system speech engine may take to answer at start, in
    /// milliseconds, before the built-in voice takes over.
    pub system_timeout_ms: u64,
    /// How long a routine announcement may wait before it is dropped, in
    /// milliseconds.
    pub routine_max_age_ms: u64,
    /// The pause between two words of the built-in voice, in milliseconds,
    /// at normal rate.
    pub word_gap_ms: u64,
    /// How much a game says without being asked.
    pub profile: SpeechProfile,
    /// The priority speech-dispatcher gives the program's texts: `text`
    /// lets a screen reader on the same server speak over them.
    pub priority: EnginePriority,
}

/// speech-dispatcher's priorities, highest first. A text of a higher
/// priority cuts off one of a lower; `text` yields to a screen reader's
/// messages and replaces the program's own previous text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EnginePriority {
    /// Said at once, cutting off everything else.
    Important,
    /// Said after what is being said; cuts off lower priorities.
    Message,
    /// The default: cut off by messages and by the program's next text.
    #[default]
    Text,
    /// Said only when nothing else is.
    Notification,
    /// For progress reports.
    Progress,
}

impl Default for SpeechSettings {
    fn default() -> SpeechSettings {
        SpeechSettings {
            backend: Backend::Auto,
            rate: 0,
            volume: 80,
            voice: String::new(),
            earcons: true,
            system_timeout_ms: 3000,
            routine_max_age_ms: 8000,
            word_gap_ms: 60,
            profile: SpeechProfile::Normal,
            priority: EnginePriority::Text,
        }
    }
}

impl SpeechSettings {
    /// Whether the program speaks with a voice of its own: not when speech
    /// is off or the user's screen reader speaks for it.
    pub fn speaks_itself(&self) -> bool {
        !matches!(self.backend, Backend::None | Backend::Reader)
    }

    /// The start-up timeout of the system engine.
    pub fn system_timeout(&self) -> Duration {
        Duration::from_millis(self.system_timeout_ms)
    }

    /// The age limit of routine announcements.
    pub fn routine_max_age(&self) -> Duration {
        Duration::from_millis(self.routine_max_age_ms)
    }

    /// The rate and volume, as a game changes them.
    pub fn level(&self) -> VoiceLevel {
        VoiceLevel {
            rate: self.rate(),
            volume: self.volume.min(100),
        }
    }

    /// Takes the rate and volume of `level`.
    pub fn set_level(&mut self, level: VoiceLevel) {
        self.rate = level.rate;
        self.volume = level.volume;
    }

    /// The rate clamped to -100..=100.
    pub fn rate(&self) -> i32 {
        self.rate.clamp(-100, 100)
    }

    /// The volume as a gain from 0.0 to 1.0.
    pub fn gain(&self) -> f32 {
        self.volume.min(100) as f32 / 100.0
    }

    /// The pause between words of the built-in voice at the set rate: up to
    /// half as long at the fastest, up to twice as long at the slowest.
    pub fn word_gap(&self) -> Duration {
        let factor = if self.rate() >= 0 {
            1.0 - self.rate() as f64 / 200.0
        } else {
            1.0 - self.rate() as f64 / 100.0
        };
        Duration::from_secs_f64(self.word_gap_ms as f64 / 1000.0 * factor)
    }

    /// How many times faster than recorded the built-in voice speaks its
    /// words, keeping their pitch: 1 at rate 0, `BUILTIN_FASTEST` at
    /// 100, about 0.6 at -50 (each step of 50 multiplies the speed alike).
    pub fn builtin_speed(&self) -> f64 {
        BUILTIN_FASTEST.powf(f64::from(self.rate()) / 100.0)
    }

    /// Maps the rate (-100..=100, 0 normal) onto an engine's own range.
    pub fn engine_rate(&self, min: f32, normal: f32, max: f32) -> f32 {
        let r = self.rate() as f32 / 100.0;
        if r >= 0.0 {
            normal + (max - normal) * r
        } else {
            normal + (normal - min) * r
        }
    }

    /// Maps the volume (0..=100) onto an engine's own range.
    pub fn engine_volume(&self, min: f32, max: f32) -> f32 {
        min + (max - min) * self.gain()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::config::Config;

    #[test]
    fn the_shipped_section_reads_and_matches_the_defaults() {
        let settings: SpeechSettings = Config::defaults().section("speech").unwrap();
        assert_eq!(settings, SpeechSettings::default());
    }

    #[test]
    fn a_user_file_changes_single_keys() {
        let config =
            Config::with_user_text("[speech]\nbackend = \"builtin\"\nrate = 50\n", "mine.toml")
                .unwrap();
        let settings: SpeechSettings = config.section("speech").unwrap();
        assert_eq!(settings.backend, Backend::Builtin);
        assert_eq!(settings.rate, 50);
        assert_eq!(settings.volume, 80);
    }

    #[test]
    fn rates_map_onto_engine_ranges() {
        let mut s = SpeechSettings::default();
        assert_eq!(s.engine_rate(-100.0, 0.0, 100.0), 0.0);
        s.rate = 50;
        assert_eq!(s.engine_rate(-100.0, 0.0, 100.0), 50.0);
        assert_eq!(s.engine_rate(0.1, 1.0, 10.0), 5.5);
        s.rate = -100;
        assert!((s.engine_rate(0.1, 1.0, 10.0) - 0.1).abs() < 1e-6);
        assert!(s.word_gap() > SpeechSettings::default().word_gap());
    }

    #[test]
    fn the_built_in_voice_speeds_up_with_the_rate() {
        let speed = |rate| {
            SpeechSettings {
                rate,
                ..SpeechSettings::default()
            }
            .builtin_speed()
        };
        assert_eq!(speed(0), 1.0);
        assert!((speed(100) - 2.75).abs() < 1e-9);
        assert!((speed(-50) - 0.603).abs() < 0.01, "{}", speed(-50));
        assert_eq!(speed(500), speed(100));
    }
}
