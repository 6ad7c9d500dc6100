//! The question before a resignation (5.1.2): a game is lost by a word,
//! so a typed `resign` is asked about first, at the main keyboard and at
//! every seat alike, and only a clear yes resigns.

use crate::game::{Command, Side};
use crate::notation::pack::ScreenSentence;
use crate::notation::{Lexicon, VoicePack};

use super::{Line, parse_typed_line};

/// "Resign for Anna? (y/n)": the question before `player` resigns.
pub fn resign_question(pack: &VoicePack, player: &str) -> String {
    pack.screen_sentences()
        .say(ScreenSentence::ResignOnLine, &[("player", player)])
}

/// What a line typed after the question before a resignation comes to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResignReply {
    /// Yes: the resignation goes to the game (5.1.2).
    Resign,
    /// No: the game goes on, and this sentence says so.
    BackToGame(String),
    /// Neither: the line is one of its own, and the question is dropped.
    Other,
}

/// What `text` answers to the question before `resign`: yes for the
/// pack's letter for yes (or y), or the resignation typed again; no for
/// the pack's letter for no (or n); any other line is a line of its own.
pub fn answers_resign(
    pack: &VoicePack,
    lexicon: &Lexicon,
    text: &str,
    resign: &Command,
) -> ResignReply {
    let words = pack.screen_sentences();
    let letters = |key| words.say(key, &[]).to_lowercase();
    let text = text.trim().to_lowercase();
    let mut chars = text.chars();
    let yes = match (chars.next(), chars.next()) {
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
    };
    match yes {
        Some(true) => ResignReply::Resign,
        Some(false) => ResignReply::BackToGame(words.say(ScreenSentence::BackToGame, &[])),
        None => ResignReply::Other,
    }
}

/// A resignation typed at a seat and asked about, waiting for the answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AskedResignation {
    /// The resignation the question is about.
    pub resign: Command,
    /// The line as typed, sent to the game on yes.
    pub typed: String,
    /// The question, naming the player who would resign.
    pub question: String,
}

/// The question before `typed`, when it is a resignation for `side`, the
/// side of the seat it was typed at, in a game still going; `names` are
/// White's and Black's. `None` for any other line.
pub fn seat_resignation(
    pack: &VoicePack,
    lexicon: &Lexicon,
    typed: &str,
    side: Side,
    names: (&str, &str),
) -> Option<AskedResignation> {
    let Line::Game(Command::Resign(named)) = parse_typed_line(pack, lexicon, typed) else {
        return None;
    };
    if named.is_some_and(|n| n != side) {
        return None;
    }
    let name = match side {
        Side::White => names.0,
        Side::Black => names.1,
    };
    Some(AskedResignation {
        resign: Command::Resign(Some(side)),
        typed: typed.to_string(),
        question: resign_question(pack, name),
    })
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
        assert_eq!(answer("j"), ResignReply::Resign);
        assert_eq!(answer("y"), ResignReply::Resign);
        assert_eq!(answer("aufgeben"), ResignReply::Resign);
        assert_eq!(answer("aufgeben schwarz"), ResignReply::Resign);
        assert_eq!(
            answer("aufgeben weiß"),
            ResignReply::Other,
            "another side's"
        );
        let back = pack.screen_sentences().say(ScreenSentence::BackToGame, &[]);
        assert_eq!(answer("n"), ResignReply::BackToGame(back));
        assert_eq!(answer("Sf3"), ResignReply::Other);
        assert_eq!(answer("ja bitte"), ResignReply::Other);
        assert_eq!(
            resign_question(&pack, "Bert"),
            pack.screen_sentences()
                .say(ScreenSentence::ResignOnLine, &[("player", "Bert")])
        );
    }

    #[test]
    fn a_seat_is_asked_only_about_its_own_resignation() {
        let pack = VoicePack::builtin("fide");
        let lexicon = Lexicon::with_pack(&pack);
        let ask = |typed, side| seat_resignation(&pack, &lexicon, typed, side, ("Anna", "Bert"));
        let asked = ask("aufgeben", Side::Black).expect("asked");
        assert_eq!(asked.resign, Command::Resign(Some(Side::Black)));
        assert_eq!(asked.typed, "aufgeben");
        assert_eq!(asked.question, resign_question(&pack, "Bert"));
        assert!(ask("aufgeben schwarz", Side::Black).is_some());
        assert_eq!(ask("aufgeben weiß", Side::Black), None, "the other side's");
        assert_eq!(ask("Sf3", Side::White), None);
    }
}
