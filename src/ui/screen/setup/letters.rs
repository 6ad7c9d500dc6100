//! The piece letters field: which languages' letters moves are typed in
//! (Appendix C.3). A player of another country chooses theirs once; by
//! default they are the voice pack's language's and English.

use crate::notation::pack::SetupSentence;
use crate::notation::{PieceLetters, TypedLetters};

use super::SetupForm;

impl SetupForm {
    /// The choices in the order Left and Right visit them: the pack's own
    /// and English, each other language's, every language's.
    fn letter_choices(&self) -> Vec<Vec<String>> {
        let own = PieceLetters::of_pack(&self.pack);
        let mut choices = vec![Vec::new()];
        for letters in PieceLetters::ALL {
            if letters != own && letters != PieceLetters::English {
                choices.push(vec![letters.languages()[0].to_string()]);
            }
        }
        choices.push(vec!["every".to_string()]);
        choices
    }

    /// The next or previous choice; a list the configuration named that is
    /// no single choice goes to the first.
    pub(super) fn cycle_letters(&mut self, forward: bool) {
        let choices = self.letter_choices();
        let n = choices.len();
        let next = match choices.iter().position(|c| *c == self.piece_letters) {
            Some(i) if forward => (i + 1) % n,
            Some(i) => (i + n - 1) % n,
            None => 0,
        };
        self.piece_letters = choices[next].clone();
    }

    /// The letters chosen, as the game will read them.
    fn typed_letters(&self) -> TypedLetters {
        let mut pack = self.pack.clone();
        // The configuration's names were checked when it was read.
        match pack.type_letters(&self.piece_letters) {
            Ok(()) => pack.typed_letters,
            Err(_) => self.pack.typed_letters,
        }
    }

    /// Whether every language's letters are chosen.
    fn every_language(&self) -> bool {
        self.typed_letters().is_every()
    }

    /// The field's value: the languages by their own names ("Deutsch,
    /// English"), or every language's.
    pub(super) fn letters_value(&self) -> String {
        if self.every_language() {
            return self.say(SetupSentence::LettersEvery, &[]);
        }
        let mut names: Vec<&str> = self.typed_letters().languages().map(|l| l.name()).collect();
        // English last: the player's own language is what they look for.
        names.rotate_left(1);
        names.join(", ")
    }

    /// What the choice means: the letters themselves, or how every
    /// language's are read.
    pub(super) fn letters_meaning(&self) -> String {
        let letters = self.typed_letters();
        if self.every_language() {
            let own: Vec<&str> = letters
                .languages()
                .filter(|l| !letters.others().any(|o| o == *l))
                .map(|l| l.name())
                .collect();
            return self.say(
                SetupSentence::LettersEveryMeans,
                &[("own", &own.join(", "))],
            );
        }
        let mut sets: Vec<String> = letters.languages().map(symbols).collect();
        sets.rotate_left(1);
        self.say(
            SetupSentence::LettersMeans,
            &[("letters", &sets.join(", "))],
        )
    }
}

/// "K D T L S": a language's letters for king, queen, rook, bishop and
/// knight, spaced so that each is read as a letter.
fn symbols(letters: PieceLetters) -> String {
    use shakmaty::Role::{Bishop, King, Knight, Queen, Rook};
    [King, Queen, Rook, Bishop, Knight]
        .into_iter()
        .filter_map(|r| letters.symbol(r))
        .collect::<Vec<_>>()
        .join(" ")
}
