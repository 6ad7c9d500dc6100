//! The labels of line mode: the word before each line that says what it
//! is (`angesagt:`, `Uhr:` …), in the pack's language, so that a game in
//! German shows and reads German only. A script that reads line mode
//! whatever the pack sets `ZWEIBRETT_LABELS=english`; with the user's
//! screen reader speaking for the program, lines carry no label at all.

use crate::notation::pack::{LineSentence, Sentences};
use crate::notation::{PieceLetters, VoicePack};

/// The environment variable that chooses the labels' language.
pub const LABELS_VARIABLE: &str = "ZWEIBRETT_LABELS";

/// How the lines of line mode are labelled.
#[derive(Clone)]
pub struct Labels {
    /// The label words; `None`: lines are printed bare.
    words: Option<Sentences<LineSentence>>,
    /// The letters the moves' SAN is written in.
    letters: PieceLetters,
}

impl Labels {
    /// The labels for a game in `pack`: the pack's own words, English ones
    /// when `ZWEIBRETT_LABELS=english`, none when it is `none`.
    pub fn for_pack(pack: &VoicePack) -> Labels {
        match std::env::var(LABELS_VARIABLE).as_deref() {
            Ok("english") => Labels {
                words: Some(VoicePack::builtin("en").line_sentences().clone()),
                letters: PieceLetters::English,
            },
            Ok("none") => Labels::bare(pack),
            _ => Labels {
                words: Some(pack.line_sentences().clone()),
                letters: PieceLetters::of_pack(pack),
            },
        }
    }

    /// No labels: each line is its text alone, for a screen reader.
    pub fn bare(pack: &VoicePack) -> Labels {
        Labels {
            words: None,
            letters: PieceLetters::of_pack(pack),
        }
    }

    /// Whether lines carry labels.
    pub fn labelled(&self) -> bool {
        self.words.is_some()
    }

    /// `text` after the label `key`.
    pub fn line(&self, key: LineSentence, text: &str) -> String {
        match &self.words {
            Some(words) => format!("{}: {text}", words.say(key, &[])),
            None => text.to_string(),
        }
    }

    /// A move's number and SAN ("12... Nf6") in the labels' letters.
    pub fn san(&self, label: &str) -> String {
        self.letters.from_english(label)
    }
}
