//! The built-in voice: one recorded clip per word, played one after the
//! other with short gaps, at the speed the rate asks for.
//!
//! The shipped clips of a pack are `voices/ID/clips/NAME.wav`, one for
//! every word the pack can say, where NAME is the word's
//! [`clip_name`] (lower case, accents kept: "Weiß" → `weiß.wav`); they are
//! made by `scripts/make-clips` and embedded in the program. A user's own
//! recordings in the per-user data directory (`voices/ID/clips/`) replace
//! them word by word, matched as players' spellings are (`Weiss.wav`
//! replaces `weiß.wav`). Numbers are said in the pack's number words.

use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;
use std::time::Duration;

use super::wav::{self, Sound};
use crate::notation::VoicePack;
use crate::notation::fold::fold;
pub use crate::notation::pack::spoken::words;
pub(crate) use crate::notation::pack::spoken::{clip_name, joined_digits};
use zweibrett_session::outside::{self, Bound};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/clips.rs"));
}

/// The sample rate the built-in voice renders at.
pub const VOICE_RATE: u32 = 16_000;

/// The clip set used when a pack has none of its own and no built-in pack
/// speaks its language.
pub(crate) const FALLBACK_PACK: &str = "fide";

/// A set of word clips.
#[derive(Clone, Debug, Default)]
pub struct ClipVoice {
    /// By clip name.
    clips: HashMap<String, Clip>,
    /// Folded spelling → clip name, for words written another way.
    folded: HashMap<String, String>,
    /// Digit strings standing for words, from a user's `words.txt`:
    /// "12" → "zwölf".
    aliases: HashMap<String, String>,
    /// The pack's words for numbers.
    numbers: Option<NumberWords>,
    /// The user's recordings that were not taken, and why.
    rejected: Vec<RejectedClip>,
}

/// A user's recording that the voice does not use: its word keeps the
/// shipped clip, or is left out and reported like any word without one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RejectedClip {
    /// The file.
    pub path: std::path::PathBuf,
    /// Why it is not used.
    pub reason: String,
}

impl std::fmt::Display for RejectedClip {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the built-in voice does not use {}: {}",
            self.path.display(),
            self.reason
        )
    }
}

/// The largest file read as a recording of one word: ten seconds of
/// stereo 16-bit sound at the fastest rate fit well within it.
pub(crate) const MOST_CLIP_BYTES: u64 = 16 * 1024 * 1024;

/// One word's recording, decoded when it is first said: a pack has
/// hundreds, and a session says few of them.
#[derive(Clone, Debug)]
struct Clip {
    /// The embedded WAV file; empty for a recording read from disk.
    bytes: &'static [u8],
    /// The samples at [`VOICE_RATE`].
    samples: OnceLock<Vec<f32>>,
}

impl Clip {
    fn samples(&self) -> &[f32] {
        self.samples.get_or_init(|| {
            // The shipped clips are all checked by the tests; a broken one
            // would be silence.
            wav::read(self.bytes)
                .map(|sound| sound.resampled(VOICE_RATE).samples)
                .unwrap_or_default()
        })
    }
}

/// The words a pack says numbers with (its `[clock]` number words).
#[derive(Clone, Debug)]
struct NumberWords {
    numbers: Vec<String>,
    hundreds: Vec<String>,
    hundreds_before: Vec<String>,
    hundreds_join: String,
}

impl NumberWords {
    /// The words of a number below 1000; `None` for larger ones.
    fn say(&self, n: usize) -> Option<String> {
        let small = |k: usize| self.numbers.get(k).cloned();
        match n {
            0..=99 => small(n),
            100..=999 => {
                let h = n / 100 - 1;
                if n.is_multiple_of(100) {
                    self.hundreds.get(h).cloned()
                } else {
                    let before = self.hundreds_before.get(h)?;
                    // The parts are separate clips even where the language
                    // writes them as one word ("hundertdrei").
                    Some(format!(
                        "{before} {} {}",
                        self.hundreds_join,
                        small(n % 100)?
                    ))
                }
            }
            _ => None,
        }
    }
}

/// Reads a user's recording of one word, refusing a file too large to be
/// one, or one whose rate, channels or length no word has (see
/// [`wav::read_clip`]).
fn read_recording(path: &Path) -> Result<Sound, String> {
    let bytes = outside::read(path, Bound::bytes(MOST_CLIP_BYTES)).map_err(|e| e.to_string())?;
    wav::read_clip(&bytes).map_err(|e| e.to_string())
}

