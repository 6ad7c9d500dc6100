//! What may be said in a position: every legal move in the pack's short and
//! long forms (D.2.1), castling by its name, and a few command words. A
//! phrase that two meanings share is left out, so that whatever is heard
//! can mean one thing only.

use std::collections::{BTreeMap, BTreeSet};

use shakmaty::{Chess, Move, Position};

use crate::notation::fold::fold;
use crate::notation::pack::{VoicePack, spoken_commands};
use crate::notation::say::{Form, say};

/// What a phrase means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Said {
    /// A legal move in the position.
    Move(Move),
    /// A command, by its English word (one the command table marks as spoken).
    Command(&'static str),
    /// The last move said again: the opponent's repetition (D.2.1).
    Repetition,
}

/// One phrase of the grammar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    /// The phrase as the pack writes it ("Springer Felix drei"), which the
    /// move reader reads back.
    pub text: String,
    /// The recogniser's words for it (see [`spoken_words`]).
    pub words: Vec<String>,
    /// What it means.
    pub said: Said,
}

/// Everything that may be heard in one position.
#[derive(Clone, Debug, Default)]
pub struct Grammar {
    phrases: Vec<Phrase>,
    /// Each phrase's words joined by single spaces, to its index.
    by_words: BTreeMap<String, usize>,
}

/// The recogniser's words for a text of the pack: each word folded (lower
/// case, no diacritics, no punctuation), so that a dictionary in ASCII
/// serves every pack.
pub fn spoken_words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(fold)
        .filter(|w| !w.is_empty())
        .collect()
}

impl Grammar {
    /// The phrases that may be said in `position`, in `pack`'s words.
    pub fn of_position(pack: &VoicePack, position: &Chess) -> Grammar {
        Grammar::of_phrases(candidates(pack, position))
    }

    /// The phrases of [`Grammar::of_position`], and the last move's own
    /// (played in `before`), heard as its repetition (D.2.1). A phrase of
    /// the last move that is also a move in `position` is neither.
    pub fn of_position_after(
        pack: &VoicePack,
        position: &Chess,
        last: Option<(&Chess, Move)>,
    ) -> Grammar {
        let mut candidates = candidates(pack, position);
        if let Some((before, m)) = last {
            for form in [Form::Short, Form::Long] {
                candidates.push((say(pack, before, m, form), Said::Repetition));
            }
        }
        Grammar::of_phrases(candidates)
    }

    /// A grammar of the given phrases; those whose words stand for two
    /// meanings are left out.
    pub fn of_phrases(candidates: Vec<(String, Said)>) -> Grammar {
        let mut meanings: BTreeMap<String, Vec<Said>> = BTreeMap::new();
        for (text, said) in &candidates {
            meanings
                .entry(spoken_words(text).join(" "))
                .or_default()
                .push(*said);
        }
        let mut grammar = Grammar::default();
        for (text, said) in candidates {
            let words = spoken_words(&text);
            let key = words.join(" ");
            if words.is_empty()
                || meanings[&key].iter().any(|m| m != &said)
                || grammar.by_words.contains_key(&key)
            {
                continue;
            }
            grammar.by_words.insert(key, grammar.phrases.len());
            grammar.phrases.push(Phrase { text, words, said });
        }
        grammar
    }

    /// The same grammar without the phrases meaning `said`: what the
    /// utterance is heard as a second time, so that the best of every
    /// other meaning is known and can be set against it.
    pub fn without(&self, said: Said) -> Grammar {
        self.keeping(|p| p.said != said)
    }

    /// Only the phrases meaning one of `choices`: what the answer to a
    /// question between them is heard with.
    pub fn only(&self, choices: &[Said]) -> Grammar {
        self.keeping(|p| choices.contains(&p.said))
    }

    /// The phrases `keep` keeps, in their order.
    fn keeping(&self, keep: impl Fn(&Phrase) -> bool) -> Grammar {
        let mut grammar = Grammar::default();
        for phrase in self.phrases.iter().filter(|p| keep(p)) {
            grammar
                .by_words
                .insert(phrase.words.join(" "), grammar.phrases.len());
            grammar.phrases.push(phrase.clone());
        }
        grammar
    }

