//! Why moves cannot be heard, as a kind the voice pack puts in words: the
//! reason is said in the game's language, never in the recogniser's or
//! the sound system's English.

use std::path::PathBuf;

use zweibrett_core::notation::pack::{LineSentence, Sentences};

use super::{HearingError, RecogniserError};

/// Why listening cannot work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unheard {
    /// PocketSphinx is not installed.
    NoRecogniser,
    /// Its acoustic model is not where it was looked for.
    NoModel(PathBuf),
    /// The library installed lacks a function this program needs.
    OldRecogniser(&'static str),
    /// The recogniser refused to start, or to take a grammar or a word.
    Refused,
    /// The pack has no pronunciation dictionary.
    NoDictionary(String),
    /// The pack's dictionary cannot be read as one.
    BadDictionary(String),
    /// An own dictionary's file cannot be read.
    UnreadableDictionary(PathBuf),
    /// A word of the grammar has no pronunciation.
    NoPronunciation(String),
    /// The machine has no microphone.
    NoMicrophone,
    /// The microphone refused to start or stopped.
    Microphone,
    /// The recording listened to instead cannot be read.
    Recording(PathBuf),
    /// The sound ended: the recording listened to is over.
    Ended,
}

impl Unheard {
    /// The reason in the words of `line`, the pack's `[line]` sentences.
    pub fn say(&self, line: &Sentences<LineSentence>) -> String {
        let path = |p: &PathBuf| p.display().to_string();
        match self {
            Unheard::NoRecogniser => line.say(LineSentence::UnheardNoRecogniser, &[]),
            Unheard::NoModel(p) => line.say(LineSentence::UnheardNoModel, &[("path", &path(p))]),
            Unheard::OldRecogniser(function) => line.say(
                LineSentence::UnheardOldRecogniser,
                &[("function", function)],
            ),
            Unheard::Refused => line.say(LineSentence::UnheardRefused, &[]),
            Unheard::NoDictionary(pack) => {
                line.say(LineSentence::UnheardNoDictionary, &[("pack", pack)])
            }
            Unheard::BadDictionary(pack) => {
                line.say(LineSentence::UnheardBadDictionary, &[("pack", pack)])
            }
            Unheard::UnreadableDictionary(p) => line.say(
                LineSentence::UnheardUnreadableDictionary,
                &[("path", &path(p))],
            ),
            Unheard::NoPronunciation(word) => {
                line.say(LineSentence::UnheardNoPronunciation, &[("word", word)])
            }
            Unheard::NoMicrophone => line.say(LineSentence::UnheardNoMicrophone, &[]),
            Unheard::Microphone => line.say(LineSentence::UnheardMicrophone, &[]),
            Unheard::Recording(p) => {
                line.say(LineSentence::UnheardRecording, &[("path", &path(p))])
            }
            Unheard::Ended => line.say(LineSentence::UnheardEnded, &[]),
        }
    }
}

impl From<&HearingError> for Unheard {
    fn from(error: &HearingError) -> Unheard {
        match error {
            HearingError::Recogniser(RecogniserError::NoLibrary(_)) => Unheard::NoRecogniser,
            HearingError::Recogniser(RecogniserError::NoModel(path)) => {
                Unheard::NoModel(path.clone())
            }
            HearingError::Recogniser(RecogniserError::NoFunction(name)) => {
                Unheard::OldRecogniser(name)
            }
            HearingError::Recogniser(RecogniserError::Refused(_)) => Unheard::Refused,
            HearingError::NoDictionary(pack) => Unheard::NoDictionary(pack.clone()),
            HearingError::BadDictionary(pack, _) => Unheard::BadDictionary(pack.clone()),
            HearingError::UnreadableDictionary(path, _) => {
                Unheard::UnreadableDictionary(path.clone())
            }
            HearingError::NoPronunciation { word, .. } => Unheard::NoPronunciation(word.clone()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use zweibrett_core::notation::VoicePack;

    #[test]
    fn every_reason_is_said_in_the_packs_words() {
        let all = [
            Unheard::NoRecogniser,
            Unheard::NoModel(PathBuf::from("model")),
            Unheard::OldRecogniser("ps_init"),
            Unheard::Refused,
            Unheard::NoDictionary("mine".into()),
            Unheard::BadDictionary("mine".into()),
            Unheard::UnreadableDictionary(PathBuf::from("mine.dict")),
            Unheard::NoPronunciation("Zwickmühle".into()),
            Unheard::NoMicrophone,
            Unheard::Microphone,
            Unheard::Recording(PathBuf::from("move.wav")),
            Unheard::Ended,
        ];
        for id in ["fide", "pt", "es", "en"] {
            let pack = VoicePack::builtin(id);
            let said: Vec<String> = all.iter().map(|u| u.say(pack.line_sentences())).collect();
            for (u, s) in all.iter().zip(&said) {
                assert!(!s.is_empty() && !s.contains('{'), "{id} {u:?}: {s}");
            }
            // Each reason its own words.
            let distinct: std::collections::BTreeSet<&String> = said.iter().collect();
            assert_eq!(distinct.len(), all.len(), "{id}: {said:#?}");
            if id != "en" {
                assert!(!said[0].contains("not installed"), "{id}: {}", said[0]);
            }
        }
    }
}
