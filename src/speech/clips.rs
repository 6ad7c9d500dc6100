//! The built-in voice: one recorded clip per word, played one after the
//! other with short gaps.
//!
//! A pack's clips are listed in `voices/ID/words.txt` and stored as
//! `voices/ID/clips/NAME.wav`, where NAME is the folded word
//! ([`fold`]: "Weiß" → `weiss.wav`). The shipped clips are embedded in the
//! program; a user's own recordings in the per-user data directory
//! (`voices/ID/clips/`) replace them word by word.

use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use super::wav::{self, Sound};
use crate::notation::fold::fold;

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/clips.rs"));
}

/// The sample rate the built-in voice renders at.
pub const VOICE_RATE: u32 = 16_000;

/// The clip set used when a pack has none of its own.
pub const FALLBACK_PACK: &str = "fide";

/// A set of word clips.
#[derive(Clone, Debug, Default)]
pub struct ClipVoice {
    clips: HashMap<String, Vec<f32>>,
    /// Digit strings standing for words: "12" → "zwolf".
    aliases: HashMap<String, String>,
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
    /// The clips for a pack: the embedded ones (those of the default pack
    /// when the pack has none), overlaid with the user's recordings.
    pub fn load(pack_id: &str) -> ClipVoice {
        let mut voice = ClipVoice::embedded(pack_id)
            .unwrap_or_else(|| ClipVoice::embedded(FALLBACK_PACK).unwrap_or_default());
        if let Some(dir) = crate::config::user_voice_dir() {
            let dir = dir.join(pack_id);
            if dir.join("clips").is_dir() {
                voice.overlay_dir(&dir);
            }
        }
        voice
    }

    /// The clips embedded in the program for a pack, if it has any.
    pub fn embedded(pack_id: &str) -> Option<ClipVoice> {
        let (_, words, clips) = embedded::EMBEDDED
            .iter()
            .find(|(id, _, _)| *id == pack_id)?;
        let mut voice = ClipVoice::default();
        voice.read_word_list(words);
        for (name, bytes) in *clips {
            if let Ok(sound) = wav::read(bytes) {
                voice.insert(name, sound);
            }
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
            if let Ok(bytes) = std::fs::read(&path)
                && let Ok(sound) = wav::read(&bytes)
            {
                self.insert(&fold(stem), sound);
            }
        }
    }

    /// Reads the digit aliases of a word list: `zwölf 12`.
    fn read_word_list(&mut self, text: &str) {
        for line in text.lines() {
            let mut fields = line.split_whitespace();
            let Some(word) = fields.next().filter(|w| !w.starts_with('#')) else {
                continue;
            };
            for alias in fields {
                self.aliases.insert(alias.to_string(), fold(word));
            }
        }
    }

    fn insert(&mut self, name: &str, sound: Sound) {
        self.clips
            .insert(name.to_string(), sound.resampled(VOICE_RATE).samples);
    }

    /// Whether a word has a clip.
    pub fn has(&self, word: &str) -> bool {
        self.clip(word).is_some()
    }

    /// The names of all clips, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.clips.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// The clip of one word, by its folded form or its digit alias.
    fn clip(&self, word: &str) -> Option<&[f32]> {
        let key = self
            .aliases
            .get(word)
            .cloned()
            .unwrap_or_else(|| fold(word));
        self.clips.get(&key).map(Vec::as_slice)
    }

