//! A letter read in another language than the player's own (Appendix
//! C.3): "B" is the bishop in English and German, the rook in Hungarian.
//! With every language's letters allowed, a move that only such a meaning
//! gives is a slip as likely as a choice, so it is refused and the
//! language named; where the player's own meaning gives a move as well,
//! both are asked about.

use shakmaty::{Chess, Move, Role};

use super::{Reading, question, read_with};
use crate::notation::lexicon::Lexicon;
use crate::notation::pack::{GameSentence, VoicePack, english};
use crate::notation::piece_letters::TypedLetters;

/// The move `m`, read from `text` with every meaning of `letters`, if the
/// player's own letters give it too; else a question with the moves those
/// give, or a refusal naming the other language.
pub(super) fn checked(
    lexicon: &Lexicon,
    pack: &VoicePack,
    letters: TypedLetters,
    position: &Chess,
    text: &str,
    m: Move,
) -> Reading {
    let own = read_with(lexicon, pack, letters.own(), position, text);
    match own {
        Reading::Move(o) if o == m => Reading::Move(m),
        Reading::Move(o) => ask(pack, position, vec![m, o]),
        Reading::Ambiguous { mut candidates, .. } => {
            if !candidates.contains(&m) {
                candidates.push(m);
            }
            ask(pack, position, candidates)
        }
        Reading::Illegal { .. } | Reading::Unrecognized { .. } => {
            refusal(pack, letters, text, m.role()).unwrap_or(own)
        }
    }
}

/// The question between `candidates`, in a stable order.
fn ask(pack: &VoicePack, position: &Chess, mut candidates: Vec<Move>) -> Reading {
    candidates.sort_by_key(|m| (m.from(), m.to(), m.promotion()));
    candidates.dedup();
    Reading::Ambiguous {
        question: question(pack, position, &candidates),
        candidates,
    }
}

/// "Bb6 is not played: B is the bishop in your piece letters, the rook
/// only in magyar ones", for the first letter of `text` that is `role`
/// only in languages not the player's own and another piece in theirs;
/// `None` if none is.
fn refusal(pack: &VoicePack, letters: TypedLetters, text: &str, role: Role) -> Option<Reading> {
    let chars: Vec<char> = text.chars().collect();
    for i in 0..chars.len() {
        let at = &chars[i..];
        let (own, len) = letters.own().pieces_at(at);
        let (all, _) = letters.pieces_at(at);
        if own.is_empty() || own.contains(&role) || !all.contains(&role) {
            continue;
        }
        let typed = &at[..len];
        let languages: Vec<&str> = letters
            .languages_of(typed, role)
            .into_iter()
            .filter(|l| letters.others().any(|o| o == *l))
            .map(|l| l.name())
            .collect();
        let own_names: Vec<&str> = own.iter().map(|r| pack.piece(*r)).collect();
        let letter: String = typed.iter().collect();
        let sentences = pack
            .game_sentences()
            .or_else(|| english().game_sentences())?;
        return Some(Reading::Unrecognized {
            reason: sentences.say(
                GameSentence::ForeignLetter,
                &[
                    ("text", text.trim()),
                    ("letter", &letter),
                    ("own", &own_names.join(&format!(" {} ", pack.phrases.or))),
                    ("other", pack.piece(role)),
                    ("languages", &languages.join(", ")),
                ],
            ),
        });
    }
    None
}