    /// The phrases, in a stable order.
    pub fn phrases(&self) -> &[Phrase] {
        &self.phrases
    }

    /// The phrase whose words are `words` (single spaces), if any.
    pub fn phrase(&self, words: &str) -> Option<&Phrase> {
        let key = words.split_whitespace().collect::<Vec<_>>().join(" ");
        self.by_words.get(&key).map(|&i| &self.phrases[i])
    }

    /// The first phrase meaning `said`, as the pack writes it.
    pub fn text_of(&self, said: Said) -> Option<&str> {
        self.phrases
            .iter()
            .find(|p| p.said == said)
            .map(|p| p.text.as_str())
    }

    /// Every word of the grammar, once, in order.
    pub fn words(&self) -> BTreeSet<&str> {
        self.phrases
            .iter()
            .flat_map(|p| p.words.iter().map(String::as_str))
            .collect()
    }

    /// The grammar in the Java Speech Grammar Format, one public rule.
    pub fn to_jsgf(&self) -> String {
        let mut out = String::from("#JSGF V1.0;\ngrammar zweibrett;\npublic <said> = ");
        let alternatives: Vec<String> = self.phrases.iter().map(|p| p.words.join(" ")).collect();
        out.push_str(&alternatives.join("\n  | "));
        out.push_str(";\n");
        out
    }
}

/// Every legal move of `position` in both forms, and the commands.
fn candidates(pack: &VoicePack, position: &Chess) -> Vec<(String, Said)> {
    let mut candidates: Vec<(String, Said)> = Vec::new();
    for m in position.legal_moves() {
        for form in [Form::Short, Form::Long] {
            candidates.push((say(pack, position, m, form), Said::Move(m)));
        }
    }
    for key in spoken_commands() {
        candidates.push((
            pack.command_words().word(key).to_string(),
            Said::Command(key),
        ));
    }
    candidates
}

