//! The pack file as written, with the position of every word so that errors
//! can name their line.

use std::collections::BTreeMap;

use serde::Deserialize;
use toml::Spanned;

use super::commands::RawCommands;
use super::sentences::{PluralRule, RawSentences};
use super::{AnswerWords, MoveWords, Phrases};

/// `piece_letters = "every"` or `piece_letters = ["es", "fr"]`.
#[derive(Deserialize)]
#[serde(untagged)]
pub(super) enum RawLetters {
    One(String),
    Many(Vec<String>),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPack {
    pub(super) id: Spanned<String>,
    pub(super) name: String,
    pub(super) language: Spanned<String>,
    pub(super) files: RawFiles,
    pub(super) ranks: RawRanks,
    pub(super) pieces: RawPieces,
    pub(super) moves: Spanned<MoveWords>,
    pub(super) sides: RawSides,
    pub(super) phrases: Spanned<Phrases>,
    /// Words that answer the program's own questions.
    pub(super) answers: Spanned<AnswerWords>,
    #[serde(default)]
    pub(super) accept: RawAccept,
    /// How the speech engines are to say some words: word → pronunciation.
    #[serde(default)]
    pub(super) pronounce: BTreeMap<String, Spanned<String>>,
    /// Words for the clock; read by the clock's own vocabulary.
    #[serde(default)]
    pub(super) clock: Option<Spanned<RawSentences>>,
    /// How the language picks singular or plural for a count.
    #[serde(default)]
    pub(super) plural: PluralRule,
    /// The languages whose piece letters a player of this pack types
    /// besides SAN's English ones: "every", or language subtags; left out,
    /// the pack's own language.
    #[serde(default)]
    pub(super) piece_letters: Option<Spanned<RawLetters>>,
    /// Sentences of the arbiter's audit (D.2.9).
    #[serde(default)]
    pub(super) audit: Option<Spanned<RawSentences>>,
    /// Sentences for going through games, and the words of annotation
    /// glyphs under `nags`.
    #[serde(default)]
    pub(super) analysis: Option<Spanned<RawSentences>>,
    /// The game's sentences.
    #[serde(default)]
    pub(super) game: Option<Spanned<RawSentences>>,
    /// Line mode's own sentences.
    #[serde(default)]
    pub(super) line: Option<Spanned<RawSentences>>,
    /// What each command of a game does, for the help.
    #[serde(default)]
    pub(super) help: Option<Spanned<RawSentences>>,
    /// The full screen's sentences for a game.
    #[serde(default)]
    pub(super) screen: Option<Spanned<RawSentences>>,
    /// The new game form's sentences.
    #[serde(default)]
    pub(super) setup: Option<Spanned<RawSentences>>,
    /// The full screen's sentences for going through games.
    #[serde(default)]
    pub(super) browse: Option<Spanned<RawSentences>>,
    /// What the program says about its own voice.
    #[serde(default)]
    pub(super) speech: Option<Spanned<RawSentences>>,
    pub(super) doctor: Option<Spanned<RawSentences>>,
    /// What the game and a second seat say about the seats.
    #[serde(default)]
    pub(super) seat: Option<Spanned<RawSentences>>,
    /// The full screen of a joined seat.
    #[serde(default)]
    pub(super) seat_screen: Option<Spanned<RawSentences>>,
    /// What `zweibrett hall` says of every board of a round.
    #[serde(default)]
    pub(super) hall: Option<Spanned<RawSentences>>,
    /// The words of `--help`, and the program's texts in the pack's
    /// language.
    #[serde(default)]
    pub(super) command_line: Option<Spanned<RawSentences>>,
    /// Line mode's command words in the pack's language.
    #[serde(default)]
    pub(super) commands: Option<Spanned<RawCommands>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFiles {
    pub(super) a: Spanned<String>,
    pub(super) b: Spanned<String>,
    pub(super) c: Spanned<String>,
    pub(super) d: Spanned<String>,
    pub(super) e: Spanned<String>,
    pub(super) f: Spanned<String>,
    pub(super) g: Spanned<String>,
    pub(super) h: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRanks {
    #[serde(rename = "1")]
    pub(super) r1: Spanned<String>,
    #[serde(rename = "2")]
    pub(super) r2: Spanned<String>,
    #[serde(rename = "3")]
    pub(super) r3: Spanned<String>,
    #[serde(rename = "4")]
    pub(super) r4: Spanned<String>,
    #[serde(rename = "5")]
    pub(super) r5: Spanned<String>,
    #[serde(rename = "6")]
    pub(super) r6: Spanned<String>,
    #[serde(rename = "7")]
    pub(super) r7: Spanned<String>,
    #[serde(rename = "8")]
    pub(super) r8: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPieces {
    pub(super) king: Spanned<String>,
    pub(super) queen: Spanned<String>,
    pub(super) rook: Spanned<String>,
    pub(super) bishop: Spanned<String>,
    pub(super) knight: Spanned<String>,
    pub(super) pawn: Spanned<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSides {
    pub(super) white: String,
    pub(super) black: String,
}

pub(super) type SpellingList = BTreeMap<String, Vec<Spanned<String>>>;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RawAccept {
    #[serde(default)]
    pub(super) files: SpellingList,
    #[serde(default)]
    pub(super) ranks: SpellingList,
    #[serde(default)]
    pub(super) pieces: SpellingList,
    #[serde(default)]
    pub(super) moves: SpellingList,
    #[serde(default)]
    pub(super) filler: Vec<Spanned<String>>,
}
