//! Hearing a spoken move: the recogniser with a pack's pronunciations, an
//! utterance decoded against the position's grammar, and what was heard
//! put as the move reader's answer, so that a spoken move becomes a move
//! only when it can mean nothing else.

pub mod game;
pub mod listen;
pub mod pocketsphinx;
pub mod recording;

use std::path::PathBuf;

use shakmaty::{Chess, Move};
use zweibrett_core::hearing::dictionary::Dictionary;
use zweibrett_core::hearing::explained::longest_unexplained;
use zweibrett_core::hearing::{Grammar, Guess, Heard, Said, decide};
use zweibrett_core::notation::pack::fill;
use zweibrett_core::notation::read::question;
use zweibrett_core::notation::{Reading, VoicePack};
use zweibrett_core::wav::Sound;

pub use pocketsphinx::{DEBIAN_MODEL, Decoder, RecogniserError};

/// The recogniser's sample rate.
pub const RATE: u32 = 16_000;

/// How far (in the recogniser's log score) the best meaning must stand
/// above every other before it is taken: measured on the test corpus,
/// where no recording gave a wrong move with it (see docs/listening.md).
pub const MARGIN: i32 = 1500;

/// The longest stretch of speech, in frames of 10 ms, that the best guess
/// may give to silence or noise: a short pause between words is louder
/// than silence at its edges, a whole word is not.
pub const MOST_UNEXPLAINED_FRAMES: usize = 20;

/// The pronunciations shipped with the built-in packs, made by
/// `scripts/make-dict`.
const DICTIONARIES: &[(&str, &str)] = &[
    ("fide", include_str!("../../voices/fide/hear.dict")),
    ("pt", include_str!("../../voices/pt/hear.dict")),
    ("es", include_str!("../../voices/es/hear.dict")),
    ("en", include_str!("../../voices/en/hear.dict")),
];

/// Why nothing can be heard.
#[derive(Debug, thiserror::Error)]
pub enum HearingError {
    /// The recogniser cannot be used.
    #[error(transparent)]
    Recogniser(#[from] RecogniserError),
    /// The pack has no pronunciations.
    #[error("the voice pack \"{0}\" has no pronunciation dictionary for listening")]
    NoDictionary(String),
    /// The pack's dictionary cannot be read.
    #[error("the pronunciation dictionary of the voice pack \"{0}\": {1}")]
    BadDictionary(String, zweibrett_core::hearing::dictionary::DictionaryError),
    /// The pack's dictionary file is there but cannot be read: not text,
    /// not a plain file, or past the bound.
    #[error("the pronunciation dictionary {0}: {1}")]
    UnreadableDictionary(PathBuf, String),
    /// A word of the grammar has no pronunciation.
    #[error("the voice pack \"{pack}\" gives no pronunciation for \"{word}\"")]
    NoPronunciation {
        /// The pack.
        pack: String,
        /// The word.
        word: String,
    },
}

/// The dictionary of `pack`: the shipped one for a built-in pack, else
/// `ID.dict` beside the user's `ID.toml`.
fn dictionary_of(pack: &VoicePack) -> Result<Dictionary, HearingError> {
    if let Some((_, text)) = DICTIONARIES.iter().find(|(id, _)| *id == pack.id) {
        return Dictionary::read(text).map_err(|e| HearingError::BadDictionary(pack.id.clone(), e));
    }
    let path: Option<PathBuf> =
        crate::session::config::user_voice_dir().map(|dir| dir.join(format!("{}.dict", pack.id)));
    let Some(path) = path.filter(|p| p.exists()) else {
        return Err(HearingError::NoDictionary(pack.id.clone()));
    };
    let text = read_dictionary(&path)
        .map_err(|why| HearingError::UnreadableDictionary(path.clone(), why))?;
    Dictionary::read(&text).map_err(|e| HearingError::BadDictionary(pack.id.clone(), e))
}

/// The most bytes of an own pronunciation dictionary: the shipped ones
/// take a few kilobytes.
const MOST_DICTIONARY_BYTES: u64 = 1024 * 1024;

/// An own dictionary's text: a plain file of at most
/// [`MOST_DICTIONARY_BYTES`] in UTF-8, or why not.
fn read_dictionary(path: &std::path::Path) -> Result<String, String> {
    crate::files::read_text(path, MOST_DICTIONARY_BYTES).map_err(|e| e.to_string())
}

impl HearingError {
    /// Whether the fault is the recogniser's, not installed or refusing
    /// (exit status 3), rather than the pack's or its dictionary's, which
    /// the user can mend (exit status 1).
    pub fn is_the_recognisers(&self) -> bool {
        matches!(self, HearingError::Recogniser(_))
    }
}

/// What one utterance was heard as.
#[derive(Clone, Debug)]
pub struct Hearing {
    /// The recogniser's guesses, best first.
    pub guesses: Vec<Guess>,
    /// The longest stretch of speech (in frames of 10 ms) that the best
    /// guess gave to silence or noise.
    pub unexplained: usize,
    /// What they mean.
    pub heard: Heard,
}

/// The recogniser, ready for one pack's words.
pub struct Recogniser {
    decoder: Decoder,
    pack: String,
    dictionary: Dictionary,
}

impl Recogniser {
    /// Loads the recogniser with the acoustic model and `pack`'s words.
    pub fn for_pack(pack: &VoicePack) -> Result<Recogniser, HearingError> {
        let dictionary = dictionary_of(pack)?;
        let mut decoder = Decoder::new(std::path::Path::new(DEBIAN_MODEL))?;
        let entries = dictionary.entries();
        decoder.add_words(entries.iter().map(|(w, p)| (w.as_str(), p.as_str())))?;
        Ok(Recogniser {
            decoder,
            pack: pack.id.clone(),
            dictionary,
        })
    }

