//! Answers to the program's own questions. A typed move that two legal
//! moves fit is never guessed (D.2.1: the move must be announced clearly);
//! the reader asks "Welcher Springer: von Bella eins oder von Felix drei?"
//! and the next line may answer with the words asked about: "Bella eins",
//! "von Bella eins", "b1", "der erste", "1", or for a promotion the piece,
//! "Dame". The answer is matched against the question's choices only and
//! becomes a move when it picks exactly one; the command that asked then
//! goes on with that move. A line that is no answer at all (a new move, a
//! command) is carried out as it stands, and the question lapses.

use std::sync::OnceLock;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, File, Move, Position, Rank, Role, Square};

use super::{Command, Game};
use crate::game::words::GameSentence;
use crate::notation::fold::fold;
use crate::notation::pack::{BUILTIN, Meaning, VoicePack};
use crate::notation::{Lexicon, Reading, read_move};

/// A question the game asked and still waits on: the moves it offered, in
/// the order it named them, and the command that asked it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Asked {
    /// The choices, in the order the question names them.
    pub(super) candidates: Vec<Move>,
    /// The question as it was said.
    pub(super) question: String,
    /// The board the choices are moves on.
    pub(super) board: Chess,
    /// The command that asked: entering, correcting, repeating or sealing
    /// a move, or a claim's intended move.
    pub(super) command: Command,
}

/// What a line says to one of the program's own questions between
/// several moves (D.2.1: a move is announced clearly, never guessed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// It picks exactly this one of the choices.
    Picks(Move),
    /// It has the form of an answer but picks none of the choices.
    PicksNone,
    /// It has the form of an answer but fits several choices.
    PicksSeveral,
    /// It is no answer: a new move text, or anything else.
    NotAnAnswer,
}

/// One word of an answer, as read.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Word {
    /// A choice's place: "erste", "second", "1".
    Place(usize),
    File(File),
    Rank(Rank),
    Square(Square),
    /// The roles a piece word or letter may stand for ("R": rook, or
    /// king in Portuguese and Spanish).
    Piece(Vec<Role>),
}

/// One pack's words for answers, folded: the ordinals, first choice first,
/// each with its spellings; and the words that carry nothing.
type AnswerWordsFolded = (Vec<Vec<String>>, Vec<String>);

/// The words of every built-in pack that answer a question, folded: an
/// assistant may answer in another language than the pack's.
fn builtin_answer_words() -> &'static [AnswerWordsFolded] {
    static WORDS: OnceLock<Vec<AnswerWordsFolded>> = OnceLock::new();
    WORDS.get_or_init(|| {
        BUILTIN
            .iter()
            .map(|(id, _)| folded_words(&VoicePack::builtin(id)))
            .collect()
    })
}

fn folded_words(pack: &VoicePack) -> AnswerWordsFolded {
    let ordinals = pack
        .answers
        .ordinals
        .iter()
        .map(|spellings| spellings.iter().map(|w| fold(w)).collect())
        .collect();
    let mut filler: Vec<String> = pack.answers.filler.iter().map(|w| fold(w)).collect();
    filler.push(fold(&pack.phrases.from));
    (ordinals, filler)
}

/// What one typed word is in an answer.
enum Read {
    /// A part of an answer.
    Word(Word),
    /// A word that carries nothing: "der", "von", "the".
    Nothing,
    /// A word no answer has: the line is something else.
    Foreign,
}

