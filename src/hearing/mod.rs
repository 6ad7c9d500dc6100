//! Hearing a spoken move: the recogniser with a pack's pronunciations, an
//! utterance decoded against the position's grammar, and what was heard
//! put as the move reader's answer, so that a spoken move becomes a move
//! only when it can mean nothing else.

pub mod adapt;
mod capture;
pub(crate) mod denoise;
pub(crate) mod game;
pub mod listen;
pub mod pocketsphinx;
mod recogniser;
pub(crate) mod recording;
pub mod second_opinion;
mod settings;
mod unheard;

use std::path::PathBuf;

use shakmaty::{Chess, Move};
use zweibrett_core::hearing::dictionary::Dictionary;
use zweibrett_core::hearing::{Grammar, Guess, Heard, Said};
use zweibrett_core::notation::pack::fill;
use zweibrett_core::notation::read::question;
use zweibrett_core::notation::{Lexicon, Reading, VoicePack, read_move};
use zweibrett_core::wav::Sound;

pub(crate) use capture::Utterances;
pub use denoise::Denoise;
pub(crate) use denoise::denoised;
pub(crate) use pocketsphinx::DEBIAN_MODEL;
pub use pocketsphinx::RecogniserError;
pub(crate) use recogniser::MOST_UNEXPLAINED_FRAMES;
pub use recogniser::Recogniser;
pub use settings::{HearingSettings, ModelFolderError};
pub(crate) use unheard::Unheard;

/// The recogniser's sample rate.
pub(crate) const RATE: u32 = 16_000;

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
    /// The frames of speech (10 ms each) that the best guess gave to
    /// silence or noise.
    pub unexplained: usize,
    /// What they mean.
    pub heard: Heard,
    /// The best move of any shape, legal or not, heard by the wide search.
    pub any_move: Option<Guess>,
    /// The score of any run of sounds: what the phrases are measured
    /// against to know chatter.
    pub any_speech: Option<i32>,
    /// For a move about to be taken: the nearest phrase one word away
    /// from its own, each fitted alone to the utterance.
    pub nearest_neighbour: Option<Neighbour>,
    /// What the second opinion made of a move taken or asked about, when
    /// one was asked for.
    pub second_opinion: Option<Opinion>,
}

/// The second opinion on a move (see [`second_opinion`]): the phrase that
/// Whisper scored best among the phrases in doubt (the move's own, those
/// one word from it, the other moves the searches came near and every
/// legal move's phrase of as many words), and by how far.
#[derive(Clone, Debug, PartialEq)]
pub struct Opinion {
    /// The phrase, as the pack writes it.
    pub phrase: String,
    /// Its lead over the best phrase of another meaning, in mean
    /// log-probability per word piece.
    pub lead: f32,
    /// Whether it means the move the first recogniser led with.
    pub agrees: bool,
    /// For a move the first recogniser did not hear, what Whisper read in
    /// the utterance left free.
    pub free_reading: Option<FreeReading>,
}

/// What Whisper read in an utterance left free, beside a phrase.
#[derive(Clone, Debug, PartialEq)]
pub struct FreeReading {
    /// Its text.
    pub text: String,
    /// How far the phrase scored below it, in mean log-probability per
    /// word piece (at most a rounding below zero).
    pub below: f32,
}

/// A phrase one word away from a move's own (see
/// `zweibrett_core::hearing::neighbours`), fitted alone to the utterance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Neighbour {
    /// The phrase, as the pack writes it.
    pub phrase: String,
    /// How far the move's own phrase led it: below zero when it fitted
    /// better.
    pub lead: i32,
}

impl Hearing {
    /// Nothing heard: no words in the sound.
    fn of_nothing() -> Hearing {
        Hearing {
            guesses: Vec::new(),
            unexplained: 0,
            heard: Heard::Nothing,
            any_move: None,
            any_speech: None,
            nearest_neighbour: None,
            second_opinion: None,
        }
    }
}

/// Quiet before and after an utterance, in samples: the recogniser's own
/// detector of speech holds back the last frames of a sound that stops at
/// once, and the phrase would then not reach its end.
pub const PAD_BEFORE: usize = RATE as usize * 3 / 10;
const PAD_AFTER: usize = RATE as usize / 2;

/// `n` samples of quiet: a faint, even noise rather than digital
/// silence, which no microphone gives.
fn quiet(n: usize) -> impl Iterator<Item = i16> {
    (0..n).map(|i| [1i16, -2, 2, -1, 0, 1, -1][i % 7])
}

/// `samples` with quiet around them.
fn padded(samples: &[i16]) -> Vec<i16> {
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
pub(crate) fn in_sixteen_bits(samples: &[f32]) -> Vec<i16> {
    samples
        .iter()
        .map(|s| (s.clamp(-1.0, 1.0) * 32767.0) as i16)
        .collect()
}

/// What was heard as the move reader's answer: one move, a question
/// between moves, or nothing understood. A command or the repetition of
/// the last move heard is `None`.
pub(crate) fn reading_of(
    pack: &VoicePack,
    position: &Chess,
    grammar: &Grammar,
    hearing: &Hearing,
) -> Option<Reading> {
    let not_heard = |text: &str| Reading::Unrecognized {
        reason: fill(&pack.phrases.not_understood, &[("text", text)]),
    };
    // A move not legal here: the move reader says why, as for the same
    // words typed.
    let illegal = |text: &str| match read_move(&Lexicon::with_pack(pack), pack, position, text) {
        reading @ Reading::Illegal { .. } => reading,
        _ => not_heard(text),
    };
    Some(match &hearing.heard {
        Heard::Said(Said::Move(m)) => Reading::Move(*m),
        Heard::Said(Said::Command(_) | Said::Repetition | Said::Yes | Said::No) => return None,
        Heard::Said(said @ Said::Illegal(_)) => illegal(grammar.text_of(*said).unwrap_or("…")),
        Heard::Illegal(text) => illegal(text),
        Heard::Confirm(Said::Move(m), others) => Reading::Ambiguous {
            question: confirmation(pack, grammar, Said::Move(*m)),
            candidates: std::iter::once(*m)
                .chain(others.iter().filter_map(|o| match o {
                    Said::Move(m) => Some(*m),
                    _ => None,
                }))
                .collect(),
        },
        Heard::Confirm(_, _) => not_heard("…"),
        Heard::Ask(choices) => {
            let moves: Vec<Move> = choices
                .iter()
                .filter_map(|c| match c {
                    Said::Move(m) => Some(*m),
                    _ => None,
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

/// The question about one move heard, not clearly enough to take it:
/// "Springer Felix drei? Bitte ja oder nein sagen."
pub(crate) fn confirmation(pack: &VoicePack, grammar: &Grammar, said: Said) -> String {
    let [(yes, _), (no, _)] = zweibrett_core::hearing::grammar::yes_and_no(pack);
    pack.line_sentences().say(
        zweibrett_core::notation::pack::LineSentence::HeardConfirm,
        &[
            ("move", grammar.text_of(said).unwrap_or("…")),
            ("yes", &yes),
            ("no", &no),
        ],
    )
}