    /// Makes `grammar` the one the next utterance is heard with.
    pub fn expect(&mut self, grammar: &Grammar) -> Result<(), HearingError> {
        if let Some(word) = grammar
            .words()
            .into_iter()
            .find(|w| !self.dictionary.knows(w))
        {
            return Err(HearingError::NoPronunciation {
                pack: self.pack.clone(),
                word: word.to_string(),
            });
        }
        self.decoder.set_grammar(&grammar.to_jsgf())?;
        Ok(())
    }

    /// Hears one utterance of 16 kHz samples against `grammar`: once
    /// with every phrase, and once more without the phrases of what was
    /// heard first, so that the best other meaning and how near it came
    /// are known (the lattice's own list of guesses holds mostly
    /// unfinished phrases and cannot tell).
    pub fn hear(&mut self, grammar: &Grammar, samples: &[i16]) -> Result<Hearing, HearingError> {
        self.expect(grammar)?;
        let padded = padded(samples);
        let samples = padded.as_slice();
        let mut guesses = self
            .decoder
            .decode(samples)?
            .into_iter()
            .collect::<Vec<_>>();
        let unexplained = longest_unexplained(samples, &self.decoder.fillers());
        if let Some(best) = guesses.first().and_then(|g| grammar.phrase(&g.words)) {
            let others = grammar.without(best.said);
            if !others.phrases().is_empty() {
                self.expect(&others)?;
                guesses.extend(self.decoder.decode(samples)?);
            }
        }
        let heard = if unexplained >= MOST_UNEXPLAINED_FRAMES {
            // Speech the phrase does not cover: not that phrase.
            Heard::Nothing
        } else {
            decide(grammar, &guesses, MARGIN)
        };
        Ok(Hearing {
            guesses,
            unexplained,
            heard,
        })
    }

    /// The decoder, for feeding an utterance while it is spoken.
    pub fn decoder(&mut self) -> &mut Decoder {
        &mut self.decoder
    }
}

/// Quiet before and after an utterance: the recogniser's own detector of
/// speech holds back the last frames of a sound that stops at once, and
/// the phrase would then not reach its end.
const PAD_BEFORE: usize = RATE as usize * 3 / 10;
const PAD_AFTER: usize = RATE as usize / 2;

/// `samples` with quiet around them: a faint, even noise rather than
/// digital silence, which no microphone gives.
fn padded(samples: &[i16]) -> Vec<i16> {
    let quiet = |n: usize| (0..n).map(|i| [1i16, -2, 2, -1, 0, 1, -1][i % 7]);
    quiet(PAD_BEFORE)
        .chain(samples.iter().copied())
        .chain(quiet(PAD_AFTER))
        .collect()
}

/// A sound as the recogniser's samples: 16 kHz, 16 bits.
pub fn samples_of(sound: &Sound) -> Vec<i16> {
    in_sixteen_bits(&sound.downsampled(RATE).samples)
}

/// Samples from -1.0 to 1.0 as the recogniser's 16-bit integers.
pub fn in_sixteen_bits(samples: &[f32]) -> Vec<i16> {
    samples
        .iter()
        .map(|s| (s.clamp(-1.0, 1.0) * 32767.0) as i16)
        .collect()
}

/// What was heard as the move reader's answer: one move, a question
/// between moves, or nothing understood. A command or the repetition of
/// the last move heard is `None`.
pub fn reading_of(
    pack: &VoicePack,
    position: &Chess,
    grammar: &Grammar,
    hearing: &Hearing,
) -> Option<Reading> {
    let not_heard = |text: &str| Reading::Unrecognized {
        reason: fill(&pack.phrases.not_understood, &[("text", text)]),
    };
    Some(match &hearing.heard {
        Heard::Said(Said::Move(m)) => Reading::Move(*m),
        Heard::Said(Said::Command(_) | Said::Repetition) => return None,
        Heard::Ask(choices) => {
            let moves: Vec<Move> = choices
                .iter()
                .filter_map(|c| match c {
                    Said::Move(m) => Some(*m),
                    Said::Command(_) | Said::Repetition => None,
                })
                .collect();
            if moves.len() >= 2 {
                Reading::Ambiguous {
                    question: question(pack, position, &moves),
                    candidates: moves,
                }
            } else {
                let texts: Vec<&str> = choices.iter().filter_map(|c| grammar.text_of(*c)).collect();
                not_heard(&texts.join(" / "))
            }
        }
        // Quoted in the pack's spelling when the guess is a whole phrase;
        // the recogniser's folded words ("baur") are no words to say.
        Heard::Nothing => not_heard(
            hearing
                .guesses
                .first()
                .and_then(|g| grammar.phrase(&g.words))
                .map_or("…", |p| p.text.as_str()),
        ),
    })
}
