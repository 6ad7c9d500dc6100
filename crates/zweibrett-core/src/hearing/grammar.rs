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
    /// A move that is not legal in the position, by its place among the
    /// grammar's phrases: heard so that it is answered as illegal (D.2.1,
    /// 7.5) rather than fitted to a legal move never said.
    Illegal(u32),
    /// Yes, to a question about one move.
    Yes,
    /// No, to a question about one move.
    No,
}

/// Where another phrase has words that a phrase contained in it lacks:
/// before its first word, after its last, or between its words.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Missing {
    /// Words before (the phrase is the other's tail).
    pub before: bool,
    /// Words after (the phrase is the other's head).
    pub after: bool,
    /// Words between.
    pub between: bool,
}

impl Missing {
    /// Whether any side lacks words.
    pub fn any(self) -> bool {
        self.before || self.after || self.between
    }

    fn and(self, other: Missing) -> Missing {
        Missing {
            before: self.before || other.before,
            after: self.after || other.after,
            between: self.between || other.between,
        }
    }
}

/// Where `long` has words that `short` lacks, when `short`'s words come
/// in `long` in order (a strictly shorter subsequence); none otherwise.
fn missing_in(short: &[String], long: &[String]) -> Option<Missing> {
    if short.is_empty() || short.len() >= long.len() {
        return None;
    }
    // The earliest placement of `short`'s words in `long`.
    let mut at = Vec::with_capacity(short.len());
    let mut from = 0;
    for word in short {
        let found = long[from..].iter().position(|w| w == word)? + from;
        at.push(found);
        from = found + 1;
    }
    let (first, last) = (at[0], at[at.len() - 1]);
    Some(Missing {
        before: first > 0,
        after: last + 1 < long.len(),
        between: last - first + 1 > short.len(),
    })
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
        self.keeping_out(&[said])
    }

    /// The same grammar without the phrases meaning any of `left_out`.
    pub fn keeping_out(&self, left_out: &[Said]) -> Grammar {
        self.keeping(|p| !left_out.contains(&p.said))
    }

    /// The phrases of as many words as `words` that mean other than
    /// `said`: what a word or two misheard would make of it. Longer and
    /// shorter phrases are left out: a word more or less is weighed by the
    /// speech around the words, not by the score, which gives a word laid
    /// over silence almost free.
    pub fn as_long_as(&self, words: &[String], said: Said) -> Grammar {
        self.keeping(|p| p.said != said && p.words.len() == words.len())
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

    /// The same grammar with every move of the side to move that is not
    /// legal in `position`, in the pack's short form: each of its kinds of
    /// piece to every square, and a pawn to every square of the second to
    /// seventh rank, where no legal phrase has the same words.
    pub fn with_illegal(&self, pack: &VoicePack, position: &Chess) -> Grammar {
        use shakmaty::{Rank, Role, Square};
        let mut grammar = self.clone();
        let ours = position.board().by_color(position.turn());
        let mut next = 0u32;
        for role in Role::ALL {
            if !(position.board().by_role(role) & ours).any() {
                continue;
            }
            for to in Square::ALL {
                if role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth) {
                    continue;
                }
                let square = format!("{} {}", pack.file(to.file()), pack.rank(to.rank()));
                let text = if role == Role::Pawn {
                    square
                } else {
                    format!("{} {square}", pack.piece(role))
                };
                let words = spoken_words(&text);
                let key = words.join(" ");
                if grammar.by_words.contains_key(&key) {
                    continue;
                }
                grammar.by_words.insert(key, grammar.phrases.len());
                grammar.phrases.push(Phrase {
                    text,
                    words,
                    said: Said::Illegal(next),
                });
                next += 1;
            }
        }
        grammar
    }

    /// The grammar in the Java Speech Grammar Format with, beside its own
    /// phrases, every move shaped as the pack says moves, legal or not: a
    /// square, a piece and a square, a piece, a square, perhaps the capture
    /// word, and a square. What is heard through it and is none of the
    /// grammar's phrases is a move not legal here (see
    /// [`Grammar::spelled`]).
    pub fn to_wide_jsgf(&self, pack: &VoicePack) -> String {
        use shakmaty::{File, Rank, Role};
        let words = |texts: Vec<String>| -> String {
            let mut alternatives: Vec<String> = texts
                .iter()
                .map(|t| spoken_words(t).join(" "))
                .filter(|w| !w.is_empty())
                .collect();
            alternatives.sort();
            alternatives.dedup();
            format!("({})", alternatives.join(" | "))
        };
        let pieces = words(
            Role::ALL
                .iter()
                .map(|&r| pack.piece(r).to_string())
                .collect(),
        );
        let files = words(
            File::ALL
                .iter()
                .map(|&f| pack.file(f).to_string())
                .collect(),
        );
        let ranks = words(
            Rank::ALL
                .iter()
                .map(|&r| pack.rank(r).to_string())
                .collect(),
        );
        let takes = words(vec![pack.moves.capture.clone()]);
        let mut out =
            String::from("#JSGF V1.0;\ngrammar zweibrett;\npublic <said> = <listed> | <shaped>;\n");
        out.push_str(&format!(
            "<square> = {files} {ranks};\n<piece> = {pieces};\n<shaped> = [<piece>] <square> | <piece> <square> [{takes}] <square>;\n"
        ));
        let alternatives: Vec<String> = self.phrases.iter().map(|p| p.words.join(" ")).collect();
        out.push_str("<listed> = ");
        out.push_str(&alternatives.join("\n  | "));
        out.push_str(";\n");
        out
    }

    /// Whether `words` (the recogniser's) are shaped as a move of
    /// [`Grammar::to_wide_jsgf`]: a square, or a piece and a square, or a
    /// piece, a square, perhaps the capture word, and a square.
    pub fn is_move_shaped(pack: &VoicePack, words: &str) -> bool {
        use shakmaty::{File, Rank, Role};
        let one = |texts: Vec<String>| -> Vec<Vec<String>> {
            texts
                .iter()
                .map(|t| spoken_words(t))
                .filter(|w| !w.is_empty())
                .collect()
        };
        let pieces = one(Role::ALL
            .iter()
            .map(|&r| pack.piece(r).to_string())
            .collect());
        let files = one(File::ALL
            .iter()
            .map(|&f| pack.file(f).to_string())
            .collect());
        let ranks = one(Rank::ALL
            .iter()
            .map(|&r| pack.rank(r).to_string())
            .collect());
        let takes = one(vec![pack.moves.capture.clone()]);
        let heard: Vec<String> = words.split_whitespace().map(str::to_string).collect();
        // Each part in turn, as many words as it takes; `None` when none fits.
        fn part<'a>(rest: &'a [String], choices: &[Vec<String>]) -> Vec<&'a [String]> {
            choices
                .iter()
                .filter(|c| rest.starts_with(c))
                .map(|c| &rest[c.len()..])
                .collect()
        }
        let square = |rest: &[String]| -> Vec<Vec<String>> {
            part(rest, &files)
                .into_iter()
                .flat_map(|r| part(r, &ranks))
                .map(<[String]>::to_vec)
                .collect()
        };
        let after_piece: Vec<Vec<String>> = part(&heard, &pieces)
            .into_iter()
            .map(<[String]>::to_vec)
            .collect();
        square(&heard).iter().any(Vec::is_empty)
            || after_piece.iter().any(|rest| {
                square(rest).iter().any(|r| {
                    r.is_empty()
                        || square(r).iter().any(Vec::is_empty)
                        || part(r, &takes)
                            .into_iter()
                            .any(|t| square(t).iter().any(Vec::is_empty))
                })
            })
    }

    /// Recogniser's words as the pack spells them ("laufer anna drei" as
    /// "Läufer Anna drei"), for a phrase heard that the grammar lacks.
    pub fn spelled(pack: &VoicePack, words: &str) -> String {
        let vocabulary = vocabulary(pack);
        words
            .split_whitespace()
            .map(|w| vocabulary.get(w).map_or(w, String::as_str))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// The grammar of an answer to "this move?": the move's own phrases
    /// (said again, it is a yes), and the pack's yes and no.
    pub fn yes_or_no(&self, said: Said, pack: &VoicePack) -> Grammar {
        let mut grammar = self.only(&[said]);
        for (word, meaning) in yes_and_no(pack) {
            let words = spoken_words(&word);
            let key = words.join(" ");
            if words.is_empty() || grammar.by_words.contains_key(&key) {
                continue;
            }
            grammar.by_words.insert(key, grammar.phrases.len());
            grammar.phrases.push(Phrase {
                text: word,
                words,
                said: meaning,
            });
        }
        grammar
    }

    /// Where the other phrases that hold `said`'s phrase `words` (another
    /// meaning's, longer, with these words in order) have words it lacks:
    /// what must be silent around or between the words heard before they
    /// can be taken for `said` (a lost first word must not make "Läufer
    /// Anna drei" into "Anna drei").
    pub fn missing_around(&self, said: Said, words: &[String]) -> Missing {
        self.phrases
            .iter()
            .filter(|p| p.said != said)
            .filter_map(|p| missing_in(words, &p.words))
            .fold(Missing::default(), Missing::and)
    }

    /// The legal moves whose phrases hold `words` (see
    /// [`Grammar::missing_around`]).
    pub fn moves_holding(&self, said: Said, words: &[String]) -> Vec<Said> {
        let mut found: Vec<Said> = Vec::new();
        for p in &self.phrases {
            if p.said != said
                && matches!(p.said, Said::Move(_))
                && missing_in(words, &p.words).is_some()
                && !found.contains(&p.said)
            {
                found.push(p.said);
            }
        }
        found
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

/// What the recogniser's word for one sound of speech begins with.
const SOUND_WORD: &str = "sound";

/// The recogniser's word for the one sound `phone` (ARPAbet), of which
/// [`any_speech_jsgf`] is made.
pub fn sound_word(phone: &str) -> String {
    format!("{SOUND_WORD}{}", phone.to_ascii_lowercase())
}

/// A grammar of any run of sounds, in the Java Speech Grammar Format:
/// what chatter, a cough or words of no phrase fit better than a phrase
/// does, and a phrase said fits nearly as well as its own words.
pub fn any_speech_jsgf() -> String {
    let sounds: Vec<String> = super::phones::ARPABET
        .iter()
        .map(|p| sound_word(p))
        .collect();
    format!(
        "#JSGF V1.0;\ngrammar zweibrett;\npublic <sounds> = ({})+;\n",
        sounds.join(" | ")
    )
}

/// The pack's yes and no, as its new-game form writes them.
pub fn yes_and_no(pack: &VoicePack) -> [(String, Said); 2] {
    use crate::notation::pack::SetupSentence;
    let sentences = pack.setup_sentences();
    [
        (sentences.say(SetupSentence::Yes, &[]), Said::Yes),
        (sentences.say(SetupSentence::No, &[]), Said::No),
    ]
}

/// The texts a move is made of in `pack`: the pieces, files and ranks,
/// the words for capture, check, mate, en passant and promotion, and both
/// castlings.
pub fn move_texts(pack: &VoicePack) -> Vec<String> {
    use shakmaty::{CastlingSide, File, Rank, Role};
    let mut texts: Vec<String> = Role::ALL
        .iter()
        .map(|&r| pack.piece(r).to_string())
        .collect();
    texts.extend(File::ALL.iter().map(|&f| pack.file(f).to_string()));
    texts.extend(Rank::ALL.iter().map(|&r| pack.rank(r).to_string()));
    let m = &pack.moves;
    texts.extend([&m.capture, &m.check, &m.mate, &m.en_passant, &m.promotion].map(String::clone));
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        texts.push(pack.castle(side).to_string());
    }
    texts
}

/// Every word a recogniser may need for `pack` (the pieces, files, ranks,
/// the words around moves, castling and the spoken commands), each with
/// the pack's own spelling of it, which a speech synthesiser can say.
pub fn vocabulary(pack: &VoicePack) -> BTreeMap<String, String> {
    let mut texts = move_texts(pack);
    for key in spoken_commands() {
        texts.push(pack.command_words().word(key).to_string());
    }
    texts.extend(yes_and_no(pack).map(|(word, _)| word));
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
    fn a_phrase_s_rivals_of_as_many_words_are_the_moves_a_word_misheard_gives() {
        let pack = VoicePack::fide();
        let start = Chess::default();
        let g = Grammar::of_position(&pack, &start).with_illegal(&pack, &start);
        let e4 = g.phrase("eva vier").unwrap().clone();
        let rivals = g.as_long_as(&e4.words, e4.said);
        // A file or a rank misheard, legal or not; never the move itself,
        // nor a phrase a word longer that holds it.
        assert!(rivals.phrase("eva drei").is_some());
        assert!(rivals.phrase("bella vier").is_some());
        assert!(rivals.phrase("eva vier").is_none());
        assert!(rivals.phrase("springer eva vier").is_none());
        assert!(rivals.phrases().iter().all(|p| p.words.len() == 2));
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

    #[test]
    fn where_a_longer_phrase_has_words_a_shorter_one_lacks() {
        let w = |t: &str| spoken_words(t);
        let tail = missing_in(&w("anna drei"), &w("läufer anna drei")).unwrap();
        assert!(tail.before && !tail.after && !tail.between);
        let head = missing_in(&w("turm anna eins"), &w("turm anna eins bella eins")).unwrap();
        assert!(head.after && !head.before);
        let gap = missing_in(
            &w("springer felix drei"),
            &w("springer gustav eins felix drei"),
        )
        .unwrap();
        assert!(gap.between && !gap.before && !gap.after);
        assert_eq!(missing_in(&w("anna drei"), &w("anna vier")), None);
        assert_eq!(missing_in(&w("anna drei"), &w("anna drei")), None);
    }

    #[test]
    fn the_moves_not_legal_are_heard_apart_from_the_legal_ones() {
        let pack = VoicePack::fide();
        let start = Chess::default();
        let g = Grammar::of_position(&pack, &start);
        let wide = g.with_illegal(&pack, &start);
        // Legal phrases keep their meaning; others are illegal.
        assert_eq!(
            wide.phrase("springer felix drei"),
            g.phrase("springer felix drei")
        );
        assert!(matches!(
            wide.phrase("laufer anna drei").unwrap().said,
            Said::Illegal(_)
        ));
        assert!(matches!(
            wide.phrase("eva funf").unwrap().said,
            Said::Illegal(_)
        ));
        assert!(
            wide.phrase("eva acht").is_none(),
            "no pawn reaches the last rank unpromoted"
        );
        // "Anna drei" lies in "Läufer Anna drei": the bishop's word before.
        let a3 = g.phrase("anna drei").unwrap().said;
        let missing = wide.missing_around(a3, &spoken_words("anna drei"));
        assert!(missing.before);
        // The knight's "Springer Bella eins Anna drei" holds it too.
        let na3 = g.phrase("springer anna drei").unwrap().said;
        assert_eq!(
            wide.moves_holding(a3, &spoken_words("anna drei")),
            vec![na3]
        );
        // The wide grammar in JSGF has the shapes of every move.
        let jsgf = g.to_wide_jsgf(&pack);
        assert!(jsgf.contains("<shaped>") && jsgf.contains("schlagt"));
        assert!(jsgf.is_ascii());
        assert!(Grammar::is_move_shaped(&pack, "laufer anna drei"));
        assert!(Grammar::is_move_shaped(
            &pack,
            "turm anna eins schlagt anna acht"
        ));
        assert!(Grammar::is_move_shaped(&pack, "eva vier"));
        assert!(!Grammar::is_move_shaped(&pack, "laufer anna"));
        assert!(!Grammar::is_move_shaped(&pack, "zeit"));
        assert_eq!(
            Grammar::spelled(&pack, "laufer anna drei"),
            "Läufer Anna drei"
        );
    }

    #[test]
    fn a_move_asked_about_alone_is_answered_by_yes_no_or_the_move() {
        let pack = VoicePack::fide();
        let g = Grammar::of_position(&pack, &Chess::default());
        let nf3 = g.phrase("springer felix drei").unwrap().said;
        let answer = g.yes_or_no(nf3, &pack);
        assert_eq!(answer.phrase("ja").unwrap().said, Said::Yes);
        assert_eq!(answer.phrase("nein").unwrap().said, Said::No);
        assert_eq!(
            answer
                .phrase("springer gustav eins felix drei")
                .unwrap()
                .said,
            nf3
        );
        assert!(answer.phrase("eva vier").is_none());
        for id in ["fide", "en", "pt", "es"] {
            let pack = VoicePack::builtin(id);
            let vocabulary = vocabulary(&pack);
            for (word, _) in yes_and_no(&pack) {
                for w in spoken_words(&word) {
                    assert!(vocabulary.contains_key(&w), "{id}: {w}");
                }
            }
        }
    }

    #[test]
    fn any_speech_is_a_loop_of_sounds() {
        let jsgf = any_speech_jsgf();
        assert!(jsgf.contains("soundaa") && jsgf.contains(")+;"));
    }
}