/// An announcement rendered by the built-in voice.
#[derive(Clone, Debug)]
pub struct Rendered {
    /// The sound, at [`VOICE_RATE`].
    pub sound: Sound,
    /// Words that have no clip and were left out.
    pub missing: Vec<String>,
}

impl ClipVoice {
    /// The clips for a pack by id (see [`ClipVoice::for_pack`]); an id
    /// that names no pack gets the default pack's voice with the user's
    /// recordings for that id.
    pub fn load(pack_id: &str) -> ClipVoice {
        match crate::session::config::load_voice(pack_id) {
            Ok(pack) => ClipVoice::for_pack(&pack),
            Err(_) => ClipVoice::builtin_for(&VoicePack::fide()).with_user_recordings(pack_id),
        }
    }

    /// The clips for a pack: its embedded clips, or those of a built-in
    /// pack of its language, or the default pack's; overlaid with the
    /// user's recordings; numbers said in the pack's number words.
    pub fn for_pack(pack: &VoicePack) -> ClipVoice {
        ClipVoice::builtin_for(pack).with_user_recordings(&pack.id)
    }

    /// The clips shipped for a pack, without the user's recordings: its
    /// embedded clips, or those of a built-in pack of its language, or the
    /// default pack's; numbers said in the pack's number words.
    pub fn builtin_for(pack: &VoicePack) -> ClipVoice {
        let same_language = || {
            crate::notation::pack::BUILTIN
                .iter()
                .filter(|(id, _)| *id != pack.id)
                .map(|(id, _)| VoicePack::builtin(id))
                .find(|builtin| builtin.language == pack.language)
                .and_then(|builtin| ClipVoice::embedded(&builtin.id))
        };
        let mut voice = ClipVoice::embedded(&pack.id)
            .or_else(same_language)
            .unwrap_or_else(|| ClipVoice::embedded(FALLBACK_PACK).unwrap_or_default());
        voice.numbers = pack.clock_section().map(|clock| NumberWords {
            numbers: clock.numbers.clone(),
            hundreds: clock.hundreds.clone(),
            hundreds_before: clock.hundreds_before.clone(),
            hundreds_join: clock.hundreds_join.clone(),
        });
        voice
    }

    fn with_user_recordings(mut self, pack_id: &str) -> ClipVoice {
        if let Some(dir) = crate::session::config::user_voice_dir() {
            let dir = dir.join(pack_id);
            if dir.join("clips").is_dir() {
                self.overlay_dir(&dir);
            }
        }
        self
    }

    /// The clips embedded in the program for a pack, if it has any.
    pub fn embedded(pack_id: &str) -> Option<ClipVoice> {
        let (_, clips) = embedded::EMBEDDED.iter().find(|(id, _)| *id == pack_id)?;
        let mut voice = ClipVoice::default();
        for (name, bytes) in *clips {
            voice.folded.insert(fold(name), name.to_string());
            voice.clips.insert(
                name.to_string(),
                Clip {
                    bytes,
                    samples: OnceLock::new(),
                },
            );
        }
        Some(voice)
    }

    /// A voice read from a directory holding `words.txt` (optional) and
    /// `clips/*.wav`; unreadable clips are skipped.
    pub fn from_dir(dir: &Path) -> ClipVoice {
        let mut voice = ClipVoice::default();
        voice.overlay_dir(dir);
        voice
    }

    fn overlay_dir(&mut self, dir: &Path) {
        if let Ok(words) = std::fs::read_to_string(dir.join("words.txt")) {
            self.read_word_list(&words);
        }
        let Ok(entries) = std::fs::read_dir(dir.join("clips")) else {
            return;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.extension().is_none_or(|e| e != "wav") {
                continue;
            }
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            match read_recording(&path) {
                Ok(sound) => {
                    // A recording replaces every clip of the same spelling:
                    // "Weiss.wav" stands for "weiß" too.
                    let key = fold(stem);
                    self.clips.retain(|name, _| fold(name) != key);
                    self.insert(&clip_name(stem), sound);
                }
                Err(reason) => self.rejected.push(RejectedClip {
                    path: path.clone(),
                    reason,
                }),
            }
        }
        self.rejected.sort_by(|a, b| a.path.cmp(&b.path));
    }

    /// The user's recordings that are not used, and why, sorted by path.
    pub fn rejected(&self) -> &[RejectedClip] {
        &self.rejected
    }