/// Every word a recogniser may need for `pack` (the pieces, files, ranks,
/// the words around moves, castling and the spoken commands), each with
/// the pack's own spelling of it, which a speech synthesiser can say.
pub fn vocabulary(pack: &VoicePack) -> BTreeMap<String, String> {
    use shakmaty::{CastlingSide, File, Rank, Role};
    let mut texts: Vec<String> = Vec::new();
    for role in Role::ALL {
        texts.push(pack.piece(role).to_string());
    }
    texts.extend(File::ALL.iter().map(|&f| pack.file(f).to_string()));
    texts.extend(Rank::ALL.iter().map(|&r| pack.rank(r).to_string()));
    let m = &pack.moves;
    texts.extend([&m.capture, &m.check, &m.mate, &m.en_passant, &m.promotion].map(String::clone));
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        texts.push(pack.castle(side).to_string());
    }
    for key in spoken_commands() {
        texts.push(pack.command_words().word(key).to_string());
    }
    let mut words = BTreeMap::new();
    for text in &texts {
        for spelling in text.split_whitespace() {
            let word = fold(spelling);
            if !word.is_empty() {
                words.entry(word).or_insert_with(|| spelling.to_string());
            }
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;

    fn start_grammar(id: &str) -> Grammar {
        Grammar::of_position(&VoicePack::builtin(id), &Chess::default())
    }

    #[test]
    fn every_move_in_both_forms_and_the_commands() {
        let g = start_grammar("fide");
        // 20 moves: the short forms, and the long forms (all differ).
        let moves = g
            .phrases()
            .iter()
            .filter(|p| matches!(p.said, Said::Move(_)));
        assert_eq!(moves.count(), 40);
        let nf3 = UciMove::from_ascii(b"g1f3")
            .unwrap()
            .to_move(&Chess::default())
            .unwrap();
        assert_eq!(
            g.phrase("springer felix drei").unwrap().said,
            Said::Move(nf3)
        );
        assert_eq!(
            g.phrase("springer  gustav eins felix drei").unwrap().said,
            Said::Move(nf3)
        );
        assert_eq!(g.phrase("zeit").unwrap().said, Said::Command("time"));
        assert_eq!(g.text_of(Said::Move(nf3)), Some("Springer Felix drei"));
    }

    #[test]
    fn the_last_move_is_heard_as_its_repetition_unless_it_is_a_move_too() {
        let pack = VoicePack::fide();
        let start = Chess::default();
        let nf3 = UciMove::from_ascii(b"g1f3")
            .unwrap()
            .to_move(&start)
            .unwrap();
        let mut after = start.clone();
        after.play_unchecked(nf3);
        let g = Grammar::of_position_after(&pack, &after, Some((&start, nf3)));
        assert_eq!(
            g.phrase("springer felix drei").unwrap().said,
            Said::Repetition
        );
        assert_eq!(
            g.phrase("springer gustav eins felix drei").unwrap().said,
            Said::Repetition
        );
        // Black's Nf6 is there as before.
        assert!(matches!(
            g.phrase("springer felix sechs").unwrap().said,
            Said::Move(_)
        ));
        // A queen move both sides can make with the same words: neither.
        let fen = "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1";
        let before: Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        let qd4 = UciMove::from_ascii(b"d1d4")
            .unwrap()
            .to_move(&before)
            .unwrap();
        let mut now = before.clone();
        now.play_unchecked(qd4);
        let g = Grammar::of_position_after(&pack, &now, Some((&before, qd4)));
        // Black's queen can take on d4 ("Dame schlägt David vier"): "Dame
        // David vier" is the repetition only.
        assert_eq!(g.phrase("dame david vier").unwrap().said, Said::Repetition);
        // Where the same words are also a move, they are neither.
        let g = Grammar::of_position_after(&pack, &before, Some((&before, qd4)));
        assert!(g.phrase("dame david vier").is_none());
    }

    #[test]
    fn a_phrase_of_two_meanings_is_left_out() {
        let g = Grammar::of_phrases(vec![
            ("Zeit".into(), Said::Command("time")),
            ("zeit".into(), Said::Command("repeat")),
            ("nochmal".into(), Said::Command("again")),
        ]);
        assert!(g.phrase("zeit").is_none());
        assert_eq!(g.phrases().len(), 1);
    }

    #[test]
    fn without_and_only_split_the_phrases_by_meaning() {
        let g = start_grammar("fide");
        let nf3 = g.phrase("springer felix drei").unwrap().said;
        let e4 = g.phrase("eva vier").unwrap().said;
        let rest = g.without(nf3);
        assert!(rest.phrase("springer felix drei").is_none());
        assert!(rest.phrase("springer gustav eins felix drei").is_none());
        assert_eq!(rest.phrases().len(), g.phrases().len() - 2);
        let both = g.only(&[nf3, e4]);
        assert_eq!(both.phrases().len(), 4);
        assert_eq!(both.phrase("baur eva zwei eva vier").unwrap().said, e4);
    }

    #[test]
    fn jsgf_names_every_phrase_in_plain_words() {
        let g = start_grammar("pt");
        let jsgf = g.to_jsgf();
        assert!(jsgf.starts_with("#JSGF V1.0;"));
        for p in g.phrases() {
            assert!(jsgf.contains(&p.words.join(" ")), "{}", p.text);
        }
        assert!(jsgf.is_ascii());
    }

    #[test]
    fn the_vocabulary_holds_every_word_of_every_grammar() {
        let fen = "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
        let pos: Chess = fen
            .parse::<shakmaty::fen::Fen>()
            .unwrap()
            .into_position(shakmaty::CastlingMode::Standard)
            .unwrap();
        for id in ["fide", "en", "pt", "es"] {
            let pack = VoicePack::builtin(id);
            let vocabulary = vocabulary(&pack);
            for word in Grammar::of_position(&pack, &pos).words() {
                assert!(vocabulary.contains_key(word), "{id}: {word}");
            }
        }
    }
}