/// Reads one word of an answer.
fn read_word(lexicon: &Lexicon, pack: &VoicePack, word: &str) -> Read {
    let folded = fold(word);
    if let Ok(n) = folded.parse::<usize>() {
        return Read::Word(Word::Place(n));
    }
    let own = folded_words(pack);
    for (ordinals, filler) in std::iter::once(&own).chain(builtin_answer_words()) {
        if let Some(i) = ordinals.iter().position(|o| o.contains(&folded)) {
            return Read::Word(Word::Place(i + 1));
        }
        if filler.contains(&folded) {
            return Read::Nothing;
        }
    }
    let chars: Vec<char> = word.chars().collect();
    if let [f, r] = chars.as_slice()
        && let (Some(f), Some(r)) = (File::from_char(f.to_ascii_lowercase()), Rank::from_char(*r))
    {
        return Read::Word(Word::Square(Square::from_coords(f, r)));
    }
    if let [c] = chars.as_slice() {
        if let Some(r) = Rank::from_char(*c) {
            return Read::Word(Word::Rank(r));
        }
        // One capital letter is a piece in any of the languages' letters
        // (Appendix C.3): "D" or "Q" for the queen.
        if c.is_ascii_uppercase() {
            let roles = letter_roles(*c);
            if !roles.is_empty() {
                return Read::Word(Word::Piece(roles));
            }
        }
        if let Some(f) = File::from_char(*c) {
            return Read::Word(Word::File(f));
        }
    }
    let meanings = lexicon.exact(&folded).unwrap_or(&[]);
    let roles: Vec<Role> = meanings
        .iter()
        .filter_map(|m| match m {
            Meaning::Piece(r) => Some(*r),
            _ => None,
        })
        .collect();
    if !roles.is_empty() {
        return Read::Word(Word::Piece(roles));
    }
    for meaning in meanings {
        match meaning {
            Meaning::File(f) => return Read::Word(Word::File(*f)),
            Meaning::Rank(r) => return Read::Word(Word::Rank(*r)),
            Meaning::Filler => return Read::Nothing,
            _ => {}
        }
    }
    Read::Foreign
}

/// The pieces a capital letter names in English, German, Portuguese or
/// Spanish.
fn letter_roles(c: char) -> Vec<Role> {
    match c {
        'K' => vec![Role::King],
        'Q' | 'D' => vec![Role::Queen],
        'R' => vec![Role::Rook, Role::King],
        'T' => vec![Role::Rook],
        'B' | 'L' | 'A' => vec![Role::Bishop],
        'N' | 'S' | 'C' => vec![Role::Knight],
        _ => Vec::new(),
    }
}

/// The words of `text`, with the files and ranks said apart ("Bella eins")
/// joined into squares; `None` when a word is none an answer has.
fn read_words(lexicon: &Lexicon, pack: &VoicePack, text: &str) -> Option<Vec<Word>> {
    let mut words: Vec<Word> = Vec::new();
    for raw in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        let word = match read_word(lexicon, pack, raw) {
            Read::Word(word) => word,
            Read::Nothing => continue,
            Read::Foreign => return None,
        };
        // A rank, or a digit, right after a file finishes its square.
        let rank = match &word {
            Word::Rank(r) => Some(*r),
            Word::Place(n @ 1..=8) => Some(Rank::new(*n as u32 - 1)),
            _ => None,
        };
        if let (Some(Word::File(f)), Some(r)) = (words.last(), rank) {
            let square = Square::from_coords(*f, r);
            words.pop();
            words.push(Word::Square(square));
            continue;
        }
        words.push(word);
    }
    Some(words)
}