    /// Reads the digit aliases of a word list: `zwölf 12`.
    fn read_word_list(&mut self, text: &str) {
        for line in text.lines() {
            let mut fields = line.split_whitespace();
            let Some(word) = fields.next().filter(|w| !w.starts_with('#')) else {
                continue;
            };
            for alias in fields {
                self.aliases.insert(alias.to_string(), word.to_string());
            }
        }
    }

    fn insert(&mut self, name: &str, sound: Sound) {
        self.folded.insert(fold(name), name.to_string());
        let clip = Clip {
            bytes: &[],
            samples: OnceLock::from(sound.resampled(VOICE_RATE).samples),
        };
        self.clips.insert(name.to_string(), clip);
    }

    /// Whether a word can be said: it has a clip, or it is a number whose
    /// words have clips. Decodes nothing.
    pub fn has(&self, word: &str) -> bool {
        self.parts(word).is_some()
    }

    /// The names of all clips, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.clips.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// The words a pack can say that this voice cannot, as the pack writes
    /// them, sorted: empty for every built-in pack with its own clips.
    pub fn missing_words(&self, pack: &VoicePack) -> Vec<String> {
        pack.said_words()
            .values()
            .filter(|word| !self.has(word))
            .cloned()
            .collect()
    }

    /// The clip of one word, by its clip name, else by its folded
    /// spelling.
    fn clip(&self, word: &str) -> Option<&Clip> {
        let clip = |name: &str| self.clips.get(name);
        clip(&clip_name(word)).or_else(|| clip(self.folded.get(&fold(word))?))
    }

    /// The clips that say one word: its own, or for a number the clips of
    /// its words, else of its digits one by one.
    fn parts(&self, word: &str) -> Option<Vec<&Clip>> {
        // Digits joined by signs ("1-0", "5.2.2") are said in their parts.
        if joined_digits(word) {
            let mut parts = Vec::new();
            for piece in word.split(|c: char| !c.is_alphanumeric()) {
                if !piece.is_empty() {
                    parts.extend(self.parts(piece)?);
                }
            }
            return Some(parts);
        }
        if let Some(clip) = self.clip(word) {
            return Some(vec![clip]);
        }
        if let Some(alias) = self.aliases.get(word) {
            return self.clip(alias).map(|c| vec![c]);
        }
        if word.contains(|c: char| !c.is_alphanumeric()) {
            // "1-0", "e2-e4", "don't" without a clip of its own: its parts.
            let mut parts = Vec::new();
            for piece in word.split(|c: char| !c.is_alphanumeric()) {
                if !piece.is_empty() {
                    parts.extend(self.parts(piece)?);
                }
            }
            return Some(parts);
        }
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let said =
            |text: &str| -> Option<Vec<&Clip>> { words(text).map(|w| self.clip(w)).collect() };
        let whole = (word.len() == 1 || !word.starts_with('0'))
            .then(|| word.parse::<usize>().ok())
            .flatten()
            .and_then(|n| self.numbers.as_ref()?.say(n))
            .and_then(|text| said(&text));
        whole.or_else(|| {
            if word.len() == 1 {
                let digit = word.parse::<usize>().ok()?;
                let text = self.numbers.as_ref()?.say(digit)?;
                return said(&text);
            }
            let mut parts = Vec::new();
            for i in 0..word.len() {
                parts.extend(self.parts(&word[i..i + 1])?);
            }
            Some(parts)
        })
    }

    /// Renders an announcement: the clips of its words with `gap` between
    /// them. Words without a clip are left out and reported; a number is
    /// said in the pack's number words, or digit by digit.
    pub fn render(&self, text: &str, gap: Duration) -> Rendered {
        self.render_at(text, gap, 1.0)
    }

    /// Renders an announcement with each word `speed` times as fast as
    /// recorded, at its own pitch (see [`Sound::stretched`]); the gaps are
    /// as given.
    pub fn render_at(&self, text: &str, gap: Duration, speed: f64) -> Rendered {
        let gap_len = (gap.as_secs_f64() * f64::from(VOICE_RATE)) as usize;
        let mut samples = Vec::new();
        let mut missing = Vec::new();
        for word in words(text) {
            let Some(parts) = self.parts(word) else {
                missing.push(word.to_string());
                continue;
            };
            for part in parts {
                if !samples.is_empty() {
                    samples.resize(samples.len() + gap_len, 0.0);
                }
                samples.extend(wav::stretch(part.samples(), VOICE_RATE, speed));
            }
        }
        Rendered {
            sound: Sound {
                rate: VOICE_RATE,
                samples,
            },
            missing,
        }
    }
}

#[cfg(test)]
mod tests;
