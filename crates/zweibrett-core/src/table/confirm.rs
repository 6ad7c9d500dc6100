//! The question before a resignation (5.1.2): a game is lost by a word,
//! so a typed `resign` is asked about first, at the main keyboard and at
//! every seat alike, and only a clear yes resigns.

use crate::game::Command;
use crate::notation::pack::ScreenSentence;
use crate::notation::{Lexicon, VoicePack};

use super::{Line, parse_typed_line};

/// "Resign for Anna? (y/n)": the question before `player` resigns.
pub fn resign_question(pack: &VoicePack, player: &str) -> String {
    pack.screen_sentences()
        .say(ScreenSentence::ResignOnLine, &[("player", player)])
}

/// Whether `text` answers the question before `resign`: yes for the
/// pack's letter for yes (or y), or the resignation typed again; no for
/// the pack's letter for no (or n); `None` for any other line, which is a
/// line of its own.
pub fn answers_resign(
    pack: &VoicePack,
    lexicon: &Lexicon,
    text: &str,
    resign: &Command,
) -> Option<bool> {
    let words = pack.screen_sentences();
    let letters = |key| words.say(key, &[]).to_lowercase();
    let text = text.trim().to_lowercase();
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c == 'y' || letters(ScreenSentence::YesLetters).contains(c) => {
            Some(true)
        }
        (Some(c), None) if c == 'n' || letters(ScreenSentence::NoLetters).contains(c) => {
            Some(false)
        }
        _ => match parse_typed_line(pack, lexicon, &text) {
            Line::Game(Command::Resign(side)) => {
                let same = match resign {
                    Command::Resign(asked) => side.is_none() || side == *asked,
                    _ => false,
                };
                same.then_some(true)
            }
            _ => None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Side;

    #[test]
    fn only_a_clear_yes_resigns() {
        let pack = VoicePack::builtin("fide");
        let lexicon = Lexicon::with_pack(&pack);
        let resign = Command::Resign(Some(Side::Black));
        let answer = |text| answers_resign(&pack, &lexicon, text, &resign);
        assert_eq!(answer("j"), Some(true));
        assert_eq!(answer("y"), Some(true));
        assert_eq!(answer("aufgeben"), Some(true));
        assert_eq!(answer("aufgeben schwarz"), Some(true));
        assert_eq!(answer("aufgeben weiß"), None, "another side's");
        assert_eq!(answer("n"), Some(false));
        assert_eq!(answer("Sf3"), None);
        assert_eq!(answer("ja bitte"), None);
        assert_eq!(
            resign_question(&pack, "Bert"),
            pack.screen_sentences()
                .say(ScreenSentence::ResignOnLine, &[("player", "Bert")])
        );
    }
}