/// What `text` answers to a question whose choices are `candidates`, in
/// the order the question named them (D.2.1). Never a guess: an answer
/// picks a move only when exactly one choice fits it.
pub fn read_answer(lexicon: &Lexicon, pack: &VoicePack, candidates: &[Move], text: &str) -> Answer {
    let Some(words) = read_words(lexicon, pack, text) else {
        return Answer::NotAnAnswer;
    };
    let pick = |fits: &dyn Fn(&Move) -> bool| {
        let fitting: Vec<&Move> = candidates.iter().filter(|m| fits(m)).collect();
        match fitting.as_slice() {
            [] => Answer::PicksNone,
            [one] => Answer::Picks(**one),
            _ => Answer::PicksSeveral,
        }
    };
    let promotion = candidates.iter().all(|m| m.is_promotion());
    match words.as_slice() {
        [] => Answer::PicksNone,
        [Word::Place(n)] => match n.checked_sub(1).and_then(|i| candidates.get(i)) {
            Some(m) => Answer::Picks(*m),
            None => Answer::PicksNone,
        },
        [Word::Square(s)] => match pick(&|m| m.from() == Some(*s)) {
            Answer::PicksNone => pick(&|m| m.to() == *s),
            answer => answer,
        },
        [Word::Piece(roles)] if promotion => {
            pick(&|m| m.promotion().is_some_and(|r| roles.contains(&r)))
        }
        [Word::Piece(roles)] => pick(&|m| roles.contains(&m.role())),
        // A piece and a square may be a new move as well as an answer
        // ("Springer Felix drei"): it answers only when it picks one.
        [Word::Piece(roles), Word::Square(s)] => {
            match pick(&|m| roles.contains(&m.role()) && (m.from() == Some(*s) || m.to() == *s)) {
                Answer::Picks(m) => Answer::Picks(m),
                _ => Answer::NotAnAnswer,
            }
        }
        _ => Answer::NotAnAnswer,
    }
}

/// What a line did to the standing question.
pub(super) enum Answered {
    /// It picked a move: the command that asked goes on with it.
    GoesOn(Command),
    /// It was refused, and the question said again.
    Refused,
    /// It is no answer, to be carried out as it stands.
    NoAnswer,
}

impl Game {
    /// Answers the standing question with `text`, if it is an answer: the
    /// command that asked goes on with the move picked, or the answer is
    /// refused and the question said again. When `text` is no answer, or
    /// no question stands, the question lapses.
    pub(super) fn answer_question(&mut self, text: &str) -> Answered {
        let Some(asked) = self.asked.take() else {
            return Answered::NoAnswer;
        };
        let answer = read_answer(&self.lexicon, &self.pack, &asked.candidates, text);
        // The move typed whole answers too when it is one of the choices;
        // while sealing, any move read completes the seal and is never
        // played (Guidelines I.1.1, I.7).
        if !matches!(answer, Answer::Picks(_))
            && let Reading::Move(m) = read_move(&self.lexicon, &self.pack, &asked.board, text)
            && (matches!(asked.command, Command::Seal(_)) || asked.candidates.contains(&m))
        {
            self.answered = Some(m);
            return Answered::GoesOn(asked.command);
        }
        let key = match answer {
            Answer::Picks(m) => {
                // The command that asked reads its text again, and takes
                // the move picked instead of asking once more.
                self.answered = Some(m);
                return Answered::GoesOn(asked.command);
            }
            Answer::NotAnAnswer => return Answered::NoAnswer,
            // A square that picks none may be a new move ("a3"): that
            // replaces the question.
            _ if matches!(
                read_move(&self.lexicon, &self.pack, &asked.board, text),
                Reading::Move(_) | Reading::Ambiguous { .. }
            ) =>
            {
                return Answered::NoAnswer;
            }
            Answer::PicksNone => GameSentence::AnswerNotUnderstood,
            Answer::PicksSeveral => GameSentence::AnswerSeveral,
        };
        let said = self.tell(key, &[("text", text.trim()), ("question", &asked.question)]);
        self.answer(&said);
        self.asked = Some(asked);
        Answered::Refused
    }

    /// The move `text` picks as an answer to the standing question, in UCI
    /// on the question's board; for the journal (see [`Game::reads_as`]).
    pub(super) fn answer_reads_as(&self, text: &str) -> Option<String> {
        let asked = self.asked.as_ref()?;
        match read_answer(&self.lexicon, &self.pack, &asked.candidates, text) {
            Answer::Picks(m) => {
                Some(UciMove::from_move(m, asked.board.castles().mode()).to_string())
            }
            _ => None,
        }
    }
}