    /// Renders an announcement: the clips of its words with `gap` between
    /// them. Words without a clip are left out; a number without a clip is
    /// spoken digit by digit.
    pub fn render(&self, text: &str, gap: Duration) -> Rendered {
        let gap_len = (gap.as_secs_f64() * f64::from(VOICE_RATE)) as usize;
        let mut samples = Vec::new();
        let mut missing = Vec::new();
        for word in words(text) {
            let mut parts: Vec<&[f32]> = Vec::new();
            match self.clip(word) {
                Some(clip) => parts.push(clip),
                None if word.chars().all(|c| c.is_ascii_digit()) => {
                    let digits: Option<Vec<&[f32]>> = word
                        .char_indices()
                        .map(|(i, _)| self.clip(&word[i..i + 1]))
                        .collect();
                    match digits {
                        Some(d) => parts.extend(d),
                        None => missing.push(word.to_string()),
                    }
                }
                None => missing.push(word.to_string()),
            }
            for part in parts {
                if !samples.is_empty() {
                    samples.resize(samples.len() + gap_len, 0.0);
                }
                samples.extend_from_slice(part);
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

/// The words of an announcement: runs of letters and digits.
pub fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '.'))
        .map(|w| w.trim_matches('.'))
        .filter(|w| !w.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::VoicePack;
    use shakmaty::{Color, File, Rank, Role};

    fn fide() -> ClipVoice {
        ClipVoice::embedded("fide").expect("the fide clips are embedded")
    }

    /// Every word the fide pack says has a clip, so no announcement loses a
    /// word. ("stünde" shares the clip of "Stunde", see words.txt.)
    #[test]
    fn every_word_of_the_fide_pack_has_a_clip() {
        let pack = VoicePack::fide();
        let voice = fide();
        let mut said: Vec<String> = Vec::new();
        said.extend(File::ALL.iter().map(|f| pack.file(*f).to_string()));
        said.extend(Rank::ALL.iter().map(|r| pack.rank(*r).to_string()));
        said.extend(Role::ALL.iter().map(|r| pack.piece(*r).to_string()));
        said.extend([Color::White, Color::Black].map(|c| pack.side(c).to_string()));
        let m = &pack.moves;
        for phrase in [
            &m.castle_short,
            &m.castle_long,
            &m.capture,
            &m.check,
            &m.mate,
            &m.en_passant,
            &m.promotion,
        ] {
            said.push(phrase.clone());
        }
        let p = &pack.phrases;
        for phrase in [
            &p.which_move,
            &p.which_piece,
            &p.which_promotion,
            &p.from,
            &p.or,
            &p.not_understood,
            &p.incomplete,
            &p.game_over,
            &p.no_piece,
            &p.no_piece_there,
            &p.cannot_reach,
            &p.blocked,
            &p.own_piece,
            &p.nothing_to_capture,
            &p.king_in_check,
            &p.no_promotion,
            &p.must_promote,
            &p.castle_no_right,
            &p.castle_in_check,
            &p.castle_blocked,
            &p.castle_through_check,
            &p.castle_into_check,
        ] {
            let plain: String = phrase
                .split('{')
                .map(|part| part.split_once('}').map_or(part, |(_, rest)| rest))
                .collect::<Vec<_>>()
                .join(" ");
            said.push(plain);
        }
        let missing: Vec<&str> = said
            .iter()
            .flat_map(|s| words(s))
            .filter(|w| !voice.has(w))
            .collect();
        assert!(missing.is_empty(), "no clip for {missing:?}");
    }

    #[test]
    fn numbers_and_clock_words_have_clips() {
        let voice = fide();
        for n in 0..=100 {
            assert!(voice.has(&n.to_string()), "no clip for {n}");
        }
        for word in [
            "Stunde",
            "Stunden",
            "Minute",
            "Minuten",
            "Sekunde",
            "Sekunden",
            "Zug",
            "Züge",
            "Weiß",
            "Schwarz",
            "hundert",
            "zwölf",
            "dreiundvierzig",
        ] {
            assert!(voice.has(word), "no clip for {word}");
        }
    }

    #[test]
    fn every_listed_word_has_its_clip_and_no_clip_is_unlisted() {
        let (_, list, clips) = embedded::EMBEDDED
            .iter()
            .find(|(id, _, _)| *id == "fide")
            .unwrap();
        let listed: Vec<String> = list
            .lines()
            .filter_map(|l| l.split_whitespace().next())
            .filter(|w| !w.starts_with('#'))
            .map(fold)
            .collect();
        let names: Vec<&str> = clips.iter().map(|(n, _)| *n).collect();
        for name in &listed {
            assert!(names.contains(&name.as_str()), "no clip {name}.wav");
        }
        for name in names {
            assert!(listed.iter().any(|l| l == name), "{name}.wav is not listed");
        }
    }

    #[test]
    fn an_announcement_is_its_clips_with_gaps() {
        let voice = fide();
        let gap = Duration::from_millis(50);
        let one = |w: &str| voice.render(w, gap).sound.samples.len();
        let whole = voice.render("Springer Gustav eins", gap);
        let gap_len = 50 * VOICE_RATE as usize / 1000;
        assert_eq!(
            whole.sound.samples.len(),
            one("Springer") + one("Gustav") + one("eins") + 2 * gap_len
        );
        assert!(whole.missing.is_empty());
        assert!(whole.sound.samples.iter().any(|s| s.abs() > 0.1));
    }

    #[test]
    fn unknown_words_are_skipped_and_reported() {
        let voice = fide();
        let gap = Duration::from_millis(50);
        let r = voice.render("Eva Quatsch vier", gap);
        assert_eq!(r.missing, ["Quatsch"]);
        assert_eq!(
            r.sound.samples.len(),
            voice.render("Eva vier", gap).sound.samples.len()
        );
        assert!(voice.render("", gap).sound.samples.is_empty());
    }

    #[test]
    fn a_long_number_is_spoken_digit_by_digit() {
        let voice = fide();
        let gap = Duration::ZERO;
        let r = voice.render("2026", gap);
        assert!(r.missing.is_empty());
        let digits = voice.render("2 0 2 6", gap).sound.samples.len();
        assert_eq!(r.sound.samples.len(), digits);
    }

    #[test]
    fn user_recordings_replace_words() {
        let dir = std::env::temp_dir().join(format!("zweibrett-clips-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("clips")).unwrap();
        let sound = Sound {
            rate: 8000,
            samples: vec![0.5; 800],
        };
        let mut bytes = Vec::new();
        wav::write(&sound, &mut bytes).unwrap();
        std::fs::write(dir.join("clips/Weiß.wav"), bytes).unwrap();
        let mut voice = fide();
        voice.overlay_dir(&dir);
        std::fs::remove_dir_all(&dir).unwrap();
        let r = voice.render("Weiss", Duration::ZERO);
        assert_eq!(r.sound.samples.len(), 1600, "0.1 s at 16 kHz");
    }
}
